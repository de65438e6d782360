import Foundation
import Observation
import ScreenKit
import SharedNetworking

/// The two trivia screens' view-model: owns the client state, performs the state machine's
/// effects (fetch the balance, connect, send, timers, reconnect) and publishes the screen.
///
/// A SwiftUI view binds to ``screen`` and calls ``select(_:)``, ``useWildcard()`` and
/// ``declineWildcard()``; taps the rules do not allow are ignored by the state machine, so the
/// view never needs its own checks.
@Observable @MainActor
public final class TriviaViewModel {
    /// The client's knowledge, for views that want more than the screen.
    public private(set) var state: TriviaClientState
    /// What to draw now.
    public private(set) var screen: TriviaViewState

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
        let state = TriviaClientState(configuration: configuration)
        let builder = TriviaViewStateBuilder(locale: locale, timeZone: timeZone, language: language, contrast: contrast)
        self.state = state
        self.transport = transport
        self.balances = balances
        self.clock = clock
        self.builder = builder
        self.codec = codec
        self.screen = builder.screen(for: state, at: clock.now)
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
        let effects = state.handle(event, at: clock.now)
        refresh()
        for effect in effects { perform(effect) }
    }

    /// What VoiceOver should say now: the latest of ``TriviaViewStateBuilder/announcement(from:to:id:)``
    /// (a question opened, 10 and 5 seconds left, the answer sent or locked in, the result, the
    /// wild-card offer and what became of it, the final screen, connection trouble). Post it when
    /// its ``/ScreenKit/Announcement/id`` changes.
    public var announcement: Announcement? { screen.announcement }

    func refresh() {
        var next = builder.screen(for: state, at: clock.now)
        next.announcement = screen.announcement
        if let new = builder.announcement(from: screen, to: next, id: announcements.next) {
            next.announcement = announcements.announce(new.text, priority: new.priority)
        }
        if next != screen { screen = next }
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
