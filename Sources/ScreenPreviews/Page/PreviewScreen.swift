import ScreenKit
import SharedNetworking

/// One phone screen: the app's content plus what the system draws around it.
///
/// Each exercise's renderer (``HooSetsPreview``, ``TriviaPreview``, …) returns these, built
/// from view state only; ``PreviewDocument`` wraps them in a page.
public struct PreviewScreen: Sendable, Hashable {
    /// A file-name-safe identifier: `schedule`, `trivia-final`.
    public var slug: String
    /// What the index and the page title call it: "Schedule", "Trivia: final screen".
    public var title: String
    /// A line under the phone saying what state is shown.
    public var caption: String
    /// Behind the status bar (and the content when it does not fill the screen).
    public var background: RGBColor
    /// Black or white status bar text.
    public var statusBarForeground: RGBColor
    /// The navigation bar; `nil` for a screen without one.
    public var navigationBar: PreviewNavigationBar?
    /// The scrollable area under the bars.
    public var content: HTMLNode
    /// Rules for this screen's classes, from the module's metrics.
    public var styles: [CSSRule]
    /// The width the content was laid out for, when it is not the device's: a wider layout
    /// (an iPad's 1024 pt) widens the phone; a narrower one is centred by the screen's content.
    public var contentWidth: Double?
    /// What the view-model last announced: the text of the page's live region (`role="status"`,
    /// or `alert` for a high-priority one), which screen readers read out.
    public var announcement: Announcement?
    /// Whether work the screen waits on is running (a load or a refresh: the screen state's
    /// `.loading` phase): the content is marked `aria-busy`, so a screen reader waits for the
    /// result and the live page keeps the button that started the work turning until it is done.
    public var isBusy: Bool = false

    /// A screen from its parts; each exercise's renderer builds them.
    public init(
        slug: String, title: String, caption: String, background: RGBColor, statusBarForeground: RGBColor? = nil,
        navigationBar: PreviewNavigationBar? = nil, content: HTMLNode, styles: [CSSRule] = [], contentWidth: Double? = nil,
        announcement: Announcement? = nil
    ) {
        self.slug = slug
        self.title = title
        self.caption = caption
        self.background = background
        self.statusBarForeground = statusBarForeground ?? navigationBar?.foreground ?? PreviewScreen.readable(on: background)
        self.navigationBar = navigationBar
        self.content = content
        self.styles = styles
        self.contentWidth = contentWidth
        self.announcement = announcement
    }

    /// Black or white, whichever contrasts more with `background` (WCAG contrast ratio).
    public static func readable(on background: RGBColor) -> RGBColor {
        let luminance = background.relativeLuminance
        return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? .black : .white
    }
}

/// A navigation bar: a title (and optional subtitle) with optional bar buttons.
public struct PreviewNavigationBar: Sendable, Hashable {
    /// The title.
    public var title: String
    /// A second line under the title (Schedule's team name).
    public var subtitle: String?
    /// The bar's background.
    public var background: RGBColor
    /// The title's colour.
    public var foreground: RGBColor
    /// Bar button colour (iOS's tint); the title colour when `nil`.
    public var tint: RGBColor?
    /// A bar button on the left.
    public var leadingItem: HTMLNode?
    /// A bar button on the right.
    public var trailingItem: HTMLNode?
    /// The title's font; the device's when `nil`.
    public var titleFont: FontSpec?
    /// The title as the screen's heading (from the view state); without it the title is drawn
    /// but is no heading.
    public var titleAccessibility: AccessibilityElement?
    /// Drawn translucent (the subtitle at 80 %) as iOS does; `false` for Increase Contrast,
    /// where nothing is.
    public var translucentSubtitle: Bool

    /// A bar from its parts.
    public init(
        title: String, subtitle: String? = nil, background: RGBColor, foreground: RGBColor, tint: RGBColor? = nil,
        leadingItem: HTMLNode? = nil, trailingItem: HTMLNode? = nil, titleFont: FontSpec? = nil,
        titleAccessibility: AccessibilityElement? = nil, translucentSubtitle: Bool = true
    ) {
        self.title = title
        self.subtitle = subtitle
        self.background = background
        self.foreground = foreground
        self.tint = tint
        self.leadingItem = leadingItem
        self.trailingItem = trailingItem
        self.titleFont = titleFont
        self.titleAccessibility = titleAccessibility
        self.translucentSubtitle = translucentSubtitle
    }
}
