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
    /// The screens' words, in the same language, numbers in ``locale`` (``TriviaWrittenText``).
    public var written: TriviaWrittenText
    /// The design's colours, or those of ``TriviaPalette/highContrast`` for Increase Contrast.
    public var contrast: ContrastPreference

    /// A builder for one user's `locale` and `timeZone`; the screens' and VoiceOver's words in
    /// `language`'s language (`locale`'s when `nil`), colours for `contrast`.
    public init(
        locale: Locale, timeZone: TimeZone, winnerRows: Int = 10, language: Locale? = nil, contrast: ContrastPreference = .standard
    ) {
        self.locale = locale
        self.timeZone = timeZone
        self.winnerRows = max(1, winnerRows)
        self.spoken = TriviaSpokenText(locale: language ?? locale)
        self.written = TriviaWrittenText(locale: language ?? locale, numbers: locale)
        self.contrast = contrast
    }

    /// The screen for `state` at `now` (the countdown's reference), with every element's
    /// accessibility and the colours for ``contrast``.
    public func screen(for state: TriviaClientState, at now: Date) -> TriviaViewState {
        var screen = accessible(drawnScreen(for: state, at: now), state: state, now: now)
        screen.language = written.language
        return contrast == .increased ? screen.recolored(with: .highContrast) : screen
    }

    /// What is drawn, in the design's colours, before accessibility is added.
    func drawnScreen(for state: TriviaClientState, at now: Date) -> TriviaViewState {
        let header = TriviaHeader(
            title: state.competition?.title ?? written.appName, progress: progress(state),
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
        return written.progress(question.index + 1, of: question.total)
    }

    /// The host counts a wrong answer as a viewer at once and an accepted wild-card restores the
    /// player; the exercise says the user *continues* as a viewer only when the wild-card is
    /// declined or refused. While the offer is open (or the use is being confirmed) the badge
    /// therefore says "At risk", not "Viewer".
    func badge(_ role: TriviaRole, wildcardPending: Bool) -> TriviaBadge {
        if wildcardPending {
            return TriviaBadge(text: written.atRisk, background: TriviaTheme.warning, foreground: TriviaTheme.ink)
        }
        switch role {
        case .player: return TriviaBadge(text: written.player, background: TriviaTheme.correct, foreground: .white)
        case .viewer: return TriviaBadge(text: written.viewer, background: TriviaTheme.viewer, foreground: .white)
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
        written.wildcards(balance)
    }

    func banner(_ state: TriviaClientState) -> TriviaBanner? {
        if let connection = written.connection(state.link) {
            return TriviaBanner(kind: .connection, text: connection, background: TriviaTheme.warning)
        }
        guard let notice = state.notice else { return nil }
        return TriviaBanner(kind: .notice, text: text(for: notice), background: TriviaTheme.viewer)
    }

    func text(for notice: TriviaNotice) -> String {
        written.notice(notice)
    }

    // MARK: Question screen

    /// The lobby: the start time in the user's zone and, until it comes, a countdown to it
    /// (its ring empties over the last `lobbyRingSeconds`).
    func waitingScreen(_ state: TriviaClientState, now: Date) -> TriviaQuestionScreen {
        let startsAt = state.competition.map { $0.startsAt.addingTimeInterval(-state.clockOffset) }
        let remaining = startsAt.map { $0.timeIntervalSince(now) } ?? 0
        let seconds = Int(remaining.rounded(.up))
        let countdown =
            remaining > 0
            ? TriviaCountdown(
                secondsRemaining: seconds, fraction: min(1, Double(seconds) / Self.lobbyRingSeconds), color: TriviaTheme.selected)
            : nil
        return TriviaQuestionScreen(
            prompt: written.waiting, detail: startsAt.map { written.startsAt(time($0)) }, choices: [],
            countdown: countdown, lockedOverlay: nil, result: nil, wildcardOffer: nil,
            footer: state.role == .viewer ? written.watching : nil, isInteractive: false)
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
            footer = written.watching
        } else if round.answer == .none && !isOpen {
            footer = written.timesUp
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
            secondsRemaining: seconds, fraction: min(1, Double(seconds) / total),
            color: seconds <= 3 ? TriviaTheme.incorrect : TriviaTheme.selected)
    }

    func overlay(_ answer: AnswerState) -> TriviaOverlay? {
        guard let message = written.overlay(answer) else { return nil }
        if case .sending = answer { return TriviaOverlay(message: message, showsSpinner: true) }
        return TriviaOverlay(message: message, showsSpinner: false)
    }

    // MARK: Result

    func resultScreen(_ round: ResultRound, state: TriviaClientState, now: Date) -> TriviaQuestionScreen {
        let result = round.result
        let texts = round.question?.choices ?? result.answerCounts.indices.map { written.choiceName(letter($0)) }
        let choices = texts.enumerated().map { index, text in
            let appearance: TriviaChoiceView.Appearance =
                index == result.correctChoice ? .correct : (index == result.yourChoice ? .incorrect : .dimmed)
            let count = result.answerCounts.indices.contains(index) ? result.answerCounts[index] : nil
            return choiceView(
                index, text, appearance: appearance, selectable: false,
                detail: count.map(written.answerCount))
        }
        let correctText =
            texts.indices.contains(result.correctChoice)
            ? "“\(texts[result.correctChoice])”" : written.choiceInSentence(letter(result.correctChoice))
        let remaining = written.playersRemaining(result.playersRemaining)
        let banner: TriviaResultBanner
        if !round.wasPlayer {
            banner = TriviaResultBanner(
                outcome: .watching, title: written.answerWas(correctText), detail: remaining, color: TriviaTheme.viewer)
        } else if result.correct {
            banner = TriviaResultBanner(
                outcome: .correct, title: written.correct, detail: written.stillIn(remaining), color: TriviaTheme.correct)
        } else if result.yourChoice == nil {
            banner = TriviaResultBanner(
                outcome: .unanswered, title: written.timeUp, detail: written.noAnswer(correctText),
                color: TriviaTheme.incorrect)
        } else {
            banner = TriviaResultBanner(
                outcome: .incorrect, title: written.wrongAnswer, detail: written.answerWas(correctText) + ".", color: TriviaTheme.incorrect)
        }
        var resultBanner = banner
        resultBanner.wildcardStatus = wildcardStatus(round.wildcard) ?? noOfferReason(state, round)
        let offer = wildcardOffer(round.wildcard, balance: state.knownBalance ?? 0, now: now)
        return TriviaQuestionScreen(
            prompt: round.question?.text ?? written.questionClosed, detail: nil, choices: choices, countdown: nil, lockedOverlay: nil,
            result: resultBanner, wildcardOffer: offer,
            footer: state.role == .viewer && offer == nil ? written.watching : nil,
            isInteractive: offer.map { !$0.isSending } ?? false)
    }

    func wildcardOffer(_ wildcard: WildcardState, balance: Int, now: Date) -> TriviaWildcardOffer? {
        switch wildcard {
        case .offered(let deadline):
            return TriviaWildcardOffer(
                title: written.offerTitle, message: written.offerMessage(balance: balance),
                secondsRemaining: Int(max(0, deadline.timeIntervalSince(now)).rounded(.up)),
                useTitle: written.useWildcard, declineTitle: written.declineWildcard, isSending: false)
        case .sending(_, _, let deadline):
            return TriviaWildcardOffer(
                title: written.offerTitle, message: written.usingWildcard,
                secondsRemaining: Int(max(0, deadline.timeIntervalSince(now)).rounded(.up)),
                useTitle: written.useWildcard, declineTitle: written.declineWildcard, isSending: true)
        default:
            return nil
        }
    }

    /// Why a player who just lost is not offered a wild-card, in the order the rules are checked
    /// (TriviaGuide, "No offer is explained"): nothing is left unexplained on the screen.
    func noOfferReason(_ state: TriviaClientState, _ round: ResultRound) -> String? {
        guard case .notOffered = round.wildcard, round.wasPlayer, !round.result.correct else { return nil }
        return written.noOffer(
            usedWildcard: state.usedWildcard, lastQuestion: round.result.wildcardDeadline == nil, balance: state.knownBalance)
    }

    func wildcardStatus(_ wildcard: WildcardState) -> String? {
        written.wildcardStatus(wildcard)
    }

    // MARK: Final screen

    func finalScreen(_ finish: FinishPayload, user: UserID) -> TriviaFinalScreen {
        let you = finish.you
        let total = finish.summary.questionCount
        let headline = written.headline(won: you.winner)
        let detail = written.finalDetail(correct: you.correctAnswers, total: total, won: you.winner)
        var stats = [
            TriviaStat(label: written.players, value: number(finish.summary.playerCount)),
            TriviaStat(label: written.winners, value: number(finish.summary.winnerCount)),
            TriviaStat(label: written.questions, value: number(total)),
            TriviaStat(label: written.wildcard, value: written.used(you.usedWildcard)),
        ]
        if let balance = you.balance { stats.append(TriviaStat(label: written.wildcardsLeft, value: number(balance))) }
        let rows = finish.winners.prefix(winnerRows).enumerated().map { offset, winner in
            TriviaWinnerRow(
                rank: offset + 1, user: winner.user, name: winner.displayName,
                detail: written.correctAnswers(winner.correctAnswers), isYou: winner.user == user)
        }
        let hidden = max(0, finish.summary.winnerCount - rows.count)
        return TriviaFinalScreen(
            headline: headline, detail: detail, color: you.winner ? TriviaTheme.correct : TriviaTheme.viewer, stats: stats,
            winners: rows, moreWinners: hidden > 0 ? written.moreWinners(hidden) : nil, winnersTitle: written.winners)
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
        written.number(value)
    }

    func time(_ date: Date) -> String {
        var style = Date.FormatStyle(date: .omitted, time: .shortened, locale: locale, timeZone: timeZone)
        style.calendar = Calendar(identifier: .gregorian)
        return date.formatted(style)
    }
}
