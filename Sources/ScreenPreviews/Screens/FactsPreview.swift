import Facts
import Foundation
import ScreenKit
import SharedNetworking

/// The facts table as a page: the feed's title in the navigation bar with a refresh button,
/// then every row at the height its layout computed ("the right height to display its own
/// content and no taller"), its image slot and image at their frames, and its title and
/// description as the layout wrapped them, in ``/Facts/FactsLayoutMetrics``' fonts and colours.
///
/// The rows are as wide as the view state says (`exercises facts --width`); the phone is at
/// least that wide, and a narrower table is centred. Images come from the resource pipeline's
/// disk cache (`exercises facts --images` fills it); a row whose image is not there shows the
/// placeholder for its state (not loaded, loading, failed) as the app does.
///
/// From the view state's accessibility: the title as the `h1`, the refresh `<button>`
/// (`refresh`), the rows as a list whose items read as one sentence each with the picture's
/// state (the pictures themselves decorative), the error and notices in the user's language. A
/// saved copy or a retry (`notice`) is a banner above the rows (`PreviewNoticeBanner`).
public enum FactsPreview {
    /// The facts screen for the view-model's `state`: the placeholder in the facts' words while
    /// there are no rows (``/ScreenKit/ScreenState/placeholder``, under the notice banner drawn in
    /// `contrast`'s colours), else the content (whose notice and announcement are the state's),
    /// with images resolved by `images`. What every front-end draws.
    public static func screen(
        _ state: ScreenState<FactsViewState>, images: PreviewImages = .localFilesOnly, contrast: ContrastPreference = .standard
    ) -> PreviewScreen {
        PreviewPlaceholder.screen(state, slug: "facts", title: "Facts", contrast: contrast) { screen($0, images: images) }
    }

    /// The facts screen for a view state alone (a `--json` file, a test), with images resolved by
    /// `images`.
    public static func screen(_ screen: FactsViewState, images: PreviewImages = .localFilesOnly) -> PreviewScreen {
        let metrics = screen.metrics
        let written = FactsWrittenText(language: screen.language)
        var content: [HTMLNode] = [PreviewNoticeBanner.node(screen.notice, contrast: metrics.contrast)]
        if screen.isRefreshing || screen.status == .loading {
            content.append(PreviewSpinner.refresh("facts-spinner", color: metrics.descriptionColor))
        }
        if let message = screen.errorMessage {
            content.append(
                .element(
                    "div",
                    [
                        .class(screen.status == .failed ? "facts-error full" : "facts-error"), .attribute("role", "alert"),
                        .style(CSSDeclaration.font(metrics.descriptionFont)),
                    ], AccessibleMarkup.spoken(screen.errorAccessibility, visible: [.text(message)], text: message)))
        }
        if let empty = screen.emptyText {
            content.append(
                .div(
                    "facts-empty", style: CSSDeclaration.font(metrics.descriptionFont) + [.color(metrics.descriptionColor)],
                    AccessibleMarkup.spoken(screen.emptyAccessibility, visible: [.text(empty)], text: empty)))
        }
        content.append(
            .element(
                "ol",
                [
                    .class("facts-table"), .ariaLabel(screen.listAccessibility.label),
                    .style([.width(screen.width), .background(metrics.backgroundColor)]),
                ]
                    + (screen.listAccessibility.identifier.map { [.id($0)] } ?? []),
                screen.rows.enumerated().map { row($1, index: $0, metrics: metrics, images: images, written: written) }))
        if let notice = screen.droppedRowsNotice {
            content.append(
                .div(
                    "facts-notice", style: CSSDeclaration.font(metrics.descriptionFont) + [.color(metrics.descriptionColor)],
                    AccessibleMarkup.spoken(screen.noticeAccessibility, visible: [.text(notice)], text: notice)))
        }
        let loaded = screen.rows.filter { if case .loaded = $0.image { true } else { false } }.count
        let withImages = screen.rows.filter { $0.imageURL != nil }.count
        return PreviewScreen(
            slug: "facts", title: written.screenName,
            caption: written.caption(
                rows: screen.rows.count, width: Int(screen.width), height: Int(screen.contentHeight), withImages: withImages,
                loaded: loaded),
            background: metrics.backgroundColor,
            navigationBar: PreviewNavigationBar(
                title: screen.title, background: metrics.backgroundColor, foreground: metrics.titleColor,
                trailingItem: AccessibleMarkup.button(
                    screen.refreshAccessibility, classes: "facts-refresh", [PreviewIcon.refresh.node(size: 22)]),
                titleAccessibility: screen.titleAccessibility),
            content: .div("facts-screen", content), styles: styles(metrics) + PreviewNoticeBanner.styles(inset: 16),
            contentWidth: screen.width,
            announcement: screen.announcement)
    }

