import Foundation
import ScreenKit
import SharedNetworking

/// Turns the client state into the screen at a given instant. Pure: the countdown is the only
/// thing that depends on `now`, so a view-model rebuilds on a timer while a question is open.
public struct TriviaViewStateBuilder: Sendable {
    /// The locale numbers and times are formatted for.
    public var locale: Locale
    /// The time zone times are shown in.
    public var timeZone: TimeZone
    /// Winners listed by name on the final screen before "and N more".
    public var winnerRows: Int
    /// VoiceOver's words, in the user's language (``TriviaSpokenText``).
    public var spoken: TriviaSpokenText
    /// The design's colours, or those of ``TriviaPalette/highContrast`` for Increase Contrast.
    public var contrast: ContrastPreference

    /// A builder for one user's `locale` and `timeZone`; VoiceOver's words in `language`'s
    /// language (`locale`'s when `nil`), colours for `contrast`.
    public init(
        locale: Locale, timeZone: TimeZone, winnerRows: Int = 10, language: Locale? = nil, contrast: ContrastPreference = .standard
    ) {
        self.locale = locale
        self.timeZone = timeZone
        self.winnerRows = max(1, winnerRows)
        self.spoken = TriviaSpokenText(locale: language ?? locale)
        self.contrast = contrast
    }

    /// The screen for `state` at `now` (the countdown's reference), with every element's
    /// accessibility and the colours for ``contrast``.
    public func screen(for state: TriviaClientState, at now: Date) -> TriviaViewState {
        let screen = accessible(drawnScreen(for: state, at: now), state: state, now: now)
        return contrast == .increased ? screen.recolored(with: .highContrast) : screen
    }

    /// What is drawn, in the design's colours, before accessibility is added.
    func drawnScreen(for state: TriviaClientState, at now: Date) -> TriviaViewState {
        let header = TriviaHeader(
            title: state.competition?.title ?? "Trivia", progress: progress(state),
            role: state.role.map { badge($0, wildcardPending: Self.wildcardPending(state)) }, wildcards: wildcards(state.balance))
        switch state.phase {
        case .finished(let finish):
            return TriviaViewState(
                kind: .final, header: TriviaHeader(title: header.title, progress: nil, role: header.role, wildcards: header.wildcards),
                question: nil, final: finalScreen(finish, user: state.configuration.user), banner: banner(state), style: TriviaTheme.style)
        case .waiting:
            return TriviaViewState(
                kind: .question, header: header, question: waitingScreen(state, now: now), final: nil, banner: banner(state),
                style: TriviaTheme.style)
        case .question(let round):
            return TriviaViewState(
                kind: .question, header: header, question: questionScreen(round, state: state, now: now), final: nil,
                banner: banner(state), style: TriviaTheme.style)
        case .result(let round):
            return TriviaViewState(
                kind: .question, header: header, question: resultScreen(round, state: state, now: now), final: nil,
                banner: banner(state), style: TriviaTheme.style)
        }
    }

    // MARK: Header and banner

    func progress(_ state: TriviaClientState) -> String? {
        let question: QuestionPayload?
        switch state.phase {
        case .question(let round): question = round.question
        case .result(let round): question = round.question
        default: question = nil
        }
        guard let question else { return nil }
        return "Question \(number(question.index + 1)) of \(number(question.total))"
    }

    /// The host counts a wrong answer as a viewer at once and an accepted wild-card restores the
    /// player; the exercise says the user *continues* as a viewer only when the wild-card is
    /// declined or refused. While the offer is open (or the use is being confirmed) the badge
    /// therefore says "At risk", not "Viewer".
    func badge(_ role: TriviaRole, wildcardPending: Bool) -> TriviaBadge {
        if wildcardPending {
            return TriviaBadge(text: "At risk", background: TriviaTheme.warning, foreground: TriviaTheme.ink)
        }
        switch role {
        case .player: return TriviaBadge(text: "Player", background: TriviaTheme.correct, foreground: .white)
        case .viewer: return TriviaBadge(text: "Viewer", background: TriviaTheme.viewer, foreground: .white)
        }
    }

    static func wildcardPending(_ state: TriviaClientState) -> Bool {
        guard case .result(let round) = state.phase else { return false }
        switch round.wildcard {
        case .offered, .sending: return true
        default: return false
        }
    }

