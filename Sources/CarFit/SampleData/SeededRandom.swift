/// A small, fast, seedable random number generator (SplitMix64) for sample data.
///
/// The standard library's `random(in:using:)` may change its algorithm between Swift versions,
/// so the helpers here derive every value from `next()` themselves: the same seed gives the
/// same visits on every platform and toolchain.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator that starts from `seed`: the same seed gives the same sequence everywhere.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits (SplitMix64).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `range`, uniform up to a negligible modulo bias for small ranges.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % span)
    }

    /// `true` with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }

    /// An element of a non-empty array.
    public mutating func pick<T>(_ elements: [T]) -> T {
        elements[int(in: 0...elements.count - 1)]
    }

    /// `count` distinct indices below `limit`, in random order.
    public mutating func distinctIndices(_ count: Int, below limit: Int) -> [Int] {
        var pool = Array(0..<limit)
        var chosen: [Int] = []
        for _ in 0..<min(count, limit) {
            chosen.append(pool.remove(at: int(in: 0...pool.count - 1)))
        }
        return chosen
    }

    /// A random version-4 UUID string in lowercase, as the CarFit feed writes ids.
    public mutating func uuidString() -> String {
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
