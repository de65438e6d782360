import CarFit
import Facts
import Foundation
import Schedule
import ScreenKit
import SharedNetworking

/// Each exercise's real feed, bytes → the view state its screen shows, against the floor: a
/// plain `JSONDecoder` decode of the same bytes into minimal structs (no repair, no diagnostics,
/// no presentation). Plus the two synthetic feeds of the issue: 10,000 games, 100,000 visits.
enum FixtureBenchmarks {
    static func all() -> [DecodeBenchmark] {
        [
            DecodeBenchmark(
                name: "json-schedule", title: "schedule.json → ScheduleViewState (sections, rows, sticky layout) vs JSONDecoder",
                runs: smallFeedRuns, document: { _ in try fixture(ScheduleSource.bundled()) }, ours: ScheduleWork.screen,
                floor: ScheduleWork.floor,
                decodeOnly: ScheduleWork.decode, extra: [("ours, first load: the screen's builder made too", ScheduleWork.firstScreen)]),
            DecodeBenchmark(
                name: "json-carfit", title: "carfit.json → visits by day and every day's cards vs JSONDecoder",
                runs: smallFeedRuns, document: { _ in try fixture(CarFitSource.bundled()) }, ours: CarFitWork.cards,
                floor: CarFitWork.floor,
                decodeOnly: CarFitWork.decode, extra: [("ours, first load: the screen's formatter made too", CarFitWork.firstCards)]),
            DecodeBenchmark(
                name: "json-facts", title: "facts.json (Mac Roman) → the screen's state vs JSONDecoder of the same text as UTF-8",
                runs: smallFeedRuns, document: { _ in try fixture(FactsSource.bundled()) }, ours: FactsWork.state, floor: FactsWork.floor,
                decodeOnly: FactsWork.decode),
            DecodeBenchmark(
                name: "json-schedule-10k", title: "a synthetic 10,000-game schedule feed → ScheduleViewState vs JSONDecoder", runs: 7,
                document: { scale in try Synthetic.schedule(games: scale == .full ? 10_000 : 50) }, ours: ScheduleWork.screen,
                floor: ScheduleWork.floor, decodeOnly: ScheduleWork.decode),
            DecodeBenchmark(
                name: "json-carfit-100k", title: "a synthetic 100,000-visit CarFit feed → visits by day and cards vs JSONDecoder", runs: 5,
                document: { scale in try Synthetic.carfit(visits: scale == .full ? 100_000 : 100) }, ours: CarFitWork.cards,
                floor: CarFitWork.floor, decodeOnly: CarFitWork.decode),
        ]
    }

    /// Timed runs for the real feeds: each takes well under a millisecond, so 15 runs last a few
    /// milliseconds and one burst of other work on the machine moves a whole row's median.
    static let smallFeedRuns = 201

    /// The bytes of a bundled feed.
    static func fixture(_ source: FeedSource) throws -> Data {
        guard case .file(let url) = source else { throw BenchmarkError("expected a bundled file, got \(source)") }
        return try Data(contentsOf: url)
    }

    static let loader = FeedLoader(client: OfflineHTTPClient(), options: FeedDecodingOptions(maxBytes: 256 << 20))
}

/// A fixed locale, time zone and time, so every run does the same work.
enum Fixed {
    static let timeZone = TimeZone(identifier: "Europe/Copenhagen") ?? .gmt
    static let locale = Locale(identifier: "en_US")
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = locale
        return calendar
    }()
    static let now = Date(timeIntervalSince1970: 1_599_724_800)  // 2020-09-10
}

enum ScheduleWork {
    static let context = ScheduleDisplayContext(locale: Fixed.locale, timeZone: Fixed.timeZone, calendar: Fixed.calendar, now: Fixed.now)
    /// The screen's builder, made once as the view-model makes it (its formatters are ICU's);
    /// ``firstScreen(_:)`` includes making it.
    static let builder = ScheduleViewStateBuilder(context: context)

    @Sendable static func screen(_ data: Data) async throws {
        let feed = try FixtureBenchmarks.loader.decode(ScheduleFeed.self, from: data, sourceName: "schedule.json").value
        let state = builder.build(feed, now: Fixed.now)
        guard !state.allRows.isEmpty, state.layout.contentHeight > 0 else { throw BenchmarkError("empty schedule") }
    }

    /// The first load of a screen: the builder (and its formatters) made too.
    @Sendable static func firstScreen(_ data: Data) throws {
        let feed = try FixtureBenchmarks.loader.decode(ScheduleFeed.self, from: data, sourceName: "schedule.json").value
        let state = ScheduleViewStateBuilder(context: context).build(feed)
        guard !state.allRows.isEmpty, state.layout.contentHeight > 0 else { throw BenchmarkError("empty schedule") }
    }

    @Sendable static func decode(_ data: Data) throws {
        _ = try FixtureBenchmarks.loader.decode(ScheduleFeed.self, from: data, sourceName: "schedule.json")
    }

