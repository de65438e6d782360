import Foundation

/// What an ``HTTPCache`` entry's file keeps beside the body: status, headers, and the request
/// and response times, as a small JSON object (readable with `strings` when debugging).
struct HTTPCacheEntryMetadata: Codable {
    /// Raised when the fields change meaning; an entry of another version is a miss.
    static let version = 1

    var version: Int
    var status: Int
    /// Header fields in order, as `[name, value]` pairs.
    var headers: [[String]]
    /// Seconds since 1970.
    var requestedAt: Double
    var receivedAt: Double

    static func encode(_ entry: HTTPCacheEntry) -> Data? {
        let metadata = HTTPCacheEntryMetadata(
            version: version,
            status: entry.status,
            headers: entry.headers.map { [$0.name, $0.value] },
            requestedAt: entry.requestedAt.timeIntervalSince1970,
            receivedAt: entry.receivedAt.timeIntervalSince1970
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try? encoder.encode(metadata)
    }

    static func decode(_ data: Data, url: URL, body: Data) -> HTTPCacheEntry? {
        guard let metadata = try? JSONDecoder().decode(HTTPCacheEntryMetadata.self, from: data), metadata.version == version else {
            return nil
        }
        var headers = HTTPHeaders()
        for pair in metadata.headers where pair.count == 2 { headers[pair[0]] = pair[1] }
        return HTTPCacheEntry(
            url: url,
            status: metadata.status,
            headers: headers,
            body: body,
            requestedAt: Date(timeIntervalSince1970: metadata.requestedAt),
            receivedAt: Date(timeIntervalSince1970: metadata.receivedAt)
        )
    }
}
