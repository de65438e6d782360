import Foundation
import Schedule
import SharedNetworking
import Testing

/// The App Transport Security exception the Schedule guide tells an app to declare is a valid
/// property list, and it excepts exactly the host the feed is fetched from: if the feed's URL or
/// the guide changes, this fails.
@Suite("Schedule guide: the ATS exception")
struct ScheduleGuideATSTests {
    /// The guide's ```xml block, wrapped as the `Info.plist` it belongs in.
    static func infoPlist() throws -> [String: Any] {
        let guide = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources/Schedule/Schedule.docc/ScheduleGuide.md")
        let text = try String(contentsOf: guide, encoding: .utf8)
        let start = try #require(text.range(of: "```xml\n"), "the guide has no ```xml block")
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        let block = text[start.upperBound..<end.lowerBound]
        let document = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"# + block + "</dict></plist>"
        let plist = try PropertyListSerialization.propertyList(from: Data(document.utf8), format: nil)
        return try #require(plist as? [String: Any])
    }

    @Test("the Info.plist keys except the feed's host, and only it, for insecure HTTP loads")
    func exceptionMatchesTheFeed() throws {
        let plist = try Self.infoPlist()
        let ats = try #require(plist["NSAppTransportSecurity"] as? [String: Any])
        #expect(ats["NSAllowsArbitraryLoads"] == nil, "no global exception")
        let domains = try #require(ats["NSExceptionDomains"] as? [String: Any])
        let host = try #require(ScheduleSource.remoteURL.host)
        #expect(Array(domains.keys) == [host])
        let exception = try #require(domains[host] as? [String: Any])
        #expect(exception["NSExceptionAllowsInsecureHTTPLoads"] as? Bool == true)
    }

    @Test("the feed is plain http, and the pipeline's policy keeps its host on http too")
    func feedHostIsHTTPOnly() throws {
        #expect(ScheduleSource.remoteURL.scheme == "http")
        let host = try #require(ScheduleSource.remoteURL.host)
        #expect(URLPolicy.knownHTTPOnlyHosts.contains(host))
    }
}
