import SharedNetworking

/// What the app draws, and all it draws: the question screen or the final screen, with
/// labels, colours and style resolved. Built from ``TriviaClientState`` by
/// ``TriviaScreenBuilder``; printed by `exercises trivia --json`.
public struct TriviaScreenState: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case question
        case final
    }

    public var kind: Kind
    public var header: TriviaHeader
    /// Present when ``kind`` is `question`.
    public var question: TriviaQuestionScreen?
    /// Present when ``kind`` is `final`.
    public var final: TriviaFinalScreen?
    /// Connection trouble or a notice, shown above the content.
    public var banner: TriviaBanner?
    public var style: TriviaStyle
}

/// The bar at the top of both screens.
public struct TriviaHeader: Sendable, Hashable, Codable {
    public var title: String
    /// "Question 3 of 12"; `nil` before the first question and on the final screen.
    public var progress: String?
    public var role: TriviaBadge?
    /// "Wild-cards: 2", "Wild-cards: loading…", "Wild-cards unavailable".
    public var wildcards: String
}

/// A small coloured label.
public struct TriviaBadge: Sendable, Hashable, Codable {
    public var text: String
    public var background: RGBColor
    public var foreground: RGBColor
}

public struct TriviaBanner: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable { case connection, notice }
    public var kind: Kind
    public var text: String
    public var background: RGBColor
}

/// The question screen: waiting, a question, or a result (with the wild-card offer).
public struct TriviaQuestionScreen: Sendable, Hashable, Codable {
    /// The question, or "Waiting for the first question…".
    public var prompt: String
    /// "Starts at 8:00 PM" while waiting.
    public var detail: String?
    public var choices: [TriviaChoiceView]
    public var countdown: TriviaCountdown?
    /// Covers the choices while an answer is on its way or recorded: nothing can be touched.
    public var lockedOverlay: TriviaOverlay?
    public var result: TriviaResultBanner?
    public var wildcardOffer: TriviaWildcardOffer?
    /// A line under the choices ("You are watching: answering is disabled.").
    public var footer: String?
    /// Whether anything on the screen responds to touch.
    public var isInteractive: Bool
}

public struct TriviaChoiceView: Sendable, Hashable, Codable, Identifiable {
    public enum Appearance: String, Sendable, Hashable, Codable {
        case normal, selected, correct, incorrect, dimmed
    }

    /// 0-based, as sent in `answer`.
    public var index: Int
    public var id: Int { index }
    /// "A", "B", "C"…
    public var label: String
    public var text: String
    public var appearance: Appearance
    public var isSelectable: Bool
    public var background: RGBColor
    public var foreground: RGBColor
    /// On the result: "41 answers".
    public var detail: String?
}

public struct TriviaCountdown: Sendable, Hashable, Codable {
    public var secondsRemaining: Int
    /// 1 when the question opens, 0 at the deadline: the ring's fill.
    public var fraction: Double
    public var color: RGBColor
}

public struct TriviaOverlay: Sendable, Hashable, Codable {
    public var message: String
    public var showsSpinner: Bool
}

public struct TriviaResultBanner: Sendable, Hashable, Codable {
    public enum Outcome: String, Sendable, Hashable, Codable {
        case correct, incorrect, unanswered, watching
    }

    public var outcome: Outcome
    public var title: String
    public var detail: String
    public var color: RGBColor
    /// What became of the wild-card offer, once decided.
    public var wildcardStatus: String?
}

public struct TriviaWildcardOffer: Sendable, Hashable, Codable {
    public var title: String
    public var message: String
    public var secondsRemaining: Int
    public var useTitle: String
    public var declineTitle: String
    /// The request is on its way: both buttons are disabled.
    public var isSending: Bool
}

/// The final screen.
public struct TriviaFinalScreen: Sendable, Hashable, Codable {
    public var headline: String
    public var detail: String
    public var color: RGBColor
    public var stats: [TriviaStat]
    public var winners: [TriviaWinnerRow]
    /// "and 12 more" when the list is cut.
    public var moreWinners: String?
}

public struct TriviaStat: Sendable, Hashable, Codable {
    public var label: String
    public var value: String
}

public struct TriviaWinnerRow: Sendable, Hashable, Codable, Identifiable {
    public var id: String { user.rawValue }
    public var rank: Int
    public var user: UserID
    public var name: String
    public var detail: String
    public var isYou: Bool
}
