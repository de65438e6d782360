import Foundation
import Testing

@testable import SharedNetworking

@Suite("Image header parser")
struct ImageHeaderParserTests {
    @Test(
        "real PNG artwork: sizes as reported by file(1)",
        arguments: [
            ("border.png", 320, 480), ("border@3x.png", 960, 1440), ("border_pattern.png", 2, 2),
            ("cell_row@2x.png", 632, 158), ("cell_single@3x.png", 237, 237), ("selection_disc.png", 70, 70),
            ("settings_button@2x.png", 200, 200),
        ]
    )
    func realPNGs(name: String, width: Int, height: Int) throws {
        let data = try artworkPNG(name)
        let info = try ImageHeaderParser.parse(data, requireComplete: true)
        #expect(info == ImageInfo(format: .png, pixelSize: PixelSize(width: width, height: height)))
        #expect(ImageHeaderParser.sniff(data) == .png)
    }

    @Test("@2x and @3x artwork is exactly twice and three times the @1x size")
    func artworkScales() throws {
        for base in ["border", "cell_grid", "cell_row", "cell_single", "selection_disc", "settings_button"] {
            let one = try #require(try ImageHeaderParser.parse(artworkPNG("\(base).png")).pixelSize)
            let two = try #require(try ImageHeaderParser.parse(artworkPNG("\(base)@2x.png")).pixelSize)
            let three = try #require(try ImageHeaderParser.parse(artworkPNG("\(base)@3x.png")).pixelSize)
            #expect(two == PixelSize(width: one.width * 2, height: one.height * 2), "\(base)")
            #expect(three == PixelSize(width: one.width * 3, height: one.height * 3), "\(base)")
        }
    }

    @Test("generated images of every format report their size")
    func generated() throws {
        let cases: [(Data, ImageFormat, Int, Int)] = [
            (SampleImages.png(width: 1, height: 1), .png, 1, 1),
            (SampleImages.png(width: 4_000, height: 3_000), .png, 4_000, 3_000),
            (SampleImages.png(width: 57, height: 57, crushed: true), .png, 57, 57),
            (SampleImages.jpeg(width: 640, height: 480), .jpeg, 640, 480),
            (SampleImages.jpeg(width: 1_024, height: 768, sofMarker: 0xC2), .jpeg, 1_024, 768),
            (SampleImages.jpeg(width: 300, height: 200, exifThumbnail: true), .jpeg, 300, 200),
            (SampleImages.jpeg(width: 65_535, height: 1, sofMarker: 0xC1, fillBytes: 5), .jpeg, 65_535, 1),
            (SampleImages.gif(width: 120, height: 90), .gif, 120, 90),
            (SampleImages.gif(width: 1, height: 65_535, version: "GIF87a"), .gif, 1, 65_535),
            (SampleImages.webpLossy(width: 550, height: 368), .webp, 550, 368),
            (SampleImages.webpLossless(width: 16_384, height: 1), .webp, 16_384, 1),
            (SampleImages.webpExtended(width: 2_000, height: 16_777_216), .webp, 2_000, 16_777_216),
        ]
        for (data, format, width, height) in cases {
            let info = try ImageHeaderParser.parse(data, requireComplete: true)
            #expect(info == ImageInfo(format: format, pixelSize: PixelSize(width: width, height: height)), "\(format) \(width)×\(height)")
        }
    }

    @Test("the EXIF thumbnail's own frame header is not mistaken for the image's")
    func exifThumbnailIgnored() throws {
        let info = try ImageHeaderParser.parse(SampleImages.jpeg(width: 3_000, height: 2_000, exifThumbnail: true))
        #expect(info.pixelSize == PixelSize(width: 3_000, height: 2_000))
    }

    @Test("DHT, JPG and DAC markers are not frame headers; a DNL height gives no size")
    func jpegMarkerSubtleties() throws {
        #expect(!JPEGHeader.isFrameHeader(0xC4) && !JPEGHeader.isFrameHeader(0xC8) && !JPEGHeader.isFrameHeader(0xCC))
        #expect([0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF].allSatisfy(JPEGHeader.isFrameHeader))
        let deferredHeight = try ImageHeaderParser.parse(SampleImages.jpeg(width: 100, height: 0))
        #expect(deferredHeight == ImageInfo(format: .jpeg, pixelSize: nil))
    }

