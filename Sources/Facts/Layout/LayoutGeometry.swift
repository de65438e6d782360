/// A size in points, independent of CoreGraphics (which Linux does not have in full).
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

    /// `width×height` with at most two decimals, for tests and the command's output.
    public var description: String { "\(LayoutNumber.text(width))×\(LayoutNumber.text(height))" }
}

/// A rectangle in points, origin at the top left of its row.
public struct LayoutRect: Sendable, Hashable, Codable {
    /// Distance from the row's left edge, in points.
    public var x: Double
    /// Distance from the row's top edge, in points.
    public var y: Double
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// A rectangle at (`x`, `y`) of `width` × `height` points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }
    /// The rectangle's width and height.
    public var size: LayoutSize { LayoutSize(width: width, height: height) }

    /// Whether `other` lies entirely inside this rectangle (edges may touch).
    public func contains(_ other: LayoutRect, tolerance: Double = 1e-9) -> Bool {
        other.x >= x - tolerance && other.y >= y - tolerance
            && other.maxX <= maxX + tolerance && other.maxY <= maxY + tolerance
    }

    /// Whether the two rectangles share any area.
    public func overlaps(_ other: LayoutRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
}

/// Points as people read them: whole numbers without ".0", otherwise one decimal.
enum LayoutNumber {
    static func text(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
