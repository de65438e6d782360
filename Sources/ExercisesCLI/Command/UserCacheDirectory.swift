import Foundation

/// Where the `exercises` command keeps its caches when `--cache-dir` is not given: the folder each
/// platform's convention names for per-user caches, with the command's own folder inside.
///
/// - macOS (and every Apple platform): `~/Library/Caches/mobile-exercises`, the folder Finder,
///   backups and "Storage" treat as disposable.
/// - Linux and other Unix systems: `$XDG_CACHE_HOME/mobile-exercises`, or
///   `~/.cache/mobile-exercises` when `XDG_CACHE_HOME` is unset, empty or relative (the XDG Base
///   Directory Specification says to ignore a relative value).
///
/// The convention is a parameter, so both are tested on every platform; ``Convention/current`` is the only
/// place that asks which platform this is.
public enum UserCacheDirectory {
    /// A platform's rule for per-user cache folders.
    public enum Convention: Sendable, Equatable {
        /// Apple's: `~/Library/Caches`.
        case appleLibraryCaches
        /// The XDG Base Directory Specification's: `$XDG_CACHE_HOME`, else `~/.cache`.
        case xdg

        /// The convention of the platform this was compiled for.
        public static var current: Convention {
            #if canImport(Darwin)
                .appleLibraryCaches
            #else
                .xdg
            #endif
        }
    }

    /// The name of the command's folder inside the platform's cache folder.
    public static let folderName = "mobile-exercises"

    /// The command's default cache folder under `convention`, for a user whose home folder is
    /// `home` and whose process environment is `environment`.
    public static func resolve(_ convention: Convention, home: URL, environment: [String: String]) -> URL {
        let root: URL
        switch convention {
        case .appleLibraryCaches:
            root = home.appendingPathComponent("Library", isDirectory: true).appendingPathComponent("Caches", isDirectory: true)
        case .xdg:
            if let value = environment["XDG_CACHE_HOME"], value.hasPrefix("/") {
                root = URL(fileURLWithPath: value, isDirectory: true)
            } else {
                root = home.appendingPathComponent(".cache", isDirectory: true)
            }
        }
        return root.appendingPathComponent(folderName, isDirectory: true)
    }
}
