import Foundation
import ScreenKit
import SharedNetworking

/// What VoiceOver says on the trivia screens: every element a person can reach gets an
/// ``/ScreenKit/AccessibilityElement`` in ``TriviaSpokenText``'s words, built from the client state (the
/// same facts the drawn screen comes from, never from its English text), and the changes worth
/// announcing are found by comparing two screens.
extension TriviaViewStateBuilder {
    /// `screen` (drawn from `state` at `now`) with the accessibility of every element set.
    func accessible(_ screen: TriviaViewState, state: TriviaClientState, now: Date) -> TriviaViewState {
        var screen = screen
        let progress = progressNumbers(state).map { spoken.progress($0.index, of: $0.total) }
        screen.header.accessibility = AccessibilityElement(
            label: screen.header.title, value: progress, traits: .header, headingLevel: .h1, identifier: "title")
        var status: [String] = []
        if let role = state.role { status.append(spoken.role(role, atRisk: Self.wildcardPending(state))) }
        status.append(spoken.wildcards(state.balance))
        screen.header.statusAccessibility = AccessibilityElement(
            label: capitalizedFirst(status.joined(separator: ", ")), identifier: "status")
        if var banner = screen.banner {
            let text = spoken.connection(state.link) ?? state.notice.map(spoken.notice) ?? banner.text
            banner.accessibility = AccessibilityElement(label: text, identifier: "banner")
            screen.banner = banner
        }
        switch state.phase {
        case .waiting:
            screen.question = screen.question.map { waitingAccessibility($0, state: state) }
        case .question(let round):
            screen.question = screen.question.map { questionAccessibility($0, round: round, state: state) }
        case .result(let round):
            screen.question = screen.question.map { resultAccessibility($0, round: round, state: state) }
        case .finished(let finish):
            screen.final = screen.final.map { finalAccessibility($0, finish: finish) }
        }
        return screen
    }

    // MARK: Question screen

    private func waitingAccessibility(_ screen: TriviaQuestionScreen, state: TriviaClientState) -> TriviaQuestionScreen {
        var screen = screen
        screen.promptAccessibility = prompt(spoken.waiting)
        if let startsAt = state.competition.map({ $0.startsAt.addingTimeInterval(-state.clockOffset) }), screen.detail != nil {
            screen.detailAccessibility = AccessibilityElement(label: spoken.startsAt(time(startsAt)), identifier: "detail")
        }
        screen.countdown = screen.countdown.map { countdownAccessibility($0, label: spoken.startsIn) }
        screen.footerAccessibility = screen.footer.map { _ in AccessibilityElement(label: spoken.watching, identifier: "footer") }
        return screen
    }

    private func questionAccessibility(_ screen: TriviaQuestionScreen, round: QuestionRound, state: TriviaClientState)
        -> TriviaQuestionScreen
    {
        var screen = screen
        screen.promptAccessibility = prompt(round.question.text)
        screen.choices = screen.choices.map { choiceAccessibility($0, count: nil) }
        screen.countdown = screen.countdown.map { countdownAccessibility($0, label: spoken.timeLeft) }
        if var overlay = screen.lockedOverlay, let text = spoken.overlay(round.answer) {
            overlay.accessibility = AccessibilityElement(label: text, identifier: "overlay")
            screen.lockedOverlay = overlay
        }
        screen.footerAccessibility = screen.footer.map { _ in
            AccessibilityElement(label: state.role == .viewer ? spoken.watching : spoken.timesUp, identifier: "footer")
        }
        return screen
    }

