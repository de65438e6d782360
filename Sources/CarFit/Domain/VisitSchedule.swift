import Foundation
import SharedNetworking

/// The visits of a worker arranged as the list shows them: one occurrence per card, grouped by
/// the day they start on in the worker's time zone, each day in start-time order.
///
/// This is where the feed's repetitions are resolved. The same `visitId` on different days (or
/// at different times) is a recurring booking: every occurrence is kept. The same `visitId` at
/// the same start is the same occurrence listed twice: the first is kept and the repeat is
/// reported, so the worker never sees a visit twice and nothing is lost silently.
public struct VisitSchedule: Sendable, Equatable {
    /// Visits per day, each day ordered by start time (feed order breaks ties).
    public private(set) var visitsByDay: [CalendarDay: [Visit]]
    /// One diagnostic per repeated occurrence.
    public private(set) var diagnostics: [Diagnostic]

    /// Arranges `visits` by day in `calendar`'s time zone.
    ///
    /// Works on positions in `visits` and copies each visit once, into its day: a `Visit` is a
    /// dozen strings and arrays, and copying it is what 100,000 of them cost.
    public init(visits: [Visit], calendar: Calendar) {
        let (visitsByDay, diagnostics) = visits.withUnsafeBufferPointer { Self.arrange($0, calendar: calendar) }
        self.visitsByDay = visitsByDay
        self.diagnostics = diagnostics
    }

    /// The work of ``init(visits:calendar:)`` on the visits read in place.
    private static func arrange(_ visits: UnsafeBufferPointer<Visit>, calendar: Calendar) -> ([CalendarDay: [Visit]], [Diagnostic]) {
        var firstPosition: [VisitOccurrenceID: Int] = [:]
        firstPosition.reserveCapacity(visits.count)
        var repeats: [Int: (count: Int, differs: Bool)] = [:]
        var unique: [Int] = []
        unique.reserveCapacity(visits.count)
        for position in visits.indices {
            // One hash lookup: the entry is created with this position if the occurrence is new.
            var isNew = false
            visit(&firstPosition[visits[position].occurrenceID, default: position]) { isNew = $0 == position }
            if isNew {
                unique.append(position)
            } else if let first = firstPosition[visits[position].occurrenceID] {
                let previous = repeats[first] ?? (count: 1, differs: false)
                repeats[first] = (previous.count + 1, previous.differs || visits[first] != visits[position])
            }
        }

        var days = DayOfInstant(calendar: calendar)
        var byDay: [CalendarDay: [Int]] = [:]
        for position in unique {
            byDay[days.day(of: visits[position].start), default: []].append(position)
        }
        var arranged: [CalendarDay: [Visit]] = [:]
        arranged.reserveCapacity(byDay.count)
        for (day, positions) in byDay {
            // Positions are in feed order, so the position breaks ties between equal starts.
            let sorted = positions.sorted { (visits[$0].start, $0) < (visits[$1].start, $1) }
            arranged[day] = sorted.map { visits[$0] }
        }

        let diagnostics = unique.compactMap { position -> Diagnostic? in
            guard let repeated = repeats[position] else { return nil }
            let identity = visits[position].occurrenceID
            let copies = repeated.differs ? "the copies differ; the first is shown" : "shown once"
            return Diagnostic(
                .dropped,
                path: "data",
                message: "visit \(identity.visitID) at \(identity.start.formatted(.iso8601)) is listed \(repeated.count) times; \(copies)"
            )
        }
        return (arranged, diagnostics)
    }

    /// Runs `body` on a value in place (for a dictionary's defaulted subscript: one lookup).
    private static func visit(_ value: inout Int, _ body: (Int) -> Void) {
        body(value)
    }

    /// The visits starting on `day`, in start-time order; empty if there are none.
    public func visits(on day: CalendarDay) -> [Visit] {
        visitsByDay[day] ?? []
    }

    /// Days that have at least one visit, in calendar order.
    public var days: [CalendarDay] {
        visitsByDay.keys.sorted()
    }

    /// How many distinct occurrences there are.
    public var count: Int {
        visitsByDay.values.reduce(0) { $0 + $1.count }
    }
}
