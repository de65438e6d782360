import SharedNetworking

/// Why the visits could not be loaded, each case with a message a person can act on.
public enum CarFitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Fetching or decoding failed (no connection, HTTP error, not JSON, broken envelope).
    case loading(NetworkError)
    /// The server answered `success: false`; `message` is its own explanation.
    case server(message: String, code: Int?)
    /// The server answered successfully but sent no visit list (`data` missing or `null`).
    case missingVisits

    /// One line to show a person, naming the source.
    public var description: String {
        switch self {
        case .loading(let error):
            return error.description
        case .server(let message, let code):
            // The message is the server's own text: escaped so a newline in it cannot break the line.
            let quoted = OneLineText.escaping(message)
            return code.map { "the server refused the request (code \($0)): \(quoted)" } ?? "the server refused the request: \(quoted)"
        case .missingVisits:
            return "the server's reply has no visit list (\"data\" is missing or null)"
        }
    }

    /// Whether the server could not be reached at all (no connection, no answer in time): the
    /// screen says "Offline" over the visits it keeps.
    public var isOffline: Bool {
        if case .loading(let error) = self { return error.isConnectivityFailure }
        return false
    }

    /// A cancelled load is not a failure to show: the previous state simply stays.
    public var isCancellation: Bool {
        self == .loading(.cancelled)
    }
}
