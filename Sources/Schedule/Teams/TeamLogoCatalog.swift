import Foundation
import SharedNetworking

/// Where a team's logo lives: `<base>nfl_<tricode lowercased>_light.png`.
///
/// The base is injectable so tests serve logos from a loopback server; apps use ``yinzCam``.
public struct TeamLogoCatalog: Sendable, Hashable {
    /// The exercise's logo directory.
    public static let yinzCam = TeamLogoCatalog(baseURL: URL(string: "https://resources-us.yinzcam.com/nfl/logos/")!)

    /// A directory URL; a missing trailing slash is added.
    public var baseURL: URL

    /// A catalog under `baseURL` (a mirror, or a loopback server in tests).
    public init(baseURL: URL) {
        let text = baseURL.absoluteString
        self.baseURL = text.hasSuffix("/") ? baseURL : URL(string: text + "/") ?? baseURL
    }

    /// The logo of `triCode`, or `nil` when the tricode is not 1 to 5 ASCII letters or digits:
    /// a value from the feed never becomes a path (`../`, `?`, spaces) in a request.
    public func url(forTriCode triCode: String) -> URL? {
        let code = FeedText.trimmedSpaces(triCode).lowercased()
        guard (1...5).contains(code.utf8.count),
            code.utf8.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) })
        else { return nil }
        return URL(string: "nfl_\(code)_light.png", relativeTo: baseURL)?.absoluteURL
    }
}
