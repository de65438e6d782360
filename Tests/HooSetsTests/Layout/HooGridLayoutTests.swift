import ScreenKit
import SharedNetworking
import Testing

@testable import HooSets

@Suite("Grid layout and hit testing")
struct HooGridLayoutTests {
    /// The artwork's geometry: 320 pt wide, 4 columns of 79 pt, 2 pt insets, 49 pt headers.
    let layout = HooGridLayout(
        itemCounts: [14, 13, 9], headerImageSizes: [LayoutSize(width: 123, height: 33), nil, nil], containerWidth: 320)

    @Test func framesFollowTheArtwork() throws {
        #expect(layout.itemSide == 79)
        let red = layout.sections[0]
        #expect(red.header == LayoutRect(x: 0, y: 0, width: 320, height: 49))
        #expect(red.headerImage == LayoutRect(x: 98.5, y: 8, width: 123, height: 33))
        #expect(red.items[0] == LayoutRect(x: 2, y: 49, width: 79, height: 79))
        #expect(red.items[3] == LayoutRect(x: 239, y: 49, width: 79, height: 79))
        #expect(red.items[4] == LayoutRect(x: 2, y: 128, width: 79, height: 79))
        #expect(red.items[13] == LayoutRect(x: 81, y: 286, width: 79, height: 79))
        // 14 items = 4 rows: 49 + 4 × 79 = 365.
        #expect(red.frame == LayoutRect(x: 0, y: 0, width: 320, height: 365))
        let yellow = layout.sections[1]
        #expect(yellow.header.minY == 373)  // 365 + 8 spacing
        #expect(yellow.headerImage == nil)
        #expect(yellow.items[0].origin == LayoutPoint(x: 2, y: 422))
        // 9 items = 3 rows; no spacing after the last section.
        #expect(layout.contentSize == LayoutSize(width: 320, height: 365 + 8 + 365 + 8 + 49 + 3 * 79))
    }

    @Test func spacingAndColumnsAreHonoured() {
        let metrics = HooGridMetrics(columns: 3, itemSpacing: 10, lineSpacing: 6, horizontalInset: 16, headerHeight: 40, sectionSpacing: 20)
        let grid = HooGridLayout(itemCounts: [4], containerWidth: 390, metrics: metrics)
        #expect(grid.itemSide == (390.0 - 32 - 20) / 3)
        #expect(grid.sections[0].items[1].minX == 16 + grid.itemSide + 10)
        #expect(grid.sections[0].items[3].minY == 40 + grid.itemSide + 6)
        #expect(grid.contentSize.height == 40 + 2 * grid.itemSide + 6)
    }

    @Test func hitTestingFindsCellsAndMissesGapsAndHeaders() {
        #expect(layout.hitTest(LayoutPoint(x: 2, y: 49)) == GridIndexPath(section: 0, item: 0))
        #expect(layout.hitTest(LayoutPoint(x: 80.9, y: 127.9)) == GridIndexPath(section: 0, item: 0))
        #expect(layout.hitTest(LayoutPoint(x: 81, y: 128)) == GridIndexPath(section: 0, item: 5))  // shared edge: the next cell
        #expect(layout.hitTest(LayoutPoint(x: 300, y: 300)) == nil)  // past item 13 in the last row
        #expect(layout.hitTest(LayoutPoint(x: 1, y: 60)) == nil)  // left inset
        #expect(layout.hitTest(LayoutPoint(x: 319, y: 60)) == nil)  // right inset
        #expect(layout.hitTest(LayoutPoint(x: 100, y: 20)) == nil)  // header
        #expect(layout.hitTest(LayoutPoint(x: 100, y: 368)) == nil)  // section spacing
        #expect(layout.hitTest(LayoutPoint(x: 100, y: 430)) == GridIndexPath(section: 1, item: 1))
        #expect(layout.hitTest(LayoutPoint(x: 10, y: layout.contentSize.height - 1)) == GridIndexPath(section: 2, item: 8))
        #expect(layout.hitTest(LayoutPoint(x: 240, y: layout.contentSize.height - 1)) == nil)
        #expect(layout.hitTest(LayoutPoint(x: 10, y: -5)) == nil)
        #expect(layout.hitTest(LayoutPoint(x: 10, y: 5000)) == nil)
        #expect(layout.hitTest(LayoutPoint(x: .nan, y: 60)) == nil)
    }

    @Test func everyCellCentreHitsItself() {
        let grid = HooGridLayout(
            itemCounts: [14, 13, 9, 0, 1], containerWidth: 417.5, metrics: HooGridMetrics(columns: 5, itemSpacing: 3.5, lineSpacing: 2))
        for (section, frames) in grid.sections.enumerated() {
            for (item, frame) in frames.items.enumerated() {
                #expect(grid.hitTest(frame.center) == GridIndexPath(section: section, item: item))
            }
        }
        #expect(grid.sections[3].items.isEmpty)
        #expect(grid.sections[3].frame.size.height == grid.metrics.headerHeight)
    }

    @Test func degenerateInputsDoNotCrash() {
        let zero = HooGridLayout(itemCounts: [3, -2], containerWidth: -10, metrics: HooGridMetrics(columns: 0))
        #expect(zero.itemSide == 0)
        #expect(zero.sections[1].items.isEmpty)
        #expect(zero.hitTest(LayoutPoint(x: 0, y: 60)) == nil)
        let infinite = HooGridLayout(itemCounts: [1], containerWidth: .infinity)
        #expect(infinite.containerWidth == 0)
        #expect(HooGridLayout(itemCounts: [], containerWidth: 320).contentSize == LayoutSize(width: 320, height: 0))
    }

    @Test func visibleSections() {
        #expect(layout.sections(visibleFrom: 0, height: 480) == [0, 1])
        #expect(layout.sections(visibleFrom: 740, height: 100) == [2])
    }

    @Test func headerArtworkShrinksToFitButNeverGrows() {
        let band = LayoutRect(x: 0, y: 100, width: 200, height: 49)
        #expect(HooGridLayout.fit(LayoutSize(width: 123, height: 33), in: band) == LayoutRect(x: 38.5, y: 108, width: 123, height: 33))
        #expect(HooGridLayout.fit(LayoutSize(width: 369, height: 99), in: band) == LayoutRect(x: 38.5, y: 108, width: 123, height: 33))
        #expect(HooGridLayout.fit(LayoutSize(width: 0, height: 0), in: band).size == .zero)
    }
}
