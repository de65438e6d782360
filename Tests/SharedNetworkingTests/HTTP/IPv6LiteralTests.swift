import Foundation
import Testing

@testable import SharedNetworking

@Suite("IPv6 address literals on Linux")
struct IPv6LiteralTests {
    @Test("the loopback literal goes to localhost; another literal is refused with the reason; names pass")
    func transportURLs() throws {
        let named = try #require(URL(string: "http://127.0.0.1:8080/feed.json"))
        #expect(try IPv6LiteralWorkaround.transportURL(for: named) == named)
        #if canImport(FoundationNetworking)
            for text in ["http://[::1]:8080/feed.json?x=1", "http://[0:0:0:0:0:0:0:1]:8080/feed.json?x=1"] {
                let url = try #require(URL(string: text))
                #expect(try IPv6LiteralWorkaround.transportURL(for: url).absoluteString == "http://localhost:8080/feed.json?x=1")
            }
            let remote = try #require(URL(string: "http://[2001:db8::1]/feed.json"))
            #expect {
                try IPv6LiteralWorkaround.transportURL(for: remote)
            } throws: { error in
                (error as? NetworkError)?.description.contains("cannot fetch from an IPv6 address literal other than ::1") == true
            }
        #endif
    }
}
