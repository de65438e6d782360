import Foundation

/// Options for turning bytes into a model; the defaults suit JSON feeds.
public struct FeedDecodingOptions: Sendable {
    /// Used when the bytes are not valid UTF-8 and no charset or BOM says otherwise.
    public var fallbackEncoding: EightBitEncoding
    /// The largest document accepted, remote or local.
    public var maxBytes: Int
    /// Silence allowed on the connection before a remote load times out: no progress for this
    /// long is a failure (retried, if time is left).
    public var timeout: Duration
    /// The longest a remote load may take, every attempt and every wait between them included
    /// (``HTTPRequest/deadline``): what a person waits at most. `nil` for none.
    public var deadline: Duration?
    /// Dates are decoded with ``LenientISO8601`` unless replaced.
    public var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy

    /// Options; the defaults are Windows-1252 as the fallback, 16 MiB at most, 20 s of silence,
    /// a 30 s deadline and lenient ISO 8601 dates.
    public init(
        fallbackEncoding: EightBitEncoding = .windows1252,
        maxBytes: Int = 16 * 1024 * 1024,
        timeout: Duration = .seconds(20),
        deadline: Duration? = .seconds(30),
        dateDecodingStrategy: JSONDecoder.DateDecodingStrategy = LenientISO8601.decodingStrategy
    ) {
        self.fallbackEncoding = fallbackEncoding
        self.maxBytes = maxBytes
        self.timeout = timeout
        self.deadline = deadline
        self.dateDecodingStrategy = dateDecodingStrategy
    }
}

/// The generic loader: `load(T.self, from: source)` for a URL, a file, a bundle resource or
/// bytes in memory, through one decoding path.
///
/// That path: fetch or read the bytes → reject what is clearly not JSON (empty, an HTML error
/// page) → normalize the text to UTF-8 (``TextNormalizer``) → decode with lenient dates and a
/// ``DiagnosticsCollector`` in `userInfo` → return ``Loaded`` with the value and every repair.
/// Failures are ``NetworkError``s whose messages name the source and, for decoding, the path.
///
/// With an ``HTTPCache``, a remote feed goes through it: a fresh copy is used without a request,
/// a stale one is revalidated (a 304 uses it), and a response is stored once it has decoded (and,
/// for a ``SavedCopyWorthiness`` feed, once it holds content), so the saved copy is always a
/// feed that was shown. ``saved(_:from:)`` reads that copy without
/// touching the network: what a screen shows at once on a cold start, and keeps showing, marked,
/// when the network fails.
public struct FeedLoader: Sendable {
    /// The client remote sources are fetched with.
    public var client: any HTTPClient
    /// How bytes become a model: fallback encoding, size limit, timeout, date strategy.
    public var options: FeedDecodingOptions
    /// Where remote feeds are kept between loads (and launches); `nil` for none.
    public var cache: HTTPCache?

    /// A loader that fetches remote sources through `client`, keeping them in `cache` if given.
    public init(client: any HTTPClient, options: FeedDecodingOptions = FeedDecodingOptions(), cache: HTTPCache? = nil) {
        self.client = client
        self.options = options
        self.cache = cache
    }

    /// Loads and decodes off the caller's actor (decoding a large feed never blocks the UI).
    @concurrent
    public func load<T: Decodable & Sendable>(_ type: T.Type, from source: FeedSource) async throws(NetworkError) -> Loaded<T> {
        if case .remote(let url) = source, let cache {
            return try await loadThrough(cache, type, url: url, sourceName: source.description)
        }
        let (bytes, charset) = try await fetch(source)
        return try decode(type, from: bytes, charset: charset, sourceName: source.description)
    }

    /// The copy of `source` the last successful load saved, decoded, with when it was saved and
    /// whether the server's rules still call it fresh; `nil` when there is none (no cache, not
    /// a remote source, nothing saved, or it no longer decodes). Never touches the network.
    @concurrent
    public func saved<T: Decodable & Sendable>(_ type: T.Type, from source: FeedSource) async -> Saved<Loaded<T>>? {
        guard case .remote(let url) = source, let cache, let entry = cache.entry(for: url) else { return nil }
        guard let loaded = try? decode(type, from: entry.body, charset: entry.headers.charset, sourceName: source.description) else {
            return nil
        }
        return Saved(value: loaded, savedAt: entry.receivedAt, isFresh: entry.isFresh(at: cache.clock.now, policy: cache.policy))
    }

    /// The request for a remote feed: JSON wanted, the options' silence timeout, size limit and deadline.
    func request(for url: URL) -> HTTPRequest {
        HTTPRequest(
            url: url,
            headers: ["Accept": "application/json"],
            timeout: options.timeout,
            maxResponseBytes: options.maxBytes,
            deadline: options.deadline
        )
    }

