import NIOCore

/// The timers of every bot on one event loop: a wheel of 10 ms slots, turned by one task every
/// 10 ms while any timer waits, instead of a NIO scheduled task per timer.
///
/// 10,000 bots keep about 30,000 timers (a ping every 15 s, an answer after its think time, a
/// resend 2 s after each answer). As NIO scheduled tasks they lived in each loop's priority
/// queue, and popping each due one cost a walk down a heap of that size: a sixth of the load
/// generator's CPU in a 10,000-client run (`perf`, Docs/TriviaServer/Measurements.md). Here scheduling is an
/// append to a slot and firing is a pass over one slot; timers fire up to one slot late, which
/// the bots (think times of seconds) do not notice.
///
/// Used only on its event loop: bots schedule from their channel handlers, and the wheel turns
/// in a task of the same loop.
final class BotTimerWheel {
    private struct Timer {
        /// The slot (uptime / ``resolutionNanoseconds``) whose turn fires it.
        let due: Int64
        let work: () -> Void
    }

    private let loop: any EventLoop
    private static let resolutionNanoseconds: Int64 = 10_000_000
    private var slots: [[Timer]]
    /// The last slot whose timers were fired.
    private var turned: Int64
    private var pending = 0
    /// The next turn, while timers wait.
    private var turning: Scheduled<Void>?

    /// A wheel for `loop`, made on it. `slotCount` slots cover `slotCount` × 10 ms; a timer
    /// further out waits in its slot for the wheel to come round (one comparison a turn).
    init(loop: any EventLoop, slotCount: Int = 2_048, now: NIODeadline = .now()) {
        self.loop = loop
        slots = Array(repeating: [], count: max(1, slotCount))
        turned = Int64(now.uptimeNanoseconds / UInt64(Self.resolutionNanoseconds))
    }

    /// Timers waiting to fire.
    var count: Int { pending }

    /// Runs `work` on this loop `seconds` after `now`, never earlier, at most one slot (10 ms)
    /// later.
    func schedule(in seconds: Double, now: NIODeadline = .now(), _ work: @escaping () -> Void) {
        let dueAt = (now + .nanoseconds(Int64(max(0, seconds) * 1e9))).uptimeNanoseconds
        // The first slot that starts at or after the due time.
        let due = max(Int64((dueAt + UInt64(Self.resolutionNanoseconds) - 1) / UInt64(Self.resolutionNanoseconds)), turned + 1)
        slots[index(of: due)].append(Timer(due: due, work: work))
        pending += 1
        if turning == nil { scheduleTurn() }
    }

    private func scheduleTurn() {
        turning = loop.assumeIsolated().scheduleTask(in: .nanoseconds(Self.resolutionNanoseconds)) { [self] in
            turning = nil
            turn()
            // A timer that fired may have scheduled another, and with it the next turn.
            if pending > 0, turning == nil { scheduleTurn() }
        }
    }

    /// Fires every timer due by `now`, slot by slot, in the order they were scheduled within a
    /// slot.
    func turn(now: NIODeadline = .now()) {
        let target = Int64(now.uptimeNanoseconds / UInt64(Self.resolutionNanoseconds))
        while turned < target {
            turned += 1
            let index = index(of: turned)
            guard !slots[index].isEmpty else { continue }
            let timers = slots[index]
            slots[index] = []
            for timer in timers {
                if timer.due <= turned {
                    pending -= 1
                    timer.work()
                } else {
                    slots[index].append(timer)  // a later round
                }
            }
        }
    }

    private func index(of slot: Int64) -> Int {
        Int(slot % Int64(slots.count))
    }
}

/// The load generator's event loops, each with its ``BotTimerWheel``. Bot `n` plays on loop
/// `n mod count`.
struct BotLoops: Sendable {
    let loops: [(loop: any EventLoop, wheel: NIOLoopBound<BotTimerWheel>)]

    /// A wheel made on each loop of `group`.
    init(group: any EventLoopGroup) async throws {
        var loops: [(loop: any EventLoop, wheel: NIOLoopBound<BotTimerWheel>)] = []
        for loop in group.makeIterator() {
            let wheel = try await loop.submit { NIOLoopBound(BotTimerWheel(loop: loop), eventLoop: loop) }.get()
            loops.append((loop, wheel))
        }
        self.loops = loops
    }

    func loop(for bot: Int) -> (loop: any EventLoop, wheel: NIOLoopBound<BotTimerWheel>) {
        loops[bot % loops.count]
    }
}
