/// Where a screen's loading stands: the one loading-phase type of every exercise view-model.
///
/// One enum for all five modules so that a view written for one screen reads the others, and one
/// rule for it, kept by ``ScreenLoader`` for every feed screen:
/// - ``idle`` before anything was asked (and again after a first load was cancelled);
/// - ``loading`` while any fetch runs, a first load or a refresh over content on screen
///   (``ScreenState/isLoading`` and ``ScreenState/isRefreshing`` tell them apart);
/// - ``loaded`` after a success, or when a saved copy the server still calls fresh was shown;
/// - ``failed`` after a failure, whether content stayed on screen (the previous content, or a
///   saved copy, marked by the ``NetworkNotice``) or there was none;
/// - a cancelled fetch puts back the phase it found: a cancellation is not a failure.
///
/// Its raw values are what `exercises --json` prints.
public enum LoadingPhase: String, Sendable, Hashable, Codable, CaseIterable {
    /// Nothing requested yet.
    case idle
    /// A load is running (content from an earlier load may still be on screen).
    case loading
    /// The latest load succeeded.
    case loaded
    /// The latest load failed; the content shown before it, if any, stays.
    case failed
}
