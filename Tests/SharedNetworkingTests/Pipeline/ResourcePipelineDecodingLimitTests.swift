import Foundation
import TestSupport
import Testing

@testable import SharedNetworking

/// Decoded size is bounded in pixels, not only the body in bytes: checked from the header
/// before any pixel is decoded, refused or downsampled to the request's target size.
@Suite("Resource pipeline: decoded-size limit", .timeLimit(.minutes(1)))
struct ResourcePipelineDecodingLimitTests {
    /// Signature, IHDR claiming 100000×100000, an empty IDAT, IEND: a decompression bomb's
    /// header in 57 bytes (decoding it as RGBA would need 40 GB).
    static let bombHeader: Data = {
        var file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        file.append(SampleImages.chunk("IHDR", [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 6, 0, 0, 0]))
        file.append(SampleImages.chunk("IDAT", []))
        file.append(SampleImages.chunk("IEND", []))
        return file
    }()

    @Test("a header claiming 100000×100000 pixels is refused before any decode, and says why")
    func bombIsRefused() async throws {
        let client = ScriptedHTTPClient()
        let url = imageURL("bomb.png")
        client.route(url, .body(Self.bombHeader))
        let pipeline = makePipeline(client: client)
        let expected = ResourceError.imageTooLarge(url: url, pixelSize: PixelSize(width: 100_000, height: 100_000), limit: 50_000_000)
        await #expect(throws: expected) { try await pipeline.image(for: url, priority: .normal) }
        #expect(
            expected.description
                == "https://images.example.com/bomb.png: image too large to decode: 100000×100000 px is 10000 megapixels, over the limit of 50"
        )
        #expect(pipeline.cachedImage(for: url) == nil, "the synchronous path does not hand it out either")
        // Not a network failure: nothing is remembered, and the bytes stay cached for a request
        // that can downsample them.
        #expect(pipeline.statistics.rememberedFailures == 0)
        await #expect(throws: expected) { try await pipeline.image(for: url, priority: .normal) }
        #expect(client.snapshot.requests.count == 1)
    }

    @Test("with a target size the same image is downsampled to fit it, as ImageIO thumbnails are")
    func targetDownsamples() async throws {
        let client = ScriptedHTTPClient()
        let url = imageURL("bomb.png")
        client.route(url, .body(Self.bombHeader))
        let pipeline = makePipeline(client: client)
        let fetched = try await pipeline.image(for: url, priority: .normal, fitting: PixelSize(width: 540, height: 660))
        #expect(fetched.image?.pixelSize == PixelSize(width: 100_000, height: 100_000))
        #expect(fetched.decodedPixelSize == PixelSize(width: 540, height: 540))
        #expect(fetched.isDownsampled)

        // A target never enlarges; a small image is decoded as it is.
        let small = imageURL("small.png")
        client.route(small, .body(SampleImages.png(width: 64, height: 48)))
        let fitted = try await pipeline.image(for: small, priority: .normal, fitting: PixelSize(width: 540, height: 660))
        #expect(fitted.decodedPixelSize == PixelSize(width: 64, height: 48))
        #expect(!fitted.isDownsampled)
        #expect(pipeline.cachedImage(for: small)?.decodedPixelSize == PixelSize(width: 64, height: 48))
    }

    @Test("the limit is configurable and applies to the decoded size, target or not")
    func configurableLimit() async throws {
        let client = ScriptedHTTPClient()
        let pipeline = makePipeline(client: client, maxDecodedPixels: 1_000)
        let wide = imageURL("wide.png")
        client.route(wide, .body(SampleImages.png(width: 40, height: 30)))  // 1,200 pixels
        await #expect(throws: ResourceError.imageTooLarge(url: wide, pixelSize: PixelSize(width: 40, height: 30), limit: 1_000)) {
            try await pipeline.image(for: wide, priority: .normal)
        }
        // A target larger than the limit allows is no way round it.
        await #expect(throws: ResourceError.self) {
            try await pipeline.image(for: wide, priority: .normal, fitting: PixelSize(width: 100, height: 100))
        }
        let fitted = try await pipeline.image(for: wide, priority: .normal, fitting: PixelSize(width: 20, height: 20))
        #expect(fitted.decodedPixelSize == PixelSize(width: 20, height: 15))
        let square = imageURL("square.png")
        client.route(square, .body(SampleImages.png(width: 30, height: 30)))  // 900 pixels
        #expect(try await pipeline.image(for: square, priority: .normal).decodedPixelSize == PixelSize(width: 30, height: 30))
    }

    @Test("an image whose header states no size cannot be checked, so it is refused")
    func unknownSizeIsRefused() async throws {
        let client = ScriptedHTTPClient()
        let url = imageURL("dnl.jpg")
        client.route(url, .body(SampleImages.jpeg(width: 100, height: 0)))  // height deferred to a DNL marker
        let pipeline = makePipeline(client: client)
        await #expect(throws: ResourceError.imageTooLarge(url: url, pixelSize: nil, limit: 50_000_000)) {
            try await pipeline.image(for: url, priority: .normal, fitting: PixelSize(width: 64, height: 64))
        }
        // As data (no decoding) the same bytes are fine.
        #expect(try await pipeline.data(for: url).data.count > 0)
    }

    @Test("downsampling keeps the aspect ratio, never enlarges and never reaches zero; counts saturate")
    func pixelSizeArithmetic() {
        #expect(
            PixelSize(width: 4000, height: 3000).downsampled(toFit: PixelSize(width: 540, height: 660))
                == PixelSize(width: 540, height: 405))
        #expect(
            PixelSize(width: 300, height: 4000).downsampled(toFit: PixelSize(width: 540, height: 660)) == PixelSize(width: 50, height: 660))
        #expect(
            PixelSize(width: 100_000, height: 1).downsampled(toFit: PixelSize(width: 10, height: 10)) == PixelSize(width: 10, height: 1))
        #expect(
            PixelSize(width: 64, height: 48).downsampled(toFit: PixelSize(width: 1000, height: 1000)) == PixelSize(width: 64, height: 48))
        #expect(PixelSize(width: Int.max, height: 2).pixelCount == Int.max)
    }
}