    @Sendable static func floor(_ data: Data) throws {
        _ = try JSONDecoder().decode(Feed.self, from: data)
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    struct Feed: Decodable {
        var GameSection: [Section]
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    struct Section: Decodable {
        var Heading: String
        var Game: [Game]
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    struct Game: Decodable {
        var Id: Int?
        var Week: String?
        var GameState: String?
        var `Type`: String?
        var IsHome: Bool?
        var Result: String?
        var Date: GameDate?
        var Opponent: Team?
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    struct GameDate: Decodable {
        var Timestamp: String?
        var IsTBA: String?
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    struct Team: Decodable {
        var TriCode: String?
        var Name: String?
        var City: String?
    }
}

enum CarFitWork {
    /// The screen's card formatter, made once as the view-model makes it (it remembers the texts
    /// it formatted); ``firstCards(_:)`` makes a new one.
    static let formatter = VisitCardFormatter(calendar: Fixed.calendar)

    @Sendable static func cards(_ data: Data) async throws {
        let visits = try FixtureBenchmarks.loader.decode(CarFitFeed.self, from: data, sourceName: "carfit.json").value.visits(
            source: "carfit.json")
        let schedule = VisitSchedule(visits: visits, calendar: Fixed.calendar)
        let cards = formatter.cardsByDay(schedule).values.reduce(0) { $0 + $1.count }
        guard cards == schedule.count, cards > 0 else { throw BenchmarkError("cards lost") }
    }

    /// The first load of a screen: the formatter made too, nothing formatted yet.
    @Sendable static func firstCards(_ data: Data) throws {
        let visits = try FixtureBenchmarks.loader.decode(CarFitFeed.self, from: data, sourceName: "carfit.json").value.visits(
            source: "carfit.json")
        let schedule = VisitSchedule(visits: visits, calendar: Fixed.calendar)
        let cards = VisitCardFormatter(calendar: Fixed.calendar).cardsByDay(schedule).values.reduce(0) { $0 + $1.count }
        guard cards == schedule.count, cards > 0 else { throw BenchmarkError("cards lost") }
    }

    @Sendable static func decode(_ data: Data) throws {
        _ = try FixtureBenchmarks.loader.decode(CarFitFeed.self, from: data, sourceName: "carfit.json").value.visits(source: "carfit.json")
    }

    @Sendable static func floor(_ data: Data) throws {
        _ = try JSONDecoder().decode(Response.self, from: data)
    }

    struct Response: Decodable {
        var data: [Visit]
    }

    struct Visit: Decodable {
        var visitId: String
        var startTimeUtc: String
        var houseOwnerFirstName: String?
        var houseOwnerLastName: String?
        var houseOwnerAddress: String?
        var houseOwnerLatitude: Double?
        var houseOwnerLongitude: Double?
        var visitState: String?
        var expectedTime: String?
        var tasks: [Task]?
    }

    struct Task: Decodable {
        var title: String?
        var timesInMinutes: Int?
    }
}

enum FactsWork {
    static let loader = FeedLoader(client: OfflineHTTPClient(), options: FactsSource.decodingOptions)

    @Sendable static func state(_ data: Data) async throws {
        let feed = try loader.decode(FactsFeed.self, from: data, sourceName: "facts.json").value
        let state = ScreenState(phase: .loaded, content: feed)
        guard state.content?.rows.isEmpty == false else { throw BenchmarkError("no rows") }
    }

    @Sendable static func decode(_ data: Data) throws {
        _ = try loader.decode(FactsFeed.self, from: data, sourceName: "facts.json")
    }

    @Sendable static func floor(_ data: Data) throws {
        _ = try JSONDecoder().decode(Feed.self, from: data)
    }

    struct Feed: Decodable {
        var title: String?
        var rows: [Row]
    }

    struct Row: Decodable {
        var title: String?
        var description: String?
        var imageHref: String?
    }
}

/// Large feeds made from the real ones: their games and visits repeated with new ids and dates.
enum Synthetic {
    static func schedule(games count: Int) throws -> Data {
        let fixture = try JSONSerialization.jsonObject(with: FixtureBenchmarks.fixture(ScheduleSource.bundled())) as? [String: Any] ?? [:]
        let sections = fixture["GameSection"] as? [[String: Any]] ?? []
        let games = sections.flatMap { $0["Game"] as? [[String: Any]] ?? [] }
        guard !games.isEmpty else { throw BenchmarkError("the schedule fixture has no games") }
        var made: [[String: Any]] = []
        made.reserveCapacity(count)
        for index in 0..<count {
            var game = games[index % games.count]
            game["Id"] = 3_000_000_000 + index
            if var date = game["Date"] as? [String: Any] {
                let day = Date(timeIntervalSince1970: 1_600_000_000 + Double(index) * 3_600)
                date["Timestamp"] = ISO8601DateFormatter().string(from: day)
                game["Date"] = date
            }
            made.append(game)
        }
        var document = fixture
        document["GameSection"] = stride(from: 0, to: made.count, by: 500).map { start in
            ["Heading": "SEASON \(start / 500 + 1)", "Game": Array(made[start..<min(start + 500, made.count)])] as [String: Any]
        }
        document["DefaultGameId"] = nil
        return try JSONSerialization.data(withJSONObject: document)
    }

    static func carfit(visits count: Int) throws -> Data {
        let fixture = try JSONSerialization.jsonObject(with: FixtureBenchmarks.fixture(CarFitSource.bundled())) as? [String: Any] ?? [:]
        let visits = fixture["data"] as? [[String: Any]] ?? []
        guard !visits.isEmpty else { throw BenchmarkError("the CarFit fixture has no visits") }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .gmt
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        var made: [[String: Any]] = []
        made.reserveCapacity(count)
        for index in 0..<count {
            var visit = visits[index % visits.count]
            visit["visitId"] = String(format: "00000000-0000-4000-8000-%012d", index)
            let start = Date(timeIntervalSince1970: 1_598_918_400 + Double(index / 8) * 86_400 / 2 + Double(index % 8) * 3_600)
            visit["startTimeUtc"] = formatter.string(from: start)
            visit["endTimeUtc"] = formatter.string(from: start.addingTimeInterval(1_800))
            made.append(visit)
        }
        var document = fixture
        document["data"] = made
        return try JSONSerialization.data(withJSONObject: document)
    }
}
