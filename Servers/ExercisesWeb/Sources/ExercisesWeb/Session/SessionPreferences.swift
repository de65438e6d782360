import Foundation
import ScreenKit
import SharedNetworking

/// What a browser says about the person using it, so that a session's screens are in their
/// language and their time zone, as a phone's apps are (Docs/Web.md, "The person's language and
/// time zone").
///
/// The languages come from the request's `Accept-Language` first, then `navigator.languages`
/// (sent by the page that creates the session); the time zone from
/// `Intl.DateTimeFormat().resolvedOptions().timeZone`. Everything is validated: a tag that is not
/// a language, or a zone the system does not know, is ignored, and what is missing falls back to
/// the server's own flags (`--locale`, `--time-zone`).
struct SessionPreferences: Sendable, Equatable {
    /// Language tags in the order the browser prefers them (`de-DE`, `en-US`).
    var languages: [String]
    /// An IANA time zone identifier (`America/New_York`), if the browser gave one.
    var timeZone: String?

    /// No preference: the server's flags decide.
    static let none = SessionPreferences(languages: [], timeZone: nil)

    /// Tags kept at most (a real browser sends a handful).
    static let maxLanguages = 10

    /// Preferences from a request's `Accept-Language` and the page's own report: the header's
    /// tags (by quality, then order) first, then the page's, without repeats.
    init(acceptLanguage: String?, pageLanguages: [String] = [], timeZone: String?) {
        var seen = Set<String>()
        let tags = (acceptLanguage.map(Self.acceptLanguageTags) ?? []) + pageLanguages
        languages = tags.filter(Self.isLanguageTag).filter { seen.insert($0.lowercased()).inserted }.prefix(Self.maxLanguages).map { $0 }
        self.timeZone = timeZone.flatMap { Self.isTimeZoneName($0) ? $0 : nil }
    }

    init(languages: [String], timeZone: String?) {
        self.languages = languages
        self.timeZone = timeZone
    }

    /// The tags of an `Accept-Language` header, best first (`de-DE,de;q=0.9,en;q=0.5`); `*` and
    /// tags with a quality of 0 are left out.
    static func acceptLanguageTags(_ header: String) -> [String] {
        let ranked = header.split(separator: ",").prefix(32).enumerated().compactMap { index, item -> (String, Double, Int)? in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, !tag.isEmpty, tag != "*" else { return nil }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            return quality > 0 ? (tag, quality, index) : nil
        }
        return ranked.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }.map(\.0)
    }

    /// A BCP 47 tag of the shape browsers send: a 2 or 3 letter language, then subtags of
    /// letters and digits (`de`, `de-DE`, `zh-Hant-TW`), at most 35 characters.
    static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard tag.count <= 35, let language = parts.first, (2...3).contains(language.count),
            language.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count)
                && part.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        }
    }

    /// An identifier the system's time zone database knows (`Europe/Berlin`), in the characters
    /// such names use.
    static func isTimeZoneName(_ name: String) -> Bool {
        guard (1...64).contains(name.count),
            name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || "0123456789/_+-".unicodeScalars.contains($0)) })
        else { return false }
        return TimeZone(identifier: name) != nil
    }

    /// The locale of the words, when a tag asks for a valid one (a page's own `lang`).
    var environmentLocale: Locale? {
        languages.isEmpty ? nil : wordsLocale
    }

    /// The locale of the screens' words: the first tag in a language the package has words for,
    /// else English.
    private var wordsLocale: Locale {
        let shipped = Set(SpokenLanguage.allCases.map(\.rawValue))
        return locales.first { shipped.contains($0.language.languageCode?.identifier ?? "") } ?? Locale(identifier: "en")
    }

    private var locales: [Locale] { languages.map { Locale(identifier: $0.replacingOccurrences(of: "-", with: "_")) } }

    /// The environment of a session: `base` with the locale, words, time zone and calendar the
    /// browser asked for, where it asked for something valid.
    ///
    /// The screens' words are in the first language the package has words for (English,
    /// German, Danish; `SpokenLanguage`), as an app shows the first of the person's languages it
    /// is localised in; dates and numbers follow that same tag (`de-DE`: German words, German
    /// formats). When no tag is in one of those languages, the first valid tag formats dates and
    /// the words are English.
    func environment(over base: AppEnvironment) -> AppEnvironment {
        var environment = base
        let shipped = Set(SpokenLanguage.allCases.map(\.rawValue))
        if let chosen = locales.first(where: { shipped.contains($0.language.languageCode?.identifier ?? "") }) {
            environment.locale = chosen
            environment.messagesLocale = chosen
        } else if let first = locales.first {
            environment.locale = first
            environment.messagesLocale = wordsLocale
        }
        if let name = timeZone, let zone = TimeZone(identifier: name) {
            environment.timeZone = zone
        }
        environment.calendar = AppEnvironment.calendar(locale: environment.locale, timeZone: environment.timeZone)
        return environment
    }
}
