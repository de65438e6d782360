import Foundation
import SharedNetworking

/// Reads one optional text field of the feed.
///
/// A string is trimmed (blank means absent). A number or boolean is shown as written, since a
/// fact such as `"title": 1867` is still worth showing; that repair is reported. Anything else
/// (an object, an array) is absent and reported, so a malformed field costs the field, not the row.
enum FactText {
    static func decode<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key, decoder: any Decoder) -> String? {
        guard container.contains(key), (try? container.decodeNil(forKey: key)) == false else { return nil }
        if let text = try? container.decode(String.self, forKey: key) {
            return clean(text)
        }
        if let number = try? container.decode(Int.self, forKey: key) {
            decoder.report(.repaired, "expected text, found a number; shown as \(number)", at: [key])
            return String(number)
        }
        if let number = try? container.decode(Double.self, forKey: key) {
            decoder.report(.repaired, "expected text, found a number; shown as \(number)", at: [key])
            return String(number)
        }
        if let flag = try? container.decode(Bool.self, forKey: key) {
            decoder.report(.repaired, "expected text, found a boolean; shown as \(flag)", at: [key])
            return String(flag)
        }
        decoder.report(.repaired, "expected text, found an object or array; ignored", at: [key])
        return nil
    }

    /// Trimmed text, or `nil` when nothing is left.
    static func clean(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
