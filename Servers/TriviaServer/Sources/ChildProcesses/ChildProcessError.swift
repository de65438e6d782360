/// Why a child process could not be started.
public enum ChildProcessError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `posix_spawn` (or a pipe for it) failed: the executable and the system's reason.
    case cannotStart(String, reason: String)

    public var description: String {
        switch self {
        case .cannotStart(let executable, let reason): "cannot start \(executable): \(reason)"
        }
    }
}
