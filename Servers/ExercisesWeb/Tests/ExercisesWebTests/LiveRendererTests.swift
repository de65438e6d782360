import Foundation
import ScreenKit
import ScreenPreviews
import SharedNetworking
import Synchronization
import TestSupport
import Testing

@testable import ExercisesWeb

/// What a page is sent after its first screen: patches that turn the page's screen into the
/// server's, the whole screen when a patch cannot (a reset, a new socket, a patch larger than
/// the screen), coalesced renders that still acknowledge every event, all beside the main actor.
@Suite("Live renderer", .temporaryCaches)
@MainActor
struct LiveRendererTests {
    /// Reads messages into a page until `done` says it has what it waits for.
    static func read(
        _ iterator: inout AsyncStream<String>.Iterator, into page: inout PageModel, until done: (PageModel, [String: Any]) -> Bool
    ) async throws -> [String: Any] {
        try await readSent(&iterator, into: &page, until: done).message
    }

    /// ``read(_:into:until:)``, with the last message's text as sent: what it costs on the wire.
    static func readSent(
        _ iterator: inout AsyncStream<String>.Iterator, into page: inout PageModel, until done: (PageModel, [String: Any]) -> Bool
    ) async throws -> (message: [String: Any], text: String) {
        while true {
            let text = try #require(await iterator.next(isolation: MainActor.shared))
            let message = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            try page.apply(message)
            if done(page, message) { return (message, text) }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func anEventIsAnsweredWithAPatchOfThePagesScreen() async throws {
        let session = LiveSession(
            id: "ef", exercise: .carfit, screen: CarFitLiveScreen(context: SessionTests.context()), clock: SystemClock())
        defer { session.end() }
        let (stream, _) = session.attach()
        var messages = stream.makeAsyncIterator()
        var page = PageModel()
        let first = try await Self.read(&messages, into: &page) { _, _ in true }
        #expect(first["type"] as? String == "render" && first["reset"] as? Bool == true && first["html"] != nil)
        // The sample loads by itself; whatever it pushes is applied as the page applies it.
        _ = try await Self.read(&messages, into: &page) { page, _ in page.tree.html.contains("carfit-card") }

        session.receive(#"{"seq":1,"type":"action","action":"toggle-calendar"}"#)
        let opened = try await Self.read(&messages, into: &page) { page, _ in page.acked >= 1 }
        #expect(opened["type"] as? String == "patch", "the screen after an event is sent as its changes")
        #expect(opened["html"] == nil)
        #expect(page.tree.html.contains("carfit-calendar"))
        session.receive(#"{"seq":2,"type":"action","action":"toggle-day","value":"2020-09-11"}"#)
        let (selected, sent) = try await Self.readSent(&messages, into: &page) { page, _ in page.acked >= 2 }
        #expect(selected["type"] as? String == "patch")
        #expect((selected["ops"] as? [Any])?.isEmpty == false)
        // What selecting a day costs: under 2 KB, the new card's icons references to the page's
        // symbols and the day's new look a class the sheet already has.
        #expect(sent.contains(##"<use href=\"#icon-clock\"/>"##), "the new card's icons are references")
        #expect(selected["css"] == nil, "selecting a day needs no new style rule")
        #expect(sent.utf8.count < 2000, "\(sent.utf8.count) bytes: \(sent)")

        // The whole screen, asked for as a page asks when a patch does not fit, is the patched one.
        let patched = page.tree
        session.receive(#"{"seq":3,"type":"resync"}"#)
        let whole = try await Self.read(&messages, into: &page) { page, _ in page.acked >= 3 }
        #expect(whole["type"] as? String == "render")
        let html = try #require(whole["html"] as? String)
        #expect(patched.asDOM == LiveTree(nodes: try LiveMarkupReader.nodes(html)).asDOM)
        #expect(page.patches >= 2)
    }

    @Test(.timeLimit(.minutes(1)))
    func aNewSocketAndAForgottenScreenGetTheWholeScreen() async throws {
        let session = LiveSession(
            id: "f0", exercise: .carfit, screen: CarFitLiveScreen(context: SessionTests.context()), clock: SystemClock())
        defer { session.end() }
        var page = PageModel()
        do {
            let (stream, _) = session.attach()
            var messages = stream.makeAsyncIterator()
            _ = try await Self.read(&messages, into: &page) { page, _ in page.tree.html.contains("carfit-card") }
            session.receive(#"{"seq":1,"type":"action","action":"toggle-calendar"}"#)
            let patch = try await Self.read(&messages, into: &page) { page, _ in page.acked >= 1 }
            #expect(patch["type"] as? String == "patch")
        }
        let (stream, generation) = session.attach()
        var messages = stream.makeAsyncIterator()
        let reset = try #require(await SessionTests.next(&messages))
        #expect(reset["type"] as? String == "render" && reset["reset"] as? Bool == true)
        #expect((reset["html"] as? String)?.contains("carfit-calendar") == true, "a new socket gets the whole screen, as it is")
        #expect((reset["css"] as? [String])?.isEmpty == false, "and every rule")
        page = PageModel()
        try page.apply(reset)
        // A quiet session lets its tree go; its next change is the whole screen, not a patch.
        session.forgetScreenIfQuiet(now: Date().addingTimeInterval(LiveSession.screenKept + 1))
        session.receive(#"{"seq":2,"type":"action","action":"toggle-calendar"}"#)
        let after = try await Self.read(&messages, into: &page) { page, _ in page.acked >= 2 }
        #expect(after["type"] as? String == "render" && after["html"] != nil)
        session.detach(generation: generation)
    }

    /// An event's answer is the one snapshot the change needs: the change the event made is not
    /// taken again when its observation fires after the answer showed it.
    @Test(.timeLimit(.minutes(1)))
    func anEventIsSnapshotOnce() async throws {
        let screen = CountingLiveScreen(CarFitLiveScreen(context: SessionTests.context()))
        let session = LiveSession(id: "f1", exercise: .carfit, screen: screen, clock: SystemClock())
        defer { session.end() }
        let (stream, _) = session.attach()
        var messages = stream.makeAsyncIterator()
        var page = PageModel()
        _ = try await Self.read(&messages, into: &page) { page, _ in page.tree.html.contains("carfit-card") }
        let before = screen.renders
        session.receive(#"{"seq":1,"type":"action","action":"toggle-calendar"}"#)
        _ = try await Self.read(&messages, into: &page) { page, _ in page.acked >= 1 }
        // The observation's change is handled on a later turn of the main actor: give it those turns.
        try await Task.sleep(for: .milliseconds(200))
        #expect(screen.renders == before + 1)
        #expect(page.tree.html.contains("carfit-calendar"))
    }

    /// A screen of `count` paragraphs in a `tag`: large enough that a patch is weighed against it.
    nonisolated static func tree(_ tag: String, _ count: Int, changed: Int? = nil) -> LiveTree {
        LiveTree(nodes: [.element(tag, [], (0..<count).map { .element("p", [], [.text($0 == changed ? "changed" : "row \($0)")]) })])
    }

    nonisolated static let anyScreen = PreviewScreen(
        slug: "test", title: "Test", caption: "", background: RGBColor(red: 1, green: 1, blue: 1), content: .text(""))

    @Test(.timeLimit(.minutes(1)))
    func aPatchLargerThanTheScreenIsSentWhole() async throws {
        let screens = Mutex([Self.tree("div", 100), Self.tree("div", 100, changed: 7), Self.tree("section", 100)])
        let renderer = LiveRenderer(mode: .diff) { _ in LiveRendering(tree: screens.withLock { $0.removeFirst() }, rules: []) }
        let (stream, outbox) = AsyncStream<String>.makeStream()
        var messages = stream.makeAsyncIterator()
        renderer.submit(LiveRenderer.Snapshot(screen: Self.anyScreen, ack: 1, reset: true, outbox: outbox))
        #expect(try #require(await SessionTests.next(&messages))["type"] as? String == "render")
        renderer.submit(LiveRenderer.Snapshot(screen: Self.anyScreen, ack: 2, outbox: outbox))
        let small = try #require(await SessionTests.next(&messages))
        #expect(small["type"] as? String == "patch", "one changed row is a patch")
        // Every node replaced: the splice would carry the whole screen and more.
        renderer.submit(LiveRenderer.Snapshot(screen: Self.anyScreen, ack: 3, outbox: outbox))
        let large = try #require(await SessionTests.next(&messages))
        #expect(large["type"] as? String == "render")
        #expect(large["html"] as? String == Self.tree("section", 100).html)
    }

    /// A screen with `count` rows, one of them `changed`.
    nonisolated static func screen(_ count: Int, changed: Int? = nil) -> PreviewScreen {
        let rows = (0..<count).map { HTMLNode.element("p", [.style([.height(20)])], [.text($0 == changed ? "changed" : "row \($0)")]) }
        return PreviewScreen(
            slug: "rows", title: "Rows", caption: "", background: RGBColor(red: 1, green: 1, blue: 1), content: .div("rows", rows))
    }

    /// Sessions that show the same screen share one rendering of it (one tree, one set of class
    /// names), and the patch between two screens is made once.
    @Test func equalScreensAreRenderedOnceForEverySession() {
        let cache = LiveScreenCache(limit: 2)
        let first = cache.rendering(of: Self.screen(50)), second = cache.rendering(of: Self.screen(50))
        #expect(first === second, "an equal screen, built again by another session, is the rendering held")
        let other = cache.rendering(of: Self.screen(50, changed: 3))
        #expect(other !== first)
        #expect(other.tree != first.tree)
        #expect(first.rules.contains { $0.css.contains("height: 20px") }, "a rendering carries the rules its classes need")

        let makes = Mutex(0)
        func patch() -> LiveScreenCache.PatchText {
            cache.patch(from: first, to: other) {
                makes.withLock { $0 += 1 }
                let patch = LivePatch.between(first.tree, other.tree)
                return LiveScreenCache.PatchText(ops: LivePatchWire.json(patch), isSmaller: true)
            }
        }
        #expect(patch().ops == patch().ops)
        #expect(makes.withLock { $0 } == 1, "the second session making the same change takes the first one's patch")

        // Past the limit the oldest goes: a third screen pushes the first out, and it is made anew.
        _ = cache.rendering(of: Self.screen(51))
        #expect(cache.rendering(of: Self.screen(50)) !== first)
    }

    /// `--renderer diff-unshared` holds nothing: each session makes every screen itself.
    @Test func anUnsharedCacheHoldsNothing() {
        let cache = LiveScreenCache(limit: 0, patchLimit: 0)
        #expect(cache.rendering(of: Self.screen(5)) !== cache.rendering(of: Self.screen(5)))
        #expect(cache.rendering(of: Self.screen(5)).tree == cache.rendering(of: Self.screen(5)).tree)
    }

    /// Two sessions on one cache send their pages the same markup and classes, each its own
    /// versions and the rules its page lacks.
    @Test(.timeLimit(.minutes(1)))
    func twoSessionsOfOneCacheSendTheirOwnVersionsOfOneScreen() async throws {
        let cache = LiveScreenCache()
        let (firstStream, firstOutbox) = AsyncStream<String>.makeStream()
        let (secondStream, secondOutbox) = AsyncStream<String>.makeStream()
        var first = firstStream.makeAsyncIterator(), second = secondStream.makeAsyncIterator()
        let one = LiveRenderer(mode: .diff, screens: cache), two = LiveRenderer(mode: .diff, screens: cache)
        one.submit(LiveRenderer.Snapshot(screen: Self.screen(30), ack: nil, reset: true, outbox: firstOutbox))
        let oneReset = try #require(await SessionTests.next(&first))
        one.submit(LiveRenderer.Snapshot(screen: Self.screen(30, changed: 2), ack: 1, outbox: firstOutbox))
        let onePatch = try #require(await SessionTests.next(&first))
        two.submit(LiveRenderer.Snapshot(screen: Self.screen(30, changed: 9), ack: nil, reset: true, outbox: secondOutbox))
        _ = try #require(await SessionTests.next(&second))
        two.submit(LiveRenderer.Snapshot(screen: Self.screen(30), ack: 5, outbox: secondOutbox))
        let twoBack = try #require(await SessionTests.next(&second))
        two.submit(LiveRenderer.Snapshot(screen: Self.screen(30, changed: 2), ack: 6, outbox: secondOutbox))
        let twoPatch = try #require(await SessionTests.next(&second))
        #expect(onePatch["type"] as? String == "patch" && twoPatch["type"] as? String == "patch")
        #expect(onePatch["base"] as? Int == 1 && onePatch["version"] as? Int == 2 && onePatch["ack"] as? Int == 1)
        #expect(twoPatch["base"] as? Int == 2 && twoPatch["version"] as? Int == 3 && twoPatch["ack"] as? Int == 6)
        #expect(
            try JSONSerialization.data(withJSONObject: try #require(onePatch["ops"]))
                == JSONSerialization.data(withJSONObject: try #require(twoPatch["ops"])),
            "the same change, the same operations")
        #expect(twoBack["css"] == nil, "the second page was sent its rules with its first screen")
        #expect((oneReset["css"] as? [String])?.contains { $0.contains("height: 20px") } == true)
    }

    /// Two CarFit tabs of one server that reach the same view state take one snapshot (and so
    /// one rendering); a tab whose state differs gets its own, and so does every tab of a server
    /// run with `--renderer diff-unshared`.
    @Test(.timeLimit(.minutes(1)))
    func tabsInEqualStatesShareOneSnapshot() async throws {
        let context = SessionTests.context()
        let first = CarFitLiveScreen(context: context), second = CarFitLiveScreen(context: context)
        first.start()
        second.start()
        defer {
            first.stop()
            second.stop()
        }
        while first.model.state.content == nil || second.model.state.content == nil { try await Task.sleep(for: .milliseconds(5)) }
        #expect(first.snapshot() === second.snapshot(), "the same sample, the same screen")
        first.model.calendarViewModel.togglePresentation()
        let opened = first.snapshot()
        #expect(opened !== second.snapshot())
        #expect(opened.screen == first.render(), "the kept screen is the one the state makes")
        second.model.calendarViewModel.togglePresentation()
        #expect(second.snapshot() === opened)

        var unsharedContext = context
        unsharedContext.sharedScreens = nil
        let alone = CarFitLiveScreen(context: unsharedContext)
        alone.start()
        defer { alone.stop() }
        while alone.model.state.content == nil { try await Task.sleep(for: .milliseconds(5)) }
        #expect(alone.snapshot() !== alone.snapshot())
    }

    @Test(.timeLimit(.minutes(1)))
    func snapshotsWaitingAreCoalescedKeepingTheHighestAck() async throws {
        let gate = Shared(0)
        let builds = Shared(0)
        let renderer = LiveRenderer(mode: .diff) { _ in
            let number = builds.increment()
            // The first render holds on until the test has queued the others behind it.
            for _ in 0..<5_000 where number == 1 && gate.value == 0 { usleep(1_000) }
            return LiveRendering(tree: Self.tree("div", 3, changed: number), rules: [])
        }
        let (stream, outbox) = AsyncStream<String>.makeStream()
        var messages = stream.makeAsyncIterator()
        renderer.submit(LiveRenderer.Snapshot(screen: Self.anyScreen, ack: 1, reset: true, outbox: outbox))
        while builds.value == 0 { try await Task.sleep(for: .milliseconds(1)) }
        for ack in [3, 4, 2] {
            renderer.submit(LiveRenderer.Snapshot(screen: Self.anyScreen, ack: ack, outbox: outbox))
        }
        gate.increment()
        #expect(try #require(await SessionTests.next(&messages))["ack"] as? Int == 1)
        #expect(try #require(await SessionTests.next(&messages))["ack"] as? Int == 4)
        try await Task.sleep(for: .milliseconds(100))
        #expect(builds.value == 2, "the three waiting snapshots were rendered once")
    }

    /// The render runs while the main actor goes on: it waits for the main actor to do something
    /// after `submit` returned, which a render on the main actor could never see.
    @Test(.timeLimit(.minutes(1)))
    func renderingLeavesTheMainActorFree() async throws {
        let mainActorMoved = Shared(0)
        let sawIt = Shared(0)
        let renderer = LiveRenderer(mode: .diff) { _ in
            for _ in 0..<5_000 where mainActorMoved.value == 0 { usleep(1_000) }
            if mainActorMoved.value > 0 { sawIt.increment() }
            return LiveRendering(tree: Self.tree("div", 1), rules: [])
        }
        let (stream, outbox) = AsyncStream<String>.makeStream()
        var messages = stream.makeAsyncIterator()
        renderer.submit(LiveRenderer.Snapshot(screen: Self.anyScreen, ack: 1, reset: true, outbox: outbox))
        mainActorMoved.increment()
        #expect(try #require(await SessionTests.next(&messages))["ack"] as? Int == 1)
        #expect(sawIt.value == 1, "the render ran on the main actor, holding it")
    }
}

/// A counter that a render (on any thread) and the test share.
private final class Shared: Sendable {
    private let count: Mutex<Int>

    init(_ value: Int) { count = Mutex(value) }

    var value: Int { count.withLock { $0 } }

    @discardableResult
    func increment() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }
}