    func wildcards(_ balance: BalanceStatus) -> String {
        switch balance {
        case .unknown, .loading: "Wild-cards: loading…"
        case .retrying: "Wild-cards: retrying…"
        case .known(let count): "Wild-cards: \(number(count))"
        case .unavailable: "Wild-cards unavailable"
        }
    }

    func banner(_ state: TriviaClientState) -> TriviaBanner? {
        let connection: String?
        switch state.link {
        case .idle, .online, .closed(.finished), .closed(.stopped): connection = nil
        case .connecting(1): connection = "Connecting…"
        case .connecting, .waitingToReconnect: connection = "Connection lost. Reconnecting…"
        case .joining: connection = "Joining the game…"
        case .closed(.replaced): connection = "You joined from another device. This screen no longer updates."
        case .closed(.refused(_, let message)): connection = "The game did not let this account in: \(message)"
        case .closed(.interrupted):
            connection = "The game server restarted and this competition could not continue. It has ended."
        }
        if let connection {
            return TriviaBanner(kind: .connection, text: connection, background: TriviaTheme.warning)
        }
        guard let notice = state.notice else { return nil }
        return TriviaBanner(kind: .notice, text: text(for: notice), background: TriviaTheme.viewer)
    }

    func text(for notice: TriviaNotice) -> String {
        switch notice {
        case .answerNotDelivered: "Your answer was not delivered before the deadline."
        case .wildcardNotConfirmed: "Your wild-card was not confirmed in time."
        case .balanceUnavailable(let reason): "Wild-cards could not be loaded (\(reason)); none will be offered."
        case .ignoredMalformedMessage: "A message from the game could not be read and was ignored."
        case .hostError(_, let message): "The game reported a problem: \(message)"
        }
    }

    // MARK: Question screen

    /// The lobby: the start time in the user's zone and, until it comes, a countdown to it
    /// (its ring empties over the last `lobbyRingSeconds`).
    func waitingScreen(_ state: TriviaClientState, now: Date) -> TriviaQuestionScreen {
        let startsAt = state.competition.map { $0.startsAt.addingTimeInterval(-state.clockOffset) }
        let remaining = startsAt.map { $0.timeIntervalSince(now) } ?? 0
        let countdown =
            remaining > 0
            ? TriviaCountdown(
                secondsRemaining: Int(remaining.rounded(.up)), fraction: min(1, remaining / Self.lobbyRingSeconds),
                color: TriviaTheme.selected) : nil
        return TriviaQuestionScreen(
            prompt: "Waiting for the first question…", detail: startsAt.map { "Starts at \(time($0))" }, choices: [],
            countdown: countdown, lockedOverlay: nil, result: nil, wildcardOffer: nil,
            footer: state.role == .viewer ? "You are watching: answering is disabled." : nil, isInteractive: false)
    }

    /// The lobby's countdown ring is full until this many seconds before the start.
    static let lobbyRingSeconds: TimeInterval = 60

    func questionScreen(_ round: QuestionRound, state: TriviaClientState, now: Date) -> TriviaQuestionScreen {
        let isOpen = now < round.localDeadline
        let canAnswer = state.role == .player && round.answer == .none && isOpen && !state.link.isClosed
        let choices = round.question.choices.enumerated().map { index, text in
            let appearance: TriviaChoiceView.Appearance =
                round.answer.choice == index ? .selected : (canAnswer ? .normal : .dimmed)
            return choiceView(index, text, appearance: appearance, selectable: canAnswer, detail: nil)
        }
        var footer: String?
        if state.role == .viewer {
            footer = "You are watching: answering is disabled."
        } else if round.answer == .none && !isOpen {
            footer = "Time's up."
        }
        return TriviaQuestionScreen(
            prompt: round.question.text, detail: nil, choices: choices,
            countdown: countdown(round, now: now), lockedOverlay: overlay(round.answer), result: nil, wildcardOffer: nil,
            footer: footer, isInteractive: canAnswer)
    }

    func countdown(_ round: QuestionRound, now: Date) -> TriviaCountdown {
        let total = max(round.question.deadline.timeIntervalSince(round.question.openedAt), 0.001)
        let remaining = max(0, round.localDeadline.timeIntervalSince(now))
        let seconds = Int(remaining.rounded(.up))
        return TriviaCountdown(
            secondsRemaining: seconds, fraction: min(1, remaining / total),
            color: seconds <= 3 ? TriviaTheme.incorrect : TriviaTheme.selected)
    }