    private func resultAccessibility(_ screen: TriviaQuestionScreen, round: ResultRound, state: TriviaClientState) -> TriviaQuestionScreen {
        var screen = screen
        let result = round.result
        screen.promptAccessibility = prompt(round.question?.text ?? spoken.questionClosed)
        screen.choices = screen.choices.map { choice in
            choiceAccessibility(choice, count: result.answerCounts.indices.contains(choice.index) ? result.answerCounts[choice.index] : nil)
        }
        if var banner = screen.result {
            let texts = round.question?.choices ?? []
            let correct =
                texts.indices.contains(result.correctChoice)
                ? "“\(texts[result.correctChoice])”" : spoken.choiceName(letter(result.correctChoice))
            var words = [spoken.result(banner.outcome, correctAnswer: correct, remaining: result.playersRemaining)]
            if let status = spoken.wildcardStatus(round.wildcard) {
                words.append(status)
            } else if case .notOffered = round.wildcard, round.wasPlayer, !result.correct {
                words.append(
                    spoken.noOffer(
                        usedWildcard: state.usedWildcard, lastQuestion: result.wildcardDeadline == nil, balance: state.knownBalance))
            }
            banner.accessibility = AccessibilityElement(label: words.joined(separator: " "), children: .ignore, identifier: "result")
            screen.result = banner
        }
        if var offer = screen.wildcardOffer {
            offer.accessibility = AccessibilityElement(
                label: spoken.offer(balance: state.knownBalance ?? 0, isSending: offer.isSending), traits: .header, headingLevel: .h2,
                identifier: "offer")
            let disabled: AccessibilityTraits = offer.isSending ? [.button, .notEnabled] : .button
            offer.useAccessibility = AccessibilityElement(
                label: spoken.useWildcard, traits: disabled,
                actions: offer.isSending ? [] : [AccessibilityAction(action: TriviaAction.useWildcard.rawValue)], identifier: "use-wildcard"
            )
            offer.declineAccessibility = AccessibilityElement(
                label: spoken.declineWildcard, hint: spoken.declineHint, traits: disabled,
                actions: offer.isSending ? [] : [AccessibilityAction(action: TriviaAction.declineWildcard.rawValue)],
                identifier: "decline-wildcard")
            offer.timerAccessibility = AccessibilityElement(
                label: spoken.timeToDecide, value: spoken.duration(offer.secondsRemaining), traits: .updatesFrequently,
                identifier: "offer-timer")
            screen.wildcardOffer = offer
        }
        screen.footerAccessibility = screen.footer.map { _ in AccessibilityElement(label: spoken.watching, identifier: "footer") }
        return screen
    }

    private func choiceAccessibility(_ choice: TriviaChoiceView, count: Int?) -> TriviaChoiceView {
        var choice = choice
        let value = [spoken.choiceState(choice.appearance), count.map(spoken.answerCount)].compactMap { $0 }
        var traits: AccessibilityTraits = .button
        if choice.appearance == .selected || choice.appearance == .incorrect { traits.insert(.selected) }
        if !choice.isSelectable { traits.insert(.notEnabled) }
        choice.accessibility = AccessibilityElement(
            label: spoken.choice(choice.label, choice.text), value: value.isEmpty ? nil : value.joined(separator: ", "),
            hint: choice.isSelectable ? spoken.choiceHint : nil, traits: traits,
            actions: choice.isSelectable ? [AccessibilityAction(action: TriviaAction.answer.rawValue, value: String(choice.index))] : [],
            identifier: "choice-\(choice.index)")
        return choice
    }

    private func countdownAccessibility(_ countdown: TriviaCountdown, label: String) -> TriviaCountdown {
        var countdown = countdown
        countdown.accessibility = AccessibilityElement(
            label: label, value: spoken.duration(countdown.secondsRemaining), traits: .updatesFrequently, sortPriority: 1,
            identifier: "countdown")
        return countdown
    }

    /// The question as a level-2 heading, read first on the card although the countdown ring is
    /// drawn above it (sort priority 2, the ring 1, the choices after).
    private func prompt(_ text: String) -> AccessibilityElement {
        AccessibilityElement(label: text, traits: .header, sortPriority: 2, headingLevel: .h2, identifier: "prompt")
    }

    // MARK: Final screen

    private func finalAccessibility(_ screen: TriviaFinalScreen, finish: FinishPayload) -> TriviaFinalScreen {
        var screen = screen
        let you = finish.you
        screen.headlineAccessibility = .heading(spoken.headline(won: you.winner), level: .h2, identifier: "headline")
        screen.detailAccessibility = AccessibilityElement(
            label: spoken.finalDetail(correct: you.correctAnswers, total: finish.summary.questionCount, won: you.winner),
            identifier: "detail")
        screen.stats = screen.stats.enumerated().map { index, stat in
            var stat = stat
            let value = stat.label == written.wildcard ? spoken.wildcardUsed(you.usedWildcard) : stat.value
            stat.accessibility = AccessibilityElement(label: spoken.statistic(stat.label), value: value, identifier: "stat-\(index)")
            return stat
        }
        screen.winners = screen.winners.enumerated().map { index, row in
            var row = row
            let correct = finish.winners.indices.contains(index) ? finish.winners[index].correctAnswers : 0
            row.accessibility = AccessibilityElement(
                label: spoken.winner(rank: row.rank, name: row.name, correct: correct, isYou: row.isYou), children: .ignore,
                identifier: "winner-\(row.rank)")
            return row
        }
        screen.winnersAccessibility =
            screen.winners.isEmpty
            ? AccessibilityElement(label: spoken.noWinners, identifier: "winners")
            : .heading(spoken.winners, level: .h3, identifier: "winners")
        if screen.moreWinners != nil {
            screen.moreWinnersAccessibility = AccessibilityElement(
                label: spoken.moreWinners(max(0, finish.summary.winnerCount - screen.winners.count)), identifier: "more-winners")
        }
        return screen
    }

