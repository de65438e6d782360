/// The timing of a competition's lease (Docs/TriviaServer/Design.md, "The lease", says why a lease
/// row and these numbers).
///
/// The holder renews every ``renewEvery``; PostgreSQL's copy expires ``ttl`` after each
/// renewal (on PostgreSQL's clock); the holder itself stops believing it owns the
/// competition ``ttl`` minus ``safetyMargin`` after it **sent** its last successful renewal
/// (on its monotonic clock), so its belief always ends before anyone else can take the row.
/// Standbys try to take an expired lease every ``pollEvery``. After a crash the lease is free
/// after at most `ttl`, taken within `ttl + pollEvery`.
public struct LeaseSettings: Sendable, Hashable {
    /// How long PostgreSQL keeps the lease after a renewal.
    public var ttl: Duration
    /// How often the holder renews (at most half the lease).
    public var renewEvery: Duration
    /// How much earlier than PostgreSQL the holder stops believing it owns the lease.
    public var safetyMargin: Duration
    /// How often a standby tries to take an expired lease.
    public var pollEvery: Duration

    /// 2 s lease, renewed every 500 ms (three renewals may fail before it lapses), 250 ms
    /// margin, standbys poll every 250 ms: a crashed owner is replaced within about 2.25 s.
    public init(
        ttl: Duration = .seconds(2), renewEvery: Duration = .milliseconds(500), safetyMargin: Duration = .milliseconds(250),
        pollEvery: Duration = .milliseconds(250)
    ) {
        self.ttl = ttl
        self.renewEvery = min(renewEvery, ttl / 2)
        self.safetyMargin = min(safetyMargin, ttl / 2)
        self.pollEvery = pollEvery
    }

    /// How long the holder believes a renewal sent now keeps it owner.
    var belief: Duration { ttl - safetyMargin }
}
