/// A module's words for its screen's loading, in the screen's language: what ``ScreenLoader``
/// puts in the ``ScreenPlaceholder`` and says in its failure ``Announcement``.
///
/// Each exercise's spoken-text type conforms (`ScheduleSpokenText`, `CarFitStrings`,
/// `HooSetsSpokenText`, `FactsSpokenText`), so the words live with the module's other words and
/// no front-end writes its own. A failure is announced as the title and the error as two
/// sentences: `Couldn't load the schedule. http://…: HTTP 404 Not Found`.
public protocol ScreenLoadingText: Sendable {
    /// While a first load runs with nothing on screen: `Loading the schedule…`.
    var loading: String { get }
    /// A load failed with nothing to show: `Couldn't load the schedule`.
    var loadFailedTitle: String { get }
    /// A refresh failed and the content on screen stays: `Couldn't refresh the schedule`.
    var refreshFailedTitle: String { get }
    /// The name of the action that tries a failed first load again: `Try again`.
    var retry: String { get }
    /// The screen's name, as its page or bar names it: `Schedule`, `Spielplan`. The bar over the
    /// placeholder says it, so a screen with nothing to show yet is in its language too.
    var screenName: String { get }
}
