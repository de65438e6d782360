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

    /// The last screen's keys and layouts per width, in row order, most recent width last.
    private var generations: [Generation] = []
    private static let widthsKept = 2
    /// Rows that may differ in place before the previous screen is indexed by content.
    private static let missesBeforeIndexing = 8

    private struct Generation {
        var width: Double
        var keys: [Key]
        var layouts: [FactRowLayout]
    }

    /// An empty cache for `engine`'s layouts.
    public init(engine: FactRowLayoutEngine = FactRowLayoutEngine()) {
        self.engine = engine
    }

    /// The layout of each row at `width`, `images[i]` being row `i`'s image state: reused when
    /// the same content was laid out at this width by the previous call, measured otherwise.
    ///
    /// A row is first compared with the row at the same position last time (the common case:
    /// nothing moved, so one equality check, which is cheap for strings that share storage). A
    /// few rows that differ in place (an image arrived, a text changed) are measured at once;
    /// when the rows moved (their count changed, or many differ in place) the previous screen is
    /// indexed by content, so a refresh that inserted a row still reuses the rest.
    public mutating func layouts(for rows: [FactRow], images: [RowImageState], width: Double) -> [FactRowLayout] {
        let previous = generations.firstIndex { $0.width == width }.map { generations.remove(at: $0) }
        var byContent: [Key: FactRowLayout]?
        var missesInPlace = 0
        var keys: [Key] = []
        var layouts: [FactRowLayout] = []
        keys.reserveCapacity(rows.count)
        layouts.reserveCapacity(rows.count)
        for (index, (row, image)) in zip(rows, images).enumerated() {
            let key = Key(title: row.title, description: row.description, hasImage: row.imageURL != nil, image: image)
            let reused: FactRowLayout?
            if let previous, index < previous.keys.count, previous.keys[index] == key {
                reused = previous.layouts[index]
            } else if let previous {
                missesInPlace += 1
                if byContent == nil, previous.keys.count != rows.count || missesInPlace > Self.missesBeforeIndexing {
                    byContent = Dictionary(zip(previous.keys, previous.layouts), uniquingKeysWith: { first, _ in first })
                }
                reused = byContent?[key]
            } else {
                reused = nil
            }
            if let reused {
                reusedCount += 1
                layouts.append(reused)
            } else {
                measuredCount += 1
                layouts.append(engine.layout(row, image: image, width: width))
            }
            keys.append(key)
        }
        generations.append(Generation(width: width, keys: keys, layouts: layouts))
        if generations.count > Self.widthsKept { generations.removeFirst() }
        return layouts
    }
}
