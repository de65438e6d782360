import Foundation
import TestSupport
import Testing

@testable import SharedNetworking

/// `HTTPCache` on its own: RFC 9111 freshness and age on a manual clock, what may be stored,
/// 304 merging, expiry, and files torn by a crash.
@Suite struct HTTPCacheTests {
    let directory = TemporaryDirectory()
    let clock = ManualClock(now: testEpoch)
    let url = URL(string: "https://feeds.example.com/schedule.json")!

    func cache(_ policy: HTTPCache.Policy = .feeds, sizeLimit: Int = 1 << 20) -> HTTPCache {
        HTTPCache(directory: directory.url, sizeLimit: sizeLimit, clock: clock, policy: policy)
    }

    func response(_ headers: HTTPHeaders, body: String = #"{"ok":true}"#, status: Int = 200) -> HTTPResponse {
        HTTPResponse(url: url, status: status, headers: headers, body: Data(body.utf8))
    }

    /// The server's `Date` field for now (plus `offset` seconds).
    func date(_ offset: TimeInterval = 0) -> String {
        HTTPDate.format(clock.now.addingTimeInterval(offset))
    }

    @Test func maxAgeKeepsAnEntryFreshThenStale() throws {
        defer { directory.remove() }
        let cache = cache()
        #expect(cache.store(response(["Cache-Control": "max-age=60", "Date": date(), "ETag": "\"v1\""]), requestedAt: clock.now))
        guard case .fresh(let entry) = cache.lookup(url) else { Issue.record("expected a fresh entry"); return }
        #expect(entry.body == Data(#"{"ok":true}"#.utf8))
        clock.advance(by: .seconds(59))
        #expect(cache.lookup(url) == .fresh(entry))
        clock.advance(by: .seconds(1))
        guard case .stale(let stale) = cache.lookup(url) else { Issue.record("expected a stale entry"); return }
        #expect(stale.validators["If-None-Match"] == "\"v1\"")
    }

    @Test func ageCountsTheAgeFieldAndTheRoundTrip() {
        let sent = testEpoch
        let received = testEpoch.addingTimeInterval(2)
        let entry = HTTPCacheEntry(
            url: url, status: 200, headers: ["Age": "30", "Date": HTTPDate.format(testEpoch.addingTimeInterval(1))], body: Data(),
            requestedAt: sent, receivedAt: received)
        // corrected initial age = max(apparent 1 s, Age 30 s + delay 2 s) = 32 s; plus 10 s resident.
        #expect(entry.age(at: received.addingTimeInterval(10)) == 42)
    }

    @Test func expiresMinusDateIsTheLifetimeAndAnInvalidExpiresIsExpired() {
        let fresh = HTTPCacheEntry(
            url: url, status: 200, headers: ["Date": date(), "Expires": date(120)], body: Data(), requestedAt: clock.now,
            receivedAt: clock.now)
        #expect(fresh.freshnessLifetime(.feeds) == 120)
        let expired = HTTPCacheEntry(
            url: url, status: 200, headers: ["Date": date(), "Expires": "0"], body: Data(), requestedAt: clock.now, receivedAt: clock.now)
        #expect(expired.freshnessLifetime(.feeds) == 0)
    }

    @Test func lastModifiedGivesTenPercentOfItsAgeCapped() {
        let headers: HTTPHeaders = ["Date": date(), "Last-Modified": date(-10 * 3600)]
        let entry = HTTPCacheEntry(url: url, status: 200, headers: headers, body: Data(), requestedAt: clock.now, receivedAt: clock.now)
        #expect(entry.freshnessLifetime(.images) == 3600)  // 10% of 10 h
        #expect(entry.freshnessLifetime(.feeds) == 3600)  // the feeds' cap is an hour
        let old = HTTPCacheEntry(
            url: url, status: 200, headers: ["Date": date(), "Last-Modified": date(-100 * 86400)], body: Data(), requestedAt: clock.now,
            receivedAt: clock.now)
        #expect(old.freshnessLifetime(.images) == 86400)  // capped at a day
        let query = HTTPCacheEntry(
            url: URL(string: "https://feeds.example.com/s?team=gb")!, status: 200, headers: headers, body: Data(), requestedAt: clock.now,
            receivedAt: clock.now)
        #expect(query.freshnessLifetime(.feeds) == 0)
    }

    @Test func withoutAnyWordFromTheServerFeedsAreStaleAndImagesFreshForAWeek() {
        let entry = HTTPCacheEntry(
            url: url, status: 200, headers: ["Date": date()], body: Data(), requestedAt: clock.now, receivedAt: clock.now)
        #expect(!entry.isFresh(at: clock.now, policy: .feeds))
        #expect(entry.isFresh(at: clock.now.addingTimeInterval(6 * 86400), policy: .images))
        #expect(!entry.isFresh(at: clock.now.addingTimeInterval(7 * 86400), policy: .images))
    }

    @Test func noCacheIsStoredButNeverFresh() {
        defer { directory.remove() }
        let cache = cache()
        #expect(cache.store(response(["Cache-Control": "no-cache, max-age=3600", "ETag": "\"a\""]), requestedAt: clock.now))
        guard case .stale = cache.lookup(url) else {
            Issue.record("no-cache must be revalidated")
            return
        }
    }

