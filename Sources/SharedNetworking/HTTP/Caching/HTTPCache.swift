import Foundation

/// A private HTTP cache on disk (RFC 9111), for feeds and images: one entry per URL with its
/// body, its validators, `Date`, `Cache-Control` and when it was stored.
///
/// - **Fresh** (younger than `max-age`, `Expires` − `Date`, or the policy's heuristic when the
///   server says nothing): used without a request (``Lookup/fresh(_:)``).
/// - **Stale**: revalidated. ``send(_:revalidating:through:)`` adds `If-None-Match` /
///   `If-Modified-Since`; a `304 Not Modified` refreshes the entry's headers and dates and the
///   stored body is used (``Exchange/notModified(_:)``).
/// - **`no-store`** is never written (nor is a status other than 200, or `Vary: *`).
/// - **Expiry**: an entry not stored or confirmed for ``Policy/maxEntryAge`` is deleted when
///   read, whatever its headers said.
/// - **Bounded, crash-safe**: entries live in a ``DiskCache`` (size limit, least recently used
///   evicted first; each file written to a temporary name and renamed into place; length and
///   CRC-32 checked on every read), with the metadata in the same file as the body. A file torn
///   by a crash is detected, deleted and treated as a miss: it is never served.
///
/// The caller decides *when* to store: a feed is stored after it decoded, an image after it
/// validated, so a captive portal's HTML page never becomes the saved copy. Who uses a stale
/// entry when the network fails is also the caller's decision (see the SharedNetworking guide,
/// "HTTP cache").
public final class HTTPCache: Sendable {
    /// How long entries stay fresh when the server does not say, and how long they are kept.
    public struct Policy: Sendable, Hashable {
        /// Of the time since `Last-Modified`, the part a response stays fresh when it has no
        /// `max-age` or `Expires` (RFC 9111 §4.2.2 suggests 10%; OkHttp, URLCache and browsers use it).
        public var heuristicFraction: Double
        /// The longest that heuristic may make a response fresh.
        public var maxHeuristicLifetime: Duration
        /// How long a response is fresh when the server sends no `max-age`, no `Expires` and no
        /// `Last-Modified`: nothing to reason from.
        public var defaultLifetime: Duration
        /// Entries not stored or confirmed by the server for this long are deleted when read.
        public var maxEntryAge: Duration
        /// Whether the `Last-Modified` heuristic applies to URLs with a query (OkHttp says no:
        /// a query usually means a computed answer).
        public var heuristicAppliesToQueries: Bool

        /// A policy; see ``feeds`` and ``images`` for the two this package uses.
        public init(
            heuristicFraction: Double = 0.1, maxHeuristicLifetime: Duration, defaultLifetime: Duration, maxEntryAge: Duration,
            heuristicAppliesToQueries: Bool
        ) {
            self.heuristicFraction = max(0, heuristicFraction)
            self.maxHeuristicLifetime = maxHeuristicLifetime
            self.defaultLifetime = defaultLifetime
            self.maxEntryAge = maxEntryAge
            self.heuristicAppliesToQueries = heuristicAppliesToQueries
        }

        /// Feeds change: without a word from the server a feed is stale at once and asked for
        /// again (conditionally when it has validators). The heuristic applies only to URLs
        /// without a query (as OkHttp does; a query usually means a computed answer), capped at
        /// an hour. Kept 30 days for the offline screen.
        public static let feeds = Policy(
            maxHeuristicLifetime: .seconds(3600), defaultLifetime: .zero, maxEntryAge: .seconds(30 * 86400),
            heuristicAppliesToQueries: false)

        /// Images behind a URL rarely change: without a word from the server one is fresh for
        /// 7 days (Kingfisher's default expiry), with `Last-Modified` 10% of its age up to a day.
        /// Kept 30 days.
        public static let images = Policy(
            maxHeuristicLifetime: .seconds(86400), defaultLifetime: .seconds(7 * 86400), maxEntryAge: .seconds(30 * 86400),
            heuristicAppliesToQueries: true)

        /// The heuristic freshness lifetime of a response generated at `date`.
        func heuristicLifetime(lastModified: Date?, date: Date, url: URL) -> TimeInterval {
            guard let lastModified else { return defaultLifetime.timeInterval }
            guard url.query == nil || heuristicAppliesToQueries else { return 0 }
            let lifetime = max(0, date.timeIntervalSince(lastModified)) * heuristicFraction
            return min(lifetime, maxHeuristicLifetime.timeInterval)
        }
    }

    /// What the cache holds for a request.
    public enum Lookup: Sendable, Equatable {
        /// Nothing usable.
        case miss
        /// An entry that may be used without asking the server.
        case fresh(HTTPCacheEntry)
        /// An entry that must be revalidated (or replaced) before use, and may stand in while
        /// the network is unreachable.
        case stale(HTTPCacheEntry)
    }

    /// How a request through the cache ended.
    public enum Exchange: Sendable {
        /// The server answered 304: the entry, its headers and dates refreshed and saved.
        case notModified(HTTPCacheEntry)
        /// A full response (store it with ``store(_:requestedAt:)`` once it proves good).
        case fetched(HTTPResponse, requestedAt: Date)
    }

    /// The freshness and expiry rules.
    public let policy: Policy
    /// The clock that dates entries and judges their age.
    public let clock: any AppClock
    let disk: DiskCache

