import CarFit
import Foundation
import Schedule
import SharedNetworking
import TerminalScreens
import TestSupport
import Testing

@testable import ExercisesCLI

/// What a demanding user of the command line tries: pipes, IPv6 addresses, long names, a feed
/// whose visits are in another month.
@Suite("exercises: pipes, IPv6 URLs, long names, feeds from another time", .temporaryFiles)
struct CommandLineInputTests {
    static func bundledSchedule() throws -> Data {
        guard case .file(let url) = try ScheduleSource.bundled() else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: url)
    }

    @Test("`cat feed.json | exercises schedule --file -` (and --file /dev/stdin) reads the pipe")
    func standardInput() async throws {
        let feed = try Self.bundledSchedule()
        let bundled = await runExercises(["schedule"])
        for path in ["-", "/dev/stdin"] {
            let piped = await runExercises(["schedule", "--file", path], input: feed)
            #expect(piped.status == 0, "\(path): \(piped.errors)")
            #expect(piped.output == bundled.output)
        }
        let empty = await runExercises(["facts", "--file", "-"])
        #expect(empty.status == 1)
        #expect(empty.errors == "error: standard input: empty document, expected JSON\n")
        let huge = await runExercises(["facts", "--file", "-"], input: Data(repeating: 0x20, count: 16 * 1024 * 1024 + 1))
        #expect(huge.errors == "error: standard input: larger than 16777216 bytes\n")
    }

    @Test("--url http://[::1]:PORT/… fetches from the IPv6 loopback")
    func ipv6Loopback() async throws {
        let server = try LoopbackHTTPServer(ipv6: true)
        defer { server.stop() }
        server.route("/schedule.json", .ok(try Self.bundledSchedule(), contentType: "application/json"))
        let url = server.url("/schedule.json").absoluteString
        #expect(url.hasPrefix("http://[::1]:"))
        let remote = await runExercises(["schedule", "--url", url])
        #expect(remote.status == 0, "\(remote.errors)")
        #expect(remote.output == (await runExercises(["schedule"])).output)
        #expect(server.requestCount("/schedule.json") == 1)
    }

    @Test("a long team name on the right is cut with … and leaves the other team in view")
    func longTeamNames() async throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Self.bundledSchedule()) as? [String: Any])
        var sections = try #require(object["GameSection"] as? [[String: Any]])
        var games = try #require(sections[0]["Game"] as? [[String: Any]])
        var opponent = try #require(games[0]["Opponent"] as? [String: Any])
        opponent["Name"] = "THE EXTRAORDINARILY LONG-NAMED MINNESOTA VIKINGS FOOTBALL CLUB"
        games[0]["Opponent"] = opponent
        sections[0]["Game"] = games
        object["GameSection"] = sections
        let file = try temporaryFile(named: "long.json", contents: try JSONSerialization.data(withJSONObject: object))
        let run = await runExercises(["schedule", "--file", file.path])
        #expect(run.status == 0)
        let line = try #require(run.output.split(separator: "\n").first { $0.contains("EXTRAORDINARILY") })
        #expect(line.hasPrefix("PACKERS "), "the left team stays in view: \(line)")
        #expect(line.hasSuffix("…"))
        #expect(TerminalText.displayWidth(String(line)) <= 60)
    }

    @Test("the exercise's own carfit.json on another day says where its visits are")
    func carfitFeedFromAnotherMonth() async throws {
        guard case .file(let sample) = try CarFitSource.bundled() else { throw CocoaError(.fileNoSuchFile) }
        let run = await runExercises(["carfit", "--file", sample.path, "--now", "2026-11-25T09:00:00Z"], locale: "en_GB")
        #expect(run.status == 0)
        #expect(run.output.contains("Wednesday 25 November · 0 visits"), "today stays today: \(run.output)")
        #expect(run.output.contains("No visits on this day. The nearest day with visits is Wednesday, 30 September 2020."))
        #expect(
            run.output.contains(
                "A selected day has no visits; this feed's visits are on 3 days from 2020-09-10 to 2020-09-30. "
                    + "Show the nearest with --date 2020-09-30 (or make it today with --now 2020-09-30)."))
        let json = await runExercises(["carfit", "--file", sample.path, "--now", "2020-09-01", "--json"])
        let screen = try #require(try json.json()["screen"] as? [String: Any])
        let section = try #require((screen["sections"] as? [[String: Any]])?.first)
        #expect(section["nearestVisitDay"] as? String == "2020-09-10")
        let german = await runExercises(["carfit", "--file", sample.path, "--now", "2020-09-01", "--locale", "de_DE"])
        #expect(german.output.contains("Keine Besuche an diesem Tag. Der nächstgelegene Tag mit Besuchen ist Donnerstag, 10. September."))
    }
}
