import ExercisesCLI
import Foundation
import Schedule
import SharedNetworking
import TerminalScreens
import TestSupport
import Testing

@Suite("exercises schedule", .temporaryFiles)
struct ScheduleCommandTests {
    /// The bundled feed (the command's embedded default) as a JSON object, for --file variants.
    func fixtureObject() throws -> [String: Any] {
        guard case .file(let url) = try ScheduleSource.bundled() else { throw CocoaError(.fileNoSuchFile) }
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        return try #require(object as? [String: Any])
    }

    func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func rendersTheRealScheduleLikeTheScreenshot() async throws {
        let run = await runExercises(["schedule"], locale: "en_US", timeZone: "America/New_York", width: 60)
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        let output = lines(run.output)
        #expect(output[0].trimmingCharacters(in: .whitespaces) == "SCHEDULE")
        #expect(output[1].trimmingCharacters(in: .whitespaces) == "Green Bay Packers")
        let regular = try #require(output.firstIndex(of: "REGULAR SEASON"))
        // Week 1 at Minnesota: away Packers left with 43, home Vikings right with 34.
        let week1 = Array(output[(regular + 2)...(regular + 4)])
        #expect(week1[0].hasPrefix("PACKERS") && week1[0].hasSuffix("VIKINGS"))
        #expect(week1[1].hasPrefix("43") && week1[1].contains(" @ ") && week1[1].hasSuffix("34"))
        #expect(week1[2].hasPrefix("Sun, Sep 13") && week1[2].contains("Week 1") && week1[2].hasSuffix("FINAL"))
        #expect(week1.allSatisfy { TerminalText.displayWidth($0) == 60 })
        let bye = try #require(output.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "BYE" })
        #expect(output[bye + 1].trimmingCharacters(in: .whitespaces) == "Week 5")
        let postseason = try #require(output.firstIndex(of: "POSTSEASON"))
        #expect(output[postseason + 2].hasPrefix("▸ RAMS") && output[postseason + 2].hasSuffix("PACKERS"))
        #expect(output[postseason + 3].hasPrefix("10-6") && output[postseason + 3].hasSuffix("13-3"))
        #expect(output[postseason + 4].hasPrefix("Sat, Jan 16") && output[postseason + 4].hasSuffix("4:35\u{202F}PM"))
        #expect(run.output.contains("▸ opens at Divisional Playoffs: RAMS @ PACKERS"))
        #expect(output.filter { $0.hasSuffix("FINAL") }.count == 16)
    }

    @Test func honoursLocaleAndTimeZone() async throws {
        let run = await runExercises(["schedule", "--locale", "de_DE", "--time-zone", "Asia/Tokyo"])
        #expect(run.status == 0)
        // Week 1 kicks off at 2:00 on Monday in Tokyo; the playoff game at 6:35 on Sunday.
        #expect(run.output.contains("Mo. 14. Sept.") || run.output.contains("Mo., 14. Sept."))
        #expect(run.output.contains("06:35"))
        #expect(run.output.contains("So. 17. Jan.") || run.output.contains("So., 17. Jan."))
    }

    @Test func jsonPrintsTheViewStateInTheEnvelope() async throws {
        let run = await runExercises([
            "schedule", "--json", "--time-zone", "America/New_York", "--cache-dir", try temporaryDirectory().path,
        ])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        let json = try run.json()
        #expect(json["exercise"] as? String == "schedule")
        #expect(json["schemaVersion"] as? Int == 2)
        #expect((json["diagnostics"] as? [Any])?.isEmpty == true)
        let screen = try #require(json["screen"] as? [String: Any])
        let bar = try #require(screen["navigationBar"] as? [String: Any])
        #expect(bar["background"] as? String == "#203731")
        #expect(bar["titleColor"] as? String == "#FFB612")
        let sections = try #require(screen["sections"] as? [[String: Any]])
        #expect(sections.map { $0["title"] as? String } == ["REGULAR SEASON", "POSTSEASON"])
        let rows = try #require(sections.first?["rows"] as? [[String: Any]])
        #expect(rows.count == 17)
        #expect(rows[4]["kind"] as? String == "bye")
        let week1 = try #require(rows[0]["game"] as? [String: Any])
        let left = try #require(week1["left"] as? [String: Any])
        #expect(left["name"] as? String == "PACKERS" && left["value"] as? String == "43")
        #expect(left["logoURL"] as? String == "https://resources-us.yinzcam.com/nfl/logos/nfl_gb_light.png")
        #expect(week1["kickoff"] as? String == "2020-09-13T17:00:00Z")
        #expect(week1["dateText"] as? String == "Sun, Sep 13")
        let initial = try #require(screen["initialRow"] as? [String: Any])
        #expect(initial["section"] as? Int == 1 && initial["row"] as? Int == 0)
        let metrics = try #require(screen["metrics"] as? [String: Any])
        #expect(metrics["gameRowHeight"] as? Double == 140)
    }

