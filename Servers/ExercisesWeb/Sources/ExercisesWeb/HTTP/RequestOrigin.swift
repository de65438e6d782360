import HTTPTypes
import ServerSupport

/// Where a request comes from, as a browser tells it: only pages of this server may open a
/// session or drive one.
///
/// A browser names the page that makes a request in `Origin` (every `POST`, every WebSocket)
/// and, since Fetch Metadata, whether that page is of this site in `Sec-Fetch-Site`. A client
/// that is not a browser sends neither; it cannot be made to send a request by another site's
/// page, so it is let through.
///
/// Two rules together: the request's `Host` must be one of this server's names (`HostPolicy`:
/// its `--host`, the loopback names, `--public-host`; this closes DNS rebinding, where a page on
/// `attacker.example` resolves its name to this machine and sends `Host` and `Origin` both
/// `attacker.example`), and the `Origin` must be that very host and port: a page of another
/// server on the same machine (`http://127.0.0.1:8081`) is another origin.
enum RequestOrigin {
    /// Whether `request` is for this server (`policy`) and comes from one of its pages (or from a
    /// client that is not a browser).
    static func isSameOrigin(_ request: HTTPRequest, policy: HostPolicy) -> Bool {
        policy.allowsHost(request.authority) && isSameOrigin(request)
    }

    /// Whether `request`'s `Origin` and Fetch Metadata name its own host and port.
    static func isSameOrigin(_ request: HTTPRequest) -> Bool {
        if let name = fetchSite, let site = request.headerFields[name], site != "same-origin", site != "none" { return false }
        guard let origin = request.headerFields[.origin] else { return true }
        guard let authority = request.authority else { return false }
        if origin == "http://\(authority)" || origin == "https://\(authority)" { return true }
        // A WebSocket client that is not a browser (swift-websocket's) names its own ws:// URL's
        // host; no browser page has such an origin.
        let host = authority.split(separator: ":").first.map(String.init) ?? authority
        return origin == "ws://\(host)" || origin == "wss://\(host)"
    }

    /// `Sec-Fetch-Site`: `same-origin`, `same-site`, `cross-site` or `none` (typed by the person).
    static let fetchSite = HTTPField.Name("Sec-Fetch-Site")
}
