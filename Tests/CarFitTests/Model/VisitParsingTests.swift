import Foundation
import SharedNetworking
import TestSupport
import Testing

@testable import CarFit

/// Decoding the CarFit feed: the real sample, the envelope, and every way a visit can be bad.
@Suite("Parsing visits")
struct VisitParsingTests {
    let loader = FeedLoader(client: OfflineHTTPClient())

    func decode(_ json: String) throws -> Loaded<CarFitFeed> {
        try loader.decode(CarFitFeed.self, from: Data(json.utf8), sourceName: "visits.json")
    }

    /// One visit object with `overrides` replacing or adding fields (a value of `nil` removes).
    static func visitJSON(_ overrides: [String: String?] = [:]) -> String {
        var fields: [String: String] = [
            "visitId": "\"v-1\"",
            "startTimeUtc": "\"2020-09-10T08:05:00\"",
            "visitState": "\"Done\"",
            "houseOwnerFirstName": "\"Tone\"",
            "houseOwnerLastName": "\"Holtermann\"",
            "houseOwnerLatitude": "55.77883",
            "houseOwnerLongitude": "12.52124",
            "expectedTime": "\"08:00/10:00\"",
            "tasks": "[{\"title\": \"Wash\", \"timesInMinutes\": 25}]",
        ]
        for (key, value) in overrides { fields[key] = value }
        return "{" + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
    }

    static func envelope(_ visits: [String], success: String = "true") -> String {
        "{\"success\": \(success), \"message\": \"ok\", \"code\": 200, \"data\": [\(visits.joined(separator: ","))]}"
    }

    @Test func realSampleDecodesEveryVisit() async throws {
        let loaded = try await loader.load(CarFitFeed.self, from: CarFitSource.bundled())
        let visits = try loaded.value.visits(source: loaded.source)
        #expect(visits.count == 7)
        #expect(loaded.value.droppedVisitCount == 0)
        #expect(loaded.value.message == "Got visits successfully")
        #expect(loaded.value.code == 200)

        let first = try #require(visits.first)
        #expect(first.id == "799d7830-a5ff-4a0b-b571-9052df6a2e64")
        // `startTimeUtc` has no zone and means UTC.
        #expect(first.start == TestCalendars.instant("2020-09-10T08:05:00Z"))
        #expect(first.end == TestCalendars.instant("2020-09-10T08:35:00Z"))
        #expect(first.state == .done)
        #expect(first.owner.fullName == "Tone Holtermann")
        #expect(first.owner.address == PostalAddress(street: "Akademivej 15, 1 th", zip: "2800", city: "Kgs. Lyngby"))
        #expect(first.owner.coordinate == GeoCoordinate(latitude: 55.778830, longitude: 12.521240))
        #expect(first.owner.mobilePhone == "+4520934021")
        #expect(first.expectedWindow == ExpectedTimeWindow(parsing: "08:00/10:00"))
        #expect(first.tasks.map(\.title) == ["Pudsning indvendig", "Pudsning udvendig"])
        #expect(first.tasks.map(\.minutes) == [25, 35])

        // `ToDo` (the feed's spelling) is the Todo state; `InProgress` is recognised.
        #expect(visits.map(\.state) == [.done, .inProgress, .todo, .todo, .todo, .todo, .todo])
        #expect(visits[1].expectedWindow == nil)
    }

    @Test func sevenDigitFractionsInTaskDatesDoNotBreakDecoding() throws {
        let json = Self.envelope([
            Self.visitJSON(["tasks": "[{\"title\": \"Wash\", \"timesInMinutes\": 25, \"createDateUtc\": \"2020-09-10T20:01:56.8831511\"}]"])
        ])
        let loaded = try decode(json)
        #expect(try loaded.value.visits(source: loaded.source).first?.tasks.first?.minutes == 25)
        #expect(loaded.diagnostics.isEmpty)
    }