    /// A row; `index` is its position (`data-row`, which a live page reports for the rows in view).
    static func row(
        _ row: FactsViewState.Row, index: Int, metrics: FactsLayoutMetrics, images: PreviewImages, written: FactsWrittenText
    ) -> HTMLNode {
        let layout = row.layout
        var children: [HTMLNode] = []
        if let slot = layout.imageSlot {
            children.append(
                .div(
                    "facts-slot", style: place(slot) + [.background(metrics.placeholderColor)],
                    [slotContent(row.image, metrics: metrics, written: written)])
            )
        }
        if let frame = layout.image, case .loaded = row.image, let source = images.remoteSource(for: row.imageURL) {
            // Decorative: the row's words say what it is about.
            children.append(.image(source, alt: "", [.class("facts-image"), .style(place(frame))]))
        }
        if let title = layout.title {
            children.append(text(title, className: "facts-title", color: metrics.titleColor))
        }
        if let description = layout.description {
            children.append(text(description, className: "facts-description", color: metrics.descriptionColor))
        }
        return .element(
            "li",
            [
                .class(layout.isStacked ? "facts-row stacked" : "facts-row"), .id(row.accessibility.identifier ?? "fact-\(row.id)"),
                .attribute("data-row", String(index)),
                .style([
                    .height(layout.size.height),
                    CSSDeclaration("box-shadow", .spaced([.keyword("inset"), .px(0), .px(-1), .px(0), .color(metrics.separatorColor)])),
                ]),
            ], AccessibleMarkup.spoken(row.accessibility, visible: children))
    }

    /// What the slot shows under (or instead of) the image; a failed one says why as its
    /// tooltip, in the screen's language.
    static func slotContent(_ state: RowImageState, metrics: FactsLayoutMetrics, written: FactsWrittenText) -> HTMLNode {
        switch state {
        case .loading:
            return .div("facts-slot-spinner", style: [CSSDeclaration("border-top-color", .color(metrics.descriptionColor))])
        case .failed(let reason):
            return .element(
                "span",
                [
                    .class("facts-slot-icon failed"), .title(written.imageFailedTooltip(reason: reason)),
                    .style([.color(metrics.descriptionColor)]),
                ],
                [PreviewIcon.photo.node(size: 24)])
        case .none, .notLoaded, .loaded:
            return .element(
                "span", [.class("facts-slot-icon"), .style([.color(metrics.descriptionColor)])], [PreviewIcon.photo.node(size: 24)])
        }
    }

    /// The layout's own lines, one per line box, so the page shows the wrapping the app uses.
    static func text(_ block: FactRowLayout.TextBlock, className: String, color: RGBColor) -> HTMLNode {
        let lineHeight = block.lines.isEmpty ? block.frame.height : block.frame.height / Double(block.lines.count)
        return .div(
            className,
            style: place(block.frame) + CSSDeclaration.font(block.font) + [.color(color), CSSDeclaration("line-height", .px(lineHeight))],
            block.lines.map { .div("facts-line", [.text($0)]) })
    }

    static func place(_ rect: LayoutRect) -> [CSSDeclaration] {
        CSSDeclaration.frame(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }

    static func styles(_ metrics: FactsLayoutMetrics) -> [CSSRule] {
        let center: [CSSDeclaration] = [
            CSSDeclaration("display", .keyword("flex")), CSSDeclaration("align-items", .keyword("center")),
            CSSDeclaration("justify-content", .keyword("center")),
        ]
        return [
            .style(
                ".facts-table",
                [
                    CSSDeclaration("list-style", .keyword("none")), CSSDeclaration("margin", .spaced([.px(0), .keyword("auto")])),
                    CSSDeclaration("padding", .px(0)),
                ]),
            .style(".facts-row", [CSSDeclaration("position", .keyword("relative")), CSSDeclaration("overflow", .keyword("hidden"))]),
            .style(".facts-slot", center + [CSSDeclaration("border-radius", .px(4))]),
            .style(".facts-slot-icon", [CSSDeclaration("opacity", .number(metrics.contrast == .increased ? 1 : 0.6))]),
            .style(".facts-image", [CSSDeclaration("object-fit", .keyword("contain"))]),
            .style(".facts-line", [CSSDeclaration("white-space", .keyword("pre"))]),
            .style(
                ".facts-error",
                [
                    CSSDeclaration("padding", .px(metrics.verticalInset)), .background(RGBColor(red: 0xFF, green: 0xE5, blue: 0xE5)),
                    .color(RGBColor(red: 0x9B, green: 0x1C, blue: 0x1C)),
                ]),
            .style(
                ".facts-error.full, .facts-empty",
                [CSSDeclaration("padding", .px(metrics.horizontalInset * 2)), CSSDeclaration("text-align", .keyword("center"))]),
            .style(
                ".facts-notice", [CSSDeclaration("padding", .px(metrics.verticalInset)), CSSDeclaration("text-align", .keyword("center"))]),
            .style(
                ".facts-spinner, .facts-slot-spinner",
                [
                    .width(22), .height(22), CSSDeclaration("border-radius", .percent(50)),
                    CSSDeclaration("margin", .spaced([.px(metrics.verticalInset), .keyword("auto")])),
                    CSSDeclaration("border", .spaced([.px(3), .keyword("solid"), .translucent(metrics.descriptionColor, alpha: 0.25)])),
                ]),
        ]
    }
}
