import Foundation
import Observation
import ScreenPreviews
import SharedNetworking

/// One browser tab's session: its screen (the view-model it owns), its renderer, and the socket
/// it is attached to.
///
/// The screen is rendered inside `withObservationTracking`: the first change the view-model
/// makes to anything that render read schedules one new snapshot on the main actor (changes in
/// the same turn are coalesced). The main actor only takes the snapshot (the screen's
/// `PreviewScreen` value); the ``LiveRenderer`` makes the message beside it: the changes since
/// the page's screen, or the whole screen. An event is applied and answered at once with a
/// snapshot that acknowledges it, so the page knows its input was taken even when nothing on
/// screen changed.
@MainActor
final class LiveSession {
    let id: String
    let exercise: WebExercise
    let screen: any LiveScreen
    /// The locale of the session's own words (the page's `lang`, its status lines).
    let language: Locale
    /// When the page last sent anything (or attached); idle sessions without a socket end.
    private(set) var lastActive: Date
    /// The list's last reported scroll position, restored when the page is loaded again.
    private(set) var scrollTop: Double?
    /// When the session last took a snapshot for its page, or was sent an event: a session
    /// quiet for ``screenKept`` lets its renderer's tree go.
    private(set) var lastChange: Date
    private let renderer: LiveRenderer
    private var outbox: AsyncStream<String>.Continuation?
    private var generation = 0
    private var renderScheduled = false
    /// Snapshots taken so far: an observed change schedules a new one only when it invalidated the latest.
    private var snapshots = 0
    private var tokens: Double
    private var tokensAt: Date
    private let clock: any AppClock
    /// Sustained events per second a page may send (a pointer at 120 Hz stays well under), and the burst.
    static let eventsPerSecond = 240.0
    static let eventBurst = 480.0
    /// How long a quiet attached session keeps the tree of its page's screen (its next change
    /// is sent whole after that): memory goes to the sessions in use.
    static let screenKept: TimeInterval = 30

    /// What a new session is made of: its screen, and the language the browser asked for.
    struct Setup {
        var screen: any LiveScreen
        var language: Locale
    }

    init(
        id: String, exercise: WebExercise, screen: any LiveScreen, language: Locale = Locale(identifier: "en"), clock: any AppClock,
        renderer: LiveRenderer = LiveRenderer(mode: .diff)
    ) {
        self.id = id
        self.renderer = renderer
        self.exercise = exercise
        self.screen = screen
        self.language = language
        self.clock = clock
        self.lastActive = clock.now
        self.lastChange = clock.now
        self.tokens = Self.eventBurst
        self.tokensAt = clock.now
        screen.start()
    }

    /// Whether a socket is attached now.
    var isAttached: Bool { outbox != nil }

    /// The screen for a page load: the phone's markup (its styles added to the sheet) and the title.
    func page() -> (html: String, title: String) {
        lastActive = clock.now
        let snapshot = renderTracked()
        return (renderer.pageMarkup(snapshot), snapshot.screen.title)
    }

    /// The stylesheet a page links to: every rule so far.
    var styleSheet: String { renderer.styleSheet }

    /// A socket attaches: a previous one is let go (its stream ends), and the new one is sent the
    /// whole screen and stylesheet.
    func attach() -> (stream: AsyncStream<String>, generation: Int) {
        outbox?.finish()
        generation += 1
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(64))
        outbox = continuation
        lastActive = clock.now
        push(ack: nil, reset: true)
        return (stream, generation)
    }

    /// The socket of `generation` closed.
    func detach(generation: Int) {
        guard generation == self.generation else { return }
        outbox?.finish()
        outbox = nil
        lastActive = clock.now
        renderer.forgetScreen()
    }

    /// Lets the renderer's tree go when nothing changed for ``screenKept`` (the store's sweep).
    func forgetScreenIfQuiet(now: Date) {
        if now.timeIntervalSince(lastChange) > Self.screenKept { renderer.forgetScreen() }
    }

    /// One message from the page: applied to the screen, answered with a render or an error.
    func receive(_ text: String) {
        let now = clock.now
        lastActive = now
        tokens = min(Self.eventBurst, tokens + now.timeIntervalSince(tokensAt) * Self.eventsPerSecond)
        tokensAt = now
        let (seq, result) = PageMessage.decode(text)
        guard tokens >= 1 else {
            send(LiveUpdate.error(ack: seq, .tooFast))
            return
        }
        tokens -= 1
        switch result {
        case .failure(let error):
            send(LiveUpdate.error(ack: seq, error))
        case .success(.resync):
            push(ack: seq, reset: false, whole: true)
        case .success(.event(let event)):
            if case .scroll(let top, _) = event { scrollTop = top }
            do throws(LiveEventError) {
                try screen.handle(event)
                push(ack: seq, reset: false)
            } catch {
                send(LiveUpdate.error(ack: seq, error))
            }
        }
    }

    /// Sends an error about a message that was not text.
    func refuse(_ error: LiveEventError) {
        send(LiveUpdate.error(ack: nil, error))
    }

    /// The session ends: the view-model's work is cancelled and the page told.
    func end() {
        send(LiveUpdate.expired)
        outbox?.finish()
        outbox = nil
        screen.stop()
    }

    // MARK: Rendering

    private func renderTracked() -> LiveSnapshot {
        snapshots += 1
        let taken = snapshots
        return withObservationTracking {
            screen.snapshot()
        } onChange: { [weak self] in
            Task { @MainActor [weak self] in self?.changed(after: taken) }
        }
    }

    /// Something the snapshot numbered `taken` read has changed. A later snapshot was taken after
    /// the change (an event's answer, taken as soon as the event is applied) and shows it, or
    /// did not read what changed: either way the page is sent it already, and the view-model's
    /// state is not built again for nothing.
    private func changed(after taken: Int) {
        guard taken == snapshots, outbox != nil, !renderScheduled else { return }
        renderScheduled = true
        Task { @MainActor [weak self] in
            guard let self else { return }
            self.renderScheduled = false
            self.push(ack: nil, reset: false)
        }
    }

    /// Takes a snapshot for the page and hands it to the renderer.
    private func push(ack: Int?, reset: Bool, whole: Bool = false) {
        guard let outbox else { return }
        lastChange = clock.now
        renderer.submit(LiveRenderer.Snapshot(screen: renderTracked(), ack: ack, reset: reset, whole: whole, outbox: outbox))
    }

    private func send(_ update: LiveUpdate) {
        outbox?.yield(update.json)
    }
}
