import Foundation
import HTTPTypes
import ServerSupport
import TestSupport
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
        #expect(RequestOrigin.isSameOrigin(request(origin: "http://127.0.0.1:8080")))
        #expect(RequestOrigin.isSameOrigin(request(origin: nil)))
        #expect(!RequestOrigin.isSameOrigin(request(origin: "http://evil.example")))
        #expect(!RequestOrigin.isSameOrigin(request(origin: "http://127.0.0.1:8081")))
        #expect(!RequestOrigin.isSameOrigin(request(origin: "null")))
        #expect(RequestOrigin.isSameOrigin(request(origin: "ws://127.0.0.1")))
        // DNS rebinding: Host and Origin both the attacker's name, which this server does not serve.
        var rebound = request(origin: "http://attacker.example:8080")
        rebound.authority = "attacker.example:8080"
        #expect(RequestOrigin.isSameOrigin(rebound), "the literal rule alone cannot see it")
        #expect(!RequestOrigin.isSameOrigin(rebound, policy: HostPolicy(bindHost: "127.0.0.1")))
        #expect(RequestOrigin.isSameOrigin(request(origin: "http://127.0.0.1:8080"), policy: HostPolicy(bindHost: "127.0.0.1")))
        #expect(!RequestOrigin.isSameOrigin(request(origin: "ws://evil.example")))
    }

    @Test func sessionIDsAre128RandomBits() {
        let ids = (0..<100).map { _ in ExercisesWebServer.randomSessionID() }
        #expect(Set(ids).count == 100)
        #expect(ids.allSatisfy { $0.count == 32 && $0.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit) })
    }

    /// `/health` says what a load client in another process needs: the server's resident memory
    /// and each in-process Trivia competition's schedule.
    @Test(.timeLimit(.minutes(1)))
    func theHealthReportsMemoryAndTheTriviaSchedule() async throws {
        let rounds = TriviaRounds(lobby: .seconds(300), questionCount: 2, answerWindow: .seconds(8), reviewWindow: .seconds(4))
        func shortRounds(_ configuration: inout WebConfiguration) { configuration.triviaRounds = rounds }
        try await withRunningWebServer(configure: shortRounds) { _, port in
            func health() async throws -> [String: Any] {
                let response = try #require(try await rawGET(port: port, "/health"))
                #expect(response.status == 200)
                return try #require(try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any])
            }
            // A competition starts when a tab arrives (once the bundled questions have loaded).
            #expect(try await rawPOST(port: port, "/trivia/s", json: "{}")?.status == 201)
            #expect(await eventually { ((try? await health())?["trivia"] as? [Any])?.isEmpty == false })
            let report = try await health()
            #expect(report["status"] as? String == "ok")
            #if os(Linux)
                #expect((report["rssBytes"] as? Int ?? 0) > 1 << 20)
            #else
                #expect(report["rssBytes"] is NSNull)
            #endif
            let competition = try #require((report["trivia"] as? [[String: Any]])?.last)
            #expect((competition["competition"] as? String)?.hasPrefix("web-") == true)
            #expect(competition["questions"] as? Int == 2)
            #expect(competition["answerSeconds"] as? Double == 8)
            #expect(competition["reviewSeconds"] as? Double == 4)
            let opensIn = (competition["startsAt"] as? Double ?? 0) - Date().timeIntervalSince1970
            #expect(opensIn > 240 && opensIn <= 300)
        }
    }

    /// Every route of ``WebRoutes`` answers over a real connection, and what is not a route is 404.
    @Test(.timeLimit(.minutes(1)))
    func theRoutesAnswerOverHTTP() async throws {
        try await withRunningWebServer { server, port in
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
            // `GET /{app}` opens nothing: its page's script does, from this origin.
            let start = try #require(try await rawGET(port: port, "/carfit"))
            #expect(start.status == 200)
            #expect(start.body.contains("data-create=\"/carfit/s\""))
            #expect(start.body.contains("/assets/start.js"))
            #expect(await server.sessionCount == 0)
            let created = try #require(try await rawPOST(port: port, "/carfit/s", json: #"{"languages":["en-US"],"timeZone":"UTC"}"#))
            #expect(created.status == 201)
            let location = try #require(created.headers["location"])
            #expect(location.hasPrefix("/carfit/s/"))
            let page = try #require(try await rawGET(port: port, location))
            #expect(page.status == 200)
            #expect(page.headers["content-security-policy"] == LivePage.contentSecurityPolicy)
            #expect(page.headers["cache-control"] == "no-store")
            #expect(page.body.contains("data-session="))
            #expect(try await rawGET(port: port, location + "/sheet.css")?.status == 200)
            // An id that names no session: the page that opens one, not a session made by a GET.
            let unknown = try #require(try await rawGET(port: port, "/carfit/s/0123abcd"))
            #expect(unknown.body.contains("data-create=\"/carfit/s\""))
            #expect(await server.sessionCount == 1)
        }
    }

    /// A session is opened by this server's own page only: another site's page cannot make a
    /// browser open one (a form, a fetch), and what is posted is checked.
    @Test(.timeLimit(.minutes(1)))
    func onlyThisServersPagesOpenSessions() async throws {
        try await withRunningWebServer { server, port in
            let body = #"{"languages":["de-DE"],"timeZone":"America/New_York"}"#
            let foreign = try await rawPOST(port: port, "/trivia/s", json: body, headers: ["Origin": "http://evil.example"])
            #expect(foreign?.status == 403)
            let crossSite = try await rawPOST(port: port, "/trivia/s", json: body, headers: ["Sec-Fetch-Site": "cross-site"])
            #expect(crossSite?.status == 403)
            let form = try await rawPOST(
                port: port, "/trivia/s", json: body, headers: ["Origin": "http://127.0.0.1:\(port)"], contentType: "text/plain")
            #expect(form?.status == 415)
            let huge = try await rawPOST(port: port, "/trivia/s", json: "{\"languages\":[\"" + String(repeating: "a", count: 9000) + "\"]}")
            #expect(huge?.status == 413)
            #expect(try await rawPOST(port: port, "/trivia/s", json: "not json")?.status == 400)
            #expect(await server.sessionCount == 0)
            let own = try await rawPOST(
                port: port, "/facts/s", json: body,
                headers: ["Origin": "http://127.0.0.1:\(port)", "Sec-Fetch-Site": "same-origin", "Accept-Language": "de-DE,de;q=0.9"])
            #expect(own?.status == 201)
            let page = try #require(try await rawGET(port: port, own?.headers["location"] ?? "/"))
            #expect(page.body.contains("<html lang=\"de-DE\">") || page.body.contains("<html lang=\"de\">"))
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

    /// DNS rebinding: a request for another name than this server's is refused before any route,
    /// and so is a socket upgrade with Host and Origin both the attacker's.
    @Test(.timeLimit(.minutes(1)))
    func anotherHostNameIsRefused() async throws {
        try await withRunningWebServer { _, port in
            let rebound = try #require(try await rawGET(port: port, "/", headers: ["Host": "attacker.example:\(port)"]))
            #expect(rebound.status == 421)
            #expect(try await rawGET(port: port, "/", headers: ["Host": "localhost:\(port)"])?.status == 200)
            let upgrade = [
                "Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
                "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
                "Host": "attacker.example:\(port)", "Origin": "http://attacker.example:\(port)",
            ]
            #expect(try await rawGET(port: port, "/live/0123abcd", headers: upgrade)?.status != 101)
            let post = try await rawPOST(
                port: port, "/carfit/s", json: "{}",
                headers: ["Host": "attacker.example:\(port)", "Origin": "http://attacker.example:\(port)"])
            #expect(post?.status == 421)
        }
    }

    /// A page that goes away (its socket closed) lets its session go: the session is no longer
    /// attached, so it expires when idle and may make room for another.
    @Test(.timeLimit(.minutes(1)))
    func aClosedSocketDetachesItsSession() async throws {
        try await withRunningWebServer { server, port in
            let (created, socket) = try await rawOpenAttachedSession(port: port, "carfit")
            #expect(created.status == 201)
            #expect(await eventually { await server.attachedCount == 1 })
            socket.cancel()
            _ = try? await socket.value
            #expect(await eventually { await server.attachedCount == 0 })
            #expect(await server.sessionCount == 1)
        }
    }

    /// One client holding its share of sessions is told to wait (429, Retry-After); a second
    /// client (another loopback address) still gets its page.
    @Test(.timeLimit(.minutes(1)))
    func oneClientCannotTakeEverySession() async throws {
        try await withRunningWebServer(
            configure: { $0.maxSessionsPerClient = 3 },
            { server, port in
                // Three sessions in use: each has its socket open (a client's idle sessions would
                // make room for its new ones instead).
                var sockets: [Task<String, any Error>] = []
                for _ in 0..<3 {
                    let (created, socket) = try await rawOpenAttachedSession(port: port, "carfit")
                    #expect(created.status == 201)
                    sockets.append(socket)
                }
                defer { for socket in sockets { socket.cancel() } }
                #expect(await eventually { await server.attachedCount == 3 })
                let refused = try #require(try await rawPOST(port: port, "/carfit/s", json: "{}"))
                #expect(refused.status == 429)
                #expect(refused.headers["retry-after"] != nil)
                #expect(refused.body.contains("3 sessions"))
                let other = try await rawPOST(port: port, "/carfit/s", json: "{}", from: "127.0.0.2")
                #expect(other?.status == 201, "a second client was refused")
                #expect(await server.sessionCount == 4)
            })
    }
}