    @Test func noStoreIsNeverWrittenAndRemovesWhatWasThere() {
        defer { directory.remove() }
        let cache = cache()
        #expect(cache.store(response(["Cache-Control": "max-age=60"]), requestedAt: clock.now))
        #expect(cache.count == 1)
        #expect(!cache.store(response(["Cache-Control": "private, no-store"]), requestedAt: clock.now))
        #expect(cache.count == 0)
        #expect(directory.cacheFiles.isEmpty)
        #expect(cache.lookup(url) == .miss)
    }

    @Test func onlyA200WithoutVaryStarIsStored() {
        defer { directory.remove() }
        let cache = cache()
        #expect(!cache.store(response([:], status: 203), requestedAt: clock.now))
        #expect(!cache.store(response(["Vary": "*"]), requestedAt: clock.now))
        #expect(cache.count == 0)
    }

    @Test func a304MergesItsHeadersAndMovesTheDates() throws {
        defer { directory.remove() }
        let cache = cache()
        cache.store(response(["ETag": "\"v1\"", "Cache-Control": "max-age=0", "Content-Type": "application/json"]), requestedAt: clock.now)
        let stored = try #require(cache.entry(for: url))
        clock.advance(by: .seconds(7200))
        let notModified = HTTPResponse(
            url: url, status: 304, headers: ["Cache-Control": "max-age=600", "Content-Length": "0", "Date": date()], body: Data())
        let refreshed = cache.refresh(stored, with: notModified, requestedAt: clock.now)
        #expect(refreshed.body == stored.body)
        #expect(refreshed.headers["Cache-Control"] == "max-age=600")
        #expect(refreshed.headers["Content-Type"] == "application/json")
        #expect(refreshed.headers["Content-Length"] == nil)
        #expect(refreshed.receivedAt == clock.now)
        // Saved: a new cache on the same folder sees it fresh for the 304's ten minutes.
        #expect(HTTPCache(directory: directory.url, sizeLimit: 1 << 20, clock: clock, policy: .feeds).lookup(url) == .fresh(refreshed))
    }

    @Test func entriesExpireAfterTheMaximumAgeWhateverTheirHeaders() {
        defer { directory.remove() }
        let cache = cache()
        cache.store(response(["Cache-Control": "max-age=31536000"]), requestedAt: clock.now)
        clock.advance(by: .seconds(30 * 86400 + 1))
        #expect(cache.entry(for: url) == nil)
        #expect(directory.cacheFiles.isEmpty)
    }

    @Test("a file torn by a crash is never served: it is a miss, and deleted")
    func tornEntryIsAMiss() throws {
        defer { directory.remove() }
        cache().store(response(["Cache-Control": "max-age=3600"], body: String(repeating: "x", count: 4096)), requestedAt: clock.now)
        let file = try #require(directory.cacheFiles.first)
        let whole = try Data(contentsOf: file)
        for cut in [whole.count - 1, whole.count / 2, 30, 3] {
            try whole.prefix(cut).write(to: file)
            let fresh = cache()  // a relaunch: the index is read from the folder again
            #expect(fresh.entry(for: url) == nil, "cut at \(cut) bytes")
            #expect(!FileManager.default.fileExists(atPath: file.path), "cut at \(cut) bytes")
        }
    }

    @Test("a changed metadata byte fails the checksum like a changed body byte")
    func damagedMetadataIsAMiss() throws {
        defer { directory.remove() }
        cache().store(response(["ETag": "\"v1\""]), requestedAt: clock.now)
        let file = try #require(directory.cacheFiles.first)
        var bytes = try Data(contentsOf: file)
        let etag = try #require(bytes.firstRange(of: Data("v1".utf8)))
        bytes[etag.lowerBound] = UInt8(ascii: "w")
        try bytes.write(to: file)
        #expect(cache().entry(for: url) == nil)
    }

    @Test("an entry written before the metadata existed is a stale copy without validators")
    func legacyEntryIsStale() throws {
        defer { directory.remove() }
        DiskCache(directory: directory.url, sizeLimit: 1 << 20, clock: clock).store(Data("old".utf8), forKey: url.absoluteString)
        guard case .stale(let entry) = cache(.images).lookup(url) else {
            Issue.record("expected a stale legacy entry")
            return
        }
        #expect(entry.body == Data("old".utf8))
        #expect(entry.validators.isEmpty)
    }

    @Test func cacheControlDirectives() {
        let control = CacheControl(#"Max-Age="120", no-cache="Set-Cookie, X", must-revalidate, immutable, s-maxage=9"#)
        #expect(control.maxAge == 120)
        #expect(control.noCache)
        #expect(control.mustRevalidate)
        #expect(control.immutable)
        #expect(!control.noStore)
        #expect(CacheControl("max-age=abc").maxAge == 0)
        #expect(CacheControl("NO-STORE").noStore)
        #expect(CacheControl(nil) == CacheControl(""))
    }
}
