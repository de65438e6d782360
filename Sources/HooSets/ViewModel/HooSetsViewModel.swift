import Foundation
import Observation
import ScreenKit
import SharedNetworking

/// The Hoo sets screen: loads the sets, lays out the grid for the viewport, and turns taps and
/// touch samples into selection and haptics.
///
/// A SwiftUI view reads ``state`` (``/ScreenKit/ScreenState``: the phase, the grid's
/// ``HooSetsViewState`` as its `content`, the error, the announcement) and forwards input:
/// `tap(at:)` for taps, every touch sample to `handle(_:)` when it implements scrubbing,
/// `setViewport(_:)` from a `GeometryReader`. The host's scroll view scrolls the grid (with its
/// momentum), not the view-model: it reports what it shows with ``setVisibleRegion(_:)``, and
/// every point it passes (taps, touch samples) is in content coordinates, so hit-testing never
/// depends on a scroll offset the view-model may not have heard of yet. While the arbiter
/// scrubs (``HooSetsViewState/gestureMode`` is `scrubbing`) the host stops its scroll view. VoiceOver users select without the gesture: each
/// cell's action is ``select(_:)``, and the selected Hoo offers ``selectNext()`` and
/// ``selectPrevious()`` as named actions; opening a Hoo that way announces its title and poem line.
///
/// Loading follows ``/ScreenKit/ScreenLoader``'s rules, the same on every feed screen: ``load()``
/// reads the sets once (a no-op when the grid is shown), ``refresh()`` reads them again, one read
/// at a time, and a failed read keeps the grid beside the error; the selection survives a
/// reload if its Hoo does. The sets are a directory, so there is no saved copy to show.
@Observable
@MainActor
public final class HooSetsViewModel {
    /// The sets' loading and the grid (`content`), laid out for the viewport with the selection,
    /// the visible region's top and the gesture mode; `nil` content until the sets are read.
    public var state: ScreenState<HooSetsViewState> {
        let loading = screen.state
        return loading.map { _ in
            var grid = self.grid
            // The grid's own copies of the loading state, for `exercises hoosets --json`.
            grid.isLoading = loading.phase == .loading
            grid.errorMessage = loading.phase == .loading ? nil : loading.error?.description
            grid.announcement = loading.announcement
            return grid
        }
    }

    /// The grid as last laid out (without the loading state).
    private var grid: HooSetsViewState
    @ObservationIgnored private let screen: ScreenLoader<HooSetsFeed, HooSetsFeed>
    @ObservationIgnored private var builder: HooSetsViewStateBuilder
    @ObservationIgnored private var layout: HooGridLayout
    @ObservationIgnored private var selection: HooID?
    /// The top of the region the host's scroll view shows (content coordinates).
    @ObservationIgnored private var offset = 0.0
    @ObservationIgnored private var feedbackCount = 0
    @ObservationIgnored private var arbiter: GestureArbiter<HooID>
    @ObservationIgnored private var usesBundledArtwork: Bool

    /// A view-model that loads through `loader` (a ``HooSetsSource`` in an app) and lays the grid out with `metrics` for
    /// `viewport`; `artwork` defaults to the module's bundled artwork for `displayScale`. `metrics`
    /// is ``HooGridMetrics/highContrast`` for Increase Contrast; VoiceOver's words (and the
    /// placeholder's) are in `language`'s language (English when `nil`); `clock` says when the
    /// sets were read (the state's `lastUpdated`).
    public init(
        loader: any HooSetsFeedLoading, clock: any AppClock, metrics: HooGridMetrics = .standard, rules: ScrubRules = .standard,
        displayScale: DisplayScale = .x2,
        viewport: LayoutSize = LayoutSize(width: 320, height: 480), artwork: HooArtworkState? = nil, language: Locale? = nil
    ) {
        let spoken = language.map(HooSetsSpokenText.init(locale:)) ?? HooSetsSpokenText(language: .english)
        self.arbiter = GestureArbiter(rules: rules)
        self.usesBundledArtwork = artwork == nil
        let builder = HooSetsViewStateBuilder(
            feed: HooSetsFeed(sets: []), metrics: metrics, displayScale: displayScale, viewport: viewport,
            artwork: artwork ?? .bundled(scale: displayScale), spoken: spoken)
        self.builder = builder
        self.layout = builder.layout
        self.grid = builder.state(layout: builder.layout, selection: nil, contentOffsetY: 0)
        self.screen = ScreenLoader(
            loader: loader, text: spoken, retryAction: HooSetsAction.refresh.rawValue, clock: clock,
            language: language ?? Locale(identifier: "en"))
        screen.presenter = self
    }

    // MARK: Loading

    /// Reads the sets unless the grid is shown (safe to call on every appearance).
    public func load() async {
        await screen.load()
    }

    /// Reads the sets again. On failure the sets already shown stay and the state's `error` says
    /// why; the selection survives if its Hoo does.
    public func refresh() async {
        await screen.refresh()
    }

    /// Shows `feed` (its diagnostics in the grid's): the selection stays if its Hoo is still there.
    func present(_ loaded: Loaded<HooSetsFeed>) {
        builder.feed = loaded.value
        builder.diagnostics = loaded.diagnostics
        if let selection, loaded.value.hoo(selection) == nil { self.selection = nil }
        layout = builder.layout
        rebuild()
    }

