/// What one run does: the command's options, checked.
struct LoadSettings: Sendable, Equatable {
    var scenario: LoadScenario
    /// Sessions opened and connected.
    var sessions: Int
    /// Of them, the first `active` send events (none for Trivia and idle runs).
    var active: Int
    /// Events per second per active session.
    var rate: Double
    /// Seconds of events that count, after `warmup` seconds that do not.
    var seconds: Double
    var warmup: Double
    /// Seconds to wait for the acknowledgements still owed after the last event.
    var grace: Double = 5
    /// Seconds between opening the last session and reading the memory (the view-models load).
    var settle: Double = 2
    /// Loopback source addresses (see ``SourceAddresses``).
    var sources: Int
    /// Sessions being opened, or sockets being attached, at once.
    var concurrency: Int = 64
}
