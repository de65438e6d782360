import Foundation
import SharedNetworking
import Testing

@testable import Schedule

@Suite("Broken feeds: a clear error or a documented fallback, never a crash")
struct BrokenFeedTests {
    func failure(_ text: String) -> NetworkError? {
        do {
            _ = try Fixture.decode(Data(text.utf8), name: "broken.json")
            return nil
        } catch {
            return error
        }
    }

    @Test func notJSONIsAClearError() throws {
        let error = try #require(failure("Schedule unavailable, try later"))
        #expect(error.description.hasPrefix("broken.json: (root): "), "\(error)")
        #expect(error.description.contains("not valid JSON"), "\(error)")
    }

    @Test func anHTMLErrorPageIsAClearError() throws {
        let error = try #require(failure("<!DOCTYPE html><html><body>502 Bad Gateway</body></html>"))
        #expect(error.description.contains("expected JSON, got an HTML page"), "\(error)")
    }

    @Test func aTopLevelArrayIsAClearError() throws {
        let error = try #require(failure(#"[{"Team": {}}]"#))
        #expect(error.description == "broken.json: (root): expected Object, found Array")
    }

    @Test func missingGameSectionIsAClearError() throws {
        let data = try Fixture.edited { $0["GameSection"] = nil }
        let error = try #require(failure(String(decoding: data, as: UTF8.self)))
        #expect(error.description == "broken.json: GameSection: required field is missing")
    }

    @Test func nullOrMistypedGameSectionIsAClearError() throws {
        let null = try #require(failure(#"{"Team": {"TriCode": "GB"}, "GameSection": null}"#))
        #expect(null.description == "broken.json: GameSection: expected Array, found null")
        let text = try #require(failure(#"{"Team": {"TriCode": "GB"}, "GameSection": "none"}"#))
        #expect(text.description == "broken.json: GameSection: expected Array, found String")
        // One section as an object (not a list of one) is read: see FeedShapesTests.
    }

    @Test func missingRootTeamIsAClearError() throws {
        let error = try #require(failure(#"{"GameSection": []}"#))
        #expect(error.description == "broken.json: Team: required field is missing")
    }

    @Test func aGameWithoutOpponentIsKeptAsTBD() throws {
        let data = try Fixture.editingGame(1) { $0["Opponent"] = nil }
        let loaded = try Fixture.decode(data)
        #expect(loaded.diagnostics.contains(.repaired, pathSuffix: "GameSection[0].Game[1].Opponent", messageContaining: "no Opponent"))
        let screen = try Fixture.screen(from: data)
        let week2 = Fixture.games(screen)[1]
        #expect(week2.weekText == "Week 2")
        // GB at home: TBD on the left with the away score, GB on the right with the home score.
        #expect(week2.left.name == "TBD" && week2.left.value == "21" && week2.left.logoURL == nil)
        #expect(week2.left.logoPlaceholder == "TBD")
        #expect(week2.right.name == "PACKERS" && week2.right.value == "42")
        #expect(screen.allRows.count == 18)
    }

    @Test func anOpponentThatIsNotAnObjectIsKeptAsTBD() throws {
        let data = try Fixture.editingGame(1) { $0["Opponent"] = "Detroit" }
        let loaded = try Fixture.decode(data)
        #expect(loaded.diagnostics.contains(.repaired, pathSuffix: "Game[1].Opponent", messageContaining: "unreadable Opponent"))
        #expect(Fixture.games(try Fixture.screen(from: data))[1].left.name == "TBD")
    }

    @Test func anUnknownTypeIsSkippedAndReported() throws {
        let data = try Fixture.editingGame(2) { $0["Type"] = "P" }
        let loaded = try Fixture.decode(data)
        #expect(
            loaded.diagnostics.contains(.dropped, pathSuffix: "GameSection[0].Game[2]", messageContaining: #"unknown game Type "P""#),
            "\(loaded.diagnostics)")
        let screen = try Fixture.screen(from: data)
        #expect(screen.sections[0].rows.count == 16)
        #expect(!Fixture.games(screen).contains { $0.weekText == "Week 3" })
    }

