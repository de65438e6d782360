import Foundation
import ScreenKit
import SharedNetworking

/// The texts of cards, each distinct one formatted once per screen.
///
/// Formatting a time, a number or a distance with Foundation's formatters costs microseconds;
/// a worker's visits share a few start times, expected windows, durations and rounded
/// distances, and a refresh shows mostly the same ones again. The memos belong to the
/// ``VisitCardFormatter`` (one per screen); the key of each is exactly what the text depends on
/// (the wall-clock minute in the worker's zone, the window, the minutes, the rounded
/// distance), so a remembered text is the text formatting again would give.
struct VisitCardTexts: Sendable {
    struct Memos: Sendable {
        let startTimes = FormattedTextMemo<Int, String>()
        let windows = FormattedTextMemo<ExpectedTimeWindow, String>()
        let clockLines = FormattedTextMemo<ClockLineKey, String>()
        let durations = FormattedTextMemo<Int, String>()
        let distances = FormattedTextMemo<Int, DistanceTexts>()
        let spokenWindows = FormattedTextMemo<ExpectedTimeWindow, String>()
        let spokenDurations = FormattedTextMemo<Int, String>()
    }

    struct ClockLineKey: Hashable, Sendable {
        var minute: Int
        var window: ExpectedTimeWindow
    }

    struct DistanceTexts: Sendable {
        var text: String
        var spoken: String
    }

    private let formatter: VisitCardFormatter
    private let memos: Memos
    /// The zone's offsets, learnt once per batch of cards.
    private var clock: CivilTimeConverter

    init(formatter: VisitCardFormatter, memos: Memos) {
        self.formatter = formatter
        self.memos = memos
        clock = CivilTimeConverter(timeZone: formatter.timeZone)
    }

    /// The start time, the expected window and the clock line (`10:05 / 08:00-10:00`) of a
    /// visit that starts at `instant` (the two fields, not the visit: a copy of a visit costs a
    /// dozen reference counts).
    mutating func times(start instant: Date, window expected: ExpectedTimeWindow?) -> (start: String, window: String?, line: String) {
        guard let minute = clock.civilTime(of: instant).map({ $0.second / 60 }) else {
            let start = formatter.startTimeText(instant)
            let window = expected.map(formatter.windowText)
            return (start, window, window.map { "\(start) / \($0)" } ?? start)
        }
        let start = memos.startTimes.value(for: minute) { formatter.startTimeText(instant) }
        guard let window = expected else { return (start, nil, start) }
        let windowText = memos.windows.value(for: window) { formatter.windowText(window) }
        let line = memos.clockLines.value(for: ClockLineKey(minute: minute, window: window)) { "\(start) / \(windowText)" }
        return (start, windowText, line)
    }

    /// `55 min`.
    func duration(_ minutes: Int) -> String {
        memos.durations.value(for: minutes) { formatter.durationText(minutes) }
    }

    /// `08:00 to 10:00`.
    func spokenWindow(_ window: ExpectedTimeWindow) -> String {
        memos.spokenWindows.value(for: window) { formatter.spokenWindowText(window) }
    }

    /// `55 minutes`.
    func spokenDuration(_ minutes: Int) -> String {
        memos.spokenDurations.value(for: minutes) { formatter.spokenDurationText(minutes) }
    }

    /// `0.5 km` and `0.5 km from the previous visit`.
    func distance(meters: Double) -> DistanceTexts {
        let shown = formatter.distance.shownValue(meters: meters)
        return memos.distances.value(for: shown) {
            let text = formatter.distance.string(shown: shown)
            return DistanceTexts(text: text, spoken: formatter.strings.distanceFromPrevious(text))
        }
    }
}
