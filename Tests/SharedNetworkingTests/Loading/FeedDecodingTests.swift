import Foundation
import SharedNetworking
import Testing

/// `FeedLoader.decode`: error messages that name the path, lossy arrays, lenient values.
@Suite struct FeedDecodingTests {
    struct Row: Decodable, Equatable, Sendable {
        var title: String
    }

    struct Feed: Decodable, Equatable, Sendable {
        var rows: [Row]
    }

    /// A feed that keeps its good rows when some are bad.
    struct LossyFeed: Decodable, Equatable, Sendable {
        var rows: [Row]

        enum CodingKeys: CodingKey { case rows }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            rows = try container.decodeLossyArray(Row.self, forKey: .rows, decoder: decoder)
        }
    }

    let loader = FeedLoader(client: OfflineHTTPClient())

    func failure<T: Decodable>(_ type: T.Type, _ json: String) -> NetworkError? {
        #expect(throws: NetworkError.self) {
            try loader.decode(type, from: Data(json.utf8), sourceName: "feed.json")
        }
    }

    // MARK: Errors

    @Test func wrongTypeNamesThePathAndWhatWasFound() {
        let error = failure(Feed.self, #"{"rows":[{"title":"a"},{"title":"b"},{"title":"c"},{"title":5}]}"#)
        #expect(error == .decoding(DecodingFailure(source: "feed.json", path: "rows[3].title", message: "expected String, found Number")))
        #expect(error?.description == "feed.json: rows[3].title: expected String, found Number")
    }

    @Test(arguments: [
        (#"{"rows":[{"title":true}]}"#, "rows[0].title", "expected String, found Bool"),
        (#"{"rows":[{"title":["x"]}]}"#, "rows[0].title", "expected String, found Array"),
        (#"{"rows":[{"title":{"en":"x"}}]}"#, "rows[0].title", "expected String, found Object"),
        (#"{"rows":[{"title":null}]}"#, "rows[0].title", "expected String, found null"),
        (#"{"rows":[{}]}"#, "rows[0].title", "required field is missing"),
        (#"{"rows":3}"#, "rows", "expected Array, found Number"),
        (#"{"rows":["a"]}"#, "rows[0]", "expected Object, found String"),
        (#"{}"#, "rows", "required field is missing"),
    ])
    func mismatchMessages(json: String, path: String, message: String) {
        #expect(failure(Feed.self, json) == .decoding(DecodingFailure(source: "feed.json", path: path, message: message)))
    }

    @Test(arguments: [
        (#"{"rows":[{"title":"a"},"#, "Unexpected end of file"),
        ("not json", "around character"),
        (#"{"rows":[]} trailing"#, "around character"),
    ])
    func syntaxErrorsSayWhatIsWrong(json: String, detail: String) throws {
        let error = failure(Feed.self, json)
        guard case .decoding(let decodingFailure) = error else {
            Issue.record("expected a decoding failure, got \(String(describing: error))")
            return
        }
        #expect(decodingFailure.path == "")
        #expect(decodingFailure.message.hasPrefix("not valid JSON ("))
        #expect(decodingFailure.message.contains(detail))
        #expect(decodingFailure.description.hasPrefix("feed.json: (root): not valid JSON"))
    }

    @Test(arguments: ["", "  \n\t "])
    func emptyBodyIsAClearError(body: String) {
        #expect(failure(Feed.self, body) == .invalidContent(source: "feed.json", reason: "empty document, expected JSON"))
    }

    @Test func htmlInsteadOfJSONIsNamed() {
        let error = failure(Feed.self, "\n<!DOCTYPE html>\n<html><head><title>Sign in</title></head></html>")
        guard case .invalidContent(let source, let reason) = error else {
            Issue.record("expected invalid content, got \(String(describing: error))")
            return
        }
        #expect(source == "feed.json")
        #expect(reason.hasPrefix("expected JSON, got an HTML page (<!DOCTYPE html> <html><head><title>Sign in"))
    }

    @Test func otherMarkupIsNamedMarkup() {
        let error = failure(Feed.self, #"<?xml version="1.0"?><rows/>"#)
        guard case .invalidContent(_, let reason) = error else {
            Issue.record("expected invalid content, got \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("expected JSON, got markup"))
    }

    // MARK: Lossy arrays

    @Test func badElementIsDroppedCountedAndReported() throws {
        let json = #"{"rows":[{"title":"a"},42,{"title":"c"}]}"#
        let loaded = try loader.decode(LossyFeed.self, from: Data(json.utf8), sourceName: "feed.json")
        #expect(loaded.value.rows == [Row(title: "a"), Row(title: "c")])
        #expect(loaded.diagnostics.count == 1)
        let diagnostic = try #require(loaded.diagnostics.first)
        #expect(diagnostic.kind == .dropped)
        #expect(diagnostic.path == "rows[1]")
        #expect(diagnostic.message == "element dropped: expected Object, found Number")
        #expect(loaded.source == "feed.json")
    }

    @Test func droppedElementNamesTheFieldRelativeToTheElement() throws {
        let json = #"{"rows":[{"title":"a"},{"title":7}]}"#
        let loaded = try loader.decode(LossyFeed.self, from: Data(json.utf8), sourceName: "feed.json")
        let diagnostic = try #require(loaded.diagnostics.first)
        #expect(diagnostic.path == "rows[1]")
        #expect(diagnostic.message == "element dropped: title: expected String, found Number")
    }

    /// After a failed element the container must step over exactly that element, whatever its
    /// shape, or the next good row would be lost or misread.
    @Test(arguments: [
        "null",
        "42",
        "\"text\"",
        "true",
        "[1, [2, {\"title\": \"nested\"}]]",
        "{\"title\": {\"deep\": [{\"title\": \"x\"}]}}",
        "{\"name\": \"no title\"}",
        "{}",
        "[]",
    ])
    func skipAdvancesPastAnyBadElement(bad: String) throws {
        let json = #"{"rows":[{"title":"a"},\#(bad),{"title":"c"},\#(bad),{"title":"e"}]}"#
        let loaded = try loader.decode(LossyFeed.self, from: Data(json.utf8), sourceName: "feed.json")
        #expect(loaded.value.rows.map(\.title) == ["a", "c", "e"])
        #expect(loaded.diagnostics.map(\.path) == ["rows[1]", "rows[3]"])
        #expect(loaded.diagnostics.allSatisfy { $0.kind == .dropped })
    }

    @Test func lossyArrayCountsDropsWithoutFeedLoader() throws {
        let array = try JSONDecoder().decode(LossyArray<Row>.self, from: Data(#"[{"title":"a"},1,null,{"title":"d"}]"#.utf8))
        #expect(array.elements == [Row(title: "a"), Row(title: "d")])
        #expect(array.droppedCount == 2)
    }

    @Test func rootLossyArrayReportsIndexPaths() throws {
        let loaded = try loader.decode(LossyArray<Row>.self, from: Data(#"[{"title":"a"},{"title":2}]"#.utf8), sourceName: "list.json")
        #expect(loaded.value.elements == [Row(title: "a")])
        #expect(loaded.value.droppedCount == 1)
        #expect(loaded.diagnostics.map(\.path) == ["[1]"])
        #expect(loaded.diagnostics.first?.message.contains("expected String, found Number") == true)
    }

    @Test(arguments: [#"{"rows":null}"#, "{}"])
    func missingOrNullLossyArrayIsEmptyAndReported(json: String) throws {
        let loaded = try loader.decode(LossyFeed.self, from: Data(json.utf8), sourceName: "feed.json")
        #expect(loaded.value.rows.isEmpty)
        #expect(loaded.diagnostics == [Diagnostic(.repaired, path: "rows", message: "no array (missing or null); treated as empty")])
    }

    @Test func lossyArrayOfWrongTypeStillFails() {
        let error = failure(LossyFeed.self, #"{"rows":"none"}"#)
        #expect(error == .decoding(DecodingFailure(source: "feed.json", path: "rows", message: "expected Array, found String")))
    }

    // MARK: Lenient values

    struct Flag: Decodable, Sendable {
        var on: LenientBool
    }

    @Test(arguments: [
        ("true", true), ("false", false), ("1", true), ("0", false),
        (#""true""#, true), (#""False""#, false), (#"" TRUE ""#, true), (#""yes""#, true), (#""No""#, false),
        (#""1""#, true), (#""0""#, false), (#""y""#, true), (#""n""#, false), (#""t""#, true), (#""f""#, false),
    ])
    func lenientBoolAcceptsFeedForms(json: String, expected: Bool) throws {
        let loaded = try loader.decode(Flag.self, from: Data(#"{"on":\#(json)}"#.utf8), sourceName: "flag.json")
        #expect(loaded.value.on.value == expected)
    }

    @Test(arguments: ["2", "-1", "0.5", #""maybe""#, #""""#, "null", "[]", "{}"])
    func lenientBoolRejectsTheRest(json: String) {
        let error = failure(Flag.self, #"{"on":\#(json)}"#)
        guard case .decoding(let decodingFailure) = error else {
            Issue.record("expected a decoding failure, got \(String(describing: error))")
            return
        }
        #expect(decodingFailure.path == "on")
        #expect(decodingFailure.message.hasPrefix("expected Bool, found"))
    }

    struct Named: Decodable {
        var name: String?

        enum CodingKeys: CodingKey { case name }

        init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: CodingKeys.self).decodeTrimmedString(forKey: .name)
        }
    }

    @Test(arguments: [
        (#"{"name":"  Ada \n"}"#, "Ada" as String?),
        (#"{"name":"   "}"#, nil),
        (#"{"name":null}"#, nil),
        (#"{"name":7}"#, nil),
        ("{}", nil),
    ])
    func trimmedStringIsAbsentWhenBlankOrWrong(json: String, expected: String?) throws {
        let loaded = try loader.decode(Named.self, from: Data(json.utf8), sourceName: "named.json")
        #expect(loaded.value.name == expected)
    }

    // MARK: Sources

    @Test func dataSourceHonoursItsCharset() async throws {
        let latin1 = Data(#"{"rows":[{"title":"Caf"#.utf8) + Data([0xE9]) + Data(#""}]}"#.utf8)
        let loaded = try await loader.load(Feed.self, from: .data(latin1, name: "inline", charset: "iso-8859-1"))
        #expect(loaded.value.rows == [Row(title: "Café")])
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.source == "inline")
    }

    @Test func dataSourceOverTheLimitIsRefused() async {
        let small = FeedLoader(client: OfflineHTTPClient(), options: FeedDecodingOptions(maxBytes: 8))
        await #expect(throws: NetworkError.invalidContent(source: "inline", reason: "larger than 8 bytes")) {
            try await small.load(Feed.self, from: .data(Data(#"{"rows":[]}"#.utf8), name: "inline"))
        }
    }

    @Test func missingFileIsAFileError() async {
        let path = "/nonexistent-\(UUID().uuidString)/feed.json"
        await #expect(throws: NetworkError.file(path: path, reason: "no such file")) {
            try await loader.load(Feed.self, from: .file(URL(fileURLWithPath: path)))
        }
    }

    @Test func directoryIsNotAFile() async {
        await #expect(throws: NetworkError.file(path: "/", reason: "is a directory, not a file")) {
            try await loader.load(Feed.self, from: .file(URL(fileURLWithPath: "/")))
        }
    }

    @Test("a FIFO or pipe (/dev/stdin, a shell's <(curl …)) is read as a stream, within the limit")
    func pipesAreReadAsStreams() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("feed.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        // The writer runs on its own thread: opening a FIFO blocks until both ends are open.
        let body = Data(#"{"rows":[{"title":"piped"}]}"#.utf8)
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: fifo.path) else { return }
            handle.write(body)
            try? handle.close()
        }
        writer.start()
        let loaded = try await loader.load(Feed.self, from: .file(fifo))
        #expect(loaded.value.rows.count == 1)

        // A pipe larger than the limit stops at the limit.
        let small = FeedLoader(client: OfflineHTTPClient(), options: FeedDecodingOptions(maxBytes: 8))
        let second = Thread {
            guard let handle = FileHandle(forWritingAtPath: fifo.path) else { return }
            handle.write(body)
            try? handle.close()
        }
        second.start()
        await #expect(throws: NetworkError.file(path: fifo.path, reason: "larger than 8 bytes")) {
            try await small.load(Feed.self, from: .file(fifo))
        }
    }

    @Test func parseRecognisesSources() throws {
        let remote = try #require(URL(string: "https://example.com/feed.json"))
        #expect(try FeedSource.parse("https://example.com/feed.json") == .remote(remote))
        #expect(try FeedSource.parse("file:///tmp/feed.json") == .file(URL(fileURLWithPath: "/tmp/feed.json")))
        #expect(try FeedSource.parse("/tmp/feed.json") == .file(URL(fileURLWithPath: "/tmp/feed.json")))
    }

    @Test(arguments: ["ftp://example.com/feed.json", "gopher://x"])
    func parseRejectsOtherSchemes(text: String) {
        #expect(throws: NetworkError.invalidURL(text)) { try FeedSource.parse(text) }
    }
}