    func overlay(_ answer: AnswerState) -> TriviaOverlay? {
        switch answer {
        case .none: nil
        case .sending: TriviaOverlay(message: "Sending your answer…", showsSpinner: true)
        case .confirmed: TriviaOverlay(message: "Answer locked in. Waiting for the result…", showsSpinner: false)
        case .rejected(_, let reason): TriviaOverlay(message: "Answer not accepted: \(describe(reason)).", showsSpinner: false)
        case .notDelivered: TriviaOverlay(message: "Your answer was not delivered in time.", showsSpinner: false)
        }
    }

    func describe(_ reason: AnswerRejection) -> String {
        switch reason {
        case .late: "it arrived after the deadline"
        case .notOpen: "the question had not opened yet"
        case .alreadyAnswered: "you already answered"
        case .notAPlayer: "you are watching"
        case .unknownQuestion: "the question had changed"
        case .invalidChoice: "that is not one of the choices"
        default: reason.rawValue
        }
    }

    // MARK: Result

    func resultScreen(_ round: ResultRound, state: TriviaClientState, now: Date) -> TriviaQuestionScreen {
        let result = round.result
        let texts = round.question?.choices ?? result.answerCounts.indices.map { "Choice \(letter($0))" }
        let choices = texts.enumerated().map { index, text in
            let appearance: TriviaChoiceView.Appearance =
                index == result.correctChoice ? .correct : (index == result.yourChoice ? .incorrect : .dimmed)
            let count = result.answerCounts.indices.contains(index) ? result.answerCounts[index] : nil
            return choiceView(
                index, text, appearance: appearance, selectable: false,
                detail: count.map { "\(number($0)) \($0 == 1 ? "answer" : "answers")" })
        }
        let correctText =
            texts.indices.contains(result.correctChoice) ? "“\(texts[result.correctChoice])”" : "choice \(letter(result.correctChoice))"
        let remaining = "\(number(result.playersRemaining)) \(result.playersRemaining == 1 ? "player remains" : "players remain")."
        let banner: TriviaResultBanner
        if !round.wasPlayer {
            banner = TriviaResultBanner(
                outcome: .watching, title: "The answer was \(correctText)", detail: remaining, color: TriviaTheme.viewer)
        } else if result.correct {
            banner = TriviaResultBanner(
                outcome: .correct, title: "Correct!", detail: "You're still in. \(remaining)", color: TriviaTheme.correct)
        } else if result.yourChoice == nil {
            banner = TriviaResultBanner(
                outcome: .unanswered, title: "Time's up", detail: "No answer was recorded. The answer was \(correctText).",
                color: TriviaTheme.incorrect)
        } else {
            banner = TriviaResultBanner(
                outcome: .incorrect, title: "Wrong answer", detail: "The answer was \(correctText).", color: TriviaTheme.incorrect)
        }
        var resultBanner = banner
        resultBanner.wildcardStatus = wildcardStatus(round.wildcard) ?? noOfferReason(state, round)
        let offer = wildcardOffer(round.wildcard, balance: state.knownBalance ?? 0, now: now)
        return TriviaQuestionScreen(
            prompt: round.question?.text ?? "Question closed", detail: nil, choices: choices, countdown: nil, lockedOverlay: nil,
            result: resultBanner, wildcardOffer: offer,
            footer: state.role == .viewer && offer == nil ? "You are watching: answering is disabled." : nil,
            isInteractive: offer.map { !$0.isSending } ?? false)
    }

    func wildcardOffer(_ wildcard: WildcardState, balance: Int, now: Date) -> TriviaWildcardOffer? {
        switch wildcard {
        case .offered(let deadline):
            return TriviaWildcardOffer(
                title: "Use a wild-card?",
                message:
                    "You have \(number(balance)) \(balance == 1 ? "wild-card" : "wild-cards"). Using one keeps you in the game; you can use one per competition.",
                secondsRemaining: Int(max(0, deadline.timeIntervalSince(now)).rounded(.up)),
                useTitle: "Use wild-card", declineTitle: "Watch instead", isSending: false)
        case .sending(_, _, let deadline):
            return TriviaWildcardOffer(
                title: "Use a wild-card?", message: "Using your wild-card…",
                secondsRemaining: Int(max(0, deadline.timeIntervalSince(now)).rounded(.up)),
                useTitle: "Use wild-card", declineTitle: "Watch instead", isSending: true)
        default:
            return nil
        }
    }

