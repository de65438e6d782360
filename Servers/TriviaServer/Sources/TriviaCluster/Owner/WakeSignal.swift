/// The owner's wake-up: ``signal()`` wakes every task waiting now, or is remembered for the
/// next wait when none is. Kept inside the owner actor; its waits are cancellable.
///
/// It replaced a single optional continuation that a second wait overwrote: the serving task a
/// take-over replaced was cancelled while it waited, and nothing ever resumed it (a task, and
/// everything it held, leaked for the life of the process).
struct WakeSignal {
    private var signalled = false
    private var nextID: UInt64 = 0
    private var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]

    /// Starts a wait: `nil` when a signal came since the last one (consumed: do not wait),
    /// else the id to ``park(_:_:cancelled:)`` under.
    mutating func prepare() -> UInt64? {
        if signalled {
            signalled = false
            return nil
        }
        nextID += 1
        return nextID
    }

    /// Parks `continuation` until the next signal; resumes it at once when the waiting task is
    /// `cancelled` already.
    mutating func park(_ id: UInt64, _ continuation: CheckedContinuation<Void, Never>, cancelled: Bool) {
        if cancelled || signalled {
            signalled = false
            continuation.resume()
            return
        }
        waiters[id] = continuation
    }

    /// Wakes every waiting task, or remembers the signal for the next wait.
    mutating func signal() {
        guard !waiters.isEmpty else {
            signalled = true
            return
        }
        for waiter in waiters.values { waiter.resume() }
        waiters.removeAll()
    }

    /// The task waiting under `id` was cancelled: it wakes now (a task cancelled before it
    /// parked was woken by ``park(_:_:cancelled:)``).
    mutating func cancel(_ id: UInt64) {
        waiters.removeValue(forKey: id)?.resume()
    }

    /// How many tasks wait now (for tests).
    var waiting: Int { waiters.count }
}
