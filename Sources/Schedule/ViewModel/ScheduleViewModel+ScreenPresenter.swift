import ScreenKit
import SharedNetworking

/// What the schedule's ``/ScreenKit/ScreenLoader`` asks its view-model: the drawable schedule for
/// a loaded feed, and the words for a refresh that replaced it. Called by the loader only.
extension ScheduleViewModel: ScreenPresenter {
    /// The ``ScheduleViewState`` of `loaded`, built by the screen's one
    /// ``ScheduleViewStateBuilder`` (made on the first load and kept).
    public func content(for loaded: Loaded<ScheduleFeed>) -> Loaded<ScheduleViewState> {
        loaded.map { viewStateBuilder().build($0, now: clock.now) }
    }

    /// `Schedule updated.`
    public func updatedAnnouncement(for content: ScheduleViewState) -> String? {
        spoken.updated
    }
}
