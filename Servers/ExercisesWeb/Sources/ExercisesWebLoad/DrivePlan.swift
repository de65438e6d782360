import NIOCore

/// When one connection sends and for how long it listens, fixed once every socket is attached
/// (instants on the monotonic clock NIO schedules with).
struct DrivePlan: Sendable {
    /// Whether this session sends events.
    var active: Bool
    /// Its first event (the run's start plus this session's phase, so that sends are spread).
    var firstSend: NIODeadline
    /// Between two events of this session.
    var interval: TimeAmount
    /// Events sent and bytes received from here on count.
    var measureFrom: NIODeadline
    /// No event is sent from here on.
    var sendUntil: NIODeadline
    /// What is still unacknowledged (or not shown) here is lost; the connection reports.
    var finishBy: NIODeadline
    /// The page clock's zero: pointer samples carry seconds since it.
    var origin: NIODeadline
    /// Trivia: each question's broadcast instant, in order; empty otherwise.
    var questions: [NIODeadline] = []
}
