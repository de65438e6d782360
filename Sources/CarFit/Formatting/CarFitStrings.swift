import Foundation

/// The screen's own words in English, Danish and German, chosen from the injected locale.
///
/// CarFit is a Danish company and the feed's task titles are Danish, so a Danish worker should
/// not see an English badge. Other languages fall back to English. The data itself (names,
/// task titles) is shown as sent.
public struct CarFitStrings: Sendable, Hashable {
    /// The languages the screen's own words exist in, by ISO 639-1 code.
    public enum Language: String, Sendable, Hashable, Codable {
        /// English, and the fallback for every other language.
        case english = "en"
        /// Danish, the app's home market.
        case danish = "da"
        /// German.
        case german = "de"
    }

    /// The language the words below are in.
    public let language: Language

    /// The strings for `locale`'s language, or English when it is not one of ours.
    public init(locale: Locale) {
        language = Language(rawValue: locale.language.languageCode?.identifier ?? "en") ?? .english
    }

    /// The strings in `language`.
    public init(language: Language) {
        self.language = language
    }

    /// The badge text of a state (an unknown state shows the server's own text).
    public func label(for state: VisitState) -> String {
        switch (state, language) {
        case (.todo, .english): "Todo"
        case (.todo, .danish): "Planlagt"
        case (.todo, .german): "Offen"
        case (.inProgress, .english): "In progress"
        case (.inProgress, .danish): "I gang"
        case (.inProgress, .german): "In Arbeit"
        case (.done, .english): "Done"
        case (.done, .danish): "Udført"
        case (.done, .german): "Erledigt"
        case (.rejected, .english): "Rejected"
        case (.rejected, .danish): "Afvist"
        case (.rejected, .german): "Abgelehnt"
        case (.unknown(let text), _): text.isEmpty ? unknownState : text
        }
    }

    var unknownState: String {
        switch language {
        case .english: "Unknown"
        case .danish: "Ukendt"
        case .german: "Unbekannt"
        }
    }

    /// Shown instead of a name when the feed has neither a first nor a last name.
    public var unnamedClient: String {
        switch language {
        case .english: "Unnamed client"
        case .danish: "Kunde uden navn"
        case .german: "Kunde ohne Namen"
        }
    }

    /// The calendar's button that jumps back to today's month.
    public var today: String {
        switch language {
        case .english: "Today"
        case .danish: "I dag"
        case .german: "Heute"
        }
    }

    /// The title shown when no day is selected.
    public var noDaySelectedTitle: String {
        switch language {
        case .english: "No day selected"
        case .danish: "Ingen dag valgt"
        case .german: "Kein Tag ausgewählt"
        }
    }

    /// The message shown when no day is selected: how to pick one.
    public var noDaySelectedMessage: String {
        switch language {
        case .english: "Open the calendar and tap the days you want to see."
        case .danish: "Åbn kalenderen, og tryk på de dage, du vil se."
        case .german: "Öffne den Kalender und tippe auf die Tage, die du sehen möchtest."
        }
    }

    /// A selected day's line when it has no visits.
    public var noVisitsOnDay: String {
        switch language {
        case .english: "No visits on this day."
        case .danish: "Ingen besøg denne dag."
        case .german: "Keine Besuche an diesem Tag."
        }
    }

    /// The empty screen's title while the first load runs.
    public var loading: String {
        switch language {
        case .english: "Loading visits…"
        case .danish: "Henter besøg …"
        case .german: "Besuche werden geladen …"
        }
    }

    /// The title of a first load that failed (nothing to show).
    public var loadFailedTitle: String {
        switch language {
        case .english: "Couldn't load the visits"
        case .danish: "Besøgene kunne ikke hentes"
        case .german: "Die Besuche konnten nicht geladen werden"
        }
    }

    /// The banner's title when a refresh failed and the previous visits stay on screen.
    public var refreshFailedTitle: String {
        switch language {
        case .english: "Couldn't update the visits"
        case .danish: "Besøgene kunne ikke opdateres"
        case .german: "Die Besuche konnten nicht aktualisiert werden"
        }
    }

    /// `3 days selected`.
    public func daysSelected(_ count: Int) -> String {
        switch language {
        case .english: "\(count) days selected"
        case .danish: "\(count) dage valgt"
        case .german: "\(count) Tage ausgewählt"
        }
    }

    /// `1 visit`, `3 visits`.
    public func visitCount(_ count: Int) -> String {
        switch language {
        case .english: count == 1 ? "1 visit" : "\(count) visits"
        case .danish: "\(count) besøg"
        case .german: count == 1 ? "1 Besuch" : "\(count) Besuche"
        }
    }

    /// `Updated 08:00`.
    public func updated(at time: String) -> String {
        switch language {
        case .english: "Updated \(time)"
        case .danish: "Opdateret \(time)"
        case .german: "Aktualisiert \(time)"
        }
    }

    /// `55 min`.
    public func minutes(_ text: String) -> String {
        "\(text) min"
    }

    /// The spoken form of a card's distance line.
    public func distanceFromPrevious(_ distance: String) -> String {
        switch language {
        case .english: "\(distance) from the previous visit"
        case .danish: "\(distance) fra forrige besøg"
        case .german: "\(distance) vom vorherigen Besuch"
        }
    }
}
