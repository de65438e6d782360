import Facts
import Foundation
import SharedNetworking
import Testing

@Suite("Decoding the facts feed")
struct FeedDecodingTests {
    @Test("the exact fixture bytes load: 13 rows, the title, a readable Kittens row")
    func exactFixtureBytes() throws {
        let bytes = try bundledFeedBytes()
        #expect(String(data: bytes, encoding: .utf8) == nil, "the fixture is deliberately not UTF-8")
        let loaded = try decodeFeed(bytes)
        let feed = loaded.value
        #expect(feed.title == "About Canada")
        #expect(feed.displayTitle == "About Canada")
        #expect(feed.rows.count == 13)
        #expect(feed.droppedRowCount == 1)
        #expect(feed.rows.map(\.id) == Array(0..<13))

        let kittens = try #require(feed.rows.first { $0.title == "Kittens..." })
        #expect(kittens.description == "…are illegal. Cats are fine.")
        #expect(kittens.imageURL?.absoluteString == "http://www.donegalhimalayans.com/images/That%20fish%20was%20this%20big.jpg")

        let repairs = loaded.diagnostics.filter { $0.kind == .repaired && $0.path == "bytes" }
        #expect(repairs.count == 1)
        #expect(repairs.first?.message.contains("Mac OS Roman") == true)
        #expect(repairs.first?.message.contains("0xC9") == true)
        #expect(loaded.diagnostics.contains { $0.kind == .dropped && $0.path == "rows[7]" })
    }

    @Test("fixture rows are cleaned: trimmed text, null fields absent, links kept as written")
    func fixtureRowsAreCleaned() throws {
        let feed = try decodeFeed(try bundledFeedBytes()).value
        let byTitle = Dictionary(uniqueKeysWithValues: feed.rows.compactMap { row in row.title.map { ($0, row) } })
        #expect(byTitle["Public Shame"]?.description == "Sadly it's true.")
        #expect(byTitle["Flag"]?.description == nil)
        #expect(byTitle["Flag"]?.imageURL?.host == "images.findicons.com")
        #expect(byTitle["Eh"]?.imageURL == nil)
        #expect(byTitle["Language"]?.description == "Nous parlons tous les langues importants.")
        let meese = try #require(byTitle["Meese"]?.imageURL)
        #expect(meese.absoluteString.contains("IMG_2418%20majestic%20moose%201%20copy%20(Small)-96x96.jpg"))
        #expect(!meese.absoluteString.contains("%25"))
        #expect(feed.rows.first?.title == "Beavers")
        #expect(feed.rows.last?.title == "Language")
        #expect(feed.rows.allSatisfy { !$0.isEmpty })
    }

    /// The feed's one non-ASCII byte is a tie ("…are" or "Éare", both plausible): this feed's
    /// preference for Mac OS Roman decides, and the diagnostic says the evidence was thin.
    @Test("the other readings of byte 0xC9 are what Mac OS Roman avoids")
    func fallbackChoiceMatters() throws {
        let bytes = try bundledFeedBytes()
        let asWindows = try FeedLoader(client: OfflineHTTPClient(), options: FeedDecodingOptions(fallbackEncoding: .windows1252))
            .decode(FactsFeed.self, from: bytes, sourceName: "facts.json")
        #expect(asWindows.value.rows.first { $0.title == "Kittens..." }?.description == "Éare illegal. Cats are fine.")
        #expect(FactsSource.decodingOptions.fallbackEncoding == .macRoman)
        let repair = try #require(try decodeFeed(bytes).diagnostics.first { $0.path == "bytes" })
        #expect(
            repair.message
                == "not valid UTF-8 (first bad byte 0xC9 at offset 2644); decoded as Mac OS Roman, too little evidence to choose "
                + #"(Mac OS Roman and Windows-1252 score 1; byte 0xC9 reads "…" or "É"), so the preferred encoding decides"#)
    }

    @Test("UTF-8 with a byte-order mark")
    func utf8WithBOM() throws {
        let json = #"{"title":"Über","rows":[{"title":"Café","description":"Crème brûlée…","imageHref":null}]}"#
        let loaded = try decodeFeed(Data([0xEF, 0xBB, 0xBF]) + Data(json.utf8))
        #expect(loaded.value.title == "Über")
        #expect(loaded.value.rows.first?.description == "Crème brûlée…")
        #expect(!loaded.diagnostics.contains { $0.kind == .repaired })
    }

