import Foundation

/// One response kept by an ``HTTPCache``: its body, the headers that matter for caching, and
/// when it was requested and received (RFC 9111's *request_time* and *response_time*).
public struct HTTPCacheEntry: Sendable, Equatable {
    /// The URL the response answered (the cache key).
    public var url: URL
    /// The response's status (always 200 for an entry the cache stored).
    public var status: Int
    /// The response's header fields, as they last came from the server (a 304 updates them).
    public var headers: HTTPHeaders
    /// The response body.
    public var body: Data
    /// When the request that produced (or last confirmed) this response was sent, by the cache's clock.
    public var requestedAt: Date
    /// When its response arrived, by the cache's clock: when the copy was saved or last
    /// confirmed unchanged. What a screen means by "saved 2 hours ago".
    public var receivedAt: Date

    /// An entry from its parts; ``HTTPCache`` makes the real ones.
    public init(url: URL, status: Int, headers: HTTPHeaders, body: Data, requestedAt: Date, receivedAt: Date) {
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
        self.requestedAt = requestedAt
        self.receivedAt = receivedAt
    }

    /// The response's `Cache-Control` directives.
    public var cacheControl: CacheControl { CacheControl(headers["Cache-Control"]) }

    /// The response's `Date` (when the server generated it), else when it arrived.
    public var date: Date { headers["Date"].flatMap(HTTPDate.parse) ?? receivedAt }

    /// How old the response is at `now` (RFC 9111 §4.2.3): its age when it arrived (from its
    /// `Date` and `Age` fields and the round trip) plus the time it has spent here.
    public func age(at now: Date) -> TimeInterval {
        let apparentAge = max(0, receivedAt.timeIntervalSince(date))
        let ageValue = headers["Age"].flatMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        let responseDelay = max(0, receivedAt.timeIntervalSince(requestedAt))
        let correctedInitialAge = max(apparentAge, ageValue + responseDelay)
        return correctedInitialAge + max(0, now.timeIntervalSince(receivedAt))
    }

    /// How long the response stays fresh after it was generated (RFC 9111 §4.2.1): `max-age`,
    /// else `Expires` − `Date`, else the heuristic of `policy` (§4.2.2).
    public func freshnessLifetime(_ policy: HTTPCache.Policy) -> TimeInterval {
        let control = cacheControl
        if let maxAge = control.maxAge { return TimeInterval(maxAge) }
        if let expires = headers["Expires"] {
            // An invalid date, such as "0", means already expired (§5.3).
            guard let date = HTTPDate.parse(expires) else { return 0 }
            return max(0, date.timeIntervalSince(self.date))
        }
        return policy.heuristicLifetime(lastModified: headers["Last-Modified"].flatMap(HTTPDate.parse), date: date, url: url)
    }

    /// Whether the response may be used at `now` without asking the server: younger than its
    /// freshness lifetime, and not marked `no-cache`.
    public func isFresh(at now: Date, policy: HTTPCache.Policy) -> Bool {
        !cacheControl.noCache && age(at: now) < freshnessLifetime(policy)
    }

    /// The fields that make a request conditional on this entry (RFC 9110 §13.1):
    /// `If-None-Match` with its `ETag`, `If-Modified-Since` with its `Last-Modified`. Empty when
    /// it has neither: then only a full request can replace it.
    public var validators: HTTPHeaders {
        var fields = HTTPHeaders()
        if let etag = headers["ETag"] { fields["If-None-Match"] = etag }
        if let lastModified = headers["Last-Modified"] { fields["If-Modified-Since"] = lastModified }
        return fields
    }

    /// The entry as a response to `url` (its status, headers and body).
    public func response(for url: URL) -> HTTPResponse {
        HTTPResponse(url: url, status: status, headers: headers, body: body)
    }
}
