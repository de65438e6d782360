import Foundation
import SharedNetworking

/// `hoo_set.json`: `{"Color":"Red","Count":14}`. Keys are matched case-insensitively; a
/// `Count` given as a string is accepted and reported; anything missing is reported, not fatal.
struct HooSetFile: Decodable {
    var color: String?
    var count: Int?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        color = container.lenientString("Color")
        if color == nil { decoder.report(.repaired, "no Color; using a neutral colour", at: [AnyKey("Color")]) }
        if let key = container.key("Count") {
            if let number = try? container.decode(Int.self, forKey: key) {
                count = number
            } else if let text = try? container.decode(String.self, forKey: key),
                let number = Int(text.trimmingCharacters(in: .whitespaces))
            {
                count = number
                decoder.report(.repaired, "a string (\"\(text)\"); read as the number \(number)", at: [key])
            } else {
                decoder.report(.dropped, "not a number; ignored", at: [key])
            }
        }
    }
}

/// `hoo.json`: `{"PoemLine": "...", "Title": "..."}`.
struct HooFile: Decodable {
    var title: String?
    var poemLine: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        title = container.lenientString("Title")
        poemLine = container.lenientString("PoemLine")
    }
}

/// A coding key for any string, so keys can be matched without regard to case.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer where K == AnyKey {
    /// The key spelled `name` in any case.
    func key(_ name: String) -> AnyKey? {
        allKeys.first { $0.stringValue == name } ?? allKeys.first { $0.stringValue.lowercased() == name.lowercased() }
    }

    /// A trimmed, non-empty string; numbers are turned into text.
    func lenientString(_ name: String) -> String? {
        guard let key = key(name) else { return nil }
        if let text = decodeTrimmedString(forKey: key) { return text.isEmpty ? nil : text }
        if let number = try? decode(Double.self, forKey: key) {
            return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        }
        return nil
    }
}

/// Decodes the small JSON files of a set through the shared feed decoding path (charset
/// sniffing, HTML detection, diagnostics with paths). Files only: the client refuses requests.
struct LocalJSON: Sendable {
    private let loader = FeedLoader(
        client: OfflineHTTPClient(reason: "Hoo sets are read from files only"), options: FeedDecodingOptions(maxBytes: 1 << 20))

    func decode<T: Decodable>(_ type: T.Type, at url: URL, name: String) throws(NetworkError) -> Loaded<T> {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .file(path: name, reason: "cannot be read")
        }
        guard data.count <= 1 << 20 else { throw .file(path: name, reason: "larger than 1 MiB") }
        return try loader.decode(type, from: data, sourceName: name)
    }
}
