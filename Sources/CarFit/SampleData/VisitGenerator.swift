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
    /// The seed every day's visits derive from, together with the date.
    public var seed: UInt64

    /// A generator; the default seed gives the sample the command shows with `--generated`.
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
        let count = Self.visitCount(weekday: calendar.component(.weekday, from: noon), random: &random)
        let roster = clients()

        var minute = 7 * 60 + 30 + 5 * random.int(in: 0...9)
        var planned: [Visit] = []
        for index in Self.shortRoute(through: random.distinctIndices(count, below: roster.count), roster: roster) {
            let tasks = Self.tasks(random: &random)
            let duration = tasks.compactMap(\.minutes).reduce(0, +)
            guard minute + duration <= 18 * 60,
                let start = calendar.date(
                    from: DateComponents(year: day.year, month: day.month, day: day.day, hour: minute / 60, minute: minute % 60))
            else { break }
            planned.append(
                Visit(
                    id: random.uuidString(),
                    start: start,
                    end: start.addingTimeInterval(TimeInterval(duration * 60)),
                    state: .todo,
                    owner: roster[index],
                    expectedWindow: random.chance(0.6) ? Self.twoHourWindow(around: minute) : nil,
                    tasks: tasks
                )
            )
            minute += duration + 5 * random.int(in: 2...5)
        }
        Self.assignStates(&planned, now: now, random: &random)
        return planned
    }

    /// Sunday off, a short Saturday, full weekdays (`weekday` 1 = Sunday).
    private static func visitCount(weekday: Int, random: inout SeededRandom) -> Int {
        switch weekday {
        case 1: 0
        case 7: random.int(in: 2...3)
        default: random.int(in: 4...7)
        }
    }

    /// One to three different tasks from the real feed's catalogue.
    private static func tasks(random: inout SeededRandom) -> [VisitTask] {
        random.distinctIndices(random.int(in: 1...3), below: SampleCatalog.tasks.count).map { index in
            let task = SampleCatalog.tasks[index]
            return VisitTask(id: random.uuidString(), title: task.title, minutes: task.minutes)
        }
    }

    /// The even-hour two-hour window containing `minute` (`08:00/10:00` for 08:40).
    private static func twoHourWindow(around minute: Int) -> ExpectedTimeWindow? {
        let hour = minute / 60 / 2 * 2
        guard let start = TimeOfDay(hour: hour, minute: 0), let end = TimeOfDay(hour: hour + 2, minute: 0) else { return nil }
        return ExpectedTimeWindow(start: start, end: end)
    }

    /// Todo before the start; InProgress from the start until the next visit starts (the last
    /// one for 30 minutes after its end); then Done, or Rejected about one time in eight.
    private static func assignStates(_ visits: inout [Visit], now: Date, random: inout SeededRandom) {
        for index in visits.indices {
            let visit = visits[index]
            let busyUntil = index + 1 < visits.count ? visits[index + 1].start : (visit.end ?? visit.start).addingTimeInterval(30 * 60)
            if now < visit.start {
                visits[index].state = .todo
            } else if now < busyUntil {
                visits[index].state = .inProgress
            } else {
                visits[index].state = random.chance(0.125) ? .rejected : .done
            }
        }
    }

    /// The clients in the order a planner would drive: from the first, always to the nearest
    /// client not yet visited (greedy nearest neighbour; good enough for a handful of stops).
    private static func shortRoute(through indices: [Int], roster: [HouseOwner]) -> [Int] {
        guard var current = indices.first else { return [] }
        var remaining = Array(indices.dropFirst())
        var route = [current]
        while !remaining.isEmpty {
            let from = roster[current].coordinate
            let nearest =
                remaining.indices.min { a, b in
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
