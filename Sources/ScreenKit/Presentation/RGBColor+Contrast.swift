import Foundation

/// The WCAG 2.2 contrast thresholds of level AA, and what counts as large text.
public enum WCAGContrast {
    /// Text (success criterion 1.4.3): 4.5:1.
    public static let text = 4.5
    /// Large text (1.4.3): 3:1.
    public static let largeText = 3.0
    /// Parts of controls and state indicators (1.4.11): 3:1.
    public static let nonText = 3.0

    /// Whether `font` is large text: at least 18 pt, or 14 pt bold (WCAG's 24 and 18.66 CSS
    /// pixels; the designs' points are CSS pixels one to one). Semibold is not bold (axe-core
    /// and WCAG count 700 and heavier).
    public static func isLarge(_ font: FontSpec) -> Bool {
        font.size >= 24 || (font.weight == .bold && font.size >= 18.66)
    }

    /// The ratio text in `font` needs: ``largeText`` or ``text``.
    public static func required(for font: FontSpec) -> Double {
        isLarge(font) ? largeText : text
    }
}

extension RGBColor {
    /// The WCAG 2 contrast ratio between this colour and `other`, from 1 (the same) to 21
    /// (black on white): (lighter + 0.05) / (darker + 0.05) of the relative luminances.
    public func contrastRatio(with other: RGBColor) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Black or white, whichever contrasts more with this colour (for text drawn on it).
    public var blackOrWhiteText: RGBColor {
        contrastRatio(with: .white) >= contrastRatio(with: .black) ? .white : .black
    }

    /// This colour, or the nearest shade of it that reaches `ratio` against `background`: mixed
    /// towards black on a light background and towards white on a dark one, in steps of 1/255,
    /// so the hue stays recognisable. Black or white when even they do not reach it.
    public func adjusted(toContrast ratio: Double, against background: RGBColor) -> RGBColor {
        if contrastRatio(with: background) >= ratio { return self }
        let target: RGBColor = background.blackOrWhiteText
        for step in 1...255 {
            let candidate = mixed(with: target, amount: Double(step) / 255)
            if candidate.contrastRatio(with: background) >= ratio { return candidate }
        }
        return target
    }

    /// `amount` (0…1) of the way from this colour to `other`, per channel.
    public func mixed(with other: RGBColor, amount: Double) -> RGBColor {
        let t = min(1, max(0, amount))
        func channel(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
        return RGBColor(red: channel(red, other.red), green: channel(green, other.green), blue: channel(blue, other.blue))
    }

    /// This colour drawn at `opacity` over `background` (what a translucent text shows).
    public func composited(opacity: Double, over background: RGBColor) -> RGBColor {
        background.mixed(with: self, amount: opacity)
    }
}
