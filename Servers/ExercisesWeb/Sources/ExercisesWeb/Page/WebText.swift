import Foundation
import ScreenKit
import SharedNetworking

/// The live pages' own words (the index, the page that opens a session, the connection's
/// status, the Trivia lobby's lines), in the session's language: English, German or Danish, as
/// the modules' screens are. Every other line a page shows is its module's.
struct WebText: Sendable {
    /// The language the words are in.
    let language: SpokenLanguage

    /// The words for `locale`'s language (English when it is not one of ours).
    init(locale: Locale) {
        language = SpokenLanguage(locale: locale, available: Set(SpokenLanguage.allCases))
    }

    private func pick(_ english: String, _ german: String, _ danish: String) -> String {
        switch language {
        case .english: english
        case .german: german
        case .danish: danish
        }
    }

    /// The index's heading.
    var indexTitle: String { pick("MobileExercises, live", "MobileExercises, live", "MobileExercises, live") }

    /// The index's introduction.
    var indexIntroduction: String {
        pick(
            "Five mobile exercises, each driven by its real view-model on this server. Every tab is a session of its own.",
            "Fünf Mobil-Übungen, jede von ihrem echten View-Model auf diesem Server gesteuert. Jeder Tab ist eine eigene Sitzung.",
            "Fem mobilopgaver, hver styret af sin rigtige view-model på denne server. Hver fane er sin egen session.")
    }

    /// One line under an app's name on the index.
    func summary(_ exercise: WebExercise) -> String {
        switch exercise {
        case .schedule:
            pick(
                "An NFL team's season: sticky section headers, logos, pull to refresh.",
                "Die Saison eines NFL-Teams: haftende Abschnittsköpfe, Logos, Ziehen zum Aktualisieren.",
                "Et NFL-holds sæson: faste sektionsoverskrifter, logoer, træk for at opdatere.")
        case .carfit:
            pick(
                "A car-wash worker's visits: a month calendar, one or several days, distances.",
                "Die Besuche eines Autowäschers: ein Monatskalender, ein oder mehrere Tage, Entfernungen.",
                "En bilvaskers besøg: en månedskalender, én eller flere dage, afstande.")
        case .hoosets:
            pick(
                "Yahoo's Hoos: tap one, or scrub across the grid while a vertical drag scrolls.",
                "Yahoos Hoos: tippen Sie einen an, oder streichen Sie über das Raster, während vertikales Ziehen scrollt.",
                "Yahoos Hoos: tryk på én, eller stryg hen over gitteret, mens et lodret træk ruller.")
        case .facts:
            pick(
                "About Canada: self-sized rows, images only for the rows in view.",
                "Über Kanada: Zeilen in eigener Höhe, Bilder nur für die sichtbaren Zeilen.",
                "Om Canada: rækker i egen højde, billeder kun for de synlige rækker.")
        case .trivia:
            pick(
                "A live quiz: join the next competition, answer before the countdown ends.",
                "Ein Live-Quiz: Nehmen Sie am nächsten Wettbewerb teil, antworten Sie vor Ablauf des Countdowns.",
                "En livequiz: deltag i den næste konkurrence, svar før nedtællingen slutter.")
        }
    }

    /// The page that opens a session, while it does.
    func opening(_ exercise: WebExercise) -> String {
        pick("Opening \(exercise.title)…", "\(exercise.title) wird geöffnet…", "Åbner \(exercise.title)…")
    }

    /// Said when the page cannot run its script.
    var needsJavaScript: String {
        pick(
            "This app runs in the browser with JavaScript; turn it on to use it.",
            "Diese App läuft im Browser mit JavaScript; schalten Sie es ein, um sie zu nutzen.",
            "Denne app kører i browseren med JavaScript; slå det til for at bruge den.")
    }

    /// Said when no session could be opened (the network, the server).
    var openFailed: String {
        pick(
            "The app could not be opened. Check the connection and reload the page.",
            "Die App konnte nicht geöffnet werden. Prüfen Sie die Verbindung und laden Sie die Seite neu.",
            "Appen kunne ikke åbnes. Tjek forbindelsen, og genindlæs siden.")
    }

    /// The title of the answer when every session is in use.
    var busyTitle: String { pick("Too many sessions", "Zu viele Sitzungen", "For mange sessioner") }

    /// The answer when every session is in use.
    var busyMessage: String {
        pick(
            "Every session on this server is in use. Close a tab, or try again in a few minutes.",
            "Alle Sitzungen dieses Servers sind belegt. Schließen Sie einen Tab oder versuchen Sie es in ein paar Minuten erneut.",
            "Alle sessioner på denne server er i brug. Luk en fane, eller prøv igen om et par minutter.")
    }

    /// The answer when this browser (its address) holds its share of sessions already.
    func tooManySessions(_ held: Int) -> String {
        pick(
            "This browser has \(held) sessions open on this server, the most one may hold. Close a tab, or try again in a minute.",
            "Dieser Browser hat \(held) Sitzungen auf diesem Server offen, so viele wie einer haben darf. Schließen Sie einen Tab oder versuchen Sie es in einer Minute erneut.",
            "Denne browser har \(held) sessioner åbne på denne server, så mange som én må have. Luk en fane, eller prøv igen om et minut.")
    }

    /// The page's status line while its socket reconnects.
    var reconnecting: String {
        pick("Connection lost. Reconnecting…", "Verbindung unterbrochen. Neuer Versuch…", "Forbindelsen er afbrudt. Forbinder igen…")
    }

    /// Trivia, before a seat is found.
    var findingCompetition: String {
        pick("Finding the next competition…", "Der nächste Wettbewerb wird gesucht…", "Finder den næste konkurrence…")
    }

    /// Trivia, when no competition can be joined; `reason` says why.
    func noCompetition(_ reason: String) -> String {
        pick(
            "No competition can be joined: \(reason)", "Kein Wettbewerb kann betreten werden: \(reason)",
            "Ingen konkurrence kan tilgås: \(reason)")
    }

    /// Trivia's final screen: the button that takes a seat in the next competition.
    var nextGame: String { pick("Next game", "Nächstes Spiel", "Næste spil") }

    /// What the next-game button does, for VoiceOver.
    var nextGameHint: String {
        pick(
            "Takes a seat in the next competition.", "Nimmt einen Platz im nächsten Wettbewerb ein.",
            "Tager en plads i den næste konkurrence.")
    }
}
