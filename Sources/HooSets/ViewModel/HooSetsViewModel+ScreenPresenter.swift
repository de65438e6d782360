import ScreenKit
import SharedNetworking

/// What the Hoo sets' ``/ScreenKit/ScreenLoader`` asks its view-model: it keeps the sets as read
/// and lays the grid out for them; a reload is not announced (the grid appearing says it, and a
/// reload of a bundled directory changes nothing to hear). Called by the loader only.
extension HooSetsViewModel: ScreenPresenter {
    /// `loaded` itself, the grid laid out for it.
    public func content(for loaded: Loaded<HooSetsFeed>) -> Loaded<HooSetsFeed> {
        present(loaded)
        return loaded
    }

    /// Nothing: a reload is not announced.
    public func updatedAnnouncement(for content: HooSetsFeed) -> String? {
        nil
    }
}