    @Test func failedEnvelopeBecomesAServerErrorWithItsMessage() throws {
        let json = "{\"success\": false, \"message\": \"Token expired\", \"code\": 401, \"data\": null}"
        let response = try decode(json).value
        #expect(throws: NetworkError.refused(source: "visits.json", message: "Token expired", code: "401")) {
            try response.visits(source: "visits.json")
        }
        #expect(
            NetworkError.refused(source: "visits.json", message: "Token expired", code: "401").description
                == "visits.json: the server refused the request (code 401): Token expired")
    }

    @Test func failedEnvelopeWithoutMessageStillExplains() throws {
        let response = try decode("{\"success\": \"false\"}").value
        #expect(throws: NetworkError.refused(source: "visits.json", message: "the server reported a failure without a message")) {
            try response.visits(source: "visits.json")
        }
    }

    @Test func successWithoutDataIsMissingVisits() throws {
        let response = try decode("{\"success\": true, \"message\": \"ok\", \"data\": null}").value
        #expect(
            throws: NetworkError.invalidContent(
                source: "visits.json", reason: "the server's reply has no visit list (\"data\" is missing or null)")
        ) { try response.visits(source: "visits.json") }
    }

    @Test func missingSuccessFlagWithDataIsAcceptedAndNoted() throws {
        let loaded = try decode("{\"data\": [\(Self.visitJSON())]}")
        #expect(try loaded.value.visits(source: loaded.source).count == 1)
        #expect(loaded.diagnostics.contains { $0.kind == .note && $0.path == "success" })
    }

    @Test func bareArrayWithoutEnvelopeIsAccepted() throws {
        let loaded = try decode("[\(Self.visitJSON()), \(Self.visitJSON(["visitId": "\"v-2\""]))]")
        #expect(try loaded.value.visits(source: loaded.source).map(\.id) == ["v-1", "v-2"])
    }

    @Test func malformedVisitsAreDroppedAndCountedWithoutLosingTheRest() throws {
        let json = Self.envelope([
            Self.visitJSON(["visitId": "\"good-1\""]),
            Self.visitJSON(["visitId": nil]),
            Self.visitJSON(["visitId": "\"  \""]),
            Self.visitJSON(["visitId": "\"bad-start\"", "startTimeUtc": "\"10/09/2020 08:05\""]),
            Self.visitJSON(["visitId": "\"no-start\"", "startTimeUtc": nil]),
            "42",
            Self.visitJSON(["visitId": "\"good-2\""]),
        ])
        let loaded = try decode(json)
        #expect(try loaded.value.visits(source: loaded.source).map(\.id) == ["good-1", "good-2"])
        #expect(loaded.value.droppedVisitCount == 5)
        let dropped = loaded.diagnostics.filter { $0.kind == .dropped }.map(\.path)
        #expect(dropped == ["data[1]", "data[2]", "data[3]", "data[4]", "data[5]"])
        #expect(loaded.diagnostics.contains { $0.message.contains("startTimeUtc") && $0.message.contains("10/09/2020") })
    }

    @Test func sourceReportsHowManyVisitsWereDropped() async throws {
        let json = Self.envelope([Self.visitJSON(), Self.visitJSON(["visitId": nil]), "\"x\""])
        let source = CarFitFeedLoader(source: .data(Data(json.utf8), name: "visits.json"), network: .offline)
        let batch = try await source.load()
        #expect(batch.visits.count == 1)
        #expect(batch.diagnostics.contains(Diagnostic(.note, path: "data", message: "2 visits could not be read and are not shown")))
        let one = CarFitFeedLoader(
            source: .data(Data(Self.envelope([Self.visitJSON(), "7"]).utf8), name: "visits.json"), network: .offline)
        #expect(try await one.load().diagnostics.last?.message == "1 visit could not be read and is not shown")
    }

    @Test func unknownStateKeepsTheVisitAndIsNoted() throws {
        let loaded = try decode(Self.envelope([Self.visitJSON(["visitState": "\"Paused\""]), Self.visitJSON(["visitState": nil])]))
        let visits = try loaded.value.visits(source: loaded.source)
        #expect(visits.map(\.state) == [.unknown("Paused"), .unknown("")])
        #expect(loaded.diagnostics.map(\.path) == ["data[0].visitState", "data[1].visitState"])
    }

    @Test func missingOrNegativeTaskMinutesAreIgnoredAndReported() throws {
        let tasks =
            "[{\"title\": \"A\", \"timesInMinutes\": 25}, {\"title\": \"B\"}, {\"title\": \"C\", \"timesInMinutes\": -10}, {\"title\": \"D\", \"timesInMinutes\": \"15\"}, {\"title\": \"E\", \"timesInMinutes\": null}]"
        let loaded = try decode(Self.envelope([Self.visitJSON(["tasks": tasks])]))
        let visit = try #require(try loaded.value.visits(source: loaded.source).first)
        #expect(visit.tasks.map(\.minutes) == [25, nil, nil, 15, nil])
        #expect(visit.totalMinutes == 40)
        let paths = loaded.diagnostics.map(\.path)
        // "15" as text is parsed, and that repair is reported too.
        #expect(
            paths == [
                "data[0].tasks[1].timesInMinutes", "data[0].tasks[2].timesInMinutes", "data[0].tasks[3].timesInMinutes",
                "data[0].tasks[4].timesInMinutes",
            ])
        #expect(loaded.diagnostics[1].message.contains("negative"))
        #expect(loaded.diagnostics[2].message == #"expected a number, found the text "15"; read as 15"#)
    }

    @Test func malformedExpectedTimeIsLeftOutAndReported() throws {
        for bad in ["\"8-10\"", "\"10:00/08:00\"", "\"25:00/26:00\"", "\"08:00/\"", "\"08:0/10:00\""] {
            let loaded = try decode(Self.envelope([Self.visitJSON(["expectedTime": bad])]))
            #expect(try loaded.value.visits(source: loaded.source).first?.expectedWindow == nil, "\(bad)")
            #expect(loaded.diagnostics.map(\.path) == ["data[0].expectedTime"], "\(bad)")
        }
        let null = try decode(Self.envelope([Self.visitJSON(["expectedTime": "null"])]))
        #expect(try null.value.visits(source: "visits.json").first?.expectedWindow == nil)
        #expect(null.diagnostics.isEmpty)
        let loose = try decode(Self.envelope([Self.visitJSON(["expectedTime": "\" 8:00 / 10:30 \""])]))
        #expect(try loose.value.visits(source: "visits.json").first?.expectedWindow == ExpectedTimeWindow(parsing: "08:00/10:30"))
    }

    @Test(arguments: [
        ("0", "0"), ("91", "12"), ("55.7", "181"), ("\"abc\"", "12"), ("null", "12"),
    ])
    func invalidCoordinatesGiveNoPositionAndAreReported(latitude: String, longitude: String) throws {
        let loaded = try decode(Self.envelope([Self.visitJSON(["houseOwnerLatitude": latitude, "houseOwnerLongitude": longitude])]))
        #expect(try loaded.value.visits(source: loaded.source).first?.owner.coordinate == nil)
        #expect(loaded.diagnostics.map(\.path) == ["data[0].houseOwnerLatitude"])
    }

    @Test func blankNamesAndAddressPartsAreAbsent() throws {
        let loaded = try decode(
            Self.envelope([
                Self.visitJSON([
                    "houseOwnerFirstName": "\"  \"", "houseOwnerLastName": "null", "houseOwnerAddress": "\"Kornagervej 67\"",
                    "houseOwnerZip": "\"\"", "houseOwnerCity": "\"Lyngby\"",
                ])
            ]))
        let owner = try #require(try loaded.value.visits(source: loaded.source).first?.owner)
        #expect(owner.firstName == nil && owner.lastName == nil && owner.fullName == nil)
        #expect(owner.address.singleLine == "Kornagervej 67, Lyngby")
    }

    @Test func htmlInsteadOfJSONIsALoadingError() async throws {
        let source = CarFitFeedLoader(
            source: .data(Data("<html><body>Maintenance</body></html>".utf8), name: "visits.json"), network: .offline)
        await #expect(throws: NetworkError.self) { try await source.load() }
        do {
            _ = try await source.load()
        } catch {
            #expect(error.description.hasPrefix("visits.json: expected JSON, got an HTML page"))
        }
    }

    @Test func remoteFeedGoesThroughTheInjectedHTTPClient() async throws {
        let client = ScriptedHTTPClient(body: Data(Self.envelope([Self.visitJSON()]).utf8))
        let url = try #require(URL(string: "https://api.carfit.example/visits"))
        let source = CarFitFeedLoader(source: .remote(url), network: FeedNetwork(client: client))
        #expect(try await source.load().visits.map(\.id) == ["v-1"])
        #expect(client.snapshot.requestedURLs == [url])
    }

    @Test func httpFailureIsALoadingErrorNamingTheStatus() async throws {
        let client = ScriptedHTTPClient(body: Data("down".utf8), status: 503)
        let url = try #require(URL(string: "https://api.carfit.example/visits"))
        let source = CarFitFeedLoader(source: .remote(url), network: FeedNetwork(client: client))
        do {
            _ = try await source.load()
            Issue.record("expected a failure")
        } catch {
            #expect(error.description == "https://api.carfit.example/visits: HTTP 503 Service Unavailable: down")
        }
    }
}
