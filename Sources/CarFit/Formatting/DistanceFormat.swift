import Foundation

/// Kilometres as the card shows them: `0.5 km` in English, `0,5 km` in Danish and German.
///
/// `MeasurementFormatter` does not exist in swift-corelibs-foundation, so the number is
/// formatted with `FloatingPointFormatStyle` and an explicit locale (decimal separator,
/// grouping, digits) and the unit symbol `km`, which is the same in every supported language.
/// One decimal below 100 km (a worker cares about 0.5 versus 1.4 km); whole kilometres above.
public struct DistanceFormat: Sendable, Hashable {
    /// The locale for the number's decimal separator and grouping.
    public let locale: Locale

    /// A formatter for `locale`.
    public init(locale: Locale) {
        self.locale = locale
    }

    /// `1.4 km` (en), `1,4 km` (da, de): one decimal below 100 km, whole kilometres above.
    public func string(meters: Double) -> String {
        let kilometres = max(0, meters) / 1000
        let digits = kilometres < 99.95 ? 1 : 0
        let number = kilometres.formatted(
            FloatingPointFormatStyle<Double>.number.locale(locale).precision(.fractionLength(digits))
        )
        return "\(number) km"
    }
}
