/// Trimming and quoting of the text a feed sends, without Foundation's bridging.
///
/// `trimmingCharacters(in:)` goes through `NSString` on Linux and builds its `CharacterSet` on
/// every call: it was a fifth of the time every screen spent decoding its feed, for strings
/// that almost never have anything to trim. These functions give the same result (the same
/// characters count as white space: Unicode's space, line and paragraph separators and the
/// controls U+0009–U+000D and U+0085) and return the string itself, uncopied, when there is
/// nothing to trim.
public enum FeedText {
    /// `text` without leading and trailing white space and line breaks
    /// (`CharacterSet.whitespacesAndNewlines`).
    public static func trimmed(_ text: String) -> String {
        trim(text, isSpace: isSpaceOrNewline)
    }

    /// `text` without leading and trailing spaces and tabs, line breaks kept
    /// (`CharacterSet.whitespaces`).
    public static func trimmedSpaces(_ text: String) -> String {
        trim(text, isSpace: isSpace)
    }

    /// The trimmed text, or `nil` when nothing is left: how feeds say "no value" with `""`.
    public static func nonBlank(_ text: String) -> String? {
        let result = trimmed(text)
        return result.isEmpty ? nil : result
    }

    /// `text` in double quotes for a diagnostic, cut after `limit` characters with "…" so that
    /// a reader sees the value was longer: `"12345678901234567890…"`. Quoted exactly otherwise.
    public static func quoted(_ text: some StringProtocol, limit: Int = 40) -> String {
        "\"\(excerpt(text, limit: limit))\""
    }

    /// The first `limit` characters of `text`, followed by "…" when there were more.
    public static func excerpt(_ text: some StringProtocol, limit: Int = 40) -> String {
        var end = text.startIndex
        var count = 0
        while end < text.endIndex, count < limit {
            end = text.index(after: end)
            count += 1
        }
        return end == text.endIndex ? String(text) : String(text[..<end]) + "…"
    }

    /// The most characters of one text field a screen is given: about two phone screens of body
    /// text. A feed is bounded only by its size (``FeedDecodingOptions/maxBytes``, 16 MiB), so one
    /// field could otherwise be megabytes that every layout and render would work through
    /// (a 15 MiB fact stalled a live page's server for seconds).
    public static let displayLimit = 4_000

    /// `text`, or its first ``displayLimit`` characters followed by "…" and how many characters
    /// it had, when it is longer.
    public static func boundedForDisplay(_ text: String) -> (text: String, originalCount: Int?) {
        // At most one character per UTF-8 byte: most texts are known short without counting.
        guard text.utf8.count > displayLimit else { return (text, nil) }
        let end = text.index(text.startIndex, offsetBy: displayLimit, limitedBy: text.endIndex) ?? text.endIndex
        guard end < text.endIndex else { return (text, nil) }
        return (String(text[..<end]) + "…", text.count)
    }

    /// White space or a line break: Unicode's Zs, Zl and Zp categories, U+0009–U+000D, U+0085.
    public static func isSpaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0x2028, 0x2029: true
        default: isSeparatorSpace(scalar.value)
        }
    }

    /// A space or a tab: Unicode's Zs category and U+0009.
    public static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x09 || isSeparatorSpace(scalar.value)
    }

    /// Unicode's Zs (space separator) category.
    private static func isSeparatorSpace(_ value: UInt32) -> Bool {
        switch value {
        case 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    private static func trim(_ text: String, isSpace: (Unicode.Scalar) -> Bool) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last, isSpace(first) || isSpace(last) else { return text }
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, isSpace(scalars[start]) { start = scalars.index(after: start) }
        while end > start, isSpace(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(scalars[start..<end])
    }
}
