import ScreenKit
import SharedNetworking

/// The page a screen shows while it has no content, drawn from its state's
/// ``/ScreenKit/ScreenPlaceholder``: the module's words for loading (`Loading the schedule…`,
/// `role="status"`), or for a failed first load (`Couldn't load the schedule`, `role="alert"`,
/// with the reason and the `Try again` button of the module's refresh action), under the notice
/// banner when a retry runs, with the state's announcement in the live region.
///
/// Every screen's `screen(_: ScreenState<…>)` entry draws it the same way, so no page, static or
/// live, writes loading or error text of its own.
enum PreviewPlaceholder {
    /// The placeholder page of `state` under a bar titled with the placeholder's screen name, in
    /// the module's words (`title` when it has none); `contrast` picks the notice banner's colours.
    static func screen<Content>(_ state: ScreenState<Content>, slug: String, title: String, contrast: ContrastPreference)
        -> PreviewScreen
    {
        let placeholder = state.placeholder ?? ScreenPlaceholder(kind: .loading, title: title)
        let title = placeholder.screenName ?? title
        var content: [HTMLNode] = [
            PreviewNoticeBanner.node(state.notice, contrast: contrast),
            .element(
                "p", [.class("screen-placeholder"), .attribute("role", placeholder.kind == .failed ? "alert" : "status")],
                [.text(placeholder.title)]),
        ]
        if let message = placeholder.message {
            content.append(.element("p", [.class("screen-placeholder-reason")], [.text(message)]))
        }
        if let retry = placeholder.retry {
            let element = AccessibilityElement(
                label: retry.name ?? retry.action, traits: .button,
                actions: [AccessibilityAction(action: retry.action, value: retry.value)],
                identifier: "refresh")
            content.append(AccessibleMarkup.button(element, classes: "screen-placeholder-retry", [.text(retry.name ?? retry.action)]))
        }
        var screen = PreviewScreen(
            slug: slug, title: title, caption: placeholder.title, background: .white,
            navigationBar: PreviewNavigationBar(
                title: title, background: .white, foreground: .black, tint: tint,
                titleAccessibility: .heading(title, level: .h1, identifier: "title")),
            content: .div("screen-placeholder-page", content), styles: styles + PreviewNoticeBanner.styles(inset: 16),
            announcement: state.announcement)
        screen.isBusy = state.phase == .loading
        return screen
    }

    /// The screen of `state`: this placeholder while it has no content, else `draw(content)`;
    /// busy (``PreviewScreen/isBusy``) while a load or refresh runs. Every screen's
    /// `screen(_: ScreenState<…>)` entry is this with its own drawing.
    static func screen<Content>(
        _ state: ScreenState<Content>, slug: String, title: String, contrast: ContrastPreference,
        drawing draw: (Content) -> PreviewScreen
    ) -> PreviewScreen {
        guard let content = state.content else { return screen(state, slug: slug, title: title, contrast: contrast) }
        var screen = draw(content)
        screen.isBusy = state.phase == .loading
        return screen
    }

    /// The bar's and the button's blue: 6.0:1 on white.
    static let tint = RGBColor(red: 0x0A, green: 0x60, blue: 0xD0)

    /// The words centred in the screen, the button in the system's style.
    static let styles: [CSSRule] = [
        .style(
            ".screen-placeholder-page",
            [
                CSSDeclaration("display", .keyword("flex")), CSSDeclaration("flex-direction", .keyword("column")),
                CSSDeclaration("align-items", .keyword("center")), CSSDeclaration("gap", .px(12)),
                CSSDeclaration("padding", .spaced([.px(32), .px(16)])), CSSDeclaration("text-align", .keyword("center")),
            ]),
        .style(".screen-placeholder", CSSDeclaration.font(FontSpec(size: 17, weight: .semibold)) + [.color(.black)]),
        .style(
            ".screen-placeholder-reason",
            CSSDeclaration.font(FontSpec(size: 15, weight: .regular))
                + [.color(RGBColor(red: 0x3C, green: 0x3C, blue: 0x43)), CSSDeclaration("overflow-wrap", .keyword("anywhere"))]),
        .style(
            ".screen-placeholder-retry",
            CSSDeclaration.font(FontSpec(size: 17, weight: .semibold)) + [
                .color(.white), .background(tint), CSSDeclaration("border", .keyword("none")),
                CSSDeclaration("border-radius", .px(10)), CSSDeclaration("padding", .spaced([.px(10), .px(20)])),
                CSSDeclaration("min-height", .px(44)),
            ]),
    ]
}
