import Foundation
import SharedNetworking
import Testing

/// One Foundation formatter per configuration, shared by whoever asks for it with the same
/// cache (a server's sessions), bounded, and formatting as a formatter of its own would.
@Suite("DateFormatterCache")
struct DateFormatterCacheTests {
    /// 10 September 2020, 08:05 UTC.
    let instant = Date(timeIntervalSince1970: 1_599_725_100)

    func calendar(_ locale: String, _ zone: String) -> Calendar {
        AppEnvironment.calendar(locale: Locale(identifier: locale), timeZone: TimeZone(identifier: zone) ?? .gmt)
    }

    @Test("equal calendars, built apart, get the same formatter; another locale, zone or style gets its own")
    func sharesByConfiguration() {
        let cache = DateFormatterCache()
        let first = cache.formatter(dateStyle: .none, timeStyle: .short, calendar: calendar("en_GB", "Europe/London"))
        let second = cache.formatter(dateStyle: .none, timeStyle: .short, calendar: calendar("en_GB", "Europe/London"))
        #expect(first === second)
        #expect(cache.count == 1)
        let otherZone = cache.formatter(dateStyle: .none, timeStyle: .short, calendar: calendar("en_GB", "UTC"))
        let otherLocale = cache.formatter(dateStyle: .none, timeStyle: .short, calendar: calendar("en_US", "Europe/London"))
        let otherStyle = cache.formatter(dateStyle: .medium, timeStyle: .short, calendar: calendar("en_GB", "Europe/London"))
        #expect(otherZone !== first && otherLocale !== first && otherStyle !== first)
        #expect(cache.count == 4)
    }

    @Test("a kept formatter formats in its calendar's locale and zone, as one made for it alone")
    func formatsAsItsConfiguration() {
        let cache = DateFormatterCache()
        let london = cache.formatter(dateStyle: .none, timeStyle: .short, calendar: calendar("en_GB", "Europe/London"))
        let newYork = cache.formatter(dateStyle: .none, timeStyle: .short, calendar: calendar("en_US", "America/New_York"))
        #expect(london.string(from: instant) == "09:05")
        #expect(newYork.string(from: instant).hasPrefix("4:05"))
        #expect(
            cache.formatter(dateStyle: .none, timeStyle: .short, calendar: calendar("en_GB", "Europe/London")).string(from: instant)
                == "09:05")
    }

    @Test("past its limit the cache starts again; a formatter handed out before still formats")
    func bounded() {
        let cache = DateFormatterCache(limit: 2)
        let zones = ["UTC", "Europe/London", "Europe/Berlin", "Asia/Tokyo", "America/Chicago"]
        let formatters = zones.map { cache.formatter(dateStyle: .none, timeStyle: .short, calendar: calendar("en_GB", $0)) }
        #expect(cache.count <= 2)
        #expect(formatters[0].string(from: instant) == "08:05")
        #expect(formatters[3].string(from: instant) == "17:05")
    }

    @Test("copies of an environment share its cache")
    func environmentCopiesShare() {
        let environment = AppEnvironment(
            httpClient: OfflineHTTPClient(), clock: ManualClock(now: instant), locale: Locale(identifier: "en_GB"), timeZone: .gmt,
            calendar: calendar("en_GB", "UTC"),
            directories: Directories(caches: FileManager.default.temporaryDirectory, temporary: FileManager.default.temporaryDirectory))
        var copy = environment
        copy.locale = Locale(identifier: "de_DE")
        #expect(copy.dateFormatters === environment.dateFormatters)
    }
}
