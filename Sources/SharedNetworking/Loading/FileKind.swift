#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a path names once symbolic links are followed (`/dev/stdin` is a link to the process's
/// descriptor 0, often a pipe), which `FileManager.attributesOfItem` does not say: it describes
/// the link itself.
enum FileKind {
    /// Whether `path` leads to a regular file, whose size is known before it is read.
    static func isRegularFile(atPath path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return status.st_mode & S_IFMT == S_IFREG
    }
}
