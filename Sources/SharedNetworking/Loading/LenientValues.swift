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
    /// The position in the document's array of each element kept, for messages about an element
    /// that is dropped later (`rows[7]`, where the screen has fewer rows).
    public var indices: [Int]

    /// An array that dropped `droppedCount` elements; for tests and hand-built models.
    public init(elements: [Element], droppedCount: Int = 0) {
        self.elements = elements
        self.droppedCount = droppedCount
        self.indices = Array(elements.indices)
    }

    /// Decodes each element on its own; one that fails is skipped and reported at its index.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        var indices: [Int] = []
        if let count = container.count {
            elements.reserveCapacity(count)
            indices.reserveCapacity(count)
        }
        var dropped = 0
        while !container.isAtEnd {
            let index = container.currentIndex
            do {
                elements.append(try container.decode(Element.self))
                indices.append(index)
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
        self.indices = indices
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
        // Booleans, then text (`"false"`, what feeds that stringify everything send), then numbers.
        if let bool = try? container.decode(Bool.self) {
            value = bool
        } else if let text = try? container.decode(String.self), let parsed = Self.parse(text) {
            value = parsed
        } else if let number = try? container.decode(Int.self), number == 0 || number == 1 {
            value = number == 1
        } else {
            throw DecodingError.typeMismatch(
                Bool.self,
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected a boolean or \"true\"/\"false\"")
            )
        }
    }

    /// `true`/`false`, `yes`/`no`, `1`/`0`, any case, surrounding spaces ignored.
    public static func parse(_ text: String) -> Bool? {
        switch text {
        case "true": return true
        case "false": return false
        default: break
        }
        switch FeedText.trimmedSpaces(text).lowercased() {
        case "true", "yes", "1", "y", "t": return true
        case "false", "no", "0", "n", "f": return false
        default: return nil
        }
    }
}

extension KeyedDecodingContainer {
    /// A lossy array at `key`; a missing key or `null` is an empty array (reported).
    @inlinable
    public func decodeLossyArray<Element: Decodable>(_ type: Element.Type, forKey key: Key, decoder: any Decoder) throws -> [Element] {
        guard contains(key), try !decodeNil(forKey: key) else {
            decoder.report(.repaired, "no array (missing or null); treated as empty", at: [key])
            return []
        }
        return try decodeLossyList(type, forKey: key, decoder: decoder).elements
    }

    /// The lossy array at `key` (present and not `null`), with how many elements were dropped.
    ///
    /// A single object where the array belongs is read as a list of one and reported: that is
    /// what XML-to-JSON converters write for an element with one child, and dropping it would
    /// lose the one row there is. Any other type is an error naming what was found.
    public func decodeLossyList<Element: Decodable>(_ type: Element.Type, forKey key: Key, decoder: any Decoder) throws -> LossyArray<
        Element
    > {
        do {
            return try decode(LossyArray<Element>.self, forKey: key)
        } catch DecodingError.typeMismatch where (try? nestedContainer(keyedBy: AnyKey.self, forKey: key)) != nil {
            decoder.report(
                .repaired, "one object where a list belongs (as XML-to-JSON converters write a single item); read as a list of one",
                at: [key])
            do {
                return LossyArray(elements: [try decode(Element.self, forKey: key)])
            } catch {
                decoder.report(.dropped, "element dropped: \(decoder.explain(error, relativeTo: [key]))", at: [key])
                return LossyArray(elements: [], droppedCount: 1)
            }
        }
    }

    /// A string that is absent when missing, `null`, not a string, or blank after trimming.
    @inlinable
    public func decodeTrimmedString(forKey key: Key) -> String? {
        guard let raw = try? decodeIfPresent(String.self, forKey: key) else { return nil }
        return FeedText.nonBlank(raw)
    }

    /// A boolean as feeds send it (``LenientBool``), trying `kind` first: `nil` when missing,
    /// `null` or not a boolean in any spelling.
    @inlinable
    public func decodeLenientBool(forKey key: Key, expecting kind: FeedValue.Kind = .bool) -> Bool? {
        switch decodeValue(forKey: key, expecting: kind) {
        case .bool(let flag): flag
        case .string(let text): LenientBool.parse(text)
        case .number(let number) where number.integer == 0 || number.integer == 1: number.integer == 1
        default: nil
        }
    }
}

/// Any key, for looking into an object without knowing its fields.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
