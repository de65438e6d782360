import Facts
import Foundation
import Schedule
import TestSupport
import Testing

@Suite("exercises facts", .temporaryFiles)
struct FactsCommandTests {
    @Test("the bundled feed: title bar, 13 facts, the Kittens row readable, notes on stderr")
    func bundledFeed() async throws {
        let run = await runExercises(["facts"])
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.trimmingCharacters(in: .whitespaces) == "About Canada")
        #expect(lines.dropFirst().first == String(repeating: "─", count: 80))
        #expect(lines.dropFirst(2).first == "13 facts · 375 pt wide · 1 empty row hidden · updated 8:00\u{202F}AM")
        #expect(run.output.contains(" 1  Beavers"))
        #expect(run.output.contains("13  Language"))
        #expect(run.output.contains("    …are illegal. Cats are fine."))
        #expect(run.output.contains("▢ image 96×72 pt beside the text, not loaded · http://www.donegal"))
        #expect(lines.allSatisfy { $0.count <= 80 }, "fits the terminal")
        #expect(run.errors.contains("repaired: bytes: not valid UTF-8 (first bad byte 0xC9 at offset 2644); decoded as Mac OS Roman"))
        #expect(run.errors.contains("dropped: rows[7]: row has no title, description or image"))
        #expect(!run.errors.contains("error:"))
    }

    @Test("the text is wrapped as the layout wraps it: a wider screen, fewer lines and shorter rows")
    func widthChangesLayout() async throws {
        let phone = await runExercises(["facts", "--width", "320"])
        let tablet = await runExercises(["facts", "--width", "1024"], width: 120)
        #expect(phone.status == 0 && tablet.status == 0)
        #expect(phone.output.contains("320 pt wide"))
        #expect(tablet.output.contains("1024 pt wide"))
        #expect(tablet.output.contains("They are the law. They are also Canada's foreign espionage service. Subtle."))
        #expect(!phone.output.contains("They are the law. They are also Canada's foreign espionage service. Subtle."))
        #expect(tablet.output.contains("image 180×135 pt"))
        #expect(phone.output.split(separator: "\n").count > tablet.output.split(separator: "\n").count)
    }

    @Test("--json prints the screen: rows, image states, layout, metrics")
    func json() async throws {
        let run = await runExercises(["facts", "--json", "--width", "414"])
        #expect(run.status == 0)
        let envelope = try run.json()
        #expect(envelope["exercise"] as? String == "facts")
        #expect(envelope["schemaVersion"] as? Int == 2)
        let diagnostics = try #require(envelope["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["kind"] as? String } == ["repaired", "dropped"])
        let screen = try #require(envelope["screen"] as? [String: Any])
        #expect(screen["title"] as? String == "About Canada")
        #expect(screen["status"] as? String == "loaded")
        #expect(screen["width"] as? Double == 414)
        #expect(screen["lastUpdated"] as? String == "2020-09-10T08:00:00Z")
        #expect(screen["droppedRowsNotice"] as? String == "1 empty row hidden")
        let metrics = try #require(screen["metrics"] as? [String: Any])
        #expect(metrics["titleColor"] as? String == "#1C1C1E")
        let rows = try #require(screen["rows"] as? [[String: Any]])
        #expect(rows.count == 13)
        let kittens = try #require(rows.first { $0["title"] as? String == "Kittens..." })
        #expect(kittens["description"] as? String == "…are illegal. Cats are fine.")
        #expect(kittens["imageURL"] as? String == "http://www.donegalhimalayans.com/images/That%20fish%20was%20this%20big.jpg")
        #expect((kittens["image"] as? [String: Any])?["state"] as? String == "notLoaded")
        let eh = try #require(rows.first { $0["title"] as? String == "Eh" })
        #expect((eh["image"] as? [String: Any])?["state"] as? String == "none")
        let layout = try #require(kittens["layout"] as? [String: Any])
        let size = try #require(layout["size"] as? [String: Any])
        #expect(size["width"] as? Double == 414)
        #expect((size["height"] as? Double ?? 0) > 0)
        let heights = rows.compactMap { (($0["layout"] as? [String: Any])?["size"] as? [String: Any])?["height"] as? Double }
        #expect(screen["contentHeight"] as? Double == heights.reduce(0, +))
        #expect(!run.errors.contains("error:"))
    }

    @Test(
        "a broken feed: exit 1, one error line, nothing on stdout",
        arguments: [
            ("error.html", "<!DOCTYPE html><html><body>502 Bad Gateway</body></html>", "expected JSON, got an HTML page"),
            ("truncated.json", #"{"title":"About Canada","rows":[{"title":"Beavers","descr"#, "not valid JSON"),
            ("array.json", #"[1, 2, 3]"#, "expected Object, found Array"),
        ])
    func brokenFeed(name: String, contents: String, reason: String) async throws {
        let file = try temporaryFile(named: name, contents: Data(contents.utf8))
        let run = await runExercises(["facts", "--file", file.path])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        let errorLines = run.errors.split(separator: "\n")
        #expect(errorLines.count == 1)
        #expect(errorLines.first?.hasPrefix("error: \(name): ") == true)
        #expect(errorLines.first?.contains(reason) == true, "\(run.errors)")
    }

    @Test("a missing file: exit 1 with the path")
    func missingFile() async {
        let run = await runExercises(["facts", "--file", "/nonexistent/facts.json"])
        #expect(run.status == 1)
        #expect(run.errors == "error: /nonexistent/facts.json: no such file\n")
    }

    @Test("rows: null shows the empty screen, not an error")
    func emptyFeed() async throws {
        let file = try temporaryFile(named: "empty.json", contents: Data(#"{"title":"Nothing here","rows":null}"#.utf8))
        let run = await runExercises(["facts", "--file", file.path])
        #expect(run.status == 0)
        #expect(run.output.contains("Nothing here"))
        #expect(run.output.contains("0 facts"))
        #expect(run.output.contains("This feed has no facts yet."))
        #expect(run.errors.contains("repaired: rows: no rows (missing or null); the feed is shown empty"))
    }

    /// Another exercise's feed is named for what it is, with the keys it has, instead of a Facts
    /// screen with no rows: the person picked the wrong file.
    @Test func anotherExercisesFeedIsNotAFactsFeed() async throws {
        guard case .file(let schedule) = try ScheduleSource.bundled() else { throw CocoaError(.fileNoSuchFile) }
        let run = await runExercises(["facts", "--file", schedule.path])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(
            run.errors.hasPrefix(
                "error: schedule.json: (root): not a Facts feed: expected an object with \"title\" and \"rows\", found an object with "))
        let empty = await runExercises(["facts", "--file", "-"], input: Data("{}".utf8))
        #expect(empty.status == 1)
        #expect(empty.errors.contains("not a Facts feed: expected an object with \"title\" and \"rows\", found an empty object"))
    }

    @Test("--width must be a device width in points", arguments: ["10", "abc", "99999", "375.5"])
    func badWidth(_ value: String) async {
        let run = await runExercises(["facts", "--width", value])
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors.hasPrefix("error: --width: '\(value)' is not a width in points from 200 to 2732\n"))
    }

    @Test("help lists --width and the default URL option")
    func help() async {
        let run = await runExercises(["facts", "--help"])
        #expect(run.status == 0)
        #expect(run.output.contains("--width N"))
        #expect(run.output.contains("--url URL"))
        #expect(run.output.contains("exercises facts --width 1024"))
    }
}

@Suite("exercises facts --url", .temporaryFiles)
struct FactsRemoteCommandTests {
    static func fixtureBytes() throws -> Data {
        guard case .file(let url) = try FactsSource.bundled() else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: url)
    }

    @Test("the original bytes over HTTP, undeclared charset: the same screen as the bundled copy")
    func remoteFixture() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/s/facts.json", .ok(try Self.fixtureBytes(), contentType: "text/plain"))
        let remote = await runExercises(["facts", "--url", server.url("/s/facts.json").absoluteString])
        let bundled = await runExercises(["facts"])
        #expect(remote.status == 0)
        #expect(remote.output == bundled.output)
        #expect(server.requestCount("/s/facts.json") == 1)
    }

    @Test("a declared charset wins over the Mac OS Roman fallback")
    func declaredCharset() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/facts.json", .ok(try Self.fixtureBytes(), contentType: "application/json; charset=windows-1252"))
        let run = await runExercises(["facts", "--url", server.url("/facts.json").absoluteString, "--json"])
        #expect(run.status == 0)
        let rows = try #require((try run.json()["screen"] as? [String: Any])?["rows"] as? [[String: Any]])
        #expect(rows.first { $0["title"] as? String == "Kittens..." }?["description"] as? String == "Éare illegal. Cats are fine.")
    }

    @Test("a 404 and an HTML page served as 200: exit 1, one error line naming the URL")
    func remoteErrors() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/gone.json", .status(404, body: "Not Found"))
        server.route("/login.json", .html("<!DOCTYPE html><html><body>Please sign in</body></html>"))
        for (path, reason) in [("/gone.json", "HTTP 404 Not Found"), ("/login.json", "expected JSON, got an HTML page")] {
            let address = server.url(path).absoluteString
            let run = await runExercises(["facts", "--url", address])
            #expect(run.status == 1)
            #expect(run.output.isEmpty)
            #expect(run.errors.split(separator: "\n").count == 1)
            #expect(run.errors.hasPrefix("error: \(address): \(reason)"), "\(run.errors)")
        }
    }
}

