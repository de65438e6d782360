import CarFit
import ExercisesCLI
import Facts
import Foundation
import Schedule
import SharedNetworking
import TestSupport
import Testing

/// The network a phone really has, through the real command: a second run revalidates what the
/// first saved (304), a server that is down shows the saved screen marked "Offline" (exit 0),
/// `no-store` is never saved, `--timeout` bounds a hung server.
@Suite(.temporaryFiles)
struct NetworkCommandTests {
    let server: LoopbackHTTPServer

    init() throws {
        server = try LoopbackHTTPServer()
    }

    func cacheDirectory() throws -> String {
        try temporaryFile(named: "placeholder", contents: Data()).deletingLastPathComponent().appendingPathComponent("caches").path
    }

    static func bundled(_ source: FeedSource) throws -> Data {
        guard case .file(let url) = source else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: url)
    }

    /// `path` answers 304 to its ETag, else `body` with the ETag, `Last-Modified` and `max-age=0`.
    func routeValidated(_ path: String, body: Data) {
        server.route(path) { request in
            if request.headers["If-None-Match"] == "\"feed-1\"" {
                return ScriptedResponse(status: 304, headers: ["ETag": "\"feed-1\"", "Cache-Control": "max-age=0"])
            }
            return ScriptedResponse.ok(body, contentType: "application/json")
                .header("ETag", "\"feed-1\"").header("Last-Modified", "Wed, 09 Sep 2020 08:00:00 GMT").header("Cache-Control", "max-age=0")
        }
    }

    @Test func aSecondRunRevalidatesAndShowsTheScreenFromA304() async throws {
        defer { server.stop() }
        routeValidated("/schedule.json", body: try Self.bundled(ScheduleSource.bundled()))
        let caches = try cacheDirectory()
        let url = server.url("/schedule.json").absoluteString
        let first = await runExercises(["schedule", "--url", url, "--cache-dir", caches])
        let second = await runExercises(["schedule", "--url", url, "--cache-dir", caches])
        #expect(first.status == 0 && second.status == 0)
        #expect(second.output == first.output)
        #expect(server.requests.map { $0.headers["If-None-Match"] } == [nil, "\"feed-1\""])
        #expect(server.requests.last?.headers["If-Modified-Since"] == "Wed, 09 Sep 2020 08:00:00 GMT")
        #expect(second.errors.contains("not modified (HTTP 304)"))
    }

    @Test(
        "with the server down, each feed screen shows its saved copy marked Offline and exits 0",
        arguments: [
            ("schedule", "SCHEDULE"),
            ("carfit", "visits"),
            ("facts", "About Canada"),
        ])
    func serverDownShowsTheSavedScreen(_ exercise: String, _ content: String) async throws {
        let body: Data
        switch exercise {
        case "schedule": body = try Self.bundled(ScheduleSource.bundled())
        case "carfit": body = try Self.bundled(try CarFitSource.bundled())
        default: body = try Self.bundled(FactsSource.bundled())
        }
        routeValidated("/feed.json", body: body)
        let caches = try cacheDirectory()
        let url = server.url("/feed.json").absoluteString
        let extra = exercise == "carfit" ? ["--date", "2020-09-10"] : []
        let online = await runExercises([exercise, "--url", url, "--cache-dir", caches] + extra)
        #expect(online.status == 0, "\(online.errors)")
        server.stop()

        // Two hours later, on a running clock: the retries' backoff must really pass (a manual
        // clock would hold it forever).
        let later = AnchoredClock(start: Date(timeIntervalSince1970: 1_599_724_800 + 7200), base: SystemClock())
        let offline = await runExercises([exercise, "--url", url, "--cache-dir", caches] + extra, clock: later)
        #expect(offline.status == 0, "\(offline.errors)")
        #expect(offline.output.contains("Offline: saved 2 hours ago"))
        #expect(offline.output.contains(content))
        #expect(offline.errors.contains("connection failed (-1004)"))
        #expect(offline.errors.contains("the screen shows the saved copy"))

        let json = await runExercises([exercise, "--url", url, "--cache-dir", caches, "--json"] + extra, clock: later)
        let screen = try #require(try json.json()["screen"] as? [String: Any])
        let notice = try #require(screen["notice"] as? [String: Any])
        #expect(notice["kind"] as? String == "offline")
        #expect(notice["text"] as? String == "Offline: saved 2 hours ago")
        // The banner is an element VoiceOver reaches, and its first appearance is announced.
        let element = try #require(notice["accessibility"] as? [String: Any])
        #expect(element["label"] as? String == "Offline: saved 2 hours ago")
        #expect(element["traits"] as? [String] == ["staticText"])
        let announcement = try #require(screen["announcement"] as? [String: Any])
        #expect((announcement["text"] as? String)?.hasSuffix(" Offline: saved 2 hours ago.") == true)
        #expect(announcement["priority"] as? String == "high")

        // The page draws the banner as a status box, with the announcement in its live region.
        let page = try temporaryFile(named: "\(exercise)-offline.html", contents: Data())
        let html = await runExercises([exercise, "--url", url, "--cache-dir", caches, "--html", page.path] + extra, clock: later)
        #expect(html.status == 0, "\(html.errors)")
        let markup = try String(contentsOf: page, encoding: .utf8)
        #expect(markup.contains("role=\"status\" style=") && markup.contains("id=\"network-notice\">Offline: saved 2 hours ago</div>"))
        #expect(markup.contains("role=\"alert\" aria-live=\"assertive\" aria-atomic=\"true\">"))

        let german = await runExercises(
            [exercise, "--url", url, "--cache-dir", caches, "--json"] + extra, environment: ["LANG": "de_DE.UTF-8"], clock: later)
        let deutsch = try #require(try german.json()["screen"] as? [String: Any])
        let deutschNotice = try #require(deutsch["notice"] as? [String: Any])
        #expect((deutschNotice["accessibility"] as? [String: Any])?["label"] as? String == "Offline: vor 2 Stunden gespeichert")
        #expect(
            ((deutsch["announcement"] as? [String: Any])?["text"] as? String)?.hasSuffix(" Offline: vor 2 Stunden gespeichert.") == true)
    }

    @Test func aNoStoreFeedIsNeverSaved() async throws {
        let body = try Self.bundled(ScheduleSource.bundled())
        server.route("/schedule.json", ScriptedResponse.ok(body, contentType: "application/json").header("Cache-Control", "no-store"))
        let caches = try cacheDirectory()
        let url = server.url("/schedule.json").absoluteString
        #expect(await runExercises(["schedule", "--url", url, "--cache-dir", caches]).status == 0)
        let feeds = URL(fileURLWithPath: caches).appendingPathComponent("feeds")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: feeds.path)) ?? []
        #expect(files.isEmpty)
        server.stop()
        let offline = await runExercises(["schedule", "--url", url, "--cache-dir", caches], clock: SystemClock())
        #expect(offline.status == 1)
        #expect(offline.output.isEmpty)
    }

    @Test("--timeout bounds a server that never answers, and names the deadline")
    func timeoutBoundsAHang() async throws {
        defer { server.stop() }
        server.route("/hang.json", ScriptedResponse.json("{}").delayed(by: .seconds(60)))
        let url = server.url("/hang.json").absoluteString
        let run = await runExercises(["schedule", "--url", url, "--timeout", "0.5"], clock: SystemClock())
        #expect(run.status == 1)
        // The deadline ended it, in its first attempt: the 20 s of allowed silence never passed.
        #expect(run.errors == "error: \(url): timed out: no complete answer within the 0.5 s deadline (1 attempt)\n")
    }

    @Test(arguments: ["0", "-1", "abc", "3601"])
    func aBadTimeoutIsAUsageError(_ value: String) async {
        let run = await runExercises(["facts", "--timeout", value])
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("error: --timeout: '\(value)' is not a number of seconds from 0.1 to 3600"))
    }

    @Test("Facts --file takes up to 16 MiB, as Docs/Exercises.md says")
    func factsFileLimitMatchesTheDocs() async throws {
        let padding = String(repeating: " ", count: 8 * 1024 * 1024)
        let file = try temporaryFile(named: "big-facts.json", contents: Data((#"{"title":"Big","rows":[]}"# + padding).utf8))
        let run = await runExercises(["facts", "--file", file.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("Big"))
    }
}
