import Foundation
import ScreenKit
import SharedNetworking

/// The words VoiceOver speaks on the trivia screens, in English or German (``/ScreenKit/SpokenLanguage`` from
/// the injected locale; other languages get English).
///
/// The screens show English words (``TriviaViewStateBuilder``); these are written for ears and
/// in the user's language: a choice says its letter, its text and what became of it (never left
/// to its colour), the countdown says seconds, a result says the outcome and what follows. The
/// questions, choices, competition title and names are the host's and are said as sent.
public struct TriviaSpokenText: Sendable, Hashable {
    /// The language the words are in.
    public let language: SpokenLanguage
    private let numbers: Locale

    /// The words for `locale`'s language (English when it has none of ours); numbers in `locale`.
    public init(locale: Locale) {
        language = SpokenLanguage(locale: locale)
        numbers = locale
    }

    private var german: Bool { language == .german }

    /// `1,234` in the locale's digits.
    public func number(_ value: Int) -> String {
        value.formatted(.number.locale(numbers))
    }

    private func plural(_ count: Int, _ one: String, _ many: String) -> String {
        "\(number(count)) \(count == 1 ? one : many)"
    }

    // MARK: Header

    /// `question 3 of 12`.
    public func progress(_ index: Int, of total: Int) -> String {
        german ? "Frage \(number(index)) von \(number(total))" : "question \(number(index)) of \(number(total))"
    }

    /// The user's role: `player`, `viewer`, or `at risk` while a wild-card offer is open.
    public func role(_ role: TriviaRole, atRisk: Bool) -> String {
        if atRisk { return german ? "gefährdet" : "at risk" }
        switch role {
        case .player: return german ? "Spieler" : "player"
        case .viewer: return german ? "Zuschauer" : "viewer"
        }
    }

    /// `2 wild-cards`, `wild-cards loading`.
    public func wildcards(_ balance: BalanceStatus) -> String {
        switch balance {
        case .unknown, .loading: german ? "Joker werden geladen" : "wild-cards loading"
        case .retrying: german ? "Joker: neuer Versuch" : "wild-cards: retrying"
        case .known(let count): german ? plural(count, "Joker", "Joker") : plural(count, "wild-card", "wild-cards")
        case .unavailable: german ? "Joker nicht verfügbar" : "wild-cards unavailable"
        }
    }

    // MARK: Banner

