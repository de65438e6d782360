import Foundation

@testable import SharedNetworking

/// Byte-exact image files built from their specifications, for header tests and fake servers.
enum SampleImages {
    // MARK: PNG

    /// A well-formed PNG: signature, IHDR, one IDAT (a zlib stream of stored blocks holding
    /// zero-filter transparent scanlines, at most 64×64 of them: enough for header and
    /// completeness checks, not meant to be decoded), IEND, each chunk with its CRC.
    static func png(width: Int, height: Int, crushed: Bool = false) -> Data {
        var file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        if crushed { file.append(chunk("CgBI", [0x50, 0x00, 0x20, 0x06])) }
        file.append(chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0]))
        let raw = [UInt8](repeating: 0, count: min(height, 64) * (1 + min(width, 64) * 4))
        file.append(chunk("IDAT", zlibStored(raw)))
        file.append(chunk("IEND", []))
        return file
    }

    static func chunk(_ type: String, _ payload: [UInt8]) -> Data {
        let typeAndData = Array(type.utf8) + payload
        var data = Data(be32(payload.count))
        data.append(contentsOf: typeAndData)
        data.append(contentsOf: be32(Int(CRC32.checksum(Data(typeAndData)))))
        return data
    }

    private static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, bytes.count - offset)
            let last: UInt8 = offset + count >= bytes.count ? 1 : 0
            out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += bytes[offset..<offset + count]
            offset += count
        } while offset < bytes.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + be32(Int(b << 16 | a))
    }

    // MARK: JPEG

    /// A baseline or progressive JPEG skeleton: SOI, APP0 (JFIF), optionally APP1 (EXIF) with an
    /// embedded thumbnail JPEG (whose own SOF/EOI must not be mistaken for the image's), fill
    /// bytes before the frame header, DQT, SOFn, DHT, SOS, entropy data with stuffed bytes, EOI.
    static func jpeg(
        width: Int, height: Int, sofMarker: UInt8 = 0xC0, exifThumbnail: Bool = false, fillBytes: Int = 0, trailing: [UInt8] = []
    ) -> Data {
        var file: [UInt8] = [0xFF, 0xD8]
        file += segment(0xE0, Array("JFIF".utf8) + [0, 1, 2, 0, 0, 1, 0, 1, 0, 0])
        if exifThumbnail {
            let thumbnail: [UInt8] = [0xFF, 0xD8] + segment(0xC0, [8, 0, 16, 0, 16, 1, 1, 0x11, 0]) + [0xFF, 0xD9]
            file += segment(0xE1, Array("Exif".utf8) + [0, 0] + Array("MM".utf8) + [0, 42, 0, 0, 0, 8] + thumbnail)
        }
        file += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        file += [UInt8](repeating: 0xFF, count: fillBytes)
        file += segment(sofMarker, [8] + be16(height) + be16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
        file += segment(0xC4, [0x00] + [UInt8](repeating: 0, count: 15) + [1] + [0])
        file += segment(0xDA, [3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0])
        file += [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56]  // entropy data, a stuffed 0xFF, a restart marker
        file += [0xFF, 0xD9] + trailing
        return Data(file)
    }

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + be16(payload.count + 2) + payload
    }

    // MARK: GIF

    static func gif(width: Int, height: Int, version: String = "GIF89a") -> Data {
        var file = Array(version.utf8) + le16(width) + le16(height) + [0x80, 0, 0]
        file += [0, 0, 0, 0xFF, 0xFF, 0xFF]  // two-colour global table
        file += [0x2C] + le16(0) + le16(0) + le16(1) + le16(1) + [0]  // image descriptor
        file += [2, 2, 0x44, 0x01, 0]  // LZW data
        file += [0x3B]
        return Data(file)
    }

    // MARK: WebP

    static func webpLossy(width: Int, height: Int) -> Data {
        let frame: [UInt8] = [0x50, 0x01, 0x00, 0x9D, 0x01, 0x2A] + le16(width) + le16(height) + [0, 0, 0, 0]
        return riff(chunk: "VP8 ", frame)
    }

    static func webpLossless(width: Int, height: Int) -> Data {
        let bits = (width - 1) | (height - 1) << 14
        return riff(chunk: "VP8L", [0x2F] + le32(bits) + [0, 0, 0])
    }

    static func webpExtended(width: Int, height: Int) -> Data {
        riff(chunk: "VP8X", [0x10, 0, 0, 0] + le24(width - 1) + le24(height - 1))
    }

    private static func riff(chunk type: String, _ payload: [UInt8]) -> Data {
        let padded = payload + (payload.count % 2 == 1 ? [0] : [])
        let body = Array("WEBP".utf8) + Array(type.utf8) + le32(payload.count) + padded
        return Data(Array("RIFF".utf8) + le32(body.count) + body)
    }

    // MARK: Integers

    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value) }
    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    static func le24(_ value: Int) -> [UInt8] { le16(value) + [UInt8(value >> 16 & 0xFF)] }
    static func le32(_ value: Int) -> [UInt8] { le16(value) + le16(value >> 16) }
}
