import Foundation

/// Decides which URL is actually fetched for a requested one, and which URLs are refused.
///
/// iOS App Transport Security refuses plain `http` unless the app lists an exception, but
/// feeds still contain `http` links: most hosts serve the same file over `https`, a few do not
/// (`files.yinzcam.com`, the Schedule logos' host, is http-only). So the default policy
/// *upgrades* `http` to `https`, except for hosts known to be http-only (which an app must then
/// list as ATS exceptions) and loopback addresses (ATS allows local networking; tests use it).
/// On Linux nothing forbids `http`; ``permissive`` fetches URLs as written.
///
/// Every policy refuses schemes other than `http`/`https` (a feed's `file:` or `javascript:`
/// URL is never followed) and drops the `#fragment`, which servers never see, so `a.png` and
/// `a.png#x` share one cache entry.
public struct URLPolicy: Sendable, Hashable {
    /// What to do with a plain `http` URL whose host is not an exception.
    public enum InsecureHandling: String, Sendable, Hashable, Codable {
        /// Fetch it as written.
        case allow
        /// Fetch the `https` URL instead (same host, path and query; port 80 dropped).
        case upgrade
        /// Refuse it with ``ResourceError/blocked(url:reason:)``.
        case block
    }

    /// What happens to a plain `http` URL that is not an exception.
    public var insecure: InsecureHandling
    /// Hosts fetched over `http` as written, whatever ``insecure`` says. Matched
    /// case-insensitively; an entry `.example.com` also matches every subdomain.
    public var httpOnlyHosts: Set<String>
    /// Whether `localhost`, `127.0.0.0/8` and `::1` are exempt like ``httpOnlyHosts``.
    public var allowsLoopback: Bool

    /// A policy; host names are lowercased, and loopback is exempt unless `allowsLoopback` is false.
    public init(insecure: InsecureHandling, httpOnlyHosts: Set<String> = [], allowsLoopback: Bool = true) {
        self.insecure = insecure
        self.httpOnlyHosts = Set(httpOnlyHosts.map { $0.lowercased() })
        self.allowsLoopback = allowsLoopback
    }

    /// Hosts the exercises' feeds use that serve no `https`.
    public static let knownHTTPOnlyHosts: Set<String> = ["files.yinzcam.com"]

    /// Upgrade `http` to `https` except for ``knownHTTPOnlyHosts`` and loopback: what an iOS
    /// app with matching ATS exceptions needs. The pipeline's default.
    public static let upgradeInsecure = URLPolicy(insecure: .upgrade, httpOnlyHosts: knownHTTPOnlyHosts)

    /// Fetch `http` and `https` URLs as written.
    public static let permissive = URLPolicy(insecure: .allow)

    /// The URL to fetch for `url`, or ``ResourceError/blocked(url:reason:)``.
    public func resolve(_ url: URL) throws(ResourceError) -> URL {
        let scheme = url.scheme?.lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw .blocked(url: url, reason: "only http and https URLs are loaded (scheme: \(url.scheme ?? "none"))")
        }
        guard let host = url.host, !host.isEmpty else { throw .blocked(url: url, reason: "the URL has no host") }
        let hasFragment = url.fragment != nil
        if scheme == "https" || insecure == .allow || isExempt(host: host) {
            return hasFragment ? Self.rewrite(url, scheme: nil) : url
        }
        if insecure == .block {
            throw .blocked(url: url, reason: "plain http is not allowed for \(host); use https or add the host to httpOnlyHosts")
        }
        return Self.rewrite(url, scheme: "https")
    }

    /// Whether plain `http` to `host` is fetched as written.
    public func isExempt(host: String) -> Bool {
        let host = host.lowercased()
        if allowsLoopback && Self.isLoopback(host) { return true }
        if httpOnlyHosts.contains(host) { return true }
        return httpOnlyHosts.contains { $0.hasPrefix(".") && (host.hasSuffix($0) || "." + host == $0) }
    }

    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.first == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    private static func rewrite(_ url: URL, scheme: String?) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
        components.fragment = nil
        if let scheme {
            components.scheme = scheme
            if components.port == 80 { components.port = nil }
        }
        return components.url ?? url
    }
}
