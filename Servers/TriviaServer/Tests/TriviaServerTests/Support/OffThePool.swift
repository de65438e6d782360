import Foundation

/// Runs `body`, which blocks (reads a child process's pipe, waits for it to exit), on a thread
/// of its own and awaits it, so that it never holds a thread of Swift's cooperative pool.
///
/// On a 2-core machine the pool has two threads, and the servers these tests run in-process
/// (Hummingbird's handlers) need them. Two tests blocking at once (a child server starting under
/// load, another exiting) stalled every in-process server for seconds: every `trivia-play` test
/// then failed at once with its `/health` request timed out, about one full run in ten.
func offThePool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}
