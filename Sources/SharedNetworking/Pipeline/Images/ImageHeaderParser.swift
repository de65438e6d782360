import Foundation

/// Recognises PNG, JPEG, GIF and WebP from their signature bytes and reads the pixel size from
/// the header, without decoding a pixel.
///
/// Why: a list must size a row before its image is decoded (or even fully downloaded), and a
/// server that answers an image URL with an HTML error page and status 200 must produce an
/// error, not a broken image in the cache. Pure and total: any input returns a value or an
/// ``ImageHeaderError``, never traps, and every loop advances at least one byte per step, so
/// arbitrary (fuzzed) input terminates.
///
/// With `requireComplete`, the bytes must also reach the format's end (PNG `IEND`, JPEG EOI
/// after the scan data, GIF trailer, the WebP RIFF length): a body cut short by a dropped
/// connection is then rejected instead of cached as a half-grey image.
public enum ImageHeaderParser {
    /// The format whose signature starts `data`, or `nil`.
    public static func sniff(_ data: Data) -> ImageFormat? {
        sniff(ByteReader(Array(data.prefix(12))))
    }

    /// The format and pixel size of the image in `data`.
    public static func parse(_ data: Data, requireComplete: Bool = false) throws(ImageHeaderError) -> ImageInfo {
        try parse(ByteReader(Array(data)), requireComplete: requireComplete)
    }

    /// The format and pixel size of the image in `bytes` (the entry point for fuzzing).
    public static func parse(_ bytes: UnsafeRawBufferPointer, requireComplete: Bool = false) throws(ImageHeaderError) -> ImageInfo {
        try parse(ByteReader(Array(bytes)), requireComplete: requireComplete)
    }

    static func parse(_ reader: ByteReader, requireComplete: Bool) throws(ImageHeaderError) -> ImageInfo {
        guard let format = sniff(reader) else {
            throw .notAnImage(detected: NonImageSniffer.describe(reader))
        }
        switch format {
        case .png: return try PNGHeader.parse(reader, requireComplete: requireComplete)
        case .jpeg: return try JPEGHeader.parse(reader, requireComplete: requireComplete)
        case .gif: return try GIFHeader.parse(reader, requireComplete: requireComplete)
        case .webp: return try WebPHeader.parse(reader, requireComplete: requireComplete)
        }
    }

    static func sniff(_ reader: ByteReader) -> ImageFormat? {
        if reader.matches(PNGHeader.signature, at: 0) { return .png }
        if reader.matches([0xFF, 0xD8, 0xFF], at: 0) { return .jpeg }
        if reader.matches("GIF87a", at: 0) || reader.matches("GIF89a", at: 0) { return .gif }
        if reader.matches("RIFF", at: 0) && reader.matches("WEBP", at: 8) { return .webp }
        return nil
    }
}

/// A pixel size from header fields, rejecting zero and absurd values.
func checkedSize(width: Int, height: Int, format: ImageFormat) throws(ImageHeaderError) -> PixelSize {
    guard width > 0, height > 0 else {
        throw .malformed(format: format, reason: "zero dimension (\(width)×\(height))")
    }
    guard width <= Int(Int32.max), height <= Int(Int32.max) else {
        throw .malformed(format: format, reason: "dimension larger than 2³¹−1 (\(width)×\(height))")
    }
    return PixelSize(width: width, height: height)
}

