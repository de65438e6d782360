#if canImport(Glibc)
    import Glibc
#endif

/// How a child process ended.
public enum Termination: Sendable, Hashable, CustomStringConvertible {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case killed(signal: Int32)

    /// The status a shell would report: the exit status, or 128 + the signal.
    public var status: Int32 {
        switch self {
        case .exited(let status): status
        case .killed(let signal): 128 + signal
        }
    }

    /// Whether it exited with status 0.
    public var succeeded: Bool { self == .exited(0) }

    public var description: String {
        switch self {
        case .exited(let status): "exited with status \(status)"
        case .killed(let signal): "killed by signal \(signal)"
        }
    }

    /// From the status `waitpid` stored (-1: `waitpid` itself failed, reported as status 255).
    init(waitStatus status: Int32) {
        guard status != -1 else {
            self = .exited(255)
            return
        }
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .killed(signal: signal)
    }
}
