// `FeedLoader.decode` (text normalization, HTML detection, JSONDecoder with lenient dates,
// lossy arrays, lenient booleans, trimmed strings, diagnostics and error translation) on a model
// shaped like the real feeds. Never crashes; every error and diagnostic is one line, every
// diagnostic has a path; a decoded feed accounts for every row it was given.
import Foundation
import SharedNetworking

private struct Feed: Decodable {
    var title: String?
    var updated: Date?
    var rows: [Row]
    var tags: [String]
    var pinned: LossyArray<Row>?

    enum CodingKeys: String, CodingKey { case title, updated, rows, tags, pinned }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = container.decodeTrimmedString(forKey: .title)
        do {
            updated = try container.decodeIfPresent(Date.self, forKey: .updated)
        } catch {
            decoder.report(
                .repaired, "no usable date: \(decoder.explain(error, relativeTo: [CodingKeys.updated]))", at: [CodingKeys.updated])
        }
        rows = try container.decodeLossyArray(Row.self, forKey: .rows, decoder: decoder)
        tags = try container.decodeLossyArray(String.self, forKey: .tags, decoder: decoder)
        pinned = try container.decodeIfPresent(LossyArray<Row>.self, forKey: .pinned)
    }
}

private struct Row: Decodable {
    var title: String
    var description: String?
    var imageHref: URL?
    var visible: LenientBool?
    var start: Date?
    var score: Double?
    var children: [Row]?
}

private let loader = FeedLoader(client: OfflineHTTPClient(), options: FeedDecodingOptions(maxBytes: 1 << 20))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let data = fuzzData(bytes, size)
    do {
        let loaded = try loader.decode(Feed.self, from: data, sourceName: "feed.json")
        for diagnostic in loaded.diagnostics {
            require(isOneLine(diagnostic.message), "multi-line diagnostic \(diagnostic.message.debugDescription)")
            require(!diagnostic.path.contains(where: \.isNewline), "multi-line path \(diagnostic.path.debugDescription)")
        }
        if let pinned = loaded.value.pinned {
            let reported = loaded.diagnostics.filter { $0.kind == .dropped && $0.path.hasPrefix("pinned[") }.count
            require(reported == pinned.droppedCount, "pinned dropped \(pinned.droppedCount) rows but reported \(reported)")
        }
    } catch {
        require(isOneLine(error.description), "multi-line error \(error.description.debugDescription)")
    }
    return 0
}
