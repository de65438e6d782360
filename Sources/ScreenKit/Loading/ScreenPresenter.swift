import SharedNetworking

/// The part of a feed screen only its view-model knows: what it keeps of a loaded feed, and
/// what VoiceOver says when a refresh replaced what was on screen.
///
/// A view-model is its ``ScreenLoader``'s presenter (`screen.presenter = self`, held weakly), so
/// the loader can run the rules every screen shares while the view-model supplies "feed → view
/// state" and nothing else. Called on the main actor, after the feed was decoded off it.
@MainActor
public protocol ScreenPresenter<Feed, Content>: AnyObject {
    /// What a load produces.
    associatedtype Feed: Sendable
    /// What the screen keeps of it.
    associatedtype Content: Sendable & Equatable

    /// What the screen keeps of `loaded` (a fresh answer, or a saved copy), with the diagnostics
    /// to show beside it (`loaded`'s, and any the view-model adds).
    func content(for loaded: Loaded<Feed>) -> Loaded<Content>

    /// What VoiceOver says when a load replaced content on screen (`Schedule updated.`, `Facts
    /// updated: 13 facts.`); `nil` for nothing.
    func updatedAnnouncement(for content: Content) -> String?
}