    @Test("UTF-16, little endian with a BOM and big endian without", arguments: [true, false])
    func utf16(littleEndianWithBOM: Bool) throws {
        let json = #"{"title":"Canada 🍁","rows":[{"title":"Ça va","description":"日本語も","imageHref":"https://example.com/a.png"}]}"#
        var bytes = Data()
        if littleEndianWithBOM {
            bytes.append(contentsOf: [0xFF, 0xFE])
            for unit in json.utf16 { bytes.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        } else {
            for unit in json.utf16 { bytes.append(contentsOf: [UInt8(unit >> 8), UInt8(unit & 0xFF)]) }
        }
        let feed = try decodeFeed(bytes).value
        #expect(feed.title == "Canada 🍁")
        #expect(feed.rows == [FactRow(id: 0, title: "Ça va", description: "日本語も", imageURL: url("https://example.com/a.png"))])
    }

    @Test("Windows-1252 declared by the server is read as Windows-1252")
    func windows1252Declared() throws {
        // "Café – it’s open" in Windows-1252: é = E9, – = 96, ’ = 92.
        var bytes = Data(#"{"title":"Caf"#.utf8) + Data([0xE9])
        bytes +=
            Data(#"","rows":[{"title":"x","description":"Open "#.utf8) + Data([0x96]) + Data(" it".utf8) + Data([0x92])
            + Data(#"s true"}]}"#.utf8)
        let loaded = try decodeFeed(bytes, charset: "windows-1252")
        #expect(loaded.value.title == "Café")
        #expect(loaded.value.rows.first?.description == "Open – it’s true")
        #expect(!loaded.diagnostics.contains { $0.kind == .repaired })
    }

    @Test("undeclared Windows-1252 is read as Windows-1252 although this feed prefers Mac OS Roman")
    func windows1252Undeclared() throws {
        let bytes = Data(#"{"title":"Caf"#.utf8) + Data([0xE9]) + Data(#"","rows":[{"title":"x"}]}"#.utf8)
        let loaded = try decodeFeed(bytes)
        // Mac OS Roman (this feed's preference, see FactsSource.decodingOptions) reads 0xE9 as "È", a
        // capital inside a word; Windows-1252's "é" ends the word naturally, so it wins.
        #expect(loaded.value.title == "Café")
        #expect(loaded.diagnostics.contains { $0.kind == .repaired && $0.message.contains("decoded as Windows-1252") })
    }

    @Test("a Windows-1252 feed with curly quotes, dashes and accented names reads right")
    func windows1252WithPunctuation() throws {
        // {"title":"“Café” – Zoë’s","rows":[{"title":"José"}]} in Windows-1252.
        var bytes = Data(#"{"title":""#.utf8) + Data([0x93]) + Data("Caf".utf8) + Data([0xE9, 0x94, 0x20, 0x96])
        bytes += Data(" Zo".utf8) + Data([0xEB, 0x92]) + Data(#"s","rows":[{"title":"Jos"#.utf8) + Data([0xE9]) + Data(#""}]}"#.utf8)
        let loaded = try decodeFeed(bytes)
        #expect(loaded.value.title == "“Café” – Zoë’s")
        #expect(loaded.value.rows.first?.title == "José")
    }

    /// `Content-Type: …; charset=iso-8859-1` (and `latin1`, `us-ascii`, `ascii`) is what the
    /// WHATWG Encoding Standard reads as Windows-1252: curly quotes and dashes, said once.
    @Test(
        "ISO 8859-1 and ASCII labels are read as Windows-1252, with a diagnostic", arguments: ["iso-8859-1", "latin1", "us-ascii", "ascii"])
    func latin1AndASCIILabels(label: String) throws {
        // {"title":"“Eh” – Canada","rows":[{"title":"It’s"}]} in Windows-1252.
        var bytes = Data(#"{"title":""#.utf8) + Data([0x93]) + Data("Eh".utf8) + Data([0x94, 0x20, 0x96])
        bytes += Data(#" Canada","rows":[{"title":"It"#.utf8) + Data([0x92]) + Data(#"s"}]}"#.utf8)
        let loaded = try decodeFeed(bytes, charset: label)
        #expect(loaded.value.title == "“Eh” – Canada")
        #expect(loaded.value.rows.first?.title == "It’s")
        let notes = loaded.diagnostics.filter { $0.path == "bytes" }
        #expect(notes.count == 1)
        #expect(notes.first?.kind == .repaired)
        #expect(notes.first?.message.hasPrefix("charset=\(label)") == true)
        #expect(notes.first?.message.contains("read as Windows-1252") == true)
    }

    @Test("rows that are one object are a list of one, reported")
    func rowsAsOneObject() throws {
        let loaded = try decodeFeed(#"{"title":"t","rows":{"title":"Only","imageHref":"http://x.com/a.png"}}"#)
        #expect(loaded.value.rows == [FactRow(id: 0, title: "Only", description: nil, imageURL: url("http://x.com/a.png"))])
        #expect(loaded.diagnostics.map(\.path) == ["rows"])
        #expect(loaded.diagnostics.first?.message.hasPrefix("one object where a list belongs") == true)
    }

    @Test("rows: null is an empty feed, reported")
    func rowsNull() throws {
        let loaded = try decodeFeed(#"{"title":"About Canada","rows":null}"#)
        #expect(loaded.value.rows.isEmpty)
        #expect(loaded.value.droppedRowCount == 0)
        #expect(loaded.diagnostics.contains { $0.kind == .repaired && $0.path == "rows" })
    }

    @Test("a missing title gets the default; a blank one too")
    func missingTitle() throws {
        #expect(try decodeFeed(#"{"rows":[{"title":"a"}]}"#).value.displayTitle == FactsFeed.defaultTitle)
        #expect(try decodeFeed(#"{"title":"   ","rows":[]}"#).value.title == nil)
        #expect(try decodeFeed(#"{"title":" Trimmed\n","rows":[]}"#).value.displayTitle == "Trimmed")
    }

    @Test("an HTML error page is a clear error, not a parser message")
    func htmlErrorPage() {
        let page = "<!DOCTYPE html>\n<html><head><title>Error 404</title></head><body>Not found</body></html>"
        #expect {
            _ = try decodeFeed(Data(page.utf8))
        } throws: { error in
            guard case .invalidContent(let source, let reason) = error as? NetworkError else { return false }
            return source == "facts.json" && reason.contains("HTML page")
        }
    }

    @Test("a truncated feed is a decoding error naming the file")
    func truncatedFeed() throws {
        let bytes = try bundledFeedBytes()
        for length in [bytes.count / 3, bytes.count / 2, bytes.count - 3] {
            #expect {
                _ = try decodeFeed(bytes.prefix(length))
            } throws: { error in
                guard case .decoding(let failure) = error as? NetworkError else { return false }
                return failure.source == "facts.json" && failure.description.contains("not valid JSON")
            }
        }
    }

    @Test("an empty body and a JSON array are errors with a reason")
    func notAFeed() {
        #expect(throws: NetworkError.self) { _ = try decodeFeed(Data()) }
        #expect {
            _ = try decodeFeed(#"[{"title":"a"}]"#)
        } throws: { error in
            guard case .decoding(let failure) = error as? NetworkError else { return false }
            return failure.message.contains("expected") && failure.message.contains("Array")
        }
    }

    @Test("empty strings are absent, all-empty rows dropped and counted, null rows too")
    func emptyRows() throws {
        let loaded = try decodeFeed(
            #"""
            {"title":"t","rows":[
              {"title":"","description":"  ","imageHref":""},
              {"title":"Kept","description":"","imageHref":null},
              null,
              {},
              {"title":null,"description":null,"imageHref":"not a url"},
              {"description":"only text"}
            ]}
            """#)
        let feed = loaded.value
        #expect(
            feed.rows == [
                FactRow(id: 0, title: "Kept", description: nil, imageURL: nil),
                FactRow(id: 1, title: nil, description: "only text", imageURL: nil),
            ])
        #expect(feed.droppedRowCount == 4)
        let dropped = loaded.diagnostics.filter { $0.kind == .dropped }.map(\.path)
        #expect(dropped == ["rows[0]", "rows[2]", "rows[3]", "rows[4]"])
        #expect(loaded.diagnostics.contains { $0.path == "rows[4].imageHref" && $0.message.contains("not a url") })
    }

    @Test("a row that is not an object costs that row only; a wrongly typed field costs the field")
    func malformedRows() throws {
        let loaded = try decodeFeed(
            #"""
            {"title":"t","rows":[
              "just a string",
              {"title":1867,"description":["a"],"imageHref":42},
              {"title":"fine","description":true}
            ]}
            """#)
        let feed = loaded.value
        #expect(
            feed.rows == [
                FactRow(id: 0, title: "1867", description: nil, imageURL: nil),
                FactRow(id: 1, title: "fine", description: "true", imageURL: nil),
            ])
        #expect(feed.droppedRowCount == 1)
        #expect(loaded.diagnostics.contains { $0.kind == .dropped && $0.path == "rows[0]" })
        #expect(loaded.diagnostics.contains { $0.path == "rows[1].title" && $0.kind == .repaired })
        #expect(loaded.diagnostics.contains { $0.path == "rows[1].description" && $0.kind == .repaired })
    }

    @Test("rows of the wrong type fail with the path")
    func rowsWrongType() {
        #expect {
            _ = try decodeFeed(#"{"title":"t","rows":"none"}"#)
        } throws: { error in
            guard case .decoding(let failure) = error as? NetworkError else { return false }
            return failure.path == "rows" && failure.message == "expected Array, found String"
        }
    }
}
