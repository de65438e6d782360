import NIOCore
import NIOPosix

/// The thread a ``LeaseKeeper`` runs on, alone: its code, its PostgreSQL connection and its
/// timers.
///
/// A renewal must get through every 500 ms whatever the node is doing. On the shared pools it
/// waited behind the work of thousands of sockets: at 10,000 clients on this 2-core machine an
/// owner lost its lease twice in about ten runs without being killed ("the lease ran out before
/// a renewal got through"), and every player paid a fail-over for it. One idle thread of its
/// own costs nothing and is scheduled by the kernel next to the busy ones.
public struct LeaseThread: Sendable {
    /// The event loop the keeper's connection lives on.
    public let eventLoop: any EventLoop
    /// Runs the keeper's tasks (and their child tasks) on ``eventLoop``.
    let executor: EventLoopTaskExecutor

    /// Runs on `eventLoop` (a loop of a group of its own, so nothing else waits there).
    public init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
        executor = EventLoopTaskExecutor(eventLoop: eventLoop)
    }

    /// A thread of its own: one single-threaded event loop group per process, used by every
    /// lease keeper of the process (there is one per node, usually one node per process), and
    /// never shut down, like NIO's own singleton groups.
    public static var dedicated: LeaseThread { LeaseThread(eventLoop: dedicatedGroup.next()) }

    private static let dedicatedGroup = MultiThreadedEventLoopGroup(numberOfThreads: 1)
}

/// An event loop as a task executor: jobs of tasks that prefer it run on the loop's thread.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
