import Foundation
import ScreenPreviews
import ServerSupport
import SharedNetworking

/// Every live session, by id; bounded in count, in count per client, and ended when idle
/// without a socket.
///
/// A client (``/ServerSupport/ClientAddress``: an IPv4 address or an IPv6 `/64`) may hold
/// ``perClientLimit`` sessions: one client cannot take every session and leave others the
/// "busy" page. At the total limit, the longest idle session without a socket makes room.
@MainActor
final class SessionStore {
    /// What ``create(_:preferences:owner:media:)`` did.
    enum Creation {
        /// A new session.
        case created(LiveSession)
        /// The client holds its share of sessions already.
        case clientAtLimit
        /// Every session has a socket and the total is reached.
        case full
    }

    private var sessions: [String: LiveSession] = [:]
    private var owners: [String: ClientAddress] = [:]
    private var perClient: [ClientAddress: Int] = [:]
    private let limit: Int
    /// Sessions one client may hold at once.
    let perClientLimit: Int
    private let idleTimeout: TimeInterval
    private let clock: any AppClock
    private let newID: @Sendable () -> String
    private let makeScreen: @MainActor (WebExercise, SessionPreferences, MediaClient?) -> LiveSession.Setup
    /// What each session's page is sent after its first screen.
    let renderer: LiveRendererMode
    /// The screens the sessions render and the patches between them, made once for all of
    /// them (nothing held with `--renderer diff-unshared`).
    private let screens: LiveScreenCache

    nonisolated init(
        limit: Int, perClientLimit: Int = .max, idleTimeout: Duration, clock: any AppClock, newID: @escaping @Sendable () -> String,
        renderer: LiveRendererMode = .diff,
        makeScreen: @escaping @MainActor (WebExercise, SessionPreferences, MediaClient?) -> LiveSession.Setup
    ) {
        self.limit = limit
        self.perClientLimit = max(1, perClientLimit)
        self.idleTimeout = idleTimeout.timeInterval
        self.clock = clock
        self.newID = newID
        self.makeScreen = makeScreen
        self.renderer = renderer
        self.screens = renderer == .unshared ? LiveScreenCache(limit: 0, patchLimit: 0) : LiveScreenCache()
    }

    /// Sessions now.
    var count: Int { sessions.count }

    /// Sessions with a socket attached now.
    var attachedCount: Int { sessions.values.count { $0.isAttached } }

    /// The session `id`, if it is still kept.
    func session(_ id: String) -> LiveSession? { sessions[id] }

    /// A new session of `exercise` in the language and time zone `preferences` ask for, held by
    /// `owner` (`nil`: a session made in-process, by a test or a benchmark, counted for no one);
    /// the images its screens show are granted to the browser `media`.
    func create(
        _ exercise: WebExercise, preferences: SessionPreferences = .none, owner: ClientAddress? = nil, media: MediaClient? = nil
    ) -> Creation {
        if let owner, perClient[owner, default: 0] >= perClientLimit {
            // Its own idle sessions make room first: a person who reloads many tabs is not locked out.
            guard let oldest = oldestIdle(of: owner) else { return .clientAtLimit }
            end(oldest.id)
        }
        if sessions.count >= limit {
            guard let oldest = oldestIdle(of: nil) else { return .full }
            end(oldest.id)
        }
        var id = newID()
        while sessions[id] != nil { id = newID() }
        let setup = makeScreen(exercise, preferences, media)
        let session = LiveSession(
            id: id, exercise: exercise, screen: setup.screen, language: setup.language, clock: clock,
            renderer: LiveRenderer(mode: renderer, screens: screens)
        )
        sessions[id] = session
        if let owner {
            owners[id] = owner
            perClient[owner, default: 0] += 1
        }
        return .created(session)
    }

    /// Sessions `client` holds now.
    func count(for client: ClientAddress) -> Int { perClient[client, default: 0] }

    /// The longest idle session without a socket, of `owner` (or of anyone).
    private func oldestIdle(of owner: ClientAddress?) -> LiveSession? {
        sessions.values.filter { !$0.isAttached && (owner == nil || owners[$0.id] == owner) }.min { $0.lastActive < $1.lastActive }
    }

    /// Ends sessions idle for longer than the timeout without a socket; attached sessions whose
    /// screen has not changed for a while let their renderer's tree go.
    func sweep() {
        let now = clock.now
        for session in sessions.values {
            if !session.isAttached && now.timeIntervalSince(session.lastActive) > idleTimeout {
                end(session.id)
            } else {
                session.forgetScreenIfQuiet(now: now)
            }
        }
    }

    /// Ends every session (the server stops).
    func endAll() {
        for id in Array(sessions.keys) { end(id) }
    }

    private func end(_ id: String) {
        if let owner = owners.removeValue(forKey: id) {
            let left = perClient[owner, default: 1] - 1
            perClient[owner] = left > 0 ? left : nil
        }
        sessions.removeValue(forKey: id)?.end()
    }
}