    private func loadThrough<T: Decodable>(_ cache: HTTPCache, _ type: T.Type, url: URL, sourceName: String) async throws(NetworkError)
        -> Loaded<T>
    {
        var stale: HTTPCacheEntry?
        switch cache.lookup(url) {
        case .fresh(let entry):
            if var loaded = try? decode(type, from: entry.body, charset: entry.headers.charset, sourceName: sourceName) {
                let age = Int(entry.age(at: cache.clock.now).rounded())
                loaded.diagnostics.append(
                    Diagnostic(.note, path: "", message: "\(url.absoluteString): fresh in the cache (saved \(age) s ago): not requested"))
                return loaded
            }
            cache.remove(url)
        case .stale(let entry):
            stale = entry
        case .miss:
            break
        }
        switch try await cache.send(request(for: url), revalidating: stale, through: client) {
        case .notModified(let entry):
            do throws(NetworkError) {
                var loaded = try decode(type, from: entry.body, charset: entry.headers.charset, sourceName: sourceName)
                loaded.diagnostics.append(
                    Diagnostic(.note, path: "", message: "\(url.absoluteString): not modified (HTTP 304): the saved copy is current"))
                return loaded
            } catch {
                cache.remove(url)
                throw error
            }
        case .fetched(let response, let requestedAt):
            var loaded = try decode(type, from: response.body, charset: response.headers.charset, sourceName: sourceName)
            if (loaded.value as? any SavedCopyWorthiness)?.isWorthSaving == false {
                // A refusal in a 200 envelope: the good copy saved before stays the saved copy.
                loaded.diagnostics.append(
                    Diagnostic(.note, path: "", message: "\(url.absoluteString): the answer holds no content: the saved copy is kept"))
            } else {
                cache.store(response, requestedAt: requestedAt)
            }
            return loaded
        }
    }

    /// The raw bytes of `source` and the charset declared by its transport, if any (no cache).
    public func fetch(_ source: FeedSource) async throws(NetworkError) -> (Data, String?) {
        switch source {
        case .remote(let url):
            let response = try await client.send(request(for: url))
            return (response.body, response.headers.charset)
        case .file(let url):
            return (try readFile(url), nil)
        case .data(let data, _, let charset):
            guard data.count <= options.maxBytes else {
                throw .invalidContent(source: source.description, reason: "larger than \(options.maxBytes) bytes")
            }
            return (data, charset)
        }
    }

    /// The synchronous core, shared by every source (and used directly by tests and fuzzers).
    public func decode<T: Decodable>(_ type: T.Type, from bytes: Data, charset: String? = nil, sourceName: String) throws(NetworkError)
        -> Loaded<T>
    {
        let text = TextNormalizer(fallback: options.fallbackEncoding).normalize(bytes, charset: charset)
        try Self.rejectNonJSON(text.utf8, sourceName: sourceName)

        let collector = DiagnosticsCollector(document: text.utf8)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = options.dateDecodingStrategy
        decoder.userInfo[.diagnostics] = collector
        do {
            let value = try decoder.decode(T.self, from: text.utf8)
            return Loaded(value: value, diagnostics: text.diagnostics + collector.diagnostics, source: sourceName)
        } catch let error as DecodingError {
            throw .decoding(DecodingFailure(error, json: text.utf8, source: sourceName))
        } catch let error as NetworkError {
            throw error
        } catch {
            throw .invalidContent(source: sourceName, reason: String(describing: error))
        }
    }

    private func readFile(_ url: URL) throws(NetworkError) -> Data {
        let path = url.path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            // Only a missing file is "no such file"; a folder that may not be searched, a broken
            // mount and the like are "cannot be read".
            let code = (error as NSError).code
            let missing = code == CocoaError.fileReadNoSuchFile.rawValue || code == CocoaError.fileNoSuchFile.rawValue
            throw .file(path: path, reason: missing ? "no such file" : "cannot be read")
        }
        if (attributes[.type] as? FileAttributeType) == .typeDirectory {
            throw .file(path: path, reason: "is a directory, not a file")
        }
        if !FileKind.isRegularFile(atPath: path) {
            return try readStream(path)
        }
        if let size = attributes[.size] as? Int, size > options.maxBytes {
            throw .file(path: path, reason: "larger than \(options.maxBytes) bytes")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .file(path: path, reason: "cannot be read (\(error.localizedDescription))")
        }
    }

    /// A pipe, FIFO or device (`/dev/stdin`, a shell's `<(curl …)`), read to its end within
    /// the size limit.
    private func readStream(_ path: String) throws(NetworkError) -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .file(path: path, reason: "cannot be opened for reading")
        }
        defer { try? handle.close() }
        let data: Data?
        do {
            data = try StreamReading.readAll(handle, limit: options.maxBytes)
        } catch {
            throw .file(path: path, reason: "cannot be read (\(error.localizedDescription))")
        }
        guard let data else { throw .file(path: path, reason: "larger than \(options.maxBytes) bytes") }
        return data
    }

    /// An empty body or an HTML page is a clear error before the JSON parser's vaguer one.
    static func rejectNonJSON(_ utf8: Data, sourceName: String) throws(NetworkError) {
        let start = utf8.prefix(512).drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard let first = start.first else {
            throw .invalidContent(source: sourceName, reason: "empty document, expected JSON")
        }
        if first == UInt8(ascii: "<") {
            let head = String(decoding: start.prefix(200), as: UTF8.self).lowercased()
            let kind = head.contains("<html") || head.contains("<!doctype html") ? "an HTML page" : "markup"
            throw .invalidContent(
                source: sourceName, reason: "expected JSON, got \(kind) (\(HTTPStatusText.excerpt(Data(start), limit: 60)))")
        }
    }
}
