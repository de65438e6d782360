import Foundation
import Synchronization

/// Failed authentication attempts counted per client (``ClientAddress``): after a few the
/// client is slowed, after a few more refused for a while, so that guessing tokens costs time
/// instead of being free. Without it one address tried 900 wrong tokens a second.
///
/// The count is a leaky bucket: each failure adds one, and one is forgiven every
/// ``Policy/forgiveOneEvery``. While the count is at least ``Policy/slowAfter`` each attempt is
/// answered only after a delay; at ``Policy/refuseAfter`` attempts are refused without being
/// checked, with the time until one will be checked again (`429 Too Many Requests` and
/// `Retry-After`, RFC 6585 §4). Refused attempts do not count (they were not tried), so a
/// client guessing without pause gets one real try per ``Policy/forgiveOneEvery``. Successes
/// do not reset the count: one valid token must not buy a guesser a fresh start. This is
/// OWASP's advice for credential guessing (progressive delays and a temporary lock per source,
/// never a permanent one, which would let anyone lock out a shared address for good).
///
/// Memory is bounded: at most ``Policy/maxClients`` clients are remembered; when a new one
/// would pass that, those whose count has drained are forgotten, then the eighth that failed
/// longest ago. An attacker with many addresses costs a bounded table, and IPv6 clients are
/// counted by `/64` (``ClientAddress``), so one customer's network is one client.
///
/// Times are given by the caller (its injected clock), so the policy is tested without waiting.
public final class FailureThrottle: Sendable {
    /// How quickly failures are slowed, refused and forgiven.
    public struct Policy: Sendable, Hashable {
        /// Failures (net of those forgiven) before attempts are delayed.
        public var slowAfter: Int
        /// Failures at which attempts are refused.
        public var refuseAfter: Int
        /// One failure is forgiven per this much time.
        public var forgiveOneEvery: Duration
        /// The delay of a slowed attempt per failure past ``slowAfter`` (the first slowed one
        /// waits one step).
        public var delayStep: Duration
        /// The longest delay.
        public var maxDelay: Duration
        /// Clients remembered at most.
        public var maxClients: Int

        /// The defaults: 5 failures free, slowed by 0.25 s more per failure up to 2 s, refused
        /// from the 10th, one forgiven every 6 s (10 a minute sustained), 10,000 clients.
        public init(
            slowAfter: Int = 5, refuseAfter: Int = 10, forgiveOneEvery: Duration = .seconds(6), delayStep: Duration = .milliseconds(250),
            maxDelay: Duration = .seconds(2), maxClients: Int = 10_000
        ) {
            self.refuseAfter = max(1, refuseAfter)
            self.slowAfter = min(max(0, slowAfter), self.refuseAfter)
            self.forgiveOneEvery = max(.milliseconds(1), forgiveOneEvery)
            self.delayStep = max(.zero, delayStep)
            self.maxDelay = max(.zero, maxDelay)
            self.maxClients = max(1, maxClients)
        }
    }

    /// What to do with an attempt.
    public enum Decision: Sendable, Hashable {
        /// Check it now.
        case allow
        /// Check it after this delay.
        case delay(Duration)
        /// Do not check it; answer `429` with `Retry-After` of ``retryAfterSeconds``.
        case refuse(retryAfter: Duration)

        /// Whole seconds for a `Retry-After` header (at least 1), or `nil` unless refused.
        public var retryAfterSeconds: Int? {
            guard case .refuse(let wait) = self else { return nil }
            return max(1, Int((Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18).rounded(.up)))
        }
    }

    private struct Record {
        var count: Double
        var updated: Date
    }

    /// The policy applied.
    public let policy: Policy
    private let records = Mutex<[ClientAddress: Record]>([:])

    /// A throttle under `policy`.
    public init(policy: Policy = Policy()) {
        self.policy = policy
    }

    /// What to do with an attempt from `client` at `now`.
    public func decision(for client: ClientAddress, at now: Date) -> Decision {
        let count = records.withLock { records in records[client].map { drained($0, at: now) } ?? 0 }
        // The count drains continuously: `refuseAfter` failures stay refused until a whole one
        // has been forgiven.
        if count > Double(policy.refuseAfter - 1) {
            let seconds = (count - Double(policy.refuseAfter - 1)) * Self.seconds(policy.forgiveOneEvery)
            return .refuse(retryAfter: .milliseconds(Int64((seconds * 1000).rounded(.up))))
        }
        guard count > Double(policy.slowAfter - 1) else { return .allow }
        let failures = Int(count.rounded(.up))
        return .delay(min(policy.maxDelay, policy.delayStep * max(1, failures - policy.slowAfter + 1)))
    }

    /// An attempt from `client` failed at `now`.
    public func recordFailure(from client: ClientAddress, at now: Date) {
        records.withLock { records in
            if records[client] == nil, records.count >= policy.maxClients { evict(from: &records, at: now) }
            let count = records[client].map { drained($0, at: now) } ?? 0
            records[client] = Record(count: count + 1, updated: now)
        }
    }

    /// Clients remembered now.
    public var clientCount: Int { records.withLock { $0.count } }

    private func drained(_ record: Record, at now: Date) -> Double {
        max(0, record.count - max(0, now.timeIntervalSince(record.updated)) / Self.seconds(policy.forgiveOneEvery))
    }

    /// Makes room: forgets clients whose count has drained, then the eighth that failed longest ago.
    private func evict(from records: inout [ClientAddress: Record], at now: Date) {
        records = records.filter { drained($0.value, at: now) > 0 }
        guard records.count >= policy.maxClients else { return }
        let oldest = records.sorted { $0.value.updated < $1.value.updated }.prefix(max(1, policy.maxClients / 8))
        for (client, _) in oldest { records[client] = nil }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