    // MARK: Geometry

    /// The container changed size (rotation, split view): lays out again and keeps the item
    /// at the top of the viewport at the top: the state's `contentOffsetY` is then where the host
    /// scrolls to keep it there (until it reports its region again).
    public func setViewport(_ size: LayoutSize) {
        guard size != builder.viewport else { return }
        let anchor = topVisibleItem()
        let anchorGap = anchor.flatMap { layout.frame(of: $0) }.map { $0.minY - offset }
        builder.viewport = LayoutSize(width: max(0, size.width), height: max(0, size.height))
        layout = builder.layout
        if let anchor, let gap = anchorGap, let frame = layout.frame(of: anchor) {
            offset = frame.minY - gap
        }
        rebuild()
    }

    /// Switches to the artwork and header images of `scale` (the screen's `displayScale`).
    public func setDisplayScale(_ scale: DisplayScale) {
        guard scale != builder.displayScale else { return }
        builder.displayScale = scale
        if usesBundledArtwork { builder.artwork = .bundled(scale: scale) }
        layout = builder.layout
        rebuild()
    }

    /// The host's scroll view shows `region` of the content: its origin is the scroll offset,
    /// its size the scroll view's (a new size lays the grid out again, as ``setViewport(_:)``;
    /// an empty one, from a host that does not know its size yet, keeps the layout).
    ///
    /// The view-model never scrolls: the host scrolls natively and reports where it came to rest
    /// (a web page on `scrollend`, SwiftUI from `onScrollGeometryChange`), not every frame. What
    /// depends on what is seen takes it from here: the state's `contentOffsetY` (clamped to the
    /// content) and the Hoo kept at the top when the width changes.
    public func setVisibleRegion(_ region: LayoutRect) {
        guard region.minY.isFinite else { return }
        if region.size.width > 0, region.size.height > 0 { setViewport(region.size) }
        offset = region.minY
        rebuild()
    }

    // MARK: Selection

    /// A tap at a point of the content (the scroll view's content coordinates): selects the Hoo
    /// there; tapping the selected Hoo, or anywhere that is not a Hoo, dismisses the disc.
    public func tap(at point: LayoutPoint) {
        apply(tapOn: builder.hoo(at: point, in: layout))
    }

    /// Selects a Hoo (`nil` dismisses). Unknown identifiers are ignored.
    public func select(_ id: HooID?) {
        if let id, builder.feed.hoo(id) == nil { return }
        selection = id
        announceSelection()
        rebuild()
    }

    /// Selects and opens the Hoo after the selected one, in the grid's order across sets (the
    /// first when nothing is selected); at the last Hoo nothing changes. VoiceOver's named
    /// action `Next Hoo`: what scrubbing does, without the gesture.
    public func selectNext() {
        step(1)
    }

    /// Selects and opens the Hoo before the selected one (the last when nothing is selected).
    public func selectPrevious() {
        step(-1)
    }

    private func step(_ direction: Int) {
        let target: HooID?
        if let selection {
            target = builder.hoo(after: selection, step: direction)
        } else {
            let all = builder.feed.sets.flatMap(\.hoos)
            target = (direction > 0 ? all.first : all.last)?.id
        }
        guard let target else { return }
        select(target)
    }

    /// Announces the selected Hoo's title and poem line (nothing when the disc closes).
    private func announceSelection() {
        guard let selection, let set = builder.feed.sets.first(where: { $0.id == selection.set }),
            let hoo = set.hoos.first(where: { $0.id == selection })
        else { return }
        screen.announce(builder.spoken.opened(hoo.title, set: set.title, poemLine: hoo.poemLine))
    }

    /// Hides the selection disc.
    public func dismissSelection() {
        select(nil)
    }

    /// Feeds one touch sample (its location in content coordinates) to the gesture arbiter and
    /// applies what it decides: a tap, or the selection following a scrub. A vertical drag is the
    /// host's scroll view's to follow, so `scrolled` moves nothing here; the state's
    /// `gestureMode` tells the host whether to let its scroll view pan (not while `scrubbing`).
    public func handle(_ sample: TouchSample) {
        let builder = self.builder, layout = self.layout
        let events = arbiter.handle(sample) { builder.hoo(at: $0, in: layout) }
        for event in events {
            switch event {
            case .modeChanged, .scrolled:
                break
            case .selectionChanged(let id):
                if id != selection {
                    selection = id
                    feedbackCount += 1
                }
            case .tapped(let id):
                apply(tapOn: id)
            }
        }
        rebuild()
    }

    private func apply(tapOn id: HooID?) {
        selection = (id == nil || id == selection) ? nil : id
        announceSelection()
        rebuild()
    }

    private func topVisibleItem() -> GridIndexPath? {
        for (sectionIndex, section) in layout.sections.enumerated() where section.frame.maxY > offset {
            if let item = section.items.firstIndex(where: { $0.maxY > offset }) {
                return GridIndexPath(section: sectionIndex, item: item)
            }
        }
        return nil
    }

    private func rebuild() {
        offset = min(max(0, offset.isFinite ? offset : 0), builder.maxOffset(in: layout))
        grid = builder.state(
            layout: layout, selection: selection, contentOffsetY: offset, gestureMode: arbiter.mode, feedbackCount: feedbackCount)
    }
}
