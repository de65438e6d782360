/// Escaping for the two places a string can go in HTML: element text and a quoted attribute
/// value.
///
/// Every string that reaches a page passes through one of these, because the text comes from
/// feeds (team names, fact titles, trivia questions) that nobody here controls: a title of
/// `<script>alert(1)</script>` must show as those characters and run nothing. The builder
/// (``HTMLNode``) has no way to emit unescaped text, so a renderer cannot forget.
public enum HTMLEscaping {
    /// Text between tags: `&`, `<` and `>` become entities (the quotes are harmless there but
    /// escaped too, so one function is safe in both contexts). NUL and other C0 controls except
    /// tab, line feed and carriage return become U+FFFD (they are parse errors in HTML).
    public static func text(_ string: String) -> String {
        escape(string)
    }

    /// An attribute value, to be written between double quotes: also escapes `"` and `'`, so
    /// the value cannot end the attribute or the tag.
    public static func attribute(_ string: String) -> String {
        escape(string)
    }

    private static func escape(_ string: String) -> String {
        // Most strings need nothing (and the longest ones, base64 `data:` URLs of embedded
        // images, never do): one pass over the bytes returns them unchanged without copying.
        if !string.utf8.contains(where: needsEscaping) { return string }
        var result = ""
        result.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value):
                result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether a UTF-8 byte may start something ``escape(_:)`` changes: the five special ASCII
    /// characters, C0 controls other than tab, LF and CR, DEL, and 0xC2 (the lead byte of the
    /// C1 controls U+0080...U+009F; other characters it leads are kept as they are).
    private static func needsEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): false
        case 0..<0x20, 0x7F, 0xC2: true
        default: false
        }
    }
}
