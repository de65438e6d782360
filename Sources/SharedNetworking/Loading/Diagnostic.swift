import Foundation
import Synchronization

/// Something the loader dropped, repaired or guessed while turning bytes into a model.
///
/// Real feeds are messy; rather than failing a whole screen for one bad row, decoding keeps
/// going and records what it did here, so a view-model can log it or show a discreet notice.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What the loader did: dropped an element, repaired a value, or only noted something.
    public enum Kind: String, Sendable, Codable {
        /// An element was removed (a row that failed to decode, an unknown type).
        case dropped
        /// A value was replaced by a fallback (text decoded as Windows-1252, a TBD date).
        case repaired
        /// Worth knowing, nothing changed (a count that disagrees with the content).
        case note
    }

    /// What happened; a view-model may show ``Kind/dropped`` rows' count and log the rest.
    public var kind: Kind
    /// Where in the document: a coding path such as `rows[7]`, or `bytes` for text decoding.
    public var path: String
    /// What was found and what was done, in words a person can act on.
    public var message: String

    /// `path` and `message` are kept on one line (``OneLineText``): they often quote the input.
    public init(_ kind: Kind, path: String, message: String) {
        self.kind = kind
        self.path = OneLineText.escaping(path)
        self.message = OneLineText.escaping(message)
    }

    /// `kind: path: message`, the line the `exercises` command prints on standard error.
    public var description: String {
        path.isEmpty ? "\(kind.rawValue): \(message)" : "\(kind.rawValue): \(path): \(message)"
    }
}

/// A thread-safe sink that `Decodable` types reach through `Decoder.userInfo`.
public final class DiagnosticsCollector: Sendable {
    private let storage = Mutex<[Diagnostic]>([])
    /// The raw document, so messages can say what was found where a value did not fit.
    let document: Data?

    /// A collector for one decoding; `document` lets messages quote what was actually there.
    public init(document: Data? = nil) {
        self.document = document
    }

    /// Adds `diagnostic`; safe to call from any thread, in the order decoding met them.
    public func record(_ diagnostic: Diagnostic) {
        storage.withLock { $0.append(diagnostic) }
    }

    /// Everything recorded so far, in order.
    public var diagnostics: [Diagnostic] {
        storage.withLock { $0 }
    }
}

extension CodingUserInfoKey {
    /// The key under which ``FeedLoader`` puts its ``DiagnosticsCollector``.
    public static let diagnostics: CodingUserInfoKey = {
        guard let key = CodingUserInfoKey(rawValue: "MobileExercises.diagnostics") else {
            preconditionFailure("a non-empty raw value is always a valid CodingUserInfoKey")
        }
        return key
    }()
}

extension Decoder {
    /// A one-line reason for `error`, with the path and what the document holds there
    /// (`rows[3].title: expected String, found Number`) when decoding through ``FeedLoader``.
    ///
    /// With `relativeTo`, the part of the path already named by a diagnostic (the element being
    /// dropped) is left out: `element dropped: expected Object, found Number` at `rows[1]`,
    /// not `rows[1]: … rows[1]: …`.
    public func explain(_ error: any Error, relativeTo extra: [any CodingKey]? = nil) -> String {
        guard let decodingError = error as? DecodingError else { return String(describing: error) }
        let collector = userInfo[.diagnostics] as? DiagnosticsCollector
        let failure = DecodingFailure(decodingError, json: collector?.document, source: nil)
        guard let extra else { return failure.description }
        let base = CodingPath.render(codingPath + extra)
        if failure.path == base { return failure.message }
        if failure.path.hasPrefix(base) {
            let rest = failure.path.dropFirst(base.count).drop { $0 == "." }
            return "\(rest): \(failure.message)"
        }
        return failure.description
    }

    /// Records a diagnostic at this decoder's coding path (plus `extra` components).
    /// Does nothing when the decoder was not set up by ``FeedLoader`` (plain `JSONDecoder`).
    public func report(_ kind: Diagnostic.Kind, _ message: String, at extra: [any CodingKey] = []) {
        guard let collector = userInfo[.diagnostics] as? DiagnosticsCollector else { return }
        collector.record(Diagnostic(kind, path: CodingPath.render(codingPath + extra), message: message))
    }
}

/// Renders coding paths the way people read them: `rows[3].title`.
public enum CodingPath {
    /// `rows[3].title` for the keys of a decoding error's coding path.
    public static func render(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }
}

/// A coding key for an array position, used when reporting an element's path.
public struct IndexKey: CodingKey {
    /// The position, always set.
    public var intValue: Int?
    /// `Index N`, the form `JSONDecoder` uses, which ``CodingPath/render(_:)`` prints as `[N]`.
    public var stringValue: String
    /// The key for position `index` in an array.
    public init(_ index: Int) {
        intValue = index
        stringValue = "Index \(index)"
    }
    /// The key for position `intValue`; never fails.
    public init?(intValue: Int) { self.init(intValue) }
    /// Always `nil`: an index key has no string form to parse.
    public init?(stringValue: String) { nil }
}
