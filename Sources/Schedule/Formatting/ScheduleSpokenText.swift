import Foundation
import ScreenKit
import SharedNetworking

/// The words VoiceOver speaks on the schedule screen, in English or German (``/ScreenKit/SpokenLanguage``
/// from the injected locale; other languages get English).
///
/// The screen shows the feed's own English strings (`PACKERS`, `Week 1`, `FINAL`) as sent; a
/// spoken label is written for ears instead: names in their usual case (an all-capitals name is
/// read letter by letter), the date and kick-off time in full, who won and by how much.
public struct ScheduleSpokenText: Sendable, Hashable {
    /// The language the words are in.
    public let language: SpokenLanguage
    /// Puts an all-capitals name in its usual case, by the locale's rules.
    private let casing: Locale

    /// The words for `locale`'s language (English when it has none of ours).
    public init(locale: Locale) {
        language = SpokenLanguage(locale: locale)
        casing = locale
    }

    /// The words in `language`.
    public init(language: SpokenLanguage) {
        self.language = language
        casing = Locale(identifier: language.rawValue)
    }

    /// The screen's title: `Schedule`.
    public var screenTitle: String {
        switch language {
        case .german: "Spielplan"
        default: "Schedule"
        }
    }

    /// The navigation bar's heading: `Schedule, Green Bay Packers`.
    public func navigationTitle(teamName: String) -> String {
        teamName.isEmpty ? screenTitle : "\(screenTitle), \(teamName)"
    }

    /// The list of games, as a container.
    public var games: String {
        switch language {
        case .german: "Spiele"
        default: "Games"
        }
    }

    /// The pull-to-refresh action's name.
    public var refresh: String {
        switch language {
        case .german: "Aktualisieren"
        default: "Refresh"
        }
    }

    /// What an empty schedule says.
    public var empty: String {
        switch language {
        case .german: "Keine Spiele geplant."
        default: "No games scheduled."
        }
    }

    /// A team's name as it is said: `PACKERS` → `Packers` (an all-capitals name is spelt out
    /// letter by letter by speech synthesis).
    public func teamName(_ name: String) -> String {
        name == name.uppercased() && name.contains(where: \.isLetter) ? name.capitalized(with: casing) : name
    }

    /// A section header: `REGULAR SEASON` → `Regular Season`.
    public func sectionTitle(_ heading: String) -> String {
        teamName(heading)
    }

    /// `Packers at Vikings`: away team first, as the row shows them.
    public func matchup(away: String, home: String) -> String {
        switch language {
        case .german: "\(away) zu Gast bei \(home)"
        default: "\(away) at \(home)"
        }
    }

    /// `week 1` for the feed's `Week 1`; any other label (`Divisional Playoffs`) as sent.
    public func week(_ text: String) -> String {
        let parts = text.split(separator: " ")
        guard parts.count == 2, parts[0].lowercased() == "week", let number = Int(parts[1]) else { return text }
        switch language {
        case .german: return "Woche \(self.number(number))"
        default: return "week \(self.number(number))"
        }
    }

    /// The status of a played game.
    public var final: String {
        switch language {
        case .german: "beendet"
        default: "final"
        }
    }

    /// `Packers won 43 to 34`.
    public func won(_ team: String, _ winner: Int, _ loser: Int) -> String {
        switch language {
        case .german: "\(team) gewinnen \(number(winner)) zu \(number(loser))"
        default: "\(team) won \(number(winner)) to \(number(loser))"
        }
    }

    /// `tied 20 to 20`.
    public func tied(_ score: Int) -> String {
        switch language {
        case .german: "unentschieden \(number(score)) zu \(number(score))"
        default: "tied \(number(score)) to \(number(score))"
        }
    }

    /// A played game whose score the feed does not give.
    public var scoreUnknown: String {
        switch language {
        case .german: "Ergebnis unbekannt"
        default: "score not known"
        }
    }

    /// `kickoff at 1:00 PM Eastern Daylight Time`.
    public func kickoff(_ time: String) -> String {
        switch language {
        case .german: "Anstoß um \(time)"
        default: "kickoff at \(time)"
        }
    }

    /// A kick-off time the feed says is not known yet (`TBA`).
    public var kickoffToBeAnnounced: String {
        switch language {
        case .german: "Anstoßzeit wird noch bekanntgegeben"
        default: "kickoff time to be announced"
        }
    }

    /// A date the feed does not give (`TBD`).
    public var dateToBeDetermined: String {
        switch language {
        case .german: "Termin steht noch nicht fest"
        default: "date to be determined"
        }
    }

    /// `Packers: 13 wins, 3 losses` for the record `13-3` (`4-11-1` adds the ties); a record in
    /// another form is said as sent.
    public func record(team: String, _ record: String) -> String {
        let parts = record.split(separator: "-").compactMap { Int($0) }
        guard (2...3).contains(parts.count), parts.count == record.split(separator: "-").count else { return "\(team): \(record)" }
        var words = [count(parts[0], .win), count(parts[1], .loss)]
        if parts.count == 3 { words.append(count(parts[2], .tie)) }
        return "\(team): \(words.joined(separator: ", "))"
    }

    /// `week 5, bye week`.
    public func bye(week: String) -> String {
        switch language {
        case .german: "\(self.week(week)), spielfrei"
        default: "\(self.week(week)), bye week"
        }
    }

    /// A load failed with nothing on screen: `Couldn't load the schedule. …` (``loadFailedTitle``
    /// and the reason), what the schedule's loader announces.
    public func loadFailed(_ reason: String) -> String {
        "\(loadFailedTitle). \(reason)"
    }

    /// Announced when a refresh finished.
    public var updated: String {
        switch language {
        case .german: "Spielplan aktualisiert."
        default: "Schedule updated."
        }
    }

    private enum Result { case win, loss, tie }

    private func count(_ value: Int, _ result: Result) -> String {
        let one = value == 1
        let word: String =
            switch (language, result) {
            case (.german, .win): one ? "Sieg" : "Siege"
            case (.german, .loss): one ? "Niederlage" : "Niederlagen"
            case (.german, .tie): "Unentschieden"
            case (_, .win): one ? "win" : "wins"
            case (_, .loss): one ? "loss" : "losses"
            case (_, .tie): one ? "tie" : "ties"
            }
        return "\(number(value)) \(word)"
    }

    /// Scores and records as the screen writes them, in ASCII digits: speech reads them in
    /// every language, and formatting through the locale cost a third of a load's instructions.
    private func number(_ value: Int) -> String {
        String(value)
    }
}
