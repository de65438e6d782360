import Foundation
import ScreenKit
import SharedNetworking

/// The words VoiceOver speaks on the Hoo sets screen, in English or German (``/ScreenKit/SpokenLanguage``
/// from the injected locale; other languages get English). The sets' titles, the Hoos' titles
/// and the poem are the data's own and are said as written.
public struct HooSetsSpokenText: Sendable, Hashable, Codable {
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

    /// The screen's title.
    public var screenTitle: String {
        switch language {
        case .german: "Hoo-Sets"
        default: "Hoo Sets"
        }
    }

    /// The grid, as a container.
    public var grid: String {
        switch language {
        case .german: "Hoos"
        default: "Hoos"
        }
    }

    /// `14 Hoos`, `1 Hoo`, as written.
    public func hooCount(_ count: Int) -> String {
        HooSetsWrittenText(language: language).hooCount(count)
    }

    /// A set's header: `Red Set, 14 Hoos`.
    public func setHeading(_ title: String, count: Int) -> String {
        "\(title), \(hooCount(count))"
    }

    /// A cell: `Rubies, Red Set, 1 of 14`.
    public func hoo(_ title: String, set: String, position: Int, of count: Int) -> String {
        "\(title), \(set), \(self.position(position, of: count))"
    }

    /// `1 of 14`: where a Hoo is in its set.
    public func position(_ position: Int, of count: Int) -> String {
        switch language {
        case .german: "\(number(position)) von \(number(count))"
        default: "\(number(position)) of \(number(count))"
        }
    }

    /// What tapping a Hoo does.
    public var hooHint: String {
        switch language {
        case .german: "Zeigt Titel und Gedichtzeile des Hoos."
        default: "Shows the Hoo's title and line of the poem."
        }
    }

    /// What tapping the selected Hoo does.
    public var selectedHooHint: String {
        switch language {
        case .german: "Schließt die Anzeige des Hoos."
        default: "Closes the Hoo's title and poem."
        }
    }

    /// The named action that selects and opens the next Hoo (scrubbing's alternative).
    public var nextHoo: String {
        switch language {
        case .german: "Nächstes Hoo"
        default: "Next Hoo"
        }
    }

    /// The named action that selects and opens the previous Hoo.
    public var previousHoo: String {
        switch language {
        case .german: "Vorheriges Hoo"
        default: "Previous Hoo"
        }
    }

    /// The named action that closes the selected Hoo.
    public var close: String {
        switch language {
        case .german: "Schließen"
        default: "Close"
        }
    }

    /// The selected Hoo, said when it is opened and on its panel: `Rubies, Red Set. Roses
    /// are red,` (the poem line when it has one).
    public func opened(_ title: String, set: String, poemLine: String) -> String {
        poemLine.isEmpty ? "\(title), \(set)" : "\(title), \(set). \(poemLine)"
    }

    /// Shown and said while the first load runs and there are no sets yet to show.
    public var loading: String {
        switch language {
        case .german: "Die Hoo-Sets werden geladen…"
        default: "Loading the Hoo sets…"
        }
    }

    /// Announced when loading the sets failed: ``loadFailedTitle`` and the reason.
    public func loadFailed(_ reason: String) -> String {
        "\(loadFailedTitle). \(reason)"
    }

    /// As the count under a header writes it, in ASCII digits: the grid is rebuilt on every
    /// touch sample while scrolling, and formatting through a locale for 108 cells each time
    /// would cost more than laying the grid out.
    private func number(_ value: Int) -> String {
        String(value)
    }
}
