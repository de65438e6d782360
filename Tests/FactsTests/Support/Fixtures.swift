import Facts
import Foundation
import SharedNetworking
import Testing

/// The bundled feed's bytes, read through the module's own resource (never /work/shared).
func bundledFeedBytes() throws -> Data {
    guard case .file(let url) = try FactsSource.bundled() else { throw CocoaError(.fileNoSuchFile) }
    return try Data(contentsOf: url)
}

/// Decodes `bytes` exactly as the app does.
func decodeFeed(_ bytes: Data, charset: String? = nil) throws(NetworkError) -> Loaded<FactsFeed> {
    try FeedLoader(client: OfflineHTTPClient(), options: FactsSource.decodingOptions)
        .decode(FactsFeed.self, from: bytes, charset: charset, sourceName: "facts.json")
}

/// Decodes a JSON text written in the test.
func decodeFeed(_ json: String) throws(NetworkError) -> Loaded<FactsFeed> {
    try decodeFeed(Data(json.utf8))
}

func url(_ text: String) -> URL {
    guard let url = URL(string: text) else { preconditionFailure("test URL literal: \(text)") }
    return url
}

extension FactsViewModel {
    /// The drawn screen once a view reports `width`: the state's content, laid out for it.
    @MainActor
    func content(width: Double) throws -> FactsViewState {
        setWidth(width)
        return try #require(state.content)
    }
}
