import Foundation
import ScreenKit
import SharedNetworking
import Testing

@testable import Schedule

@Suite("The real feed, row by row")
struct FixtureScreenTests {
    /// (week, left name, left number, right name, right number, date in New York).
    /// The left side is always the away team; its number is `AwayScore`.
    static let expectedFinals: [(String, String, String, String, String, String)] = [
        ("Week 1", "PACKERS", "43", "VIKINGS", "34", "Sun, Sep 13"),
        ("Week 2", "LIONS", "21", "PACKERS", "42", "Sun, Sep 20"),
        ("Week 3", "PACKERS", "37", "SAINTS", "30", "Sun, Sep 27"),
        ("Week 4", "FALCONS", "16", "PACKERS", "30", "Mon, Oct 5"),
        ("Week 6", "PACKERS", "10", "BUCCANEERS", "38", "Sun, Oct 18"),
        ("Week 7", "PACKERS", "35", "TEXANS", "20", "Sun, Oct 25"),
        ("Week 8", "VIKINGS", "28", "PACKERS", "22", "Sun, Nov 1"),
        ("Week 9", "PACKERS", "34", "49ERS", "17", "Thu, Nov 5"),
        ("Week 10", "JAGUARS", "20", "PACKERS", "24", "Sun, Nov 15"),
        ("Week 11", "PACKERS", "31", "COLTS", "34", "Sun, Nov 22"),
        ("Week 12", "BEARS", "25", "PACKERS", "41", "Sun, Nov 29"),
        ("Week 13", "EAGLES", "16", "PACKERS", "30", "Sun, Dec 6"),
        ("Week 14", "PACKERS", "31", "LIONS", "24", "Sun, Dec 13"),
        ("Week 15", "PANTHERS", "16", "PACKERS", "24", "Sat, Dec 19"),
        ("Week 16", "TITANS", "14", "PACKERS", "40", "Sun, Dec 27"),
        ("Week 17", "PACKERS", "35", "BEARS", "16", "Sun, Jan 3"),
    ]

    @Test func sectionsInFeedOrder() throws {
        let screen = try Fixture.screen()
        #expect(screen.sections.map(\.title) == ["REGULAR SEASON", "POSTSEASON"])
        #expect(screen.sections.map(\.rows.count) == [17, 1])
        #expect(screen.emptyMessage == nil)
    }

    @Test func everyFinalGameShowsEachTeamsOwnScoreWithTheHomeTeamOnTheRight() throws {
        let screen = try Fixture.screen()
        let finals = Fixture.games(screen).filter { $0.kind == .final }
        #expect(finals.count == Self.expectedFinals.count)
        for (row, expected) in zip(finals, Self.expectedFinals) {
            #expect(row.weekText == expected.0)
            #expect(row.left.name == expected.1, "\(expected.0) left")
            #expect(row.left.value == expected.2, "\(expected.0) left score")
            #expect(row.right.name == expected.3, "\(expected.0) right")
            #expect(row.right.value == expected.4, "\(expected.0) right score")
            #expect(row.dateText == expected.5, "\(expected.0) date")
            #expect(row.statusText == "FINAL")
            #expect(row.centerText == "@")
            #expect(row.height == 140)
            #expect(!row.left.isHome && row.right.isHome)
            #expect(row.left.isRootTeam != row.right.isRootTeam)
        }
    }

    @Test func weekOneAtMinnesotaIsPackers43LeftVikings34Right() throws {
        let week1 = try #require(Fixture.games(try Fixture.screen()).first)
        #expect(week1.left.name == "PACKERS" && week1.left.value == "43" && week1.left.triCode == "GB")
        #expect(week1.right.name == "VIKINGS" && week1.right.value == "34" && week1.right.triCode == "MIN")
        #expect(week1.statusText == "FINAL")
        #expect(week1.gameID == "2020091306")
        #expect(week1.kickoff == Fixture.date("2020-09-13T17:00:00Z"))
    }

    @Test func byeRowHasItsLabelWeekAndHeight() throws {
        let screen = try Fixture.screen()
        let row = screen.sections[0].rows[4]
        guard case .bye(let bye) = row else {
            Issue.record("row 5 should be the bye, found \(row)")
            return
        }
        #expect(bye.text == "BYE")
        #expect(bye.weekText == "Week 5")
        #expect(bye.height == 100)
        #expect(row.height == 100)
    }

