import ExercisesCLI
import Foundation
import TestSupport
import Testing

@Suite("exercises schedule --logos")
struct ScheduleLogosCommandTests {
    /// The fifteen teams of the bundled 2020 Packers schedule, in the order the list shows them.
    static let teams = ["gb", "min", "det", "no", "atl", "tb", "hou", "sf", "jax", "ind", "chi", "phi", "car", "ten", "lar"]

    @Test("each logo is fetched once, a second run reads them from the disk cache, failures show the tricode")
    func logosAreFetchedOnceAndCached() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        for (index, team) in Self.teams.enumerated() where team != "min" && team != "det" {
            server.route("/logos/nfl_\(team)_light.png", .ok(SamplePNG.make(width: 80 + index, height: 80), contentType: "image/png"))
        }
        server.route("/logos/nfl_det_light.png", .html("<html><body>Moved</body></html>"))
        let caches = FileManager.default.temporaryDirectory.appendingPathComponent("logos-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: caches) }
        let arguments = ["schedule", "--logos", "--logo-base", server.url("/logos/").absoluteString, "--cache-dir", caches.path]

        let plain = await runExercises(["schedule", "--cache-dir", caches.path])
        #expect(plain.status == 0)
        #expect(!plain.output.contains("LOGOS"))
        #expect(server.totalRequests == 0, "no logo is fetched without --logos")

        let first = await runExercises(arguments + ["--json"])
        #expect(first.status == 0, "\(first.errors)")
        let logos = try #require((try first.json()["screen"] as? [String: Any])?["logos"] as? [[String: Any]])
        #expect(logos.map { $0["placeholder"] as? String } == Self.teams.map { $0.uppercased() })
        #expect(logos.map { $0["state"] as? String } == Self.teams.map { ["min", "det"].contains($0) ? "placeholder" : "loaded" })
        #expect(logos.compactMap { $0["origin"] as? String } == Array(repeating: "network", count: 13))
        #expect((logos.first?["pixelSize"] as? [String: Any])?["width"] as? Int == 80)
        #expect((logos[1]["reason"] as? String)?.contains("404") == true)
        #expect((logos[2]["reason"] as? String)?.contains("not an image") == true)
        // Each distinct logo once, though the Packers' is on every game row.
        #expect(Self.teams.allSatisfy { server.requestCount("/logos/nfl_\($0)_light.png") == 1 })

        let second = await runExercises(arguments)
        #expect(second.status == 0)
        #expect(second.output.contains("LOGOS  13 shown · 2 placeholders"))
        #expect(second.output.contains("fetched: 0 from the network, 13 from the disk cache"))
        #expect(second.output.contains("▣ GB    80×80 px png · disk"))
        #expect(second.output.contains("✕ MIN   HTTP 404"), "\(second.output)")
        // Good logos came from disk; the two failures were asked again (a new launch forgets failures).
        #expect(server.requestCount("/logos/nfl_gb_light.png") == 1)
        #expect(server.requestCount("/logos/nfl_min_light.png") == 2)
        #expect(server.totalRequests == 15 + 2)

        // The HTML preview draws the cached logos, and the tricode where there is none.
        let page = caches.appendingPathComponent("schedule.html")
        let html = await runExercises(arguments + ["--html", page.path])
        #expect(html.status == 0, "\(html.errors)")
        let text = try String(contentsOf: page, encoding: .utf8)
        #expect(text.components(separatedBy: "<img").count - 1 >= 13)
        #expect(text.contains("alt=\"\" class=\"schedule-logo\""))
        #expect(text.contains(">MIN<"))
        #expect(server.totalRequests == 17 + 2, "good logos come from the disk cache; only the two failures are asked again")
    }

    @Test("a logo whose header claims 100000×100000 pixels is a placeholder that says why, not a loaded logo")
    func oversizedLogoIsRefused() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        for team in Self.teams {
            let png = team == "min" ? SamplePNG.make(width: 100_000, height: 100_000) : SamplePNG.make(width: 80, height: 80)
            server.route("/logos/nfl_\(team)_light.png", .ok(png, contentType: "image/png"))
        }
        let run = await runExercises(["schedule", "--logos", "--logo-base", server.url("/logos/").absoluteString, "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let logos = try #require((try run.json()["screen"] as? [String: Any])?["logos"] as? [[String: Any]])
        #expect(logos[1]["state"] as? String == "placeholder")
        #expect((logos[1]["reason"] as? String)?.contains("image too large to decode: 100000×100000 px is 10000 megapixels") == true)
        #expect(logos.filter { $0["state"] as? String == "loaded" }.count == 14)
        let text = await runExercises(["schedule", "--logos", "--logo-base", server.url("/logos/").absoluteString])
        #expect(text.output.contains("✕ MIN   image too large to decode"), "\(text.output)")
    }

    @Test("--logo-base must be an http(s) URL and needs --logos")
    func logoBaseIsChecked() async {
        let alone = await runExercises(["schedule", "--logo-base", "http://127.0.0.1:9/"])
        #expect(alone.status == 2)
        #expect(alone.errors.contains("--logo-base only makes sense with --logos"))
        let bad = await runExercises(["schedule", "--logos", "--logo-base", "ftp://example.com/logos"])
        #expect(bad.status == 2)
        #expect(bad.errors.contains("--logo-base: 'ftp://example.com/logos' is not an http(s) URL"))
    }
}
