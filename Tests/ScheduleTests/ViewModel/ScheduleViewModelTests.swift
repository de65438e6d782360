import Foundation
import ScreenKit
import SharedNetworking
import TestSupport
import Testing

@testable import Schedule

@MainActor
@Suite("ScheduleViewModel")
struct ScheduleViewModelTests {
    let clock = ManualClock(now: Fixture.date("2021-01-14T18:35:41Z"))

    func makeViewModel(_ loader: ScriptedScheduleLoader, resources: CountingResources = CountingResources()) -> ScheduleViewModel {
        let zone = TimeZone(identifier: "America/New_York") ?? .gmt
        let locale = Locale(identifier: "en_US")
        return ScheduleViewModel(
            loader: loader, resources: resources, locale: locale, timeZone: zone,
            calendar: AppEnvironment.calendar(locale: locale, timeZone: zone), clock: clock
        )
    }

    static let offline = NetworkError.transport(
        url: ScheduleSource.remoteURL, code: -1009, message: "The Internet connection appears to be offline.")

    @Test func startsIdleThenLoads() async throws {
        let loader = ScriptedScheduleLoader([.feed(try Fixture.data())])
        let model = makeViewModel(loader)
        #expect(model.state.phase == .idle && model.state.content == nil)
        await model.load()
        #expect(model.state.phase == .loaded)
        #expect(model.state.content == (try Fixture.screen()))
        #expect(model.state.error == nil)
        #expect(model.state.lastUpdated == clock.now)
        #expect(!model.state.isRefreshing)
    }

    @Test func loadIsIdempotentOnceLoaded() async throws {
        let loader = ScriptedScheduleLoader([.feed(try Fixture.data()), .feed(try Fixture.data())])
        let model = makeViewModel(loader)
        await model.load()
        await model.load()
        #expect(loader.callCount == 1)
    }

    @Test func showsLoadingWhileTheDownloadRuns() async throws {
        let loader = ScriptedScheduleLoader([.feed(try Fixture.data())])
        loader.holdNextCall()
        let model = makeViewModel(loader)
        let task = Task { await model.load() }
        #expect(await loader.waitUntilHeld())
        #expect(model.state.phase == .loading && model.state.content == nil && !model.state.isRefreshing)
        loader.release()
        await task.value
        #expect(model.state.phase == .loaded)
    }

    @Test func aFailedFirstLoadIsFailedWithoutContent() async throws {
        let loader = ScriptedScheduleLoader([.failure(Self.offline), .feed(try Fixture.data())])
        let model = makeViewModel(loader)
        await model.load()
        #expect(model.state.phase == .failed)
        #expect(model.state.content == nil)
        #expect(model.state.error == Self.offline)
        // Appearing again (or "Try again") loads again.
        await model.load()
        #expect(model.state.phase == .loaded && model.state.error == nil)
    }

    @Test func aFailedRefreshKeepsThePreviousContentAndExposesTheError() async throws {
        let broken = NetworkError.decoding(
            DecodingFailure(source: "schedule.json", path: "GameSection", message: "required field is missing"))
        let loader = ScriptedScheduleLoader([
            .feed(try Fixture.data()), .failure(Self.offline), .failure(broken), .feed(try Fixture.data()),
        ])
        let model = makeViewModel(loader)
        await model.load()
        let content = try #require(model.state.content)
        let loadedAt = model.state.lastUpdated

        clock.advance(by: .seconds(60))
        await model.refresh()
        #expect(model.state.phase == .failed)
        #expect(model.state.content == content)
        #expect(model.state.error == Self.offline)
        #expect(model.state.lastUpdated == loadedAt)

        await model.refresh()
        #expect(model.state.content == content)
        #expect(model.state.error?.description == "schedule.json: GameSection: required field is missing")

        await model.refresh()
        #expect(model.state.phase == .loaded && model.state.error == nil)
        #expect(model.state.lastUpdated == clock.now)
    }

    @Test func aBrokenFeedOnRefreshKeepsTheOldContent() async throws {
        let loader = ScriptedScheduleLoader([.feed(try Fixture.data()), .feed(Data("[1, 2, 3]".utf8))])
        let model = makeViewModel(loader)
        await model.load()
        let content = model.state.content
        await model.refresh()
        #expect(model.state.phase == .failed)
        #expect(model.state.content == content)
        #expect(model.state.error?.description == "schedule.json: (root): expected Object, found Array")
    }

