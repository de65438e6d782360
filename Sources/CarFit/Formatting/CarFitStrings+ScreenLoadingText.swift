import ScreenKit

/// The CarFit screen's words for its loading (``CarFitStrings/loading``,
/// ``CarFitStrings/loadFailedTitle``, ``CarFitStrings/refreshFailedTitle``), shown and said by
/// its ``/ScreenKit/ScreenLoader``, and the retry button's.
extension CarFitStrings: ScreenLoadingText {
    /// `Try again`: the placeholder's button after a failed first load.
    public var retry: String {
        switch language {
        case .english: "Try again"
        case .danish: "Prøv igen"
        case .german: "Erneut versuchen"
        }
    }

    /// `CarFit`, the app's name in every language: the bar over the placeholder.
    public var screenName: String { "CarFit" }
}
