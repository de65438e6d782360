import Foundation

/// What a screen says about its content when it is not a fresh answer from the network: a
/// saved copy shown while the network is asked, or kept after it failed, and a retry under way.
///
/// Part of each feed screen's view state (``LoadingPhase`` says what the last load did; this
/// says what the content on screen is). A view draws ``text`` as a banner; ``kind`` picks its
/// style (an offline icon, a spinner for a retry). Built by ``NetworkNoticeText``.
///
/// The banner is an element a person can reach, and it changes without a touch, so it carries
/// its ``accessibility``: static text whose label is the line in whole words, and, while a retry
/// runs, `updatesFrequently` (SwiftUI's `.updatesFrequently`; the HTML previews' `role="status"`).
/// A view-model also announces it once, when a saved copy first stays on screen because a load
/// failed (``failureAnnouncement(_:notice:before:)``).
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
    /// The banner as VoiceOver reaches it: the line as a sentence (`Offline: saved 2 hours ago`;
    /// `Saved 2 hours ago. Retrying, 2 of 3`, the drawn separator spoken as a pause), static text,
    /// and `updatesFrequently` while a retry runs; identifier `network-notice`.
    public var accessibility: AccessibilityElement

    /// A notice from its parts; ``NetworkNoticeText`` makes the real ones. Without
    /// `accessibility` the element says ``text`` with the traits of `kind`.
    public init(
        kind: Kind, text: String, savedAt: Date? = nil, attempt: Int? = nil, maxAttempts: Int? = nil,
        accessibility: AccessibilityElement? = nil
    ) {
        self.kind = kind
        self.text = text
        self.savedAt = savedAt
        self.attempt = attempt
        self.maxAttempts = maxAttempts
        self.accessibility = accessibility ?? Self.element(kind: kind, label: text)
    }

    /// The element for a banner of `kind` saying `label`.
    public static func element(kind: Kind, label: String) -> AccessibilityElement {
        AccessibilityElement(
            label: label, traits: kind == .retrying ? [.staticText, .updatesFrequently] : .staticText, identifier: "network-notice")
    }

    /// Whether the notice says a saved copy stayed on screen because a load failed
    /// (``Kind/offline``, ``Kind/notUpdated``).
    public var marksFailedLoad: Bool { kind == .offline || kind == .notUpdated }

    /// What a view-model announces when a load fails: `failure`, its own words (`Couldn't load
    /// the schedule. …`), followed by `notice` when it has just appeared, that is when a saved
    /// copy stays on screen because the load failed (`… Offline: saved 2 hours ago.`) and the
    /// screen did not already say so (`before`, the notice's kind when the load began). A second
    /// failed refresh while offline announces only the failure: the banner is there to be read.
    public static func failureAnnouncement(_ failure: String, notice: NetworkNotice?, before: Kind?) -> String {
        guard let notice, notice.marksFailedLoad, notice.kind != before else { return failure }
        return sentence(failure) + " " + sentence(notice.accessibility.label)
    }

    /// `text` ending as a sentence does, so two are read as two.
    private static func sentence(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let last = trimmed.last, !".!?…".contains(last) else { return trimmed }
        return trimmed + "."
    }
}