    /// Why a player who just lost is not offered a wild-card, in the order the rules are checked
    /// (TriviaGuide, "No offer is explained"): nothing is left unexplained on the screen.
    func noOfferReason(_ state: TriviaClientState, _ round: ResultRound) -> String? {
        guard case .notOffered = round.wildcard, round.wasPlayer, !round.result.correct else { return nil }
        if state.usedWildcard { return "No wild-card: you already used one in this competition. You are now watching." }
        if round.result.wildcardDeadline == nil { return "No wild-card after the last question: nothing is left to play." }
        switch state.knownBalance {
        case nil: return "No wild-card: your balance could not be loaded. You are now watching."
        case .some(let balance) where balance <= 0: return "No wild-card: you have none left. You are now watching."
        default: return "No wild-card: its window had closed when the result arrived. You are now watching."
        }
    }

    func wildcardStatus(_ wildcard: WildcardState) -> String? {
        switch wildcard {
        case .notOffered, .offered, .sending: nil
        case .accepted(let balance): "Wild-card used: you're back in! \(number(balance)) left."
        case .rejected(let reason): "The wild-card was not accepted (\(reason.rawValue)). You are now watching."
        case .declined: "You chose to watch. You are now a viewer."
        case .expired: "The wild-card offer ran out. You are now watching."
        case .notConfirmed: "The wild-card was not confirmed in time. You are now watching."
        }
    }

    // MARK: Final screen

    func finalScreen(_ finish: FinishPayload, user: UserID) -> TriviaFinalScreen {
        let you = finish.you
        let total = finish.summary.questionCount
        let headline = you.winner ? "You won!" : "Competition over"
        let detail =
            "You answered \(number(you.correctAnswers)) of \(number(total)) correctly."
            + (you.winner ? "" : " Better luck next time.")
        var stats = [
            TriviaStat(label: "Players", value: number(finish.summary.playerCount)),
            TriviaStat(label: "Winners", value: number(finish.summary.winnerCount)),
            TriviaStat(label: "Questions", value: number(total)),
            TriviaStat(label: "Wild-card", value: you.usedWildcard ? "Used" : "Not used"),
        ]
        if let balance = you.balance { stats.append(TriviaStat(label: "Wild-cards left", value: number(balance))) }
        let rows = finish.winners.prefix(winnerRows).enumerated().map { offset, winner in
            TriviaWinnerRow(
                rank: offset + 1, user: winner.user, name: winner.displayName,
                detail: "\(number(winner.correctAnswers)) correct", isYou: winner.user == user)
        }
        let hidden = max(0, finish.summary.winnerCount - rows.count)
        return TriviaFinalScreen(
            headline: headline, detail: detail, color: you.winner ? TriviaTheme.correct : TriviaTheme.viewer, stats: stats,
            winners: rows, moreWinners: hidden > 0 ? "and \(number(hidden)) more" : nil)
    }

    // MARK: Formatting

    func choiceView(_ index: Int, _ text: String, appearance: TriviaChoiceView.Appearance, selectable: Bool, detail: String?)
        -> TriviaChoiceView
    {
        let (background, foreground): (RGBColor, RGBColor) =
            switch appearance {
            case .normal: (TriviaTheme.choice, TriviaTheme.ink)
            case .selected: (TriviaTheme.selected, .white)
            case .correct: (TriviaTheme.correct, .white)
            case .incorrect: (TriviaTheme.incorrect, .white)
            case .dimmed: (TriviaTheme.disabledChoice, TriviaTheme.mutedInk)
            }
        return TriviaChoiceView(
            index: index, label: letter(index), text: text, appearance: appearance, isSelectable: selectable,
            background: background, foreground: foreground, detail: detail)
    }

    func letter(_ index: Int) -> String {
        guard (0..<26).contains(index), let scalar = Unicode.Scalar(65 + index) else { return "\(index + 1)" }
        return String(Character(scalar))
    }

    func number(_ value: Int) -> String {
        value.formatted(.number.locale(locale))
    }

    func time(_ date: Date) -> String {
        var style = Date.FormatStyle(date: .omitted, time: .shortened, locale: locale, timeZone: timeZone)
        style.calendar = Calendar(identifier: .gregorian)
        return date.formatted(style)
    }
}
