import ScreenKit
// TextKit 1 (`NSLayoutManager`, `NSTextStorage`) is in UIKit on iOS, iPadOS, Mac Catalyst, tvOS
// and visionOS; watchOS's UIKit has no TextKit. Not compiled on Linux or macOS (AppKit).
#if canImport(UIKit) && !os(watchOS)
    import Foundation
    import SharedNetworking
    import UIKit

    /// Measures text with TextKit and the real fonts (a spec's bundled face, else the system
    /// font), for the iOS app.
    ///
    /// Exists only where UIKit has TextKit (iOS, iPadOS, Mac Catalyst, tvOS, visionOS); elsewhere
    /// use ``AverageGlyphMeasurer`` or a measurer of your own.
    ///
    /// Line fragments come from `NSLayoutManager`, so the lines and heights are the ones a
    /// `UILabel`/`Text` with the same font and width draws (line fragment padding 0, word wrap).
    public struct TextKitMeasurer: TextMeasuring {
        public init() {}

        public func measure(_ text: String, font spec: FontSpec, width: Double) -> TextMeasurement {
            // The spec's bundled face when the app has it, else the system font (its fallback).
            let font =
                spec.postScriptName.flatMap { UIFont(name: $0, size: CGFloat(spec.size)) }
                ?? UIFont.systemFont(ofSize: CGFloat(spec.size), weight: Self.weight(spec.weight))
            let storage = NSTextStorage(string: text, attributes: [.font: font])
            let container = NSTextContainer(size: CGSize(width: CGFloat(width), height: .greatestFiniteMagnitude))
            container.lineFragmentPadding = 0
            container.lineBreakMode = .byWordWrapping
            let manager = NSLayoutManager()
            manager.addTextContainer(container)
            storage.addLayoutManager(manager)
            manager.ensureLayout(for: container)

            let characters = text as NSString
            var lines: [String] = []
            manager.enumerateLineFragments(forGlyphRange: manager.glyphRange(for: container)) { _, _, _, glyphRange, _ in
                let range = manager.characterRange(forGlyphRange: glyphRange, actualGlyphRange: nil)
                lines.append(characters.substring(with: range).trimmingCharacters(in: .whitespacesAndNewlines))
            }
            let used = manager.usedRect(for: container)
            return TextMeasurement(
                lines: lines,
                lineCount: lines.count,
                size: LayoutSize(width: Double(used.width.rounded(.up)), height: Double(used.height.rounded(.up)))
            )
        }

        private static func weight(_ weight: FontSpec.Weight) -> UIFont.Weight {
            switch weight {
            case .light: .light
            case .regular: .regular
            case .medium: .medium
            case .semibold: .semibold
            case .bold: .bold
            }
        }
    }
#endif
