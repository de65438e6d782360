/// The names a server answers to, and the origins whose pages may open its WebSockets.
///
/// **Host** (DNS rebinding): a page on `attacker.example` can make its name resolve to
/// `127.0.0.1` and then read this server's answers as its own origin. The browser still sends
/// `Host: attacker.example:PORT`, so a server that answers only its own names is out of reach
/// (OWASP, "DNS rebinding"; the defence of Jupyter's and webpack-dev-server's `allowed hosts`).
/// A request's `Host` must be one of ``hostNames`` (the bind address when it is one machine's
/// address, the loopback names `localhost`, `127.0.0.1` and `[::1]`, and the `--public-host`
/// names) or an IP address literal: rebinding needs a name, and a page served from an address
/// is that address's own origin, so `http://192.168.1.5:8080` on a network keeps working
/// without a flag. The port is not compared: the names are this machine's.
///
/// **Origin** (cross-site WebSocket hijacking): browsers do not apply the same-origin policy to
/// WebSockets, so any page can open one to this server with the user's network position; only
/// the `Origin` header tells whose page it is (RFC 6455 §10.2). A WebSocket upgrade that carries
/// one must name a host among ``originNames`` (``hostNames`` and the origins configured besides,
/// such as the pages of a server embedding this one), never judged against the request's own
/// `Host`, which the same attacker writes. `Origin: null` (a sandboxed or `file:` page) is
/// refused. No `Origin` at all, or a `ws:`/`wss:` one (which no page has), is a client that is
/// not a browser (the apps, the load test): a web page cannot send either, so they are let
/// through.
public struct HostPolicy: Sendable, Hashable {
    /// The names a request's `Host` may carry (lower case, IPv6 in brackets), IP literals aside.
    public let hostNames: Set<String>
    /// The hosts a WebSocket's `Origin` may name.
    public let originNames: Set<String>

    /// The loopback names, always served.
    public static let loopbackNames: Set<String> = ["localhost", "127.0.0.1", "[::1]"]

    /// A server bound to `bindHost` (its `--host`; `0.0.0.0` and `::`, which are no one's name,
    /// add nothing), also reached as `publicHosts` (names or addresses, with or without a port),
    /// whose WebSockets may also be opened by pages of `originHosts` (names, `host:port`, or
    /// whole origins such as `http://127.0.0.1:8080`).
    public init(bindHost: String, publicHosts: [String] = [], originHosts: [String] = []) {
        var names = Self.loopbackNames
        for name in [bindHost] + publicHosts {
            if let host = Self.host(ofAuthority: name), !["0.0.0.0", "[::]", ""].contains(host) { names.insert(host) }
        }
        hostNames = names
        originNames = names.union(originHosts.compactMap { Self.host(ofOrigin: $0) ?? Self.host(ofAuthority: $0) })
    }

    /// Whether a request whose `Host` header (HTTP/2's `:authority`) is `authority` is for this
    /// server. A request without one is not (RFC 9112 §3.2: a server must refuse it).
    public func allowsHost(_ authority: String?) -> Bool {
        guard let authority, let host = Self.host(ofAuthority: authority) else { return false }
        return hostNames.contains(host) || Self.isAddressLiteral(host)
    }

    /// Whether a WebSocket upgrade carrying `origin` may proceed: no `Origin` (not a browser), or
    /// one naming a host of ``originNames``.
    public func allowsOrigin(_ origin: String?) -> Bool {
        guard let origin else { return true }
        // `ws://` and `wss://` are no page's origin: hummingbird-websocket's client (the apps on
        // Linux, `trivia-play`) writes the socket's own URL there. Only a program can send it, and
        // a program could as well send none.
        if let scheme = origin.range(of: "://").map({ origin[..<$0.lowerBound].lowercased() }), scheme == "ws" || scheme == "wss" {
            return true
        }
        guard let host = Self.host(ofOrigin: origin) else { return false }
        return originNames.contains(host)
    }

    /// Both rules, for a WebSocket upgrade request.
    public func allowsWebSocket(host authority: String?, origin: String?) -> Bool {
        allowsHost(authority) && allowsOrigin(origin)
    }

    // MARK: Parsing

    /// The host of `scheme://host[:port]`, lower case; `nil` for anything else (`null` included).
    static func host(ofOrigin origin: String) -> String? {
        guard let separator = origin.range(of: "://") else { return nil }
        let scheme = origin[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = origin[separator.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@") else { return nil }
        return host(ofAuthority: String(authority))
    }

    /// The host of `host[:port]` (`[v6][:port]` for IPv6), lower case, without a trailing dot;
    /// a bare IPv6 address is bracketed. `nil` when it is empty or the port is not a number.
    static func host(ofAuthority authority: String) -> String? {
        let text = authority.trimmingSpaces().lowercased()
        var host: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[...close]
            let after = text[text.index(after: close)...]
            guard after.isEmpty || (after.first == ":" && after.dropFirst().allSatisfy(\.isASCIIDigit)) else { return nil }
        } else if text.filter({ $0 == ":" }).count > 1 {
            // A bare IPv6 address (a `--host ::1`).
            return "[\(text)]"
        } else if let colon = text.lastIndex(of: ":") {
            guard text[text.index(after: colon)...].allSatisfy(\.isASCIIDigit) else { return nil }
            host = text[..<colon]
        } else {
            host = Substring(text)
        }
        if host.hasSuffix(".") { host = host.dropLast() }
        return host.isEmpty ? nil : String(host)
    }

    /// `a.b.c.d` with four decimal parts of at most 255, or a bracketed IPv6 address.
    static func isAddressLiteral(_ host: String) -> Bool {
        if host.hasPrefix("[") { return host.hasSuffix("]") && host.count > 2 }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in part.count <= 3 && part.allSatisfy(\.isASCIIDigit) && Int(part) ?? 256 <= 255 }
    }
}

extension String {
    fileprivate func trimmingSpaces() -> Substring {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
