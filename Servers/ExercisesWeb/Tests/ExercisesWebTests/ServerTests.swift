import Foundation
import HTTPTypes
import Logging
import NIOPosix
import SharedNetworking
import Testing

@testable import ExercisesWeb

@Suite("The web server's routes and sockets")
struct ServerTests {
    @Test func socketPathsNameAHexSession() {
        #expect(ExercisesWebServer.socketSession("/live/0123abcd") == "0123abcd")
        #expect(ExercisesWebServer.socketSession("/live/0123abcd?x=1") == "0123abcd")
        #expect(ExercisesWebServer.socketSession("/live/../etc") == nil)
        #expect(ExercisesWebServer.socketSession("/live/") == nil)
        #expect(ExercisesWebServer.socketSession("/other/abcd") == nil)
    }

    @Test func onlyThisOriginMayOpenASocket() {
        func request(origin: String?) -> HTTPTypes.HTTPRequest {
            var fields = HTTPFields()
            if let origin { fields[.origin] = origin }
            return HTTPTypes.HTTPRequest(method: .get, scheme: nil, authority: "127.0.0.1:8080", path: "/live/ab", headerFields: fields)
        }
        #expect(ExercisesWebServer.isSameOrigin(request(origin: "http://127.0.0.1:8080")))
        #expect(ExercisesWebServer.isSameOrigin(request(origin: nil)))
        #expect(!ExercisesWebServer.isSameOrigin(request(origin: "http://evil.example")))
        #expect(!ExercisesWebServer.isSameOrigin(request(origin: "http://127.0.0.1:8081")))
        #expect(!ExercisesWebServer.isSameOrigin(request(origin: "null")))
        #expect(ExercisesWebServer.isSameOrigin(request(origin: "ws://127.0.0.1")))
        #expect(!ExercisesWebServer.isSameOrigin(request(origin: "ws://evil.example")))
    }

    @Test func sessionIDsAre128RandomBits() {
        let ids = (0..<100).map { _ in ExercisesWebServer.randomSessionID() }
        #expect(Set(ids).count == 100)
        #expect(ids.allSatisfy { $0.count == 32 && $0.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit) })
    }
}
