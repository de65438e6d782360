import Foundation

/// The language a screen's spoken words are in, chosen from the user's locale among those a
/// module has words for; English for every other one.
///
/// A module's accessibility words (`ScheduleSpokenText`, `FactsSpokenText`…) are written out in
/// each of its languages and picked by this, like CarFit's `CarFitStrings`: no string catalog is
/// needed to build and test them on Linux, and the tests read every language.
public enum SpokenLanguage: String, Sendable, Hashable, Codable, CaseIterable {
    /// English, and the fallback.
    case english = "en"
    /// German.
    case german = "de"
    /// Danish.
    case danish = "da"

    /// The language of `locale` if it is one of `available`, else English.
    public init(locale: Locale, available: Set<SpokenLanguage> = [.english, .german]) {
        let code = locale.language.languageCode?.identifier ?? "en"
        self = SpokenLanguage(rawValue: code).flatMap { available.contains($0) ? $0 : nil } ?? .english
    }
}
