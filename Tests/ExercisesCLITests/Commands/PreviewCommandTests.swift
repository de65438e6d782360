import Foundation
import TestSupport
import Testing

@testable import ExercisesCLI

@Suite("exercises <name> --html and exercises all --html-dir", .temporaryFiles)
struct PreviewCommandTests {
    func outputDirectory() throws -> URL {
        try temporaryFile(named: ".keep", contents: Data()).deletingLastPathComponent()
    }

    func read(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    @Test func hooSetsPageWithTheSelection() async throws {
        let file = try outputDirectory().appendingPathComponent("hoosets.html")
        let run = await runExercises(["hoosets", "--select", "1/1", "--html", file.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasPrefix("wrote \(file.path) (1 screen, "))
        #expect(run.output.hasSuffix(" MB)\n"))
        #expect(run.output.components(separatedBy: "\n").count == 2)
        let html = try read(file)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en-US\">"))
        #expect(html.components(separatedBy: "class=\"hoo-cell").count - 1 == 108)
        #expect(html.contains(">They brought me rubies from the mine<"))
        #expect(!html.contains("file:"))
    }

    @Test func triviaPageHasOneScreenPerMoment() async throws {
        let file = try outputDirectory().appendingPathComponent("trivia.html")
        // Wrong, then right: question, result, wild-card offer and final screens.
        let run = await runExercises(["trivia", "--questions", "2", "--answers", "1,2", "--html", file.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasPrefix("wrote \(file.path) (4 screens, "))
        let html = try read(file)
        for slug in ["trivia-question", "trivia-result", "trivia-wildcard", "trivia-final"] {
            #expect(html.contains("<figure class=\"device\" id=\"\(slug)\">"), "\(slug)")
        }
        #expect(html.contains(">Use a wild-card?<"))
        #expect(html.contains(">Correct!<"))
    }

    /// End to end: the pipeline downloads an image into `<cache-dir>/images`, and the page embeds
    /// those bytes; a dead link keeps its placeholder; the page references no remote URL.
    @Test func factsImagesComeFromThePipelinesDiskCache() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let png = SamplePNG.make(width: 400, height: 100)
        server.route("/wide.png", .ok(png, contentType: "image/png"))
        let feed = """
            {"title":"Images <script>alert(1)</script>","rows":[
              {"title":"Wide","imageHref":"\(server.url("/wide.png").absoluteString)"},
              {"title":"Gone","imageHref":"\(server.url("/gone.png").absoluteString)"}
            ]}
            """
        let input = try temporaryFile(named: "images.json", contents: Data(feed.utf8))
        let file = input.deletingLastPathComponent().appendingPathComponent("facts.html")
        let run = await runExercises(["facts", "--file", input.path, "--images", "--html", file.path])
        #expect(run.status == 0, "\(run.errors)")
        let html = try read(file)
        #expect(html.components(separatedBy: "<img src=\"data:image/png;base64,\(png.base64EncodedString())\"").count - 1 == 1)
        #expect(html.contains("class=\"facts-slot-icon failed\""))
        #expect(!html.contains("src=\"http") && !html.contains("url(\"http"))
        #expect(html.contains(">Images &lt;script&gt;alert(1)&lt;/script&gt;<"))
        #expect(server.requestCount("/wide.png") == 1)
    }

    @Test func jsonStillPrintsTheScreenAndTheFileIsWritten() async throws {
        let file = try outputDirectory().appendingPathComponent("page.html")
        let run = await runExercises(["hoosets", "--json", "--html", file.path])
        #expect(run.status == 0)
        #expect(try run.json()["exercise"] as? String == "hoosets")
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test func anUnwritablePathIsOneErrorLine() async throws {
        let missing = try outputDirectory().appendingPathComponent("no/such/dir/page.html")
        let run = await runExercises(["hoosets", "--html", missing.path])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors == "error: cannot write \(missing.path): there is no directory \(missing.deletingLastPathComponent().path)\n")
    }

    @Test func htmlNeedsAPath() async {
        let run = await runExercises(["hoosets", "--html"])
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("error: --html needs a value (--html OUT.html)\n"))
    }

    @Test func everyExerciseOffersHTMLInItsHelp() async {
        for name in ["schedule", "carfit", "hoosets", "facts", "trivia"] {
            let run = await runExercises([name, "--help"])
            #expect(run.output.contains("--html OUT.html"), "\(name)")
        }
        let overview = await runExercises(["--help"])
        #expect(overview.output.contains("  all "))
        let all = await runExercises(["all", "--help"])
        #expect(all.output.contains("--html-dir DIR"))
        #expect(!all.output.contains("--html OUT.html"))
    }

    @Test func allNeedsADirectory() async {
        let run = await runExercises(["all"])
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("error: --html-dir DIR is required\n"))
    }

    @Test func allWritesEveryScreenAndAnIndex() async throws {
        let directory = try outputDirectory().appendingPathComponent("previews")
        let run = await runExercises(["all", "--html-dir", directory.path])
        #expect(run.status == 0, "\(run.errors)")
        let expected = [
            "schedule.html", "carfit.html", "hoosets.html", "facts.html", "trivia-question.html", "trivia-result.html",
            "trivia-wildcard.html", "trivia-final.html",
        ]
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(Set(files) == Set(expected + ["index.html"]))
        let index = try read(directory.appendingPathComponent("index.html"))
        for file in expected {
            #expect(index.contains("<iframe src=\"\(file)\""), "\(file)")
            #expect(index.contains("<a href=\"\(file)\">"), "\(file)")
            #expect(try read(directory.appendingPathComponent(file)).hasPrefix("<!DOCTYPE html>"))
        }
        #expect(run.output.components(separatedBy: "\n").filter { !$0.isEmpty }.count == expected.count + 1)
        let hoo = try read(directory.appendingPathComponent("hoosets.html"))
        #expect(hoo.contains("class=\"hoo-cell selected\""))
        #expect(try read(directory.appendingPathComponent("trivia-wildcard.html")).contains(">Use a wild-card?<"))
    }
}
