/// What a session sends its page after the first screen (`--renderer`): the changes, or the
/// whole screen every time.
///
/// Both render beside the main actor; `whole` is kept so that one server binary can be measured
/// both ways, side by side (`exercises-web-load --compare`), and as a fallback should a browser
/// ever disagree with a patch.
public enum LiveRendererMode: String, Sendable, CaseIterable {
    /// The whole phone on every change (what a page gets after a reset in either mode).
    case whole
    /// Only what changed (a `patch`), against the screen the page has.
    case diff
}
