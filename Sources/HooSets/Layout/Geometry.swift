/// Points in the grid's coordinate space (origin top-left, y down, in points), independent of
/// CoreGraphics so that layout is tested on any platform. `CGRect(x:y:width:height:)` takes
/// these values unchanged.
public struct GridPoint: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Horizontal position in points.
    public var x: Double
    /// Vertical position in points.
    public var y: Double

    /// A point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = GridPoint(x: 0, y: 0)

    /// The straight-line distance to `other`, in points.
    public func distance(to other: GridPoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    /// `(x, y)` with at most two decimals, for tests and the command's output.
    public var description: String { "(\(GridNumber.format(x)), \(GridNumber.format(y)))" }
}

/// A size in points; `CGSize(width:height:)` takes these values unchanged.
public struct GridSize: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// A size of `width` × `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No size.
    public static let zero = GridSize(width: 0, height: 0)

    /// `width×height` with at most two decimals.
    public var description: String { "\(GridNumber.format(width))×\(GridNumber.format(height))" }
}

/// A rectangle in points, origin at the top left; `CGRect` takes these values unchanged.
public struct GridRect: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: GridPoint
    /// The width and height.
    public var size: GridSize

    /// A rectangle at `origin` of `size`.
    public init(origin: GridPoint, size: GridSize) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle from plain numbers.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: GridPoint(x: x, y: y), size: GridSize(width: width, height: height))
    }

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
    public var center: GridPoint { GridPoint(x: midX, y: midY) }

    /// Half-open on the far edges, so a point on a shared edge belongs to one rectangle only.
    public func contains(_ point: GridPoint) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// A rectangle of `size` centred on this one.
    public func centered(_ size: GridSize) -> GridRect {
        GridRect(x: midX - size.width / 2, y: midY - size.height / 2, width: size.width, height: size.height)
    }

    /// `(x, y) width×height`.
    public var description: String { "\(origin) \(size)" }
}

enum GridNumber {
    /// `12`, `12.5`: short, for descriptions.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
