import Facts
import Foundation
import TestSupport
import Testing

@testable import ExercisesCLI

/// `exercises carfit` end to end, in process: the real sample, options, JSON and bad input.
@Suite("exercises carfit", .temporaryFiles)
struct CarFitCommandTests {
    static let visitJSON = """
        {"visitId": "v-1", "startTimeUtc": "2020-09-11T07:30:00", "visitState": "Rejected",
         "houseOwnerFirstName": "Ida", "houseOwnerLastName": "Hansen", "houseOwnerAddress": "Strandvejen 140",
         "houseOwnerZip": "2900", "houseOwnerCity": "Hellerup", "houseOwnerLatitude": 55.7343, "houseOwnerLongitude": 12.58,
         "expectedTime": "07:00/09:00", "tasks": [{"title": "Polering", "timesInMinutes": 60}]}
        """

    func file(_ json: String) throws -> String {
        try temporaryFile(named: "visits.json", contents: Data(json.utf8)).path
    }

    @Test func realSampleShowsTheTenthOfSeptemberAsToday() async {
        let run = await runExercises(["carfit"], locale: "en_GB")
        #expect(run.status == 0)
        let lines = run.output.components(separatedBy: "\n")
        #expect(lines.first?.hasPrefix("Today") == true)
        #expect(lines.first?.hasSuffix("Updated 08:00") == true)
        #expect(lines.contains { $0.contains("September 2020") && $0.hasPrefix("‹ August 2020") && $0.hasSuffix("October 2020 ›") })
        #expect(lines.contains(" Mon   Tue   Wed   Thu   Fri   Sat   Sun"))
        #expect(lines.contains("   7     8     9   [10]•  11 •  12    13"))
        #expect(lines.contains("Thursday 10 September · 3 visits"))
        #expect(
            run.output.contains(
                """
                  Tone Holtermann                                                           DONE
                  Pudsning indvendig, Pudsning udvendig
                  🕒 08:05 / 08:00-10:00
                  🕒 60 min
                  📍 Akademivej 15, 1 th, 2800 Kgs. Lyngby

                  Kenn Jørgensen                                                     IN PROGRESS
                """))
        #expect(lines.filter { $0 == "  📍 0.5 km" }.count == 2)
        #expect(
            run.output.contains(
                "Sample data covers 10 September 2020, 11 September 2020 and 30 September 2020; today is set to 10 September 2020"))
        // The two repeated visits of the sample are reported, not shown twice.
        let notes = run.errors.split(separator: "\n")
        #expect(notes.count == 2)
        #expect(notes.allSatisfy { $0.hasPrefix("dropped: data: visit ec94deca-d66a-4d62-b049-72414870de00") })
    }

    @Test func acceptsTheCommonCacheDirectoryOption() async throws {
        let run = await runExercises(["carfit", "--cache-dir", try temporaryDirectory().path], locale: "en_GB")
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("Today"))
    }

    @Test func sampleDayIsTodayWhateverTheProcessClockSays() async {
        let run = await runExercises(["carfit"], locale: "en_GB", now: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(run.status == 0)
        #expect(run.output.contains("Thursday 10 September · 3 visits"))
    }

    @Test func severalDaysInSeveralMonthsInDanishAndCopenhagenTime() async {
        let run = await runExercises(
            ["carfit", "--date", "2020-10-02", "--date", "2020-09-11", "--locale", "da_DK", "--time-zone", "Europe/Copenhagen"]
        )
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("2 dage valgt"))
        #expect(run.output.contains("\n Man  Tirs   Ons  Tors   Fre   Lør   Søn\n"))
        #expect(run.output.contains("   7     8     9   (10)• [11]•  12    13"))
        #expect(run.output.contains("Fredag 11. september · 1 besøg"))
        #expect(run.output.contains("PLANLAGT"))
        #expect(run.output.contains("🕒 11.15"))
        #expect(run.output.contains("Fredag 2. oktober · 0 besøg\n\n  Ingen besøg denne dag."))
    }

    @Test func jsonPrintsTheViewStateInTheEnvelope() async throws {
        let run = await runExercises(["carfit", "--json", "--date", "2020-09-10", "--date", "2020-09-30"], locale: "en_GB")
        #expect(run.status == 0)
        let json = try run.json()
        #expect(json["exercise"] as? String == "carfit")
        #expect((json["diagnostics"] as? [Any])?.count == 2)
        let screen = try #require(json["screen"] as? [String: Any])
        #expect(screen["title"] as? String == "2 days selected")
        #expect(screen["isRefreshing"] as? Bool == false)
        let sections = try #require(screen["sections"] as? [[String: Any]])
        #expect(sections.map { $0["day"] as? String } == ["2020-09-10", "2020-09-30"])
        let card = try #require((sections.first?["cards"] as? [[String: Any]])?.first)
        #expect(card["clientName"] as? String == "Tone Holtermann")
        #expect(card["stateColor"] as? String == "#25A87B")
        #expect(card["timeText"] as? String == "08:05 / 08:00-10:00")
        #expect(card["durationMinutes"] as? Int == 60)
        #expect(card["start"] as? String == "2020-09-10T08:05:00Z")
        let calendar = try #require(screen["calendar"] as? [String: Any])
        #expect(calendar["selectedDays"] as? [String] == ["2020-09-10", "2020-09-30"])
        #expect(calendar["today"] as? String == "2020-09-10")
        #expect((calendar["weeks"] as? [[Any]])?.count == 5)
    }

    @Test func generatedVisitsAreDeterministicPerSeed() async {
        let arguments = ["carfit", "--generated", "--now", "2024-05-15T10:00:00Z", "--time-zone", "Europe/Copenhagen"]
        let first = await runExercises(arguments, locale: "en_GB")
        let again = await runExercises(arguments, locale: "en_GB")
        let other = await runExercises(arguments + ["--seed", "7"], locale: "en_GB")
        #expect(first.status == 0 && other.status == 0)
        #expect(first.output == again.output)
        #expect(first.output != other.output)
        #expect(first.output.hasPrefix("Today"))
        #expect(first.output.contains("Wednesday 15 May · "))
        #expect(first.output.contains("IN PROGRESS"))
        #expect(!first.output.contains("Sample data"))
        #expect(first.errors.isEmpty)
    }

    @Test func aFileUsesTheGivenNow() async throws {
        let path = try file("{\"success\": true, \"data\": [\(Self.visitJSON)]}")
        let run = await runExercises(["carfit", "--file", path, "--now", "2020-09-11T06:00:00Z"], locale: "en_GB")
        #expect(run.status == 0)
        #expect(run.output.contains("Friday 11 September · 1 visit"))
        #expect(run.output.contains("  Ida Hansen                                                            REJECTED"))
        #expect(run.output.contains("🕒 07:30 / 07:00-09:00"))
        #expect(!run.output.contains("📍 0"))
        #expect(!run.output.contains("Sample data"))
    }

    @Test func urlFetchesOverHTTP() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/visits", .json("{\"success\": true, \"data\": [\(Self.visitJSON)]}"))
        server.route("/missing", .status(404, body: "no such worker"))
        let url = server.url("/visits").absoluteString
        let run = await runExercises(["carfit", "--url", url, "--now", "2020-09-11T06:00:00Z"], locale: "en_GB")
        #expect(run.status == 0)
        #expect(run.output.contains("Friday 11 September · 1 visit"))
        #expect(!run.output.contains("Sample data"))
        #expect(server.requestCount("/visits") == 1)

        let missing = await runExercises(["carfit", "--url", server.url("/missing").absoluteString])
        #expect(missing.status == 1)
        #expect(missing.output.isEmpty)
        #expect(missing.errors == "error: \(server.url("/missing").absoluteString): HTTP 404 Not Found: no such worker\n")
    }

    @Test func brokenJSONIsOneErrorLineAndNoOutput() async throws {
        let path = try file("{\"success\": true, \"data\": [")
        let run = await runExercises(["carfit", "--file", path])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors.hasPrefix("error: visits.json"))
        #expect(run.errors.split(separator: "\n").count == 1)
    }

    @Test func serverRefusalIsReportedWithTheServersMessage() async throws {
        let path = try file("{\"success\": false, \"message\": \"Token expired\", \"code\": 401, \"data\": null}")
        let run = await runExercises(["carfit", "--file", path])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors == "error: visits.json: the server refused the request (code 401): Token expired\n")
    }

    /// Another exercise's feed, or any object without the envelope's keys, is named for what
    /// it is (not a CarFit reply) with the file it came from: nothing was refused by a server.
    @Test func anotherExercisesFeedIsNotACarFitReply() async throws {
        guard case .file(let facts) = try FactsSource.bundled() else {
            Issue.record("the bundled facts feed is not a file")
            return
        }
        let run = await runExercises(["carfit", "--file", facts.path])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(
            run.errors
                == "error: facts.json: (root): not a CarFit reply: expected an object with \"success\", \"data\" or \"message\" "
                + "(or a list of visits), found an object with \"rows\", \"title\"\n")
        #expect(!run.errors.contains("refused"))
    }

    @Test func anObjectWithoutTheEnvelopesKeysOnStandardInputIsNotACarFitReply() async {
        let run = await runExercises(["carfit", "--file", "-"], input: Data("{\"foo\":1}\n".utf8))
        #expect(run.status == 1)
        #expect(
            run.errors
                == "error: standard input: (root): not a CarFit reply: expected an object with \"success\", \"data\" or \"message\" "
                + "(or a list of visits), found an object with \"foo\"\n")
    }

    @Test func missingFileIsAnInputError() async {
        let run = await runExercises(["carfit", "--file", "/nonexistent/visits.json"])
        #expect(run.status == 1)
        #expect(run.errors == "error: /nonexistent/visits.json: no such file\n")
    }

    @Test(arguments: [
        (["--date", "2021-02-29"], "error: --date: '2021-02-29' is not a day as YYYY-MM-DD"),
        (["--generated", "--file", "x.json"], "error: --generated cannot be combined with --file or --url"),
        (["--seed", "3"], "error: --seed only applies with --generated"),
        (["--generated", "--seed", "-1"], "error: --seed: '-1' is not a whole number from 0 to 18446744073709551615"),
        (["--url", "default"], "error: --url: this exercise has no default URL"),
    ])
    func badCommandLinesAreUsageErrors(arguments: [String], message: String) async {
        let run = await runExercises(["carfit"] + arguments)
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors.hasPrefix(message + "\n"))
    }

    @Test func helpExplainsTheSampleDaysAndOptions() async {
        let run = await runExercises(["carfit", "--help"])
        #expect(run.status == 0)
        let help = run.output.replacingOccurrences(of: "\n", with: " ")
        #expect(help.contains("10, 11 and 30 September 2020"))
        #expect(help.contains("today is 10 September 2020"))
        #expect(run.output.contains("--date YYYY-MM-DD (repeatable)"))
        #expect(run.output.contains("--generated"))
        #expect(run.output.contains("--seed N"))
    }
}
