import Foundation
import ScreenKit
import SharedNetworking

/// The words the trivia screens write, in English or German (``/ScreenKit/SpokenLanguage``
/// from the user's messages locale; other languages get English), numbers in the formats locale.
/// What VoiceOver says is ``TriviaSpokenText``, written for ears; the questions, choices,
/// competition title and names are the host's and are shown as sent.
///
/// ``TriviaViewStateBuilder`` draws the screens with these words; a renderer that adds words of
/// its own (the terminal's countdown, a preview's caption) takes them from here by the view
/// state's ``TriviaViewState/language``, so a screen is in one language everywhere.
public struct TriviaWrittenText: Sendable, Hashable {
    /// The language the words are in.
    public let language: SpokenLanguage
    private let numbers: Locale

    /// The words for `locale`'s language (English when it has none of ours); numbers in
    /// `numbers` (the formats locale; `locale` when `nil`).
    public init(locale: Locale, numbers: Locale? = nil) {
        language = SpokenLanguage(locale: locale)
        self.numbers = numbers ?? locale
    }

    /// The words in `language`, numbers in `numbers`.
    public init(language: SpokenLanguage, numbers: Locale) {
        self.language = language
        self.numbers = numbers
    }

    private var german: Bool { language == .german }

    /// `1,234` in the formats locale's digits.
    public func number(_ value: Int) -> String {
        value.formatted(.number.locale(numbers))
    }

    private func plural(_ count: Int, _ one: String, _ many: String) -> String {
        "\(number(count)) \(count == 1 ? one : many)"
    }

    // MARK: Header

    /// The title before the host has named the competition: the app's name.
    public var appName: String { "Trivia" }

    /// `Question 3 of 12`.
    public func progress(_ index: Int, of total: Int) -> String {
        german ? "Frage \(number(index)) von \(number(total))" : "Question \(number(index)) of \(number(total))"
    }

    /// The role badge while a wild-card offer is open.
    public var atRisk: String { german ? "Gefährdet" : "At risk" }
    /// The role badge of a player.
    public var player: String { german ? "Spieler" : "Player" }
    /// The role badge of a viewer.
    public var viewer: String { german ? "Zuschauer" : "Viewer" }

    /// `Wild-cards: 2`, `Wild-cards: loading…`.
    public func wildcards(_ balance: BalanceStatus) -> String {
        switch balance {
        case .unknown, .loading: german ? "Joker: werden geladen…" : "Wild-cards: loading…"
        case .retrying: german ? "Joker: neuer Versuch…" : "Wild-cards: retrying…"
        case .known(let count): german ? "Joker: \(number(count))" : "Wild-cards: \(number(count))"
        case .unavailable: german ? "Joker nicht verfügbar" : "Wild-cards unavailable"
        }
    }

    // MARK: Banner

    /// The connection line; `nil` when there is nothing to say.
    public func connection(_ link: TriviaLink) -> String? {
        switch link {
        case .idle, .online, .closed(.finished), .closed(.stopped): return nil
        case .connecting(1): return german ? "Verbindung wird hergestellt…" : "Connecting…"
        case .connecting, .waitingToReconnect:
            return german ? "Verbindung verloren. Neuer Verbindungsversuch…" : "Connection lost. Reconnecting…"
        case .joining: return german ? "Du trittst dem Spiel bei…" : "Joining the game…"
        case .closed(.replaced):
            return german
                ? "Du bist auf einem anderen Gerät beigetreten. Dieser Bildschirm wird nicht mehr aktualisiert."
                : "You joined from another device. This screen no longer updates."
        case .closed(.refused(_, let message)):
            return german ? "Das Spiel hat dieses Konto nicht zugelassen: \(message)" : "The game did not let this account in: \(message)"
        case .closed(.interrupted):
            return german
                ? "Der Spielserver wurde neu gestartet, dieser Wettbewerb konnte nicht weitergehen und ist beendet."
                : "The game server restarted and this competition could not continue. It has ended."
        }
    }

