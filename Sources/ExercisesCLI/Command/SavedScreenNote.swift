import ScreenKit
import SharedNetworking

/// The line on standard error when a screen shows its saved copy because the load failed: the
/// failure is still reported (a `note:`, since the command succeeded in showing a screen).
enum SavedScreenNote {
    static func diagnostic(error: String, notice: NetworkNotice) -> Diagnostic {
        Diagnostic(.note, path: "", message: "\(error); the screen shows the saved copy (\(notice.text))")
    }
}
