import Foundation
import SharedNetworking

/// Every live session, by id; bounded in count, and ended when idle without a socket.
@MainActor
final class SessionStore {
    private var sessions: [String: LiveSession] = [:]
    private let limit: Int
    private let idleTimeout: TimeInterval
    private let clock: any AppClock
    private let newID: @Sendable () -> String
    private let makeScreen: @MainActor (WebExercise, SessionPreferences) -> LiveSession.Setup

    nonisolated init(
        limit: Int, idleTimeout: Duration, clock: any AppClock, newID: @escaping @Sendable () -> String,
        makeScreen: @escaping @MainActor (WebExercise, SessionPreferences) -> LiveSession.Setup
    ) {
        self.limit = limit
        self.idleTimeout = idleTimeout.timeInterval
        self.clock = clock
        self.newID = newID
        self.makeScreen = makeScreen
    }

    /// Sessions now.
    var count: Int { sessions.count }

    /// The session `id`, if it is still kept.
    func session(_ id: String) -> LiveSession? { sessions[id] }

    /// A new session of `exercise` in the language and time zone `preferences` ask for. At the
    /// limit, the longest idle session without a socket makes room; when every session has one,
    /// there is no room.
    func create(_ exercise: WebExercise, preferences: SessionPreferences = .none) -> LiveSession? {
        if sessions.count >= limit {
            guard let oldest = sessions.values.filter({ !$0.isAttached }).min(by: { $0.lastActive < $1.lastActive }) else { return nil }
            end(oldest.id)
        }
        var id = newID()
        while sessions[id] != nil { id = newID() }
        let setup = makeScreen(exercise, preferences)
        let session = LiveSession(id: id, exercise: exercise, screen: setup.screen, language: setup.language, clock: clock)
        sessions[id] = session
        return session
    }

    /// Ends sessions idle for longer than the timeout without a socket.
    func sweep() {
        let now = clock.now
        for session in sessions.values where !session.isAttached && now.timeIntervalSince(session.lastActive) > idleTimeout {
            end(session.id)
        }
    }

    /// Ends every session (the server stops).
    func endAll() {
        for id in Array(sessions.keys) { end(id) }
    }

    private func end(_ id: String) {
        sessions.removeValue(forKey: id)?.end()
    }
}
