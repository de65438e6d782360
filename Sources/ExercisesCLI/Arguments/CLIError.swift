import SharedNetworking

/// Why a command did not show its screen. Printed as one line, `error: <message>`.
public enum CLIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The command line is wrong (unknown option, bad value). Exit status 2.
    case usage(String)
    /// The input could not be turned into a screen (bad feed, missing file). Exit status 1.
    case input(String)

    /// A failure from loading, with the loader's actionable message.
    public static func loading(_ error: NetworkError) -> CLIError {
        .input(error.description)
    }

    /// `error: <message>`, the line printed on standard error.
    public var description: String {
        switch self {
        case .usage(let message), .input(let message): message
        }
    }

    /// 2 for a usage error, 1 for bad input: the exit status the command ends with.
    public var exitStatus: Int32 {
        switch self {
        case .usage: 2
        case .input: 1
        }
    }
}