@Suite("exercises facts --images", .temporaryFiles)
struct FactsImagesCommandTests {
    @Test("images load through the pipeline: real sizes set the slots, dead links fail, nothing without the flag")
    func images() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/wide.png", .ok(SamplePNG.make(width: 400, height: 100), contentType: "image/png"))
        server.route("/login.png", .html("<html><body>Sign in</body></html>"))
        server.route("/photo.png", .ok(SamplePNG.make(width: 4000, height: 3000), contentType: "image/png"))
        server.route("/bomb.png", .ok(SamplePNG.make(width: 100_000, height: 100_000), contentType: "image/png"))
        let feed = """
            {"title":"Images","rows":[
              {"title":"Wide","imageHref":"\(server.url("/wide.png").absoluteString)"},
              {"title":"Gone","imageHref":"\(server.url("/gone.png").absoluteString)"},
              {"title":"Login","imageHref":"\(server.url("/login.png").absoluteString)"},
              {"title":"Text only"},
              {"title":"Photo","imageHref":"\(server.url("/photo.png").absoluteString)"},
              {"title":"Bomb","imageHref":"\(server.url("/bomb.png").absoluteString)"}
            ]}
            """
        let file = try temporaryFile(named: "images.json", contents: Data(feed.utf8))

        let plain = await runExercises(["facts", "--file", file.path])
        #expect(plain.status == 0)
        #expect(server.totalRequests == 0, "no image is downloaded without --images")

