/// Why bytes were not accepted as an image by ``ImageHeaderParser``.
public enum ImageHeaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No supported image signature; `detected` names what the bytes look like instead
    /// ("an HTML page", "JSON", "an SVG document (vector images are not supported)").
    case notAnImage(detected: String)
    /// The signature names `format` but the header is inconsistent or cut short.
    case malformed(format: ImageFormat, reason: String)
    /// The header is fine but the file ends before the format's end marker (a download cut
    /// short). Only reported when completeness is asked for.
    case truncated(format: ImageFormat, reason: String)

    /// One line for a person: `not an image (an HTML page)`, `truncated PNG: …`.
    public var description: String {
        switch self {
        case .notAnImage(let detected): "not an image (\(detected))"
        case .malformed(let format, let reason): "malformed \(format.rawValue.uppercased()): \(reason)"
        case .truncated(let format, let reason): "truncated \(format.rawValue.uppercased()): \(reason)"
        }
    }
}
