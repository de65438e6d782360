import UnixSignals

/// Everything the play session reacts to, from the keyboard, the system and the view-model.
public enum PlayEvent: Sendable {
    /// Bytes from the keyboard (one read), decoded into ``Key``s by the session.
    case input([UInt8])
    /// Standard input ended (end of file, or the terminal went away).
    case inputEnded
    /// A signal: SIGINT/SIGTERM/SIGHUP leave, SIGWINCH (the window was resized) redraws.
    case signal(UnixSignal)
    /// The view-model's screen or state changed.
    case screenChanged
}
