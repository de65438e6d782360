import Foundation
import ScreenKit
import SharedNetworking

/// How the protocol writes instants: ISO 8601 in UTC, `2020-09-10T08:00:10Z`, with
/// milliseconds (`…10.250Z`) only when the instant has them.
///
/// Written in the proleptic Gregorian calendar, like `LenientISO8601` reads it: Foundation's
/// ISO 8601 style switches to the Julian calendar before October 1582, so an early date came
/// back days away from what was sent (found by the TriviaProtocol fuzz target). Written digit by
/// digit (no `String(format:)`), because the encoder writes one or two per message.
public enum TriviaDates {
    /// The protocol's text for `date`.
    public static func string(from date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        write(date, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the protocol's text for `date` (without quotes) to `bytes`. Instants beyond what
    /// milliseconds in 64 bits hold (about ±292 million years) are written as the nearest one.
    public static func write(_ date: Date, into bytes: inout [UInt8]) {
        let interval = date.timeIntervalSince1970 * 1000
        let limit = 9.2e18
        let milliseconds = interval.isNaN ? 0 : Int64(max(-limit, min(limit, interval.rounded())))
        let (seconds, fraction) = floorDivision(milliseconds, 1000)
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let civil = CivilTimeConverter.civilDate(fromDays: Int(days))
        padded(Int64(civil.year), width: 4, into: &bytes)
        bytes.append(UInt8(ascii: "-"))
        padded(Int64(civil.month), width: 2, into: &bytes)
        bytes.append(UInt8(ascii: "-"))
        padded(Int64(civil.day), width: 2, into: &bytes)
        bytes.append(UInt8(ascii: "T"))
        padded(secondOfDay / 3600, width: 2, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        padded(secondOfDay / 60 % 60, width: 2, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        padded(secondOfDay % 60, width: 2, into: &bytes)
        if fraction != 0 {
            bytes.append(UInt8(ascii: "."))
            padded(fraction, width: 3, into: &bytes)
        }
        bytes.append(UInt8(ascii: "Z"))
    }

    /// `value` in decimal, zero-padded to `width` characters including a minus sign (what
    /// `printf`'s `%0*lld` writes).
    private static func padded(_ value: Int64, width: Int, into bytes: inout [UInt8]) {
        let magnitude = value.magnitude
        var scale: UInt64 = 1
        var count = 1
        while magnitude / scale >= 10 {
            scale *= 10
            count += 1
        }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let padding = width - count - (value < 0 ? 1 : 0)
        if padding > 0 { bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: padding)) }
        while scale > 0 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(magnitude / scale % 10))
            scale /= 10
        }
    }

    /// Quotient and remainder rounded towards negative infinity (the remainder is never negative).
    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }
}
