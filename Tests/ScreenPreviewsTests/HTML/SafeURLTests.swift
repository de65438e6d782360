import Foundation
import ScreenPreviews
import Testing

@Suite("SafeURL: only http(s), checked image data and sibling pages")
struct SafeURLTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])

    @Test(
        "http and https with a host are accepted",
        arguments: ["http://files.yinzcam.com/a.png", "HTTPS://resources-us.yinzcam.com/nfl/logos/nfl_phi_light.png"])
    func remote(_ text: String) throws {
        let url = try #require(URL(string: text))
        #expect(SafeURL(remote: url)?.value == url.absoluteString)
    }

    @Test(
        "Other schemes are refused",
        arguments: [
            "javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd",
            "vbscript:msgbox", "http:no-host", "ftp://example.com/a.png", "about:blank",
        ])
    func refused(_ text: String) {
        if let url = URL(string: text) {
            #expect(SafeURL(remote: url) == nil)
        }
    }

    @Test("Image data becomes a data: URI with the sniffed type; anything else is refused")
    func imageData() throws {
        let url = try #require(SafeURL(imageData: Self.png))
        #expect(url.value == "data:image/png;base64," + Self.png.base64EncodedString())
        #expect(url.isEmbedded)
        let jpeg = try #require(SafeURL(imageData: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10])))
        #expect(jpeg.value.hasPrefix("data:image/jpeg;base64,"))
        #expect(SafeURL(imageData: Data("<svg onload=\"alert(1)\"/>".utf8)) == nil)
        #expect(SafeURL(imageData: Data("<html><script>alert(1)</script>".utf8)) == nil)
        #expect(SafeURL(imageData: Data()) == nil)
    }

    @Test("Sibling pages: plain file names and fragments only")
    func siblings() {
        #expect(SafeURL(sibling: "trivia-final.html")?.value == "trivia-final.html")
        #expect(SafeURL(sibling: "index.html", fragment: "trivia")?.value == "index.html#trivia")
        for bad in ["../secret.html", "/etc/passwd", ".hidden.html", "a b.html", "javascript:alert(1)", "x.html?q=1", "", "é.html"] {
            #expect(SafeURL(sibling: bad) == nil, "\(bad)")
        }
        #expect(SafeURL(sibling: "index.html", fragment: "\"><script>") == nil)
    }

    @Test("Same-document fragments: the name of an element, nothing that leaves the page or the attribute")
    func fragments() {
        #expect(SafeURL(fragment: "icon-clock")?.value == "#icon-clock")
        for bad in ["", ".hidden", "a b", "javascript:alert(1)", "x\"><script>", "/etc/passwd", "é", "a#b"] {
            #expect(SafeURL(fragment: bad) == nil, "\(bad)")
        }
    }
}
