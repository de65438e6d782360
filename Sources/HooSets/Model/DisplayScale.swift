/// A screen's pixels per point, as asset catalogs know them.
public enum DisplayScale: Int, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    case x1 = 1
    case x2 = 2
    case x3 = 3

    /// The scale of a screen whose `UIScreen.scale`/`displayScale` is `value` (rounded, clamped).
    public init(nearest value: Double) {
        let rounded = value.isFinite ? Int(value.rounded()) : 1
        self = DisplayScale(rawValue: min(3, max(1, rounded))) ?? .x1
    }

    /// The file-name suffix: "", "@2x", "@3x".
    public var suffix: String { self == .x1 ? "" : "@\(rawValue)x" }

    public var description: String { "\(rawValue)x" }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
