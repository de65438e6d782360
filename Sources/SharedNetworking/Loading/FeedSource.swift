import Foundation

/// Where a document comes from. Every source goes through the same decoding path.
public enum FeedSource: Sendable, Hashable, CustomStringConvertible {
    /// Fetched with the loader's ``HTTPClient``.
    case remote(URL)
    /// Read from the file system (also what a bundle resource resolves to).
    case file(URL)
    /// Bytes already in memory, with a name for messages and an optional declared charset.
    case data(Data, name: String, charset: String? = nil)

    /// A resource in `bundle` (use `Bundle.module` in a package), resolved to a file now so
    /// that a missing resource is an error at the call site, not a crash later.
    public static func resource(_ name: String, withExtension ext: String, in bundle: Bundle) throws(NetworkError) -> FeedSource {
        guard let url = bundle.url(forResource: name, withExtension: ext) else {
            throw .file(path: "\(name).\(ext)", reason: "not found in bundle \(bundle.bundleURL.lastPathComponent)")
        }
        return .file(url)
    }

    /// Parses command-line style input: `http(s)://…` is remote, anything else a file path.
    public static func parse(_ text: String) throws(NetworkError) -> FeedSource {
        if text.contains("://") {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { throw .invalidURL(text) }
            switch scheme {
            case "http", "https": return .remote(url)
            case "file": return .file(url)
            default: throw .invalidURL(text)
            }
        }
        return .file(URL(fileURLWithPath: text))
    }

    /// A short name for messages: a file's name or the full URL.
    public var description: String {
        switch self {
        case .remote(let url): url.absoluteString
        case .file(let url): url.lastPathComponent
        case .data(_, let name, _): name
        }
    }
}

/// A decoded value together with what had to be dropped or repaired to get it.
public struct Loaded<Value> {
    /// The decoded model.
    public var value: Value
    /// What decoding dropped, repaired or noted, in document order.
    public var diagnostics: [Diagnostic]
    /// ``FeedSource/description`` of where it came from.
    public var source: String

    /// A result from its parts; tests and loaders that decode by hand build one.
    public init(value: Value, diagnostics: [Diagnostic], source: String) {
        self.value = value
        self.diagnostics = diagnostics
        self.source = source
    }

    /// The same diagnostics and source with `transform` applied to the value (feed → view model).
    public func map<T>(_ transform: (Value) throws -> T) rethrows -> Loaded<T> {
        Loaded<T>(value: try transform(value), diagnostics: diagnostics, source: source)
    }
}

extension Loaded: Sendable where Value: Sendable {}
extension Loaded: Equatable where Value: Equatable {}
