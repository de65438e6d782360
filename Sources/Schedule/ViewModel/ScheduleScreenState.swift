import Foundation
import SharedNetworking

/// The schedule screen's whole state, owned by ``ScheduleViewModel``.
public struct ScheduleScreenState: Sendable, Equatable {
    /// Where loading stands; ``content`` may be present in every phase but ``idle``.
    public enum Phase: String, Sendable, Equatable, Codable {
        /// Nothing requested yet.
        case idle
        /// A download is running (``content`` may still hold the previous schedule).
        case loading
        /// ``content`` is the latest schedule.
        case loaded
        /// The last load failed: ``error`` says why; ``content`` keeps the previous schedule, if any.
        case failed
    }

    /// Where loading stands now.
    public var phase: Phase = .idle
    /// The schedule to draw; survives failed refreshes.
    public var content: ScheduleViewState?
    /// Why the last load failed; cleared by the next success.
    public var error: NetworkError?
    /// What the last successful load repaired or dropped.
    public var diagnostics: [Diagnostic] = []
    /// Logos by URL: each distinct logo is requested once.
    public var logos: [URL: LogoState] = [:]
    /// When ``content`` was last loaded, by the injected clock.
    public var lastUpdated: Date?

    /// The state before anything was loaded: ``Phase/idle``, no content.
    public init() {}

    /// A refresh over existing content (a list shows its refresh spinner, not a blank page).
    public var isRefreshing: Bool { phase == .loading && content != nil }
}