    @Test func aSecondRefreshWhileOneRunsDoesNotStartASecondDownload() async throws {
        let loader = ScriptedScheduleLoader([.feed(try Fixture.data()), .feed(try Fixture.data()), .feed(try Fixture.data())])
        let model = makeViewModel(loader)
        await model.load()
        loader.holdNextCall()
        let first = Task { await model.refresh() }
        #expect(await loader.waitUntilHeld())
        #expect(model.state.isRefreshing)
        let second = Task { await model.refresh() }
        let third = Task { await model.load() }
        #expect(await never(within: .milliseconds(200)) { loader.callCount > 2 }, "the joiners start no load of their own")
        #expect(loader.callCount == 2)
        loader.release()
        await first.value
        await second.value
        await third.value
        #expect(loader.callCount == 2)
        #expect(model.state.phase == .loaded)
    }

    @Test func diagnosticsOfTheLoadAreExposed() async throws {
        let data = try Fixture.editingGame(2) { $0["Type"] = "X" }
        let model = makeViewModel(ScriptedScheduleLoader([.feed(data)]))
        await model.load()
        #expect(model.state.diagnostics.count == 1)
        #expect(model.state.diagnostics.first?.kind == .dropped)
    }

    // MARK: Logos

    @Test func renderingAllRowsTwiceFetchesEachDistinctLogoOnce() async throws {
        let resources = CountingResources()
        let model = makeViewModel(ScriptedScheduleLoader([.feed(try Fixture.data())]), resources: resources)
        await model.load()
        let rows = try #require(model.state.content).allRows
        for _ in 0..<2 {
            await withTaskGroup(of: Void.self) { group in
                for row in rows { group.addTask { await model.loadLogos(for: row) } }
            }
        }
        #expect(resources.requests.count == 15)
        #expect(resources.requests.values.allSatisfy { $0 == 1 })
        let week1 = try #require(rows.first?.game)
        guard case .loaded(let image) = model.logo(for: week1.left) else {
            Issue.record("GB logo should be loaded: \(model.logo(for: week1.left))")
            return
        }
        #expect(image.data == CountingResources.png)
        #expect(image.info?.format == .png)
    }

    @Test func logoStatesBeforeDuringAndAfter() async throws {
        let model = makeViewModel(ScriptedScheduleLoader([.feed(try Fixture.data())]))
        await model.load()
        let week1 = try #require(model.state.content?.allRows.first?.game)
        #expect(model.logo(for: week1.right) == .notRequested(placeholder: "MIN"))
        await model.loadLogo(for: week1.right)
        #expect(model.logo(for: week1.right).placeholderText == nil)
        // A side whose tricode names no logo shows its placeholder and requests nothing.
        var nameless = week1.right
        nameless.logoURL = nil
        nameless.logoPlaceholder = "TBD"
        #expect(model.logo(for: nameless) == .placeholder(text: "TBD", failure: nil))
    }

    @Test func aLogoAlreadyInMemoryIsShownWithoutARequest() async throws {
        let resources = CountingResources()
        let model = makeViewModel(ScriptedScheduleLoader([.feed(try Fixture.data())]), resources: resources)
        await model.load()
        let week1 = try #require(model.state.content?.allRows.first?.game)
        let packers = try #require(week1.left.logoURL)
        resources.remember(packers)
        #expect(model.logo(for: week1.left).placeholderText == nil)
        await model.loadLogo(for: week1.left)
        #expect(model.logo(for: week1.left).placeholderText == nil)
        #expect(resources.requests[packers] == nil)
        #expect(model.logo(for: week1.right) == .notRequested(placeholder: "MIN"))
    }

    @Test func aFailedLogoShowsItsTricodeAndIsRetriedOnRefreshOnly() async throws {
        let resources = CountingResources()
        let loader = ScriptedScheduleLoader([.feed(try Fixture.data()), .feed(try Fixture.data())])
        let model = makeViewModel(loader, resources: resources)
        await model.load()
        let week1 = try #require(model.state.content?.allRows.first?.game)
        let vikings = try #require(week1.right.logoURL)
        resources.fail(vikings)

        await model.loadLogos(for: .game(week1))
        guard case .placeholder(let text, let failure) = model.logo(for: week1.right) else {
            Issue.record("expected a placeholder, got \(model.logo(for: week1.right))")
            return
        }
        #expect(text == "MIN")
        #expect(failure == .network(.httpStatus(code: 404, url: vikings, bodyExcerpt: "")))

        // Scrolling by again does not retry: no loop.
        for _ in 0..<5 { await model.loadLogos(for: .game(week1)) }
        #expect(resources.requests[vikings] == 1)

        // Refresh clears the pipeline's failures and tries the failed logo once more.
        resources.heal(vikings)
        await model.refresh()
        #expect(resources.clearFailuresCalls == 1)
        #expect(resources.requests[vikings] == 2)
        #expect(model.logo(for: week1.right).placeholderText == nil)
        // Logos that had loaded are not fetched again.
        #expect(resources.requests[try #require(week1.left.logoURL)] == 1)
    }

