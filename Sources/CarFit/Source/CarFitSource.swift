import Foundation
import SharedNetworking

/// The exercise's own data, bundled with the module (`Resources/carfit.json`).
///
/// Tests, previews and the `exercises carfit` command all read this one copy.
public enum CarFitSource {
    /// How this feed's bytes become text: the package's defaults (UTF-8, else the declared
    /// charset, else Windows-1252; 16 MiB; a 30 s deadline). ``CarFitFeedLoader`` applies them.
    public static let decodingOptions = FeedDecodingOptions()

    /// The bundled `carfit.json` as a feed source.
    public static func bundled() throws(NetworkError) -> FeedSource {
        try FeedSource.resource("carfit", withExtension: "json", in: .module)
    }

    /// The days the bundled sample has visits on (for a worker anywhere from UTC−8 to UTC+14): the
    /// 10th, 11th and 30th of September 2020.
    public static let coveredDays: [CalendarDay] = [
        CalendarDay(year: 2020, month: 9, day: 10),
        CalendarDay(year: 2020, month: 9, day: 11),
        CalendarDay(year: 2020, month: 9, day: 30),
    ]

    /// The "today" that makes the sample meaningful: its first day.
    public static let referenceDay = CalendarDay(year: 2020, month: 9, day: 10)
}
