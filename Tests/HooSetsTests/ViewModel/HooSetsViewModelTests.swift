import Foundation
import ScreenKit
import SharedNetworking
import TestSupport
import Testing

@testable import HooSets

@MainActor
@Suite("Hoo sets view-model")
struct HooSetsViewModelTests {
    /// Two sets: Red with 14 Hoos, Yellow with 5 (the last without an image).
    static func library() -> HooSetsFeed {
        func set(_ id: Int, _ name: String, _ count: Int) -> HooSet {
            let hoos = (1...count).map { number in
                Hoo(
                    id: HooID(set: id, hoo: number), title: "\(name) \(number)", poemLine: "line \(number)",
                    imageURL: id == 2 && number == count ? nil : URL(fileURLWithPath: "/sets/\(id)/\(number)/hoo.png"))
            }
            return HooSet(
                id: id, colorName: name, color: HooColorTable.color(named: name) ?? .black, declaredCount: count,
                header: ImageVariants(variants: []),
                hoos: hoos, origin: HooSetOrigin(kind: .directory, name: "0\(id)", directory: URL(fileURLWithPath: "/sets/\(id)")))
        }
        return HooSetsFeed(sets: [set(1, "Red", 14), set(2, "Yellow", 5)])
    }

    static func model(_ library: HooSetsFeed = library(), viewport: LayoutSize = LayoutSize(width: 320, height: 480)) -> HooSetsViewModel {
        HooSetsViewModel(
            loader: ScriptedFeedLoader(Loaded(value: library, diagnostics: [], source: "test")), clock: ManualClock(now: .distantPast),
            viewport: viewport,
            artwork: HooArtworkState())
    }

    @Test func loadingBuildsSectionsAndItems() async {
        let model = Self.model()
        await model.load()
        let state = model.grid
        #expect(!state.isLoading)
        #expect(state.sections.map(\.title) == ["Red Set", "Yellow Set"])
        #expect(state.sections.map(\.countLabel) == ["14 Hoos", "5 Hoos"])
        #expect(state.sections[0].items[0].frame == LayoutRect(x: 2, y: 49, width: 79, height: 79))
        #expect(state.sections[0].items[0].accessibilityLabel == "Red 1, Red Set, 1 of 14")
        #expect(state.sections[1].items[4].imageURL == nil)
        #expect(state.hooCount == 19)
        #expect(state.contentSize.height == 365 + 8 + 49 + 2 * 79)
        #expect(state.selection == nil)
    }

    @Test func tapSelectsTapAgainOrOutsideDismisses() async {
        let model = Self.model()
        await model.load()
        model.tap(at: LayoutPoint(x: 40, y: 60))
        let selection = model.grid.selection
        #expect(selection?.id == HooID(set: 1, hoo: 1))
        #expect(selection?.setTitle == "Red Set")
        #expect(selection?.title == "Red 1")
        #expect(selection?.poemLine == "line 1")
        #expect(selection?.color == RGBColor(hex: "#E6395F"))
        #expect(selection?.discFrame == LayoutRect(x: 6.5, y: 53.5, width: 70, height: 70))
        #expect(selection?.backdropImageURL?.path == "/sets/1/1/hoo.png")
        #expect(model.grid.sections[0].items[0].isSelected)

        model.tap(at: LayoutPoint(x: 120, y: 60))  // another Hoo: moves the disc
        #expect(model.grid.selection?.id == HooID(set: 1, hoo: 2))
        model.tap(at: LayoutPoint(x: 120, y: 60))  // the same Hoo: dismisses
        #expect(model.grid.selection == nil)
        model.tap(at: LayoutPoint(x: 120, y: 60))
        model.tap(at: LayoutPoint(x: 160, y: 20))  // a header: dismisses
        #expect(model.grid.selection == nil)
        #expect(model.grid.selectionFeedbackCount == 0)  // taps do not tick the scrub haptic
    }

    @Test func scrubbingSelectsContinuouslyWithHaptics() async {
        let model = Self.model()
        await model.load()
        let samples: [TouchSample] = [
            .init(.began, at: 0, x: 10, y: 60),
            .init(.moved, at: 0.03, x: 30, y: 62),
            .init(.moved, at: 0.06, x: 100, y: 62),
            .init(.moved, at: 0.09, x: 180, y: 140),
        ]
        var seen: [HooID?] = []
        var modes: [GestureMode] = []
        for sample in samples {
            model.handle(sample)
            seen.append(model.grid.selection?.id)
            modes.append(model.grid.gestureMode)
        }
        #expect(modes == [.pending, .scrubbing, .scrubbing, .scrubbing])
        #expect(seen == [nil, HooID(set: 1, hoo: 1), HooID(set: 1, hoo: 2), HooID(set: 1, hoo: 7)])
        #expect(model.grid.selectionFeedbackCount == 3)
        model.handle(.init(.ended, at: 0.12, x: 180, y: 140))
        #expect(model.grid.gestureMode == .idle)
        #expect(model.grid.selection?.id == HooID(set: 1, hoo: 7))
        #expect(model.grid.contentOffsetY == 0)
    }

