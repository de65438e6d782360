/// Row layouts kept between calls, keyed by what a layout depends on: the row's text, whether it
/// has an image, the image's state and the width. A screen laid out again (a SwiftUI `body`
/// runs on every image that arrives) measures only the rows whose content, image state or width
/// changed; every other row's layout is reused as it was.
///
/// Per width it keeps exactly the layouts of the last screen built at that width (entries of
/// rows that changed or left are dropped on the next call), for the two most recent widths, so
/// turning a device and back does not measure the list twice.
public struct FactRowLayoutCache: Sendable {
    /// The engine whose layouts are cached (a layout is a pure function of engine, row, image
    /// state and width, which is what makes reusing it sound).
    public let engine: FactRowLayoutEngine
    /// Layouts computed (not reused) since this cache was made: tests and benchmarks read it.
    public private(set) var measuredCount = 0
    /// Layouts reused since this cache was made.
    public private(set) var reusedCount = 0

    private struct Key: Hashable {
        var title: String?
        var description: String?
        var hasImage: Bool
        var image: RowImageState
    }

    /// The last screen's layouts per width, most recent width last.
    private var generations: [(width: Double, layouts: [Key: FactRowLayout])] = []
    private static let widthsKept = 2

    /// An empty cache for `engine`'s layouts.
    public init(engine: FactRowLayoutEngine = FactRowLayoutEngine()) {
        self.engine = engine
    }

    /// The layout of each row at `width`, `images[i]` being row `i`'s image state: reused when
    /// the same content was laid out at this width by the previous call, measured otherwise.
    public mutating func layouts(for rows: [FactRow], images: [RowImageState], width: Double) -> [FactRowLayout] {
        let index = generations.firstIndex { $0.width == width }
        let previous = index.map { generations.remove(at: $0).layouts } ?? [:]
        var current: [Key: FactRowLayout] = [:]
        current.reserveCapacity(rows.count)
        var result: [FactRowLayout] = []
        result.reserveCapacity(rows.count)
        for (row, image) in zip(rows, images) {
            let key = Key(title: row.title, description: row.description, hasImage: row.imageURL != nil, image: image)
            if let layout = current[key] ?? previous[key] {
                reusedCount += 1
                current[key] = layout
                result.append(layout)
            } else {
                measuredCount += 1
                let layout = engine.layout(row, image: image, width: width)
                current[key] = layout
                result.append(layout)
            }
        }
        generations.append((width, current))
        if generations.count > Self.widthsKept { generations.removeFirst() }
        return result
    }
}
