import ScreenKit
import SharedNetworking

/// The saved-copy and retry banner of the Schedule, CarFit and Facts pages, drawn from the view
/// state's ``/ScreenKit/NetworkNotice`` in ``/ScreenKit/NetworkNoticeAppearance``.
///
/// A `role="status"` box (WCAG 4.1.3, a status message; implicitly polite and atomic) with the
/// notice's `accessibility` identifier as its id. A live region announces changes to text that
/// is already on the page, not text inserted with it, so in a page a browser app updates (issue
/// 33) the banner appearing is not read twice (the view-model's announcement, in the page's
/// live region, already says it once), while a retry counting `2 of 3`, `3 of 3` is read as it
/// changes, as VoiceOver reads an element that updates frequently. Its words are the element's
/// label; where the line is drawn differently (a retry's `·`), the drawn line is hidden from
/// screen readers beside the spoken one.
enum PreviewNoticeBanner {
    /// The banner for `notice`, or nothing without one.
    static func node(_ notice: NetworkNotice?, contrast: ContrastPreference) -> HTMLNode {
        guard let notice else { return .empty }
        let appearance = NetworkNoticeAppearance.resolved(for: contrast)
        return .element(
            "div",
            [
                .class("network-notice \(notice.kind.rawValue)"), .attribute("role", "status"),
                .style(
                    CSSDeclaration.font(appearance.font) + [
                        .color(appearance.text), .background(appearance.background),
                        CSSDeclaration("border", .spaced([.px(1), .keyword("solid"), .color(appearance.border)])),
                        CSSDeclaration("padding", .px(appearance.padding)),
                    ]),
            ] + (notice.accessibility.identifier.map { [.id($0)] } ?? []),
            AccessibleMarkup.spoken(notice.accessibility, visible: [.text(notice.text)], text: notice.text))
    }

    /// Where the banner sits: `inset` points in from the sides of the screen's content (16, as a
    /// grouped cell, on a list that reaches the edges; 0 where the content is inset already),
    /// with its corners rounded.
    static func styles(inset: Double) -> [CSSRule] {
        [
            .style(
                ".network-notice",
                [
                    CSSDeclaration("margin", .spaced([.px(8), .px(inset)])), CSSDeclaration("border-radius", .px(10)),
                    CSSDeclaration("line-height", .number(1.3)),
                ])
        ]
    }
}
