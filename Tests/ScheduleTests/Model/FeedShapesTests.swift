import Foundation
import SharedNetworking
import Testing

@testable import Schedule

/// The shapes real servers send: XML-to-JSON lists of one, the basic ISO 8601 form, and the
/// repairs that used to be silent or misquoted. Each repair is reported once, quoted exactly.
@Suite("Schedule feeds in the shapes real servers send")
struct FeedShapesTests {
    /// `GameSection` of the fixture as JSON objects, edited, written back.
    func editingSections(_ edit: (inout [[String: Any]]) throws -> Void) throws -> Data {
        try Fixture.edited { root in
            guard var sections = root["GameSection"] as? [[String: Any]] else { throw CocoaError(.coderReadCorrupt) }
            try edit(&sections)
            root["GameSection"] = sections
        }
    }

    /// The fixture's text with one value replaced literally (for numbers JSONSerialization would
    /// rewrite, such as `1e30`).
    func replacingFirst(_ target: String, with replacement: String) throws -> Data {
        let text = String(decoding: try Fixture.data(), as: UTF8.self)
        let range = try #require(text.range(of: target))
        return Data(text.replacingCharacters(in: range, with: replacement).utf8)
    }

    func diagnostics(at path: String, in loaded: Loaded<ScheduleFeed>) -> [Diagnostic] {
        loaded.diagnostics.filter { $0.path == path }
    }

    // MARK: Lists of one

