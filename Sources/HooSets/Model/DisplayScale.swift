/// A screen's pixels per point, as asset catalogs know them.
public enum DisplayScale: Int, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    /// Non-Retina: one pixel per point.
    case x1 = 1
    /// Retina: `@2x` files.
    case x2 = 2
    /// Super Retina: `@3x` files.
    case x3 = 3

    /// The scale of a screen whose `UIScreen.scale`/`displayScale` is `value` (rounded, clamped).
    public init(nearest value: Double) {
        let rounded = value.isFinite ? Int(value.rounded()) : 1
        self = DisplayScale(rawValue: min(3, max(1, rounded))) ?? .x1
    }

    /// The file-name suffix: "", "@2x", "@3x".
    public var suffix: String { self == .x1 ? "" : "@\(rawValue)x" }

    /// `1x`, `2x`, `3x`.
    public var description: String { "\(rawValue)x" }

    /// Fewer pixels per point first.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
