import Foundation

/// The directives of a `Cache-Control` field (RFC 9111 §5.2) that a private cache acts on.
///
/// Directive names are case-insensitive; values may be quoted; unknown directives and
/// `s-maxage` (for shared caches only) are ignored; a malformed `max-age` counts as 0, the
/// safe reading. `no-cache="Set-Cookie"` (which qualifies only some fields) is read as a plain
/// `no-cache`, as OkHttp reads it: the stricter meaning.
public struct CacheControl: Sendable, Hashable {
    /// Never store the response (`no-store`).
    public var noStore = false
    /// Store it, but ask the server before every use (`no-cache`).
    public var noCache = false
    /// Once stale, never use it without the server's confirmation (`must-revalidate`).
    public var mustRevalidate = false
    /// `max-age`, in seconds: how long the response is fresh after it was generated.
    public var maxAge: Int?
    /// `immutable` (RFC 8246): the body will not change while fresh.
    public var immutable = false

    /// The directives of `value` (a `Cache-Control` field; `nil` or empty: none).
    public init(_ value: String?) {
        guard let value else { return }
        for part in Self.directives(value) {
            let name = part.name.lowercased()
            switch name {
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "must-revalidate": mustRevalidate = true
            case "immutable": immutable = true
            case "max-age": maxAge = part.value.flatMap { Int($0) }.map { max(0, $0) } ?? 0
            default: break
            }
        }
    }

    /// `name[=value]` pairs separated by commas, commas inside quotes kept.
    private static func directives(_ value: String) -> [(name: String, value: String?)] {
        var result: [(name: String, value: String?)] = []
        var current = ""
        var inQuotes = false
        func finish() {
            let trimmed = current.trimmingCharacters(in: [" ", "\t"])
            current = ""
            guard !trimmed.isEmpty else { return }
            let pieces = trimmed.split(separator: "=", maxSplits: 1).map(String.init)
            let name = pieces[0].trimmingCharacters(in: [" ", "\t"])
            var argument = pieces.count > 1 ? pieces[1].trimmingCharacters(in: [" ", "\t"]) : nil
            if let quoted = argument, quoted.hasPrefix("\""), quoted.hasSuffix("\""), quoted.count >= 2 {
                argument = String(quoted.dropFirst().dropLast())
            }
            result.append((name, argument))
        }
        for character in value {
            if character == "\"" { inQuotes.toggle() }
            if character == ",", !inQuotes {
                finish()
            } else {
                current.append(character)
            }
        }
        finish()
        return result
    }
}
