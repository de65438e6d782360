import CZlib
import Foundation

/// A decoded PNG screenshot: 8-bit RGB or RGBA, not interlaced (what Chromium writes), so tests
/// can check the size and the colour of pixels. Written here because the package has no image
/// library; inflation is the system zlib.
extension Array {
    /// The elements `count` times over.
    fileprivate func repeated(_ count: Int) -> [Element] { Array([[Element]](repeating: self, count: count).joined()) }
}

struct PNGImage {
    struct Pixel: Equatable, CustomStringConvertible {
        var red: UInt8, green: UInt8, blue: UInt8

        init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// `#RRGGBB`.
        init?(hex: String) {
            guard hex.count == 7, hex.first == "#", let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
            self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
        }

        var description: String { String(format: "#%02X%02X%02X", red, green, blue) }

        /// The largest difference of one channel (0 = identical).
        func distance(to other: Pixel) -> Int {
            max(abs(Int(red) - Int(other.red)), abs(Int(green) - Int(other.green)), abs(Int(blue) - Int(other.blue)))
        }
    }

    enum DecodeError: Error {
        case notPNG
        case unsupported(String)
        case corrupt(String)
    }

    let width: Int
    let height: Int
    private let channels: Int
    private let pixels: [UInt8]

    init(data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count > 8, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { throw DecodeError.notPNG }
        func u32(_ index: Int) -> Int { bytes[index..<index + 4].reduce(0) { $0 << 8 | Int($1) } }
        var offset = 8
        var header: (width: Int, height: Int, depth: UInt8, colorType: UInt8, interlace: UInt8)?
        var compressed: [UInt8] = []
        while offset + 12 <= bytes.count {
            let length = u32(offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let start = offset + 8
            guard length >= 0, start + length + 4 <= bytes.count else { throw DecodeError.corrupt("chunk \(type) overruns the file") }
            switch type {
            case "IHDR":
                header = (u32(start), u32(start + 4), bytes[start + 8], bytes[start + 9], bytes[start + 12])
            case "IDAT":
                compressed += bytes[start..<start + length]
            default:
                break
            }
            offset = start + length + 4
            if type == "IEND" { break }
        }
        guard let header else { throw DecodeError.corrupt("no IHDR") }
        guard header.depth == 8, header.interlace == 0, header.colorType == 2 || header.colorType == 6 else {
            throw DecodeError.unsupported("depth \(header.depth), colour type \(header.colorType), interlace \(header.interlace)")
        }
        let channels = header.colorType == 6 ? 4 : 3
        let stride = header.width * channels
        var raw = [UInt8](repeating: 0, count: (stride + 1) * header.height)
        var rawLength = uLongf(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { output in
            compressed.withUnsafeBufferPointer { input in
                uncompress(output.baseAddress, &rawLength, input.baseAddress, uLong(input.count))
            }
        }
        guard status == Z_OK, Int(rawLength) == raw.count else { throw DecodeError.corrupt("zlib status \(status)") }
        self.width = header.width
        self.height = header.height
        self.channels = channels
        self.pixels = try Self.unfilter(raw, stride: stride, height: header.height, bytesPerPixel: channels)
    }

    /// Reverses the five PNG scanline filters.
    private static func unfilter(_ raw: [UInt8], stride: Int, height: Int, bytesPerPixel: Int) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: stride * height)
        for row in 0..<height {
            let filter = raw[row * (stride + 1)]
            let input = row * (stride + 1) + 1
            let base = row * stride
            for x in 0..<stride {
                let a = x >= bytesPerPixel ? Int(output[base + x - bytesPerPixel]) : 0
                let b = row > 0 ? Int(output[base - stride + x]) : 0
                let c = row > 0 && x >= bytesPerPixel ? Int(output[base - stride + x - bytesPerPixel]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw DecodeError.corrupt("filter \(filter) in row \(row)")
                }
                output[base + x] = UInt8((Int(raw[input + x]) + predictor) & 0xFF)
            }
        }
        return output
    }

    func pixel(x: Int, y: Int) -> Pixel {
        let index = (y * width + x) * channels
        return Pixel(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2])
    }

    /// How many pixels in the rectangle are within `tolerance` of `color`.
    func count(_ color: Pixel, x: Range<Int>, y: Range<Int>, tolerance: Int = 2) -> Int {
        var count = 0
        for row in y.clamped(to: 0..<height) {
            for column in x.clamped(to: 0..<width) where pixel(x: column, y: row).distance(to: color) <= tolerance {
                count += 1
            }
        }
        return count
    }

    /// A PNG of one colour (8-bit RGB, filter 0, zlib via the system library), for images the
    /// tests put into caches and then look for in screenshots.
    static func encode(solid color: Pixel, width: Int, height: Int) -> Data {
        func bigEndian(_ value: Int) -> [UInt8] {
            [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
            return bigEndian(body.count) + typed + bigEndian(Int(crc))
        }
        let row = [UInt8(0)] + Array([[color.red, color.green, color.blue]].joined()).repeated(width)
        let raw = Array(Array(repeating: row, count: height).joined())
        var compressed = [UInt8](repeating: 0, count: Int(compressBound(uLong(raw.count))))
        var length = uLongf(compressed.count)
        _ = compressed.withUnsafeMutableBufferPointer { output in
            raw.withUnsafeBufferPointer { compress(output.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }
        let header = bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]
        return Data(
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", Array(compressed.prefix(Int(length))))
                + chunk("IEND", []))
    }

    /// Distinct colours, to tell a drawn page from a blank one.
    var distinctColorCount: Int {
        var seen = Set<UInt32>()
        for index in Swift.stride(from: 0, to: pixels.count, by: channels) {
            seen.insert(UInt32(pixels[index]) << 16 | UInt32(pixels[index + 1]) << 8 | UInt32(pixels[index + 2]))
        }
        return seen.count
    }
}
