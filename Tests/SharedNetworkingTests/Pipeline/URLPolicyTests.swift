import Foundation
import Testing

@testable import SharedNetworking

@Suite("URL policy")
struct URLPolicyTests {
    let policy = URLPolicy.upgradeInsecure

    func resolve(_ text: String, with policy: URLPolicy = .upgradeInsecure) throws(ResourceError) -> String {
        try policy.resolve(URL(string: text)!).absoluteString
    }

    @Test("http is upgraded to https, keeping path and query, dropping port 80")
    func upgrade() throws {
        #expect(try resolve("http://images.example.com/a/b.png?size=2") == "https://images.example.com/a/b.png?size=2")
        #expect(try resolve("HTTP://Images.Example.com:80/x.jpg") == "https://Images.Example.com/x.jpg")
        #expect(try resolve("http://example.com:8080/x.jpg") == "https://example.com:8080/x.jpg")
        #expect(try resolve("https://example.com/x.jpg") == "https://example.com/x.jpg")
    }

    @Test("http-only hosts and loopback stay on http")
    func exceptions() throws {
        #expect(try resolve("http://files.yinzcam.com/nfl/logos/BUF.png") == "http://files.yinzcam.com/nfl/logos/BUF.png")
        #expect(try resolve("http://FILES.YINZCAM.COM/x.png") == "http://FILES.YINZCAM.COM/x.png")
        #expect(try resolve("http://127.0.0.1:8080/x.png") == "http://127.0.0.1:8080/x.png")
        #expect(try resolve("http://localhost/x.png") == "http://localhost/x.png")
        // Not loopback, even though it starts with 127.
        #expect(try resolve("http://127.evil.example/x.png") == "https://127.evil.example/x.png")
        let subdomains = URLPolicy(insecure: .upgrade, httpOnlyHosts: [".legacy.example"])
        #expect(try resolve("http://cdn.legacy.example/x.png", with: subdomains) == "http://cdn.legacy.example/x.png")
        #expect(try resolve("http://legacy.example/x.png", with: subdomains) == "http://legacy.example/x.png")
        #expect(try resolve("http://notlegacy.example/x.png", with: subdomains) == "https://notlegacy.example/x.png")
    }

    @Test("blocking and allowing plain http")
    func blockAndAllow() throws {
        let strict = URLPolicy(insecure: .block, httpOnlyHosts: ["files.yinzcam.com"], allowsLoopback: false)
        #expect(throws: ResourceError.self) { try resolve("http://example.com/x.png", with: strict) }
        #expect(throws: ResourceError.self) { try resolve("http://127.0.0.1/x.png", with: strict) }
        #expect(try resolve("http://files.yinzcam.com/x.png", with: strict) == "http://files.yinzcam.com/x.png")
        #expect(try resolve("http://example.com/x.png", with: .permissive) == "http://example.com/x.png")
    }

    @Test("other schemes and host-less URLs are refused; fragments are dropped")
    func schemesAndFragments() throws {
        for text in ["file:///etc/passwd", "ftp://example.com/x.png", "data:image/png;base64,AAAA", "javascript:alert(1)"] {
            #expect(throws: ResourceError.self, "\(text)") { try resolve(text) }
        }
        do {
            _ = try resolve("file:///etc/passwd")
        } catch {
            #expect(error.description.contains("only http and https"))
        }
        #expect(try resolve("https://example.com/x.png#large") == "https://example.com/x.png")
        #expect(try resolve("http://example.com/x.png?a=1#frag") == "https://example.com/x.png?a=1")
    }
}
