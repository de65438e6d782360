import Foundation
import HooSets
import SharedNetworking

/// The Hoo sets grid as a page: every section's header artwork and cells at the frames of
/// ``/HooSets/HooSetsViewState`` (laid out by `HooGridLayout`), the exercise's cell-frame and selection-
/// disc artwork, and the selected Hoo's words in its set's colour.
///
/// The grid is as wide as the view state's viewport (320 pt from `exercises hoosets`); on a
/// wider phone it is centred and the area around it drawn in ``/HooSets/HooGridMetrics/borderColor``,
/// the exercise's "10 % white" surround. The selected Hoo shows the disc over its cell and,
/// pinned to the bottom of the screen, its image (the backdrop, at a third of the viewport's size)
/// over the set title, the Hoo's title and its poem line.
public enum HooSetsPreview {
    /// The grid screen for `state`, with artwork and Hoo images resolved by `images`.
    public static func screen(_ state: HooSetsViewState, images: PreviewImages = .localFilesOnly) -> PreviewScreen {
        let metrics = state.metrics
        let cellFrame = images.source(for: state.artwork.cellFrame)
        var grid: [HTMLNode] = []
        for section in state.sections {
            grid.append(header(section, metrics: metrics, images: images))
            for item in section.items {
                grid.append(cell(item, color: section.color, images: images))
            }
        }
        if let selection = state.selection {
            grid.append(disc(selection, images: images, disc: images.source(for: state.artwork.selectionDisc)))
        }
        var content: [HTMLNode] = [
            .div(
                "hoo-grid",
                style: [
                    .width(state.contentSize.width), .height(state.contentSize.height),
                    CSSDeclaration("margin-top", .px(-state.contentOffsetY)),
                    CSSDeclaration(
                        "box-shadow",
                        .commaSeparated([
                            .spaced([.keyword("inset"), .px(metrics.horizontalInset), .px(0), .px(0), .color(metrics.borderColor)]),
                            .spaced([.keyword("inset"), .px(-metrics.horizontalInset), .px(0), .px(0), .color(metrics.borderColor)]),
                        ])),
                ], grid)
        ]
        if let selection = state.selection {
            content.append(words(selection, state: state, images: images))
        }
        if let message = state.errorMessage {
            content.insert(.div("hoo-error", [.text(message)]), at: 0)
        }
        let selected = state.selection.map { "\($0.setTitle): “\($0.title)” selected" } ?? "nothing selected"
        return PreviewScreen(
            slug: "hoosets", title: state.title,
            caption:
                "\(state.sections.count) sets, \(state.hooCount) Hoos, \(selected). Grid \(Int(state.viewport.width)) pt wide at \(state.displayScale).",
            background: metrics.backgroundColor, statusBarForeground: .white,
            content: .div("hoo-screen", style: [.background(metrics.borderColor)], content),
            styles: styles(metrics, cellFrame: cellFrame))
    }

    static func header(_ section: HooSectionState, metrics: HooGridMetrics, images: PreviewImages) -> HTMLNode {
        let frame = section.headerFrame
        var children: [HTMLNode] = []
        if let imageFrame = section.headerImageFrame, let source = images.source(for: section.headerImageURL) {
            children.append(
                .image(
                    source, alt: section.title,
                    [
                        .style(
                            CSSDeclaration.frame(
                                x: imageFrame.minX - frame.minX, y: imageFrame.minY - frame.minY, width: imageFrame.size.width,
                                height: imageFrame.size.height))
                    ]))
        } else {
            children.append(
                .span("hoo-header-title", section.title, style: CSSDeclaration.font(metrics.headerFallbackFont) + [.color(section.color)]))
        }
        children.append(.span("hoo-count", section.countLabel, style: CSSDeclaration.font(metrics.setTitleFont) + [.color(section.color)]))
        return .element(
            "section",
            [.class("hoo-header"), .id("set-\(section.id)"), .ariaLabel("\(section.title), \(section.countLabel)"), .style(place(frame))],
            children)
    }

    static func cell(_ item: HooItemState, color: RGBColor, images: PreviewImages) -> HTMLNode {
        let image: HTMLNode
        if let source = images.source(for: item.imageURL) {
            image = .image(source, alt: item.title, [.class("hoo-image")])
        } else {
            image = .div("hoo-placeholder", style: [CSSDeclaration("background-color", .translucent(color, alpha: 0.35))])
        }
        return .element(
            "div",
            [
                .class(item.isSelected ? "hoo-cell selected" : "hoo-cell"), .title(item.title), .ariaLabel(item.accessibilityLabel),
                .style(place(item.frame)),
            ],
            [image])
    }

    static func disc(_ selection: HooSelectionState, images: PreviewImages, disc: SafeURL?) -> HTMLNode {
        var layers: [HTMLNode] = []
        if let disc {
            layers.append(.image(disc, alt: "", [.class("hoo-disc-art")]))
        } else {
            layers.append(.div("hoo-disc-fallback", style: [.background(selection.color)]))
        }
        layers.append(.image(images.source(for: selection.backdropImageURL), alt: selection.title, [.class("hoo-disc-image")]))
        return .div("hoo-disc", style: place(selection.discFrame), layers)
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
        children.append(.div("hoo-set-title", style: CSSDeclaration.font(metrics.setTitleFont), [.text(selection.setTitle)]))
        children.append(.div("hoo-title", style: CSSDeclaration.font(metrics.discTitleFont), [.text(selection.title)]))
        if !selection.poemLine.isEmpty {
            children.append(.div("hoo-poem", style: CSSDeclaration.font(metrics.discPoemFont), [.text(selection.poemLine)]))
        }
        return .element(
            "aside",
            [
                .class("hoo-words"), .ariaLabel("\(selection.title), \(selection.setTitle)"),
                .style([
                    .color(selection.color), CSSDeclaration("background-color", .translucent(metrics.backgroundColor, alpha: 0.92)),
                    .width(state.viewport.width),
                ]),
            ], children)
    }

    static func place(_ frame: GridRect) -> [CSSDeclaration] {
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
            .style(".hoo-header", [CSSDeclaration("display", .keyword("block"))]),
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
                    CSSDeclaration("bottom", .px(8)), CSSDeclaration("opacity", .number(0.75)),
                ]),
            .style(".hoo-cell", cell),
            .style(".hoo-image, .hoo-placeholder", fill + [CSSDeclaration("object-fit", .keyword("contain"))]),
            .style(
                ".hoo-placeholder",
                [
                    CSSDeclaration("inset", .percent(12)), CSSDeclaration("width", .keyword("auto")),
                    CSSDeclaration("height", .keyword("auto")), CSSDeclaration("border-radius", .percent(50)),
                ]),
            .style(".hoo-disc-art, .hoo-disc-fallback", fill + [CSSDeclaration("border-radius", .percent(50))]),
            .style(".hoo-disc-image", fill + [CSSDeclaration("object-fit", .keyword("contain"))]),
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
