import SharedNetworking

/// Why no Hoo sets could be shown at all. (A single bad set is skipped with a diagnostic
/// instead; see ``HooSetsSource``.)
public enum HooSetsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sets directory (or a bundled resource) does not exist.
    case missingDirectory(path: String)
    /// The directory holds no `NN.zip` file and no `NN/` directory.
    case noSets(path: String)
    /// Every set failed; the first reason is kept.
    case allSetsFailed(path: String, firstReason: String)
    /// The cache directory cannot be created or written.
    case cacheUnavailable(path: String, reason: String)
    /// The loading task was cancelled.
    case cancelled

    /// One line to show a person, naming the path.
    public var description: String {
        switch self {
        case .missingDirectory(let path): "\(path): no such directory"
        case .noSets(let path): "\(path): no Hoo sets found (expected NN.zip files or NN/ directories)"
        case .allSetsFailed(let path, let reason): "\(path): no Hoo set could be read (\(reason))"
        case .cacheUnavailable(let path, let reason): "cannot use the cache directory \(path): \(reason)"
        case .cancelled: "cancelled"
        }
    }

    /// The same failure as the ``/SharedNetworking/NetworkError`` every screen's loading reports,
    /// naming the same path with the same words: a folder that cannot be read is
    /// ``/SharedNetworking/NetworkError/file(path:reason:)``, sets that are there but unreadable
    /// ``/SharedNetworking/NetworkError/invalidContent(source:reason:)``.
    public var networkError: NetworkError {
        switch self {
        case .missingDirectory(let path): .file(path: path, reason: "no such directory")
        case .noSets(let path): .file(path: path, reason: "no Hoo sets found (expected NN.zip files or NN/ directories)")
        case .allSetsFailed(let path, let reason): .invalidContent(source: path, reason: "no Hoo set could be read (\(reason))")
        case .cacheUnavailable(let path, let reason): .file(path: path, reason: "cannot be used as the cache directory: \(reason)")
        case .cancelled: .cancelled
        }
    }
}
