import Foundation
import Testing

@testable import SharedNetworking

/// The words of a saved copy and a retry, in English, German and Danish, aged by a fixed clock.
@Suite struct NetworkNoticeTextTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    var twoHoursAgo: Date { now.addingTimeInterval(-7200) }

    @Test func english() {
        let text = NetworkNoticeText(locale: Locale(identifier: "en_US"))
        #expect(text.failed(offline: true, savedAt: twoHoursAgo, now: now).text == "Offline: saved 2 hours ago")
        #expect(text.failed(offline: false, savedAt: twoHoursAgo, now: now).text == "Not updated: saved 2 hours ago")
        #expect(text.saved(at: now.addingTimeInterval(-45 * 60), now: now).text == "Saved 45 minutes ago")
        #expect(text.saved(at: now.addingTimeInterval(-20), now: now).text == "Saved just now")
        let retry = RetryNotice(attempt: 2, maxAttempts: 3, delay: .seconds(1), reason: .timedOut(url: URL(string: "https://a.example")!))
        #expect(text.retrying(retry, savedAt: nil, now: now).text == "Retrying, 2 of 3")
        #expect(text.retrying(retry, savedAt: twoHoursAgo, now: now).text == "Saved 2 hours ago · Retrying, 2 of 3")
    }

    @Test func german() {
        let text = NetworkNoticeText(locale: Locale(identifier: "de_DE"))
        let offline = text.failed(offline: true, savedAt: twoHoursAgo, now: now)
        #expect(offline.text == "Offline: gespeichert vor 2 Stunden")
        #expect(offline.kind == .offline)
        #expect(offline.savedAt == twoHoursAgo)
        #expect(
            text.failed(offline: false, savedAt: now.addingTimeInterval(-3 * 86400), now: now).text
                == "Nicht aktualisiert: gespeichert vor 3 Tagen")
        let retry = RetryNotice(attempt: 3, maxAttempts: 3, delay: .zero, reason: .cancelled)
        #expect(text.retrying(retry, savedAt: nil, now: now).text == "Neuer Versuch, 3 von 3")
    }

    @Test func danishAndAFallbackToEnglish() {
        #expect(NetworkNoticeText(locale: Locale(identifier: "da_DK")).saved(at: twoHoursAgo, now: now).text == "Gemt for 2 timer siden")
        #expect(NetworkNoticeText(locale: Locale(identifier: "ja_JP")).language == .english)
    }

    @Test("a date after now (a clock set back) reads as just now")
    func futureIsJustNow() {
        #expect(
            NetworkNoticeText(locale: Locale(identifier: "en_GB")).saved(at: now.addingTimeInterval(600), now: now).text == "Saved just now"
        )
    }
}
