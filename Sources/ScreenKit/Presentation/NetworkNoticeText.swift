import Foundation
import SharedNetworking

/// The words of ``NetworkNotice`` in the screen's language: English, German and Danish (the
/// languages the exercises' screens have words in), English for any other.
///
/// The age is relative to the injected clock's now and formatted for the locale by Foundation
/// (`2 hours ago`, `vor 2 Stunden`, `for 2 timer siden`; under a minute: `just now`), so a test
/// with a ``/SharedNetworking/ManualClock`` and a fixed locale reads exact text.
public struct NetworkNoticeText: Sendable {
    /// The locale the age is formatted for.
    public let locale: Locale
    /// The language of the words around it: the languages the screens' spoken words are in.
    public let language: SpokenLanguage

    /// The words for `locale`'s language (English when it is not one of ours).
    public init(locale: Locale) {
        self.locale = locale
        language = SpokenLanguage(locale: locale, available: Set(SpokenLanguage.allCases))
    }

    /// `Saved 2 hours ago`: a saved copy on screen while the network is asked.
    public func saved(at savedAt: Date, now: Date) -> NetworkNotice {
        NetworkNotice(kind: .saved, text: savedPhrase(age(of: savedAt, now: now), capitalized: true), savedAt: savedAt)
    }

    /// After a failed load with a saved copy on screen: `Offline: saved 2 hours ago` when the
    /// network was unreachable (``/SharedNetworking/NetworkError/isConnectivityFailure``), else `Not updated: saved
    /// 2 hours ago`.
    public func failed(offline: Bool, savedAt: Date, now: Date) -> NetworkNotice {
        let saved = savedPhrase(age(of: savedAt, now: now), capitalized: false)
        let prefix: String
        switch (offline, language) {
        case (true, _): prefix = "Offline"
        case (false, .english): prefix = "Not updated"
        case (false, .german): prefix = "Nicht aktualisiert"
        case (false, .danish): prefix = "Ikke opdateret"
        }
        return NetworkNotice(kind: offline ? .offline : .notUpdated, text: "\(prefix): \(saved)", savedAt: savedAt)
    }

    /// What marks content saved at `savedAt` after its load ended with `error`: after a
    /// cancellation nothing failed, so a saved copy's line comes back (its age now) when `current`
    /// was about one, and nothing otherwise; after a failure, ``failed(offline:savedAt:now:)``
    /// (`Offline` for a ``/SharedNetworking/NetworkError/isConnectivityFailure``).
    public func afterFailure(_ error: NetworkError, savedAt: Date, current: NetworkNotice?, now: Date) -> NetworkNotice? {
        if error == .cancelled {
            return current?.savedAt == nil ? nil : saved(at: savedAt, now: now)
        }
        return failed(offline: error.isConnectivityFailure, savedAt: savedAt, now: now)
    }

    /// `Retrying, 2 of 3`, after `Saved 2 hours ago · ` when a saved copy is on screen.
    public func retrying(_ notice: RetryNotice, savedAt: Date?, now: Date) -> NetworkNotice {
        let retry: String
        switch language {
        case .english: retry = "Retrying, \(notice.attempt) of \(notice.maxAttempts)"
        case .german: retry = "Neuer Versuch, \(notice.attempt) von \(notice.maxAttempts)"
        case .danish: retry = "Prøver igen, \(notice.attempt) af \(notice.maxAttempts)"
        }
        let saved = savedAt.map { savedPhrase(age(of: $0, now: now), capitalized: true) }
        return NetworkNotice(
            kind: .retrying, text: saved.map { $0 + " · " + retry } ?? retry, savedAt: savedAt, attempt: notice.attempt,
            maxAttempts: notice.maxAttempts,
            accessibility: NetworkNotice.element(kind: .retrying, label: saved.map { $0 + ". " + retry } ?? retry))
    }

    private func savedPhrase(_ age: String, capitalized: Bool) -> String {
        let word: String
        switch language {
        case .english: word = "saved"
        case .german: word = "gespeichert"
        case .danish: word = "gemt"
        }
        // German puts the participle last: `vor 2 Stunden gespeichert`, `gerade eben gespeichert`.
        let phrase = language == .german ? "\(age) \(word)" : "\(word) \(age)"
        return capitalized ? phrase.prefix(1).uppercased() + phrase.dropFirst() : phrase
    }

    /// `2 hours ago` in the locale; `just now` under a minute (and for a time after `now`,
    /// which a clock set back can produce).
    func age(of date: Date, now: Date) -> String {
        guard now.timeIntervalSince(date) >= 60 else {
            switch language {
            case .english: return "just now"
            case .german: return "gerade eben"
            case .danish: return "lige nu"
            }
        }
        var style = Date.AnchoredRelativeFormatStyle(anchor: date, presentation: .named, unitsStyle: .wide)
        style.locale = locale
        return style.format(now)
    }
}