    /// A notice line.
    public func notice(_ notice: TriviaNotice) -> String {
        switch notice {
        case .answerNotDelivered:
            german ? "Deine Antwort kam nicht vor Ablauf der Zeit an." : "Your answer was not delivered before the deadline."
        case .wildcardNotConfirmed:
            german ? "Dein Joker wurde nicht rechtzeitig bestätigt." : "Your wild-card was not confirmed in time."
        case .balanceUnavailable(let reason):
            german
                ? "Joker konnten nicht geladen werden (\(reason)); es wird keiner angeboten."
                : "Wild-cards could not be loaded (\(reason)); none will be offered."
        case .ignoredMalformedMessage:
            german
                ? "Eine Nachricht des Spiels war unlesbar und wurde ignoriert."
                : "A message from the game could not be read and was ignored."
        case .hostError(_, let message): german ? "Das Spiel meldet ein Problem: \(message)" : "The game reported a problem: \(message)"
        }
    }

    // MARK: Question screen

    /// The lobby's prompt.
    public var waiting: String { german ? "Warten auf die erste Frage…" : "Waiting for the first question…" }
    /// `Starts at 8:00 PM` (`time` already formatted).
    public func startsAt(_ time: String) -> String { german ? "Beginnt um \(time)" : "Starts at \(time)" }
    /// The line under the choices for a viewer.
    public var watching: String { german ? "Du schaust zu: Antworten ist nicht möglich." : "You are watching: answering is disabled." }
    /// The line under the choices when time ran out without an answer.
    public var timesUp: String { german ? "Die Zeit ist abgelaufen." : "Time's up." }
    /// A result whose question text never arrived.
    public var questionClosed: String { german ? "Frage beendet" : "Question closed" }

    /// The locked overlay over the choices; `nil` before an answer.
    public func overlay(_ answer: AnswerState) -> String? {
        switch answer {
        case .none: nil
        case .sending: german ? "Deine Antwort wird gesendet…" : "Sending your answer…"
        case .confirmed: german ? "Antwort angenommen. Warten auf das Ergebnis…" : "Answer locked in. Waiting for the result…"
        case .rejected(_, let reason):
            german ? "Antwort nicht angenommen: \(rejection(reason))." : "Answer not accepted: \(rejection(reason))."
        case .notDelivered: german ? "Deine Antwort kam nicht rechtzeitig an." : "Your answer was not delivered in time."
        }
    }

    /// Why an answer was refused.
    public func rejection(_ reason: AnswerRejection) -> String {
        switch reason {
        case .late: german ? "sie kam nach Ablauf der Zeit an" : "it arrived after the deadline"
        case .notOpen: german ? "die Frage war noch nicht offen" : "the question had not opened yet"
        case .alreadyAnswered: german ? "du hast schon geantwortet" : "you already answered"
        case .notAPlayer: german ? "du schaust nur zu" : "you are watching"
        case .unknownQuestion: german ? "die Frage hatte sich geändert" : "the question had changed"
        case .invalidChoice: german ? "das ist keine der Antworten" : "that is not one of the choices"
        default: reason.rawValue
        }
    }

    /// `⏱ 8 s left` while a question is open; `⏱ starts in 8 s` in the lobby (`time` already
    /// formatted by ``duration(_:)``).
    public func countdown(_ time: String, lobby: Bool) -> String {
        switch (lobby, german) {
        case (true, true): "⏱ beginnt in \(time)"
        case (true, false): "⏱ starts in \(time)"
        case (false, true): "⏱ noch \(time)"
        case (false, false): "⏱ \(time) left"
        }
    }

    /// `42 s` under a minute, `4:05` from a minute up.
    public func duration(_ seconds: Int) -> String {
        guard seconds >= 60 else { return "\(number(seconds)) s" }
        let rest = seconds % 60
        return "\(seconds / 60):\(rest < 10 ? "0" : "")\(rest)"
    }

    // MARK: Result

    /// A choice whose text never arrived: `Choice B`.
    public func choiceName(_ letter: String) -> String { german ? "Antwort \(letter)" : "Choice \(letter)" }
    /// The correct choice named in a sentence when its text never arrived: `choice B`.
    public func choiceInSentence(_ letter: String) -> String { german ? "Antwort \(letter)" : "choice \(letter)" }
    /// `41 answers`.
    public func answerCount(_ count: Int) -> String {
        german ? plural(count, "Antwort", "Antworten") : plural(count, "answer", "answers")
    }
    /// `5 players remain.`
    public func playersRemaining(_ count: Int) -> String {
        german ? "\(plural(count, "Spieler", "Spieler")) übrig." : "\(plural(count, "player remains", "players remain"))."
    }
    /// `The answer was “Gold”` (`correct` already quoted).
    public func answerWas(_ correct: String) -> String { german ? "Die Antwort war \(correct)" : "The answer was \(correct)" }
    /// A right answer's title.
    public var correct: String { german ? "Richtig!" : "Correct!" }
    /// `You're still in. 5 players remain.`
    public func stillIn(_ remaining: String) -> String { german ? "Du bist weiter dabei. \(remaining)" : "You're still in. \(remaining)" }
    /// The title when no answer was given.
    public var timeUp: String { german ? "Zeit abgelaufen" : "Time's up" }
    /// `No answer was recorded. The answer was “Gold”.`
    public func noAnswer(_ correct: String) -> String {
        german ? "Keine Antwort erfasst. Die Antwort war \(correct)." : "No answer was recorded. The answer was \(correct)."
    }
    /// A wrong answer's title.
    public var wrongAnswer: String { german ? "Falsche Antwort" : "Wrong answer" }