    @Test func aVerticalPanIsTheScrollViewsAndMovesNothing() async {
        let model = Self.model()
        await model.load()
        model.handle(.init(.began, at: 0, x: 100, y: 400))
        model.handle(.init(.moved, at: 0.02, x: 100, y: 300))
        #expect(model.grid.gestureMode == .scrolling)
        model.handle(.init(.moved, at: 0.04, x: 100, y: 200))
        // The arbiter decided "scroll": the host's scroll view follows the finger, not the view-model.
        #expect(model.grid.contentOffsetY == 0)
        #expect(model.grid.selection == nil)
        // The browser took the pan: the page's pointer is cancelled, nothing selected, idle again.
        model.handle(.init(.cancelled, at: 0.05, x: 100, y: 200))
        #expect(model.grid.gestureMode == .idle)
        #expect(model.grid.selection == nil)
        #expect(model.grid.selectionFeedbackCount == 0)
    }

    @Test func theVisibleRegionIsReportedAndClamped() async {
        let model = Self.model()
        await model.load()
        let maxOffset = model.grid.contentSize.height - 480
        model.setVisibleRegion(LayoutRect(x: 0, y: 100, width: 320, height: 480))
        #expect(model.grid.contentOffsetY == 100)
        model.setVisibleRegion(LayoutRect(x: 0, y: 10_000, width: 320, height: 480))
        #expect(model.grid.contentOffsetY == maxOffset, "past the end (a rubber band): clamped")
        model.setVisibleRegion(LayoutRect(x: 0, y: -40, width: 320, height: 480))
        #expect(model.grid.contentOffsetY == 0)
        model.setVisibleRegion(LayoutRect(x: 0, y: .nan, width: 320, height: 480))
        #expect(model.grid.contentOffsetY == 0, "a region without a top is ignored")
        model.setVisibleRegion(LayoutRect(x: 0, y: 50, width: 0, height: 0))
        #expect(model.grid.viewport == LayoutSize(width: 320, height: 480), "a region without a size keeps the layout")
        #expect(model.grid.contentOffsetY == 50)
        // A region of another size lays the grid out for it, as setViewport does.
        model.setVisibleRegion(LayoutRect(x: 0, y: 207, width: 480, height: 320))
        #expect(model.grid.viewport == LayoutSize(width: 480, height: 320))
        #expect(model.grid.sections[0].items[0].frame.size.width == 119)
        #expect(model.grid.contentOffsetY == 207, "the host's offset is what it shows")
    }

    @Test func pointsAreContentCoordinatesWhateverTheScroll() async {
        let model = Self.model()
        await model.load()
        // Scrolled by 100 (row 2 of Red, items 5–8, is at content y 128–207).
        model.setVisibleRegion(LayoutRect(x: 0, y: 100, width: 320, height: 480))
        model.tap(at: LayoutPoint(x: 40, y: 160))
        #expect(model.grid.selection?.id == HooID(set: 1, hoo: 5), "content y 160 is row 2, not row 3")
        model.dismissSelection()
        // A scrub across row 2 in content coordinates, while the host reports another region
        // mid-gesture (a scroll it had not reported yet): the same Hoos, one tick each.
        model.handle(.init(.began, at: 0, x: 10, y: 160))
        model.handle(.init(.moved, at: 0.03, x: 40, y: 162))
        model.setVisibleRegion(LayoutRect(x: 0, y: 30, width: 320, height: 480))
        model.handle(.init(.moved, at: 0.06, x: 120, y: 162))
        model.handle(.init(.moved, at: 0.09, x: 200, y: 162))
        #expect(model.grid.gestureMode == .scrubbing)
        #expect(model.grid.selection?.id == HooID(set: 1, hoo: 7))
        #expect(model.grid.selectionFeedbackCount == 3)
        model.handle(.init(.ended, at: 0.12, x: 200, y: 162))
        #expect(model.grid.selection?.id == HooID(set: 1, hoo: 7))
        #expect(model.grid.contentOffsetY == 30)
    }

    @Test func aHoldScrubsAndTheStateSaysSoUntilTheFingerLifts() async {
        let model = Self.model()
        await model.load()
        model.setVisibleRegion(LayoutRect(x: 0, y: 100, width: 320, height: 480))
        model.handle(.init(.began, at: 0, x: 40, y: 160))
        model.handle(.init(.stationary, at: 0.1, x: 40, y: 160))
        #expect(model.grid.gestureMode == .pending, "a host lets its scroll view pan while pending")
        model.handle(.init(.stationary, at: 0.35, x: 40, y: 160))
        #expect(model.grid.gestureMode == .scrubbing, "held: the host stops its scroll view")
        #expect(model.grid.selection?.id == HooID(set: 1, hoo: 5))
        // Down the column (what a scroll would have been): still a scrub.
        model.handle(.init(.moved, at: 0.4, x: 40, y: 240))
        #expect(model.grid.selection?.id == HooID(set: 1, hoo: 9))
        #expect(model.grid.contentOffsetY == 100)
        model.handle(.init(.ended, at: 0.5, x: 40, y: 240))
        #expect(model.grid.gestureMode == .idle)
    }

