import Foundation
import SharedNetworking
import Testing

@testable import Schedule

@Suite("NFL teams, colours and logos")
struct TeamsTests {
    @Test func all32TeamsOnceEach() {
        #expect(NFLTeams.all.count == 32)
        #expect(Set(NFLTeams.all.map(\.triCode)).count == 32)
        #expect(Set(NFLTeams.all.map(\.fullName)).count == 32)
        for team in NFLTeams.all {
            #expect(NFLTeams.team(forTriCode: team.triCode) == team)
            #expect(NFLTeams.team(forTriCode: " \(team.triCode.lowercased()) ") == team)
            #expect(team.primary != team.secondary, "\(team.triCode)")
        }
    }

    @Test func everyAliasResolves() {
        for (alias, target) in NFLTeams.aliases {
            #expect(NFLTeams.team(forTriCode: alias)?.triCode == target, "\(alias)")
        }
        #expect(NFLTeams.team(forTriCode: "OAK")?.fullName == "Las Vegas Raiders")
    }

    @Test func everyTeamOfTheFixtureIsKnown() throws {
        let codes = Set(Fixture.games(try Fixture.screen()).flatMap { [$0.left.triCode, $0.right.triCode] })
        #expect(codes.count == 15)
        for code in codes {
            #expect(NFLTeams.team(forTriCode: code) != nil, "\(code)")
        }
    }

    @Test func unknownTricodeGetsTheNeutralStyle() {
        let bar = NavigationBarState.styled(for: "XYZ", teamName: "Springfield Atoms")
        #expect(!bar.isKnownTeam)
        #expect(bar.background == NFLTeams.neutral.primary)
        #expect(bar.titleColor == .white)
        #expect(bar.teamName == "Springfield Atoms")
        #expect(bar.triCode == "XYZ")
        let none = NavigationBarState.styled(for: nil, teamName: nil)
        #expect(none.background == NFLTeams.neutral.primary && none.teamName.isEmpty)
    }

    @Test func titleColourFallsBackWhenTheSecondaryColourIsTooFaint() throws {
        // Detroit: Honolulu blue with silver, 2.4:1, below the 3:1 large-text threshold.
        let lions = NavigationBarState.styled(for: "DET", teamName: nil)
        #expect(NavigationBarState.contrastRatio(lions.accent, lions.background) < 3)
        #expect(lions.titleColor == .white)
        #expect(lions.teamName == "Detroit Lions")
        for team in NFLTeams.all {
            let bar = NavigationBarState.styled(for: team.triCode, teamName: nil)
            #expect(NavigationBarState.contrastRatio(bar.titleColor, bar.background) >= 3, "\(team.triCode)")
        }
    }

    @Test func logoURLsAreBuiltOnlyFromSafeTricodes() throws {
        let catalog = TeamLogoCatalog.yinzCam
        #expect(catalog.url(forTriCode: "PHI")?.absoluteString == "https://resources-us.yinzcam.com/nfl/logos/nfl_phi_light.png")
        #expect(catalog.url(forTriCode: "") == nil)
        #expect(catalog.url(forTriCode: "../x") == nil)
        #expect(catalog.url(forTriCode: "G B") == nil)
        #expect(catalog.url(forTriCode: "GB?x=1") == nil)
        #expect(catalog.url(forTriCode: "TOOLONG") == nil)
        let local = TeamLogoCatalog(baseURL: try #require(URL(string: "http://127.0.0.1:8080/nfl/logos")))
        #expect(local.url(forTriCode: "gb")?.absoluteString == "http://127.0.0.1:8080/nfl/logos/nfl_gb_light.png")
    }

    @Test func defaultRemoteFeedIsTheExercisesHTTPAddress() {
        #expect(ScheduleSource.remoteURL.absoluteString == "http://files.yinzcam.com/iOS/interviews/ScheduleExercise/schedule.json")
    }
}
