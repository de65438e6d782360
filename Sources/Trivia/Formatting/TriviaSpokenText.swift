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

    /// The screens' words in the same language: where the spoken words are the written ones.
    private var written: TriviaWrittenText { TriviaWrittenText(language: language, numbers: numbers) }

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

    /// The connection line: the written one, said as a sentence (`Connecting.` for
    /// `Connecting…`).
    public func connection(_ link: TriviaLink) -> String? {
        written.connection(link).map { $0.hasSuffix("…") ? String($0.dropLast()) + "." : $0 }
    }

    /// A notice line, as written.
    public func notice(_ notice: TriviaNotice) -> String {
        written.notice(notice)
    }

    // MARK: Question screen

    /// The lobby's prompt.
    public var waiting: String { german ? "Warten auf die erste Frage." : "Waiting for the first question." }
    /// A result whose question text never arrived.
    public var questionClosed: String { german ? "Frage beendet." : "Question closed." }
    /// `Starts at 8:00 PM`.
    public func startsAt(_ time: String) -> String { german ? "Beginnt um \(time)" : "Starts at \(time)" }
    /// A result whose choice texts never arrived: `Choice B`, as written.
    public func choiceName(_ letter: String) -> String { written.choiceName(letter) }

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

    /// `41 answers`, as written.
    public func answerCount(_ count: Int) -> String {
        written.answerCount(count)
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

    /// Why an answer was refused, as written.
    public func rejection(_ reason: AnswerRejection) -> String {
        written.rejection(reason)
    }

    /// The line under the choices for a viewer, as written.
    public var watching: String { written.watching }
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

    /// What became of the wild-card offer, as written.
    public func wildcardStatus(_ wildcard: WildcardState) -> String? {
        written.wildcardStatus(wildcard)
    }

    /// Why no wild-card is offered after a wrong answer, as written.
    public func noOffer(usedWildcard: Bool, lastQuestion: Bool, balance: Int?) -> String {
        written.noOffer(usedWildcard: usedWildcard, lastQuestion: lastQuestion, balance: balance)
    }

    /// The offer: `Use a wild-card? You have 2 wild-cards. Using one keeps you in the game.`
    public func offer(balance: Int, isSending: Bool) -> String {
        if isSending { return german ? "Dein Joker wird eingesetzt." : "Using your wild-card." }
        let count = german ? plural(balance, "Joker", "Joker") : plural(balance, "wild-card", "wild-cards")
        return german
            ? "Joker einsetzen? Du hast \(count). Mit einem Joker bleibst du im Spiel; einer pro Wettbewerb."
            : "Use a wild-card? You have \(count). Using one keeps you in the game; you can use one per competition."
    }

    /// The accept button, as written.
    public var useWildcard: String { written.useWildcard }
    /// The decline button, as written.
    public var declineWildcard: String { written.declineWildcard }
    /// What the decline button does.
    public var declineHint: String { german ? "Du spielst nicht weiter und schaust zu." : "You stop playing and watch." }

    // MARK: Final screen

    /// `You won!` or `Competition over`, as written.
    public func headline(won: Bool) -> String {
        written.headline(won: won)
    }

    /// `You answered 5 of 5 correctly.`, as written.
    public func finalDetail(correct: Int, total: Int, won: Bool) -> String {
        written.finalDetail(correct: correct, total: total, won: won)
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

    /// The winners' heading, as written.
    public var winners: String { written.winners }
    /// Said instead of the list when nobody won, as written.
    public var noWinners: String { written.noWinners }

    /// A winner's row: `1, Alice, 5 correct, you`.
    public func winner(rank: Int, name: String, correct: Int, isYou: Bool) -> String {
        let you = isYou ? (german ? ", du" : ", you") : ""
        return "\(number(rank)), \(name), \(number(correct)) \(german ? "richtig" : "correct")\(you)"
    }

    /// `and 12 more`, as written.
    public func moreWinners(_ count: Int) -> String {
        written.moreWinners(count)
    }

    private func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return String(first).uppercased(with: numbers) + text.dropFirst()
    }
}
