import ScreenKit
import SharedNetworking

/// What the app draws, and all it draws: the question screen or the final screen, with
/// labels, colours and style resolved. Built from ``TriviaClientState`` by
/// ``TriviaViewStateBuilder``; printed by `exercises trivia --json`.
public struct TriviaViewState: Sendable, Hashable, Codable {
    /// Which of the two screens to draw.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The question screen: waiting, a question, or a result.
        case question
        /// The final screen: the outcome and the winners.
        case final
    }

    /// Which screen this is.
    public var kind: Kind
    /// The title bar: competition, progress, role and wild-cards.
    public var header: TriviaHeader
    /// Present when ``kind`` is `question`.
    public var question: TriviaQuestionScreen?
    /// Present when ``kind`` is `final`.
    public var final: TriviaFinalScreen?
    /// Connection trouble or a notice, shown above the content.
    public var banner: TriviaBanner?
    /// Fonts, sizes and base colours for every element.
    public var style: TriviaStyle
    /// What VoiceOver should say about the change that led to this screen (a question opened,
    /// time running out, a result, the wild-card offer, the end): set by ``TriviaViewModel`` (and
    /// the command's run log) from ``TriviaViewStateBuilder/announcement(from:to:id:)``; `nil`
    /// when nothing is to be said.
    public var announcement: Announcement? = nil
    /// The language of the screen's words (the user's messages locale's, among those the module
    /// has words for): a renderer that writes words of its own takes them from
    /// ``TriviaWrittenText`` in this language, so the whole screen is in one.
    public var language: SpokenLanguage = .english
}

/// The bar at the top of both screens.
public struct TriviaHeader: Sendable, Hashable, Codable {
    /// The competition's title.
    public var title: String
    /// "Question 3 of 12"; `nil` before the first question and on the final screen.
    public var progress: String?
    /// `Player`, `Viewer`, or `At risk` while a wild-card offer is open; `nil` before the host says.
    public var role: TriviaBadge?
    /// "Wild-cards: 2", "Wild-cards: loading…", "Wild-cards unavailable".
    public var wildcards: String
    /// The title as the screen's level-1 heading, the progress (`question 3 of 12`) as its
    /// value. Set by ``TriviaViewStateBuilder`` on every screen; `nil` only in a value made by hand.
    public var accessibility: AccessibilityElement? = nil
    /// The role and the wild-cards, spoken (`player, 2 wild-cards`); set by the builder.
    public var statusAccessibility: AccessibilityElement? = nil
}

/// A small coloured label.
public struct TriviaBadge: Sendable, Hashable, Codable {
    /// The label.
    public var text: String
    /// The label's background.
    public var background: RGBColor
    /// The label's text colour.
    public var foreground: RGBColor
}

/// A line above the content: connection trouble (`Connection lost. Reconnecting…`) or a notice.
public struct TriviaBanner: Sendable, Hashable, Codable {
    /// Connection trouble, or information.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Connection trouble (reconnecting), or a notice such as an answer not delivered in time.
        case connection, notice
    }
    /// Which kind of line this is (they are coloured differently).
    public var kind: Kind
    /// The line, ready to show.
    public var text: String
    /// The line's background.
    public var background: RGBColor
    /// The line in the user's language; set by the builder.
    public var accessibility: AccessibilityElement? = nil
}

/// The question screen: waiting, a question, or a result (with the wild-card offer).
public struct TriviaQuestionScreen: Sendable, Hashable, Codable {
    /// The question, or "Waiting for the first question…".
    public var prompt: String
    /// "Starts at 8:00 PM" while waiting.
    public var detail: String?
    /// The choices, in order; empty while waiting.
    public var choices: [TriviaChoiceView]
    /// The time left to answer; `nil` when no question is open.
    public var countdown: TriviaCountdown?
    /// Covers the choices while an answer is on its way or recorded: nothing can be touched.
    public var lockedOverlay: TriviaOverlay?
    /// The outcome after a question closed; `nil` while it is open.
    public var result: TriviaResultBanner?
    /// The wild-card offer after an incorrect answer; `nil` otherwise.
    public var wildcardOffer: TriviaWildcardOffer?
    /// A line under the choices ("You are watching: answering is disabled.").
    public var footer: String?
    /// Whether anything on the screen responds to touch.
    public var isInteractive: Bool
    /// The prompt as a level-2 heading (`Waiting for the first question.` in the user's language
    /// while waiting); set by the builder.
    public var promptAccessibility: AccessibilityElement? = nil
    /// ``detail``, spoken; set by the builder when there is a detail.
    public var detailAccessibility: AccessibilityElement? = nil
    /// ``footer``, spoken; set by the builder when there is a footer.
    public var footerAccessibility: AccessibilityElement? = nil
}

/// One choice button.
public struct TriviaChoiceView: Sendable, Hashable, Codable, Identifiable {
    /// How the choice is drawn.
    public enum Appearance: String, Sendable, Hashable, Codable {
        /// Untouched; the user's pick; the right answer; the user's wrong pick; any other choice once decided.
        case normal, selected, correct, incorrect, dimmed
    }

