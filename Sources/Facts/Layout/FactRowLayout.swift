import Foundation
import ScreenKit
import SharedNetworking

/// Where everything in one row goes, for one width. Frames are relative to the row's top left.
public struct FactRowLayout: Sendable, Hashable, Codable {
    /// The row's width and height in points; the height is exactly what the content needs,
    /// rounded up to a whole point.
    public var size: LayoutSize
    /// The image slot (placeholder background), when the row has an image URL.
    public var imageSlot: LayoutRect?
    /// The image itself inside the slot, aspect-fit and centred (equal to the slot unless the
    /// aspect ratio hit a bound).
    public var image: LayoutRect?
    /// Whether the image sits above the text (narrow widths) rather than beside it.
    public var isStacked: Bool
    /// The title's lines and frame; `nil` when the row has no title.
    public var title: TextBlock?
    /// The description's lines and frame; `nil` when the row has no description.
    public var description: TextBlock?

    /// A wrapped text and the frame it occupies.
    public struct TextBlock: Sendable, Hashable, Codable {
        /// Where the lines are drawn, relative to the row.
        public var frame: LayoutRect
        /// The text as wrapped, one string per line, so every renderer breaks it the same way.
        public var lines: [String]
        /// The font the lines were measured in.
        public var font: FontSpec
    }
}

/// Computes self-sizing rows: each row as tall as its content and no taller, nothing clipped.
///
/// Rules (see `Docs/Facts.md`, "Self-sizing rows"): text wraps to the text column; the image column is a fraction of
/// the width within min/max bounds; the image slot's height follows the image's real aspect
/// ratio (from the pipeline's pixel size; a placeholder ratio until it is known) within min/max
/// bounds, the image scaled to fit without distortion; the row is the taller of text and image
/// plus insets. When the text column would be narrower than `minimumTextWidth`, the image goes
/// above the text.
public struct FactRowLayoutEngine: Sendable {
    /// The design constants: insets, spacing, fonts, image bounds.
    public var metrics: FactsLayoutMetrics
    /// Measures text: TextKit in an app, ``AverageGlyphMeasurer`` in tests and the terminal.
    public var measurer: any TextMeasuring

    /// An engine with the design's metrics and the deterministic measurer unless given others.
    public init(metrics: FactsLayoutMetrics = FactsLayoutMetrics(), measurer: any TextMeasuring = AverageGlyphMeasurer()) {
        self.metrics = metrics
        self.measurer = measurer
    }

    /// The layout of `row` at `width` points, with the image in state `image` (its pixel size, once
    /// known, decides the slot's height).
    public func layout(_ row: FactRow, image: RowImageState, width: Double) -> FactRowLayout {
        let m = metrics
        let contentWidth = max(1, width - 2 * m.horizontalInset)
        var slot: LayoutRect?
        var picture: LayoutRect?
        var textX = m.horizontalInset
        var textY = m.verticalInset
        var textWidth = contentWidth
        var stacked = false

        if row.imageURL != nil, image != .none {
            let besideColumn = Self.clamp(contentWidth * m.imageColumnFraction, m.imageMinWidth, m.imageMaxWidth)
            stacked = contentWidth - besideColumn - m.imageSpacing < m.minimumTextWidth
            let column = min(contentWidth, stacked ? m.imageMaxWidth : besideColumn)
            let (slotHeight, fitted) = imageSize(column: column, aspect: aspectRatio(image))
            let slotRect = LayoutRect(x: m.horizontalInset, y: m.verticalInset, width: column, height: slotHeight)
            slot = slotRect
            picture = LayoutRect(
                x: slotRect.x + (column - fitted.width) / 2,
                y: slotRect.y + (slotHeight - fitted.height) / 2,
                width: fitted.width,
                height: fitted.height
            )
            if stacked {
                textY = slotRect.maxY + m.imageSpacing
            } else {
                textX = slotRect.maxX + m.imageSpacing
                textWidth = contentWidth - column - m.imageSpacing
            }
        }

        var cursor = textY
        var title: FactRowLayout.TextBlock?
        var description: FactRowLayout.TextBlock?
        if let text = row.title {
            title = block(text, font: m.titleFont, x: textX, y: cursor, width: textWidth)
            cursor = title.map { $0.frame.maxY } ?? cursor
        }
        if let text = row.description {
            if title != nil { cursor += m.titleSpacing }
            description = block(text, font: m.descriptionFont, x: textX, y: cursor, width: textWidth)
            cursor = description.map { $0.frame.maxY } ?? cursor
        }
        let hasText = title != nil || description != nil
        // When the image is stacked and there is no text, the spacing below it is not needed.
        let textBottom = hasText ? cursor : (stacked ? (slot?.maxY ?? cursor) : m.verticalInset)
        let contentBottom = max(textBottom, slot?.maxY ?? m.verticalInset)
        let height = (contentBottom + m.verticalInset - 1e-9).rounded(.up)
        return FactRowLayout(
            size: LayoutSize(width: width, height: height),
            imageSlot: slot,
            image: picture,
            isStacked: stacked,
            title: title,
            description: description
        )
    }

    /// Heights of every row at `width`, for a table's `heightForRowAt` or a scroll offset map.
    public func heights(_ rows: [FactRow], images: (Int) -> RowImageState, width: Double) -> [Double] {
        rows.indices.map { layout(rows[$0], image: images($0), width: width).size.height }
    }

    private func block(_ text: String, font: FontSpec, x: Double, y: Double, width: Double) -> FactRowLayout.TextBlock {
        let measured = measurer.measure(text, font: font, width: width)
        return FactRowLayout.TextBlock(
            frame: LayoutRect(x: x, y: y, width: width, height: measured.size.height),
            lines: measured.lines,
            font: font
        )
    }

    /// Height ÷ width: the image's real one once known, the placeholder's before.
    private func aspectRatio(_ state: RowImageState) -> Double {
        if case .loaded(let size?, _) = state, size.width > 0, size.height > 0 {
            return size.aspectRatio
        }
        return metrics.placeholderAspectRatio
    }

    /// The slot height for a column, and the image's aspect-fit size inside it.
    private func imageSize(column: Double, aspect: Double) -> (Double, LayoutSize) {
        let natural = column * aspect
        let slotHeight = Self.clamp(natural, metrics.imageMinHeight, metrics.imageMaxHeight)
        if natural <= slotHeight {
            return (slotHeight, LayoutSize(width: column, height: natural))
        }
        return (slotHeight, LayoutSize(width: slotHeight / aspect, height: slotHeight))
    }

    private static func clamp(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
        min(max(value, lower), max(lower, upper))
    }
}
