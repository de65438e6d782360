import Foundation
import ScreenKit
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
        #expect(offline.text == "Offline: vor 2 Stunden gespeichert")
        #expect(offline.kind == .offline)
        #expect(offline.savedAt == twoHoursAgo)
        #expect(
            text.failed(offline: false, savedAt: now.addingTimeInterval(-3 * 86400), now: now).text
                == "Nicht aktualisiert: vor 3 Tagen gespeichert")
        let retry = RetryNotice(attempt: 3, maxAttempts: 3, delay: .zero, reason: .cancelled)
        #expect(text.retrying(retry, savedAt: nil, now: now).text == "Neuer Versuch, 3 von 3")
    }

    @Test func danishAndAFallbackToEnglish() {
        #expect(NetworkNoticeText(locale: Locale(identifier: "da_DK")).saved(at: twoHoursAgo, now: now).text == "Gemt for 2 timer siden")
        #expect(NetworkNoticeText(locale: Locale(identifier: "ja_JP")).language == .english)
    }

    @Test("the banner is static text VoiceOver reads as the line; a retry updates frequently and says its separator as a pause")
    func accessibilityInEnglish() throws {
        let text = NetworkNoticeText(locale: Locale(identifier: "en_US"))
        let offline = text.failed(offline: true, savedAt: twoHoursAgo, now: now).accessibility
        #expect(offline == AccessibilityElement(label: "Offline: saved 2 hours ago", traits: .staticText, identifier: "network-notice"))
        #expect(text.failed(offline: false, savedAt: twoHoursAgo, now: now).accessibility.label == "Not updated: saved 2 hours ago")
        #expect(text.saved(at: twoHoursAgo, now: now).accessibility.traits == .staticText)
        let retry = RetryNotice(
            attempt: 2, maxAttempts: 3, delay: .seconds(1), reason: .timedOut(url: try #require(URL(string: "https://a.example"))))
        let retrying = text.retrying(retry, savedAt: twoHoursAgo, now: now).accessibility
        #expect(retrying.label == "Saved 2 hours ago. Retrying, 2 of 3")
        #expect(retrying.traits == [.staticText, .updatesFrequently])
        #expect(text.retrying(retry, savedAt: nil, now: now).accessibility.label == "Retrying, 2 of 3")
    }

    @Test("de_DE: the banner's words are German")
    func accessibilityInGerman() {
        let text = NetworkNoticeText(locale: Locale(identifier: "de_DE"))
        #expect(text.failed(offline: true, savedAt: twoHoursAgo, now: now).accessibility.label == "Offline: vor 2 Stunden gespeichert")
        #expect(
            text.failed(offline: false, savedAt: twoHoursAgo, now: now).accessibility.label
                == "Nicht aktualisiert: vor 2 Stunden gespeichert")
        let retry = RetryNotice(attempt: 3, maxAttempts: 3, delay: .zero, reason: .cancelled)
        let retrying = text.retrying(retry, savedAt: twoHoursAgo, now: now)
        #expect(retrying.text == "Vor 2 Stunden gespeichert · Neuer Versuch, 3 von 3")
        #expect(retrying.accessibility.label == "Vor 2 Stunden gespeichert. Neuer Versuch, 3 von 3")
    }

    @Test("a failure is announced with the saved copy's line when it first appears, not again while it stays")
    func failureAnnouncement() {
        let english = NetworkNoticeText(locale: Locale(identifier: "en_US"))
        let offline = english.failed(offline: true, savedAt: twoHoursAgo, now: now)
        let failure = "Couldn't load the schedule. connection failed (-1004)"
        #expect(
            NetworkNotice.failureAnnouncement(failure, notice: offline, before: nil)
                == "Couldn't load the schedule. connection failed (-1004). Offline: saved 2 hours ago.")
        #expect(
            NetworkNotice.failureAnnouncement(failure, notice: offline, before: .saved)
                == "Couldn't load the schedule. connection failed (-1004). Offline: saved 2 hours ago.")
        #expect(NetworkNotice.failureAnnouncement(failure, notice: offline, before: .offline) == failure)
        #expect(NetworkNotice.failureAnnouncement(failure, notice: nil, before: nil) == failure, "nothing saved: only the failure")
        let saved = english.saved(at: twoHoursAgo, now: now)
        #expect(NetworkNotice.failureAnnouncement(failure, notice: saved, before: nil) == failure, "a cancelled load keeps only its age")
        let german = NetworkNoticeText(locale: Locale(identifier: "de_DE")).failed(offline: false, savedAt: twoHoursAgo, now: now)
        #expect(
            NetworkNotice.failureAnnouncement("Die Fakten konnten nicht aktualisiert werden. HTTP 503.", notice: german, before: .offline)
                == "Die Fakten konnten nicht aktualisiert werden. HTTP 503. Nicht aktualisiert: vor 2 Stunden gespeichert.")
    }

    @Test("after a load ends badly: a cancellation restores only a saved copy's line; a failure says offline or not updated")
    func afterFailure() throws {
        let text = NetworkNoticeText(locale: Locale(identifier: "en_US"))
        let url = try #require(URL(string: "https://a.example/feed.json"))
        let saved = text.saved(at: twoHoursAgo, now: now.addingTimeInterval(-60))
        let retry = RetryNotice(attempt: 2, maxAttempts: 3, delay: .seconds(1), reason: .timedOut(url: url))
        let retrying = text.retrying(retry, savedAt: nil, now: now)
        let cancelledOverSaved = text.afterFailure(.cancelled, savedAt: twoHoursAgo, current: saved, now: now)
        #expect(cancelledOverSaved?.kind == .saved)
        #expect(cancelledOverSaved?.text == "Saved 2 hours ago")
        #expect(text.afterFailure(.cancelled, savedAt: twoHoursAgo, current: retrying, now: now) == nil)
        #expect(text.afterFailure(.cancelled, savedAt: twoHoursAgo, current: nil, now: now) == nil)
        let offline = text.afterFailure(.timedOut(url: url), savedAt: twoHoursAgo, current: saved, now: now)
        #expect(offline?.text == "Offline: saved 2 hours ago")
        let refused = text.afterFailure(.httpStatus(code: 500, url: url, bodyExcerpt: ""), savedAt: twoHoursAgo, current: nil, now: now)
        #expect(refused?.kind == .notUpdated)
    }

    @Test("a date after now (a clock set back) reads as just now")
    func futureIsJustNow() {
        #expect(
            NetworkNoticeText(locale: Locale(identifier: "en_GB")).saved(at: now.addingTimeInterval(600), now: now).text == "Saved just now"
        )
    }
}
