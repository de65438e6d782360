import ScreenKit
import ScreenPreviews
import SharedNetworking

/// One app's screen in one browser tab: the module's real view-model, what the page shows of it,
/// and how a page's events become the view-model's calls.
///
/// ``render()`` reads the view-model's observed properties; the session calls it inside
/// `withObservationTracking`, so any change the view-model makes (a load finishing, an image
/// arriving, a countdown tick) renders the screen again, without polling.
@MainActor
protocol LiveScreen: AnyObject {
    /// The screen as it is now.
    func render() -> PreviewScreen
    /// The screen as it is now, for the renderer: ``render()`` in a new ``LiveSnapshot``, or
    /// one kept for an equal view state (``LiveScreenMemo``) by a screen whose rendering has no
    /// side effect.
    func snapshot() -> LiveSnapshot
    /// Applies an event from the page; throws when this screen does not take it.
    func handle(_ event: LiveEvent) throws(LiveEventError)
    /// The first appearance: starts loading.
    func start()
    /// The session ends: cancels what is running.
    func stop()
    /// What the page's `<body>` says about this screen (`data-surface="pointer"` for a screen whose
    /// view-model takes raw pointer samples).
    var surface: LiveSurface { get }
}

/// How the page treats input on a screen's content.
enum LiveSurface: String, Sendable {
    /// The browser scrolls; the page reports the scroll position and the rows in view.
    case list
    /// The browser scrolls too, but the view-model takes the pointer samples it does not (taps,
    /// horizontal drags, holds: the Hoo grid's scrub) and can stop it while scrubbing.
    case pointer
}

extension LiveScreen {
    func snapshot() -> LiveSnapshot { LiveSnapshot(render()) }

    /// A screen that shows `message` (loading, or why nothing could be loaded) under `title`,
    /// the page's `h1`; `refresh` is the action its bar button offers (a load to try again).
    static func message(_ message: String, title: String, slug: String, refresh: AccessibilityAction? = nil) -> PreviewScreen {
        PreviewScreen(
            slug: slug, title: title, caption: message, background: .white,
            navigationBar: PreviewNavigationBar(
                title: title, background: .white, foreground: .black, tint: RGBColor(red: 0x0A, green: 0x60, blue: 0xD0),
                trailingItem: refresh.map { LiveMarkup.refreshButton($0) },
                titleAccessibility: .heading(title, level: .h1, identifier: "title")),
            content: .element("p", [.class("live-message"), .attribute("role", "status")], [.text(message)]))
    }
}
