import Foundation
import SharedNetworking

/// A URL that may go into `src` or `href`: the only way a page references anything.
///
/// Feeds carry URLs too, and `javascript:alert(1)` or `data:text/html,…` in an image field must
/// not become something a browser runs. So a `SafeURL` is one of:
/// - an absolute `http` or `https` URL with a host (images that were not cached, links);
/// - a `data:image/png|jpeg|gif|webp;base64,…` URI built from bytes whose signature was checked
///   (never SVG, which can carry script);
/// - a link to a sibling page written by the previews (`schedule.html`, `index.html#trivia`);
/// - a path on the page's own server (`/media/1f2e.png`);
/// - an element of the same document (`#icon-clock`, the symbol an icon draws).
/// Anything else does not construct, and the renderer draws a placeholder instead.
public struct SafeURL: Sendable, Hashable, CustomStringConvertible {
    /// The text that goes into the attribute (still attribute-escaped when written).
    public let value: String

    private init(value: String) {
        self.value = value
    }

    /// An `http`/`https` URL with a host; `nil` for every other scheme.
    public init?(remote url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        let text = url.absoluteString
        guard text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else { return nil }
        self.init(value: text)
    }

    /// A `data:` URI for image bytes; `nil` unless the bytes start with a PNG, JPEG, GIF or WebP
    /// signature.
    public init?(imageData data: Data) {
        guard let format = ImageHeaderParser.sniff(data) else { return nil }
        self.init(value: "data:\(Self.mimeType(format));base64,\(data.base64EncodedString())")
    }

    /// A page next to this one: letters, digits, `.`, `-`, `_`, not starting with a dot, with an
    /// optional `#fragment` of the same characters.
    public init?(sibling name: String, fragment: String? = nil) {
        guard Self.isSafeName(name), fragment.map(Self.isSafeName) ?? true else { return nil }
        self.init(value: fragment.map { "\(name)#\($0)" } ?? name)
    }

    /// `#fragment`: an element of the same document (the symbol a `<use>` draws, ``PreviewIcon``),
    /// the fragment of the same characters as a sibling page's name. It loads nothing, so no
    /// Content-Security-Policy has to allow it.
    public init?(fragment: String) {
        guard Self.isSafeName(fragment) else { return nil }
        self.init(value: "#" + fragment)
    }

    /// Letters, digits, `.`, `-`, `_`, not empty, not starting with a dot.
    private static func isSafeName(_ part: String) -> Bool {
        !part.isEmpty && !part.hasPrefix(".")
            && part.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || "0123456789.-_".unicodeScalars.contains($0))
            }
    }

    /// A path on the page's own server (`/media/1f2e.png`, `/carfit/s/ab12`): starts with one `/`,
    /// then letters, digits and `/ . - _ ? = &` only, so it can neither leave the origin nor
    /// close the attribute.
    public init?(path: String) {
        guard path.hasPrefix("/"), !path.hasPrefix("//"), path.count <= 2048,
            path.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || "0123456789/.-_?=&".unicodeScalars.contains($0))
            })
        else { return nil }
        self.init(value: path)
    }

    /// The URL, shortened to 80 characters for messages (a `data:` URI can be megabytes).
    public var description: String { value.count > 80 ? String(value.prefix(77)) + "…" : value }

    /// Whether the URL embeds its bytes (a page using only these works offline).
    public var isEmbedded: Bool { value.hasPrefix("data:") }

    static func mimeType(_ format: ImageFormat) -> String {
        switch format {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .webp: "image/webp"
        }
    }
}
