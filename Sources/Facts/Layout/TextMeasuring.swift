import ScreenKit
import SharedNetworking

/// Measures wrapped text, so row heights are computed before anything is drawn.
///
/// On iOS the implementation is backed by TextKit (`TextKitMeasurer`, compiled only where UIKit has TextKit), which knows the real
/// fonts; tests and the terminal use ``AverageGlyphMeasurer``, which is deterministic and the
/// same on every machine. The layout only depends on this protocol.
public protocol TextMeasuring: Sendable {
    /// `text` wrapped to lines no wider than `width` points in `font`.
    func measure(_ text: String, font: FontSpec, width: Double) -> TextMeasurement
}

/// Wrapped text: the lines (when the measurer knows them) and the size they take.
public struct TextMeasurement: Sendable, Hashable, Codable {
    /// The lines as wrapped; empty when a measurer only reports sizes.
    public var lines: [String]
    /// How many lines the text takes (also when ``lines`` is empty).
    public var lineCount: Int
    /// The width of the widest line and the height of all lines.
    public var size: LayoutSize

    /// A measurement from its parts; measurers build them.
    public init(lines: [String], lineCount: Int, size: LayoutSize) {
        self.lines = lines
        self.lineCount = lineCount
        self.size = size
    }
}
