import Foundation
import TestSupport
import Testing

@testable import ExercisesWeb

/// An image is answered only to the browser whose session showed it, at an id nobody can guess.
@Suite("Media", .temporaryCaches)
struct MediaStoreTests {
    static let png = SamplePNG.make(width: 2, height: 2)

    @Test func anImageIsGrantedToTheBrowserThatShowedItOnly() throws {
        let store = MediaStore()
        let alice = try #require(MediaClient(String(repeating: "a", count: 32)))
        let mallory = try #require(MediaClient(String(repeating: "b", count: 32)))
        let url = try #require(URL(string: "https://example.com/logo.png"))
        let link = try #require(store.link(url, for: alice) { Self.png })
        let id = String(link.value.dropFirst("/media/".count))
        #expect(id.count == 32 && id.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit), "an id is 128 random bits, not a counter")
        #expect(store.item(id, for: alice)?.contentType == "image/png")
        #expect(store.item(id, for: mallory) == nil)
        #expect(store.item(id, for: nil) == nil)
        // Another session of the same image: the same id (the browser's cache serves it), granted to its browser too.
        #expect(store.link(url, for: mallory) { Self.png } == link)
        #expect(store.item(id, for: mallory) != nil)
        // Not an image: never linked.
        #expect(store.link(try #require(URL(string: "https://example.com/x")), for: alice) { Data("<html>".utf8) } == nil)
    }

    @Test func grantsAreBounded() throws {
        let store = MediaStore(maxImagesPerClient: 2, maxClients: 2)
        let clients = (0..<3).compactMap { MediaClient(String(format: "%032x", $0 + 1)) }
        var ids: [String] = []
        for index in 0..<3 {
            let url = try #require(URL(string: "https://example.com/\(index).png"))
            ids.append(String(try #require(store.link(url, for: clients[0]) { Self.png }).value.dropFirst(7)))
        }
        #expect(store.item(ids[2], for: clients[0]) != nil)
        #expect(store.item(ids[0], for: clients[0]) == nil, "past its share a client's oldest grants go")
        for client in clients.dropFirst() {
            _ = store.link(try #require(URL(string: "https://example.com/2.png")), for: client) { Self.png }
        }
        #expect(store.item(ids[2], for: clients[0]) == nil, "past the clients kept the oldest goes")
    }

    /// Over HTTP: the session's page sets the browser's cookie; /media answers it, and nobody else.
    @Test(.timeLimit(.minutes(1)))
    func mediaAnswersOnlyTheSessionsBrowser() async throws {
        try await withRunningWebServer { server, port in
            let created = try #require(try await rawPOST(port: port, "/schedule/s", json: "{}"))
            let cookie = try #require(created.headers["set-cookie"])
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            let value = try #require(cookie.split(separator: ";").first.map(String.init))
            let browser = try #require(MediaClient.fromCookies(value))
            let image = try #require(URL(string: "https://example.com/a.png"))
            let link = try #require(server.media.link(image, for: browser) { Self.png })
            #expect(try await rawGET(port: port, link.value, headers: ["Cookie": value])?.status == 200)
            #expect(try await rawGET(port: port, link.value)?.status == 404)
            #expect(
                try await rawGET(
                    port: port, link.value, headers: ["Cookie": "\(MediaClient.cookieName)=\(String(repeating: "c", count: 32))"])?.status
                    == 404)
            // The browser's next session keeps its cookie: none is set again.
            let again = try #require(try await rawPOST(port: port, "/facts/s", json: "{}", headers: ["Cookie": value]))
            #expect(again.status == 201 && again.headers["set-cookie"] == nil)
        }
    }
}
