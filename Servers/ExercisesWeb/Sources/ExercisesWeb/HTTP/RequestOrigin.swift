import HTTPTypes

/// Where a request comes from, as a browser tells it: only pages of this server may open a
/// session or drive one.
///
/// A browser names the page that makes a request in `Origin` (every `POST`, every WebSocket)
/// and, since Fetch Metadata, whether that page is of this site in `Sec-Fetch-Site`. A client
/// that is not a browser sends neither; it cannot be made to send a request by another site's
/// page, so it is let through.
enum RequestOrigin {
    /// Whether `request` comes from a page of this server (or from a client that is not a browser).
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
