import Testing

@testable import Schedule

@Suite("Sticky section headers")
struct StickyHeaderLayoutTests {
    /// The fixture: 16 games and a bye in the regular season, one postseason game.
    let fixture = StickyHeaderLayout(
        sectionRowHeights: [Array(repeating: 140, count: 4) + [100] + Array(repeating: 140, count: 12), [140]],
        headerHeight: 30,
        rowSpacing: 4
    )

    @Test func positionsIncludeTheHeaderAndThe4ptGaps() {
        #expect(fixture.sectionTops == [0, 2438])
        #expect(fixture.rowTops[0][0] == 30)
        #expect(fixture.rowTops[0][1] == 174)
        #expect(fixture.rowTops[0][4] == 606)
        #expect(fixture.rowTops[0][5] == 710)
        #expect(fixture.rowTops[1][0] == 2468)
        #expect(fixture.contentHeight == 2612)
        #expect(fixture.sectionBottom(0) == 2438 && fixture.sectionBottom(1) == 2612)
    }

    @Test func theFixturesViewStateHasTheSameGeometry() throws {
        #expect(try Fixture.screen().layout == fixture)
    }

    @Test func firstHeaderIsPinnedUntilTheNextArrives() {
        #expect(fixture.pinnedHeader(atOffset: 0) == .init(section: 0, top: 0))
        #expect(fixture.pinnedHeader(atOffset: 1000) == .init(section: 0, top: 0))
        // The next header's top reaches the pinned header's bottom at 2438 − 30.
        #expect(fixture.pinnedHeader(atOffset: 2407) == .init(section: 0, top: 0))
        #expect(fixture.pinnedHeader(atOffset: 2408) == .init(section: 0, top: 0))
    }

    @Test func theNextHeaderPushesThePinnedOneUp() {
        let pushed = fixture.pinnedHeader(atOffset: 2418)
        #expect(pushed == .init(section: 0, top: -10))
        #expect(pushed?.pushUp == 10)
        #expect(fixture.pinnedHeader(atOffset: 2437.5)?.top == -29.5)
    }

    @Test func atTheBoundaryTheNextSectionTakesOver() {
        #expect(fixture.pinnedHeader(atOffset: 2438) == .init(section: 1, top: 0))
        #expect(fixture.pinnedHeader(atOffset: 2500) == .init(section: 1, top: 0))
    }

    @Test func theLastHeaderLeavesWithTheEndOfItsSection() {
        // Overscrolling past the end: section 1 ends at 2612.
        #expect(fixture.pinnedHeader(atOffset: 2582) == .init(section: 1, top: 0))
        #expect(fixture.pinnedHeader(atOffset: 2592) == .init(section: 1, top: -10))
    }

    @Test func pullingDownMovesTheFirstHeaderWithTheContent() {
        let header = fixture.pinnedHeader(atOffset: -40)
        #expect(header == .init(section: 0, top: 40))
        #expect(header?.pushUp == 0)
    }

    @Test func noSectionsNoHeader() {
        let empty = StickyHeaderLayout(sectionRowHeights: [], headerHeight: 30, rowSpacing: 4)
        #expect(empty.pinnedHeader(atOffset: 0) == nil)
        #expect(empty.contentHeight == 0)
        #expect(empty.visibleRows(atOffset: 0, viewportHeight: 500).isEmpty)
    }

    @Test func anEmptySectionIsJustItsHeader() {
        let layout = StickyHeaderLayout(sectionRowHeights: [[140], [], [140]], headerHeight: 30, rowSpacing: 4)
        #expect(layout.sectionTops == [0, 174, 204])
        #expect(layout.pinnedHeader(atOffset: 174) == .init(section: 1, top: 0))
        #expect(layout.pinnedHeader(atOffset: 184) == .init(section: 1, top: -10))
        #expect(layout.pinnedHeader(atOffset: 204) == .init(section: 2, top: 0))
    }

    @Test func pinnedHeaderAgreesWithALinearScanEverywhere() {
        let layout = StickyHeaderLayout(
            sectionRowHeights: [[140, 100], [], [140], [100, 100, 140], [140]], headerHeight: 30, rowSpacing: 4)
        for step in -20...Int((layout.contentHeight - 30) / 3) {
            let offset = Double(step) * 3 - 0.5
            let expectedSection = max(0, (layout.sectionTops.lastIndex { $0 <= offset }) ?? 0)
            let pinned = layout.pinnedHeader(atOffset: offset)
            #expect(pinned?.section == expectedSection, "offset \(offset)")
            let pinnedTop = pinned?.top ?? .nan
            // The header never overlaps the next section's header and never leaves a gap.
            #expect(pinnedTop <= max(0, -offset) && pinnedTop >= -30, "offset \(offset)")
            if offset >= 0, expectedSection + 1 < layout.sectionTops.count {
                #expect(offset + pinnedTop + 30 <= layout.sectionTops[expectedSection + 1] + 1e-9, "offset \(offset)")
            }
        }
    }

    @Test func revealingTheDefaultGameScrollsItBelowThePinnedHeader() {
        let postseason = RowPosition(section: 1, row: 0)
        #expect(fixture.offset(toReveal: postseason, viewportHeight: 100) == 2438)
        // Clamped to the end of the content for a taller viewport.
        #expect(fixture.offset(toReveal: postseason, viewportHeight: 600) == 2012)
        #expect(fixture.offset(toReveal: RowPosition(section: 0, row: 0), viewportHeight: 600) == 0)
        #expect(fixture.offset(toReveal: RowPosition(section: 3, row: 0), viewportHeight: 600) == nil)
    }

    @Test func visibleRowsAreThoseIntersectingTheViewport() {
        #expect(fixture.visibleRows(atOffset: 0, viewportHeight: 200) == [.init(section: 0, row: 0), .init(section: 0, row: 1)])
        // The 4 pt gap between rows is not a row.
        #expect(fixture.visibleRows(atOffset: 170, viewportHeight: 4) == [])
        #expect(fixture.visibleRows(atOffset: 2400, viewportHeight: 100) == [.init(section: 0, row: 16), .init(section: 1, row: 0)])
    }
}
