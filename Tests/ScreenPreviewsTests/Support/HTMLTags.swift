#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The start tags of a page written by `HTMLNode`, with their attributes: enough to check the
/// semantics a page gives assistive technology (which elements are buttons, headings, lists,
/// what they are named) without a DOM.
///
/// The builder escapes `<`, `>` and quotes in every attribute value and text, so a tag runs
/// from `<` to the next `>`, and every value is double-quoted. Values longer than 256 bytes (the
/// embedded images) are kept as `…`: no check reads them, and copying megabytes would be slow.
struct HTMLTag: Sendable {
    var name: String
    var attributes: [String: String]

    subscript(_ attribute: String) -> String? { attributes[attribute] }

    /// Every start tag of `html`, in order (end tags, comments and the doctype left out).
    static func startTags(in html: String) -> [HTMLTag] {
        var html = html
        return html.withUTF8 { bytes -> [HTMLTag] in
            guard let base = bytes.baseAddress else { return [] }
            var tags: [HTMLTag] = []
            var offset = 0
            while offset < bytes.count,
                let found = memchr(base + offset, Int32(UInt8(ascii: "<")), bytes.count - offset)
            {
                let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                guard let close = memchr(base + start, Int32(UInt8(ascii: ">")), bytes.count - start) else { break }
                let end = base.distance(to: close.assumingMemoryBound(to: UInt8.self))
                offset = end + 1
                guard start < end, bytes[start] != UInt8(ascii: "/"), bytes[start] != UInt8(ascii: "!") else { continue }
                tags.append(parse(UnsafeBufferPointer(rebasing: bytes[start..<end])))
            }
            return tags
        }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> HTMLTag {
        var index = 0
        func word() -> String {
            let from = index
            while index < bytes.count, ![UInt8(ascii: " "), UInt8(ascii: "="), UInt8(ascii: "/")].contains(bytes[index]) { index += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<index]), as: UTF8.self)
        }
        let name = word()
        var attributes: [String: String] = [:]
        while index < bytes.count {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "/") { index += 1 }
            guard index < bytes.count else { break }
            let attribute = word()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                attributes[attribute] = ""
                continue
            }
            index += 2  // `="`
            let from = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += 1 }
            let length = index - from
            attributes[attribute] =
                length > 256 ? "…" : String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<min(index, bytes.count)]), as: UTF8.self)
            index += 1
        }
        return HTMLTag(name: name, attributes: attributes)
    }
}
