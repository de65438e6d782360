import Foundation
import SharedNetworking
import Testing

@testable import ExercisesWeb

/// A session takes its language and time zone from the browser, validated, with the server's
/// flags as the fallback.
@Suite("A session's language and time zone")
struct SessionPreferencesTests {
    static let base = AppEnvironment(
        httpClient: OfflineHTTPClient(), clock: SystemClock(), locale: Locale(identifier: "en_US"),
        timeZone: TimeZone(identifier: "UTC") ?? .gmt,
        calendar: AppEnvironment.calendar(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC") ?? .gmt),
        directories: Directories(caches: URL(fileURLWithPath: "/tmp"), temporary: URL(fileURLWithPath: "/tmp")))

    @Test func acceptLanguageIsReadByQualityThenOrder() {
        #expect(SessionPreferences.acceptLanguageTags("de-DE,de;q=0.9,en;q=0.8") == ["de-DE", "de", "en"])
        #expect(SessionPreferences.acceptLanguageTags("en;q=0.5, fr-CA , *;q=0.1, da;q=0") == ["fr-CA", "en"])
        #expect(SessionPreferences.acceptLanguageTags("") == [])
    }

    @Test func aGermanBrowserInNewYorkGetsGermanWordsAndNewYorkTimes() {
        let preferences = SessionPreferences(
            acceptLanguage: "de-DE,de;q=0.9,en;q=0.8", pageLanguages: ["de-DE", "en-US"], timeZone: "America/New_York")
        let environment = preferences.environment(over: Self.base)
        #expect(environment.locale.identifier == "de_DE")
        #expect(environment.messagesLocale.identifier == "de_DE")
        #expect(environment.timeZone.identifier == "America/New_York")
        #expect(environment.calendar.timeZone.identifier == "America/New_York")
        #expect(environment.calendar.locale?.identifier == "de_DE")
    }

    @Test func theFirstShippedLanguageWinsAndOthersFormatOnlyWithEnglishWords() {
        let french = SessionPreferences(acceptLanguage: "fr-FR", timeZone: nil).environment(over: Self.base)
        #expect(french.locale.identifier == "fr_FR")
        #expect(french.messagesLocale.identifier == "en")
        let frenchThenDanish = SessionPreferences(acceptLanguage: "fr-FR,da;q=0.5", timeZone: nil).environment(over: Self.base)
        #expect(frenchThenDanish.messagesLocale.identifier == "da")
    }

    @Test(arguments: [
        "<script>", "de_DE;DROP", "", "x", "toolongsubtagxx-DE", String(repeating: "a", count: 40), "de-DE-", "12-DE",
    ])
    func whatIsNotALanguageTagIsIgnored(_ tag: String) {
        let environment = SessionPreferences(acceptLanguage: nil, pageLanguages: [tag], timeZone: nil).environment(over: Self.base)
        #expect(environment.locale.identifier == "en_US")
        #expect(environment.messagesLocale.identifier == "en_US")
    }

    @Test(arguments: ["Mars/Olympus", "../../etc/passwd", "America/New York", String(repeating: "A", count: 65), ""])
    func whatIsNotATimeZoneIsIgnored(_ name: String) {
        let environment = SessionPreferences(acceptLanguage: nil, timeZone: name).environment(over: Self.base)
        #expect(environment.timeZone == Self.base.timeZone)
    }

    @Test func atMostTenLanguagesAreKept() {
        let many = (0..<50).map { _ in "en" } + ["de"]
        let tags = (0..<50).map { "en-\(String(format: "%03d", $0))" }
        #expect(SessionPreferences(acceptLanguage: nil, pageLanguages: tags, timeZone: nil).languages.count == 10)
        #expect(SessionPreferences(acceptLanguage: nil, pageLanguages: many, timeZone: nil).languages == ["en", "de"])
    }
}
