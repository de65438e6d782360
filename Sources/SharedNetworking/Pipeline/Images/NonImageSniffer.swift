/// Names what bytes that are not a supported image look like, for an error a person can act
/// on: "an HTML page" says the server answered with an error page; "unrecognised bytes 00 01"
/// says the URL points at something else entirely.
enum NonImageSniffer {
    static func describe(_ reader: ByteReader) -> String {
        guard reader.count > 0 else { return "an empty body" }
        if reader.matches("ftyp", at: 4) {
            if reader.matches("avif", at: 8) || reader.matches("avis", at: 8) { return "an AVIF image (unsupported format)" }
            if reader.matches("heic", at: 8) || reader.matches("heix", at: 8) || reader.matches("mif1", at: 8) {
                return "a HEIF image (unsupported format)"
            }
            return "an ISO media file"
        }
        if reader.matches("BM", at: 0), reader.count >= 26 { return "a BMP image (unsupported format)" }
        if reader.matches([0x00, 0x00, 0x01, 0x00], at: 0) { return "an ICO icon (unsupported format)" }
        if reader.matches("%PDF", at: 0) { return "a PDF document" }
        if reader.matches([0x1F, 0x8B], at: 0) { return "gzip-compressed data" }
        if reader.matches("PK", at: 0), reader.matches([0x03, 0x04], at: 2) { return "a ZIP archive" }

        let text = leadingText(reader)
        let lowered = text.lowercased()
        if lowered.hasPrefix("<!doctype html") || lowered.hasPrefix("<html") || lowered.hasPrefix("<head")
            || lowered.hasPrefix("<body") || lowered.hasPrefix("<!--") && lowered.contains("<html")
        {
            return "an HTML page"
        }
        if lowered.hasPrefix("<svg") || lowered.hasPrefix("<?xml") && lowered.contains("<svg") {
            return "an SVG document (vector images are not supported)"
        }
        if lowered.hasPrefix("<?xml") || lowered.hasPrefix("<") { return "an XML or markup document" }
        if lowered.hasPrefix("{") || lowered.hasPrefix("[") { return "JSON" }
        if !text.isEmpty, isMostlyPrintable(reader) {
            let excerpt = text.prefix(40).split(whereSeparator: \.isNewline).joined(separator: " ")
            return "text \"\(excerpt)\(text.count > 40 ? "…" : "")\""
        }
        let hex = (0..<min(8, reader.count)).compactMap { reader.u8($0) }
            .map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true) }
        return "unrecognised bytes \(hex.joined(separator: " "))"
    }

    /// Up to 256 bytes decoded as UTF-8, after a byte-order mark and leading white space.
    private static func leadingText(_ reader: ByteReader) -> String {
        var start = reader.matches([0xEF, 0xBB, 0xBF], at: 0) ? 3 : 0
        while let byte = reader.u8(start), [0x20, 0x09, 0x0A, 0x0D].contains(byte) { start += 1 }
        let end = min(reader.count, start + 256)
        guard start < end else { return "" }
        return String(decoding: reader.bytes[start..<end], as: UTF8.self)
    }

    private static func isMostlyPrintable(_ reader: ByteReader) -> Bool {
        let sample = min(reader.count, 256)
        var printable = 0
        for offset in 0..<sample {
            guard let byte = reader.u8(offset) else { break }
            if byte >= 0x20 || [0x09, 0x0A, 0x0D].contains(byte) { printable += 1 }
        }
        return printable * 10 >= sample * 9
    }
}
