import Foundation

/// An sRGB colour as design specs state it (`#4E77D6`), independent of UIKit and SwiftUI.
///
/// View state carries colours as values so that tests can compare them and every renderer (a
/// SwiftUI view, the terminal, the HTML previews) draws the same one. Encodes as `"#RRGGBB"`.
public struct RGBColor: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The red component, 0-255.
    public var red: UInt8
    /// The green component, 0-255.
    public var green: UInt8
    /// The blue component, 0-255.
    public var blue: UInt8

    /// A colour from its three 8-bit sRGB components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `#RRGGBB`, `RRGGBB` or `#RGB` (any case); `nil` for anything else.
    public init?(hex: String) {
        var digits = Substring(hex.trimmingCharacters(in: .whitespaces))
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        if digits.count == 3 { digits = Substring(digits.map { "\($0)\($0)" }.joined()) }
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#RRGGBB`, uppercase.
    public var hex: String {
        "#"
            + [red, green, blue].map { byte in
                let text = String(byte, radix: 16, uppercase: true)
                return text.count == 1 ? "0" + text : text
            }.joined()
    }

    /// ``hex``, so a colour prints as a design spec writes it.
    public var description: String { hex }

    /// Components in `0...1`, for `Color(red:green:blue:)` / `UIColor`.
    public var unitComponents: (red: Double, green: Double, blue: Double) {
        (Double(red) / 255, Double(green) / 255, Double(blue) / 255)
    }

    /// WCAG relative luminance (0 black … 1 white), to pick readable text on a colour.
    public var relativeLuminance: Double {
        func channel(_ value: UInt8) -> Double {
            let unit = Double(value) / 255
            return unit <= 0.03928 ? unit / 12.92 : pow((unit + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }

    /// `#000000`: the darker of the two fallback text colours for contrast.
    public static let black = RGBColor(red: 0, green: 0, blue: 0)
    /// `#FFFFFF`: the lighter of the two fallback text colours for contrast.
    public static let white = RGBColor(red: 255, green: 255, blue: 255)

    /// Decodes `"#RRGGBB"` (or `#RGB`); anything else is a decoding error that quotes the text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let color = RGBColor(hex: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a colour as #RRGGBB, found \"\(text)\"")
        }
        self = color
    }

    /// Encodes as `"#RRGGBB"`, the form view state's JSON and the HTML previews use.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}

/// A font as a design spec states it: a size in points, a weight, and optionally a face the app
/// bundles (by PostScript name), with the system font at that size and weight as the fallback
/// wherever the face is not available (Linux, the terminal, a browser without it).
public struct FontSpec: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The weights the designs use, named as SwiftUI and UIKit name them.
    public enum Weight: String, Sendable, Hashable, Codable, CaseIterable {
        /// From the lightest to the boldest; ``cssValue`` gives the CSS number.
        case light, regular, medium, semibold, bold

        /// The CSS `font-weight` number.
        public var cssValue: Int {
            switch self {
            case .light: 300
            case .regular: 400
            case .medium: 500
            case .semibold: 600
            case .bold: 700
            }
        }
    }

    /// The point size.
    public var size: Double
    /// The weight of the system font.
    public var weight: Weight
    /// The bundled face to use (`AGBookPro-LightCnd`, what `UIFont(name:size:)` and SwiftUI's
    /// `Font.custom(_:size:)` take), or `nil` for the system font. Encoded only when set.
    public var postScriptName: String?

    /// The system font at `size` and `weight`; with `postScriptName`, that face first and the
    /// system font as its fallback.
    public init(size: Double, weight: Weight, postScriptName: String? = nil) {
        self.size = size
        self.weight = weight
        self.postScriptName = postScriptName
    }

    /// `17 pt light`, `28 pt AGBookPro-MediumCnd (else system medium)`.
    public var description: String {
        let size = "\(size.formatted(.number)) pt"
        return postScriptName.map { "\(size) \($0) (else system \(weight.rawValue))" } ?? "\(size) \(weight.rawValue)"
    }
}
