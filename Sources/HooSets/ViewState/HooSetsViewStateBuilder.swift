import Foundation
import SharedNetworking

/// Builds ``HooSetsViewState`` from a feed and the interaction state: the one pure function
/// behind the view-model and the command line.
public struct HooSetsViewStateBuilder: Sendable, Equatable {
    /// The sets to show.
    public var feed: HooSetsFeed
    /// Columns, insets, colours and fonts.
    public var metrics: HooGridMetrics
    /// Which scale of artwork and header images to pick.
    public var displayScale: DisplayScale
    /// The visible area the grid is laid out for.
    public var viewport: LayoutSize
    /// The exercise artwork chosen for ``displayScale``.
    public var artwork: HooArtworkState
    /// What loading skipped or repaired, passed through to the view state.
    public var diagnostics: [Diagnostic]

    /// A screen of `feed`; the defaults are the design's metrics on a 320 × 480 pt screen at 2x.
    public init(
        feed: HooSetsFeed, metrics: HooGridMetrics = .standard, displayScale: DisplayScale = .x2,
        viewport: LayoutSize = LayoutSize(width: 320, height: 480), artwork: HooArtworkState = HooArtworkState(),
        diagnostics: [Diagnostic] = []
    ) {
        self.feed = feed
        self.metrics = metrics
        self.displayScale = displayScale
        self.viewport = viewport
        self.artwork = artwork
        self.diagnostics = diagnostics
    }

    /// The grid geometry for the current viewport width.
    public var layout: HooGridLayout {
        HooGridLayout(
            itemCounts: feed.sets.map(\.hoos.count),
            headerImageSizes: feed.sets.map { $0.header.best(for: displayScale)?.pointSize },
            containerWidth: viewport.width, metrics: metrics)
    }

    /// The Hoo under a viewport point, given the scroll offset.
    public func hoo(atViewportPoint point: LayoutPoint, contentOffsetY: Double, in layout: HooGridLayout) -> HooID? {
        guard let index = layout.hitTest(LayoutPoint(x: point.x, y: point.y + contentOffsetY)) else { return nil }
        return feed.sets[index.section].hoos[index.item].id
    }

    /// The largest valid scroll offset.
    public func maxOffset(in layout: HooGridLayout) -> Double {
        max(0, layout.contentSize.height - viewport.height)
    }

    /// The view state for `layout` with `selection` shown and the content scrolled to
    /// `contentOffsetY`; `gestureMode` and `feedbackCount` come from the gesture arbiter.
    public func state(
        layout: HooGridLayout, selection: HooID?, contentOffsetY: Double, gestureMode: GestureMode = .idle, feedbackCount: Int = 0
    ) -> HooSetsViewState {
        var sections: [HooSectionState] = []
        var selectionState: HooSelectionState?
        for (sectionIndex, set) in feed.sets.enumerated() {
            let frames = layout.sections[sectionIndex]
            var items: [HooItemState] = []
            for (itemIndex, hoo) in set.hoos.enumerated() {
                let frame = frames.items[itemIndex]
                let isSelected = hoo.id == selection
                items.append(
                    HooItemState(
                        id: hoo.id, title: hoo.title, imageURL: hoo.imageURL, frame: frame, isSelected: isSelected,
                        accessibilityLabel: "\(hoo.title), \(set.title), \(itemIndex + 1) of \(set.hoos.count)"))
                if isSelected {
                    let diameter = layout.itemSide * metrics.discRatio
                    selectionState = HooSelectionState(
                        id: hoo.id, setTitle: set.title, title: hoo.title, poemLine: hoo.poemLine, color: set.color,
                        onColor: set.color.relativeLuminance > 0.35 ? .black : .white,
                        discFrame: frame.centered(LayoutSize(width: diameter, height: diameter)), cellFrame: frame,
                        backdropImageURL: hoo.imageURL)
                }
            }
            var countLabel = set.hoos.count == 1 ? "1 Hoo" : "\(set.hoos.count) Hoos"
            if let declared = set.declaredCount, declared != set.hoos.count { countLabel += " (\(declared) listed)" }
            sections.append(
                HooSectionState(
                    id: set.id, title: set.title, colorName: set.colorName, color: set.color,
                    headerImageURL: set.header.best(for: displayScale)?.url, headerFrame: frames.header,
                    headerImageFrame: frames.headerImage, countLabel: countLabel, items: items))
        }
        var state = HooSetsViewState.empty(metrics: metrics, displayScale: displayScale)
        state.viewport = viewport
        state.contentSize = layout.contentSize
        state.contentOffsetY = min(max(0, contentOffsetY.isFinite ? contentOffsetY : 0), maxOffset(in: layout))
        state.sections = sections
        state.selection = selectionState
        state.gestureMode = gestureMode
        state.selectionFeedbackCount = feedbackCount
        state.artwork = artwork
        state.diagnostics = diagnostics
        return state
    }
}
