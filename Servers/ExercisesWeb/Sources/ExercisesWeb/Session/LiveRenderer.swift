import ScreenPreviews
import Synchronization

/// Turns one session's screens into the messages its page is sent, beside the main actor.
///
/// The main actor only applies an event and takes a snapshot (the ``/ScreenPreviews/PreviewScreen``
/// value the screen renders to) and hands it over with ``submit(_:)``; the markup, the tree, the
/// diff against the page's screen and the JSON are made here, on the global executor, so the
/// sessions that change at the same instant (a Trivia question) render in parallel and the main
/// actor stays free for the next event.
///
/// One session's snapshots are rendered in order, one at a time, and **coalesced**: a snapshot
/// that arrives while another renders waits, and a newer one replaces it (the page only needs
/// the newest screen), keeping the highest `ack` of the two, so every event is still
/// acknowledged.
///
/// What a page is sent (Docs/Web.md, "Messages"): after a reset, a resync, or when the page's
/// screen was let go (``forgetScreen()``, an idle session), the whole screen; after that, in
/// ``LiveRendererMode/diff`` mode, a patch against the screen the page has, unless it would be
/// larger than the screen. Screens, and the patches between them, are made once for all the
/// server's sessions (``LiveScreenCache``): a session keeps the rendering its page shows (shared),
/// the rules its page has, and its version.
final class LiveRenderer: Sendable {
    /// What the main actor hands over.
    struct Snapshot: Sendable {
        /// The screen now.
        var screen: LiveSnapshot
        /// The last event applied, if this snapshot answers one.
        var ack: Int?
        /// A new socket: every stylesheet rule and the whole screen.
        var reset = false
        /// The whole screen (the page asked for it: `resync`).
        var whole = false
        /// Where the message goes.
        var outbox: AsyncStream<String>.Continuation

        init(screen: LiveSnapshot, ack: Int?, reset: Bool = false, whole: Bool = false, outbox: AsyncStream<String>.Continuation) {
            self.screen = screen
            self.ack = ack
            self.reset = reset
            self.whole = whole
            self.outbox = outbox
        }

        /// A snapshot of a screen of its own.
        init(screen: PreviewScreen, ack: Int?, reset: Bool = false, whole: Bool = false, outbox: AsyncStream<String>.Continuation) {
            self.init(screen: LiveSnapshot(screen), ack: ack, reset: reset, whole: whole, outbox: outbox)
        }

        /// `self` replaced by the newer `next`, keeping what `self` still owes: its ack, its reset.
        func merged(with next: Snapshot) -> Snapshot {
            var merged = next
            merged.ack = [ack, next.ack].compactMap(\.self).max()
            merged.reset = reset || next.reset
            merged.whole = whole || next.whole
            return merged
        }
    }

    /// What a render reads and updates.
    struct State: Sendable {
        var sheet: LiveStyleSheet
        /// The page's screen, to diff the next one against (`diff` mode; `nil` once let go).
        var rendering: LiveRendering?
        /// The hash of the page's screen: an unchanged screen is not sent again.
        var hash: Int?
        var version = 0
    }

    private struct Mailbox {
        var pending: Snapshot?
        var running = false
    }

    /// A sheet past this many rules starts again (the page is sent the whole new one).
    static let maxRules = 20_000

    let mode: LiveRendererMode
    private let screens: LiveScreenCache
    private let build: @Sendable (PreviewScreen) -> LiveRendering
    private let mailbox = Mutex(Mailbox())
    private let state: Mutex<State>

    /// A renderer in `mode`, taking its screens and patches from `screens` (shared by the
    /// server's sessions); `build`, when given, makes each screen's rendering instead (tests slow
    /// it down or hand over trees of their own).
    init(mode: LiveRendererMode, screens: LiveScreenCache = LiveScreenCache(), build: (@Sendable (PreviewScreen) -> LiveRendering)? = nil) {
        self.mode = mode
        self.screens = screens
        self.build = build ?? { screens.rendering(of: $0) }
        self.state = Mutex(State(sheet: LiveStyleSheet(cache: screens.styles)))
    }

    /// Queues `snapshot` for rendering and returns at once; a snapshot still waiting is replaced
    /// by it (its ack kept).
    func submit(_ snapshot: Snapshot) {
        let start = mailbox.withLock { box in
            box.pending = box.pending.map { $0.merged(with: snapshot) } ?? snapshot
            if box.running { return false }
            box.running = true
            return true
        }
        guard start else { return }
        Task.detached { await self.drain() }
    }

    /// Renders what is pending until nothing is.
    private func drain() async {
        while true {
            let next = mailbox.withLock { box in
                defer { box.pending = nil }
                if box.pending == nil { box.running = false }
                return box.pending
            }
            guard let snapshot = next else { return }
            if let message = state.withLock({ render(snapshot, into: &$0) }) {
                snapshot.outbox.yield(message)
            }
            await Task.yield()
        }
    }

    /// The markup of a page load for `screen`: its styles go to the same sheet the socket's
    /// messages draw from.
    func pageMarkup(_ screen: LiveSnapshot) -> String {
        let rendering = screen.rendering(build)
        state.withLock { $0.sheet.add(rendering.rules) }
        return rendering.html
    }

    /// Every stylesheet rule so far (the page load's stylesheet).
    var styleSheet: String { state.withLock { $0.sheet.css } }

    /// Lets go of the page's screen (an idle or detached session): the next change is sent whole.
    func forgetScreen() {
        state.withLock { $0.rendering = nil }
    }

    /// The message for `snapshot`, or `nil` when there is nothing to say.
    private func render(_ snapshot: Snapshot, into state: inout State) -> String? {
        var reset = snapshot.reset
        if state.sheet.count > Self.maxRules {
            state.sheet = LiveStyleSheet(cache: screens.styles)
            reset = true
        }
        if reset || snapshot.whole {
            state.rendering = nil
            state.hash = nil
        }
        let rendering = snapshot.screen.rendering(build)
        state.sheet.add(rendering.rules)
        let css = reset ? state.sheet.allRules : state.sheet.takeNewRules()
        if reset { state.sheet.markDelivered() }
        let title = snapshot.screen.screen.title
        if rendering.hash == state.hash {
            guard snapshot.ack != nil || !css.isEmpty else { return nil }
            return LiveUpdate.render(version: state.version, ack: snapshot.ack, html: nil, css: css, reset: false, title: title).json
        }
        let base = state.version
        state.version += 1
        state.hash = rendering.hash
        let old = state.rendering
        state.rendering = mode == .whole ? nil : rendering
        if let old {
            let patch = screens.patch(from: old, to: rendering) {
                let patch = LivePatch.between(old.tree, rendering.tree)
                return LiveScreenCache.PatchText(ops: LivePatchWire.json(patch), isSmaller: Self.isSmaller(patch, than: rendering.tree))
            }
            if patch.isSmaller {
                return LiveUpdate.patch(base: base, version: state.version, ack: snapshot.ack, ops: patch.ops, css: css, title: title).json
            }
        }
        return LiveUpdate.render(version: state.version, ack: snapshot.ack, html: rendering.html, css: css, reset: reset, title: title).json
    }

    /// Whether `patch` carries less than the whole `tree` would; the markup is only written when
    /// the patch is large enough for the question to arise, and not smaller than the markup's
    /// unescaped bytes (counted without writing it).
    static func isSmaller(_ patch: LivePatch, than tree: LiveTree) -> Bool {
        let bytes = patch.payloadBytes
        return bytes < 1_024 || bytes < tree.minimumMarkupBytes || bytes < tree.html.utf8.count
    }
}
