import Facts
import Foundation
import Testing

@Suite("Image links")
struct FactImageURLTests {
    @Test(
        "http and https links are kept as written",
        arguments: [
            "http://upload.wikimedia.org/wikipedia/commons/thumb/6/6b/American_Beaver.jpg/220px-American_Beaver.jpg",
            "https://example.com/a.png?size=2&x=y#frag",
            "http://3.bp.blogspot.com/__mokxbTmuJM/RnWuJ6cE9cI/AAAAAAAAATw/6z3m3w9JDiU/s400/019843_31.jpg",
            "HTTPS://Example.com/A.PNG",
            "HtTp://example.com:8080/a.png",
            "http://user@example.com/a.png",
            "http://[::1]:8080/a.png",
        ])
    func validLinks(_ text: String) {
        #expect(FactImageURL.parse(text)?.absoluteString == text)
    }

    @Test("%20 stays %20; raw spaces become %20; a stray % is escaped")
    func escaping() {
        #expect(FactImageURL.parse("http://x.com/That%20fish.jpg")?.absoluteString == "http://x.com/That%20fish.jpg")
        #expect(FactImageURL.parse("http://x.com/That fish was big.jpg")?.absoluteString == "http://x.com/That%20fish%20was%20big.jpg")
        #expect(FactImageURL.parse("http://x.com/100% real.jpg")?.absoluteString == "http://x.com/100%25%20real.jpg")
        #expect(FactImageURL.parse("http://x.com/%zz.jpg")?.absoluteString == "http://x.com/%25zz.jpg")
        #expect(FactImageURL.parse("http://x.com/é.jpg")?.absoluteString == "http://x.com/%C3%A9.jpg")
        #expect(FactImageURL.parse("  http://x.com/a.jpg\n")?.absoluteString == "http://x.com/a.jpg")
    }

    @Test(
        "anything that is not an absolute http(s) URL with a host is absent",
        arguments: [
            "", "   ", "not a url", "ftp://x.com/a.jpg", "file:///etc/passwd", "javascript:alert(1)",
            "//x.com/a.jpg", "/images/a.jpg", "http://", "http:///a.jpg", "www.example.com/a.jpg", "data:image/png;base64,AAAA",
            "http://user@/a.jpg", "http://:80/a.jpg", "httpx://x.com/a.jpg", "http:/x.com/a.jpg", "https//x.com/a.jpg",
        ])
    func invalidLinks(_ text: String) {
        #expect(FactImageURL.parse(text) == nil)
    }
}
