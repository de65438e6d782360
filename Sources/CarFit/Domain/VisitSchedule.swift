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
    public init(visits: [Visit], calendar: Calendar) {
        var seen: [VisitOccurrenceID: Visit] = [:]
        var repeats: [VisitOccurrenceID: (count: Int, differs: Bool)] = [:]
        var unique: [(offset: Int, visit: Visit)] = []
        for (offset, visit) in visits.enumerated() {
            let identity = visit.occurrenceID
            if let first = seen[identity] {
                let previous = repeats[identity] ?? (count: 1, differs: false)
                repeats[identity] = (previous.count + 1, previous.differs || first != visit)
            } else {
                seen[identity] = visit
                unique.append((offset, visit))
            }
        }

        var days = DayOfInstant(calendar: calendar)
        var byDay: [CalendarDay: [(offset: Int, visit: Visit)]] = [:]
        for entry in unique {
            byDay[days.day(of: entry.visit.start), default: []].append(entry)
        }
        visitsByDay = byDay.mapValues { entries in
            entries.sorted { ($0.visit.start, $0.offset) < ($1.visit.start, $1.offset) }.map(\.visit)
        }

        diagnostics = unique.compactMap { entry -> Diagnostic? in
            let identity = entry.visit.occurrenceID
            guard let repeated = repeats[identity] else { return nil }
            let copies = repeated.differs ? "the copies differ; the first is shown" : "shown once"
            return Diagnostic(
                .dropped,
                path: "data",
                message: "visit \(identity.visitID) at \(identity.start.formatted(.iso8601)) is listed \(repeated.count) times; \(copies)"
            )
        }
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
