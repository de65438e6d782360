import Foundation
import SharedNetworking

/// Typed reads for the message decoders: each checks the value's kind and reports a mistyped
/// field with its path (`payload.choice: expected an integer, found a string (byte 112)`).
/// They run after the whole frame passed the strict scan, so only field errors are left to find.
extension JSONReader {
    func fieldError(_ path: String, _ problem: String, at offset: Int) -> WireFailure {
        WireFailure(kind: .field, offset: offset, text: "\(path): \(problem) (byte \(offset))")
    }

    /// The value's kind, or a field error when it is not `expected`.
    private mutating func require(_ expected: ValueKind, _ name: String, _ path: () -> String) throws(WireFailure) {
        let kind = peekKind()
        guard kind == expected else {
            throw fieldError(path(), "expected \(name), found \(kind?.described ?? "nothing")", at: offset)
        }
    }

    /// `true` when the value is `null` (and moves past it).
    mutating func readNull() throws(WireFailure) -> Bool {
        guard peekKind() == .null else { return false }
        _ = try scanLiteral()
        return true
    }

    mutating func string(_ path: @autoclosure () -> String) throws(WireFailure) -> String {
        try require(.string, "a string", path)
        return try scanString().decoded(in: bytes)
    }

    mutating func optionalString(_ path: @autoclosure () -> String) throws(WireFailure) -> String? {
        try readNull() ? nil : try string(path())
    }

    mutating func id<Tag>(_ path: @autoclosure () -> String) throws(WireFailure) -> TriviaID<Tag> {
        TriviaID(try string(path()))
    }

    mutating func optionalID<Tag>(_ path: @autoclosure () -> String) throws(WireFailure) -> TriviaID<Tag>? {
        try optionalString(path()).map { TriviaID($0) }
    }

    /// An integer written as one (`1`, not `1.0` or `1e0`) within `Int`'s range.
    mutating func int(_ path: @autoclosure () -> String) throws(WireFailure) -> Int {
        try require(.number, "an integer", path)
        let token = try scanNumber()
        guard token.isInteger else {
            throw fieldError(
                path(), "expected an integer, found \(excerpt(token)) (integers have no fraction or exponent)", at: token.start)
        }
        guard let value = integer(token) else {
            throw fieldError(path(), "expected an integer, found \(excerpt(token)), which is out of range", at: token.start)
        }
        return value
    }

    mutating func optionalInt(_ path: @autoclosure () -> String) throws(WireFailure) -> Int? {
        try readNull() ? nil : try int(path())
    }

    mutating func bool(_ path: @autoclosure () -> String) throws(WireFailure) -> Bool {
        try require(.bool, "true or false", path)
        return try scanBool()
    }

    /// An instant: a string in ISO 8601 as ``LenientISO8601`` reads it.
    mutating func date(_ path: @autoclosure () -> String) throws(WireFailure) -> Date {
        let start = offset
        let text = try string(path())
        guard let date = LenientISO8601.date(from: text) else {
            throw fieldError(path(), "expected an ISO 8601 date, found \(JSONReader.quoted(text))", at: start)
        }
        return date
    }

    mutating func optionalDate(_ path: @autoclosure () -> String) throws(WireFailure) -> Date? {
        try readNull() ? nil : try date(path())
    }

    /// A string that must be one of `T`'s raw values.
    mutating func rawValue<T: RawRepresentable>(_ path: @autoclosure () -> String, as type: T.Type) throws(WireFailure) -> T
    where T.RawValue == String, T: CaseIterable {
        let start = offset
        let text = try string(path())
        guard let value = T(rawValue: text) else {
            let names = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
            throw fieldError(path(), "expected \(names), found \(JSONReader.quoted(text))", at: start)
        }
        return value
    }

    mutating func strings(_ path: @autoclosure () -> String) throws(WireFailure) -> [String] {
        try require(.array, "an array", path)
        var values: [String] = []
        try readArray { reader, index throws(WireFailure) in values.append(try reader.string("\(path())[\(index)]")) }
        return values
    }

    mutating func ints(_ path: @autoclosure () -> String) throws(WireFailure) -> [Int] {
        try require(.array, "an array", path)
        var values: [Int] = []
        try readArray { reader, index throws(WireFailure) in values.append(try reader.int("\(path())[\(index)]")) }
        return values
    }

    /// An array of objects, each read by `element`.
    mutating func objects<Element>(
        _ path: @autoclosure () -> String, _ element: (inout JSONReader, String) throws(WireFailure) -> Element
    ) throws(WireFailure) -> [Element] {
        try require(.array, "an array", path)
        var values: [Element] = []
        try readArray { reader, index throws(WireFailure) in values.append(try element(&reader, "\(path())[\(index)]")) }
        return values
    }

    /// Reads an object's members with `member`; a mistyped value is a field error at `path`.
    /// `member` switches on the ``MemberKey`` with string literals (`case "choice":`), which
    /// compares the name's bytes without making a `String` of it.
    mutating func fields(_ path: @autoclosure () -> String, _ member: (inout JSONReader, MemberKey) throws(WireFailure) -> Void)
        throws(WireFailure)
    {
        try require(.object, "an object", path)
        try readObject { reader, name throws(WireFailure) in try member(&reader, MemberKey(token: name, bytes: reader.bytes)) }
    }

    /// A member that must have been present.
    func required<Value>(_ value: Value?, _ path: @autoclosure () -> String, objectAt start: Int) throws(WireFailure) -> Value {
        guard let value else { throw fieldError(path(), "missing", at: start) }
        return value
    }
}

/// A member's name as the payload readers match it: `switch key { case "user": … }`.
struct MemberKey {
    let token: JSONReader.StringToken
    let bytes: UnsafeRawBufferPointer

    static func ~= (pattern: StaticString, key: MemberKey) -> Bool {
        key.token.equals(pattern, in: key.bytes)
    }
}
