import ScreenKit
import SharedNetworking

/// What the CarFit list's ``/ScreenKit/ScreenLoader`` asks its view-model: the visits by day and
/// their cards for a loaded batch, and the words for a refresh. Called by the loader only.
extension CleanerListViewModel: ScreenPresenter {
    /// The visits of `loaded` by day, with their cards; the schedule's own diagnostics (repeated
    /// visits) after the loader's.
    public func content(for loaded: Loaded<[Visit]>) -> Loaded<Visits> {
        present(loaded)
    }

    /// `Visits updated. 3 visits on the selected days.`
    public func updatedAnnouncement(for content: Visits) -> String? {
        updatedText(content)
    }
}
