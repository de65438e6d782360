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
        // Most strings need nothing (and embedded images are megabytes of base64): one pass over
        // the bytes returns those unchanged instead of rebuilding them scalar by scalar.
        guard needsEscaping(string) else { return string }
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

    /// Whether `escape` would change anything: one of `&<>"'`, a C0 control other than tab, line
    /// feed and carriage return, DEL, or a C1 control (U+0080…U+009F, UTF-8 `C2 80`…`C2 9F`).
    private static func needsEscaping(_ string: String) -> Bool {
        var copy = string
        // Native strings are contiguous UTF-8; the copy is made contiguous only when it is not.
        return copy.withUTF8 { bytes in
            var previous: UInt8 = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x26, 0x3C, 0x3E, 0x22, 0x27, 0x7F: return true  // & < > " ' DEL
                case 0x09, 0x0A, 0x0D: break
                case ..<0x20: return true
                case 0x80...0x9F where previous == 0xC2: return true
                default: break
                }
                previous = byte
                index += 1
            }
            return false
        }
    }
}