    /// A cache in `directory` (created on first write) holding at most `sizeLimit` bytes.
    public init(directory: URL, sizeLimit: Int, clock: any AppClock, policy: Policy) {
        self.policy = policy
        self.clock = clock
        disk = DiskCache(directory: directory, sizeLimit: sizeLimit, clock: clock)
    }

    /// The folder the entries live in.
    public var directory: URL { disk.directory }

    // MARK: Reading

    /// The entry for `url`, whatever its freshness, or `nil` when there is none, it is torn or
    /// corrupt, or it has expired (both are deleted). An entry written before the cache kept
    /// metadata (a bare body) is returned with no headers and dated long ago: always stale, with
    /// no validators, and kept until evicted.
    public func entry(for url: URL) -> HTTPCacheEntry? {
        let key = Self.key(url)
        guard let stored = disk.entry(forKey: key) else { return nil }
        guard let metadata = stored.metadata else {
            return HTTPCacheEntry(
                url: url, status: 200, headers: [:], body: stored.body, requestedAt: .distantPast, receivedAt: .distantPast)
        }
        guard let entry = HTTPCacheEntryMetadata.decode(metadata, url: url, body: stored.body) else {
            disk.remove(forKey: key)
            return nil
        }
        if clock.now.timeIntervalSince(entry.receivedAt) > policy.maxEntryAge.timeInterval {
            disk.remove(forKey: key)
            return nil
        }
        return entry
    }

    /// What the cache can do for `url` now.
    public func lookup(_ url: URL) -> Lookup {
        guard let entry = entry(for: url) else { return .miss }
        return entry.isFresh(at: clock.now, policy: policy) ? .fresh(entry) : .stale(entry)
    }

    // MARK: Writing

    /// Whether `response` to a `GET` may be stored: status 200, not `no-store`, not `Vary: *`.
    public static func isStorable(_ response: HTTPResponse) -> Bool {
        response.status == 200 && !CacheControl(response.headers["Cache-Control"]).noStore
            && response.headers["Vary"]?.trimmingCharacters(in: .whitespaces) != "*"
    }

    /// Stores `response` (requested at `requestedAt`, received now) unless it may not be
    /// stored; returns whether it was. A write that fails is not an error: the cache is an
    /// optimisation, the response is still good.
    @discardableResult
    public func store(_ response: HTTPResponse, requestedAt: Date) -> Bool {
        guard Self.isStorable(response) else {
            // A no-store answer also replaces what was there: the server no longer wants it kept.
            disk.remove(forKey: Self.key(response.url))
            return false
        }
        let entry = HTTPCacheEntry(
            url: response.url, status: response.status, headers: response.headers, body: response.body, requestedAt: requestedAt,
            receivedAt: clock.now)
        return write(entry)
    }

    /// `entry` with the headers of `notModified` (a 304) merged in (RFC 9111 §4.3.4: each field
    /// the 304 carries replaces the stored one) and its dates moved to this exchange; saved.
    public func refresh(_ entry: HTTPCacheEntry, with notModified: HTTPResponse, requestedAt: Date) -> HTTPCacheEntry {
        var refreshed = entry
        for (name, value) in notModified.headers where !Self.notUpdatedBy304.contains(name.lowercased()) {
            refreshed.headers[name] = value
        }
        refreshed.requestedAt = requestedAt
        refreshed.receivedAt = clock.now
        if CacheControl(refreshed.headers["Cache-Control"]).noStore {
            disk.remove(forKey: Self.key(entry.url))
        } else {
            write(refreshed)
        }
        return refreshed
    }

    /// Deletes the entry for `url` (a body that turned out unusable).
    public func remove(_ url: URL) {
        disk.remove(forKey: Self.key(url))
    }

    /// Deletes every entry.
    public func removeAll() {
        disk.removeAll()
    }

    /// Entries on disk.
    public var count: Int { disk.count }

    /// Bytes on disk, headers and metadata included.
    public var totalSize: Int { disk.totalSize }

    // MARK: The network

    /// Sends `request` through `client`; when `stale` is given (and has validators) the request
    /// is conditional on it, and a 304 refreshes and returns it. Any other answer outside the
    /// request's acceptable statuses is thrown as usual.
    public func send(_ request: HTTPRequest, revalidating stale: HTTPCacheEntry?, through client: any HTTPClient) async throws(NetworkError)
        -> Exchange
    {
        var conditional = request
        let validators = stale?.validators ?? [:]
        for (name, value) in validators { conditional.headers[name] = value }
        if !validators.isEmpty {
            conditional.acceptableStatus = request.acceptableStatus.lowerBound..<max(request.acceptableStatus.upperBound, 305)
        }
        let requestedAt = clock.now
        let response = try await client.send(conditional)
        if response.status == 304, let stale, !validators.isEmpty {
            return .notModified(refresh(stale, with: response, requestedAt: requestedAt))
        }
        return .fetched(try response.checked(for: request), requestedAt: requestedAt)
    }

    // MARK: Internals

    /// Fields a 304 does not replace: they describe its own (empty) body.
    static let notUpdatedBy304: Set<String> = ["content-length", "content-encoding", "transfer-encoding", "content-range"]

    static func key(_ url: URL) -> String { url.absoluteString }

    @discardableResult
    private func write(_ entry: HTTPCacheEntry) -> Bool {
        guard let metadata = HTTPCacheEntryMetadata.encode(entry) else { return false }
        return disk.store(entry.body, metadata: metadata, forKey: Self.key(entry.url))
    }
}
