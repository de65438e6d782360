import Foundation
import Schedule
import SharedNetworking
import TestSupport

/// The package's one scripted feed loader as this module's seam.
extension ScriptedFeedLoader: ScheduleFeedLoading where Feed == ScheduleFeed {}

/// The schedule tests' name for it: a script of feeds given as bytes.
typealias ScriptedScheduleLoader = ScriptedFeedLoader<ScheduleFeed>

extension ScriptedFeedLoader.Step where Feed == ScheduleFeed {
    /// A load that decodes `data` (and fails as the real loader would when it does not decode).
    static func feed(_ data: Data) -> Self {
        .answer(Result { () throws(NetworkError) in try Fixture.decode(data) })
    }
}

extension ScriptedFeedLoader where Feed == ScheduleFeed {
    /// What `saved()` returns from now on: `data`, decoded, as saved at `savedAt`.
    func save(_ data: Data, at savedAt: Date, isFresh: Bool = false) throws {
        save(Saved(value: try Fixture.decode(data), savedAt: savedAt, isFresh: isFresh))
    }
}
