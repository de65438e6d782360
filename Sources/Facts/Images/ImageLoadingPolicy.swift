/// How eagerly a list loads its images.
///
/// The defaults suit a phone: a screen shows 4–8 fact rows, so 6 rows ahead of the scroll
/// direction are usually loaded before they appear, 2 rows behind keep a small bounce from
/// re-requesting, and 4 concurrent loads keep a slow cellular link from being saturated by
/// images the user may scroll past (on HTTP/1.1 that is also a typical per-host limit).
public struct ImageLoadingPolicy: Sendable, Hashable, Codable {
    /// Rows beyond the visible ones, in the direction of scrolling, whose images are loaded.
    public var prefetchAhead: Int
    /// Rows beyond the visible ones, against the direction of scrolling.
    public var prefetchBehind: Int
    /// The most image requests in flight at once, cancelled ones included until they end.
    public var maxConcurrentLoads: Int

    /// A policy; negative values count as 0 and at least one load is allowed.
    public init(prefetchAhead: Int = 6, prefetchBehind: Int = 2, maxConcurrentLoads: Int = 4) {
        self.prefetchAhead = max(0, prefetchAhead)
        self.prefetchBehind = max(0, prefetchBehind)
        self.maxConcurrentLoads = max(1, maxConcurrentLoads)
    }
}
