import Foundation
import SharedNetworking
import Testing

@testable import CarFit

/// Inputs found by the fuzz targets in `Fuzz/` (see Docs/Reliability.md), kept as tests.
@Suite("Fuzz regressions: CarFit")
struct CarFitFuzzRegressionTests {
    let loader = FeedLoader(client: OfflineHTTPClient())

    /// CarFitFeed found it in CI's 20 s run (2026-11-28): `success: false` with a line break in
    /// the server's `message` made a two-line `error:`. The message is the server's text, so the
    /// description escapes it (`OneLineText`) instead of trusting it.
    @Test func aServerMessageWithALineBreakStaysOnOneLine() throws {
        let json = #"{"success": false, "message": "Tok\n\u00e1\u001b[2J", "code": 401}"#
        let feed = try loader.decode(CarFitFeed.self, from: Data(json.utf8), sourceName: "visits.json").value
        let error = #expect(throws: NetworkError.refused(source: "visits.json", message: "Tok\n\u{E1}\u{1B}[2J", code: "401")) {
            try feed.visits(source: "visits.json")
        }
        #expect(error?.description == #"visits.json: the server refused the request (code 401): Tok\ná\u{1B}[2J"#)
        #expect(
            NetworkError.refused(source: "visits.json", message: "a\u{2028}b").description
                == #"visits.json: the server refused the request: a\u{2028}b"#)
    }
}
