import Foundation
import HooSets
import ScreenKit
import SharedNetworking

/// The Hoo sets grid as a page: every section's header artwork and cells at the frames of
/// ``/HooSets/HooSetsViewState`` (laid out by `HooGridLayout`), the exercise's cell-frame and selection-
/// disc artwork, and the selected Hoo's words in its set's colour.
///
/// Every cell is at its content position: the page's scroll area scrolls the grid, so the view
/// state's `contentOffsetY` moves nothing here. The grid is as wide as the view state's viewport
/// (320 pt from `exercises hoosets`); on a wider phone it is centred and the area around it
/// drawn in ``/HooSets/HooGridMetrics/borderColor``, the exercise's "10 % white" surround. The
/// selected Hoo shows the disc over its cell and, pinned to the bottom of the screen, its image
/// (the backdrop, at a third of the viewport's size) over the set title, the Hoo's title and its
/// poem line.
///
/// From the view state's accessibility: a hidden `h1`, each set's header artwork as an `h2`
/// (`Red Set, 14 Hoos`), every Hoo a toggle `<button>` (`select-hoo` with its id), the selected
/// one's `Next Hoo` and `Previous Hoo` and the words panel's `Close` as buttons that show when
/// focused; the disc repeats the panel and is hidden from screen readers.
public enum HooSetsPreview {
    /// The grid screen for the view-model's `state`: the placeholder in the Hoo sets' words while
    /// the sets are not read (``/ScreenKit/ScreenState/placeholder``), else the grid with the
    /// state's announcement, artwork and Hoo images resolved by `images`. What every front-end draws.
    public static func screen(
        _ state: ScreenState<HooSetsViewState>, images: PreviewImages = .localFilesOnly, contrast: ContrastPreference = .standard
    ) -> PreviewScreen {
        PreviewPlaceholder.screen(state, slug: "hoosets", title: "HooSets", contrast: contrast) {
            var screen = screen($0, images: images)
            screen.announcement = state.announcement
            return screen
        }
    }

    /// The grid screen for a view state alone (a `--json` file, a test), with artwork and Hoo
    /// images resolved by `images`.
    public static func screen(_ state: HooSetsViewState, images: PreviewImages = .localFilesOnly) -> PreviewScreen {
        let metrics = state.metrics
        let cellFrame = images.source(for: state.artwork.cellFrame)
        var grid: [HTMLNode] = []
        for section in state.sections {
            grid.append(header(section, metrics: metrics, images: images))
            for item in section.items {
                grid.append(cell(item, color: section.color, images: images))
                if item.isSelected { grid.append(AccessibleMarkup.namedActions(item.accessibility)) }
            }
        }
        if let selection = state.selection {
            grid.append(disc(selection, images: images, disc: images.source(for: state.artwork.selectionDisc)))
        }
        var content: [HTMLNode] = [
            AccessibleMarkup.heading(state.titleAccessibility, visibleText: state.title, [.class("sr-only")], [.text(state.title)]),
            .div([.class("hoo-grid")] + gestureAttribute(state.gestureMode) + [.style(gridStyle(state))], grid),
        ]
        if let selection = state.selection {
            content.append(words(selection, state: state, images: images))
        }
        if let message = state.errorMessage {
            content.insert(.element("div", [.class("hoo-error"), .attribute("role", "alert")], [.text(message)]), at: 1)
        }
        return PreviewScreen(
            slug: "hoosets", title: state.title,
            caption: HooSetsWrittenText(language: state.language).caption(
                sets: state.sections.count, hoos: state.hooCount, selected: state.selection.map { ($0.setTitle, $0.title) },
                width: Int(state.viewport.width), scale: "\(state.displayScale)"),
            background: metrics.backgroundColor, statusBarForeground: .white,
            content: .div("hoo-screen", style: [.background(metrics.borderColor)], content),
            styles: styles(metrics, cellFrame: cellFrame), announcement: state.announcement)
    }

    /// The grid's size and its surround, at the top of the content (no scroll offset: the page's
    /// scroll area scrolls it).
    static func gridStyle(_ state: HooSetsViewState) -> [CSSDeclaration] {
        let inset = state.metrics.horizontalInset, border = state.metrics.borderColor
        return [
            .width(state.contentSize.width), .height(state.contentSize.height),
            CSSDeclaration(
                "box-shadow",
                .commaSeparated([
                    .spaced([.keyword("inset"), .px(inset), .px(0), .px(0), .color(border)]),
                    .spaced([.keyword("inset"), .px(-inset), .px(0), .px(0), .color(border)]),
                ])),
        ]
    }

