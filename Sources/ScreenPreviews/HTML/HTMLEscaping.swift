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
}
