import Foundation
import SharedNetworking

/// The texts of a batch of cards, each distinct one formatted once.
///
/// Formatting a time, a number or a distance with Foundation's formatters costs microseconds;
/// 100,000 cards share a few hundred start times, expected windows, durations and rounded
/// distances. The key of each cache is exactly what the text depends on (the wall-clock minute
/// in the worker's zone, the window, the minutes, the rounded distance), so a cached text is
/// the text formatting again would give.
struct VisitCardTexts {
    private let formatter: VisitCardFormatter
    private var clock: WallClock
    private var startTimes: [Int: String] = [:]
    private var windows: [ExpectedTimeWindow: String] = [:]
    private var clockLines: [ClockLineKey: String] = [:]
    private var durations: [Int: String] = [:]
    private var distances: [Int: (text: String, spoken: String)] = [:]

    private struct ClockLineKey: Hashable {
        var minute: Int
        var window: ExpectedTimeWindow
    }

    init(formatter: VisitCardFormatter) {
        self.formatter = formatter
        clock = WallClock(timeZone: formatter.timeZone)
    }

    /// The start time and the clock line (`10:05 / 08:00-10:00`) of a visit.
    mutating func times(of visit: Visit) -> (start: String, window: String?, line: String) {
        guard let minute = clock.civilTime(of: visit.start).map({ $0.second / 60 }) else {
            let start = formatter.startTimeText(visit.start)
            let window = visit.expectedWindow.map(formatter.windowText)
            return (start, window, window.map { "\(start) / \($0)" } ?? start)
        }
        let start = Self.cached(&startTimes, minute) { formatter.startTimeText(visit.start) }
        guard let window = visit.expectedWindow else { return (start, nil, start) }
        let windowText = Self.cached(&windows, window) { formatter.windowText(window) }
        let line = Self.cached(&clockLines, ClockLineKey(minute: minute, window: window)) { "\(start) / \(windowText)" }
        return (start, windowText, line)
    }

    /// `55 min`.
    mutating func duration(_ minutes: Int) -> String {
        Self.cached(&durations, minutes) { formatter.durationText(minutes) }
    }

    /// `0.5 km` and `0.5 km from the previous visit`.
    mutating func distance(meters: Double) -> (text: String, spoken: String) {
        let shown = formatter.distance.shownValue(meters: meters)
        return Self.cached(&distances, shown) {
            let text = formatter.distance.string(shown: shown)
            return (text, formatter.strings.distanceFromPrevious(text))
        }
    }

    private static func cached<Key: Hashable, Value>(_ cache: inout [Key: Value], _ key: Key, _ make: () -> Value) -> Value {
        if let value = cache[key] { return value }
        let value = make()
        cache[key] = value
        return value
    }
}
