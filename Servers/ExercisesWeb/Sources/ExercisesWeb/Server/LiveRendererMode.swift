/// What a session sends its page after the first screen (`--renderer`): the changes, or the
/// whole screen every time; and whether sessions share the screens they render.
///
/// All render beside the main actor; `whole` and `diff-unshared` are kept so that one server
/// binary can be measured each way, side by side (`exercises-web-load --compare`), and `whole`
/// as a fallback should a browser ever disagree with a patch.
public enum LiveRendererMode: String, Sendable, CaseIterable {
    /// The whole phone on every change (what a page gets after a reset in either mode).
    case whole
    /// Only what changed (a `patch`), against the screen the page has; a screen, and the patch
    /// from one screen to another, made once for every session that shows it.
    case diff
    /// Patches as `diff`, but each session renders every screen and patch itself, as if no two
    /// sessions ever showed the same screen: what sharing saves, measured.
    case unshared = "diff-unshared"
}
