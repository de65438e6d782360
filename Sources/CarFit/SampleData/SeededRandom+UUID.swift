import SharedNetworking

extension SeededRandom {
    /// A random version-4 UUID string in lowercase, as the CarFit feed writes ids.
    mutating func uuidString() -> String {
        let high = next(), low = next()
        var bytes = (0..<8).map { UInt8(truncatingIfNeeded: high >> (8 * $0)) } + (0..<8).map { UInt8(truncatingIfNeeded: low >> (8 * $0)) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { byte in
            let text = String(byte, radix: 16)
            return text.count == 1 ? "0" + text : text
        }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }
}
