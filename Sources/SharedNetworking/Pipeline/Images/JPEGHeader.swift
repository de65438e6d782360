/// JPEG: a chain of marker segments; the frame header (SOF0–SOF15 except DHT, JPG and DAC)
/// holds height then width as big-endian 16-bit values.
///
/// The walk skips APPn segments (EXIF, ICC, XMP: possibly tens of kilobytes, possibly holding a
/// thumbnail JPEG of their own), fill bytes (`FF FF ...` before a marker) and stray bytes
/// between segments, as libjpeg does. Each step moves forward at least one byte.
enum JPEGHeader {
    static func parse(_ reader: ByteReader, requireComplete: Bool) throws(ImageHeaderError) -> ImageInfo {
        var offset = 2
        var frame: ImageInfo?
        scan: while offset < reader.count {
            guard reader.u8(offset) == 0xFF else {
                offset += 1  // stray byte between segments
                continue
            }
            while reader.u8(offset) == 0xFF { offset += 1 }  // fill bytes
            guard let marker = reader.u8(offset) else { break scan }
            offset += 1
            switch marker {
            case 0x00, 0x01, 0xD0...0xD8:
                continue  // stuffed zero, TEM, RSTn, SOI: no length field
            case 0xD9:
                let missing = frame == nil ? "a frame header" : "any scan data"
                throw .malformed(format: .jpeg, reason: "end of image before \(missing)")
            case 0xDA:
                guard let frame else { throw .malformed(format: .jpeg, reason: "scan data before a frame header") }
                guard requireComplete else { return frame }
                guard let length = reader.u16BE(offset), length >= 2,
                    reader.firstOffset(of: [0xFF, 0xD9], from: offset + length) != nil
                else { throw .truncated(format: .jpeg, reason: "no end-of-image marker after the scan data") }
                return frame
            default:
                guard let length = reader.u16BE(offset) else { break scan }
                guard length >= 2 else {
                    throw .malformed(format: .jpeg, reason: "segment 0x\(String(marker, radix: 16, uppercase: true)) has length \(length)")
                }
                if isFrameHeader(marker), frame == nil {
                    guard length >= 8, let height = reader.u16BE(offset + 3), let width = reader.u16BE(offset + 5) else {
                        throw .malformed(format: .jpeg, reason: "frame header cut short")
                    }
                    guard width > 0 else { throw .malformed(format: .jpeg, reason: "frame width is zero") }
                    // Height 0 means "defined later by a DNL marker": a valid JPEG without a size up front.
                    let size = height == 0 ? nil : try checkedSize(width: width, height: height, format: .jpeg)
                    let info = ImageInfo(format: .jpeg, pixelSize: size)
                    guard requireComplete else { return info }
                    frame = info
                }
                offset += length
            }
        }
        if frame != nil { throw .truncated(format: .jpeg, reason: "ends before the scan data") }
        throw .malformed(format: .jpeg, reason: "ends before a frame header")
    }

    /// SOF0–SOF15, excluding C4 (DHT), C8 (JPG extension) and CC (DAC).
    static func isFrameHeader(_ marker: Int) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }
}