    /// What became of the wild-card offer; `nil` while it is open or was never made.
    public func wildcardStatus(_ wildcard: WildcardState) -> String? {
        switch wildcard {
        case .notOffered, .offered, .sending: nil
        case .accepted(let balance):
            german
                ? "Joker eingesetzt: du bist wieder dabei! Noch \(number(balance))."
                : "Wild-card used: you're back in! \(number(balance)) left."
        case .rejected(let reason):
            german
                ? "Der Joker wurde nicht angenommen (\(reason.rawValue)). Du schaust jetzt zu."
                : "The wild-card was not accepted (\(reason.rawValue)). You are now watching."
        case .declined: german ? "Du hast dich fürs Zuschauen entschieden." : "You chose to watch. You are now a viewer."
        case .expired:
            german ? "Das Joker-Angebot ist abgelaufen. Du schaust jetzt zu." : "The wild-card offer ran out. You are now watching."
        case .notConfirmed:
            german
                ? "Der Joker wurde nicht rechtzeitig bestätigt. Du schaust jetzt zu."
                : "The wild-card was not confirmed in time. You are now watching."
        }
    }

    /// Why no wild-card is offered after a wrong answer, in the order the rules are checked
    /// (TriviaGuide, "No offer is explained"): nothing is left unexplained on the screen.
    public func noOffer(usedWildcard: Bool, lastQuestion: Bool, balance: Int?) -> String {
        if usedWildcard {
            return german
                ? "Kein Joker: du hast in diesem Wettbewerb schon einen eingesetzt. Du schaust jetzt zu."
                : "No wild-card: you already used one in this competition. You are now watching."
        }
        if lastQuestion {
            return german
                ? "Kein Joker nach der letzten Frage: es gibt nichts mehr zu spielen."
                : "No wild-card after the last question: nothing is left to play."
        }
        switch balance {
        case nil:
            return german
                ? "Kein Joker: dein Guthaben konnte nicht geladen werden. Du schaust jetzt zu."
                : "No wild-card: your balance could not be loaded. You are now watching."
        case .some(let count) where count <= 0:
            return german
                ? "Kein Joker: du hast keinen mehr. Du schaust jetzt zu." : "No wild-card: you have none left. You are now watching."
        default:
            return german
                ? "Kein Joker: das Angebot war schon abgelaufen. Du schaust jetzt zu."
                : "No wild-card: its window had closed when the result arrived. You are now watching."
        }
    }

    /// The offer's question.
    public var offerTitle: String { german ? "Joker einsetzen?" : "Use a wild-card?" }
    /// `You have 2 wild-cards. Using one keeps you in the game; you can use one per competition.`
    public func offerMessage(balance: Int) -> String {
        german
            ? "Du hast \(plural(balance, "Joker", "Joker")). Mit einem Joker bleibst du im Spiel; einer pro Wettbewerb."
            : "You have \(plural(balance, "wild-card", "wild-cards")). Using one keeps you in the game; you can use one per competition."
    }
    /// The offer while the use is being confirmed.
    public var usingWildcard: String { german ? "Dein Joker wird eingesetzt…" : "Using your wild-card…" }
    /// The accept button.
    public var useWildcard: String { german ? "Joker einsetzen" : "Use wild-card" }
    /// The decline button.
    public var declineWildcard: String { german ? "Stattdessen zuschauen" : "Watch instead" }
    /// Shown in place of the buttons while the use is being confirmed.
    public var sending: String { german ? "(wird gesendet…)" : "(sending…)" }

    // MARK: Final screen

