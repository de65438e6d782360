import CarFit
import Facts
import Foundation
import HooSets
import Schedule
import ScreenKit
import SharedNetworking
import TestSupport
import Testing

/// The screen contract, checked against every feed screen that signs it: the same failed
/// refresh gives the same surface on all four, through their real view-models and real loaders.
///
/// Before ScreenKit they disagreed: Facts stayed `loaded` after a failed refresh, HooSets said
/// nothing about its grid being stale, and each wrote its own failure words.
@MainActor
@Suite("The screen contract: a failed refresh looks the same on every feed screen")
struct ScreenContractTests {
    /// One feed screen, reduced to what the contract is about.
    struct Outcome {
        var phase: LoadingPhase
        var hasContent: Bool
        var notice: NetworkNotice?
        var announcement: Announcement?
        var error: NetworkError?
        /// The module's words for a failed refresh.
        var refreshFailedTitle: String

        init<Content>(_ state: ScreenState<Content>, words: some ScreenLoadingText) {
            phase = state.phase
            hasContent = state.content != nil
            notice = state.notice
            announcement = state.announcement
            error = state.error
            refreshFailedTitle = words.refreshFailedTitle
        }
    }

    enum Screen: String, CaseIterable, Sendable {
        case schedule, carFit, hooSets, facts
    }

    static let now = Date(timeIntervalSince1970: 1_599_724_800)
    static let english = Locale(identifier: "en_US")

    /// A client that answers the first request with `body` and refuses every later one: HTTP 404,
    /// an answer the server gave (not updated), not a network that is down (offline).
    static func onceThenGone(_ body: Data, url: URL) -> ScriptedHTTPClient {
        ScriptedHTTPClient { _, attempt in
            guard attempt == 1 else { return .failure(.httpStatus(code: 404, url: url, bodyExcerpt: "gone")) }
            return .success(HTTPResponse(url: url, status: 200, headers: ["Content-Type": "application/json"], body: body))
        }
    }

    /// The bundled bytes of `source`.
    static func bytes(_ source: FeedSource) throws -> Data {
        guard case .file(let url) = source else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: url)
    }

    /// Loads through `load` (which must succeed), breaks the source with `breaking` (the HTTP
    /// clients refuse every request after the first by themselves), refreshes, and reads the state.
    static func refreshIntoFailure<Content>(
        load: () async -> Void, refresh: () async -> Void, state: () -> ScreenState<Content>, words: some ScreenLoadingText,
        breaking: () throws -> Void = {}
    ) async throws -> Outcome {
        await load()
        try #require(state().phase == .loaded)
        try breaking()
        await refresh()
        return Outcome(state(), words: words)
    }

    /// Loads `screen` once, then refreshes it into a failure.
    static func loadThenFailRefresh(_ screen: Screen) async throws -> Outcome {
        let clock = ManualClock(now: now)
        let url = try #require(URL(string: "https://feeds.example/\(screen.rawValue).json"))
        switch screen {
        case .schedule:
            let client = onceThenGone(try bytes(try ScheduleSource.bundled()), url: url)
            let model = ScheduleViewModel(
                loader: ScheduleFeedLoader(source: .remote(url), network: FeedNetwork(client: client)), resources: NoImages(),
                locale: english, timeZone: .gmt, calendar: Calendar(identifier: .gregorian), clock: clock)
            return try await Self.refreshIntoFailure(
                load: model.load, refresh: model.refresh, state: { model.state }, words: ScheduleSpokenText(locale: english))
        case .carFit:
            let client = onceThenGone(try bytes(try CarFitSource.bundled()), url: url)
            let model = CleanerListViewModel(
                loader: CarFitFeedLoader(source: .remote(url), network: FeedNetwork(client: client)), clock: clock,
                calendar: Calendar(identifier: .gregorian), timeZone: .gmt, language: english)
            return try await Self.refreshIntoFailure(
                load: model.load, refresh: model.refresh, state: { model.state }, words: CarFitStrings(locale: english))
        case .facts:
            let client = onceThenGone(try bytes(try FactsSource.bundled()), url: url)
            let model = FactsViewModel(
                loader: FactsFeedLoader(source: .remote(url), network: FeedNetwork(client: client)),
                images: FactsImageCoordinator(loader: NoImages()), clock: clock, language: english)
            return try await Self.refreshIntoFailure(
                load: model.load, refresh: model.refresh, state: { model.state }, words: FactsSpokenText(locale: english))
        case .hooSets:
            // One bundled set in a folder of its own; the folder is gone when the refresh reads it.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let sets = folder.appendingPathComponent("sets", isDirectory: true)
            try FileManager.default.createDirectory(at: sets, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: try HooSetsResources.setsDirectory().appendingPathComponent("01.zip"), to: sets.appendingPathComponent("01.zip"))
            let model = HooSetsViewModel(
                loader: HooSetsSource(directory: sets, cacheDirectory: folder.appendingPathComponent("cache", isDirectory: true)),
                clock: clock, artwork: HooArtworkState(), language: english)
            return try await Self.refreshIntoFailure(
                load: model.load, refresh: model.refresh, state: { model.state }, words: HooSetsSpokenText(locale: english),
                breaking: { try FileManager.default.removeItem(at: sets) })
        }
    }

    @Test(
        "after a failed refresh with content on screen: failed, the content kept, marked not updated, announced at once",
        arguments: Screen.allCases)
    func failedRefresh(_ screen: Screen) async throws {
        let outcome = try await Self.loadThenFailRefresh(screen)
        #expect(outcome.phase == .failed)
        #expect(outcome.hasContent, "the content stays on screen")
        #expect(outcome.notice?.kind == .notUpdated)
        #expect(outcome.notice?.text == "Not updated: saved just now")
        let error = try #require(outcome.error)
        let announcement = try #require(outcome.announcement)
        #expect(announcement.priority == .high)
        #expect(
            announcement.text
                == NetworkNotice.failureAnnouncement(
                    "\(outcome.refreshFailedTitle). \(error.description)", notice: outcome.notice, before: nil))
        #expect(announcement.text.hasSuffix(". Not updated: saved just now."))
    }
}

/// Images are not this test's subject: every request is refused at once.
private struct NoImages: ResourceLoading {
    func image(for url: URL, priority: ResourcePriority, fitting target: PixelSize?) async throws(ResourceError) -> FetchedResource {
        throw .blocked(url: url, reason: "no images in this test")
    }

    func prefetch(_ urls: [URL]) async {}
    func cancelPrefetch(_ urls: [URL]) async {}
    func clearFailures() async {}
}