    @Test func aLogoThatFailsAgainAfterRefreshIsStillAPlaceholderAndNotLooped() async throws {
        let resources = CountingResources()
        let model = makeViewModel(ScriptedScheduleLoader([.feed(try Fixture.data()), .feed(try Fixture.data())]), resources: resources)
        await model.load()
        let week1 = try #require(model.state.content?.allRows.first?.game)
        let vikings = try #require(week1.right.logoURL)
        resources.fail(vikings)
        await model.loadLogo(for: week1.right)
        await model.refresh()
        for _ in 0..<3 { await model.loadLogo(for: week1.right) }
        #expect(resources.requests[vikings] == 2)
        #expect(model.logo(for: week1.right).placeholderText == "MIN")
    }
}

/// The last good screen: a saved copy shown at once on a cold start, kept (marked) when the
/// network fails, cleared by a success; retries said out loud.
@MainActor
@Suite("ScheduleViewModel offline")
struct ScheduleViewModelOfflineTests {
    let clock = ManualClock(now: Fixture.date("2021-01-14T18:35:41Z"))

    func makeViewModel(_ loader: ScriptedScheduleLoader, language: String = "en_US") -> ScheduleViewModel {
        let zone = TimeZone(identifier: "America/New_York") ?? .gmt
        let locale = Locale(identifier: "en_US")
        return ScheduleViewModel(
            loader: loader, resources: CountingResources(), locale: locale, timeZone: zone,
            calendar: AppEnvironment.calendar(locale: locale, timeZone: zone), clock: clock, language: Locale(identifier: language))
    }

    @Test func aColdStartOfflineShowsTheSavedCopyMarked() async throws {
        let loader = ScriptedScheduleLoader([.failure(ScheduleViewModelTests.offline)])
        let savedAt = clock.now.addingTimeInterval(-7200)
        try loader.save(try Fixture.data(), at: savedAt)
        let model = makeViewModel(loader)
        await model.load()
        #expect(model.state.content == (try Fixture.screen()))
        #expect(model.state.phase == .failed)
        #expect(model.state.error == ScheduleViewModelTests.offline)
        #expect(model.state.lastUpdated == savedAt)
        #expect(model.state.notice == NetworkNotice(kind: .offline, text: "Offline: saved 2 hours ago", savedAt: savedAt))
    }

    @Test func theSavedCopyIsShownWhileTheNetworkIsAskedAndASuccessClearsTheMark() async throws {
        let loader = ScriptedScheduleLoader([.feed(try Fixture.data())])
        try loader.save(try Fixture.data(), at: clock.now.addingTimeInterval(-3 * 86400))
        loader.holdNextCall()
        let model = makeViewModel(loader, language: "de_DE")
        let task = Task { await model.load() }
        #expect(await loader.waitUntilHeld())
        #expect(model.state.content != nil)
        #expect(model.state.isRefreshing)
        #expect(model.state.notice?.text == "Vor 3 Tagen gespeichert")
        loader.release()
        await task.value
        #expect(model.state.phase == .loaded)
        #expect(model.state.notice == nil)
        #expect(model.state.lastUpdated == clock.now)
    }

    @Test func aFreshSavedCopyIsShownWithoutARequest() async throws {
        let loader = ScriptedScheduleLoader([])
        try loader.save(try Fixture.data(), at: clock.now.addingTimeInterval(-60), isFresh: true)
        let model = makeViewModel(loader)
        await model.load()
        #expect(loader.callCount == 0)
        #expect(model.state.phase == .loaded)
        #expect(model.state.notice == nil)
    }

    @Test func aRetryIsShownWhileItWaits() async throws {
        let loader = ScriptedScheduleLoader([.retry(2, of: 3), .feed(try Fixture.data())])
        loader.holdNextCall()
        let model = makeViewModel(loader)
        let task = Task { await model.load() }
        #expect(await loader.waitUntilHeld())
        #expect(model.state.notice?.kind == .retrying)
        #expect(model.state.notice?.text == "Retrying, 2 of 3")
        loader.release()
        await task.value
        #expect(model.state.notice == nil)
    }

    @Test func withNothingSavedAFailureHasNoNotice() async throws {
        let model = makeViewModel(ScriptedScheduleLoader([.failure(ScheduleViewModelTests.offline)]))
        await model.load()
        #expect(model.state.content == nil)
        #expect(model.state.notice == nil)
    }
}
