import ScreenKit
import SharedNetworking
import Testing

@testable import HooSets

/// Synthetic touch sequences over a 4-column grid of 80 pt cells starting at y = 0:
/// item = row × 4 + column.
@Suite("Scrub gesture arbiter")
struct GestureArbiterTests {
    static func item(_ point: LayoutPoint) -> Int? {
        guard point.x >= 0, point.x < 320, point.y >= 0, point.y < 800 else { return nil }
        return Int(point.y / 80) * 4 + Int(point.x / 80)
    }

    struct Run {
        var modes: [GestureMode] = []
        var selections: [Int] = []
        var taps: [Int?] = []
        var scrolled = 0.0
        var finalMode = GestureMode.idle
    }

    func run(_ samples: [TouchSample], rules: ScrubRules = .standard) -> Run {
        var arbiter = GestureArbiter<Int>(rules: rules)
        var run = Run()
        for sample in samples {
            for event in arbiter.handle(sample, itemAt: Self.item) {
                switch event {
                case .modeChanged(let mode): run.modes.append(mode)
                case .selectionChanged(let item): run.selections.append(item)
                case .tapped(let item): run.taps.append(item)
                case .scrolled(let delta): run.scrolled += delta
                }
            }
        }
        run.finalMode = arbiter.mode
        return run
    }

    @Test func aQuickTouchIsATap() {
        let result = run([
            .init(.began, at: 0, x: 100, y: 100), .init(.moved, at: 0.05, x: 103, y: 102), .init(.ended, at: 0.1, x: 103, y: 102),
        ])
        #expect(result.modes == [.pending, .idle])
        #expect(result.taps == [5])
        #expect(result.selections.isEmpty)
        #expect(result.scrolled == 0)
    }

    @Test func aTapOutsideTheItemsTapsNothing() {
        #expect(run([.init(.began, at: 0, x: 400, y: 10), .init(.ended, at: 0.1, x: 400, y: 10)]).taps == [nil])
    }

    @Test func aQuickVerticalPanScrolls() {
        let result = run([
            .init(.began, at: 0, x: 100, y: 300),
            .init(.moved, at: 0.02, x: 101, y: 290),  // within the slop
            .init(.moved, at: 0.04, x: 102, y: 270),  // leaves it, mostly vertically
            .init(.moved, at: 0.06, x: 150, y: 240),  // sideways later: still scrolling
            .init(.moved, at: 0.08, x: 200, y: 200),
            .init(.ended, at: 0.10, x: 200, y: 200),
        ])
        #expect(result.modes == [.pending, .scrolling, .idle])
        #expect(result.scrolled == 100)  // finger moved up 100 pt: content scrolls 100 pt
        #expect(result.selections.isEmpty && result.taps.isEmpty)
    }

    @Test func aHorizontalPanScrubsAcrossARow() {
        let result = run([
            .init(.began, at: 0, x: 10, y: 90),
            .init(.moved, at: 0.03, x: 30, y: 92),  // leaves the slop horizontally: item 4
            .init(.moved, at: 0.06, x: 70, y: 95),  // still item 4: no event
            .init(.moved, at: 0.09, x: 90, y: 95),  // item 5
            .init(.moved, at: 0.12, x: 170, y: 100),  // item 6
            .init(.moved, at: 0.15, x: 250, y: 170),  // item 11 (moved down a row)
            .init(.moved, at: 0.18, x: 250, y: 260),  // item 15, vertical motion keeps scrubbing
            .init(.ended, at: 0.2, x: 250, y: 260),
        ])
        #expect(result.modes == [.pending, .scrubbing, .idle])
        #expect(result.selections == [4, 5, 6, 11, 15])
        #expect(result.scrolled == 0)
        #expect(result.taps.isEmpty)
    }

    @Test func pressAndHoldScrubsEvenVertically() {
        let result = run([
            .init(.began, at: 0, x: 10, y: 10),
            .init(.stationary, at: 0.1, x: 12, y: 11),
            .init(.stationary, at: 0.31, x: 12, y: 11),  // held: scrub item 0
            .init(.moved, at: 0.4, x: 12, y: 100),  // straight down: item 4, no scrolling
            .init(.moved, at: 0.5, x: 12, y: 180),  // item 8
            .init(.moved, at: 0.6, x: 12, y: 100),  // back to item 4
            .init(.ended, at: 0.7, x: 12, y: 100),
        ])
        #expect(result.modes == [.pending, .scrubbing, .idle])
        #expect(result.selections == [0, 4, 8, 4])
        #expect(result.scrolled == 0)
    }

    @Test func aLateFirstMoveAfterTheHoldStillScrubs() {
        // No tick arrived; the first move comes after the hold, far and vertical.
        let result = run([.init(.began, at: 0, x: 10, y: 10), .init(.moved, at: 0.5, x: 12, y: 180), .init(.ended, at: 0.6, x: 12, y: 180)])
        #expect(result.modes == [.pending, .scrubbing, .idle])
        #expect(result.selections == [0, 8])
    }

    @Test func aLongPressWithoutMovementSelectsInsteadOfTapping() {
        let result = run([.init(.began, at: 0, x: 90, y: 10), .init(.ended, at: 0.8, x: 90, y: 10)])
        #expect(result.selections == [1])
        #expect(result.taps.isEmpty)
    }

    @Test func gapsKeepTheLastScrubbedItem() {
        let result = run([
            .init(.began, at: 0, x: 10, y: 10),
            .init(.moved, at: 0.05, x: 40, y: 10),
            .init(.moved, at: 0.1, x: 400, y: 10),  // off the grid: nothing new
            .init(.moved, at: 0.15, x: 30, y: 10),  // back on item 0: already scrubbed
            .init(.moved, at: 0.2, x: 100, y: 10),
            .init(.cancelled, at: 0.25, x: 100, y: 10),
        ])
        #expect(result.selections == [0, 1])
        #expect(result.modes == [.pending, .scrubbing, .idle])
    }

    @Test func diagonalBiasDecides() {
        let steep = [TouchSample(.began, at: 0, x: 100, y: 100), .init(.moved, at: 0.05, x: 110, y: 115)]
        #expect(run(steep).finalMode == .scrolling)
        #expect(run(steep, rules: ScrubRules(horizontalBias: 0.5)).finalMode == .scrubbing)
        let shallow = [TouchSample(.began, at: 0, x: 100, y: 100), .init(.moved, at: 0.05, x: 115, y: 110)]
        #expect(run(shallow).finalMode == .scrubbing)
    }

    @Test func aNewTouchResetsAnUnfinishedOne() {
        let result = run([
            .init(.began, at: 0, x: 10, y: 10), .init(.moved, at: 0.05, x: 40, y: 10),
            .init(.began, at: 1, x: 100, y: 100), .init(.ended, at: 1.05, x: 100, y: 100),
        ])
        #expect(result.modes == [.pending, .scrubbing, .idle, .pending, .idle])
        #expect(result.selections == [0])
        #expect(result.taps == [5])
    }

    @Test func samplesWithoutATouchOrWithBadNumbersAreIgnored() {
        let result = run([
            .init(.moved, at: 0, x: 10, y: 10), .init(.ended, at: 0.1, x: 10, y: 10),
            .init(.began, at: .nan, x: 10, y: 10), .init(.began, at: 0, x: .infinity, y: 10),
        ])
        #expect(result.modes.isEmpty && result.taps.isEmpty && result.selections.isEmpty)
    }
}
