import Foundation
import ServerSupport
import Testing

@Suite("ServerSupport: failure throttle")
struct FailureThrottleTests {
    let start = Date(timeIntervalSince1970: 1_599_724_800)
    let ada = ClientAddress("192.0.2.1")

    @Test("free, then slowed step by step, then refused with the wait; other clients unaffected")
    func escalation() {
        let throttle = FailureThrottle(
            policy: .init(slowAfter: 2, refuseAfter: 4, forgiveOneEvery: .seconds(10), delayStep: .milliseconds(100)))
        var decisions: [FailureThrottle.Decision] = []
        for _ in 0..<5 {
            decisions.append(throttle.decision(for: ada, at: start))
            throttle.recordFailure(from: ada, at: start)
        }
        #expect(decisions == [.allow, .allow, .delay(.milliseconds(100)), .delay(.milliseconds(200)), .refuse(retryAfter: .seconds(10))])
        #expect(throttle.decision(for: ada, at: start).retryAfterSeconds == 20, "5 failures: 2 to forgive before 3 < 4")
        #expect(throttle.decision(for: ClientAddress("192.0.2.2"), at: start) == .allow)
    }

    @Test("failures drain: after Retry-After the client is checked again, one try per forgiven failure")
    func draining() {
        let throttle = FailureThrottle(policy: .init(slowAfter: 10, refuseAfter: 3, forgiveOneEvery: .seconds(6)))
        for _ in 0..<3 { throttle.recordFailure(from: ada, at: start) }
        let refused = throttle.decision(for: ada, at: start)
        #expect(refused.retryAfterSeconds == 6)
        #expect(throttle.decision(for: ada, at: start.addingTimeInterval(5.9)).retryAfterSeconds != nil)
        #expect(throttle.decision(for: ada, at: start.addingTimeInterval(6)) == .allow)
        throttle.recordFailure(from: ada, at: start.addingTimeInterval(6))
        #expect(throttle.decision(for: ada, at: start.addingTimeInterval(6)).retryAfterSeconds == 6)
        #expect(throttle.decision(for: ada, at: start.addingTimeInterval(60)) == .allow)
    }

    @Test("memory is bounded however many clients fail")
    func bounded() {
        let throttle = FailureThrottle(policy: .init(refuseAfter: 1, maxClients: 100))
        for index in 0..<5000 {
            throttle.recordFailure(
                from: ClientAddress("10.0.\(index / 256).\(index % 256)"), at: start.addingTimeInterval(Double(index) / 1000))
            #expect(throttle.clientCount <= 100)
        }
        // The latest offender is still remembered.
        #expect(throttle.decision(for: ClientAddress("10.0.19.135"), at: start.addingTimeInterval(5)).retryAfterSeconds != nil)
    }
}
