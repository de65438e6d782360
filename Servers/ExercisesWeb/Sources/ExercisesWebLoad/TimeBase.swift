import NIOCore

/// One instant read on both clocks: the wall clock the server's Trivia schedule is written in
/// (seconds since 1970) and the monotonic one NIO schedules and times with. Read once, by the
/// command, so that nothing in a run asks the system for the time of day.
struct TimeBase: Sendable {
    /// Seconds since 1970 at `uptime`.
    var wall: Double
    var uptime: NIODeadline

    /// The monotonic instant of the wall-clock time `seconds`.
    func deadline(atWall seconds: Double) -> NIODeadline {
        uptime + .nanoseconds(Int64(((seconds - wall) * 1e9).rounded()))
    }

    /// The wall-clock time of the monotonic instant `deadline`.
    func wall(at deadline: NIODeadline) -> Double {
        wall + Double((deadline - uptime).nanoseconds) / 1e9
    }
}
