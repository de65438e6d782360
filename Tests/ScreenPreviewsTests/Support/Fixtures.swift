import CarFit
import Facts
import Foundation
import HooSets
import Schedule
import ScreenKit
import ScreenPreviews
import SharedNetworking
import Testing
import Trivia
import TriviaHost

/// Strings a hostile feed might carry, for the escaping tests.
enum Hostile {
    static let script = "<script>alert(1)</script>"
    static let image = "<img src=x onerror=\"document.body.setAttribute('data-pwned','1')\">"
    static let attribute = "\" onmouseover=\"document.body.setAttribute('data-pwned','1')\" x=\""
    static let javascriptURL = URL(string: "javascript:document.body.setAttribute('data-pwned','1')")
}

/// A disk cache like the resource pipeline's, in a fresh temporary directory.
struct ScratchDiskCache {
    let directory: URL
    let cache: DiskCache

    init() throws {
        directory = try Fixtures.temporaryDirectory("disk-cache")
        cache = DiskCache(directory: directory, sizeLimit: 1 << 20, clock: ManualClock(now: Date(timeIntervalSince1970: 0)))
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// The real view states the pages are drawn from.
enum Fixtures {
    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("previews-\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The nine bundled Hoo sets (extracted into `caches`), laid out for 320 × 480 at 2x with
    /// `selection` selected, as `exercises hoosets --select` builds it.
    static func hooSets(caches: URL, selection: HooID? = HooID(set: 1, hoo: 1)) async throws -> HooSetsViewState {
        let loaded = try await HooSetsSource.bundled(caches: caches).load()
        let screen = HooSetsViewStateBuilder(
            feed: loaded.value, displayScale: .x2, viewport: LayoutSize(width: 320, height: 480), artwork: .bundled(scale: .x2))
        return screen.state(layout: screen.layout, selection: selection, contentOffsetY: 0)
    }

    /// Every screen the player "you" sees in a simulated competition over `questions`, with a
    /// wrong first answer (so the wild-card is offered and used) and right answers after it.
    static func triviaScreens(_ questions: [TriviaQuestion], title: String = "General Knowledge", players: Int = 5) -> [TriviaViewState] {
        let set = TriviaQuestionSet(id: CompetitionID("preview"), title: title, questions: questions)
        let answers: [TriviaBot.ScriptedAnswer] = questions.enumerated().map { index, question in
            .choice(index == 0 ? (question.answer + 1) % question.choices.count : question.answer)
        }
        let start = Date(timeIntervalSince1970: 1_599_724_800)
        var bots = TriviaSimulationSettings.bots(count: players, seed: 3)
        bots.insert(
            TriviaBot(
                identity: TriviaIdentity(user: "you", displayName: "You"), token: "token-you", balance: 1, strategy: .scripted(answers),
                thinkTime: 1.5...4.5),
            at: 0)
        var simulation = TriviaSimulation(
            settings: TriviaSimulationSettings(seed: 3, questionSet: set, startsAt: start.addingTimeInterval(5), bots: bots))
        let builder = TriviaViewStateBuilder(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC") ?? .gmt)
        var screens: [TriviaViewState] = []
        _ = simulation.run { observation in
            if case .stateChanged(0, let state, let time) = observation {
                screens.append(builder.screen(for: state, at: time))
            }
        }
        return screens
    }

    /// The bundled CarFit sample on its reference day (10 September 2020, 08:00 UTC) with the
    /// calendar open, as `exercises carfit` shows it.
    @MainActor
    static func carFit(days: [CalendarDay] = []) async throws -> CleanerListViewState {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: "en_US")
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        let model = CleanerListViewModel(
            loader: CarFitFeedLoader(
                source: try CarFitSource.bundled(), network: FeedNetwork(client: URLSessionHTTPClient(configuration: .ephemeral))),
            clock: ManualClock(now: Date(timeIntervalSince1970: 1_599_724_800)), calendar: calendar, timeZone: calendar.timeZone)
        await model.load()
        if !days.isEmpty { model.calendarViewModel.select(days) }
        model.calendarViewModel.present()
        return try #require(model.state.content)
    }

    /// The bundled Packers schedule in en_US, New York time.
    static func schedule() async throws -> ScheduleViewState {
        let zone = TimeZone(identifier: "America/New_York") ?? .gmt
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let loaded = try await ScheduleFeedLoader(
            source: try ScheduleSource.bundled(), network: FeedNetwork(client: URLSessionHTTPClient(configuration: .ephemeral))
        )
        .load()
        let context = ScheduleDisplayContext(
            locale: Locale(identifier: "en_US"), timeZone: zone, calendar: calendar, now: Date(timeIntervalSince1970: 1_599_724_800))
        return ScheduleViewStateBuilder(context: context).build(loaded.value)
    }

    /// The bundled facts feed laid out at `width`; with `image`, every image "downloads" as
    /// those bytes (a stub loader), so the rows are sized by its aspect ratio.
    @MainActor
    static func facts(width: Double = 375, image: Data? = nil) async throws -> FactsViewState {
        let model = FactsViewModel(
            loader: FactsFeedLoader(
                source: try FactsSource.bundled(), network: FeedNetwork(client: URLSessionHTTPClient(configuration: .ephemeral))),
            images: FactsImageCoordinator(loader: StubImages(data: image)),
            clock: ManualClock(now: Date(timeIntervalSince1970: 1_599_724_800)), width: width)
        await model.load()
        if image != nil {
            model.images.visibleRowsChanged(try #require(model.state.content?.rows.indices))
            await model.images.waitUntilIdle()
        }
        return try #require(model.state.content)
    }

    static let questions = [
        TriviaQuestion(
            id: QuestionID("q1"), text: "Which element has the chemical symbol Au?", choices: ["Silver", "Gold", "Argon"], answer: 1),
        TriviaQuestion(
            id: QuestionID("q2"), text: "What is the capital of Australia?", choices: ["Sydney", "Canberra", "Melbourne"], answer: 1),
    ]
}

/// Answers every image request with the same bytes, or fails like a dead link.
struct StubImages: ResourceLoading {
    let data: Data?

    func image(for url: URL, priority: ResourcePriority, fitting target: PixelSize?) async throws(ResourceError) -> FetchedResource {
        guard let data else { throw .blocked(url: url, reason: "no images in this test") }
        let info = try? ImageHeaderParser.parse(data)
        return FetchedResource(url: url, data: data, image: info, origin: .network)
    }

    func prefetch(_ urls: [URL]) async {}
    func cancelPrefetch(_ urls: [URL]) async {}
    func clearFailures() async {}
}
