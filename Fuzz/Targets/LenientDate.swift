// The lenient ISO 8601 parser (`LenientISO8601.date(from:)`): never crashes, and any date it
// returns is finite and survives a round trip through a canonical rendering (years 1583-9999,
// where Foundation's Gregorian calendar is proleptic like the parser's).
import Foundation
import SharedNetworking

private let canonical: ISO8601DateFormatter = {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: size), as: UTF8.self)
    guard let date = LenientISO8601.date(from: text) else { return 0 }
    let seconds = date.timeIntervalSince1970
    require(seconds.isFinite, "\(text.debugDescription) parsed to a non-finite date")
    // 1583-01-01T00:00:00Z ..< 9999-12-31T23:59:59Z: the rendering rounds to milliseconds, so
    // the last second of 9999 may render as year 10000, which is not an ISO 8601 date the parser
    // owes us (found by CI's 20 s run: "9999-12-31 23:59:59.999930").
    if seconds >= -12_212_553_600, seconds < 253_402_300_799 {
        let rendered = canonical.string(from: date)
        guard let again = LenientISO8601.date(from: rendered) else {
            fatalError("invariant broken: \(text.debugDescription) parsed, but its rendering \(rendered) did not")
        }
        require(abs(again.timeIntervalSince1970 - seconds) < 0.001, "\(text.debugDescription) → \(rendered) → \(again)")
    }
    return 0
}
