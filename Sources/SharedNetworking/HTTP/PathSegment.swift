import Foundation

/// One segment of a URL path, percent-encoded so that any text (a user id with a `/`, a space or
/// a `%` in it) stays one segment, and read back.
///
/// The one copy for every endpoint that puts an identifier in its path: the Trivia wild-card
/// balance (`v1/users/{user}/wildcards`) and the Trivia server's socket
/// (`/v1/competitions/{competition}/socket`).
public enum PathSegment {
    /// `text` percent-encoded as one path segment: everything a path allows except `/`, `;`,
    /// `?`, `#` and `%`, which are encoded.
    public static func encode(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// The text of a percent-encoded segment, or `nil` when it is empty or not valid
    /// percent-encoding.
    public static func decode(_ segment: some StringProtocol) -> String? {
        guard let text = String(segment).removingPercentEncoding, !text.isEmpty else { return nil }
        return text
    }
}
