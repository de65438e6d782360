import Foundation
import SharedNetworking
import Testing

/// What real feeds send as timestamps, and what must be refused.
@Suite struct LenientISO8601Tests {
    /// 2020-09-10T08:05:00Z, computed independently of the parser.
    static let reference = Date(timeIntervalSince1970: 1_599_725_100)

    @Test func noZoneMeansUTCExactly() throws {
        let date = try #require(LenientISO8601.date(from: "2020-09-10T08:05:00"))
        #expect(date == Self.reference)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = try #require(TimeZone(identifier: "UTC"))
        let parts = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        #expect([parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second] == [2020, 9, 10, 8, 5, 0])
    }

    @Test(arguments: [
        ("2020-09-10T08:05:00Z", 0.0),
        ("2020-09-10t08:05:00z", 0),
        ("2020-09-10 08:05:00Z", 0),
        ("2020-09-10T08:05Z", 0),
        ("2020-09-10T10:05:00+02:00", 0),
        ("2020-09-10T10:05:00+0200", 0),
        ("2020-09-10T13:05:00+05", 0),
        ("2020-09-10T02:35:00-0530", 0),
        ("2020-09-10T02:35:00-05:30", 0),
        ("2020-09-10T08:05:00+00:00", 0),
        ("  2020-09-10T08:05:00Z  ", 0),
        ("2020-09-10T08:05:00,5Z", 0.5),
    ])
    func zonesAndSeparators(text: String, fraction: Double) throws {
        let date = try #require(LenientISO8601.date(from: text))
        #expect(date == Self.reference.addingTimeInterval(fraction))
    }

    @Test(arguments: [
        ("2020-09-10T08:05:00.1Z", 100_000_000),
        ("2020-09-10T08:05:00.123Z", 123_000_000),
        ("2020-09-10T08:05:00.1234567Z", 123_456_700),
        ("2020-09-10T08:05:00.123456789Z", 123_456_789),
        ("2020-09-10T08:05:00.1234567", 123_456_700),
    ])
    func fractionDigits(text: String, nanoseconds: Int) throws {
        let date = try #require(LenientISO8601.date(from: text))
        // A Date is a Double of seconds: at 1.6e9 s its resolution is about 0.24 µs.
        #expect(abs(date.timeIntervalSince(Self.reference) - Double(nanoseconds) / 1e9) < 1e-6)
        #expect(date > Self.reference)
    }

    @Test func bareDateIsMidnightUTC() {
        #expect(LenientISO8601.date(from: "2020-09-10") == Date(timeIntervalSince1970: 1_599_696_000))
    }

    @Test func leapDayOnlyInLeapYears() {
        #expect(LenientISO8601.date(from: "2020-02-29T12:00:00Z") == Date(timeIntervalSince1970: 1_582_977_600))
        #expect(LenientISO8601.date(from: "2000-02-29T00:00:00Z") == Date(timeIntervalSince1970: 951_782_400))
        #expect(LenientISO8601.date(from: "2019-02-29T12:00:00Z") == nil)
        #expect(LenientISO8601.date(from: "1900-02-29T12:00:00Z") == nil)
    }

    @Test func endOfDayAndLeapSecond() {
        #expect(LenientISO8601.date(from: "2020-09-10T24:00:00Z") == Date(timeIntervalSince1970: 1_599_782_400))
        // 23:59:60 is clamped to :59 (Date has no leap seconds) rather than rejected.
        #expect(LenientISO8601.date(from: "2016-12-31T23:59:60Z") == Date(timeIntervalSince1970: 1_483_228_799))
    }

    @Test(arguments: [
        "2020-09-10T08:05:00.1234567890Z",  // 10 fraction digits
        "2020-09-10T08:05:00.Z",  // separator without digits
        "2020-13-01T00:00:00Z",  // month 13
        "2020-00-10T00:00:00Z",  // month 0
        "2020-04-31T00:00:00Z",  // April 31
        "2020-09-00T00:00:00Z",  // day 0
        "2020-09-10T25:00:00Z",  // hour 25
        "2020-09-10T24:00:01Z",  // past end of day
        "2020-09-10T08:60:00Z",  // minute 60
        "2020-09-10T08:05:61Z",  // second 61
        "2020-09-10T08:05:00+24:00",  // zone hour 24
        "2020-09-10T08:05:00+02:60",  // zone minute 60
        "2020-09-10T08:05:00+2",  // one-digit zone
        "2020-09-10T08:05:00+02:",  // dangling colon
        "2020-09-10T08",  // no minutes
        "20-09-10T08:05:00Z",  // two-digit year
        "2020/09/10 08:05:00",  // wrong separators
        "2020-09-10T08:05:00Z trailing",
        "TBD",
        "",
        "next Tuesday",
    ])
    func rejects(text: String) {
        #expect(LenientISO8601.date(from: text) == nil)
    }

    struct Event: Decodable, Equatable {
        var start: Date
    }

    @Test func decodingStrategyUsesTheParser() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = LenientISO8601.decodingStrategy
        let event = try decoder.decode(Event.self, from: Data(#"{"start":"2020-09-10T08:05:00"}"#.utf8))
        #expect(event.start == Self.reference)
    }

    @Test func decodingStrategyNamesTheBadText() throws {
        let loader = FeedLoader(client: OfflineHTTPClient())
        let error = #expect(throws: NetworkError.self) {
            try loader.decode(Event.self, from: Data(#"{"start":"soon-ish"}"#.utf8), sourceName: "events.json")
        }
        #expect(error?.description == #"events.json: start: expected an ISO 8601 date, found "soon-ish""#)
    }
}
