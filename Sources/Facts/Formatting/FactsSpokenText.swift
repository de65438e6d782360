import Foundation
import ScreenKit
import SharedNetworking

/// The words VoiceOver speaks on the facts screen, in English or German (``/ScreenKit/SpokenLanguage`` from
/// the injected locale; other languages get English). The feed's titles and descriptions are
/// said as sent.
public struct FactsSpokenText: Sendable, Hashable {
    /// The language the words are in.
    public let language: SpokenLanguage

    /// The words for `locale`'s language (English when it has none of ours).
    public init(locale: Locale) {
        language = SpokenLanguage(locale: locale)
    }

    /// The words in `language`.
    public init(language: SpokenLanguage) {
        self.language = language
    }

    /// The refresh button.
    public var refresh: String {
        switch language {
        case .german: "Aktualisieren"
        default: "Refresh"
        }
    }

    /// What the refresh button does.
    public var refreshHint: String {
        switch language {
        case .german: "Lädt die Fakten neu."
        default: "Loads the facts again."
        }
    }

    /// The refresh button's value while a refresh runs.
    public var refreshing: String {
        switch language {
        case .german: "Wird aktualisiert"
        default: "Refreshing"
        }
    }

    /// The list of facts, as a container: `13 facts`, as written.
    public func factCount(_ count: Int) -> String {
        FactsWrittenText(language: language).factCount(count)
    }

    /// A row without a title or description (never shown: such rows are dropped).
    public var untitled: String {
        switch language {
        case .german: "Fakt ohne Titel"
        default: "Untitled fact"
        }
    }

    /// A row's value while its picture loads.
    public var pictureLoading: String {
        switch language {
        case .german: "Bild wird geladen"
        default: "picture loading"
        }
    }

    /// A row's value when its picture could not be loaded.
    public var pictureFailed: String {
        switch language {
        case .german: "Bild konnte nicht geladen werden"
        default: "picture could not be loaded"
        }
    }

    /// A row's value when it has a picture (the picture adds nothing the words do not say, so
    /// it is not an element of its own).
    public var withPicture: String {
        switch language {
        case .german: "mit Bild"
        default: "with picture"
        }
    }

    /// What a loaded feed without rows says, as written.
    public var empty: String {
        FactsWrittenText(language: language).empty
    }

    /// `2 empty rows hidden`, as written.
    public func droppedRows(_ count: Int) -> String {
        FactsWrittenText(language: language).droppedRows(count)
    }

    /// The first load failed: `Couldn't load the facts. …` (``loadFailedTitle`` and the reason).
    public func loadFailed(_ reason: String) -> String {
        "\(loadFailedTitle). \(reason)"
    }

    /// A refresh failed over the rows on screen: ``refreshFailedTitle`` and the reason.
    public func refreshFailed(_ reason: String) -> String {
        "\(refreshFailedTitle). \(reason)"
    }

    /// Announced when a refresh finished: `Facts updated: 13 facts.`
    public func updated(_ count: Int) -> String {
        switch language {
        case .german: "Fakten aktualisiert: \(factCount(count))."
        default: "Facts updated: \(factCount(count))."
        }
    }
}
