import ScreenKit

/// The facts screen's words for its loading, shown and said by its ``/ScreenKit/ScreenLoader``:
/// the placeholder while nothing is on screen, and the failure announcement.
extension FactsSpokenText: ScreenLoadingText {
    /// `Loading the facts…`: the placeholder while the first load runs.
    public var loading: String {
        switch language {
        case .german: "Die Fakten werden geladen…"
        default: "Loading the facts…"
        }
    }

    /// `Couldn't load the facts`: a load failed with nothing on screen.
    public var loadFailedTitle: String {
        switch language {
        case .german: "Die Fakten konnten nicht geladen werden"
        default: "Couldn't load the facts"
        }
    }

    /// `Couldn't refresh the facts`: a refresh failed and the rows stay.
    public var refreshFailedTitle: String {
        switch language {
        case .german: "Die Fakten konnten nicht aktualisiert werden"
        default: "Couldn't refresh the facts"
        }
    }

    /// `Try again`: the placeholder's button after a failed first load.
    public var retry: String {
        switch language {
        case .german: "Erneut versuchen"
        default: "Try again"
        }
    }

    /// `Facts`, `Fakten`: the bar over the placeholder, as written on the loaded screen.
    public var screenName: String {
        FactsWrittenText(language: language).screenName
    }
}
