import Foundation
import SharedNetworking
import Testing

/// One text field of a feed can be megabytes (a feed is bounded only by its size); what a
/// screen is given is bounded, with a diagnostic that says so.
@Suite struct FeedTextBoundTests {
    struct Row: Decodable, Sendable {
        var title: String?

        enum CodingKeys: String, CodingKey { case title }

        init(from decoder: any Decoder) throws {
            title = try decoder.container(keyedBy: CodingKeys.self).decodeText(forKey: .title, decoder: decoder)
        }
    }

    @Test func aTextLongerThanAScreenIsCutAndReported() async throws {
        let huge = String(repeating: "ab", count: 1 << 20)  // 2 Mi characters
        let json = Data(#"{"title":""#.utf8) + Data(huge.utf8) + Data(#""}"#.utf8)
        let loaded = try await FeedLoader(client: OfflineHTTPClient()).load(Row.self, from: .data(json, name: "huge.json"))
        let title = try #require(loaded.value.title)
        #expect(title.count == FeedText.displayLimit + 1)
        #expect(title.hasSuffix("…"))
        #expect(loaded.diagnostics.contains { $0.message.contains("2097152 characters cut to the first \(FeedText.displayLimit)") })
    }

    @Test func textWithinTheLimitIsUntouched() {
        let text = String(repeating: "é", count: FeedText.displayLimit)
        #expect(FeedText.boundedForDisplay(text).text == text)
        #expect(FeedText.boundedForDisplay(text).originalCount == nil)
        #expect(FeedText.boundedForDisplay("short").text == "short")
    }
}
