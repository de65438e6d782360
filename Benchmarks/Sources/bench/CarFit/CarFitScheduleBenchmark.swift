import CarFit
import Foundation
import SharedNetworking

/// 100,000 decoded visits arranged the way the list needs them: grouped by day in the worker's
/// time zone, sorted by start, duplicates reported, and every card with its distance from the
/// previous visit. The peer is what one writes without the module: `Dictionary(grouping:)` on
/// `Calendar.startOfDay`, a sort, and the haversine formula per consecutive pair.
struct CarFitScheduleBenchmark: Benchmark {
    let name = "carfit-100k"
    let title = "100,000 visits: group by day, sort, distances and cards vs Dictionary(grouping:) + sort + haversine"
    let runs = 5

    func prepare(in directory: URL, scale: Scale) async throws -> String {
        let data = try Synthetic.carfit(visits: scale == .full ? 100_000 : 100)
        try data.write(to: directory.appendingPathComponent("visits.json"))
        return "\(scale == .full ? 100_000 : 100) visits (decoded once, outside the timing)"
    }

    func contenders(in directory: URL, scale: Scale) throws -> [Contender] {
        let data = try Data(contentsOf: directory.appendingPathComponent("visits.json"))
        let visits = try FixtureBenchmarks.loader.decode(CarFitFeed.self, from: data, sourceName: "visits.json").value.visits(
            source: "visits.json")
        return [
            .ours("ours: VisitSchedule + VisitCardFormatter") {
                let schedule = VisitSchedule(visits: visits, calendar: Fixed.calendar)
                let cards = CarFitWork.formatter.cardsByDay(schedule).values.reduce(0) { $0 + $1.count }
                guard cards == schedule.count else { throw BenchmarkError("cards lost") }
            },
            .ours("ours, first load: a new VisitCardFormatter") {
                let schedule = VisitSchedule(visits: visits, calendar: Fixed.calendar)
                let cards = VisitCardFormatter(calendar: Fixed.calendar).cardsByDay(schedule).values.reduce(0) { $0 + $1.count }
                guard cards == schedule.count else { throw BenchmarkError("cards lost") }
            },
            .ours("ours, VisitSchedule alone (no cards)") {
                let schedule = VisitSchedule(visits: visits, calendar: Fixed.calendar)
                guard schedule.count > 0 else { throw BenchmarkError("no visits") }
            },
            .peer("grouping + sort + haversine only") {
                let byDay = Dictionary(grouping: visits) { Fixed.calendar.startOfDay(for: $0.start) }
                var total = 0.0
                for (_, dayVisits) in byDay {
                    let sorted = dayVisits.sorted { $0.start < $1.start }
                    for (previous, next) in zip(sorted, sorted.dropFirst()) {
                        guard let from = previous.owner.coordinate, let to = next.owner.coordinate else { continue }
                        total += haversine(from.latitude, from.longitude, to.latitude, to.longitude)
                    }
                }
                guard total >= 0 else { throw BenchmarkError("negative distance") }
            },
        ]
    }

    private func haversine(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let a =
            pow(sin((lat2 - lat1) * radians / 2), 2) + cos(lat1 * radians) * cos(lat2 * radians) * pow(sin((lon2 - lon1) * radians / 2), 2)
        return 2 * 6_371_000 * asin(min(1, sqrt(a)))
    }
}

/// The month calendar: 120 month grids (ten years) as the calendar view pages through them.
struct CalendarMonthsBenchmark: Benchmark {
    let name = "carfit-calendar"
    let title = "120 month grids (weeks and days, Monday first) vs Calendar.range + dateComponents per day"
    let runs = 9

    func prepare(in directory: URL, scale: Scale) async throws -> String { "2015-01 … 2024-12, en_US calendar in Europe/Copenhagen" }

    func contenders(in directory: URL, scale: Scale) throws -> [Contender] {
        let months = (0..<(scale == .full ? 120 : 12)).map { CalendarMonth(year: 2015 + $0 / 12, month: $0 % 12 + 1) }
        return [
            .ours("ours: MonthGrid") {
                var days = 0
                for month in months { days += MonthGrid(month: month, calendar: Fixed.calendar).weeks.reduce(0) { $0 + $1.count } }
                guard days >= months.count * 28 else { throw BenchmarkError("short months") }
            },
            .peer("Foundation: range(of:in:) + date(byAdding:) per day") {
                var days = 0
                for month in months {
                    let first = Fixed.calendar.date(from: DateComponents(year: month.year, month: month.month, day: 1)) ?? Fixed.now
                    let count = Fixed.calendar.range(of: .day, in: .month, for: first)?.count ?? 0
                    for offset in 0..<count {
                        let day = Fixed.calendar.date(byAdding: .day, value: offset, to: first) ?? first
                        days += Fixed.calendar.component(.weekday, from: day) > 0 ? 1 : 0
                    }
                }
                guard days >= months.count * 28 else { throw BenchmarkError("short months") }
            },
        ]
    }
}
