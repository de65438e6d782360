import Foundation
import SharedNetworking

/// The decoded feed: `{ "title": "About Canada", "rows": [ { "title", "description", "imageHref" } ] }`.
///
/// Decoding is forgiving in the ways the real feed needs and strict where guessing would be
/// wrong: text is trimmed, blanks become absent, a bad image link becomes "no image", a row
/// with nothing left is dropped and counted, a row that is not an object is dropped and
/// reported, `rows: null` is an empty list. A document that is not a JSON object, or an object
/// with neither `title` nor `rows` (another exercise's feed), is an error.
public struct FactsFeed: Sendable, Hashable, Decodable {
    /// The feed's title, trimmed; `nil` when missing or blank (see ``displayTitle``).
    public var title: String?
    /// The rows that have something to show, in feed order, numbered from 0.
    public var rows: [FactRow]
    /// Rows dropped because nothing was left in them, or because they were not objects.
    public var droppedRowCount: Int

    /// A feed from its parts, for tests and previews.
    public init(title: String?, rows: [FactRow], droppedRowCount: Int = 0) {
        self.title = title
        self.rows = rows
        self.droppedRowCount = droppedRowCount
    }

    /// The navigation title when the feed has none.
    public static let defaultTitle = "Facts"

    /// The navigation title: the feed's own, or ``FactsFeed/defaultTitle``.
    public var displayTitle: String { title ?? FactsFeed.defaultTitle }

    enum CodingKeys: String, CodingKey {
        case title, rows
    }

    /// Decodes the feed as described above, reporting each row dropped or repaired.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // An object with neither key is another document (another exercise's feed), not an
        // empty Facts feed: said so, with the keys it has.
        guard !container.allKeys.isEmpty else {
            throw DecodingError.notThisFeed("Facts feed", expected: "an object with \"title\" and \"rows\"", decoder: decoder)
        }
        title = container.decodeText(forKey: .title, decoder: decoder)
        var payloads = LossyArray<FactRowPayload>(elements: [])
        if container.contains(.rows), try !container.decodeNil(forKey: .rows) {
            payloads = try container.decodeLossyList(FactRowPayload.self, forKey: .rows, decoder: decoder)
        } else {
            decoder.report(.repaired, "no rows (missing or null); the feed is shown empty", at: [CodingKeys.rows])
        }
        var rows: [FactRow] = []
        var empty = 0
        for (feedIndex, payload) in zip(payloads.indices, payloads.elements) {
            guard !payload.isEmpty else {
                empty += 1
                // The position in the feed's `rows` (what a person looks for in the file), not on screen.
                decoder.report(.dropped, "row has no title, description or image", at: [CodingKeys.rows, IndexKey(feedIndex)])
                continue
            }
            rows.append(FactRow(id: rows.count, title: payload.title, description: payload.description, imageURL: payload.imageURL))
        }
        self.rows = rows
        droppedRowCount = empty + payloads.droppedCount
    }
}

/// A row as the feed writes it, already cleaned: text trimmed (blank is absent), a number or
/// boolean shown as written, an object or array in a text field absent (each reported).
struct FactRowPayload: Decodable {
    var title: String?
    var description: String?
    var imageURL: URL?

    var isEmpty: Bool { title == nil && description == nil && imageURL == nil }

    enum CodingKeys: String, CodingKey {
        case title, description, imageHref
    }

    init(from decoder: any Decoder) throws {
        // `null` in place of a row is an empty row: dropped and counted like `{}`.
        if let single = try? decoder.singleValueContainer(), single.decodeNil() { return }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = container.decodeText(forKey: .title, decoder: decoder)
        description = container.decodeText(forKey: .description, decoder: decoder)
        if let href = container.decodeText(forKey: .imageHref, decoder: decoder) {
            imageURL = FactImageURL.parse(href)
            if imageURL == nil {
                decoder.report(
                    .repaired, "\(FeedText.quoted(href, limit: 80)) is not an http(s) URL; row shown without image",
                    at: [CodingKeys.imageHref])
            }
        }
    }
}