    /// The connection line.
    public func connection(_ link: TriviaLink) -> String? {
        switch link {
        case .idle, .online, .closed(.finished), .closed(.stopped): return nil
        case .connecting(1): return german ? "Verbindung wird hergestellt." : "Connecting."
        case .connecting, .waitingToReconnect:
            return german ? "Verbindung verloren. Neuer Verbindungsversuch." : "Connection lost. Reconnecting."
        case .joining: return german ? "Du trittst dem Spiel bei." : "Joining the game."
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
    public var waiting: String { german ? "Warten auf die erste Frage." : "Waiting for the first question." }
    /// A result whose question text never arrived.
    public var questionClosed: String { german ? "Frage beendet." : "Question closed." }
    /// `Starts at 8:00 PM`.
    public func startsAt(_ time: String) -> String { german ? "Beginnt um \(time)" : "Starts at \(time)" }
    /// A result whose choice texts never arrived: `Choice B`.
    public func choiceName(_ letter: String) -> String { german ? "Antwort \(letter)" : "Choice \(letter)" }

    /// A choice: `Choice A, Paris`.
    public func choice(_ letter: String, _ text: String) -> String {
        "\(choiceName(letter)), \(text)"
    }

    /// What became of a choice, as its value: `your answer`, `correct answer`, `your answer,
    /// wrong`; `nil` for an untouched or dimmed one.
    public func choiceState(_ appearance: TriviaChoiceView.Appearance) -> String? {
        switch appearance {
        case .normal, .dimmed: nil
        case .selected: german ? "deine Antwort" : "your answer"
        case .correct: german ? "richtige Antwort" : "correct answer"
        case .incorrect: german ? "deine Antwort, falsch" : "your answer, wrong"
        }
    }

    /// `41 answers`.
    public func answerCount(_ count: Int) -> String {
        german ? plural(count, "Antwort", "Antworten") : plural(count, "answer", "answers")
    }

    /// What tapping a choice does.
    public var choiceHint: String { german ? "Sendet diese Antwort." : "Sends this answer." }

    /// The countdown's label while a question is open.
    public var timeLeft: String { german ? "Verbleibende Zeit" : "Time left" }
    /// The lobby countdown's label.
    public var startsIn: String { german ? "Beginnt in" : "Starts in" }
    /// The wild-card offer's countdown label.
    public var timeToDecide: String { german ? "Zeit zum Entscheiden" : "Time to decide" }

    /// `8 seconds`, `4 minutes 5 seconds`.
    public func duration(_ seconds: Int) -> String {
        let minutes = seconds / 60, rest = seconds % 60
        let secondsText = german ? plural(rest, "Sekunde", "Sekunden") : plural(rest, "second", "seconds")
        guard minutes > 0 else { return secondsText }
        let minutesText = german ? plural(minutes, "Minute", "Minuten") : plural(minutes, "minute", "minutes")
        return rest == 0 ? minutesText : "\(minutesText) \(secondsText)"
    }

    /// Announced as time runs out: `10 seconds left`.
    public func secondsLeft(_ seconds: Int) -> String {
        german ? "Noch \(duration(seconds))." : "\(duration(seconds)) left."
    }

    /// Announced when a question opens: `Question 3 of 12. What is…? 10 seconds.`
    public func questionOpened(progress: String?, prompt: String, time: String?) -> String {
        var parts: [String] = []
        if let progress { parts.append(capitalized(progress) + ".") }
        parts.append(prompt)
        if let time { parts.append(german ? "\(time) Zeit." : "\(time) to answer.") }
        return parts.joined(separator: " ")
    }

    /// The locked overlay.
    public func overlay(_ answer: AnswerState) -> String? {
        switch answer {
        case .none: return nil
        case .sending: return german ? "Deine Antwort wird gesendet." : "Sending your answer."
        case .confirmed: return german ? "Antwort angenommen. Warten auf das Ergebnis." : "Answer locked in. Waiting for the result."
        case .rejected(_, let reason):
            return german ? "Antwort nicht angenommen: \(rejection(reason))." : "Answer not accepted: \(rejection(reason))."
        case .notDelivered: return german ? "Deine Antwort kam nicht rechtzeitig an." : "Your answer was not delivered in time."
        }
    }

    /// Why an answer was refused.
    public func rejection(_ reason: AnswerRejection) -> String {
        switch reason {
        case .late: german ? "sie kam nach Ablauf der Zeit an" : "it arrived after the deadline"
        case .alreadyAnswered: german ? "du hast schon geantwortet" : "you already answered"
        case .notAPlayer: german ? "du schaust nur zu" : "you are watching"
        case .unknownQuestion: german ? "die Frage hatte sich geändert" : "the question had changed"
        case .invalidChoice: german ? "das ist keine der Antworten" : "that is not one of the choices"
        default: reason.rawValue
        }
    }

    /// The line under the choices for a viewer.
    public var watching: String {
        german ? "Du schaust zu: Antworten ist nicht möglich." : "You are watching: answering is disabled."
    }
    /// The line under the choices when time ran out without an answer.
    public var timesUp: String { german ? "Die Zeit ist abgelaufen." : "Time's up." }

    // MARK: Result

    /// The result banner: outcome, then what follows.
    public func result(_ outcome: TriviaResultBanner.Outcome, correctAnswer: String, remaining: Int) -> String {
        let left =
            german ? "\(plural(remaining, "Spieler", "Spieler")) übrig." : "\(plural(remaining, "player remains", "players remain"))."
        switch outcome {
        case .watching: return german ? "Die Antwort war \(correctAnswer). \(left)" : "The answer was \(correctAnswer). \(left)"
        case .correct: return german ? "Richtig! Du bist weiter dabei. \(left)" : "Correct! You're still in. \(left)"
        case .unanswered:
            return german
                ? "Zeit abgelaufen. Keine Antwort erfasst. Die Antwort war \(correctAnswer)."
                : "Time's up. No answer was recorded. The answer was \(correctAnswer)."
        case .incorrect:
            return german ? "Falsche Antwort. Die Antwort war \(correctAnswer)." : "Wrong answer. The answer was \(correctAnswer)."
        }
    }

    /// What became of the wild-card offer.
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

    /// Why no wild-card is offered after a wrong answer (the same order as the screen's rule).
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

    /// The offer: `Use a wild-card? You have 2 wild-cards. Using one keeps you in the game.`
    public func offer(balance: Int, isSending: Bool) -> String {
        if isSending { return german ? "Dein Joker wird eingesetzt." : "Using your wild-card." }
        let count = german ? plural(balance, "Joker", "Joker") : plural(balance, "wild-card", "wild-cards")
        return german
            ? "Joker einsetzen? Du hast \(count). Mit einem Joker bleibst du im Spiel; einer pro Wettbewerb."
            : "Use a wild-card? You have \(count). Using one keeps you in the game; you can use one per competition."
    }

    /// The accept button.
    public var useWildcard: String { german ? "Joker einsetzen" : "Use wild-card" }
    /// The decline button.
    public var declineWildcard: String { german ? "Stattdessen zuschauen" : "Watch instead" }
    /// What the decline button does.
    public var declineHint: String { german ? "Du spielst nicht weiter und schaust zu." : "You stop playing and watch." }

    // MARK: Final screen

    /// `You won!` or `Competition over`.
    public func headline(won: Bool) -> String {
        won ? (german ? "Du hast gewonnen!" : "You won!") : (german ? "Wettbewerb beendet" : "Competition over")
    }

    /// `You answered 5 of 5 correctly.`
    public func finalDetail(correct: Int, total: Int, won: Bool) -> String {
        let base =
            german
            ? "Du hast \(number(correct)) von \(number(total)) richtig beantwortet."
            : "You answered \(number(correct)) of \(number(total)) correctly."
        return won ? base : base + (german ? " Viel Glück beim nächsten Mal." : " Better luck next time.")
    }

    /// The statistics' names, by the screen's English label.
    public func statistic(_ label: String) -> String {
        guard german else { return label }
        switch label {
        case "Players": return "Spieler"
        case "Winners": return "Gewinner"
        case "Questions": return "Fragen"
        case "Wild-card": return "Joker"
        case "Wild-cards left": return "Verbleibende Joker"
        default: return label
        }
    }

    /// `used` or `not used`.
    public func wildcardUsed(_ used: Bool) -> String {
        used ? (german ? "eingesetzt" : "used") : (german ? "nicht eingesetzt" : "not used")
    }

    /// The winners' heading.
    public var winners: String { german ? "Gewinner" : "Winners" }
    /// Said instead of the list when nobody won.
    public var noWinners: String { german ? "Diesmal gibt es keine Gewinner." : "No winners this time." }

    /// A winner's row: `1, Alice, 5 correct, you`.
    public func winner(rank: Int, name: String, correct: Int, isYou: Bool) -> String {
        let you = isYou ? (german ? ", du" : ", you") : ""
        return "\(number(rank)), \(name), \(number(correct)) \(german ? "richtig" : "correct")\(you)"
    }

    /// `and 12 more`.
    public func moreWinners(_ count: Int) -> String {
        german ? "und \(number(count)) weitere" : "and \(number(count)) more"
    }

    private func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return String(first).uppercased(with: numbers) + text.dropFirst()
    }
}
