import Foundation
import ScreenKit
import SharedNetworking

/// The scales of one image that exist on disk (`header.png`, `header@2x.png`, …), and the
/// choice of one for a screen.
public struct ImageVariants: Sendable, Hashable, Codable {
    /// One scale of the image on disk.
    public struct Variant: Sendable, Hashable, Codable {
        /// Which scale the file is (`@2x`).
        public var scale: DisplayScale
        /// The file.
        public var url: URL
        /// Read from the PNG header; `nil` if the file is not a readable PNG.
        public var pixelSize: PixelSize?

        /// A variant from its parts.
        public init(scale: DisplayScale, url: URL, pixelSize: PixelSize?) {
            self.scale = scale
            self.url = url
            self.pixelSize = pixelSize
        }

        /// The size in points (pixels ÷ scale), what a layout reserves for the image.
        public var pointSize: LayoutSize? {
            pixelSize.map {
                LayoutSize(width: Double($0.width) / Double(scale.rawValue), height: Double($0.height) / Double(scale.rawValue))
            }
        }
    }

    /// Available variants, lowest scale first.
    public var variants: [Variant]

    /// The variants, sorted by scale.
    public init(variants: [Variant]) {
        self.variants = variants.sorted { $0.scale < $1.scale }
    }

    /// Whether no scale of the image exists.
    public var isEmpty: Bool { variants.isEmpty }

    /// The variant for `scale`: the exact one, else the nearest; between two equally near,
    /// the larger (scaling down looks better than scaling up).
    public func best(for scale: DisplayScale) -> Variant? {
        variants.min { a, b in
            let distanceA = abs(a.scale.rawValue - scale.rawValue), distanceB = abs(b.scale.rawValue - scale.rawValue)
            return distanceA != distanceB ? distanceA < distanceB : a.scale > b.scale
        }
    }

    /// Finds `<baseName>.png`, `<baseName>@2x.png` and `<baseName>@3x.png` in `directory`.
    public static func scan(_ directory: URL, baseName: String) -> ImageVariants {
        var variants: [Variant] = []
        for scale in DisplayScale.allCases {
            let url = directory.appendingPathComponent("\(baseName)\(scale.suffix).png")
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            variants.append(Variant(scale: scale, url: url, pixelSize: PNGHeader.pixelSize(of: url)))
        }
        return ImageVariants(variants: variants)
    }
}

/// The pixel size in a PNG's IHDR chunk (the first 24 bytes), read without decoding.
enum PNGHeader {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func pixelSize(of url: URL) -> PixelSize? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 24) else { return nil }
        return pixelSize(Array(data))
    }

    static func pixelSize(_ bytes: [UInt8]) -> PixelSize? {
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func u32(_ index: Int) -> Int { bytes[index..<index + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = u32(16), height = u32(20)
        guard width > 0, height > 0 else { return nil }
        return PixelSize(width: width, height: height)
    }
}