    // MARK: Announcements

    /// What VoiceOver should say about going from `previous` to `next` (two screens of this
    /// builder, `previous` `nil` at launch), numbered `id`; `nil` when nothing is worth saying.
    ///
    /// Said, in this order and as one announcement: a question that opened (its number, the
    /// question and the time to answer); 10 and 5 seconds left (5 interrupts); the answer on
    /// its way, locked in or refused; the result (outcome and what follows); the wild-card
    /// offer (interrupts: it has its own countdown); what became of the offer; the final
    /// screen; a new connection or notice line (connection trouble interrupts).
    public func announcement(from previous: TriviaViewState?, to next: TriviaViewState, id: Int) -> Announcement? {
        var parts: [String] = []
        var priority = Announcement.Priority.default
        if let question = next.question {
            let before = previous?.question
            let isOpen = !question.choices.isEmpty && question.result == nil
            let sameQuestion =
                before.map { !$0.choices.isEmpty && $0.result == nil && $0.prompt == question.prompt } == true
                && previous?.header.progress == next.header.progress
            if isOpen && !sameQuestion {
                parts.append(
                    spoken.questionOpened(
                        progress: next.header.accessibility?.value, prompt: question.prompt, time: question.countdown?.accessibility?.value)
                )
            } else if isOpen, let now = question.countdown?.secondsRemaining, let then = before?.countdown?.secondsRemaining {
                if then > 5 && now <= 5 && now > 0 {
                    parts.append(spoken.secondsLeft(now))
                    priority = .high
                } else if then > 10 && now <= 10 && now > 5 {
                    parts.append(spoken.secondsLeft(now))
                }
            }
            if let overlay = question.lockedOverlay?.accessibility?.label, overlay != before?.lockedOverlay?.accessibility?.label {
                parts.append(overlay)
            }
            if let result = question.result?.accessibility?.label, result != before?.result?.accessibility?.label {
                // What became of the offer is added to the result: only the new words are said.
                if let old = before?.result?.accessibility?.label, result.hasPrefix(old) {
                    parts.append(result.dropFirst(old.count).trimmingCharacters(in: .whitespaces))
                } else {
                    parts.append(result)
                }
            }
            if let offer = question.wildcardOffer, before?.wildcardOffer == nil, let label = offer.accessibility?.label {
                parts.append(label)
                priority = .high
            }
        }
        if let final = next.final, previous?.final == nil {
            parts += [final.headlineAccessibility?.label, final.detailAccessibility?.label].compactMap { $0 }
        }
        if let banner = next.banner, let label = banner.accessibility?.label, label != previous?.banner?.accessibility?.label {
            parts.append(label)
            if banner.kind == .connection { priority = .high }
        }
        guard !parts.isEmpty else { return nil }
        return Announcement(id: id, text: parts.joined(separator: " "), priority: priority)
    }

    // MARK: Helpers

    private func progressNumbers(_ state: TriviaClientState) -> (index: Int, total: Int)? {
        switch state.phase {
        case .question(let round): (round.question.index + 1, round.question.total)
        case .result(let round): round.question.map { ($0.index + 1, $0.total) }
        default: nil
        }
    }

    private func capitalizedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return String(first).uppercased(with: locale) + text.dropFirst()
    }
}

extension TriviaViewState {
    /// This screen with every colour swapped for its role's colour in `palette`
    /// (``TriviaPalette/recolor(_:)``), the style included.
    func recolored(with palette: TriviaPalette) -> TriviaViewState {
        var screen = self
        screen.style = palette == .highContrast ? TriviaTheme.highContrastStyle : style
        if var role = screen.header.role {
            role.background = palette.recolor(role.background)
            role.foreground = palette.recolor(role.foreground)
            screen.header.role = role
        }
        if var banner = screen.banner {
            banner.background = palette.recolor(banner.background)
            screen.banner = banner
        }
        if var question = screen.question {
            question.choices = question.choices.map { choice in
                var choice = choice
                choice.background = palette.recolor(choice.background)
                choice.foreground = palette.recolor(choice.foreground)
                return choice
            }
            if var countdown = question.countdown {
                countdown.color = palette.recolor(countdown.color)
                question.countdown = countdown
            }
            if var result = question.result {
                result.color = palette.recolor(result.color)
                question.result = result
            }
            screen.question = question
        }
        if var final = screen.final {
            final.color = palette.recolor(final.color)
            screen.final = final
        }
        return screen
    }
}
