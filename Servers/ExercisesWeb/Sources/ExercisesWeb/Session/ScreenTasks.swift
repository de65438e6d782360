/// The work a screen started (loads, refreshes, logo requests): bounded, and cancelled when its
/// session ends.
///
/// A page can ask for work as fast as it sends events (a scroll reports the rows in view many
/// times a second), so the set is bounded two ways: work given a `key` replaces the running work
/// of the same key (it is cancelled: a new scroll supersedes what the last one asked for), and
/// past ``limit`` running tasks the oldest is cancelled rather than forgotten. A finished task
/// leaves the set at once, so the count is what is really running.
@MainActor
final class ScreenTasks {
    /// Tasks running at most; a new one beyond it cancels the oldest.
    let limit: Int
    private var running: [(ticket: Int, key: String?, task: Task<Void, Never>)] = []
    private var nextTicket = 0

    /// A set of at most `limit` running tasks.
    init(limit: Int = 8) {
        self.limit = max(1, limit)
    }

    /// Tasks running now.
    var count: Int { running.count }

    /// Runs `work` on the main actor until it ends, ``cancelAll()`` is called, work of the same
    /// `key` replaces it, or ``limit`` newer tasks push it out.
    func run(key: String? = nil, _ work: @escaping @MainActor () async -> Void) {
        if let key {
            for entry in running where entry.key == key { entry.task.cancel() }
            running.removeAll { $0.key == key }
        }
        while running.count >= limit {
            running.removeFirst().task.cancel()
        }
        let ticket = nextTicket
        nextTicket += 1
        let task = Task { @MainActor [weak self] in
            await work()
            self?.finished(ticket)
        }
        running.append((ticket, key, task))
    }

    /// Cancels everything running (the session ends).
    func cancelAll() {
        for entry in running { entry.task.cancel() }
        running.removeAll()
    }

    private func finished(_ ticket: Int) {
        running.removeAll { $0.ticket == ticket }
    }
}
