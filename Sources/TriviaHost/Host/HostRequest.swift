import Trivia

/// A request a user makes (`answer`, `useWildcard`), as the host's idempotency store keeps it:
/// what names it (``Key``) and what it asks.
///
/// The scope of a `requestId` is one user, one message type and one question: a client that
/// restarts its counter (a second device, a reinstalled app) and sends `r1` again on another
/// question, or for a wild-card after an answer, makes a new request. Within that scope a
/// resend must ask the same thing; one that asks something else is refused
/// (`error`/`requestIdReused`) rather than answered with the original's acknowledgement.
struct HostRequest: Sendable, Hashable {
    /// What names a request.
    struct Key: Sendable, Hashable {
        /// `answer` or `useWildcard`.
        let type: String
        let questionId: QuestionID
        let requestId: RequestID
    }

    let key: Key
    /// The answer's choice; `nil` for a wild-card, which asks nothing more than its key.
    let choice: Int?

    init(_ answer: AnswerPayload) {
        key = Key(type: "answer", questionId: answer.questionId, requestId: answer.requestId)
        choice = answer.choice
    }

    init(_ wildcard: UseWildcardPayload) {
        key = Key(type: "useWildcard", questionId: wildcard.questionId, requestId: wildcard.requestId)
        choice = nil
    }
}