    /// `data-gesture` while a touch is down (`pending`, `scrolling`, `scrubbing`): a live page
    /// stops its native scroll while the gesture arbiter scrubs. Nothing when idle.
    static func gestureAttribute(_ mode: GestureMode) -> [HTMLAttribute] {
        mode == .idle ? [] : [.attribute("data-gesture", mode.rawValue)]
    }

    static func header(_ section: HooSectionState, metrics: HooGridMetrics, images: PreviewImages) -> HTMLNode {
        let frame = section.headerFrame
        var children: [HTMLNode] = []
        if let imageFrame = section.headerImageFrame, let source = images.source(for: section.headerImageURL) {
            children.append(
                .image(
                    source, alt: "",
                    [
                        .style(
                            CSSDeclaration.frame(
                                x: imageFrame.minX - frame.minX, y: imageFrame.minY - frame.minY, width: imageFrame.size.width,
                                height: imageFrame.size.height))
                    ]))
        } else {
            children.append(
                .span(
                    "hoo-header-title", section.title, style: CSSDeclaration.font(metrics.headerFallbackFont) + [.color(section.textColor)])
            )
        }
        children.append(
            .span("hoo-count", section.countLabel, style: CSSDeclaration.font(metrics.setTitleFont) + [.color(section.textColor)]))
        // The heading reads the artwork's words and the count (`Red Set, 14 Hoos`).
        return AccessibleMarkup.heading(section.accessibility, visibleText: nil, [.class("hoo-header"), .style(place(frame))], children)
    }

    static func cell(_ item: HooItemState, color: RGBColor, images: PreviewImages) -> HTMLNode {
        let image: HTMLNode
        if let source = images.source(for: item.imageURL) {
            // The button's name says what the picture is.
            image = .image(source, alt: "", [.class("hoo-image")])
        } else {
            image = .element(
                "span", [.class("hoo-placeholder"), .style([CSSDeclaration("background-color", .translucent(color, alpha: 0.35))])])
        }
        return AccessibleMarkup.button(
            item.accessibility, classes: item.isSelected ? "hoo-cell selected" : "hoo-cell", style: place(item.frame), [image])
    }

    static func disc(_ selection: HooSelectionState, images: PreviewImages, disc: SafeURL?) -> HTMLNode {
        var layers: [HTMLNode] = []
        if let disc {
            layers.append(.image(disc, alt: "", [.class("hoo-disc-art")]))
        } else {
            layers.append(.div("hoo-disc-fallback", style: [.background(selection.color)]))
        }
        layers.append(.image(images.source(for: selection.backdropImageURL), alt: selection.title, [.class("hoo-disc-image")]))
        // The panel below says what the disc shows; the disc is only drawn.
        return .element("div", [.class("hoo-disc"), .attribute("aria-hidden", "true"), .style(place(selection.discFrame))], layers)
    }

    static func words(_ selection: HooSelectionState, state: HooSetsViewState, images: PreviewImages) -> HTMLNode {
        let metrics = state.metrics
        var children: [HTMLNode] = []
        if let backdrop = images.source(for: selection.backdropImageURL) {
            children.append(
                .image(
                    backdrop, alt: "",
                    [.class("hoo-backdrop"), .style([.width(state.viewport.width / 3), .height(state.viewport.height / 3)])]))
        }
        var words: [HTMLNode] = [
            .div("hoo-set-title", style: CSSDeclaration.font(metrics.setTitleFont), [.text(selection.setTitle)]),
            .div("hoo-title", style: CSSDeclaration.font(metrics.discTitleFont), [.text(selection.title)]),
        ]
        if !selection.poemLine.isEmpty {
            words.append(.div("hoo-poem", style: CSSDeclaration.font(metrics.discPoemFont), [.text(selection.poemLine)]))
        }
        children += AccessibleMarkup.spoken(selection.accessibility, visible: words)
        children.append(AccessibleMarkup.namedActions(selection.accessibility))
        // A group, not an `aside`: a complementary landmark may not sit inside `main`.
        return .element(
            "div",
            [
                .class("hoo-words"), .attribute("role", "group"), .ariaLabel(selection.accessibility.label),
                .style([
                    .color(selection.textColor), CSSDeclaration("background-color", .translucent(metrics.backgroundColor, alpha: 0.92)),
                    .width(state.viewport.width),
                ]),
            ] + (selection.accessibility.identifier.map { [.id($0)] } ?? []), children)
    }

    static func place(_ frame: LayoutRect) -> [CSSDeclaration] {
        CSSDeclaration.frame(x: frame.minX, y: frame.minY, width: frame.size.width, height: frame.size.height)
    }

