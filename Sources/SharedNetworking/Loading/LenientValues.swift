import Foundation

/// An array where an element that fails to decode is dropped and reported, not fatal.
///
/// One malformed row should cost one row, not the screen. Each dropped element is recorded as a
/// ``Diagnostic`` with its index path (`rows[7]`) and the reason, when decoded by ``FeedLoader``.
public struct LossyArray<Element: Decodable>: Decodable {
    /// The elements that decoded, in document order.
    public var elements: [Element]
    /// How many elements were dropped.
    public var droppedCount: Int

    /// An array that dropped `droppedCount` elements; for tests and hand-built models.
    public init(elements: [Element], droppedCount: Int = 0) {
        self.elements = elements
        self.droppedCount = droppedCount
    }

    /// Decodes each element on its own; one that fails is skipped and reported at its index.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        var dropped = 0
        while !container.isAtEnd {
            let index = container.currentIndex
            do {
                elements.append(try container.decode(Element.self))
            } catch {
                dropped += 1
                decoder.report(.dropped, "element dropped: \(decoder.explain(error, relativeTo: [IndexKey(index)]))", at: [IndexKey(index)])
                // A failed decode does not advance the container; step over the element.
                _ = try? container.decode(SkippedValue.self)
                if container.currentIndex == index { break }
            }
        }
        self.elements = elements
        self.droppedCount = dropped
    }
}

extension LossyArray: Sendable where Element: Sendable {}
extension LossyArray: Equatable where Element: Equatable {}

/// Consumes any JSON value without looking at it.
struct SkippedValue: Decodable {
    init(from decoder: any Decoder) throws {}
}

/// A boolean as feeds send it: `true`, `"false"`, `"True"`, `"1"`, `0`, `"yes"`.
public struct LenientBool: Decodable, Sendable, Hashable, ExpressibleByBooleanLiteral {
    /// The boolean the text or number meant.
    public var value: Bool

    /// A value that is already a boolean.
    public init(_ value: Bool) { self.value = value }
    /// A literal `true` or `false`, for tests and defaults.
    public init(booleanLiteral value: Bool) { self.value = value }

    /// Accepts a JSON boolean, `0`/`1`, and the strings `true`/`false`, `yes`/`no`, `1`/`0` in any
    /// case; anything else is a decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let bool = try? container.decode(Bool.self) {
            value = bool
        } else if let number = try? container.decode(Int.self), number == 0 || number == 1 {
            value = number == 1
        } else if let text = try? container.decode(String.self), let parsed = Self.parse(text) {
            value = parsed
        } else {
            throw DecodingError.typeMismatch(
                Bool.self,
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected a boolean or \"true\"/\"false\"")
            )
        }
    }

    /// `true`/`false`, `yes`/`no`, `1`/`0`, any case, surrounding spaces ignored.
    public static func parse(_ text: String) -> Bool? {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "yes", "1", "y", "t": true
        case "false", "no", "0", "n", "f": false
        default: nil
        }
    }
}

extension KeyedDecodingContainer {
    /// A lossy array at `key`; a missing key or `null` is an empty array (reported).
    public func decodeLossyArray<Element: Decodable>(_ type: Element.Type, forKey key: Key, decoder: any Decoder) throws -> [Element] {
        guard contains(key), try !decodeNil(forKey: key) else {
            decoder.report(.repaired, "no array (missing or null); treated as empty", at: [key])
            return []
        }
        return try decode(LossyArray<Element>.self, forKey: key).elements
    }

    /// A string that is absent when missing, `null`, not a string, or blank after trimming.
    public func decodeTrimmedString(forKey key: Key) -> String? {
        guard let raw = try? decodeIfPresent(String.self, forKey: key) else { return nil }
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
