/// Where a screen's loading stands: the one loading-phase type of every exercise view-model.
///
/// One enum for all five modules so that a view written for one screen reads the others: a
/// spinner for ``loading`` with nothing on screen, the content for ``loaded``, a full-screen
/// error for ``failed``. Content that survives a failed refresh is the view-model's business
/// (each keeps the previous content beside the error); the phase only says what happened last.
/// Its raw values are what `exercises --json` prints.
public enum LoadingPhase: String, Sendable, Hashable, Codable, CaseIterable {
    /// Nothing requested yet.
    case idle
    /// A load is running (content from an earlier load may still be on screen).
    case loading
    /// The latest load succeeded.
    case loaded
    /// The latest load failed; the view-model says why and keeps what it had.
    case failed
}