    static func styles(_ metrics: HooGridMetrics, cellFrame: SafeURL?) -> [CSSRule] {
        let fill: [CSSDeclaration] = [
            CSSDeclaration("position", .keyword("absolute")), CSSDeclaration("inset", .px(0)), CSSDeclaration("width", .percent(100)),
            CSSDeclaration("height", .percent(100)),
        ]
        var cell: [CSSDeclaration] = []
        if let cellFrame {
            cell = [CSSDeclaration("background-image", .image(cellFrame)), CSSDeclaration("background-size", .keyword("100% 100%"))]
        }
        return [
            .style(".hoo-screen", [CSSDeclaration("min-height", .percent(100))]),
            .style(
                ".hoo-grid",
                [
                    CSSDeclaration("position", .keyword("relative")), CSSDeclaration("margin-left", .keyword("auto")),
                    CSSDeclaration("margin-right", .keyword("auto")), .background(metrics.backgroundColor),
                ]),
            .style(
                ".hoo-header",
                [
                    CSSDeclaration("display", .keyword("block")), CSSDeclaration("margin", .px(0)),
                    CSSDeclaration("font-size", .keyword("inherit")), CSSDeclaration("font-weight", .keyword("inherit")),
                ]),
            .style(
                ".hoo-header-title",
                [
                    CSSDeclaration("position", .keyword("absolute")), CSSDeclaration("inset", .px(0)),
                    CSSDeclaration("display", .keyword("flex")),
                    CSSDeclaration("align-items", .keyword("center")), CSSDeclaration("justify-content", .keyword("center")),
                ]),
            .style(
                ".hoo-count",
                [
                    CSSDeclaration("position", .keyword("absolute")), CSSDeclaration("right", .px(metrics.horizontalInset + 8)),
                    CSSDeclaration("bottom", .px(8)), CSSDeclaration("opacity", .number(metrics.secondaryTextOpacity)),
                ]),
            .style(".hoo-cell", cell + [CSSDeclaration("display", .keyword("block"))]),
            .style(".hoo-image, .hoo-placeholder", fill + [CSSDeclaration("object-fit", .keyword("contain"))]),
            // The artwork's confetti reaches past its round frame and is cut by the picture's
            // square edge: the cell is drawn as the circle it is, so nothing ends in a straight line.
            .style(".hoo-image", [CSSDeclaration("clip-path", .keyword("circle(50%)"))]),
            .style(
                ".hoo-placeholder",
                [
                    CSSDeclaration("inset", .percent(12)), CSSDeclaration("width", .keyword("auto")),
                    CSSDeclaration("height", .keyword("auto")), CSSDeclaration("border-radius", .percent(50)),
                ]),
            .style(".hoo-disc-art, .hoo-disc-fallback", fill + [CSSDeclaration("border-radius", .percent(50))]),
            // The Hoo's hairlines (its full-size picture, drawn small) on the set's disc: a white
            // halo makes each stroke a white line of a point or so, where the thin strokes blended
            // with the disc to its own colour (purple on purple), in both contrasts.
            .style(
                ".hoo-disc-image",
                fill + [
                    CSSDeclaration("object-fit", .keyword("contain")),
                    CSSDeclaration(
                        "filter", .keyword("drop-shadow(0 0 0.5px #fff) drop-shadow(0 0 0.5px #fff) drop-shadow(0 0 0.5px #fff)")),
                ]),
            .style(
                ".hoo-words",
                [
                    CSSDeclaration("position", .keyword("sticky")), CSSDeclaration("bottom", .px(0)),
                    CSSDeclaration("margin", .spaced([.px(0), .keyword("auto")])),
                    CSSDeclaration(
                        "padding", .spaced([.px(metrics.sectionSpacing), .px(metrics.sectionSpacing * 2), .px(metrics.sectionSpacing * 4)])),
                    CSSDeclaration("text-align", .keyword("center")), CSSDeclaration("z-index", .number(3)),
                    CSSDeclaration("border-top", .spaced([.px(1), .keyword("solid"), .keyword("currentColor")])),
                ]),
            .style(
                ".hoo-backdrop",
                [
                    CSSDeclaration("margin", .spaced([.px(0), .keyword("auto"), .px(metrics.sectionSpacing)])),
                    CSSDeclaration("object-fit", .keyword("contain")),
                ]),
            .style(".hoo-title", [CSSDeclaration("margin", .spaced([.px(metrics.sectionSpacing / 2), .px(0)]))]),
            .style(
                ".hoo-error",
                [.background(RGBColor(red: 0xE0, green: 0x49, blue: 0x3E)), .color(.white), CSSDeclaration("padding", .px(8))]),
        ]
    }
}
