import Foundation
import SharedNetworking
import Testing

@testable import CarFit

/// Numbers where text belongs and text where a number belongs, as servers send them: accepted,
/// and each repair reported once at its field, quoting what was sent.
@Suite("CarFit fields in the shapes real servers send")
struct FieldShapesTests {
    let loader = FeedLoader(client: OfflineHTTPClient())

    func decode(_ overrides: [String: String?]) throws -> (visit: Visit, diagnostics: [Diagnostic]) {
        let json = VisitParsingTests.envelope([VisitParsingTests.visitJSON(overrides)])
        let loaded = try loader.decode(CarFitFeed.self, from: Data(json.utf8), sourceName: "visits.json")
        return (try #require(try loaded.value.visits(source: "visits.json").first), loaded.diagnostics)
    }

    @Test func aPostcodeSentAsANumberIsInTheAddress() throws {
        let (visit, diagnostics) = try decode(["houseOwnerZip": "2800", "houseOwnerCity": "\"Kgs. Lyngby\""])
        #expect(visit.owner.address.zip == "2800")
        #expect(visit.owner.address.singleLine == "2800 Kgs. Lyngby")
        #expect(
            diagnostics == [Diagnostic(.repaired, path: "data[0].houseOwnerZip", message: "expected text, found a number; shown as 2800")])
    }

    @Test func aCoordinateSentAsTextIsParsedAndReported() throws {
        let (visit, diagnostics) = try decode(["houseOwnerLatitude": "\" 55.77883\""])
        #expect(visit.owner.coordinate == GeoCoordinate(latitude: 55.77883, longitude: 12.52124))
        #expect(
            diagnostics == [
                Diagnostic(
                    .repaired, path: "data[0].houseOwnerLatitude",
                    message: #"expected a number, found the text " 55.77883"; read as 55.77883"#)
            ])
    }

    @Test(arguments: ["\"0x10\"", "\"55,7\"", "\"north\"", "\"nan\""])
    func textThatIsNotADecimalNumberIsNoCoordinate(latitude: String) throws {
        let (visit, diagnostics) = try decode(["houseOwnerLatitude": latitude])
        #expect(visit.owner.coordinate == nil)
        #expect(diagnostics.map(\.message) == ["no usable latitude/longitude; no distance is shown"])
    }

    @Test func aStateSentAsANumberIsShownAsItsTextAndReportedOnce() throws {
        let (visit, diagnostics) = try decode(["visitState": "3"])
        #expect(visit.state == .unknown("3"))
        #expect(CarFitStrings(language: .english).label(for: visit.state) == "3")
        #expect(
            diagnostics == [
                Diagnostic(
                    .repaired, path: "data[0].visitState", message: "expected a state name, found the number 3; shown as an unknown state")
            ])
    }

    @Test func anIdentifierSentAsANumberKeepsTheVisit() throws {
        let (visit, diagnostics) = try decode(["visitId": "12345"])
        #expect(visit.id == "12345")
        #expect(diagnostics.map(\.path) == ["data[0].visitId"])
    }

    @Test func taskMinutesSentAsTextAreCounted() throws {
        let (visit, diagnostics) = try decode(["tasks": #"[{"title": "Wash", "timesInMinutes": "25"}, {"title": 7, "timesInMinutes": 5}]"#])
        #expect(visit.tasks.map(\.minutes) == [25, 5])
        #expect(visit.tasks.map(\.title) == ["Wash", "7"])
        #expect(
            diagnostics == [
                Diagnostic(
                    .repaired, path: "data[0].tasks[0].timesInMinutes", message: #"expected a number, found the text "25"; read as 25"#),
                Diagnostic(.repaired, path: "data[0].tasks[1].title", message: "expected text, found a number; shown as 7"),
            ])
    }

    @Test func tasksThatAreOneObjectAreAListOfOne() throws {
        let (visit, diagnostics) = try decode(["tasks": #"{"title": "Wash", "timesInMinutes": 25}"#])
        #expect(visit.tasks.map(\.title) == ["Wash"])
        #expect(diagnostics.map(\.path) == ["data[0].tasks"])
        #expect(diagnostics.first?.message.hasPrefix("one object where a list belongs") == true)
    }

    @Test func aLongUnknownStateIsQuotedAndCut() throws {
        let state = String(repeating: "Waiting for the client ", count: 4)
        let (_, diagnostics) = try decode(["visitState": "\"\(state)\""])
        let message = try #require(diagnostics.first?.message)
        #expect(message == "unknown state \"\(String(state.prefix(40)))…\"; shown in a neutral colour")
    }
}
