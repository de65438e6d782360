/// Percentiles of a run's latencies, in milliseconds, by the nearest-rank method: the p-th
/// percentile is the smallest sample with at least p % of all samples at or below it, so it is
/// always a latency that happened (never an interpolation) and p100 is the maximum.
struct LatencySummary: Codable, Equatable, Sendable {
    /// Samples.
    var count: Int
    var p50: Double?
    var p90: Double?
    var p99: Double?
    var max: Double?

    /// The summary of `seconds` (in any order).
    init(seconds: [Double]) {
        let sorted = seconds.sorted()
        count = sorted.count
        p50 = Self.percentile(0.50, of: sorted).map { $0 * 1000 }
        p90 = Self.percentile(0.90, of: sorted).map { $0 * 1000 }
        p99 = Self.percentile(0.99, of: sorted).map { $0 * 1000 }
        max = sorted.last.map { $0 * 1000 }
    }

    /// The nearest-rank `fraction` percentile of `sorted` (ascending); `nil` when empty.
    static func percentile(_ fraction: Double, of sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(sorted.count, Swift.max(1, rank)) - 1]
    }
}
