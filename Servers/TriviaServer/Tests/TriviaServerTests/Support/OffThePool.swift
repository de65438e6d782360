import Foundation

/// Runs `body`, which blocks (reads a child process's pipe, waits for it to exit), on a thread
/// of its own and awaits it, so that it never holds a thread of Swift's cooperative pool.
///
/// On a 2-core machine the pool has two threads, and the servers these tests run in-process
/// (Hummingbird's handlers) need them: a child server that is slow to start under load would
/// otherwise hold one of the two for as long as it takes.
func offThePool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}
