import Foundation

/// Kilometres as the card shows them: `0.5 km` in English, `0,5 km` in Danish and German.
///
/// `MeasurementFormatter` does not exist in swift-corelibs-foundation, so the number is
/// formatted with `FloatingPointFormatStyle` and an explicit locale (decimal separator,
/// grouping, digits) and the unit symbol `km`, which is the same in every supported language.
/// One decimal below 100 km (a worker cares about 0.5 versus 1.4 km); whole kilometres above.
///
/// The distance is rounded here, half away from zero (0.25 km shows `0.3 km`), before it is
/// formatted, so the text depends only on `shownValue(meters:)`: a list formats each distinct
/// value once (`VisitCardTexts`).
public struct DistanceFormat: Sendable, Hashable {
    /// The locale for the number's decimal separator and grouping.
    public let locale: Locale

    /// A formatter for `locale`.
    public init(locale: Locale) {
        self.locale = locale
    }

    /// `1.4 km` (en), `1,4 km` (da, de): one decimal below 100 km, whole kilometres above.
    public func string(meters: Double) -> String {
        string(shown: shownValue(meters: meters))
    }

    /// What the text shows, in tenths of a kilometre below 99.95 km and whole kilometres
    /// (negative, to keep them apart) from there.
    func shownValue(meters: Double) -> Int {
        let kilometres = max(0, meters) / 1000
        guard kilometres.isFinite, kilometres < 1e15 else { return Int.min }
        if kilometres < 99.95 { return Int((kilometres * 10).rounded()) }
        return -Int(kilometres.rounded())
    }

    func string(shown: Int) -> String {
        let (value, digits) = shown >= 0 ? (Double(shown) / 10, 1) : (Double(shown == Int.min ? 0 : -shown), 0)
        let number = value.formatted(FloatingPointFormatStyle<Double>.number.locale(locale).precision(.fractionLength(digits)))
        return "\(number) km"
    }
}
