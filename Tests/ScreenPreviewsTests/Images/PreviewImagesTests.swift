import Foundation
import ScreenPreviews
import SharedNetworking
import Testing

@Suite("PreviewImages: local files and cached images embedded, everything else a placeholder")
struct PreviewImagesTests {
    @Test("A local PNG is embedded; a non-image, a missing file and a too-large file are not")
    func localFiles() throws {
        let directory = try Fixtures.temporaryDirectory("images")
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("a.png"), text = directory.appendingPathComponent("b.png")
        try SafeURLTests.png.write(to: png)
        try Data("<html>not an image</html>".utf8).write(to: text)
        let images = PreviewImages()
        #expect(images.source(for: png)?.value == "data:image/png;base64," + SafeURLTests.png.base64EncodedString())
        #expect(images.source(for: text) == nil)
        #expect(images.source(for: directory.appendingPathComponent("missing.png")) == nil)
        #expect(images.source(for: directory) == nil)
        #expect(PreviewImages(maxBytes: 8).source(for: png) == nil)
        // A URL from a feed never reads a local file.
        #expect(images.remoteSource(for: png) == nil)
        #expect(images.source(for: nil) == nil)
    }

    @Test("A remote image comes from the pipeline's disk cache; a miss is a placeholder unless linking is allowed")
    func remoteImages() throws {
        let scratch = try ScratchDiskCache()
        defer { scratch.remove() }
        let cache = scratch.cache
        let cached = try #require(URL(string: "https://resources-us.yinzcam.com/nfl/logos/nfl_gb_light.png"))
        let missing = try #require(URL(string: "https://resources-us.yinzcam.com/nfl/logos/nfl_xx_light.png"))
        #expect(cache.store(SafeURLTests.png, forKey: cached.absoluteString))
        let images = PreviewImages(caches: [cache])
        #expect(images.source(for: cached)?.isEmbedded == true)
        #expect(images.source(for: missing) == nil)
        #expect(PreviewImages(caches: [cache], linksRemoteImages: true).source(for: missing)?.value == missing.absoluteString)
    }

    @Test("The pipeline keys its cache by the URL it fetched: an http image upgraded to https is found")
    func upgradedKey() throws {
        let scratch = try ScratchDiskCache()
        defer { scratch.remove() }
        let cache = scratch.cache
        let feedURL = try #require(URL(string: "http://upload.wikimedia.org/a.png"))
        cache.store(SafeURLTests.png, forKey: "https://upload.wikimedia.org/a.png")
        #expect(PreviewImages(caches: [cache]).source(for: feedURL)?.isEmbedded == true)
        #expect(PreviewImages(caches: [cache], urlPolicy: .permissive).source(for: feedURL) == nil)
    }

    @Test("A cached body that is not an image (an HTML error page) is not embedded")
    func cachedNonImage() throws {
        let scratch = try ScratchDiskCache()
        defer { scratch.remove() }
        let cache = scratch.cache
        let url = try #require(URL(string: "http://example.com/logo.png"))
        cache.store(Data("<html><script>alert(1)</script></html>".utf8), forKey: url.absoluteString)
        #expect(PreviewImages(caches: [cache]).source(for: url) == nil)
    }

    @Test("Other schemes are never referenced, even with linking allowed")
    func otherSchemes() throws {
        let images = PreviewImages(linksRemoteImages: true)
        #expect(images.source(for: Hostile.javascriptURL) == nil)
        #expect(images.source(for: URL(string: "data:text/html;base64,PHNjcmlwdD4=")) == nil)
        #expect(images.source(for: URL(string: "relative/path.png")) == nil)
    }
}