    /// `You won!` or `Competition over`.
    public func headline(won: Bool) -> String {
        won ? (german ? "Du hast gewonnen!" : "You won!") : (german ? "Wettbewerb beendet" : "Competition over")
    }
    /// `You answered 5 of 12 correctly.`, and a word of comfort when not a winner.
    public func finalDetail(correct: Int, total: Int, won: Bool) -> String {
        let base =
            german
            ? "Du hast \(number(correct)) von \(number(total)) richtig beantwortet."
            : "You answered \(number(correct)) of \(number(total)) correctly."
        return won ? base : base + (german ? " Viel Glück beim nächsten Mal." : " Better luck next time.")
    }
    /// The number of players.
    public var players: String { german ? "Spieler" : "Players" }
    /// The number of winners; the list's heading.
    public var winners: String { german ? "Gewinner" : "Winners" }
    /// The number of questions.
    public var questions: String { german ? "Fragen" : "Questions" }
    /// Whether the user's wild-card was used.
    public var wildcard: String { german ? "Joker" : "Wild-card" }
    /// The wild-cards the user has left.
    public var wildcardsLeft: String { german ? "Verbleibende Joker" : "Wild-cards left" }
    /// `Used` or `Not used`.
    public func used(_ used: Bool) -> String {
        used ? (german ? "Eingesetzt" : "Used") : (german ? "Nicht eingesetzt" : "Not used")
    }
    /// A winner's score: `5 correct`.
    public func correctAnswers(_ count: Int) -> String { german ? "\(number(count)) richtig" : "\(number(count)) correct" }
    /// `and 12 more`.
    public func moreWinners(_ count: Int) -> String { german ? "und \(number(count)) weitere" : "and \(number(count)) more" }
    /// Written instead of the list when nobody won.
    public var noWinners: String { german ? "Diesmal gibt es keine Gewinner." : "No winners this time." }
    /// Marks the user's own row among the winners.
    public var you: String { german ? "(du)" : "(you)" }

    /// The user's own name in a game played on this device alone (`exercises trivia`).
    public var yourName: String { german ? "Du" : "You" }

    // MARK: A run of screens (`exercises trivia`)

    /// The moments of a game a preview shows one screen of.
    public enum Moment: Sendable, Hashable, CaseIterable {
        /// A question open for answers.
        case question
        /// The result of a question.
        case result
        /// A wrong answer and the wild-card offer.
        case wildcardOffer
        /// The final screen.
        case final
    }

    /// A preview page's title: `Trivia: question`.
    public func title(of moment: Moment) -> String {
        let name: String =
            switch (moment, german) {
            case (.question, false): "question"
            case (.question, true): "Frage"
            case (.result, false): "result"
            case (.result, true): "Ergebnis"
            case (.wildcardOffer, false): "wild-card offer"
            case (.wildcardOffer, true): "Joker-Angebot"
            case (.final, false): "final screen"
            case (.final, true): "Schlussbildschirm"
            }
        return "\(appName): \(name)"
    }

    /// A preview page's caption: `A question open for answers, with its countdown: Question 1
    /// of 12, seed 1.` (`where` is the screen's progress or title).
    public func caption(of moment: Moment, at place: String, seed: UInt64) -> String {
        let what: String =
            switch (moment, german) {
            case (.question, false): "A question open for answers, with its countdown:"
            case (.question, true): "Eine offene Frage mit ihrem Countdown:"
            case (.result, false): "The result of a question:"
            case (.result, true): "Das Ergebnis einer Frage:"
            case (.wildcardOffer, false): "A wrong answer and the wild-card offer:"
            case (.wildcardOffer, true): "Eine falsche Antwort und das Joker-Angebot:"
            case (.final, false): "The final screen:"
            case (.final, true): "Der Schlussbildschirm:"
            }
        return german ? "\(what) \(place), Startwert \(seed)." : "\(what) \(place), seed \(seed)."
    }

    /// `12 questions · 6 players · 84 messages on your connection · seed 1`.
    public func runSummary(questions: Int, players: Int, messages: Int, seed: UInt64) -> String {
        german
            ? "\(plural(questions, "Frage", "Fragen")) · \(plural(players, "Spieler", "Spieler")) · "
                + "\(plural(messages, "Nachricht", "Nachrichten")) über deine Verbindung · Startwert \(seed)"
            : "\(plural(questions, "question", "questions")) · \(plural(players, "player", "players")) · "
                + "\(plural(messages, "message", "messages")) on your connection · seed \(seed)"
    }
}
