/// The network parts every feed loader is built from: the HTTP client, the HTTP cache that keeps
/// the last good copy, and how long a load may take.
///
/// An exercise's loader (`FactsFeedLoader(source:network:)`) takes these and adds its own
/// ``FeedDecodingOptions`` itself, so a caller cannot build a loader that reads the module's feed
/// with another module's rules (the Facts feed is Mac OS Roman; read as Windows-1252 it says
/// "Éare illegal"). What varies by where the app runs (a phone, the command, the web server, a
/// test) is here; what belongs to the feed is the module's.
public struct FeedNetwork: Sendable {
    /// The client remote sources are fetched with.
    public var client: any HTTPClient
    /// Where remote feeds are kept between loads (and launches); `nil` for none.
    public var cache: HTTPCache?
    /// The longest a remote load may take, every attempt included (``HTTPRequest/deadline``);
    /// `nil` keeps the feed's own (``FeedDecodingOptions/deadline``, 30 s by default).
    public var deadline: Duration?
    /// Silence allowed on the connection before an attempt times out; `nil` keeps the feed's own
    /// (``FeedDecodingOptions/timeout``, 20 s by default). A slow network, or a test that holds
    /// a response on purpose, sets it.
    public var timeout: Duration?

    /// Network parts from their pieces.
    public init(client: any HTTPClient, cache: HTTPCache? = nil, deadline: Duration? = nil, timeout: Duration? = nil) {
        self.client = client
        self.cache = cache
        self.deadline = deadline
        self.timeout = timeout
    }

    /// The parts of a loader that never reaches the network: files, bundle resources and bytes
    /// only (``OfflineHTTPClient``, no cache).
    public static var offline: FeedNetwork { FeedNetwork(client: OfflineHTTPClient()) }

    /// A ``FeedLoader`` on these parts reading with `options` (its deadline and timeout replaced
    /// by ``deadline`` and ``timeout`` when set). What an exercise's loader calls with its own
    /// options: what bytes mean (encoding, size limit, dates) stays the feed's.
    public func loader(options: FeedDecodingOptions) -> FeedLoader {
        var options = options
        if let deadline { options.deadline = deadline }
        if let timeout { options.timeout = timeout }
        return FeedLoader(client: client, options: options, cache: cache)
    }
}
