import ScreenKit
import SharedNetworking

/// A position in the grid: section (set) and item (Hoo) indexes.
public struct GridIndexPath: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The set's index in the library.
    public var section: Int
    /// The Hoo's index in its set.
    public var item: Int

    /// The position of item `item` of section `section`.
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    /// Reading order: by section, then by item.
    public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.section, lhs.item) < (rhs.section, rhs.item) }

    /// `[section, item]`, for test failures.
    public var description: String { "[\(section), \(item)]" }
}

/// The geometry of the sectioned grid for one container width: every header and cell frame, the
/// content size, and hit testing. Pure values, so layout is tested without a screen and a
/// SwiftUI `Layout` or a `UICollectionViewLayout` can return these frames unchanged.
///
/// Sections stack vertically: a header band of ``HooGridMetrics/headerHeight`` across the
/// full width, then rows of `columns` square cells, then ``HooGridMetrics/sectionSpacing``.
/// Cells fill the width between the insets: side = (width − 2·inset − (columns − 1)·spacing) ÷
/// columns.
public struct HooGridLayout: Sendable, Hashable, Codable {
    /// One set's frames: its header band and its cells.
    public struct Section: Sendable, Hashable, Codable {
        /// The header band.
        public var header: LayoutRect
        /// The header artwork, aspect-fitted and centred in the band (`nil` without artwork).
        public var headerImage: LayoutRect?
        /// The cells' frames, in the set's order.
        public var items: [LayoutRect]
        /// Header and cells together.
        public var frame: LayoutRect
    }

    /// The width the grid was laid out for, in points.
    public let containerWidth: Double
    /// The margins, spacing and columns used.
    public let metrics: HooGridMetrics
    /// The side of every cell.
    public let itemSide: Double
    /// Every set's frames, top to bottom.
    public let sections: [Section]
    /// The size of everything: what a scroll view's content size is.
    public let contentSize: LayoutSize

    /// - Parameters:
    ///   - itemCounts: the number of Hoos in each section.
    ///   - headerImageSizes: each section's header artwork size in points, if any.
    ///   - containerWidth: the width the grid fills, in points; not finite or negative counts as 0.
    ///   - metrics: margins, spacing and column rules (the design's, ``HooGridMetrics/standard``).
    public init(itemCounts: [Int], headerImageSizes: [LayoutSize?] = [], containerWidth: Double, metrics: HooGridMetrics = .standard) {
        let width = containerWidth.isFinite ? max(0, containerWidth) : 0
        let columns = max(1, metrics.columns)
        let spacing = max(0, metrics.itemSpacing), lineSpacing = max(0, metrics.lineSpacing)
        let inset = min(max(0, metrics.horizontalInset), width / 2)
        let side = max(0, (width - 2 * inset - Double(columns - 1) * spacing) / Double(columns))
        let headerHeight = max(0, metrics.headerHeight)
        var sections: [Section] = []
        var y = 0.0
        for (index, rawCount) in itemCounts.enumerated() {
            let count = max(0, rawCount)
            let top = y
            let header = LayoutRect(x: 0, y: y, width: width, height: headerHeight)
            let imageSize = index < headerImageSizes.count ? headerImageSizes[index] : nil
            y += headerHeight
            var items: [LayoutRect] = []
            items.reserveCapacity(count)
            for item in 0..<count {
                let row = item / columns, column = item % columns
                items.append(
                    LayoutRect(
                        x: inset + Double(column) * (side + spacing), y: y + Double(row) * (side + lineSpacing),
                        width: side, height: side))
            }
            let rows = (count + columns - 1) / columns
            y += rows == 0 ? 0 : Double(rows) * side + Double(rows - 1) * lineSpacing
            let frame = LayoutRect(x: 0, y: top, width: width, height: y - top)
            sections.append(Section(header: header, headerImage: imageSize.map { Self.fit($0, in: header) }, items: items, frame: frame))
            y += max(0, metrics.sectionSpacing)
        }
        if !sections.isEmpty { y -= max(0, metrics.sectionSpacing) }
        self.containerWidth = width
        self.metrics = metrics
        self.itemSide = side
        self.sections = sections
        self.contentSize = LayoutSize(width: width, height: max(0, y))
    }

    /// The frame of one cell.
    public func frame(of index: GridIndexPath) -> LayoutRect? {
        guard sections.indices.contains(index.section), sections[index.section].items.indices.contains(index.item) else { return nil }
        return sections[index.section].items[index.item]
    }

    /// The cell under `point` (content coordinates), or `nil` over a header, a gap, an inset
    /// or past the last cell. Binary search over sections, arithmetic within one.
    public func hitTest(_ point: LayoutPoint) -> GridIndexPath? {
        guard point.x.isFinite, point.y.isFinite, itemSide > 0 else { return nil }
        var low = 0, high = sections.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let frame = sections[middle].frame
            if point.y < frame.minY {
                high = middle - 1
            } else if point.y >= frame.maxY {
                low = middle + 1
            } else {
                return hitTest(point, inSection: middle)
            }
        }
        return nil
    }

    private func hitTest(_ point: LayoutPoint, inSection section: Int) -> GridIndexPath? {
        let items = sections[section].items
        guard let first = items.first else { return nil }
        let columns = max(1, metrics.columns)
        let strideX = itemSide + max(0, metrics.itemSpacing), strideY = itemSide + max(0, metrics.lineSpacing)
        let dx = point.x - first.minX, dy = point.y - first.minY
        guard dx >= 0, dy >= 0 else { return nil }
        let column = Int(dx / strideX), row = Int(dy / strideY)
        guard column < columns else { return nil }
        let index = row * columns + column
        guard index < items.count, items[index].contains(point) else { return nil }
        return GridIndexPath(section: section, item: index)
    }

    /// Sections whose frames intersect the vertical range (for drawing only what is visible).
    public func sections(visibleFrom top: Double, height: Double) -> [Int] {
        sections.indices.filter { sections[$0].frame.maxY > top && sections[$0].frame.minY < top + height }
    }

    /// `size` scaled down (never up) to fit `band` with 8 pt of vertical padding, centred.
    static func fit(_ size: LayoutSize, in band: LayoutRect) -> LayoutRect {
        guard size.width > 0, size.height > 0 else { return band.centered(.zero) }
        let available = LayoutSize(width: max(0, band.size.width - 16), height: max(0, band.size.height - 16))
        let scale = min(1, available.width / size.width, available.height / size.height)
        return band.centered(LayoutSize(width: size.width * scale, height: size.height * scale))
    }
}
