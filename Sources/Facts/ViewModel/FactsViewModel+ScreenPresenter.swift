import ScreenKit
import SharedNetworking

/// What the facts screen's ``/ScreenKit/ScreenLoader`` asks its view-model: it keeps the feed as
/// loaded (the rows are laid out when ``FactsViewModel/state`` is read) and says how many facts a
/// refresh brought. Called by the loader only.
extension FactsViewModel: ScreenPresenter {
    /// `loaded` itself, its rows' images handed to ``FactsViewModel/images``.
    public func content(for loaded: Loaded<FactsFeed>) -> Loaded<FactsFeed> {
        present(loaded)
        return loaded
    }

    /// `Facts updated: 13 facts.`
    public func updatedAnnouncement(for content: FactsFeed) -> String? {
        spoken.updated(content.rows.count)
    }
}