    @Test func notJSONIsOneErrorLineAndNothingOnStandardOutput() async throws {
        let file = try temporaryFile(named: "schedule.json", contents: Data("<html><body>Service Unavailable</body></html>".utf8))
        let run = await runExercises(["schedule", "--file", file.path])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors.hasPrefix("error: schedule.json: expected JSON, got an HTML page"))
        #expect(lines(run.errors).filter { !$0.isEmpty }.count == 1)
    }

    @Test func aTopLevelArrayIsAClearError() async throws {
        let file = try temporaryFile(named: "array.json", contents: Data("[]".utf8))
        let run = await runExercises(["schedule", "--file", file.path, "--json"])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors == "error: array.json: (root): expected Object, found Array\n")
    }

    @Test func missingGameSectionIsAClearError() async throws {
        var object = try fixtureObject()
        object["GameSection"] = nil
        let file = try temporaryFile(named: "schedule.json", contents: try JSONSerialization.data(withJSONObject: object))
        let run = await runExercises(["schedule", "--file", file.path])
        #expect(run.status == 1)
        #expect(run.errors == "error: schedule.json: GameSection: required field is missing\n")
    }

    @Test func repairsAreDiagnosticLinesOnStandardError() async throws {
        var object = try fixtureObject()
        var sections = try #require(object["GameSection"] as? [[String: Any]])
        var games = try #require(sections[0]["Game"] as? [[String: Any]])
        games[2]["Type"] = "P"
        games[0]["AwayScore"] = "n/a"
        sections[0]["Game"] = games
        object["GameSection"] = sections
        let file = try temporaryFile(named: "schedule.json", contents: try JSONSerialization.data(withJSONObject: object))
        let run = await runExercises(["schedule", "--file", file.path, "--time-zone", "America/New_York"])
        #expect(run.status == 0)
        #expect(!run.output.contains("Week 3"))
        #expect(lines(run.output).contains { $0.hasPrefix("–") && $0.hasSuffix("34") })
        #expect(run.errors.contains(#"dropped: GameSection[0].Game[2]: element dropped: Type: unknown game Type "P""#))
        #expect(run.errors.contains(#"repaired: GameSection[0].Game[0].AwayScore: "n/a" is not a score"#))
    }

    @Test func anEmptyScheduleSaysSo() async throws {
        let file = try temporaryFile(
            named: "empty.json", contents: Data(#"{"Team": {"TriCode": "GB", "FullName": "Green Bay Packers"}, "GameSection": []}"#.utf8))
        let run = await runExercises(["schedule", "--file", file.path])
        #expect(run.status == 0)
        #expect(run.output.contains("No games scheduled."))
        #expect(!run.output.contains("REGULAR SEASON"))
    }

    @Test func aMissingFileIsAClearError() async {
        let run = await runExercises(["schedule", "--file", "/nonexistent/schedule.json"])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors == "error: /nonexistent/schedule.json: no such file\n")
    }

    @Test func fetchesTheFeedFromAURL() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        guard case .file(let bundled) = try ScheduleSource.bundled() else { throw CocoaError(.fileNoSuchFile) }
        server.route("/iOS/interviews/ScheduleExercise/schedule.json", .ok(try Data(contentsOf: bundled), contentType: "application/json"))
        let url = server.url("/iOS/interviews/ScheduleExercise/schedule.json").absoluteString
        let remote = await runExercises(["schedule", "--url", url, "--time-zone", "America/New_York"])
        let local = await runExercises(["schedule", "--time-zone", "America/New_York"])
        #expect(remote.status == 0)
        #expect(remote.output == local.output)
        #expect(server.requestCount("/iOS/interviews/ScheduleExercise/schedule.json") == 1)
    }

    @Test func aMissingRemoteFeedIsOneErrorLine() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/schedule.json", .text("Not Found", status: 404))
        let url = server.url("/schedule.json").absoluteString
        let run = await runExercises(["schedule", "--url", url])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors == "error: \(url): HTTP 404 Not Found: Not Found\n")
    }

    @Test func helpNamesTheOriginalFeed() async {
        let run = await runExercises(["schedule", "--help"])
        #expect(run.status == 0)
        #expect(run.output.contains("--url default"))
        #expect(run.output.contains("--time-zone"))
    }
}
