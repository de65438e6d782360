import CarFit
import Foundation
import Schedule
import SharedNetworking
import TestSupport
import Testing

@testable import ExercisesCLI

/// The environment every front-end resolves (``CommonOptions/environment(locale:timeZone:now:cacheDirectory:defaults:)``
/// over ``SystemDefaults``): `LANG=C.UTF-8` chooses no locale and gets ``SystemDefaults/unchosenLocale``,
/// `--locale de_DE` gets German, and a module given that environment draws exactly what it draws
/// when built directly for that locale: the same dates, the same weeks.
@Suite("One environment for every front-end")
struct ScreenEnvironmentTests {
    static let zone = TimeZone(identifier: "America/New_York") ?? .gmt
    static let now = Date(timeIntervalSince1970: 1_599_724_800)

    /// The environment of a process with `variables` given `--locale` (or none).
    func environment(_ variables: [String: String], locale: String?) throws -> AppEnvironment {
        let defaults = SystemDefaults(
            environment: variables, timeZone: .gmt, clock: ManualClock(now: Self.now),
            cachesDirectory: FileManager.default.temporaryDirectory, temporaryDirectory: FileManager.default.temporaryDirectory)
        return try CommonOptions.environment(locale: locale, timeZone: Self.zone.identifier, defaults: defaults)
    }

    func schedule(locale: Locale, language: Locale, calendar: Calendar) throws -> ScheduleViewState {
        guard case .file(let url) = try ScheduleSource.bundled() else { throw CocoaError(.fileNoSuchFile) }
        let feed = try FeedLoader(client: OfflineHTTPClient()).decode(
            ScheduleFeed.self, from: Data(contentsOf: url), sourceName: "schedule.json")
        let context = ScheduleDisplayContext(locale: locale, timeZone: Self.zone, calendar: calendar, now: Self.now, language: language)
        return ScheduleViewStateBuilder(context: context).build(feed.value)
    }

    @MainActor
    func month(_ calendar: Calendar, language: Locale) -> CalendarViewState {
        CalendarViewModel(calendar: calendar, clock: ManualClock(now: Self.now), language: language).state
    }

    /// A Gregorian calendar for `identifier` in the zone: what a module would be handed directly.
    func calendar(_ identifier: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: identifier)
        calendar.timeZone = Self.zone
        return calendar
    }

    @Test("LANG=C.UTF-8 and --locale de_DE: the schedule's dates are a directly built view state's")
    func scheduleDates() throws {
        for (variables, option, identifier, firstDate) in [
            (["LANG": "C.UTF-8"], nil, "en_US", "Sun, Sep 13"), (["LANG": "C.UTF-8"], "de_DE", "de_DE", "So. 13. Sept."),
            ([:], nil, "en_US", "Sun, Sep 13"),
        ] {
            let resolved = try environment(variables, locale: option)
            #expect(resolved.locale.identifier == identifier && resolved.messagesLocale.identifier == identifier)
            let viaFrontEnd = try schedule(locale: resolved.locale, language: resolved.messagesLocale, calendar: resolved.calendar)
            let direct = try schedule(
                locale: Locale(identifier: identifier), language: Locale(identifier: identifier), calendar: calendar(identifier))
            #expect(viaFrontEnd == direct)
            #expect(viaFrontEnd.allRows.first?.game?.dateText == firstDate)
        }
    }

    @Test("LANG=C.UTF-8 and --locale de_DE: CarFit's month starts on the locale's first weekday, as built directly")
    @MainActor
    func carFitWeeks() throws {
        for (option, identifier, first) in [(nil, "en_US", "Sun"), ("de_DE", "de_DE", "Mo")] as [(String?, String, String)] {
            let resolved = try environment(["LANG": "C.UTF-8"], locale: option)
            let viaFrontEnd = month(resolved.calendar, language: resolved.messagesLocale)
            #expect(viaFrontEnd == month(calendar(identifier), language: Locale(identifier: identifier)))
            #expect(viaFrontEnd.weekdays.first?.short.hasPrefix(first) == true, "\(viaFrontEnd.weekdays.map(\.short))")
            // The module decides the week from the locale alone: a calendar handed over with
            // other week rules draws the same month.
            var odd = resolved.calendar
            odd.firstWeekday = 4
            odd.minimumDaysInFirstWeek = 7
            #expect(month(odd, language: resolved.messagesLocale) == viaFrontEnd)
        }
    }

    @Test("the command prints what that environment draws: LANG=C.UTF-8 is US English, --locale de_DE German")
    func command() async {
        let plain = await runExercises(
            ["schedule", "--time-zone", Self.zone.identifier], environment: ["LANG": "C.UTF-8"],
            locale: SystemDefaults.unchosenLocale.identifier)
        #expect(plain.output.contains("Sun, Sep 13"))
        let german = await runExercises(
            ["schedule", "--time-zone", Self.zone.identifier, "--locale", "de_DE"], environment: ["LANG": "C.UTF-8"],
            locale: SystemDefaults.unchosenLocale.identifier)
        #expect(german.output.contains("So. 13. Sept."))
        let carfit = await runExercises(["carfit"], environment: ["LANG": "C.UTF-8"], locale: SystemDefaults.unchosenLocale.identifier)
        #expect(carfit.output.contains(" Sun   Mon   Tue"), "weeks from Sunday, as the live page")
    }

    @Test("--contrast is read the same everywhere")
    func contrast() {
        #expect(ContrastOption.preference(parsing: "HIGH") == .increased)
        #expect(ContrastOption.preference(parsing: "increased") == .increased)
        #expect(ContrastOption.preference(parsing: "standard") == .standard)
        #expect(ContrastOption.preference(parsing: "loud") == nil)
    }

    @Test("the bundled CarFit sample opens at 08:00 on its first day, in the screen's zone")
    func carFitSampleMorning() throws {
        let resolved = try environment([:], locale: "en_US")
        let clock = try #require(CarFitSampleDay.clock(in: resolved))
        #expect(clock.now == Date(timeIntervalSince1970: 1_599_739_200), "2020-09-10T08:00:00-04:00")
    }
}
