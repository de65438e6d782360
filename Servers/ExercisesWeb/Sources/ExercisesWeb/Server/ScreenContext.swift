import CarFit
import Foundation
import SharedNetworking

/// What every screen of every session shares: the environment (HTTP client, clock, locale,
/// time zone, calendar, caches), the configuration, the media store, one image pipeline per
/// exercise (so a logo loaded for one tab is cached for all), the feeds' HTTP cache, and the
/// Trivia competitions.
struct ScreenContext: Sendable {
    var environment: AppEnvironment
    var configuration: WebConfiguration
    /// The images this session's screens link, granted to its browser.
    var media: SessionMedia
    var logos: ResourcePipeline
    var factImages: ResourcePipeline
    /// Remote feeds (`--feed`) as `exercises` keeps them (`feeds` in the cache directory): a
    /// new session revalidates what an earlier one saved, and a screen whose network fails shows
    /// the saved copy with its notice (`Offline: saved 5 minutes ago`, issue 31).
    var feedCache: HTTPCache
    var trivia: TriviaLobby
    /// The screens sessions made from their view states lately, shared by every session of the
    /// server; `nil` with `--renderer diff-unshared`, where each session makes its own.
    var sharedScreens: LiveScreenMemos?
    /// CarFit's bundled sample (`carfit.json`), read and decoded once for every session that
    /// shows it: a tab's view-model holds the server's one copy of the visits.
    var carFitSample: SharedFeed<[Visit]>
    /// The words of the months CarFit's calendars show, written once for every session.
    var carFitMonthTexts = CalendarMonthTexts()

    init(environment: AppEnvironment, configuration: WebConfiguration, media: MediaStore, trivia: TriviaLobby) {
        self.environment = environment
        self.configuration = configuration
        self.media = SessionMedia(store: media, client: nil)
        self.trivia = trivia
        self.sharedScreens = configuration.renderer == .unshared ? nil : LiveScreenMemos()
        // Hosts the person named on the command line may be plain http (a mirror, a loopback server).
        var hosts = URLPolicy.knownHTTPOnlyHosts
        for url in configuration.feeds.values { if let host = url.host { hosts.insert(host) } }
        if let host = configuration.logoBase?.host { hosts.insert(host) }
        let policy = URLPolicy(insecure: .upgrade, httpOnlyHosts: hosts)
        func pipeline(_ folder: String, requests: Int) -> ResourcePipeline {
            var pipelineConfiguration = ResourcePipeline.Configuration(
                httpClient: environment.httpClient, clock: environment.clock,
                diskCacheDirectory: configuration.cacheDirectory.appendingPathComponent(folder, isDirectory: true))
            pipelineConfiguration.urlPolicy = policy
            pipelineConfiguration.maxConcurrentRequests = requests
            return ResourcePipeline(configuration: pipelineConfiguration)
        }
        self.feedCache = HTTPCache(
            directory: configuration.cacheDirectory.appendingPathComponent("feeds", isDirectory: true), sizeLimit: 64 << 20,
            clock: environment.clock, policy: .feeds)
        self.logos = pipeline("logos", requests: 6)
        self.factImages = pipeline("images", requests: 4)
        self.carFitSample = SharedFeed(
            CarFitFeedLoader(
                source: Self.bundled { () throws(NetworkError) in try CarFitSource.bundled() },
                network: FeedNetwork(client: environment.httpClient, cache: feedCache)))
    }

    /// The feed of `exercise`: the URL given with `--feed`, else the bundled copy. A bundled copy
    /// that cannot be found becomes a source that fails to load naming it (`schedule.json: not
    /// found in bundle …`), so the screen says why in its own words, as for any failed load.
    func feed(_ exercise: WebExercise, bundled: () throws(NetworkError) -> FeedSource) -> FeedSource {
        if let url = configuration.feeds[exercise] { return url.isFileURL ? .file(url) : .remote(url) }
        return Self.bundled(bundled)
    }

    /// The bundled copy `bundled` names, or a source that fails to load naming why it is missing.
    private static func bundled(_ bundled: () throws(NetworkError) -> FeedSource) -> FeedSource {
        do throws(NetworkError) {
            return try bundled()
        } catch {
            return .data(Data(), name: error.description)
        }
    }

    /// The network parts of every feed loader: the environment's HTTP client and the shared
    /// feed cache. Each module's loader adds its own decoding rules (`FactsFeedLoader` reads the
    /// Facts feed as Mac OS Roman, as `exercises facts` does).
    var feedNetwork: FeedNetwork { FeedNetwork(client: environment.httpClient, cache: feedCache) }
}
