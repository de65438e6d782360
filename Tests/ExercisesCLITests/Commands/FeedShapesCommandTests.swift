import Facts
import Foundation
import Schedule
import TestSupport
import Testing

/// The repairs of feeds in real servers' shapes, as the `exercises` command shows them: the
/// screen still drawn, one diagnostic line per repair on standard error, quoted exactly.
@Suite("exercises: feeds in the shapes real servers send", .temporaryFiles)
struct FeedShapesCommandTests {
    static func scheduleObject() throws -> [String: Any] {
        guard case .file(let url) = try ScheduleSource.bundled(),
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        else { throw CocoaError(.coderReadCorrupt) }
        return object
    }

    func errorLines(_ run: CommandRun) -> [String] {
        run.errors.split(separator: "\n").map(String.init)
    }

    @Test func scheduleRepairsAreEachOneLine() async throws {
        var object = try Self.scheduleObject()
        var sections = try #require(object["GameSection"] as? [[String: Any]])
        var games = try #require(sections[0]["Game"] as? [[String: Any]])
        games[0]["HomeScore"] = NSNull()
        games[1]["AwayScore"] = "12345678901234567890123"
        games[2]["Date"] = ["Timestamp": "20200928T002000Z"]
        sections[0]["Game"] = games
        let playoff = try #require((sections[1]["Game"] as? [[String: Any]])?.first)
        sections[1]["Game"] = playoff
        object["GameSection"] = sections
        let file = try temporaryFile(named: "schedule.json", contents: try JSONSerialization.data(withJSONObject: object))
        let run = await runExercises(["schedule", "--file", file.path, "--time-zone", "America/New_York"])
        #expect(run.status == 0)
        #expect(run.output.contains("POSTSEASON"))
        #expect(run.output.contains("Sun, Sep 27"), "the basic ISO 8601 date is a date, not TBD")
        #expect(
            errorLines(run) == [
                "repaired: GameSection[0].Game[0].HomeScore: HomeScore is null for a final game; shown as –",
                #"repaired: GameSection[0].Game[1].AwayScore: "12345678901234567890…" is too large for a score; shown as –"#,
                "repaired: GameSection[1].Game: one object where a list belongs (as XML-to-JSON converters write a single item); "
                    + "read as a list of one",
            ])
    }

    @Test func carfitRepairsAreEachOneLine() async throws {
        let visit = """
            {"visitId": "v-1", "startTimeUtc": "2020-09-11T07:30:00", "visitState": 3,
             "houseOwnerFirstName": "Ida", "houseOwnerLastName": "Hansen", "houseOwnerAddress": "Strandvejen 140",
             "houseOwnerZip": 2900, "houseOwnerCity": "Hellerup", "houseOwnerLatitude": "55.7343", "houseOwnerLongitude": 12.58,
             "expectedTime": "07:00/09:00", "tasks": {"title": "Polering", "timesInMinutes": 60}}
            """
        let file = try temporaryFile(named: "visits.json", contents: Data(#"{"success": true, "data": [\#(visit)]}"#.utf8))
        let run = await runExercises(["carfit", "--file", file.path, "--now", "2020-09-11T06:00:00Z"], locale: "en_GB")
        #expect(run.status == 0)
        #expect(run.output.contains("Strandvejen 140, 2900 Hellerup"))
        #expect(run.output.contains("Polering"))
        #expect(
            errorLines(run) == [
                "repaired: data[0].visitState: expected a state name, found the number 3; shown as an unknown state",
                "repaired: data[0].houseOwnerZip: expected text, found a number; shown as 2900",
                #"repaired: data[0].houseOwnerLatitude: expected a number, found the text "55.7343"; read as 55.7343"#,
                "repaired: data[0].tasks: one object where a list belongs (as XML-to-JSON converters write a single item); "
                    + "read as a list of one",
            ])
    }

    /// `charset=iso-8859-1` is Windows-1252 on the web: “ ” and – are punctuation, not C1
    /// controls, and the command says how the label was read.
    @Test(arguments: ["iso-8859-1", "latin1"])
    func factsLatin1LabelIsReadAsWindows1252(label: String) async throws {
        // {"title":"“Canada” – facts","rows":[{"title":"Eh","description":"It’s true."}]} in Windows-1252.
        var body = Data(#"{"title":""#.utf8) + Data([0x93]) + Data("Canada".utf8) + Data([0x94, 0x20, 0x96])
        body += Data(#" facts","rows":[{"title":"Eh","description":"It"#.utf8) + Data([0x92]) + Data(#"s true."}]}"#.utf8)
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/facts.json", .ok(body, contentType: "application/json; charset=\(label)"))
        let run = await runExercises(["facts", "--url", server.url("/facts.json").absoluteString])
        #expect(run.status == 0)
        #expect(run.output.contains("“Canada” – facts"))
        #expect(run.output.contains("It’s true."))
        #expect(
            errorLines(run) == [
                "repaired: bytes: charset=\(label) read as Windows-1252, as the WHATWG Encoding Standard and browsers read it: "
                    + "bytes 0x80-0x9F are punctuation there (“ ” – …), control characters in strict ISO 8859-1"
            ])
    }

    @Test func factsUnlabelledWindows1252IsToldApartFromMacRoman() async throws {
        var body = Data(#"{"title":"Caf"#.utf8) + Data([0xE9]) + Data(#" "#.utf8) + Data([0x93]) + Data("Zo".utf8) + Data([0xEB, 0x94])
        body += Data(#"","rows":[{"title":"x"}]}"#.utf8)
        let file = try temporaryFile(named: "facts.json", contents: body)
        let run = await runExercises(["facts", "--file", file.path])
        #expect(run.status == 0)
        #expect(run.output.contains("Café “Zoë”"))
        #expect(run.errors.contains("decoded as Windows-1252, the most natural reading: Windows-1252 scores"), "\(run.errors)")
    }
}
