import Foundation
import HooSets
import ScreenPreviews
import Testing

@testable import ExercisesWeb

/// The Hoo grid scrolls in the browser: the page reports where it came to rest, pointer samples
/// arrive in content coordinates, and the markup says when the arbiter scrubs (so the page stops
/// its native scroll) but never moves with the scroll.
@Suite("The Hoo grid scrolls in the browser", .temporaryCaches)
@MainActor
struct HooSetsLiveScreenTests {
    static func loaded() async throws -> HooSetsLiveScreen {
        let screen = HooSetsLiveScreen(context: SessionTests.context())
        _ = try await VocabularyTests.markup(screen) { screen.model.state.content?.sections.isEmpty == false }
        return screen
    }

    /// At the tab's 390 pt the cells are 96.5 pt: the first row is at y 49–145.5, the second
    /// at 145.5–242, the third at 242–338.5.
    @Test(.timeLimit(.minutes(1)))
    func aScrollIsReportedAndSamplesAreInContentCoordinates() async throws {
        let screen = try await Self.loaded()
        defer { screen.stop() }
        let before = FirstRenderTests.html(screen)
        try screen.handle(.scroll(top: 100, visible: nil))
        #expect(screen.model.state.content?.contentOffsetY == 100)
        #expect(FirstRenderTests.html(screen) == before, "the markup does not move with the scroll: the browser's scroll does")
        // A tap at content y 200: the second row, whatever the scroll (not y 300, the third).
        try screen.handle(.pointer(phase: .began, time: 1, x: 40, y: 200))
        try screen.handle(.pointer(phase: .ended, time: 1.05, x: 40, y: 200))
        #expect(screen.model.state.content?.selection?.id == HooID(set: 1, hoo: 5))
    }

    /// The page reports its scroll when its socket opens, which may be before the sets are read.
    @Test(.timeLimit(.minutes(1)))
    func aScrollBeforeTheLoadKeepsTheTabsWidth() async throws {
        let screen = HooSetsLiveScreen(context: SessionTests.context())
        defer { screen.stop() }
        try screen.handle(.scroll(top: 0, visible: nil))
        _ = try await VocabularyTests.markup(screen) { screen.model.state.content?.sections.isEmpty == false }
        #expect(screen.model.state.content?.sections.first?.items.first?.frame.size.width == 96.5)
    }

    @Test(.timeLimit(.minutes(1)))
    func aHoldMarksTheGridAsScrubbingUntilTheFingerLifts() async throws {
        let screen = try await Self.loaded()
        defer { screen.stop() }
        try screen.handle(.pointer(phase: .began, time: 1, x: 40, y: 100))
        #expect(FirstRenderTests.html(screen).contains("data-gesture=\"pending\""))
        try screen.handle(.pointer(phase: .stationary, time: 1.35, x: 40, y: 100))
        #expect(FirstRenderTests.html(screen).contains("data-gesture=\"scrubbing\""))
        #expect(screen.model.state.content?.selection?.id == HooID(set: 1, hoo: 1))
        // Down the column: a scrub, not a scroll.
        try screen.handle(.pointer(phase: .moved, time: 1.4, x: 40, y: 300))
        #expect(screen.model.state.content?.selection?.id == HooID(set: 1, hoo: 9))
        try screen.handle(.pointer(phase: .ended, time: 1.5, x: 40, y: 300))
        #expect(!FirstRenderTests.html(screen).contains("data-gesture"))
    }

    @Test(.timeLimit(.minutes(1)))
    func aVerticalPanLeftToTheBrowserSelectsNothing() async throws {
        let screen = try await Self.loaded()
        defer { screen.stop() }
        // What the page sends when the browser takes the pan: the touch-down, then a cancel.
        try screen.handle(.pointer(phase: .began, time: 1, x: 40, y: 300))
        try screen.handle(.pointer(phase: .cancelled, time: 1.02, x: 40, y: 300))
        try screen.handle(.scroll(top: 640, visible: nil))
        #expect(screen.model.state.content?.selection == nil)
        #expect(screen.model.state.content?.gestureMode == .idle)
        #expect(screen.model.state.content?.contentOffsetY == 640)
    }
}
