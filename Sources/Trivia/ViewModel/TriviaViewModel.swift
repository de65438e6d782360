import Foundation
import Observation
import ScreenKit
import SharedNetworking

/// The two trivia screens' view-model: owns the client state machine, performs its effects
/// (fetch the balance, connect, send, timers, reconnect) and publishes the screen.
///
/// A SwiftUI view binds to ``state`` and calls ``select(_:)``, ``useWildcard()`` and
/// ``declineWildcard()``; taps the rules do not allow are ignored by the state machine, so the
/// view never needs its own checks. ``state`` is the surface every exercise's view-model shows
/// (``/ScreenKit/ScreenState``), where it applies to a live game rather than a feed:
/// - `content` is the ``TriviaViewState``, always there (the question screen says it is
///   waiting or connecting; ``screen`` is the same value, not optional);
/// - `phase` is the connection's: `idle` before ``start()``, `loading` while connecting,
///   joining or waiting to reconnect, `loaded` once welcomed and after a game that ended as it
///   should (finished, or left), `failed` when the client gave up for good for another reason;
/// - `error` says why it gave up (``/SharedNetworking/NetworkError/refused(source:message:code:)``:
///   the host refused the player, lost the competition, or another device took the seat);
///   connection trouble it recovers from is the content's banner, not an error;
/// - `announcement` is the screen's (``TriviaViewStateBuilder/announcement(from:to:id:)``).
///
/// There is no feed, so no saved copy, notice or placeholder. ``client`` is the state machine
/// itself, for views that want more than the screen.
@Observable @MainActor
public final class TriviaViewModel {
    /// The client state machine's knowledge (the link, the balance, the round, the score).
    public private(set) var client: TriviaClientState
    /// What to draw now, with the connection's phase, the error that ended the game, if any, and
    /// the announcement.
    public private(set) var state: ScreenState<TriviaViewState>

    /// ``state``'s content: the screen to draw, which a trivia screen always has.
    public var screen: TriviaViewState { state.content ?? builder.screen(for: client, at: clock.now) }

    @ObservationIgnored let transport: any TriviaTransport
    @ObservationIgnored let balances: any WildcardBalanceFetching
    @ObservationIgnored let clock: any AppClock
    @ObservationIgnored let builder: TriviaViewStateBuilder
    @ObservationIgnored let codec: TriviaCodec
    @ObservationIgnored var timers: [TriviaTimer: (token: Int, task: Task<Void, Never>)] = [:]
    @ObservationIgnored var timerTokens = 0
    @ObservationIgnored var connection: (any TriviaConnection)?
    /// Bumped for every connection attempt and every deliberate disconnect, so events from a
    /// connection the client has given up on are dropped.
    @ObservationIgnored var generation = 0
    @ObservationIgnored var connectionTask: Task<Void, Never>?
    @ObservationIgnored var outbox: Task<Void, Never>?
    @ObservationIgnored var ticker: Task<Void, Never>?
    @ObservationIgnored var announcements = AnnouncementCounter()

    /// A view-model for the user in `configuration`, playing over `transport` and fetching the
    /// balance through `balances`; `locale` and `timeZone` format the screen, VoiceOver speaks
    /// `language`'s language (`locale`'s when `nil`), `contrast` chooses the colours. Nothing
    /// happens until ``start()``.
    public init(
        configuration: TriviaClientConfiguration,
        transport: any TriviaTransport,
        balances: any WildcardBalanceFetching,
        clock: any AppClock,
        locale: Locale,
        timeZone: TimeZone,
        codec: TriviaCodec = TriviaCodec(),
        language: Locale? = nil,
        contrast: ContrastPreference = .standard
    ) {
        let client = TriviaClientState(configuration: configuration)
        let builder = TriviaViewStateBuilder(locale: locale, timeZone: timeZone, language: language, contrast: contrast)
        self.client = client
        self.transport = transport
        self.balances = balances
        self.clock = clock
        self.builder = builder
        self.codec = codec
        self.state = Self.state(of: client, screen: builder.screen(for: client, at: clock.now))
    }

    // MARK: User actions

    /// Launch: fetches the balance, connects, and keeps the countdown ticking.
    public func start() {
        handle(.launched)
        startTicker()
    }

    /// A tap on choice `index` (0-based).
    public func select(_ index: Int) {
        handle(.choiceSelected(index))
    }

    /// Accepts the wild-card offer after an incorrect answer.
    public func useWildcard() {
        handle(.wildcardAccepted)
    }

    /// Declines the wild-card offer: the user goes on as a viewer.
    public func declineWildcard() {
        handle(.wildcardDeclined)
    }

    /// Leaves the game: closes the connection and stops every timer.
    public func stop() {
        handle(.stopped)
        ticker?.cancel()
        ticker = nil
    }

    // MARK: Driving the state machine

    /// Feeds one event to the state machine and performs its effects.
    func handle(_ event: TriviaClientEvent) {
        let effects = client.handle(event, at: clock.now)
        refresh()
        for effect in effects { perform(effect) }
    }

    /// What VoiceOver should say now: the latest of ``TriviaViewStateBuilder/announcement(from:to:id:)``
    /// (a question opened, 10 and 5 seconds left, the answer sent or locked in, the result, the
    /// wild-card offer and what became of it, the final screen, connection trouble). Post it when
    /// its ``/ScreenKit/Announcement/id`` changes.
    public var announcement: Announcement? { state.announcement }

    func refresh() {
        let screen = self.screen
        var next = builder.screen(for: client, at: clock.now)
        next.announcement = screen.announcement
        if let new = builder.announcement(from: screen, to: next, id: announcements.next) {
            next.announcement = announcements.announce(new.text, priority: new.priority)
        }
        let updated = Self.state(of: client, screen: next)
        if updated != state { state = updated }
    }

    /// The surface for `client` drawn as `screen`: the connection's phase, the error that ended
    /// the game, the screen's announcement.
    static func state(of client: TriviaClientState, screen: TriviaViewState) -> ScreenState<TriviaViewState> {
        let source = "trivia competition \(client.configuration.competition.rawValue)"
        let phase: LoadingPhase
        var error: NetworkError?
        switch client.link {
        case .idle: phase = .idle
        case .connecting, .joining, .waitingToReconnect: phase = .loading
        case .online, .closed(.finished), .closed(.stopped): phase = .loaded
        case .closed(.refused(let code, let message)):
            phase = .failed
            error = .refused(source: source, message: message, code: code.rawValue)
        case .closed(.interrupted(let message)):
            phase = .failed
            error = .refused(source: source, message: message)
        case .closed(.replaced):
            phase = .failed
            error = .refused(source: source, message: "the same player joined from another device")
        }
        return ScreenState(phase: phase, content: screen, error: error, announcement: screen.announcement)
    }

    /// Rebuilds the screen every second so the countdown moves.
    func startTicker() {
        ticker?.cancel()
        ticker = Task { [weak self, clock] in
            while !Task.isCancelled {
                do {
                    try await clock.sleep(for: .seconds(1))
                } catch {
                    return
                }
                self?.refresh()
            }
        }
    }
}
