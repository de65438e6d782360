import Foundation
import ScreenKit
import SharedNetworking

/// Everything the Hoo sets screen draws, as plain values: a SwiftUI view binds to it, the
/// terminal prints it, the HTML previews render it. Frames are in content coordinates (points): a
/// scroll view places them as they are; subtract ``contentOffsetY`` for the viewport.
public struct HooSetsViewState: Sendable, Equatable, Codable {
    /// The navigation title.
    public var title: String
    /// Whether a load is running.
    public var isLoading: Bool
    /// Why the last load failed; the sets from before stay on screen.
    public var errorMessage: String?
    /// The scale artwork and header images were picked for.
    public var displayScale: DisplayScale
    /// Columns, insets, colours and fonts the grid was laid out with.
    public var metrics: HooGridMetrics
    /// The visible area (the container the grid is laid out for).
    public var viewport: LayoutSize
    /// The size of the whole grid.
    public var contentSize: LayoutSize
    /// The top of the visible region, as the host's scroll view last reported it (or where it
    /// keeps the top Hoo after a new width), clamped to `0...max(0, contentHeight − viewportHeight)`.
    public var contentOffsetY: Double
    /// The sets, top to bottom.
    public var sections: [HooSectionState]
    /// The disc over the selected Hoo; `nil` when nothing is selected.
    public var selection: HooSelectionState?
    /// What the current touch is doing: scrolling, scrubbing or nothing yet.
    public var gestureMode: GestureMode
    /// Increments on every selection change made by scrubbing: bind
    /// `.sensoryFeedback(.selection, trigger: state.selectionFeedbackCount)`.
    public var selectionFeedbackCount: Int
    /// Artwork for the current display scale.
    public var artwork: HooArtworkState
    /// What loading skipped or repaired.
    public var diagnostics: [Diagnostic]
    /// The title as the screen's level-1 heading.
    public var titleAccessibility: AccessibilityElement
    /// The grid as a container of sets.
    public var gridAccessibility: AccessibilityElement
    /// What VoiceOver should say now: the Hoo just opened (`Rubies, Red Set. Roses are red,`)
    /// or why loading failed (``HooSetsViewModel``).
    public var announcement: Announcement?
    /// The language of the screen's words (the spoken words' language, the user's messages
    /// locale's): a renderer that writes words of its own takes them from ``HooSetsWrittenText``
    /// in this language, so the whole screen is in one.
    public var language: SpokenLanguage = .english

    /// How many Hoos the grid shows.
    public var hooCount: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// The screen before anything was loaded.
    public static func empty(
        metrics: HooGridMetrics = .standard, displayScale: DisplayScale = .x2,
        spoken: HooSetsSpokenText = HooSetsSpokenText(language: .english)
    ) -> HooSetsViewState {
        HooSetsViewState(
            title: HooSetsWrittenText(language: spoken.language).title, isLoading: false, errorMessage: nil, displayScale: displayScale,
            metrics: metrics, viewport: .zero,
            contentSize: .zero, contentOffsetY: 0, sections: [], selection: nil, gestureMode: .idle, selectionFeedbackCount: 0,
            artwork: HooArtworkState(), diagnostics: [],
            titleAccessibility: .heading(spoken.screenTitle, level: .h1, identifier: "title"),
            gridAccessibility: AccessibilityElement(label: spoken.grid, children: .contain, identifier: "grid"), announcement: nil,
            language: spoken.language)
    }
}

/// One set as a section of the grid.
public struct HooSectionState: Sendable, Equatable, Codable, Identifiable {
    /// The set's number.
    public var id: Int
    /// "Red Set": the header artwork's words, for accessibility and for the text fallback.
    public var title: String
    /// The colour's name as the set's file writes it (`Red`).
    public var colorName: String
    /// The set's colour: the disc's and the placeholders'.
    public var color: RGBColor
    /// The colour of text drawn in the set's colour (the count): ``color``, or a shade that
    /// reads 4.5:1 with Increase Contrast (``HooGridMetrics/textColor(for:)``).
    public var textColor: RGBColor
    /// The header artwork for the display scale; `nil` draws ``title`` instead.
    public var headerImageURL: URL?
    /// The header band, in content coordinates.
    public var headerFrame: LayoutRect
    /// The header artwork's frame inside the band; `nil` without artwork.
    public var headerImageFrame: LayoutRect?
    /// "14 Hoos" (with "of 15 listed" when `Count` disagrees).
    public var countLabel: String
    /// The set's cells, in order.
    public var items: [HooItemState]
    /// The header as a level-2 heading: `Red Set, 14 Hoos`.
    public var accessibility: AccessibilityElement
}

/// One cell.
public struct HooItemState: Sendable, Equatable, Codable, Identifiable {
    /// Which Hoo the cell shows.
    public var id: HooID
    /// The Hoo's title, for accessibility.
    public var title: String
    /// `hoo.png`; `nil` draws a placeholder in the set's colour.
    public var imageURL: URL?
    /// The cell, in content coordinates.
    public var frame: LayoutRect
    /// Whether the cell is the selected one.
    public var isSelected: Bool
    /// "Rubies, Red Set, 1 of 14", in the user's language: ``accessibility``'s label.
    public var accessibilityLabel: String
    /// The cell as a VoiceOver toggle button (tapping the selected Hoo closes it): the label
    /// above, selected when selected, the action
    /// `select-hoo` with the Hoo's id; the selected cell also offers `Next Hoo` and `Previous
    /// Hoo` (the way to do without the scrub gesture what it does).
    public var accessibility: AccessibilityElement
}

/// The selection disc and the Hoo's words, shown over the selected cell.
public struct HooSelectionState: Sendable, Equatable, Codable {
    /// The selected Hoo.
    public var id: HooID
    /// "Red Set".
    public var setTitle: String
    /// The Hoo's title, on the disc.
    public var title: String
    /// The Hoo's line of the poem, on the disc.
    public var poemLine: String
    /// The set's colour: the title and poem are drawn in it.
    public var color: RGBColor
    /// The colour the title and poem are drawn in: ``color``, or a shade that reads 4.5:1 with
    /// Increase Contrast.
    public var textColor: RGBColor
    /// Black or white, whichever reads on ``color`` (for text drawn on a fill of it).
    public var onColor: RGBColor
    /// The disc, centred on the cell.
    public var discFrame: LayoutRect
    /// The selected cell, in content coordinates.
    public var cellFrame: LayoutRect
    /// The Hoo's own image, drawn over the screen while it is selected.
    public var backdropImageURL: URL?
    /// The panel with the Hoo's words, as one element (`Rubies, Red Set. Roses are red,`, value
    /// `1 of 14`) with the named actions `Next Hoo`, `Previous Hoo` and `Close`.
    public var accessibility: AccessibilityElement
}

/// The exercise artwork chosen for the display scale.
public struct HooArtworkState: Sendable, Equatable, Codable {
    /// The disc drawn behind the selected Hoo.
    public var selectionDisc: URL?
    /// The frame drawn around each cell.
    public var cellFrame: URL?
    /// The grid's stretched surround.
    public var border: URL?
    /// The surround as a tile.
    public var borderPattern: URL?

    /// Artwork from its parts; a `nil` URL is drawn without that piece.
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
