/// A small, fast, reproducible pseudo-random generator (SplitMix64, Steele et al. 2014).
///
/// Everything random in the Trivia module (bot answers, network delays, reconnect jitter) draws
/// from one of these, seeded explicitly, so a run with the same seed is the same run. It is a
/// value: copying it forks the sequence, which keeps the client state machine pure.
public struct SeededRandom: RandomNumberGenerator, Sendable, Hashable, Codable {
    /// The generator's state: saved with a simulation to replay it.
    public private(set) var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) {
        self.state = seed
    }

    /// The next 64 random bits (SplitMix64).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<1` with 53 bits of precision.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A value in `range`, uniformly.
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// An independent generator derived from this one and `salt` (one per simulated client).
    public func derived(_ salt: UInt64) -> SeededRandom {
        var copy = SeededRandom(seed: state ^ (salt &* 0xD6E8_FEB8_6659_FD93))
        _ = copy.next()
        return copy
    }
}
