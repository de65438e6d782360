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

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