    /// 0-based, as sent in `answer`.
    public var index: Int
    /// The index: unique within a question.
    public var id: Int { index }
    /// "A", "B", "C"…
    public var label: String
    /// The choice's text.
    public var text: String
    /// How to draw it.
    public var appearance: Appearance
    /// Whether tapping it answers.
    public var isSelectable: Bool
    /// The button's background.
    public var background: RGBColor
    /// The button's text colour.
    public var foreground: RGBColor
    /// On the result: "41 answers".
    public var detail: String?
    /// The choice as a VoiceOver button: `Choice A, Paris`, what became of it as its value
    /// (`your answer`, `correct answer`, `your answer, wrong`, never only a colour), the action
    /// `answer` with ``index`` while it can be chosen, not enabled otherwise; set by the builder.
    public var accessibility: AccessibilityElement? = nil
}

/// The time left to answer.
public struct TriviaCountdown: Sendable, Hashable, Codable {
    /// Whole seconds left, rounded up.
    public var secondsRemaining: Int
    /// The ring's fill, 1 when the question opens: the seconds shown over the question's, so
    /// the ring and its number agree, and every viewer of a question, whatever instant their
    /// screen was built at, sees the same ring.
    public var fraction: Double
    /// The ring's colour: the incorrect-answer red for the last 3 seconds.
    public var color: RGBColor
    /// `Time left`, value `8 seconds`, updating frequently; set by the builder.
    public var accessibility: AccessibilityElement? = nil
}

/// Covers the choices while nothing can be touched.
public struct TriviaOverlay: Sendable, Hashable, Codable {
    /// `Sending your answer…`, `Answer locked in. Waiting for the result…`, or why it was not accepted.
    public var message: String
    /// Whether to show a spinner (the answer is on its way).
    public var showsSpinner: Bool
    /// ``message`` in the user's language; set by the builder.
    public var accessibility: AccessibilityElement? = nil
}

/// What happened to the user's answer when the question closed.
public struct TriviaResultBanner: Sendable, Hashable, Codable {
    /// The user's outcome for the question.
    public enum Outcome: String, Sendable, Hashable, Codable {
        /// Right, wrong, no answer given, or only watching.
        case correct, incorrect, unanswered, watching
    }

    /// The user's outcome.
    public var outcome: Outcome
    /// `Correct!`, `Wrong answer`, `Time's up`, or `The answer was …` for a viewer.
    public var title: String
    /// The correct answer and what the user chose.
    public var detail: String
    /// The banner's colour.
    public var color: RGBColor
    /// What became of the wild-card offer, once decided.
    public var wildcardStatus: String?
    /// Outcome, detail and wild-card status as one element, in the user's language; set by the
    /// builder.
    public var accessibility: AccessibilityElement? = nil
}

/// The offer to stay a player after an incorrect answer.
public struct TriviaWildcardOffer: Sendable, Hashable, Codable {
    /// The offer's title.
    public var title: String
    /// How many wild-cards the user has and what using one does.
    public var message: String
    /// Whole seconds left to decide.
    public var secondsRemaining: Int
    /// The accept button's title.
    public var useTitle: String
    /// The decline button's title.
    public var declineTitle: String
    /// The request is on its way: both buttons are disabled.
    public var isSending: Bool
    /// The offer's title and message as one element; set by the builder.
    public var accessibility: AccessibilityElement? = nil
    /// The accept button (action `use-wildcard`); set by the builder.
    public var useAccessibility: AccessibilityElement? = nil
    /// The decline button (action `decline-wildcard`); set by the builder.
    public var declineAccessibility: AccessibilityElement? = nil
    /// The time left to decide (`Time to decide`, value `5 seconds`); set by the builder.
    public var timerAccessibility: AccessibilityElement? = nil
}

/// The final screen.
public struct TriviaFinalScreen: Sendable, Hashable, Codable {
    /// `You won!` or `Competition over`.
    public var headline: String
    /// What decided it.
    public var detail: String
    /// The headline's colour.
    public var color: RGBColor
    /// The numbers: players, winners, questions, whether the user's wild-card was used, wild-cards left.
    public var stats: [TriviaStat]
    /// The winners listed by name.
    public var winners: [TriviaWinnerRow]
    /// "and 12 more" when the list is cut.
    public var moreWinners: String?
    /// The heading above ``winners``.
    public var winnersTitle: String = "Winners"
    /// The headline as a level-2 heading; set by the builder.
    public var headlineAccessibility: AccessibilityElement? = nil
    /// ``detail``, spoken; set by the builder.
    public var detailAccessibility: AccessibilityElement? = nil
    /// ``winnersTitle`` as a level-3 heading (or that nobody won); set by the builder.
    public var winnersAccessibility: AccessibilityElement? = nil
    /// ``moreWinners``, spoken; set by the builder when the list is cut.
    public var moreWinnersAccessibility: AccessibilityElement? = nil
}

/// One of the user's numbers on the final screen.
public struct TriviaStat: Sendable, Hashable, Codable {
    /// What the number is.
    public var label: String
    /// The number, formatted.
    public var value: String
    /// The label and value in the user's language; set by the builder.
    public var accessibility: AccessibilityElement? = nil
}

/// One winner on the final screen.
public struct TriviaWinnerRow: Sendable, Hashable, Codable, Identifiable {
    /// The winner's user id: unique in the list.
    public var id: String { user.rawValue }
    /// 1 for the first row.
    public var rank: Int
    /// The winner.
    public var user: UserID
    /// The name shown.
    public var name: String
    /// `3 correct`.
    public var detail: String
    /// Whether the row is the receiving user.
    public var isYou: Bool
    /// `1, Alice, 5 correct, you`; set by the builder.
    public var accessibility: AccessibilityElement? = nil
}
