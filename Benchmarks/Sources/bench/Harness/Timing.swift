import Foundation

/// Durations of the timed runs of one contender.
struct Timings: Sendable {
    var samples: [Duration]

    var median: Duration {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .zero }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var minimum: Duration { samples.min() ?? .zero }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// `812 ns`, `41.2 µs`, `3.08 ms`, `1.92 s`.
    var formatted: String {
        let value = seconds
        switch value {
        case ..<1e-6: return String(format: "%.0f ns", value * 1e9)
        case ..<1e-3: return String(format: "%.1f µs", value * 1e6)
        case ..<1: return String(format: "%.2f ms", value * 1e3)
        default: return String(format: "%.2f s", value)
        }
    }
}

/// Bytes as `3.9 MB` (decimal megabytes, as `ls -h --si` and the RSS tables print them).
func formatBytes(_ bytes: Int) -> String {
    let value = Double(bytes)
    switch value {
    case ..<1e3: return "\(bytes) B"
    case ..<1e6: return String(format: "%.1f kB", value / 1e3)
    case ..<1e9: return String(format: "%.1f MB", value / 1e6)
    default: return String(format: "%.2f GB", value / 1e9)
    }
}
