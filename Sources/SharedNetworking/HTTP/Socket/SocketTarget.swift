import Foundation

/// Where an `http` URL's request goes: the address to connect to, the `Host` field and the
/// request target (RFC 9112 §3.2).
struct SocketTarget: Hashable, Sendable {
    /// The host to resolve, without the brackets of an IPv6 literal.
    var host: String
    var port: Int
    /// `host`, `host:port`, `[::1]:port`: as the `Host` field says it.
    var hostField: String
    /// The path and query, percent-encoded as in the URL (`/` when the path is empty).
    var requestTarget: String

    /// Idle connections are shared by host and port.
    var poolKey: String { "\(host):\(port)" }

    init?(_ url: URL) {
        guard url.scheme?.lowercased() == "http", let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let rawHost = components.percentEncodedHost, !rawHost.isEmpty
        else { return nil }
        let bare = rawHost.hasPrefix("[") ? String(rawHost.dropFirst().dropLast()) : rawHost
        host = bare.removingPercentEncoding ?? bare
        port = components.port ?? 80
        let literal = host.contains(":") ? "[\(host)]" : host
        hostField = components.port.map { "\(literal):\($0)" } ?? literal
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        requestTarget = components.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
    }
}
