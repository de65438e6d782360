import Foundation

/// What a connection delivers.
public enum TriviaConnectionEvent: Sendable, Hashable {
    /// One text frame (a JSON message).
    case frame(Data)
    /// The connection ended; `nil` when closed normally. Always the last event.
    case closed(TriviaTransportError?)
}

/// Why a connection could not be opened, or ended.
public enum TriviaTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// This platform cannot open this kind of connection at all (URLSession WebSockets on Linux).
    case unsupported(String)
    /// Opening failed (refused, DNS, TLS, HTTP upgrade refused).
    case connectionFailed(String)
    /// Opening took longer than allowed.
    case timedOut
    /// The connection is closed (by the peer, the network or `close()`), with the reason.
    case closed(String)

    /// One line for a person.
    public var description: String {
        switch self {
        case .unsupported(let reason): reason
        case .connectionFailed(let reason): "connection failed: \(reason)"
        case .timedOut: "connection timed out"
        case .closed(let reason): "connection closed: \(reason)"
        }
    }
}

/// One open connection to the host.
public protocol TriviaConnection: Sendable {
    /// Frames as they arrive, then one ``TriviaConnectionEvent/closed(_:)``.
    var incoming: AsyncStream<TriviaConnectionEvent> { get }
    /// Sends one text frame.
    func send(_ frame: Data) async throws(TriviaTransportError)
    /// Closes the connection; `incoming` ends.
    func close() async
}

/// Opens connections to the trivia host. The client opens a new one after every disconnect,
/// so a transport is a factory, and each ``TriviaConnection`` is used once.
public protocol TriviaTransport: Sendable {
    /// Opens a new connection, or fails with a typed error.
    func connect() async throws(TriviaTransportError) -> any TriviaConnection
}
