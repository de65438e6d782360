import Foundation
import SharedNetworking

/// Where the schedule comes from: the exercise's address and the copy bundled with the module.
///
/// The bundled copy is the embedded default of the `exercises schedule` screen and of tests, so
/// both read exactly the same bytes. See <doc:ScheduleGuide>.
public enum ScheduleSource {
    /// The exercise's feed. Plain `http`: the exercise notes that https does not work there.
    ///
    /// An app that loads it needs an App Transport Security exception for `files.yinzcam.com`
    /// (`NSExceptionDomains` → `NSExceptionAllowsInsecureHTTPLoads`); the exact `Info.plist` keys
    /// are in <doc:ScheduleGuide#App-Transport-Security-the-feed-is-plain-http>.
    public static let remoteURL = URL(string: "http://files.yinzcam.com/iOS/interviews/ScheduleExercise/schedule.json")!

    /// How this feed's bytes become text: the package's defaults (UTF-8, else the declared
    /// charset, else Windows-1252; 16 MiB; a 30 s deadline). ``ScheduleFeedLoader`` applies them.
    public static let decodingOptions = FeedDecodingOptions()

    /// The bundled `schedule.json` (the feed as captured, GB 2020 season).
    public static func bundled() throws(NetworkError) -> FeedSource {
        try FeedSource.resource("schedule", withExtension: "json", in: .module)
    }
}
