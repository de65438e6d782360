import Foundation
import SharedNetworking

/// Everything the Hoo sets screen draws, as plain values: a SwiftUI view binds to it, the
/// terminal prints it, the HTML previews render it. Frames are in content coordinates (points);
/// subtract ``contentOffsetY`` for the viewport.
public struct HooSetsViewState: Sendable, Equatable, Codable {
    public var title: String
    public var isLoading: Bool
    /// Why the last load failed; the sets from before stay on screen.
    public var errorMessage: String?
    public var displayScale: DisplayScale
    public var metrics: HooGridMetrics
    /// The visible area (the container the grid is laid out for).
    public var viewport: LayoutSize
    public var contentSize: LayoutSize
    /// How far the content is scrolled, clamped to `0...max(0, contentHeight − viewportHeight)`.
    public var contentOffsetY: Double
    public var sections: [HooSectionState]
    public var selection: HooSelectionState?
    public var gestureMode: GestureMode
    /// Increments on every selection change made by scrubbing: bind
    /// `.sensoryFeedback(.selection, trigger: state.selectionFeedbackCount)`.
    public var selectionFeedbackCount: Int
    /// Artwork for the current display scale.
    public var artwork: HooArtworkState
    /// What loading skipped or repaired.
    public var diagnostics: [Diagnostic]

    public var hooCount: Int { sections.reduce(0) { $0 + $1.items.count } }

    public static func empty(metrics: HooGridMetrics = .standard, displayScale: DisplayScale = .x2) -> HooSetsViewState {
        HooSetsViewState(
            title: "Hoo Sets", isLoading: false, errorMessage: nil, displayScale: displayScale, metrics: metrics, viewport: .zero,
            contentSize: .zero, contentOffsetY: 0, sections: [], selection: nil, gestureMode: .idle, selectionFeedbackCount: 0,
            artwork: HooArtworkState(), diagnostics: [])
    }
}

/// One set as a section of the grid.
public struct HooSectionState: Sendable, Equatable, Codable, Identifiable {
    public var id: Int
    /// "Red Set": the header artwork's words, for accessibility and for the text fallback.
    public var title: String
    public var colorName: String
    public var color: RGBColor
    /// The header artwork for the display scale; `nil` draws ``title`` instead.
    public var headerImageURL: URL?
    public var headerFrame: LayoutRect
    public var headerImageFrame: LayoutRect?
    /// "14 Hoos" (with "of 15 listed" when `Count` disagrees).
    public var countLabel: String
    public var items: [HooItemState]
}

/// One cell.
public struct HooItemState: Sendable, Equatable, Codable, Identifiable {
    public var id: HooID
    public var title: String
    /// `hoo.png`; `nil` draws a placeholder in the set's colour.
    public var imageURL: URL?
    public var frame: LayoutRect
    public var isSelected: Bool
    /// "Rubies, Red Set, 1 of 14".
    public var accessibilityLabel: String
}

/// The selection disc and the Hoo's words, shown over the selected cell.
public struct HooSelectionState: Sendable, Equatable, Codable {
    public var id: HooID
    /// "Red Set".
    public var setTitle: String
    public var title: String
    public var poemLine: String
    /// The set's colour: the title and poem are drawn in it.
    public var color: RGBColor
    /// Black or white, whichever reads on ``color`` (for text drawn on a fill of it).
    public var onColor: RGBColor
    /// The disc, centred on the cell.
    public var discFrame: LayoutRect
    public var cellFrame: LayoutRect
    /// The Hoo's own image, drawn over the screen while it is selected.
    public var backdropImageURL: URL?
}

/// The exercise artwork chosen for the display scale.
public struct HooArtworkState: Sendable, Equatable, Codable {
    public var selectionDisc: URL?
    public var cellFrame: URL?
    public var border: URL?
    public var borderPattern: URL?

    public init(selectionDisc: URL? = nil, cellFrame: URL? = nil, border: URL? = nil, borderPattern: URL? = nil) {
        self.selectionDisc = selectionDisc
        self.cellFrame = cellFrame
        self.border = border
        self.borderPattern = borderPattern
    }

    /// The bundled artwork at `scale` (nearest available); empty if the bundle lacks it.
    public static func bundled(scale: DisplayScale) -> HooArtworkState {
        func url(_ artwork: HooArtwork) -> URL? { (try? HooSetsResources.artwork(artwork))?.best(for: scale)?.url }
        return HooArtworkState(
            selectionDisc: url(.selectionDisc), cellFrame: url(.cellSingle), border: url(.border), borderPattern: url(.borderPattern))
    }
}
