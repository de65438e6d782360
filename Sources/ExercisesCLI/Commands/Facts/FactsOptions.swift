/// The options only `exercises facts` has.
enum FactsOptions {
    /// The narrowest and widest layouts accepted: below 200 pt nothing sensible fits, above
    /// 2732 pt (a 12.9" iPad's long side in points × 2) is not a device.
    static let widthRange = 200...2732
    static let defaultWidth = 375

    static let width = OptionSpec.value(
        "--width", "N",
        help:
            "Lay rows out for a screen N points wide (\(widthRange.lowerBound)-\(widthRange.upperBound); default \(defaultWidth), an iPhone in portrait; try 320, 414, 768, 1024, 1366)."
    )

    static let images = OptionSpec.flag(
        "--images",
        help:
            "Download the images (through the shared resource pipeline, cached under --cache-dir) so each slot has its image's real size; dead links show as failed."
    )

    static func width(_ options: ParsedOptions) throws(CLIError) -> Double {
        let value = try options.value("--width", as: "a width in points from \(widthRange.lowerBound) to \(widthRange.upperBound)") {
            text in
            Int(text).flatMap { widthRange.contains($0) ? $0 : nil }
        }
        return Double(value ?? defaultWidth)
    }
}
