import Foundation
import SharedNetworking
import Testing

@testable import Schedule

@Suite("Dates and times in the user's locale and time zone")
struct LocaleAndTimeZoneTests {
    /// Week 1 (2020-09-13T17:00Z) and the postseason kick-off (2021-01-16T21:35Z) in New York.
    /// Exact strings are what this machine's ICU produces; ICU versions differ in small ways
    /// (older ICU wrote a plain space before PM; some write "So., 13. Sept." for de_DE), so where
    /// a known alternative exists it is listed as well.
    static let matrix: [(locale: String, dates: Set<String>, time: String)] = [
        ("en_US", ["Sun, Sep 13"], "4:35\u{202F}PM"),
        ("en_GB", ["Sun 13 Sep"], "16:35"),
        ("de_DE", ["So. 13. Sept.", "So., 13. Sept."], "16:35"),
        ("fr_FR", ["dim. 13 sept."], "16:35"),
        ("ja_JP", ["9月13日(日)"], "16:35"),
    ]

    @Test(arguments: matrix.map(\.locale))
    func localeMatrix(_ identifier: String) throws {
        let expected = try #require(Self.matrix.first { $0.locale == identifier })
        let screen = try Fixture.screen(locale: identifier, timeZone: "America/New_York")
        let games = Fixture.games(screen)
        let week1 = try #require(games.first)
        let playoff = try #require(games.last)
        #expect(expected.dates.contains(week1.dateText), "\(identifier): \(week1.dateText)")
        #expect(
            playoff.statusText == expected.time, "\(identifier): \(playoff.statusText.unicodeScalars.map { String($0.value, radix: 16) })")
        // Feed strings are not localized: names, weeks and the final state stay as sent.
        #expect(week1.left.name == "PACKERS" && week1.weekText == "Week 1" && week1.statusText == "FINAL")
    }

    @Test func dayComesBeforeMonthWhereTheLocaleSaysSo() throws {
        for identifier in ["en_GB", "de_DE", "fr_FR"] {
            let text = try #require(Fixture.games(try Fixture.screen(locale: identifier)).first?.dateText)
            let day = try #require(text.range(of: "13"))
            let month = try #require(text.range(of: "Sep", options: .caseInsensitive))
            #expect(day.lowerBound < month.lowerBound, "\(identifier): \(text)")
        }
        let us = try #require(Fixture.games(try Fixture.screen(locale: "en_US")).first?.dateText)
        #expect(try #require(us.range(of: "Sep")).lowerBound < (try #require(us.range(of: "13"))).lowerBound)
    }

    /// The postseason kick-off in each zone, and the day it falls on.
    static let zones: [(zone: String, time: String, date: String)] = [
        ("America/New_York", "4:35\u{202F}PM", "Sat, Jan 16"),
        ("America/Los_Angeles", "1:35\u{202F}PM", "Sat, Jan 16"),
        ("Europe/London", "9:35\u{202F}PM", "Sat, Jan 16"),
        ("Asia/Tokyo", "6:35\u{202F}AM", "Sun, Jan 17"),
    ]

    @Test(arguments: zones.map(\.zone))
    func timeZoneMatrix(_ zone: String) throws {
        let expected = try #require(Self.zones.first { $0.zone == zone })
        let playoff = try #require(Fixture.games(try Fixture.screen(timeZone: zone)).last)
        #expect(playoff.statusText == expected.time)
        #expect(playoff.dateText == expected.date)
    }

    @Test func aLateGameMovesToTheNextDayInTokyo() throws {
        // Week 3 kicks off 2020-09-28T00:20Z: Sunday evening in New Orleans, Monday in Tokyo.
        let newYork = Fixture.games(try Fixture.screen(timeZone: "America/New_York"))[2]
        let tokyo = Fixture.games(try Fixture.screen(timeZone: "Asia/Tokyo"))[2]
        #expect(newYork.weekText == "Week 3" && tokyo.weekText == "Week 3")
        #expect(newYork.dateText == "Sun, Sep 27")
        #expect(tokyo.dateText == "Mon, Sep 28")
        let losAngeles = Fixture.games(try Fixture.screen(timeZone: "America/Los_Angeles"))[2]
        #expect(losAngeles.dateText == "Sun, Sep 27")
    }

    /// A scheduled game at `timestamp`, built in `zone`.
    func kickoff(_ timestamp: String, zone: String, locale: String = "en_US") -> GameRowState? {
        let game = FeedGame(
            id: "1", type: .scheduled, week: "Week 8", isHome: true,
            date: FeedGameDate(timestamp: Fixture.date(timestamp)), opponent: FeedTeam(triCode: "MIN", name: "VIKINGS", record: "7-9")
        )
        let feed = ScheduleFeed(
            team: FeedTeam(triCode: "GB", name: "PACKERS", record: "13-3"), sections: [FeedSection(heading: "X", games: [game])])
        return ScheduleViewStateBuilder(context: Fixture.context(locale: locale, timeZone: zone)).build(feed).allRows.first?.game
    }

    @Test func daylightSavingTimeEndsBetweenWeeksSevenAndEight() {
        // US DST ended 2020-11-01 06:00Z: 1 PM in New York is 17:00Z before and 18:00Z after.
        #expect(kickoff("2020-10-25T17:00:00Z", zone: "America/New_York")?.statusText == "1:00\u{202F}PM")
        #expect(kickoff("2020-11-01T18:00:00Z", zone: "America/New_York")?.statusText == "1:00\u{202F}PM")
        // UK summer time ended 2020-10-25 01:00Z: the same instants an hour apart in London.
        #expect(kickoff("2020-10-18T20:25:00Z", zone: "Europe/London", locale: "en_GB")?.statusText == "21:25")
        #expect(kickoff("2020-10-25T17:00:00Z", zone: "Europe/London", locale: "en_GB")?.statusText == "17:00")
        #expect(kickoff("2020-11-01T18:00:00Z", zone: "Europe/London", locale: "en_GB")?.statusText == "18:00")
        // The night of the change itself: 05:30Z is 1:30 EDT, 06:30Z is 1:30 EST.
        #expect(kickoff("2020-11-01T05:30:00Z", zone: "America/New_York")?.statusText == "1:30\u{202F}AM")
        #expect(kickoff("2020-11-01T06:30:00Z", zone: "America/New_York")?.statusText == "1:30\u{202F}AM")
    }

    @Test func tbaGameShowsTheFeedsCalendarDayInEveryZone() {
        let game = FeedGame(
            id: "1", type: .scheduled, week: "Conference", isHome: true,
            date: FeedGameDate(timestamp: Fixture.date("2021-01-24T00:00:00Z"), day: Fixture.date("2021-01-24"), isTBA: true),
            opponent: FeedTeam(triCode: "TB", name: "BUCCANEERS")
        )
        let feed = ScheduleFeed(
            team: FeedTeam(triCode: "GB", name: "PACKERS"), sections: [FeedSection(heading: "POSTSEASON", games: [game])])
        for zone in ["America/Los_Angeles", "America/New_York", "Asia/Tokyo"] {
            let row = ScheduleViewStateBuilder(context: Fixture.context(timeZone: zone)).build(feed).allRows.first?.game
            #expect(row?.statusText == "TBA")
            #expect(row?.dateText == "Sun, Jan 24", "\(zone)")
            #expect(row?.kickoff == nil)
        }
    }

    @Test func twelveHourAndTwentyFourHourClocksFollowTheLocale() {
        #expect(kickoff("2021-01-16T21:35:00Z", zone: "America/New_York", locale: "en_US")?.statusText == "4:35\u{202F}PM")
        #expect(kickoff("2021-01-16T21:35:00Z", zone: "America/New_York", locale: "en_GB")?.statusText == "16:35")
        #expect(kickoff("2021-01-16T21:35:00Z", zone: "America/New_York", locale: "ja_JP")?.statusText == "16:35")
    }
}
