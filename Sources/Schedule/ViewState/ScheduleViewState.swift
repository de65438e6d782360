import ScreenKit
import SharedNetworking

/// Everything the schedule screen draws, ready to draw: no formatting or decisions left.
///
/// Built from a feed by ``ScheduleViewStateBuilder``; printed by `exercises schedule --json`.
public struct ScheduleViewState: Sendable, Hashable, Codable {
    /// Title, team name and colours of the navigation bar.
    public var navigationBar: NavigationBarState
    /// Sections in feed order; sections without rows are left out.
    public var sections: [ScheduleSectionState]
    /// The row to scroll to when the screen opens: the game the feed's `DefaultGameId` names;
    /// if it names none, the first scheduled game not started yet (a TBA game counts as not
    /// started); `nil` (the top) when there is neither.
    public var initialRow: RowPosition?
    /// Shown instead of the list when there are no rows at all.
    public var emptyMessage: String?
    /// The design's sizes, colours and fonts, so a renderer needs no constant of its own.
    public var metrics: ScheduleMetrics
    /// The list as a VoiceOver container: `Games` (or the empty message when there are none),
    /// with the named action `Refresh` (`refresh`), which pull to refresh is otherwise the only
    /// way to.
    public var accessibility: AccessibilityElement
    /// The language of the screen's words (the user's messages locale's, among those the module
    /// has words for): a renderer that writes words of its own takes them from
    /// ``ScheduleWrittenText`` in this language, so the whole screen is in one.
    public var language: SpokenLanguage

    /// A screen from its parts; ``ScheduleViewStateBuilder`` makes the real one.
    public init(
        navigationBar: NavigationBarState, sections: [ScheduleSectionState], initialRow: RowPosition?,
        emptyMessage: String?, metrics: ScheduleMetrics, accessibility: AccessibilityElement, language: SpokenLanguage = .english
    ) {
        self.navigationBar = navigationBar
        self.sections = sections
        self.initialRow = initialRow
        self.emptyMessage = emptyMessage
        self.metrics = metrics
        self.accessibility = accessibility
        self.language = language
    }

    /// The row at `position`, if it exists.
    public func row(at position: RowPosition) -> ScheduleRow? {
        guard sections.indices.contains(position.section), sections[position.section].rows.indices.contains(position.row) else {
            return nil
        }
        return sections[position.section].rows[position.row]
    }

    /// All rows in order.
    public var allRows: [ScheduleRow] { sections.flatMap(\.rows) }

    /// Sticky-header geometry for these rows and metrics.
    public var layout: StickyHeaderLayout {
        StickyHeaderLayout(
            sectionRowHeights: sections.map { $0.rows.map(\.height) },
            headerHeight: metrics.sectionHeaderHeight,
            rowSpacing: metrics.rowSpacing
        )
    }
}
