import Foundation

/// A forgiving ISO 8601 / RFC 3339 timestamp parser for what feeds actually send.
///
/// Accepts the extended form `YYYY-MM-DDTHH:MM[:SS[.f…]][zone]` (also a space instead of `T`,
/// and a bare date `YYYY-MM-DD` meaning midnight) and the basic form `YYYYMMDDTHHMM[SS[.f…]][zone]`
/// (`20201018T170000Z`, what some servers and calendar formats write; also a bare `YYYYMMDD`),
/// where the fraction has 0 to 9 digits and the zone is `Z`, `±HH:MM`, `±HHMM`, `±HH` or
/// absent. **No zone means UTC**: that is what the CarFit feed's `startTimeUtc` means, and it is
/// the only reading that does not depend on the device.
///
/// `ISO8601DateFormatter` and `JSONDecoder.DateDecodingStrategy.iso8601` reject both the
/// 7-digit fractions and the missing zone of real feeds; this parser is hand-written (no
/// formatter, no allocation: it reads the string's UTF-8 in place) so it is also fast and easy
/// to fuzz.
public enum LenientISO8601 {
    /// The parsed date, or `nil` if `text` is not a timestamp of the accepted forms or names
    /// an impossible date (month 13, February 30, hour 25).
    public static func date(from text: some StringProtocol) -> Date? {
        if let date = text.utf8.withContiguousStorageIfAvailable({ date(utf8: $0) }) { return date }
        return Array(text.utf8).withUnsafeBufferPointer { date(utf8: $0) }
    }

    private static func date(utf8: UnsafeBufferPointer<UInt8>) -> Date? {
        var scanner = ByteScanner(utf8)
        scanner.skipSpaces()
        guard let year = scanner.digits(exactly: 4) else { return nil }
        // The basic form has no separators: `20201018T170000Z`.
        let extended = scanner.consume(UInt8(ascii: "-"))
        guard let month = scanner.digits(exactly: 2), !extended || scanner.consume(UInt8(ascii: "-")),
            let day = scanner.digits(exactly: 2)
        else { return nil }

        var hour = 0, minute = 0, second = 0
        var nanoseconds = 0
        var offsetSeconds = 0
        if scanner.consume(UInt8(ascii: "T")) || scanner.consume(UInt8(ascii: "t")) || scanner.consume(UInt8(ascii: " ")) {
            guard let h = scanner.digits(exactly: 2) else { return nil }
            let colons = scanner.consume(UInt8(ascii: ":"))
            guard colons == extended, let m = scanner.digits(exactly: 2) else { return nil }
            hour = h
            minute = m
            let hasSeconds = colons ? scanner.consume(UInt8(ascii: ":")) : scanner.peekDigit()
            if hasSeconds {
                guard let s = scanner.digits(exactly: 2) else { return nil }
                second = s
                if scanner.consume(UInt8(ascii: ".")) || scanner.consume(UInt8(ascii: ",")) {
                    guard let (fraction, count) = scanner.fraction(maxDigits: 9), count > 0 else { return nil }
                    nanoseconds = fraction
                }
            }
            if scanner.consume(UInt8(ascii: "Z")) || scanner.consume(UInt8(ascii: "z")) {
                offsetSeconds = 0
            } else if let sign = scanner.sign() {
                guard let offsetHours = scanner.digits(exactly: 2), offsetHours <= 23 else { return nil }
                var offsetMinutes = 0
                if scanner.consume(UInt8(ascii: ":")) {
                    guard let m = scanner.digits(exactly: 2) else { return nil }
                    offsetMinutes = m
                } else if let m = scanner.digits(exactly: 2) {
                    offsetMinutes = m
                }
                guard offsetMinutes <= 59 else { return nil }
                offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
            }
        }
        scanner.skipSpaces()
        guard scanner.isAtEnd else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour <= 24, minute <= 59, second <= 60, hour < 24 || (minute == 0 && second == 0 && nanoseconds == 0)
        else { return nil }

        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = Double(days) * 86_400 + Double(hour * 3600 + minute * 60 + min(second, 59)) - Double(offsetSeconds)
        return Date(timeIntervalSince1970: seconds + Double(nanoseconds) / 1e9)
    }

    /// A `JSONDecoder` date strategy using ``date(from:)``, with a message naming the text.
    public static let decodingStrategy: JSONDecoder.DateDecodingStrategy = .custom { decoder in
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = date(from: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected an ISO 8601 date, found \(FeedText.quoted(text, limit: 40))")
        }
        return date
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// A cursor over ASCII bytes for small hand-written parsers.
struct ByteScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { position >= bytes.count }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Whether the next byte is an ASCII digit (nothing is consumed).
    func peekDigit() -> Bool {
        position < bytes.count && bytes[position] >= 0x30 && bytes[position] <= 0x39
    }

    mutating func skipSpaces() {
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
    }

    mutating func digits(exactly count: Int) -> Int? {
        guard position + count <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<count {
            let byte = bytes[position + offset]
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        position += count
        return value
    }

    /// Up to `maxDigits` fraction digits as nanoseconds-style value scaled to 9 digits;
    /// further digits are read and ignored. Returns the value and how many digits there were.
    mutating func fraction(maxDigits: Int) -> (Int, Int)? {
        var value = 0
        var count = 0
        while position < bytes.count, bytes[position] >= 0x30 && bytes[position] <= 0x39 {
            if count < maxDigits { value = value * 10 + Int(bytes[position] - 0x30) }
            count += 1
            position += 1
        }
        guard count <= maxDigits else { return nil }
        for _ in count..<maxDigits { value *= 10 }
        return (value, count)
    }

    mutating func sign() -> Int? {
        if consume(UInt8(ascii: "+")) { return 1 }
        if consume(UInt8(ascii: "-")) { return -1 }
        return nil
    }
}
