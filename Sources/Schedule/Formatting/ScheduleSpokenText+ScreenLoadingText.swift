import ScreenKit

/// The schedule's words for its loading, shown and said by its ``/ScreenKit/ScreenLoader``: the
/// placeholder while nothing is on screen, and the failure announcement.
extension ScheduleSpokenText: ScreenLoadingText {
    /// `Loading the schedule…`: the placeholder while the first load runs.
    public var loading: String {
        switch language {
        case .german: "Der Spielplan wird geladen…"
        default: "Loading the schedule…"
        }
    }

    /// `Couldn't load the schedule`: a load failed with nothing on screen.
    public var loadFailedTitle: String {
        switch language {
        case .german: "Der Spielplan konnte nicht geladen werden"
        default: "Couldn't load the schedule"
        }
    }

    /// `Couldn't refresh the schedule`: a refresh failed and the list stays.
    public var refreshFailedTitle: String {
        switch language {
        case .german: "Der Spielplan konnte nicht aktualisiert werden"
        default: "Couldn't refresh the schedule"
        }
    }

    /// `Try again`: the placeholder's button after a failed first load.
    public var retry: String {
        switch language {
        case .german: "Erneut versuchen"
        default: "Try again"
        }
    }

    /// `Schedule`, `Spielplan`: the bar over the placeholder, as written on the loaded screen.
    public var screenName: String {
        ScheduleWrittenText(language: language).screenName
    }
}
