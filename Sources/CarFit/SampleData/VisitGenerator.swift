import Foundation
import SharedNetworking

/// Realistic visits for any date, the same for the same seed: sample data so the screen shows
/// something on any "today" (the real sample only covers three days of September 2020).
///
/// - A roster of 30 clients with Danish names, phone numbers and Copenhagen-area addresses;
///   each day's clients are visited in a short route (always the nearest next).
/// - Monday to Friday 4–7 visits, Saturday 2–3, Sunday none; the first starts 07:30–08:15
///   local time, each follows the previous one after 10–25 minutes of driving.
/// - 1–3 tasks per visit from the real feed's tasks; about 60 % have a two-hour expected window.
/// - States follow the clock: before its start a visit is Todo; from its start until the next
///   visit starts (the worker finishing and driving on) it is InProgress; after that Done, or
///   Rejected for about one in eight.
/// - Each day is generated from the seed and the date alone, so a day looks the same whatever
///   the anchor date of the call.
public struct VisitGenerator: Sendable, Hashable {
    public var seed: UInt64

    public init(seed: UInt64 = 2020) {
        self.seed = seed
    }

    /// Visits of the month containing `now` in `calendar` and of the months before and after it.
    public func visits(around now: Date, calendar: Calendar) -> [Visit] {
        let month = CalendarDay(now, in: calendar).calendarMonth
        return [month.previous, month, month.next].flatMap { month in
            MonthGrid(month: month, calendar: calendar).weeks.joined()
                .filter(\.isInMonth)
                .flatMap { visits(on: $0.day, now: now, calendar: calendar) }
        }
    }

    /// The visits of one day, in start order, with times in `calendar`'s time zone.
    public func visits(on day: CalendarDay, now: Date, calendar: Calendar) -> [Visit] {
        guard let noon = day.noon(in: calendar) else { return [] }
        let dayKey = UInt64(bitPattern: Int64(day.year * 10_000 + day.month * 100 + day.day))
        var random = SeededRandom(seed: seed ^ dayKey &* 0x2545_F491_4F6C_DD1D)
        let count: Int
        switch calendar.component(.weekday, from: noon) {
        case 1: count = 0
        case 7: count = random.int(in: 2...3)
        default: count = random.int(in: 4...7)
        }
        let roster = clients()
        var minute = 7 * 60 + 30 + 5 * random.int(in: 0...9)
        var planned: [Visit] = []
        for index in Self.shortRoute(through: random.distinctIndices(count, below: roster.count), roster: roster) {
            let tasks = random.distinctIndices(random.int(in: 1...3), below: SampleCatalog.tasks.count).map { taskIndex in
                let task = SampleCatalog.tasks[taskIndex]
                return VisitTask(id: random.uuidString(), title: task.title, minutes: task.minutes)
            }
            let duration = tasks.compactMap(\.minutes).reduce(0, +)
            guard minute + duration <= 18 * 60,
                let start = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: minute / 60, minute: minute % 60))
            else { break }
            let windowStart = (minute / 60) / 2 * 2
            let window = random.chance(0.6)
                ? TimeOfDay(hour: windowStart, minute: 0).flatMap { from in TimeOfDay(hour: windowStart + 2, minute: 0).map { ExpectedTimeWindow(start: from, end: $0) } }
                : nil
            planned.append(
                Visit(
                    id: random.uuidString(),
                    start: start,
                    end: start.addingTimeInterval(TimeInterval(duration * 60)),
                    state: .todo,
                    owner: roster[index],
                    expectedWindow: window,
                    tasks: tasks
                )
            )
            minute += duration + 5 * random.int(in: 2...5)
        }

        for index in planned.indices {
            let visit = planned[index]
            let end = visit.end ?? visit.start
            let busyUntil = index + 1 < planned.count ? planned[index + 1].start : end.addingTimeInterval(30 * 60)
            if now < visit.start {
                planned[index].state = .todo
            } else if now < busyUntil {
                planned[index].state = .inProgress
            } else {
                planned[index].state = random.chance(0.125) ? .rejected : .done
            }
        }
        return planned
    }

    /// The clients in the order a planner would drive: from the first, always to the nearest
    /// client not yet visited (greedy nearest neighbour; good enough for a handful of stops).
    private static func shortRoute(through indices: [Int], roster: [HouseOwner]) -> [Int] {
        guard var current = indices.first else { return [] }
        var remaining = Array(indices.dropFirst())
        var route = [current]
        while !remaining.isEmpty {
            let from = roster[current].coordinate
            let nearest = remaining.indices.min { a, b in
                distance(from, roster[remaining[a]].coordinate) < distance(from, roster[remaining[b]].coordinate)
            } ?? 0
            current = remaining.remove(at: nearest)
            route.append(current)
        }
        return route
    }

    private static func distance(_ a: GeoCoordinate?, _ b: GeoCoordinate?) -> Double {
        guard let a, let b else { return .infinity }
        return Haversine.distance(from: a, to: b)
    }

    /// The same 30 clients for a seed, whatever the day.
    private func clients() -> [HouseOwner] {
        var random = SeededRandom(seed: seed)
        return (0..<30).map { _ in
            let street = random.pick(SampleCatalog.streets)
            let number = random.int(in: 1...140)
            // Spread house numbers along the street: about 10 m per number, either direction.
            let offset = Double(number - 70) * 0.0001
            return HouseOwner(
                firstName: random.pick(SampleCatalog.firstNames),
                lastName: random.pick(SampleCatalog.lastNames),
                mobilePhone: "+45" + String(random.int(in: 20_000_000...61_999_999)),
                address: PostalAddress(street: "\(street.name) \(number)", zip: street.zip, city: street.city),
                coordinate: GeoCoordinate(latitude: street.latitude + offset * 0.6, longitude: street.longitude + offset)
            )
        }
    }
}

/// Visits from ``VisitGenerator`` around the clock's "now": sample data on any day.
public struct GeneratedVisitsSource: VisitsSource {
    public var generator: VisitGenerator
    public var clock: any AppClock
    /// The worker's calendar: its time zone places the generated working hours.
    public var calendar: Calendar

    public init(generator: VisitGenerator = VisitGenerator(), clock: any AppClock, calendar: Calendar) {
        self.generator = generator
        self.clock = clock
        self.calendar = calendar
    }

    public func fetchVisits() async throws(CarFitError) -> VisitBatch {
        VisitBatch(visits: generator.visits(around: clock.now, calendar: calendar))
    }
}
