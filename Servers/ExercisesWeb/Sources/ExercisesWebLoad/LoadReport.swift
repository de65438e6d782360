/// Everything one invocation measured: a run per server configuration, in the order given, and
/// the configurations that could not run (the server refused its arguments, or did not start).
struct LoadReport: Codable, Equatable, Sendable {
    var runs: [LoadResult] = []
    var notRun: [NotRun] = []

    /// A configuration without a run, and why.
    struct NotRun: Codable, Equatable, Sendable {
        var configuration: String
        var reason: String
    }
}
