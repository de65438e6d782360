import Foundation
import TriviaServerTestSupport

@testable import TriviaCluster

/// Every lease claim of every contender (in this process or a child), turned into the
/// intervals during which each believed itself owner, so a test can check that no two
/// overlap.
final class LeaseRecorder: Sendable {
    struct Interval: Sendable, CustomStringConvertible {
        var node: String
        var epoch: Int64
        var start: MonotonicInstant
        var end: MonotonicInstant

        var description: String { "\(node) epoch \(epoch): \(start.nanoseconds / 1_000_000)–\(end.nanoseconds / 1_000_000) ms" }
    }

    private let events = Locked<[(node: String, event: LeaseEvent)]>([])

    func record(_ event: LeaseEvent, node: String) {
        events.withLock { $0.append((node, event)) }
    }

    /// Reads a `trivia-cluster contend` line (`acquired EPOCH AT UNTIL`, ...).
    func record(line: String, node: String) {
        let fields = line.split(separator: " ").map(String.init)
        func instant(_ index: Int) -> MonotonicInstant? {
            fields.indices.contains(index) ? UInt64(fields[index]).map(MonotonicInstant.init(nanoseconds:)) : nil
        }
        guard fields.count >= 3, let epoch = Int64(fields[1]) else { return }
        switch fields[0] {
        case "acquired":
            if let at = instant(2), let until = instant(3) { record(.acquired(epoch: epoch, at: at, validUntil: until), node: node) }
        case "extended":
            if let until = instant(2) { record(.extended(epoch: epoch, validUntil: until), node: node) }
        case "lost":
            if let at = instant(2) { record(.lost(epoch: epoch, at: at, reason: "child"), node: node) }
        case "released":
            if let at = instant(2) { record(.released(epoch: epoch, at: at), node: node) }
        default:
            break
        }
    }

    /// Epochs acquired, in order of acquisition.
    var acquisitions: [(node: String, epoch: Int64, at: MonotonicInstant)] {
        events.withLock { events in
            events.compactMap { node, event in
                if case .acquired(let epoch, let at, _) = event { return (node, epoch, at) }
                return nil
            }
        }
    }

    /// Each claim from its acquisition to the earliest of: its last `validUntil`, the moment it
    /// was lost or released. A claim never ended by an event (the holder was killed) ends at
    /// its last `validUntil`: the latest moment it could have acted.
    var intervals: [Interval] {
        var open: [String: Interval] = [:]
        var closed: [Interval] = []
        for (node, event) in events.withLock({ $0 }) {
            let key = node
            switch event {
            case .acquired(let epoch, let at, let until):
                if let previous = open.removeValue(forKey: key) { closed.append(previous) }
                open[key] = Interval(node: node, epoch: epoch, start: at, end: until)
            case .extended(let epoch, let until):
                if var interval = open[key], interval.epoch == epoch {
                    interval.end = max(interval.end, until)
                    open[key] = interval
                }
            case .lost(let epoch, let at, _), .released(let epoch, let at):
                if var interval = open[key], interval.epoch == epoch {
                    interval.end = min(interval.end, at)
                    closed.append(interval)
                    open[key] = nil
                }
            }
        }
        return (closed + open.values).sorted { $0.start < $1.start }
    }
}