    @Test func aMissingTypeIsSkippedAndReported() throws {
        let data = try Fixture.editingGame(2) { $0["Type"] = nil }
        let loaded = try Fixture.decode(data)
        #expect(loaded.diagnostics.contains(.dropped, pathSuffix: "Game[2]", messageContaining: "Type: required field is missing"))
    }

    @Test func lowercaseTypeIsAccepted() throws {
        let data = try Fixture.editingGame(0) { $0["Type"] = " f " }
        #expect(Fixture.games(try Fixture.screen(from: data)).first?.kind == .final)
    }

    @Test func scoresThatAreNotNumbersShowADashAndAreReported() throws {
        let data = try Fixture.editingGame(0) { game in
            game["AwayScore"] = "forty-three"
            game["HomeScore"] = true
        }
        let loaded = try Fixture.decode(data)
        #expect(
            loaded.diagnostics.contains(.repaired, pathSuffix: "Game[0].AwayScore", messageContaining: #""forty-three" is not a score"#))
        #expect(loaded.diagnostics.contains(.repaired, pathSuffix: "Game[0].HomeScore", messageContaining: "whole number"))
        let week1 = try #require(Fixture.games(try Fixture.screen(from: data)).first)
        #expect(week1.left.value == "–" && week1.right.value == "–")
        #expect(week1.left.name == "PACKERS" && week1.statusText == "FINAL")
    }

    @Test func scoresSentAsJSONNumbersAreAccepted() throws {
        let data = try Fixture.editingGame(0) { game in
            game["AwayScore"] = 43
            game["HomeScore"] = " 34 "
        }
        let loaded = try Fixture.decode(data)
        #expect(loaded.diagnostics.isEmpty)
        let week1 = try #require(Fixture.games(try Fixture.screen(from: data)).first)
        #expect(week1.left.value == "43" && week1.right.value == "34")
    }

    @Test func negativeAndFractionalScoresAreNotScores() throws {
        let data = try Fixture.editingGame(0) { game in
            game["AwayScore"] = -3
            game["HomeScore"] = "3.5"
        }
        let week1 = try #require(Fixture.games(try Fixture.screen(from: data)).first)
        #expect(week1.left.value == "–" && week1.right.value == "–")
    }

    @Test func anEmptyScheduleIsAnEmptyScreen() throws {
        let data = try Fixture.edited { $0["GameSection"] = [Any]() }
        let screen = try Fixture.screen(from: data)
        #expect(screen.sections.isEmpty)
        #expect(screen.emptyMessage == "No games scheduled.")
        #expect(screen.initialRow == nil)
        #expect(screen.navigationBar.triCode == "GB")
        #expect(screen.layout.contentHeight == 0)
    }

    @Test func sectionsWithoutRowsAreLeftOutAndNoted() throws {
        let data = try Fixture.edited { root in
            guard var sections = root["GameSection"] as? [[String: Any]] else { return }
            sections[1]["Game"] = [Any]()
            root["GameSection"] = sections
        }
        let loaded = try Fixture.decode(data)
        #expect(loaded.diagnostics.contains(.note, pathSuffix: "GameSection[1]", messageContaining: "has no rows"))
        let screen = try Fixture.screen(from: data)
        #expect(screen.sections.map(\.title) == ["REGULAR SEASON"])
        #expect(screen.initialRow == nil)
    }

    @Test func anInvalidTimestampKeepsTheRowWithTBD() throws {
        let data = try Fixture.editingDate(section: 1, 0) { $0["Timestamp"] = "Saturday afternoon" }
        let loaded = try Fixture.decode(data)
        #expect(loaded.diagnostics.contains(.repaired, pathSuffix: "GameSection[1].Game[0].Date.Timestamp", messageContaining: "TBD"))
        let playoff = try #require(Fixture.games(try Fixture.screen(from: data)).last)
        #expect(playoff.dateText == "TBD")
        #expect(playoff.statusText == "TBD")
        #expect(playoff.kickoff == nil)
        #expect(playoff.left.value == "10-6")
    }

    @Test func aGameWithoutDateIsKeptWithTBD() throws {
        let data = try Fixture.editingGame(0) { $0["Date"] = nil }
        let loaded = try Fixture.decode(data)
        #expect(loaded.diagnostics.contains(.repaired, pathSuffix: "Game[0].Date", messageContaining: "no Date"))
        let week1 = try #require(Fixture.games(try Fixture.screen(from: data)).first)
        #expect(week1.dateText == "TBD" && week1.statusText == "FINAL")
    }

    /// Feeds send `IsTBA` as `"false"`, `true`, `"True"`, `1`; either key (`IsTBA`, `IsTba`) counts.
    @Test(arguments: 0..<5)
    func isTBAAsStringOrBoolShowsTBA(_ variant: Int) throws {
        let values: [(key: String, value: Any)] = [("IsTBA", "true"), ("IsTBA", true), ("IsTBA", "True"), ("IsTBA", 1), ("IsTba", "yes")]
        let data = try Fixture.editingDate(section: 1, 0) { $0[values[variant].key] = values[variant].value }
        let playoff = try #require(Fixture.games(try Fixture.screen(from: data)).last)
        #expect(playoff.statusText == "TBA")
        #expect(playoff.dateText == "Sat, Jan 16")
    }

    @Test func missingIsHomeFallsBackToHomeThenToAway() throws {
        let fallsBack = try Fixture.editingGame(1) { $0["IsHome"] = nil }
        #expect(Fixture.games(try Fixture.screen(from: fallsBack))[1].right.name == "PACKERS")
        let neither = try Fixture.editingGame(1) { game in
            game["IsHome"] = nil
            game["Home"] = nil
        }
        let loaded = try Fixture.decode(neither)
        #expect(loaded.diagnostics.contains(.repaired, pathSuffix: "Game[1]", messageContaining: "neither IsHome nor Home"))
        #expect(Fixture.games(try Fixture.screen(from: neither))[1].left.name == "PACKERS")
    }

    @Test func disagreeingHomeFlagsAreNotedAndIsHomeWins() throws {
        let data = try Fixture.editingGame(0) { $0["Home"] = true }
        let loaded = try Fixture.decode(data)
        #expect(loaded.diagnostics.contains(.note, pathSuffix: "Game[0].IsHome", messageContaining: "disagree"))
        #expect(Fixture.games(try Fixture.screen(from: data)).first?.left.name == "PACKERS")
    }

    @Test func unknownFieldsAreIgnored() throws {
        let data = try Fixture.editingGame(0) { game in
            game["Weather"] = ["Temp": 71, "Sky": "clear"]
            game["Buttons"] = 7
        }
        #expect(try Fixture.decode(data).diagnostics.isEmpty)
        #expect(try Fixture.screen(from: data) == (try Fixture.screen()))
    }

    @Test func duplicateGameIDsStillGiveUniqueRowIDs() throws {
        let data = try Fixture.editingGame(1) { $0["Id"] = 2_020_091_306 }
        let ids = try Fixture.screen(from: data).allRows.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids[1] == "s0r1")
    }

    @Test func everyPrefixOfTheFeedFailsCleanlyOrDecodes() throws {
        let data = try Fixture.data()
        var outcomes = (errors: 0, decoded: 0)
        for length in stride(from: 0, to: data.count, by: 89) {
            do {
                let loaded = try Fixture.decode(data.prefix(length))
                _ = ScheduleViewStateBuilder(context: Fixture.context()).build(loaded.value)
                outcomes.decoded += 1
            } catch {
                #expect(!error.description.isEmpty)
                outcomes.errors += 1
            }
        }
        #expect(outcomes.errors > 100)
    }
}
