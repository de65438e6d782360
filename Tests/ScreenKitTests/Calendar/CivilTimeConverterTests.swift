import Foundation
import ScreenKit
import SharedNetworking
import TestSupport
import Testing

/// `CivilTimeConverter` gives what a Gregorian `Calendar` in the same zone gives, for every instant,
/// whatever order the instants come in; `FormattedTextMemo` keeps what it was given, bounded.
@Suite struct CivilTimeConverterTests {
    /// Zones with daylight saving, half-hour and 45-minute offsets, a 30-minute DST shift, a
    /// skipped day (Apia, 2011-12-30) and changes of standard time (Caracas 2007 and 2016,
    /// Moscow 2011 and 2014).
    static let zones = [
        "Europe/Copenhagen", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe", "Pacific/Apia",
        "America/Caracas", "Europe/Moscow", "UTC", "America/St_Johns",
    ]

    /// A deterministic spread of instants from 1995 to 2030, shuffled, plus the seconds around
    /// each zone's transitions in that range.
    static func instants(in zone: TimeZone) -> [Date] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var dates: [Date] = (0..<3000).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Date(timeIntervalSince1970: 788_918_400 + Double((state >> 33) % 1_104_537_600))
        }
        var transition = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: 788_918_400))
        while let next = transition, next.timeIntervalSince1970 < 1_893_456_000 {
            dates += [-1, 0, 1, 3599, 3600].map { next.addingTimeInterval($0) }
            transition = zone.nextDaylightSavingTimeTransition(after: next)
        }
        return dates
    }

    @Test(arguments: zones)
    func dayAndTimeAreTheCalendars(identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var clock = CivilTimeConverter(timeZone: zone)
        for date in Self.instants(in: zone) {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let time = clock.civilTime(of: date)
            let civil = try #require(time)
            let day = CivilTimeConverter.civilDate(fromDays: civil.day)
            #expect(day.year == parts.year && day.month == parts.month && day.day == parts.day, "\(identifier) \(date)")
            #expect(civil.second == (parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0), "\(identifier) \(date)")
        }
    }

    @Test func civilDatesAroundTheEpochAndLeapDays() {
        #expect(CivilTimeConverter.civilDate(fromDays: 0) == (1970, 1, 1))
        #expect(CivilTimeConverter.civilDate(fromDays: -1) == (1969, 12, 31))
        #expect(CivilTimeConverter.civilDate(fromDays: 11_016) == (2000, 2, 29))
        #expect(CivilTimeConverter.civilDate(fromDays: 18_321) == (2020, 2, 29))
        #expect(CivilTimeConverter.civilDate(fromDays: -719_162) == (1, 1, 1))
    }

    @Test func instantsNoCalendarShowsAreNil() {
        var clock = CivilTimeConverter(timeZone: .gmt)
        #expect(clock.civilTime(of: Date(timeIntervalSince1970: .infinity)) == nil)
        #expect(clock.civilTime(of: Date(timeIntervalSince1970: 1e16)) == nil)
    }

    @Test func aMemoKeepsWhatItMadeAndStopsGrowingAtItsLimit() {
        let memo = FormattedTextMemo<Int, String>(limit: 3)
        let made = Locked(0)
        func text(_ key: Int) -> String {
            memo.value(for: key) {
                made.withLock { $0 += 1 }
                return "#\(key)"
            }
        }
        #expect((0..<5).map(text) == ["#0", "#1", "#2", "#3", "#4"])
        #expect((0..<5).map(text) == ["#0", "#1", "#2", "#3", "#4"])
        #expect(memo.count == 3)
        #expect(made.withLock { $0 } == 7)  // 5, then only the two it could not keep
    }
}
