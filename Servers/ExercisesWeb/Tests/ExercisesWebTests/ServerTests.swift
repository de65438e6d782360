import Foundation
import HTTPTypes
import Testing

@testable import ExercisesWeb

@Suite("The web server's routes and sockets", .temporaryCaches)
struct ServerTests {
    @Test func socketPathsNameAHexSession() {
        #expect(LiveSocketController.isSessionID("0123abcd"))
        #expect(!LiveSocketController.isSessionID(".."))
        #expect(!LiveSocketController.isSessionID(""))
        #expect(!LiveSocketController.isSessionID(String(repeating: "a", count: 65)))
        #expect(!LiveSocketController.isSessionID("0123abcz"))
    }

    @Test func onlyThisOriginMayOpenASocket() {
        func request(origin: String?) -> HTTPTypes.HTTPRequest {
            var fields = HTTPFields()
            if let origin { fields[.origin] = origin }
            return HTTPTypes.HTTPRequest(method: .get, scheme: nil, authority: "127.0.0.1:8080", path: "/live/ab", headerFields: fields)
        }
        #expect(LiveSocketController.isSameOrigin(request(origin: "http://127.0.0.1:8080")))
        #expect(LiveSocketController.isSameOrigin(request(origin: nil)))
        #expect(!LiveSocketController.isSameOrigin(request(origin: "http://evil.example")))
        #expect(!LiveSocketController.isSameOrigin(request(origin: "http://127.0.0.1:8081")))
        #expect(!LiveSocketController.isSameOrigin(request(origin: "null")))
        #expect(LiveSocketController.isSameOrigin(request(origin: "ws://127.0.0.1")))
        #expect(!LiveSocketController.isSameOrigin(request(origin: "ws://evil.example")))
    }

    @Test func sessionIDsAre128RandomBits() {
        let ids = (0..<100).map { _ in ExercisesWebServer.randomSessionID() }
        #expect(Set(ids).count == 100)
        #expect(ids.allSatisfy { $0.count == 32 && $0.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit) })
    }

    /// Every route of ``WebRoutes`` answers over a real connection, and what is not a route is 404.
    @Test(.timeLimit(.minutes(1)))
    func theRoutesAnswerOverHTTP() async throws {
        try await withRunningWebServer { _, port in
            let index = try #require(try await rawGET(port: port, "/"))
            #expect(index.status == 200)
            #expect(index.body.contains("href=\"/carfit\""))
            #expect(index.body.contains("rel=\"icon\""))
            // The icon a browser asks for by name before reading a page: no console error.
            let icon = try #require(try await rawGET(port: port, "/favicon.ico"))
            #expect(icon.status == 200)
            #expect(icon.headers["content-type"] == "image/svg+xml")
            #expect(try await rawGET(port: port, "/assets/icon.svg")?.status == 200)
            #expect(try await rawGET(port: port, "/assets/live.js")?.headers["content-type"] == "text/javascript; charset=utf-8")
            #expect(try await rawGET(port: port, "/assets/none.js")?.status == 404)
            let health = try #require(try await rawGET(port: port, "/health"))
            #expect(health.status == 200)
            #expect(health.body.contains("\"status\":\"ok\""))
            #expect(try await rawGET(port: port, "/media/1")?.status == 404)
            #expect(try await rawGET(port: port, "/nothing")?.status == 404)
            #expect(try await rawGET(port: port, "/carfit/x/y/z")?.status == 404)
            // A new session: redirected to its page, which carries the strict policy.
            let created = try #require(try await rawGET(port: port, "/carfit"))
            #expect(created.status == 303)
            let location = try #require(created.headers["location"])
            #expect(location.hasPrefix("/carfit/s/"))
            let page = try #require(try await rawGET(port: port, location))
            #expect(page.status == 200)
            #expect(page.headers["content-security-policy"] == LivePage.contentSecurityPolicy)
            #expect(page.headers["cache-control"] == "no-store")
            #expect(try await rawGET(port: port, location + "/sheet.css")?.status == 200)
        }
    }

    /// The socket route refuses an upgrade for an id that is not hex and for another origin,
    /// before touching a session.
    @Test(.timeLimit(.minutes(1)))
    func theSocketRouteRefusesBadIDsAndOtherOrigins() async throws {
        try await withRunningWebServer { _, port in
            let upgrade = [
                "Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
                "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
            ]
            let good = try #require(
                try await rawGET(port: port, "/live/0123abcd", headers: upgrade.merging(["Origin": "http://127.0.0.1:\(port)"]) { $1 }))
            #expect(good.status == 101)
            #expect(try await rawGET(port: port, "/live/zz", headers: upgrade)?.status == 400)
            #expect(
                try await rawGET(port: port, "/live/0123abcd", headers: upgrade.merging(["Origin": "http://evil.example"]) { $1 })?.status
                    == 400)
        }
    }
}
