/// The geometry of a plain list with sticky section headers, as pure arithmetic.
///
/// Content coordinates, top down: each section is its header (``headerHeight``) followed by its
/// rows; every row takes its height plus ``rowSpacing`` below it (the gap shows the list
/// background), so rows are 4 pt apart and the last row of a section is 4 pt above the next
/// header. A header stays pinned at the top of the viewport while its section scrolls under it,
/// and the next section's header pushes it up as it arrives, exactly like `UITableView`'s plain
/// style and SwiftUI's `pinnedViews: [.sectionHeaders]`.
public struct StickyHeaderLayout: Sendable, Hashable {
    /// The height of every section header, in points (the design's 30 pt).
    public let headerHeight: Double
    /// The gap below each row, in points (the design's 4 pt).
    public let rowSpacing: Double
    /// Each section's header top.
    public let sectionTops: [Double]
    /// Each row's top, per section.
    public let rowTops: [[Double]]
    /// Each row's height, per section (without spacing).
    public let rowHeights: [[Double]]
    /// The height of everything.
    public let contentHeight: Double

    /// The geometry of a plain list: `sectionRowHeights[s][r]` is the height of row `r` of
    /// section `s`; each section is its header followed by its rows, each row by the gap.
    public init(sectionRowHeights: [[Double]], headerHeight: Double, rowSpacing: Double) {
        self.headerHeight = headerHeight
        self.rowSpacing = rowSpacing
        self.rowHeights = sectionRowHeights
        var y = 0.0
        var sectionTops: [Double] = []
        var rowTops: [[Double]] = []
        for heights in sectionRowHeights {
            sectionTops.append(y)
            y += headerHeight
            var tops: [Double] = []
            for height in heights {
                tops.append(y)
                y += max(0, height) + rowSpacing
            }
            rowTops.append(tops)
        }
        self.sectionTops = sectionTops
        self.rowTops = rowTops
        self.contentHeight = y
    }

    /// Where section `index` ends (the next header's top, or the content's end).
    public func sectionBottom(_ index: Int) -> Double {
        index + 1 < sectionTops.count ? sectionTops[index + 1] : contentHeight
    }

    /// The header drawn at the top of the viewport when the content is scrolled by `offset`
    /// (`contentOffset.y`: 0 at rest, negative while pulled down).
    public struct PinnedHeader: Sendable, Hashable {
        /// The section whose header is pinned.
        public var section: Int
        /// The header's top in viewport coordinates: 0 when pinned, negative while the next
        /// header pushes it up, positive when the content is pulled down past its top.
        public var top: Double
        /// How far the next header has pushed this one up (0 … header height).
        public var pushUp: Double { max(0, -top) }
    }

    /// The pinned header at `offset`, `nil` when there are no sections.
    public func pinnedHeader(atOffset offset: Double) -> PinnedHeader? {
        guard let first = sectionTops.first else { return nil }
        if offset < first {
            return PinnedHeader(section: 0, top: first - offset)
        }
        // The last section whose header top has scrolled to or above the viewport's top.
        var low = 0
        var high = sectionTops.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if sectionTops[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let top = min(0, sectionBottom(low) - headerHeight - offset)
        return PinnedHeader(section: low, top: top)
    }

    /// The content offset that shows `position`'s row just below its pinned header, clamped to
    /// the scrollable range for a viewport of `viewportHeight` points.
    public func offset(toReveal position: RowPosition, viewportHeight: Double) -> Double? {
        guard rowTops.indices.contains(position.section), rowTops[position.section].indices.contains(position.row) else { return nil }
        let wanted = rowTops[position.section][position.row] - headerHeight
        let maximum = max(0, contentHeight - viewportHeight)
        return min(max(0, wanted), maximum)
    }

    /// Rows that intersect the viewport `[offset, offset + viewportHeight)`, in order: what a
    /// list would display (and request logos for).
    public func visibleRows(atOffset offset: Double, viewportHeight: Double) -> [RowPosition] {
        let bottom = offset + viewportHeight
        var result: [RowPosition] = []
        for (section, tops) in rowTops.enumerated() {
            for (row, top) in tops.enumerated() where top < bottom && top + rowHeights[section][row] > offset {
                result.append(RowPosition(section: section, row: row))
            }
        }
        return result
    }
}