    @Test(
        "what the bytes are instead of an image",
        arguments: [
            ("<!DOCTYPE html><html><body>Not Found</body></html>", "an HTML page"),
            ("\u{FEFF}\n  <html lang=\"en\"><head>", "an HTML page"),
            ("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>", "an SVG document (vector images are not supported)"),
            ("{\"error\":\"not found\"}", "JSON"),
            ("Access denied", "text \"Access denied\""),
            ("", "an empty body"),
        ]
    )
    func notAnImage(text: String, detected: String) {
        #expect(throws: ImageHeaderError.notAnImage(detected: detected)) {
            try ImageHeaderParser.parse(Data(text.utf8))
        }
    }

    @Test("binary non-images are named by signature or hex")
    func binaryNonImages() {
        let avif = Data([0, 0, 0, 0x1C] + Array("ftypavif".utf8) + [0, 0, 0, 0])
        #expect(throws: ImageHeaderError.notAnImage(detected: "an AVIF image (unsupported format)")) { try ImageHeaderParser.parse(avif) }
        #expect(throws: ImageHeaderError.notAnImage(detected: "unrecognised bytes 00 01 02 03 04 05 06 07")) {
            try ImageHeaderParser.parse(Data([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]))
        }
    }

    @Test("malformed headers are errors that name the problem")
    func malformed() {
        var badIHDR = SampleImages.png(width: 10, height: 10)
        badIHDR[11] = 12  // IHDR length 12
        #expect(throws: ImageHeaderError.malformed(format: .png, reason: "IHDR is 12 bytes, expected 13")) {
            try ImageHeaderParser.parse(badIHDR)
        }
        #expect(throws: ImageHeaderError.malformed(format: .png, reason: "zero dimension (0×10)")) {
            try ImageHeaderParser.parse(SampleImages.png(width: 0, height: 10))
        }
        #expect(throws: ImageHeaderError.malformed(format: .gif, reason: "zero dimension (5×0)")) {
            try ImageHeaderParser.parse(SampleImages.gif(width: 5, height: 0))
        }
        let scanFirst = Data([0xFF, 0xD8] + SampleImages.segment(0xDA, [1, 1, 0, 0, 63, 0]) + [0xFF, 0xD9])
        #expect(throws: ImageHeaderError.malformed(format: .jpeg, reason: "scan data before a frame header")) {
            try ImageHeaderParser.parse(scanFirst)
        }
        let eoiFirst = Data([0xFF, 0xD8, 0xFF, 0xD9])
        #expect(throws: ImageHeaderError.malformed(format: .jpeg, reason: "end of image before a frame header")) {
            try ImageHeaderParser.parse(eoiFirst)
        }
        let zeroLength = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00, 0x01])
        #expect(throws: ImageHeaderError.malformed(format: .jpeg, reason: "segment 0xE0 has length 0")) {
            try ImageHeaderParser.parse(zeroLength)
        }
        var unknownChunk = SampleImages.webpLossy(width: 10, height: 10)
        unknownChunk.replaceSubrange(12..<16, with: Array("ALPH".utf8))
        #expect(throws: ImageHeaderError.malformed(format: .webp, reason: "unknown first chunk (expected VP8, VP8L or VP8X)")) {
            try ImageHeaderParser.parse(unknownChunk)
        }
    }

    @Test("a body cut short passes the header check but fails the completeness check")
    func truncation() throws {
        let samples: [(Data, ImageFormat)] = [
            (try artworkPNG("cell_grid.png"), .png),
            (SampleImages.jpeg(width: 64, height: 64), .jpeg),
            (SampleImages.gif(width: 64, height: 64), .gif),
            (SampleImages.webpLossy(width: 64, height: 64), .webp),
        ]
        for (data, format) in samples {
            let cut = data.prefix(data.count - 3)
            #expect(try ImageHeaderParser.parse(cut).format == format)
            #expect(throws: ImageHeaderError.self) { try ImageHeaderParser.parse(cut, requireComplete: true) }
            do {
                _ = try ImageHeaderParser.parse(cut, requireComplete: true)
            } catch {
                guard case .truncated(let reported, _) = error else {
                    Issue.record("\(format): expected truncated, got \(error)")
                    continue
                }
                #expect(reported == format)
            }
        }
    }

    @Test("a JPEG with data after its end marker (a motion photo) is complete")
    func jpegTrailer() throws {
        let motion = SampleImages.jpeg(width: 800, height: 600, trailing: Array(repeating: 0x42, count: 10_000))
        #expect(try ImageHeaderParser.parse(motion, requireComplete: true).pixelSize == PixelSize(width: 800, height: 600))
    }

    @Test("every prefix of every sample is handled: a value or an error, never a trap")
    func everyPrefix() throws {
        let samples = [
            SampleImages.png(width: 3, height: 2, crushed: true), SampleImages.jpeg(width: 9, height: 7, exifThumbnail: true, fillBytes: 3),
            SampleImages.gif(width: 4, height: 4), SampleImages.webpLossy(width: 5, height: 5),
            SampleImages.webpLossless(width: 6, height: 6), SampleImages.webpExtended(width: 7, height: 7),
        ]
        for sample in samples {
            var sized = 0
            for length in 0...sample.count {
                let prefix = sample.prefix(length)
                if (try? ImageHeaderParser.parse(prefix)) != nil { sized += 1 }
                _ = try? ImageHeaderParser.parse(prefix, requireComplete: true)
            }
            #expect(sized > 0)
            #expect((try? ImageHeaderParser.parse(sample.prefix(4))) == nil)
            #expect((try? ImageHeaderParser.parse(sample, requireComplete: true)) != nil)
        }
    }

    @Test("every single-byte mutation of every sample terminates with a value or an error")
    func mutations() {
        let seeds = [
            SampleImages.png(width: 3, height: 2, crushed: true), SampleImages.jpeg(width: 9, height: 7, exifThumbnail: true, fillBytes: 2),
            SampleImages.gif(width: 4, height: 4), SampleImages.webpLossy(width: 5, height: 5),
            SampleImages.webpLossless(width: 6, height: 6), SampleImages.webpExtended(width: 7, height: 7),
        ]
        var outcomes = (sized: 0, refused: 0)
        for seed in seeds {
            for position in seed.indices {
                for replacement in [0x00, 0xFF, 0x7F, seed[position] ^ 0x80] as [UInt8] {
                    var bytes = seed
                    bytes[position] = replacement
                    if (try? ImageHeaderParser.parse(bytes, requireComplete: position % 2 == 0)) != nil {
                        outcomes.sized += 1
                    } else {
                        outcomes.refused += 1
                    }
                }
            }
        }
        // Mutations in pixel data leave the header readable; mutations in the header are refused.
        #expect(outcomes.sized > 0)
        #expect(outcomes.refused > 0)
    }

    @Test("a JPEG of nothing but fill bytes ends with an error")
    func endlessFill() {
        let fill = Data([0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 100_000))
        #expect(throws: ImageHeaderError.malformed(format: .jpeg, reason: "ends before a frame header")) {
            try ImageHeaderParser.parse(fill)
        }
    }
}