    @Test func aGameThatIsOneObjectIsTheSectionsOnlyRow() throws {
        let data = try editingSections { sections in
            let games = try #require(sections[1]["Game"] as? [[String: Any]])
            sections[1]["Game"] = games[0]
        }
        let loaded = try Fixture.decode(data)
        #expect(
            diagnostics(at: "GameSection[1].Game", in: loaded) == [
                Diagnostic(
                    .repaired, path: "GameSection[1].Game",
                    message: "one object where a list belongs (as XML-to-JSON converters write a single item); read as a list of one")
            ])
        #expect(loaded.diagnostics.count == 1)
        let screen = try Fixture.screen(from: data)
        // POSTSEASON used to disappear with its only game.
        #expect(screen == (try Fixture.screen()))
    }

    @Test func oneSectionThatIsAnObjectIsTheWholeSchedule() throws {
        let data = try Fixture.edited { root in
            let sections = try #require(root["GameSection"] as? [[String: Any]])
            root["GameSection"] = sections[0]
        }
        let loaded = try Fixture.decode(data)
        #expect(loaded.diagnostics.map(\.path) == ["GameSection"])
        #expect(loaded.diagnostics.first?.kind == .repaired)
        let screen = try Fixture.screen(from: data)
        #expect(screen.sections.map(\.title) == ["REGULAR SEASON"])
        #expect(screen.sections.first?.rows.count == 17)
    }

    @Test func aGameThatIsOneUnreadableObjectIsDroppedAndSaysWhy() throws {
        let data = try editingSections { sections in
            sections[1]["Game"] = ["Type": "P", "Week": "Wild Card"] as [String: Any]
        }
        let loaded = try Fixture.decode(data)
        #expect(loaded.diagnostics.contains(.repaired, pathSuffix: "GameSection[1].Game", messageContaining: "read as a list of one"))
        #expect(loaded.diagnostics.contains(.dropped, pathSuffix: "GameSection[1].Game", messageContaining: #"unknown game Type "P""#))
        #expect(try Fixture.screen(from: data).sections.map(\.title) == ["REGULAR SEASON"])
    }

    // MARK: Dates

    @Test(arguments: [
        ("20200913T170000Z", "2020-09-13T17:00:00Z"),
        ("20200913T1700Z", "2020-09-13T17:00:00Z"),
        ("20200913T130000-0400", "2020-09-13T17:00:00Z"),
        ("20200913T170000.250Z", "2020-09-13T17:00:00.250Z"),
    ])
    func basicISO8601IsTheSameInstant(basic: String, extended: String) throws {
        let data = try Fixture.editingDate(0) { $0["Timestamp"] = basic }
        let loaded = try Fixture.decode(data)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        #expect(loaded.value.sections[0].games[0].date?.timestamp == Fixture.date(extended))
        #expect(Fixture.games(try Fixture.screen(from: data))[0].dateText == "Sun, Sep 13")
    }

    // MARK: Scores

    @Test func aNullHomeScoreOfAFinalGameIsReported() throws {
        let data = try Fixture.editingGame(0) { $0["HomeScore"] = NSNull() }
        let loaded = try Fixture.decode(data)
        #expect(
            diagnostics(at: "GameSection[0].Game[0].HomeScore", in: loaded) == [
                Diagnostic(.repaired, path: "GameSection[0].Game[0].HomeScore", message: "HomeScore is null for a final game; shown as –")
            ])
        #expect(Fixture.games(try Fixture.screen(from: data))[0].right.value == "–")
    }

    @Test func anEmptyAwayScoreOfAFinalGameIsReported() throws {
        let data = try Fixture.editingGame(0) { $0["AwayScore"] = "" }
        let loaded = try Fixture.decode(data)
        #expect(
            diagnostics(at: "GameSection[0].Game[0].AwayScore", in: loaded).map(\.message) == [
                #"AwayScore is empty ("") for a final game; shown as –"#
            ])
    }

    @Test func aMissingScoreOfAFinalGameIsReported() throws {
        let data = try Fixture.editingGame(0) { $0["AwayScore"] = nil }
        let loaded = try Fixture.decode(data)
        #expect(
            diagnostics(at: "GameSection[0].Game[0].AwayScore", in: loaded).map(\.message) == ["no AwayScore for a final game; shown as –"])
    }

    /// Before kick-off an empty score is what the feed sends (the fixture's playoff game).
    @Test func emptyScoresOfAScheduledGameAreNotRepairs() throws {
        let data = try Fixture.editingGame(section: 1, 0) { game in
            game["AwayScore"] = NSNull()
            game["HomeScore"] = nil
        }
        #expect(try Fixture.decode(data).diagnostics.isEmpty)
    }

    @Test func aLongScoreIsQuotedAndCutWithAnEllipsis() throws {
        let data = try Fixture.editingGame(0) { $0["AwayScore"] = "12345678901234567890123" }
        let loaded = try Fixture.decode(data)
        #expect(
            diagnostics(at: "GameSection[0].Game[0].AwayScore", in: loaded).map(\.message) == [
                #""12345678901234567890…" is too large for a score; shown as –"#
            ])
    }

    @Test(arguments: [
        ("1e30", "10000000000000000000… is too large for a score; shown as –"),
        ("12345678901234567890123", "12345678901234567890… is too large for a score; shown as –"),
        ("-3", "-3 is negative, so not a score; shown as –"),
        ("3.5", "3.5 is not a whole number, so not a score; shown as –"),
        ("true", "a score must be a whole number, found a boolean; shown as –"),
        ("[43]", "a score must be a whole number, found an array; shown as –"),
    ])
    func numbersThatAreNotScoresSaySoExactly(json: String, message: String) throws {
        let data = try replacingFirst(#""AwayScore": "43""#, with: #""AwayScore": \#(json)"#)
        let loaded = try Fixture.decode(data)
        #expect(diagnostics(at: "GameSection[0].Game[0].AwayScore", in: loaded).map(\.message) == [message])
        #expect(Fixture.games(try Fixture.screen(from: data))[0].left.value == "–")
    }

    @Test func aScoreSentAsANumberIsAScore() throws {
        let data = try replacingFirst(#""AwayScore": "43""#, with: #""AwayScore": 43"#)
        #expect(try Fixture.decode(data).diagnostics.isEmpty)
        #expect(Fixture.games(try Fixture.screen(from: data))[0].left.value == "43")
    }

    // MARK: Teams

    @Test func anEmptyRootTeamIsReported() throws {
        let data = try Fixture.edited { $0["Team"] = [String: Any]() }
        let loaded = try Fixture.decode(data)
        #expect(
            diagnostics(at: "Team", in: loaded) == [
                Diagnostic(
                    .repaired, path: "Team", message: "no TriCode, Name, FullName or City: the team is shown as TBD on a neutral bar")
            ])
        let screen = try Fixture.screen(from: data)
        #expect(!screen.navigationBar.isKnownTeam)
        #expect(Fixture.games(screen)[0].left.name == "TBD")
    }

    @Test func aNumberWhereTextBelongsIsShownAndReported() throws {
        let data = try Fixture.editingGame(0) { game in
            var opponent = game["Opponent"] as? [String: Any] ?? [:]
            opponent["Record"] = 7
            game["Opponent"] = opponent
            game["Week"] = 1
        }
        let loaded = try Fixture.decode(data)
        #expect(
            diagnostics(at: "GameSection[0].Game[0].Week", in: loaded).map(\.message) == ["expected text, found a number; shown as 1"])
        #expect(
            diagnostics(at: "GameSection[0].Game[0].Opponent.Record", in: loaded).map(\.message) == [
                "expected text, found a number; shown as 7"
            ])
        #expect(Fixture.games(try Fixture.screen(from: data))[0].weekText == "1")
    }

    /// Every repair of a badly broken row is reported once, each at its own path.
    @Test func everyRepairIsReportedOnce() throws {
        let data = try Fixture.editingGame(0) { game in
            game["AwayScore"] = NSNull()
            game["HomeScore"] = "n/a"
            game["Opponent"] = [String: Any]()
            game["Date"] = ["Timestamp": "soon"]
            game["IsHome"] = nil
            game["Home"] = nil
        }
        let loaded = try Fixture.decode(data)
        let paths = loaded.diagnostics.map(\.path)
        #expect(Set(paths).count == paths.count, "\(loaded.diagnostics)")
        #expect(paths.count == 5, "\(loaded.diagnostics)")
    }
}