/// PNG: the signature, then the `IHDR` chunk (width and height as big-endian 32-bit values).
enum PNGHeader {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// "IEND" and the CRC-32 of its empty chunk, always AE 42 60 82.
    static let endChunk: [UInt8] = Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]

    static func parse(_ reader: ByteReader, requireComplete: Bool) throws(ImageHeaderError) -> ImageInfo {
        var chunk = 8
        // Xcode's "crushed" PNGs put a CgBI chunk before IHDR; step over it.
        if reader.matches("CgBI", at: chunk + 4), let length = reader.u32BE(chunk), length < 1 << 20 {
            chunk += 12 + length
        }
        guard let length = reader.u32BE(chunk), reader.matches("IHDR", at: chunk + 4) else {
            throw .malformed(format: .png, reason: "the first chunk is not IHDR")
        }
        guard length == 13 else { throw .malformed(format: .png, reason: "IHDR is \(length) bytes, expected 13") }
        guard let width = reader.u32BE(chunk + 8), let height = reader.u32BE(chunk + 12) else {
            throw .malformed(format: .png, reason: "IHDR cut short")
        }
        let size = try checkedSize(width: width, height: height, format: .png)
        if requireComplete {
            // IEND (type and its constant CRC) is the last chunk; allow a little junk after it.
            let tailStart = max(chunk + 25, reader.count - 4096)
            guard reader.firstOffset(of: PNGHeader.endChunk, from: tailStart) != nil else {
                throw .truncated(format: .png, reason: "no complete IEND chunk")
            }
        }
        return ImageInfo(format: .png, pixelSize: size)
    }
}

/// GIF: the signature, then the logical screen width and height (little-endian 16-bit).
enum GIFHeader {
    static func parse(_ reader: ByteReader, requireComplete: Bool) throws(ImageHeaderError) -> ImageInfo {
        guard let width = reader.u16LE(6), let height = reader.u16LE(8) else {
            throw .malformed(format: .gif, reason: "logical screen descriptor cut short")
        }
        let size = try checkedSize(width: width, height: height, format: .gif)
        if requireComplete {
            var last = reader.count - 1
            while last > 10, let byte = reader.u8(last), [0x00, 0x0A, 0x0D, 0x20].contains(byte) { last -= 1 }
            guard last > 10, reader.u8(last) == 0x3B else { throw .truncated(format: .gif, reason: "no trailer byte (0x3B)") }
        }
        return ImageInfo(format: .gif, pixelSize: size)
    }
}

/// WebP: a RIFF container whose first chunk is `VP8 ` (lossy), `VP8L` (lossless) or `VP8X`
/// (extended: animation, alpha, metadata; it carries the canvas size).
enum WebPHeader {
    static func parse(_ reader: ByteReader, requireComplete: Bool) throws(ImageHeaderError) -> ImageInfo {
        let data = 20
        let size: PixelSize
        if reader.matches("VP8 ", at: 12) {
            guard let tag = reader.u8(data), reader.matches([0x9D, 0x01, 0x2A], at: data + 3) else {
                throw .malformed(format: .webp, reason: "VP8 frame has no start code")
            }
            guard tag & 1 == 0 else { throw .malformed(format: .webp, reason: "first VP8 frame is not a key frame") }
            guard let width = reader.u16LE(data + 6), let height = reader.u16LE(data + 8) else {
                throw .malformed(format: .webp, reason: "VP8 frame header cut short")
            }
            size = try checkedSize(width: width & 0x3FFF, height: height & 0x3FFF, format: .webp)
        } else if reader.matches("VP8L", at: 12) {
            guard reader.u8(data) == 0x2F else { throw .malformed(format: .webp, reason: "VP8L signature byte missing") }
            guard let bits = reader.u32LE(data + 1) else { throw .malformed(format: .webp, reason: "VP8L header cut short") }
            size = try checkedSize(width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1, format: .webp)
        } else if reader.matches("VP8X", at: 12) {
            guard let width = reader.u24LE(data + 4), let height = reader.u24LE(data + 7) else {
                throw .malformed(format: .webp, reason: "VP8X header cut short")
            }
            size = try checkedSize(width: width + 1, height: height + 1, format: .webp)
        } else {
            throw .malformed(format: .webp, reason: "unknown first chunk (expected VP8, VP8L or VP8X)")
        }
        if requireComplete {
            guard let riffLength = reader.u32LE(4), reader.count >= riffLength + 8 else {
                throw .truncated(format: .webp, reason: "shorter than its RIFF length")
            }
        }
        return ImageInfo(format: .webp, pixelSize: size)
    }
}