    @Test func aFailedReloadKeepsWhatIsShown() async {
        let library = Self.library()
        let model = HooSetsViewModel(
            loader: ScriptedFeedLoader<HooSetsFeed>([
                .success(Loaded(value: library, diagnostics: [Diagnostic(.note, path: "x", message: "y")], source: "t")),
                .failure(HooSetsError.noSets(path: "/gone").networkError),
            ]), clock: ManualClock(now: .distantPast), artwork: HooArtworkState())
        await model.load()
        model.select(HooID(set: 2, hoo: 3))
        await model.load()
        #expect(model.state.phase == .loaded, "load() with the grid shown reads nothing")
        await model.refresh()
        #expect(model.state.phase == .failed)
        #expect(model.state.error == .file(path: "/gone", reason: "no Hoo sets found (expected NN.zip files or NN/ directories)"))
        #expect(model.grid.errorMessage == "/gone: no Hoo sets found (expected NN.zip files or NN/ directories)")
        #expect(model.grid.sections.count == 2)
        #expect(model.grid.selection?.id == HooID(set: 2, hoo: 3))
        #expect(model.grid.diagnostics.count == 1)
        model.select(HooID(set: 9, hoo: 9))  // unknown: ignored
        #expect(model.grid.selection?.id == HooID(set: 2, hoo: 3))
        model.dismissSelection()
        #expect(model.grid.selection == nil)
    }

    @Test func rotationKeepsTheTopItemAndTheSelection() async {
        let model = Self.model(viewport: LayoutSize(width: 320, height: 200))
        await model.load()
        // Row 3 of Red (items 9–12) starts at 49 + 2 × 79 = 207.
        model.setVisibleRegion(LayoutRect(x: 0, y: 207, width: 320, height: 200))
        model.select(HooID(set: 1, hoo: 10))
        #expect(model.grid.contentOffsetY == 207)
        model.setViewport(LayoutSize(width: 480, height: 320))
        let state = model.grid
        #expect(state.viewport == LayoutSize(width: 480, height: 320))
        #expect(state.sections[0].items[0].frame.size.width == 119)
        // Item 9 stays at the top of the viewport.
        #expect(state.contentOffsetY == state.sections[0].items[8].frame.minY)
        #expect(state.selection?.id == HooID(set: 1, hoo: 10))
        #expect(abs((state.selection?.discFrame.size.width ?? 0) - 119.0 * 70 / 79) < 1e-9)
    }

    @Test func theBundledSetsWithArtworkForEachScale() async throws {
        let scratch = try Scratch("vm")
        defer { scratch.remove() }
        let model = HooSetsViewModel(
            loader: try HooSetsSource.bundled(caches: scratch.url), clock: ManualClock(now: .distantPast), displayScale: .x3)
        await model.load()
        #expect(model.grid.sections.count == 9)
        #expect(model.grid.sections[0].headerImageURL?.lastPathComponent == "header@3x.png")
        #expect(model.grid.sections[0].headerImageFrame?.size == LayoutSize(width: 123, height: 33))
        #expect(model.grid.artwork.selectionDisc?.lastPathComponent == "selection_disc@3x.png")
        model.setDisplayScale(.x1)
        #expect(model.grid.sections[0].headerImageURL?.lastPathComponent == "header.png")
        #expect(model.grid.artwork.selectionDisc?.lastPathComponent == "selection_disc.png")
        #expect(model.grid.artwork.border?.lastPathComponent == "border.png")
    }

    @Test func stateRoundTripsThroughJSON() async throws {
        let model = Self.model()
        await model.load()
        model.select(HooID(set: 1, hoo: 3))
        let grid = try #require(model.state.content)
        let data = try JSONEncoder().encode(grid)
        #expect(try JSONDecoder().decode(HooSetsViewState.self, from: data) == grid)
    }
}

@Suite("Bundled artwork")
struct HooArtworkTests {
    @Test(arguments: HooArtwork.allCases)
    func everyPieceExistsAtThreeScales(artwork: HooArtwork) throws {
        let variants = try HooSetsResources.artwork(artwork)
        #expect(variants.variants.map(\.scale) == [.x1, .x2, .x3])
        let sizes = variants.variants.compactMap(\.pointSize)
        #expect(sizes.count == 3 && Set(sizes).count == 1, "\(artwork): \(sizes)")
    }

    @Test func discAndCellSizesMatchTheMetrics() throws {
        let disc = try #require(try HooSetsResources.artwork(.selectionDisc).best(for: .x2)?.pointSize)
        let cell = try #require(try HooSetsResources.artwork(.cellSingle).best(for: .x2)?.pointSize)
        #expect(disc == LayoutSize(width: 70, height: 70))
        #expect(cell == LayoutSize(width: 79, height: 79))
        #expect(HooGridMetrics.standard.discRatio == disc.width / cell.width)
    }
}
