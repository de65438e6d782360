import Foundation
import ScreenKit
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
    /// VoiceOver's words, in the user's language.
    public var spoken: HooSetsSpokenText

    /// A screen of `feed`; the defaults are the design's metrics on a 320 × 480 pt screen at 2x,
    /// VoiceOver's words in English unless `spoken` says otherwise.
    public init(
        feed: HooSetsFeed, metrics: HooGridMetrics = .standard, displayScale: DisplayScale = .x2,
        viewport: LayoutSize = LayoutSize(width: 320, height: 480), artwork: HooArtworkState = HooArtworkState(),
        diagnostics: [Diagnostic] = [], spoken: HooSetsSpokenText = HooSetsSpokenText(language: .english)
    ) {
        self.feed = feed
        self.metrics = metrics
        self.displayScale = displayScale
        self.viewport = viewport
        self.artwork = artwork
        self.diagnostics = diagnostics
        self.spoken = spoken
    }

    /// The Hoo after (`step` 1) or before (`step` -1) `id` in the grid's order, across sets;
    /// `nil` at either end or when `id` is not shown.
    public func hoo(after id: HooID, step: Int) -> HooID? {
        let all = feed.sets.flatMap { $0.hoos.map(\.id) }
        guard let index = all.firstIndex(of: id), all.indices.contains(index + step) else { return nil }
        return all[index + step]
    }

    /// The grid geometry for the current viewport width.
    public var layout: HooGridLayout {
        HooGridLayout(
            itemCounts: feed.sets.map(\.hoos.count),
            headerImageSizes: feed.sets.map { $0.header.best(for: displayScale)?.pointSize },
            containerWidth: viewport.width, metrics: metrics)
    }

    /// The Hoo under a point of the content (the grid's own coordinates, whatever the scroll).
    public func hoo(at point: LayoutPoint, in layout: HooGridLayout) -> HooID? {
        guard let index = layout.hitTest(point) else { return nil }
        return feed.sets[index.section].hoos[index.item].id
    }

    /// The largest valid scroll offset.
    public func maxOffset(in layout: HooGridLayout) -> Double {
        max(0, layout.contentSize.height - viewport.height)
    }

    /// The view state for `layout` with `selection` shown and the visible region's top at
    /// `contentOffsetY`; `gestureMode` and `feedbackCount` come from the gesture arbiter.
    public func state(
        layout: HooGridLayout, selection: HooID?, contentOffsetY: Double, gestureMode: GestureMode = .idle, feedbackCount: Int = 0
    ) -> HooSetsViewState {
        var sections: [HooSectionState] = []
        var selectionState: HooSelectionState?
        let neighbours = selection.map { (next: hoo(after: $0, step: 1), previous: hoo(after: $0, step: -1)) }
        for (sectionIndex, set) in feed.sets.enumerated() {
            let frames = layout.sections[sectionIndex]
            let textColor = metrics.textColor(for: set.color)
            var items: [HooItemState] = []
            for (itemIndex, hoo) in set.hoos.enumerated() {
                let frame = frames.items[itemIndex]
                let isSelected = hoo.id == selection
                let label = spoken.hoo(hoo.title, set: set.title, position: itemIndex + 1, of: set.hoos.count)
                var actions = [AccessibilityAction(action: HooSetsAction.selectHoo.rawValue, value: hoo.id.description)]
                if isSelected, let neighbours { actions += navigation(neighbours) }
                items.append(
                    HooItemState(
                        id: hoo.id, title: hoo.title, imageURL: hoo.imageURL, frame: frame, isSelected: isSelected,
                        accessibilityLabel: label,
                        accessibility: AccessibilityElement(
                            label: label, hint: isSelected ? spoken.selectedHooHint : spoken.hooHint,
                            traits: isSelected ? [.button, .toggle, .image, .selected] : [.button, .toggle, .image], actions: actions,
                            identifier: "hoo-\(hoo.id.set)-\(hoo.id.hoo)")))
                if isSelected, let neighbours {
                    let diameter = layout.itemSide * metrics.discRatio
                    selectionState = HooSelectionState(
                        id: hoo.id, setTitle: set.title, title: hoo.title, poemLine: hoo.poemLine, color: set.color,
                        textColor: textColor, onColor: set.color.relativeLuminance > 0.35 ? .black : .white,
                        discFrame: frame.centered(LayoutSize(width: diameter, height: diameter)), cellFrame: frame,
                        backdropImageURL: hoo.imageURL,
                        accessibility: AccessibilityElement(
                            label: spoken.opened(hoo.title, set: set.title, poemLine: hoo.poemLine),
                            value: spoken.position(itemIndex + 1, of: set.hoos.count),
                            actions: navigation(neighbours)
                                + [AccessibilityAction(named: spoken.close, action: HooSetsAction.dismissSelection.rawValue)],
                            children: .ignore, identifier: "selection"))
                }
            }
            let countLabel = HooSetsWrittenText(language: spoken.language).hooCount(set.hoos.count, declared: set.declaredCount)
            sections.append(
                HooSectionState(
                    id: set.id, title: set.title, colorName: set.colorName, color: set.color, textColor: textColor,
                    headerImageURL: set.header.best(for: displayScale)?.url, headerFrame: frames.header,
                    headerImageFrame: frames.headerImage, countLabel: countLabel, items: items,
                    accessibility: .heading(spoken.setHeading(set.title, count: set.hoos.count), level: .h2, identifier: "set-\(set.id)")))
        }
        var state = HooSetsViewState.empty(metrics: metrics, displayScale: displayScale, spoken: spoken)
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

    /// `Next Hoo` and `Previous Hoo`, where there is one.
    private func navigation(_ neighbours: (next: HooID?, previous: HooID?)) -> [AccessibilityAction] {
        var actions: [AccessibilityAction] = []
        if let next = neighbours.next {
            actions.append(
                AccessibilityAction(named: spoken.nextHoo, action: HooSetsAction.selectNextHoo.rawValue, value: next.description))
        }
        if let previous = neighbours.previous {
            actions.append(
                AccessibilityAction(
                    named: spoken.previousHoo, action: HooSetsAction.selectPreviousHoo.rawValue, value: previous.description))
        }
        return actions
    }
}
