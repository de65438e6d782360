import Facts
import Foundation
import SharedNetworking

/// The bundled feed's bytes, read through the module's own resource (never /work/shared).
func bundledFeedBytes() throws -> Data {
    guard case .file(let url) = try Facts.bundledFeed() else { throw CocoaError(.fileNoSuchFile) }
    return try Data(contentsOf: url)
}

/// Decodes `bytes` exactly as the app does.
func decodeFeed(_ bytes: Data, charset: String? = nil) throws(NetworkError) -> Loaded<FactsFeed> {
    try FeedLoader(client: UnusedHTTPClient(), options: Facts.decodingOptions)
        .decode(FactsFeed.self, from: bytes, charset: charset, sourceName: "facts.json")
}

/// Decodes a JSON text written in the test.
func decodeFeed(_ json: String) throws(NetworkError) -> Loaded<FactsFeed> {
    try decodeFeed(Data(json.utf8))
}

/// For loaders that only read files or bytes.
struct UnusedHTTPClient: HTTPClient {
    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        throw .transport(url: request.url, code: -1, message: "no network in this test")
    }
}

func url(_ text: String) -> URL {
    guard let url = URL(string: text) else { preconditionFailure("test URL literal: \(text)") }
    return url
}
