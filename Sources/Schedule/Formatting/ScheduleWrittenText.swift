import Foundation
import ScreenKit
import SharedNetworking

/// The words the schedule screen itself writes, in English or German (``/ScreenKit/SpokenLanguage``
/// from the screen's language, the user's messages locale; other languages get English). What
/// VoiceOver says is ``ScheduleSpokenText``.
///
/// Everything else on the screen is the feed's own text, shown as sent: `REGULAR SEASON`,
/// `Week 1`, `FINAL` (the game's state), the team names. Every renderer (the terminal, the HTML
/// preview, an app's view) takes its words from here, by the view state's
/// ``ScheduleViewState/language``, so that a screen is in one language everywhere.
public struct ScheduleWrittenText: Sendable, Hashable {
    /// The language the words are in.
    public let language: SpokenLanguage

    /// The words in `language` (a view state's, or `SpokenLanguage(locale:)` of the user's
    /// messages locale).
    public init(language: SpokenLanguage) {
        self.language = language
    }

    /// The English words, for the decoder's diagnostics (`shown as TBD`), which are English
    /// like every message to a developer.
    public static let english = ScheduleWrittenText(language: .english)

    private var german: Bool { language == .german }

    /// The navigation bar's title, as in the exercise's screenshot: `SCHEDULE`.
    public var title: String { german ? "SPIELPLAN" : "SCHEDULE" }
    /// The screen's name, for a page or a caption: `Schedule`.
    public var screenName: String { german ? "Spielplan" : "Schedule" }
    /// Between the two teams of a game, in every language.
    public static let versus = "@"
    /// A bye row's label.
    public var bye: String { german ? "SPIELFREI" : "BYE" }
    /// A date or opponent the feed does not give.
    public var toBeDetermined: String { german ? "OFFEN" : "TBD" }
    /// A kick-off time the feed says is still to be announced (`IsTBA`).
    public var toBeAnnounced: String { german ? "FOLGT" : "TBA" }
    /// The status of a final game whose `GameState` is missing.
    public var final: String { german ? "BEENDET" : "FINAL" }
    /// A score or record that is missing or not a number, in every language.
    public static let unknownValue = "–"
    /// What an empty schedule says instead of rows.
    public var empty: String { german ? "Keine Spiele geplant." : "No games scheduled." }

    /// The bar's colours as a line of text: `bar #203731, title #FFB612`, with `(neutral)` for
    /// a team the table does not know.
    public func barColours(background: String, title: String, isKnownTeam: Bool) -> String {
        let colours = german ? "Leiste \(background), Titel \(title)" : "bar \(background), title \(title)"
        return colours + (isKnownTeam ? "" : german ? " (neutrale Farben)" : " (neutral)")
    }

    /// A game as one short line: `Week 1: PACKERS @ VIKINGS`.
    public func game(week: String, away: String, home: String) -> String {
        "\(week): \(away) \(Self.versus) \(home)"
    }

    /// A bye week as one short line: `Week 5 (bye)`.
    public func byeWeek(_ week: String) -> String {
        german ? "\(week) (spielfrei)" : "\(week) (bye)"
    }

    /// Where the list opens: `▸ opens at Week 1: PACKERS @ VIKINGS`.
    public func opensAt(_ row: String) -> String {
        german ? "▸ öffnet bei \(row)" : "▸ opens at \(row)"
    }

    /// A preview's caption: `Green Bay Packers: 2 sections, 17 games; headers stay pinned while scrolling.`
    public func caption(team: String, sections: Int, games: Int) -> String {
        let name = team.isEmpty ? screenName : team
        return german
            ? "\(name): \(count(sections, "Abschnitt", "Abschnitte")), \(count(games, "Spiel", "Spiele")); die Überschriften bleiben beim Blättern stehen."
            : "\(name): \(count(sections, "section", "sections")), \(count(games, "game", "games")); headers stay pinned while scrolling."
    }

    // MARK: Logos (`exercises schedule --logos`)

    /// `LOGOS  14 shown · 1 placeholder`.
    public func logosShown(_ shown: Int, placeholders: Int) -> String {
        german
            ? "LOGOS  \(shown) angezeigt · \(count(placeholders, "Platzhalter", "Platzhalter"))"
            : "LOGOS  \(shown) shown · \(count(placeholders, "placeholder", "placeholders"))"
    }

    /// `fetched: 14 from the network, 0 from the disk cache`, and how many of those the server
    /// confirmed unchanged.
    public func logosFetched(network: Int, disk: Int, revalidated: Int) -> String {
        guard german else {
            return "fetched: \(network) from the network, \(disk) from the disk cache"
                + (revalidated > 0 ? " (\(revalidated) confirmed unchanged by the server: HTTP 304)" : "")
        }
        return "geladen: \(network) aus dem Netz, \(disk) aus dem Festplatten-Cache"
            + (revalidated > 0 ? " (\(revalidated) vom Server als unverändert bestätigt: HTTP 304)" : "")
    }

    /// A logo whose pixel size could not be read.
    public var sizeUnknown: String { german ? "Größe unbekannt" : "size unknown" }
    /// A logo shown as its placeholder, with no reason known.
    public var placeholder: String { german ? "Platzhalter" : "placeholder" }

    private func count(_ value: Int, _ one: String, _ many: String) -> String {
        "\(value) \(value == 1 ? one : many)"
    }
}
