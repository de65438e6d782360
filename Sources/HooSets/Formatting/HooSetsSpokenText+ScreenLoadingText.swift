import ScreenKit

/// The Hoo sets' words for their loading, shown and said by the screen's
/// ``/ScreenKit/ScreenLoader`` (``HooSetsSpokenText/loading`` is the placeholder's).
extension HooSetsSpokenText: ScreenLoadingText {
    /// `Couldn't load the Hoo sets`: a load failed with nothing on screen.
    public var loadFailedTitle: String {
        switch language {
        case .german: "Die Hoo-Sets konnten nicht geladen werden"
        default: "Couldn't load the Hoo sets"
        }
    }

    /// `Couldn't refresh the Hoo sets`: a reload failed and the grid stays.
    public var refreshFailedTitle: String {
        switch language {
        case .german: "Die Hoo-Sets konnten nicht aktualisiert werden"
        default: "Couldn't refresh the Hoo sets"
        }
    }

    /// `Try again`: the placeholder's button after a failed first load.
    public var retry: String {
        switch language {
        case .german: "Erneut versuchen"
        default: "Try again"
        }
    }

    /// `Hoo Sets`, `Hoo-Sets`: the bar over the placeholder, the loaded grid's title.
    public var screenName: String {
        HooSetsWrittenText(language: language).title
    }
}