        let run = await runExercises(["facts", "--file", file.path, "--images", "--json"])
        #expect(run.status == 0)
        let rows = try #require((try run.json()["screen"] as? [String: Any])?["rows"] as? [[String: Any]])
        let states = rows.map { ($0["image"] as? [String: Any])?["state"] as? String }
        #expect(states == ["loaded", "failed", "failed", "none", "loaded", "loaded"])
        // Decoded at most at the largest slot of a 3× screen (180×220 pt → 540×660 px), aspect kept.
        #expect((rows[4]["image"] as? [String: Any])?["decodedPixelSize"] as? [String: Int] == ["width": 540, "height": 405])
        #expect((rows[5]["image"] as? [String: Any])?["decodedPixelSize"] as? [String: Int] == ["width": 540, "height": 540])
        #expect((rows[0]["image"] as? [String: Any])?["decodedPixelSize"] == nil, "a small image is decoded as it is")
        let wide = try #require(rows.first?["image"] as? [String: Any])
        #expect((wide["pixelSize"] as? [String: Any])?["width"] as? Int == 400)
        let slot = try #require((rows.first?["layout"] as? [String: Any])?["imageSlot"] as? [String: Any])
        // A 4:1 image in the 96.04 pt column would be 24 pt high: the slot keeps the 44 pt minimum.
        #expect((slot["size"] as? [String: Any])?["height"] as? Double == 44)
        #expect(((rows[1]["image"] as? [String: Any])?["reason"] as? String)?.contains("404") == true)
        #expect(((rows[2]["image"] as? [String: Any])?["reason"] as? String)?.contains("not an image") == true)
        #expect(server.requestCount("/wide.png") == 1)

        let text = await runExercises(["facts", "--file", file.path, "--images"])
        #expect(text.output.contains("▣ image 96×44 pt beside the text, loaded 400×100 px"))
        #expect(text.output.contains("✕ image 96×72 pt beside the text, failed · http://127.0.0.1"))
        #expect(text.output.contains("▣ image 96×72 pt beside the text, loaded 4000×3000 px, decoded at 540×405 ·"), "\(text.output)")
    }
}
