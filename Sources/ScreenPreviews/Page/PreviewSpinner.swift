import ScreenKit

/// The spinner a list shows while it refreshes (UIRefreshControl's place, under the bar).
///
/// It is marked `data-refresh-spinner`: while a person's pull holds the live page's own spinner
/// where the finger left it, the page hides this one, so one spinner turns, not two. It is
/// decorative (`aria-hidden`): the screen's `aria-busy` and its announcement say the same to a
/// screen reader.
enum PreviewSpinner {
    /// A refresh spinner of class `className` whose turning arc is `color`.
    static func refresh(_ className: String, color: RGBColor) -> HTMLNode {
        .element(
            "div",
            [
                .class(className), .attribute("data-refresh-spinner", "true"), .attribute("aria-hidden", "true"),
                .style([CSSDeclaration("border-top-color", .color(color))]),
            ])
    }
}
