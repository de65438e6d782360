import Foundation
import SharedNetworking
import Testing

/// Inputs found by the fuzz targets in `Fuzz/` (see Docs/Reliability.md), kept as tests.
@Suite("Fuzz regressions: SharedNetworking")
struct SharedNetworkingFuzzRegressionTests {
    let loader = FeedLoader(client: OfflineHTTPClient())

    struct Feed: Decodable {
        var rows: [Row]
    }

    struct Row: Decodable {
        var title: String
        var start: Date?
    }

    struct Keyed: Decodable {
        var values: [String: Int]
    }

    func decodingError<T: Decodable>(_ type: T.Type, _ bytes: String) -> NetworkError? {
        #expect(throws: NetworkError.self) { try loader.decode(type, from: Data(bytes.utf8), sourceName: "feed.json") }
    }

    /// FeedJSON found it: JSONSerialization quotes the document around a syntax error, line
    /// breaks included, and the CLI printed that as a two-line `error:`.
    @Test func syntaxErrorQuotingTheDocumentStaysOnOneLine() throws {
        let failure = try #require(decodingError(Feed.self, "{\"rows\":[{\"title\":\"\\u\n\t},"))
        #expect(!failure.description.contains { $0.isNewline }, "\(failure.description)")
        #expect(failure.description.contains(#"\n\t"#))
        #expect(failure.description.hasPrefix("feed.json: (root): not valid JSON ("))
    }

    /// The lenient date strategy quotes the text it could not read.
    @Test func badDateQuotingALineBreakStaysOnOneLine() throws {
        let failure = try #require(decodingError(Feed.self, #"{"rows":[{"title":"a","start":"2020-01-01\nT10:00"}]}"#))
        #expect(failure.description == #"feed.json: rows[0].start: expected an ISO 8601 date, found "2020-01-01\nT10:00""#)
    }

    /// A document's keys appear in coding paths.
    @Test func keyWithControlCharactersIsEscapedInThePath() throws {
        let failure = try #require(decodingError(Keyed.self, #"{"values":{"a\u001B[2J\nb":"x"}}"#))
        #expect(failure.description == #"feed.json: values.a\u{1B}[2J\nb: expected Number, found String"#)
    }

    /// Diagnostics quote the input too (a dropped element's reason, a repaired value).
    @Test func diagnosticsAreOneLine() throws {
        struct Lossy: Decodable {
            var rows: [Row]
            enum CodingKeys: CodingKey { case rows }
            init(from decoder: any Decoder) throws {
                rows = try decoder.container(keyedBy: CodingKeys.self).decodeLossyArray(Row.self, forKey: .rows, decoder: decoder)
            }
        }
        let loaded = try loader.decode(
            Lossy.self, from: Data(#"{"rows":[{"title":"ok"},{"title":"x","start":"\r\n"}]}"#.utf8), sourceName: "f")
        #expect(loaded.value.rows.map(\.title) == ["ok"])
        #expect(
            loaded.diagnostics.map(\.description) == [#"dropped: rows[1]: element dropped: start: expected an ISO 8601 date, found "\r\n""#]
        )
    }

    @Test(arguments: [
        ("plain text", "plain text"),
        ("Café Zoë – 東京 🚗", "Café Zoë – 東京 🚗"),
        ("a\nb\r\nc\td", #"a\nb\r\nc\td"#),
        ("\u{1B}[31mred\u{1B}[0m", #"\u{1B}[31mred\u{1B}[0m"#),
        (
            "nul\u{0}, del\u{7F}, next line\u{85}, separators\u{2028}\u{2029}",
            #"nul\u{0}, del\u{7F}, next line\u{85}, separators\u{2028}\u{2029}"#
        ),
    ])
    func oneLineTextEscapesOnlyControlCharacters(input: String, expected: String) {
        let escaped = OneLineText.escaping(input)
        #expect(escaped == expected)
        #expect(OneLineText.escaping(escaped) == escaped)
        #expect(!escaped.contains { $0.isNewline })
    }

    @Test func networkErrorsWithUntrustedTextAreOneLine() {
        let error = NetworkError.invalidContent(source: "a\nb.json", reason: "bad\u{1B}")
        #expect(error.description == #"a\nb.json: bad\u{1B}"#)
    }
}
