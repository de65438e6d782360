import Foundation
import SharedNetworking

/// The shared loading path alone (text normalization, lenient dates, lossy arrays, diagnostics)
/// on a synthetic 10,000-row feed, against a plain JSONDecoder decode of the same rows.
func feedLoaderBenchmark() -> DecodeBenchmark {
    DecodeBenchmark(
        name: "json-feedloader",
        title: "FeedLoader.decode of a 10,000-row feed (lossy rows, lenient dates) vs JSONDecoder",
        runs: 9,
        document: { scale in SyntheticFeed.rows(scale == .full ? 10_000 : 100) },
        ours: { data in
            let loaded = try FeedLoader(client: OfflineHTTPClient()).decode(
                SyntheticFeed.LenientFeed.self, from: data, sourceName: "feed.json")
            guard loaded.value.rows.count == loaded.value.expected else { throw BenchmarkError("rows lost") }
        },
        floor: { data in
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            _ = try decoder.decode(SyntheticFeed.PlainFeed.self, from: data)
        },
        oursName: "ours: FeedLoader.decode → rows"
    )
}

enum SyntheticFeed {
    /// `{"count": n, "rows": [{"title", "description", "imageHref", "updated", "visible"}…]}`.
    static func rows(_ count: Int) -> Data {
        var text = "{\"count\":\(count),\"rows\":["
        for index in 0..<count {
            if index > 0 { text += "," }
            text +=
                #"{"title":"Row \#(index)","description":"Beavers are second only to humans in their ability to manipulate and change their environment.","#
            text +=
                #""imageHref":"http://images.example.com/\#(index).png","updated":"2020-09-\#(10 + index % 18)T20:01:26Z","visible":true}"#
        }
        return Data((text + "]}").utf8)
    }

    struct PlainRow: Decodable {
        var title: String
        var description: String?
        var imageHref: URL?
        var updated: Date
        var visible: Bool
    }

    struct PlainFeed: Decodable {
        var count: Int
        var rows: [PlainRow]
    }

    struct LenientRow: Decodable {
        var title: String
        var description: String?
        var imageHref: URL?
        var updated: Date
        var visible: LenientBool
    }

    struct LenientFeed: Decodable {
        var expected: Int
        var rows: [LenientRow]

        enum CodingKeys: String, CodingKey { case count, rows }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            expected = try container.decode(Int.self, forKey: .count)
            rows = try container.decodeLossyArray(LenientRow.self, forKey: .rows, decoder: decoder)
        }
    }
}
