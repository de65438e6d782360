import Foundation

/// Why a document did not match its model, said the way a person fixes it:
/// `rows[3].title: expected String, found Number`.
public struct DecodingFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The document's name (`facts.json`, a URL), if known.
    public var source: String?
    /// The coding path, `rows[3].title`; empty for the document's root.
    public var path: String
    /// What was expected and what was found, e.g. `expected String, found Number`.
    public var message: String

    /// `path` and `message` are kept on one line (``OneLineText``): they quote the document.
    public init(source: String? = nil, path: String, message: String) {
        self.source = source
        self.path = OneLineText.escaping(path)
        self.message = OneLineText.escaping(message)
    }

    /// `source: path: message`, with `(root)` for an empty path.
    public var description: String {
        let location = path.isEmpty ? "(root)" : path
        return [source, location, message].compactMap { $0 }.joined(separator: ": ")
    }

    /// Translates a `DecodingError`, saying what was found instead.
    ///
    /// `JSONDecoder`'s own description names the kind it found (`… but found a string
    /// instead.`), so the document is re-read with `JSONSerialization` only when it does not,
    /// and for a syntax error (to say where): a feed whose rows are dropped one by one is never
    /// parsed again per row.
    public init(_ error: DecodingError, json: Data?, source: String?) {
        switch error {
        case .typeMismatch(let type, let context):
            let found =
                JSONKind.found(inDescription: context.debugDescription)
                ?? json.flatMap(JSONKind.parse).map { JSONKind.describe(JSONKind.value(in: $0, at: context.codingPath)) }
                ?? "another type"
            self.init(
                source: source, path: CodingPath.render(context.codingPath), message: "expected \(JSONKind.name(of: type)), found \(found)")
        case .valueNotFound(let type, let context):
            self.init(
                source: source, path: CodingPath.render(context.codingPath), message: "expected \(JSONKind.name(of: type)), found null")
        case .keyNotFound(let key, let context):
            self.init(source: source, path: CodingPath.render(context.codingPath + [key]), message: "required field is missing")
        case .dataCorrupted(let context):
            self.init(
                source: source, path: CodingPath.render(context.codingPath),
                message: Self.corruptionMessage(context, json: json))
        @unknown default:
            self.init(source: source, path: "", message: String(describing: error))
        }
    }

    /// For a syntax error, what is wrong and where. `JSONDecoder` on Linux gives no underlying
    /// error ("The given data was not valid JSON." only), so the document is re-parsed with
    /// `JSONSerialization`, which says "Unexpected end of file" or "around character 8".
    private static func corruptionMessage(_ context: DecodingError.Context, json: Data?) -> String {
        guard context.codingPath.isEmpty else { return context.debugDescription }
        var underlying = context.underlyingError
        if underlying == nil, let json {
            do {
                _ = try JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
            } catch {
                underlying = error
            }
        }
        guard let underlying else { return context.debugDescription }
        return "not valid JSON (\((underlying as NSError).userInfo[NSDebugDescriptionErrorKey] ?? underlying.localizedDescription))"
    }
}

/// Names of JSON value kinds for messages.
enum JSONKind {
    static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type, is Substring.Type: "String"
        case is Bool.Type: "Bool"
        case is any BinaryInteger.Type, is any BinaryFloatingPoint.Type, is Decimal.Type: "Number"
        case is [Any].Type: "Array"
        case is [String: Any].Type: "Object"
        default: String(describing: type)
        }
    }

    /// The kind named by `JSONDecoder`'s "Expected to decode T but found a string instead."
    /// (swift-corelibs and Darwin word it slightly differently; both are read), or `nil`.
    static func found(inDescription description: String) -> String? {
        guard let range = description.range(of: "but found ") else { return nil }
        let rest = description[range.upperBound...]
        let word = rest.split(separator: " ").first { !["a", "an"].contains($0) }
        switch word {
        case "number": return "Number"
        case "string": return "String"
        case "bool", "boolean": return "Bool"
        case "array": return "Array"
        case "dictionary", "object": return "Object"
        case "null": return "null"
        default: return nil
        }
    }

    /// The whole document, or `nil` when it is not JSON.
    static func parse(_ json: Data) -> Any? {
        try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
    }

    /// The JSON value at `path`, `.some(nil)` for JSON null, `nil` when the path does not resolve.
    static func value(in root: Any, at path: [any CodingKey]) -> Any?? {
        var current: Any = root
        for key in path {
            if let index = key.intValue, let array = current as? [Any] {
                guard array.indices.contains(index) else { return nil }
                current = array[index]
            } else if let object = current as? [String: Any], let next = object[key.stringValue] {
                current = next
            } else {
                return nil
            }
        }
        return .some(current is NSNull ? nil : current)
    }

    static func describe(_ value: Any??) -> String {
        guard let value else { return "nothing" }
        guard let value else { return "null" }
        switch value {
        case is String: return "String"
        case is [Any]: return "Array"
        case is [String: Any]: return "Object"
        case let number as NSNumber:
            // JSONSerialization returns booleans as NSNumber too; tell them apart.
            return CFBooleanCheck.isBoolean(number) ? "Bool" : "Number"
        case is Bool: return "Bool"
        default: return "Number"
        }
    }
}

/// `NSNumber` booleans have a distinct Objective-C type encoding (`c`) on every platform.
enum CFBooleanCheck {
    static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c" && (number == NSNumber(value: true) || number == NSNumber(value: false))
    }
}
