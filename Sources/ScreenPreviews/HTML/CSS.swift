import Foundation
import ScreenKit
import SharedNetworking

/// A CSS value built from typed parts: numbers, colours, font weights and keywords written in
/// this module's source. There is deliberately no case that takes a run-time `String`: no text
/// from a feed can ever reach a stylesheet, so escaping CSS is never needed.
public indirect enum CSSValue: Sendable {
    /// A length in CSS pixels (one per point): `12px`.
    case px(Double)
    /// A percentage: `50%`.
    case percent(Double)
    /// A plain number: `1.2` (a line height, an opacity).
    case number(Double)
    /// A colour as `#RRGGBB`.
    case color(RGBColor)
    /// `rgba(r, g, b, alpha)`.
    case translucent(RGBColor, alpha: Double)
    /// A keyword from this module's source: `center`, `flex`.
    case keyword(StaticString)
    /// A font weight as its CSS number.
    case fontWeight(FontSpec.Weight)
    /// `font-family` for a spec: its bundled face (quoted; only a name of letters, digits,
    /// spaces and hyphens is written) before the system font stack, its fallback.
    case fontFamily(FontSpec)
    /// Values separated by spaces (`1px solid #999999`).
    case spaced([CSSValue])
    /// Values separated by commas.
    case commaSeparated([CSSValue])
    /// `name(arguments, …)`: `repeat(4, 79px)`, `conic-gradient(…)`.
    case function(StaticString, [CSSValue])
    /// `url("…")` of an image; only embedded (`data:`) or http(s) URLs exist as ``SafeURL``s.
    case image(SafeURL)

    /// The serialized value.
    public var css: String {
        switch self {
        case .px(let value): CSSNumber.format(value) + "px"
        case .percent(let value): CSSNumber.format(value) + "%"
        case .number(let value): CSSNumber.format(value)
        case .color(let color): color.hex
        case .translucent(let color, let alpha):
            "rgba(\(color.red), \(color.green), \(color.blue), \(CSSNumber.format(min(1, max(0, alpha)))))"
        case .keyword(let keyword): keyword.description
        case .fontWeight(let weight): String(weight.cssValue)
        case .fontFamily(let font):
            if let name = font.postScriptName, !name.isEmpty,
                name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == " ") })
            {
                "\"\(name)\", " + PreviewChrome.fontStack.css
            } else {
                PreviewChrome.fontStack.css
            }
        case .spaced(let values): values.map(\.css).joined(separator: " ")
        case .commaSeparated(let values): values.map(\.css).joined(separator: ", ")
        case .function(let name, let arguments): "\(name)(\(arguments.map(\.css).joined(separator: ", ")))"
        case .image(let url):
            // A SafeURL is printable ASCII; quotes and backslashes are escaped for the CSS string.
            "url(\"" + url.value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\")"
        }
    }
}

/// `property: value`. The property is a literal in this module's source.
public struct CSSDeclaration: Sendable {
    /// The property, a literal in this module's source.
    public var property: StaticString
    /// The value.
    public var value: CSSValue

    /// `property: value`.
    public init(_ property: StaticString, _ value: CSSValue) {
        self.property = property
        self.value = value
    }

    /// The declaration as CSS text.
    public var css: String { "\(property): \(value.css)" }

    /// `font-size` and `font-weight` from a design spec's ``/ScreenKit/FontSpec``, and
    /// `font-family` when it names a bundled face (the page's system stack is the fallback).
    public static func font(_ font: FontSpec) -> [CSSDeclaration] {
        [CSSDeclaration("font-size", .px(font.size)), CSSDeclaration("font-weight", .fontWeight(font.weight))]
            + (font.postScriptName == nil ? [] : [CSSDeclaration("font-family", .fontFamily(font))])
    }

    /// `color`.
    public static func color(_ color: RGBColor) -> CSSDeclaration { CSSDeclaration("color", .color(color)) }
    /// `background-color`.
    public static func background(_ color: RGBColor) -> CSSDeclaration { CSSDeclaration("background-color", .color(color)) }
    /// `width` in points.
    public static func width(_ points: Double) -> CSSDeclaration { CSSDeclaration("width", .px(points)) }
    /// `height` in points.
    public static func height(_ points: Double) -> CSSDeclaration { CSSDeclaration("height", .px(points)) }

    /// `position: absolute` at a frame given in points.
    public static func frame(x: Double, y: Double, width: Double, height: Double) -> [CSSDeclaration] {
        [
            CSSDeclaration("position", .keyword("absolute")), CSSDeclaration("left", .px(x)), CSSDeclaration("top", .px(y)),
            .width(width), .height(height),
        ]
    }
}

/// A rule of a page's stylesheet: a selector written in this module's source and its
/// declarations, or rules that apply only in windows at least some width wide.
public enum CSSRule: Sendable {
    /// A selector from this module's source and its declarations.
    case style(StaticString, [CSSDeclaration])
    /// Rules that apply only when the window is at least this many CSS pixels wide.
    case minWidth(Double, [CSSRule])

    /// The rule as CSS text.
    public var css: String {
        switch self {
        case .style(let selector, let declarations):
            "\(selector) { \(declarations.map(\.css).joined(separator: "; ")) }"
        case .minWidth(let width, let rules):
            "@media (min-width: \(CSSNumber.format(width))px) {\n" + rules.map { "  " + $0.css }.joined(separator: "\n") + "\n}"
        }
    }
}

/// Numbers as CSS writes them: no exponent, at most three decimals, no trailing zeros; a
/// non-finite value (a layout bug) becomes 0 rather than invalid CSS.
enum CSSNumber {
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        var text = String(format: "%.3f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
