/// Points in the grid's coordinate space (origin top-left, y down, in points), independent of
/// CoreGraphics so that layout is tested on any platform. `CGRect(x:y:width:height:)` takes
/// these values unchanged.
public struct GridPoint: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = GridPoint(x: 0, y: 0)

    public func distance(to other: GridPoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    public var description: String { "(\(GridNumber.format(x)), \(GridNumber.format(y)))" }
}

public struct GridSize: Sendable, Hashable, Codable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = GridSize(width: 0, height: 0)

    public var description: String { "\(GridNumber.format(width))×\(GridNumber.format(height))" }
}

public struct GridRect: Sendable, Hashable, Codable, CustomStringConvertible {
    public var origin: GridPoint
    public var size: GridSize

    public init(origin: GridPoint, size: GridSize) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: GridPoint(x: x, y: y), size: GridSize(width: width, height: height))
    }

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: GridPoint { GridPoint(x: midX, y: midY) }

    /// Half-open on the far edges, so a point on a shared edge belongs to one rectangle only.
    public func contains(_ point: GridPoint) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// A rectangle of `size` centred on this one.
    public func centered(_ size: GridSize) -> GridRect {
        GridRect(x: midX - size.width / 2, y: midY - size.height / 2, width: size.width, height: size.height)
    }

    public var description: String { "\(origin) \(size)" }
}

enum GridNumber {
    /// `12`, `12.5`: short, for descriptions.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
