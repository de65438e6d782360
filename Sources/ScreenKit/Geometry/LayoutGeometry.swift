/// Points, sizes and rectangles in a screen's coordinate space (origin top-left, y down, in
/// points), independent of CoreGraphics (which Linux does not have in full) so layout is
/// computed and tested on any platform. `CGRect(x:y:width:height:)` takes these values
/// unchanged.
///
/// One set of types for every layout in the package: the Facts rows, the HooSets grid and its
/// touch handling. (Pixel dimensions read from image headers are ``/SharedNetworking/PixelSize``: whole pixels,
/// not points.)
public struct LayoutPoint: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Horizontal position in points.
    public var x: Double
    /// Vertical position in points (down is positive).
    public var y: Double

    /// A point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = LayoutPoint(x: 0, y: 0)

    /// The straight-line distance to `other` (how far a finger moved).
    public func distance(to other: LayoutPoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    /// `(12, 3.5)`.
    public var description: String { "(\(LayoutNumber.text(x)), \(LayoutNumber.text(y)))" }
}

/// A width and a height in points; `CGSize(width:height:)` takes these values unchanged.
public struct LayoutSize: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// A size of `width` × `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No size: what an empty text measures.
    public static let zero = LayoutSize(width: 0, height: 0)

    /// `96×72`.
    public var description: String { "\(LayoutNumber.text(width))×\(LayoutNumber.text(height))" }
}

/// A rectangle in points: an origin (top-left corner) and a size, encoded as
/// `{"origin": {"x", "y"}, "size": {"width", "height"}}` like `CGRect`'s parts.
public struct LayoutRect: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: LayoutPoint
    /// The width and height.
    public var size: LayoutSize

    /// A rectangle at `origin` of `size`.
    public init(origin: LayoutPoint, size: LayoutSize) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle from plain numbers: its top-left corner at (`x`, `y`), `width` × `height`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: LayoutPoint(x: x, y: y), size: LayoutSize(width: width, height: height))
    }

    /// The left edge (`origin.x`).
    public var x: Double { origin.x }
    /// The top edge (`origin.y`).
    public var y: Double { origin.y }
    /// `size.width`.
    public var width: Double { size.width }
    /// `size.height`.
    public var height: Double { size.height }

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The horizontal centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The centre point.
    public var center: LayoutPoint { LayoutPoint(x: midX, y: midY) }

    /// Half-open on the far edges, so a point on a shared edge belongs to one rectangle only
    /// (hit testing of adjacent cells).
    public func contains(_ point: LayoutPoint) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies entirely inside this rectangle (edges may touch).
    public func contains(_ other: LayoutRect, tolerance: Double = 1e-9) -> Bool {
        other.minX >= minX - tolerance && other.minY >= minY - tolerance
            && other.maxX <= maxX + tolerance && other.maxY <= maxY + tolerance
    }

    /// Whether the two rectangles share any area.
    public func overlaps(_ other: LayoutRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// A rectangle of `size` centred on this one.
    public func centered(_ size: LayoutSize) -> LayoutRect {
        LayoutRect(x: midX - size.width / 2, y: midY - size.height / 2, width: size.width, height: size.height)
    }

    /// `(0, 49) 79×79`.
    public var description: String { "\(origin) \(size)" }
}

/// Points as people read them in descriptions: whole numbers without ".0", otherwise rounded
/// to one decimal.
enum LayoutNumber {
    static func text(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        guard rounded.isFinite, abs(rounded) < 1e15 else { return String(value) }
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
