import Foundation

/// What a screen says about its content when it is not a fresh answer from the network: a
/// saved copy shown while the network is asked, or kept after it failed, and a retry under way.
///
/// Part of each feed screen's view state (``LoadingPhase`` says what the last load did; this
/// says what the content on screen is). A view draws ``text`` as a banner; ``kind`` picks its
/// style (an offline icon, a spinner for a retry). Built by ``NetworkNoticeText``.
public struct NetworkNotice: Sendable, Hashable, Codable {
    /// What the screen is telling.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A saved copy is on screen while the network is asked ("Saved 2 hours ago").
        case saved
        /// The network could not be reached; the saved copy stays ("Offline: saved 2 hours ago").
        case offline
        /// The server answered, but not with something usable (an error status, a broken feed);
        /// the saved copy stays ("Not updated: saved 2 hours ago").
        case notUpdated
        /// A failed attempt is being retried ("Retrying, 2 of 3"; after a saved copy's line
        /// when one is on screen).
        case retrying
    }

    /// What is being told.
    public var kind: Kind
    /// The line to show, in the screen's language: `Offline: saved 2 hours ago`.
    public var text: String
    /// When the copy on screen was saved (or last confirmed by the server); `nil` for a retry
    /// with nothing saved on screen.
    public var savedAt: Date?
    /// For ``Kind/retrying``: the attempt about to be made (2 for the first retry).
    public var attempt: Int?
    /// For ``Kind/retrying``: the attempts allowed in all.
    public var maxAttempts: Int?

    /// A notice from its parts; ``NetworkNoticeText`` makes the real ones.
    public init(kind: Kind, text: String, savedAt: Date? = nil, attempt: Int? = nil, maxAttempts: Int? = nil) {
        self.kind = kind
        self.text = text
        self.savedAt = savedAt
        self.attempt = attempt
        self.maxAttempts = maxAttempts
    }
}