    @Test func postseasonShowsRecordsHomeTeamRightAndKickoffInTheUsersTimeZone() throws {
        let screen = try Fixture.screen()
        let game = try #require(screen.sections[1].rows.first?.game)
        #expect(game.kind == .scheduled)
        // GB hosts the Rams (`IsHome: true`): the Packers are on the right.
        #expect(game.left.name == "RAMS" && game.left.value == "10-6" && game.left.triCode == "LAR")
        #expect(game.right.name == "PACKERS" && game.right.value == "13-3" && game.right.isRootTeam)
        #expect(game.statusText == "4:35\u{202F}PM")
        #expect(game.dateText == "Sat, Jan 16")
        #expect(game.weekText == "Divisional Playoffs")
    }

    @Test func defaultGameIsTheInitialRow() throws {
        let screen = try Fixture.screen()
        #expect(screen.initialRow == RowPosition(section: 1, row: 0))
        #expect(screen.row(at: RowPosition(section: 1, row: 0))?.game?.gameID == "2021011600")
    }

    @Test func rowIDsAreUnique() throws {
        let ids = try Fixture.screen().allRows.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids[4] == "s0r4")
        #expect(ids[0] == "2020091306")
    }

    @Test func navigationBarIsStyledByTheRootTeam() throws {
        let bar = try Fixture.screen().navigationBar
        #expect(bar.title == "SCHEDULE")
        #expect(bar.teamName == "Green Bay Packers")
        #expect(bar.triCode == "GB")
        #expect(bar.background == RGBColor(hex: "#203731"))
        #expect(bar.accent == RGBColor(hex: "#FFB612"))
        #expect(bar.titleColor == RGBColor(hex: "#FFB612"))
        #expect(bar.isKnownTeam)
    }

    @Test func logoURLsFollowTheTricode() throws {
        let week1 = try #require(Fixture.games(try Fixture.screen()).first)
        #expect(week1.left.logoURL?.absoluteString == "https://resources-us.yinzcam.com/nfl/logos/nfl_gb_light.png")
        #expect(week1.right.logoURL?.absoluteString == "https://resources-us.yinzcam.com/nfl/logos/nfl_min_light.png")
        #expect(week1.right.logoPlaceholder == "MIN")
    }

    @Test func theFixtureNeedsNoRepairsExceptTheDocumentedOnes() throws {
        let loaded = try Fixture.feed()
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        #expect(loaded.value.defaultGameID == "2021011600")
        #expect(loaded.value.team.record == "13-3")
    }

    @Test func viewStateRoundTripsThroughJSON() throws {
        let screen = try Fixture.screen()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(screen)
        let decoded = try JSONDecoder().decode(ScheduleViewState.self, from: data)
        #expect(decoded == screen)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""kind":"bye""#))
        #expect(text.contains(##""background":"#203731""##))
    }

    @Test func metricsAreTheExercisesDesign() {
        let metrics = ScheduleMetrics.standard
        #expect(metrics.sectionHeaderHeight == 30)
        #expect(metrics.sectionHeaderBackground.hex == "#F3F3F2")
        #expect(metrics.sectionHeaderText == ScheduleTextStyle(14, .semibold, RGBColor(red: 0x99, green: 0x99, blue: 0x99)))
        #expect(metrics.gameRowHeight == 140 && metrics.byeRowHeight == 100)
        #expect(metrics.rowSpacing == 4 && metrics.rowPadding == 10)
        #expect(metrics.teamName.font == FontSpec(size: 16, weight: .semibold) && metrics.teamName.color.hex == "#999999")
        #expect(metrics.score.font == FontSpec(size: 45, weight: .medium) && metrics.score.color.hex == "#999999")
        #expect(metrics.versus.font == FontSpec(size: 18, weight: .regular))
        #expect(metrics.dateAndWeek.font == FontSpec(size: 14, weight: .regular) && metrics.dateAndWeek.color == .black)
        #expect(metrics.status.font == FontSpec(size: 16, weight: .bold) && metrics.status.color.hex == "#999999")
    }
}
