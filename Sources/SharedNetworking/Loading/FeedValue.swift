import Foundation

/// A JSON value read without knowing its type in advance: what a lenient field needs to accept
/// `"43"` and `43` alike and to say exactly what it found otherwise.
///
/// `JSONDecoder` has no way to ask what is at a key; the only way is to try a type and catch
/// the error, and a failed try costs tens of times a successful one (the error carries the
/// coding path). So each field names the kind its feed normally sends
/// (`decodeValue(forKey:expecting:)`), which is tried first: a regular
/// feed decodes with no failed try at all, an irregular one still decodes, a little slower.
public enum FeedValue: Sendable, Equatable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A JSON number, with the text to quote it by.
    case number(FeedNumber)
    /// A JSON string, as sent (not trimmed).
    case string(String)
    /// A JSON object (its content is not read).
    case object
    /// A JSON array (its content is not read).
    case array

    /// The kind to try first.
    public enum Kind: Sendable {
        /// Text: `"43"`, `"false"`.
        case string
        /// A JSON number: `43`, `55.7`.
        case number
        /// `true` or `false`.
        case bool
    }

    /// What was found, for messages: `a number`, `text`, `a boolean`, `an object`.
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "text"
        case .object: "an object"
        case .array: "an array"
        }
    }
}

/// A JSON number with the text to show for it.
public struct FeedNumber: Sendable, Equatable, CustomStringConvertible {
    /// The value as a `Double` (infinite when JSON wrote a number beyond its range).
    public var value: Double
    /// The value when it is a whole number that fits `Int`.
    public var integer: Int?
    /// The number for people: a whole number digit for digit (`12345678901234567890123`), any
    /// other in its shortest exact form (`3.5`, `1e-07`).
    public var description: String

    /// A number from its parts (`decodeNumber(forKey:)` makes them).
    public init(value: Double, integer: Int?, description: String) {
        self.value = value
        self.integer = integer
        self.description = description
    }

    /// Whether the number has no fractional part.
    public var isWhole: Bool { value.isFinite && value.rounded(.towardZero) == value }
}

extension KeyedDecodingContainer {
    /// The value at `key` whatever its type, `nil` when the key is missing. `kind` is tried
    /// first, in one lookup; the other kinds only when it fails.
    @inlinable
    public func decodeValue(forKey key: Key, expecting kind: FeedValue.Kind) -> FeedValue? {
        do {
            switch kind {
            case .string:
                if let text = try decodeIfPresent(String.self, forKey: key) { return .string(text) }
            case .bool:
                if let flag = try decodeIfPresent(Bool.self, forKey: key) { return .bool(flag) }
            case .number:
                if let value = try decodeIfPresent(Double.self, forKey: key) { return .number(number(value, forKey: key)) }
            }
            return contains(key) ? .null : nil
        } catch {
            return decodeValue(forKey: key, after: kind)
        }
    }

    /// The other kinds, once the expected one failed on a value that is there and not `null`.
    @usableFromInline
    func decodeValue(forKey key: Key, after failed: FeedValue.Kind) -> FeedValue {
        if failed != .string, let text = try? decode(String.self, forKey: key) { return .string(text) }
        if failed != .number, let number = decodeNumber(forKey: key) { return .number(number) }
        if failed != .bool, let flag = try? decode(Bool.self, forKey: key) { return .bool(flag) }
        // Beyond Double's range (`1e400`): still a number, and Decimal has its digits.
        if let decimal = try? decode(Decimal.self, forKey: key) {
            return .number(FeedNumber(value: decimal < 0 ? -.infinity : .infinity, integer: nil, description: decimal.description))
        }
        return (try? nestedUnkeyedContainer(forKey: key)) != nil ? .array : .object
    }

    /// A JSON number at `key` (not a numeric string), or `nil`.
    public func decodeNumber(forKey key: Key) -> FeedNumber? {
        guard let value = try? decodeIfPresent(Double.self, forKey: key) else { return nil }
        return number(value, forKey: key)
    }

    /// `value` (decoded at `key`) with the text to show: a whole number digit for digit.
    @usableFromInline
    func number(_ value: Double, forKey key: Key) -> FeedNumber {
        guard value.rounded(.towardZero) == value else { return FeedNumber(value: value, integer: nil, description: "\(value)") }
        if abs(value) < 9_007_199_254_740_992 {  // 2^53: every whole number below is exact in a Double
            return FeedNumber(value: value, integer: Int(value), description: String(Int(value)))
        }
        let integer = try? decode(Int.self, forKey: key)
        let digits = integer.map(String.init) ?? (try? decode(Decimal.self, forKey: key))?.description ?? "\(value)"
        return FeedNumber(value: value, integer: integer, description: digits)
    }

    /// Text at `key`, trimmed; `nil` when missing, `null` or blank.
    ///
    /// A number or a boolean is taken as the text it is written as (`"houseOwnerZip": 2800`
    /// is the postcode "2800"), an object or an array is left out; both are reported as repairs.
    @inlinable
    public func decodeText(forKey key: Key, decoder: any Decoder) -> String? {
        do {
            guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let shown = FeedText.nonBlank(text) else { return nil }
            // A screen shows a few thousand characters; a feed may send megabytes in one field.
            // Cut here, off the main actor, so that no view-model, layout or render ever works
            // through more than a screen can show (the feed's own limit is its size in bytes).
            let (cut, was) = FeedText.boundedForDisplay(shown)
            if let was {
                decoder.report(
                    .repaired, "text of \(was) characters cut to the first \(FeedText.displayLimit), more than a screen can show", at: [key]
                )
            }
            return cut
        } catch {
            return decodeText(forKey: key, notText: decoder)
        }
    }

    /// What ``decodeText(forKey:decoder:)`` makes of a value that is not a string.
    @usableFromInline
    func decodeText(forKey key: Key, notText decoder: any Decoder) -> String? {
        switch decodeValue(forKey: key, after: .string) {
        case .number(let number):
            decoder.report(.repaired, "expected text, found a number; shown as \(FeedText.excerpt(number.description))", at: [key])
            return number.description
        case .bool(let flag):
            decoder.report(.repaired, "expected text, found a boolean; shown as \(flag)", at: [key])
            return String(flag)
        case let value:
            decoder.report(.repaired, "expected text, found \(value.kindDescription); ignored", at: [key])
            return nil
        }
    }
}
