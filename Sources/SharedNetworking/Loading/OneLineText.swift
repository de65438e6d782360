/// Untrusted text made safe to show inside a one-line message.
///
/// Messages quote what they found: a JSON parser's excerpt of the document, a key, a colour
/// name, a file name from a ZIP archive. Those come from the input, and a line break or an
/// escape sequence in them would split an `error:` line in two or drive the user's terminal.
/// Control characters (and the Unicode line and paragraph separators) are therefore shown as
/// escapes: `\n`, `\r`, `\t`, `\u{1B}`. Text without them is returned unchanged.
public enum OneLineText {
    /// `text` with control characters and line separators shown as escapes (`\n`, `\u{1B}`).
    public static func escaping(_ text: String) -> String {
        guard mayNeedEscaping(text.utf8) else { return text }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }

    /// Whether the UTF-8 has a byte that starts an escaped character: a C0 control or DEL, the
    /// lead byte 0xC2 of the C1 controls, or 0xE2 of U+2028/U+2029. Most messages, accented or
    /// not, have none, and this look at the bytes is all they cost.
    private static func mayNeedEscaping(_ utf8: String.UTF8View) -> Bool {
        utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }
    }

    /// Unicode's control category (Cc: U+0000–U+001F, U+007F–U+009F) and its line and
    /// paragraph separators (Zl, Zp: U+2028, U+2029), without a property lookup.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }
}
