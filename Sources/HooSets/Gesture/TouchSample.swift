import ScreenKit
import SharedNetworking

/// One observation of the finger, as a gesture recognizer reports it.
public struct TouchSample: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Where in its life the touch is, as `UITouch.Phase` names it.
    public enum Phase: String, Sendable, Hashable, Codable {
        /// The finger touched down, or moved.
        case began, moved
        /// The finger is down and has not moved (a recognizer's timer tick): lets a hold be
        /// recognised without movement.
        case stationary
        /// The finger lifted, or the system took the touch away (a call, a system gesture).
        case ended, cancelled
    }

    /// Seconds on any monotonic clock (`UITouch.timestamp`).
    public var time: Double
    /// Where the finger is, in the coordinates the host hit-tests in: for ``HooSetsViewModel``,
    /// the grid's content coordinates (the scroll offset already added), so a sample means the
    /// same Hoo however far the scroll view has moved since.
    public var location: LayoutPoint
    /// Which kind of observation this is.
    public var phase: Phase

    /// A sample at `time` seconds, at `location`, in `phase`.
    public init(time: Double, location: LayoutPoint, phase: Phase) {
        self.time = time
        self.location = location
        self.phase = phase
    }

    /// A sample from plain numbers, as tests write them: `TouchSample(.moved, at: 0.1, x: 12, y: 40)`.
    public init(_ phase: Phase, at time: Double, x: Double, y: Double) {
        self.init(time: time, location: LayoutPoint(x: x, y: y), phase: phase)
    }

    /// `moved@0.1 (12, 40)`, for test failures.
    public var description: String { "\(phase.rawValue)@\(time) \(location)" }
}

/// What the finger is doing to the grid.
public enum GestureMode: String, Sendable, Hashable, Codable {
    /// No finger down.
    case idle
    /// Down, not yet decided: could still become a tap, a scroll or a scrub.
    case pending
    /// Moving the content.
    case scrolling
    /// Selecting whatever Hoo is under the finger.
    case scrubbing
}

/// The thresholds of ``GestureArbiter``, with defaults close to UIKit's.
public struct ScrubRules: Sendable, Hashable, Codable {
    /// Movement (points) below which a touch is still a tap or a hold.
    public var touchSlop: Double
    /// Seconds held within the slop after which the touch scrubs (UIKit's long press is 0.5 s;
    /// scrubbing should feel quicker).
    public var holdDuration: Double
    /// A pan scrubs when, at the slop, |dx| > `horizontalBias` × |dy| (1 = within 45° of
    /// horizontal); otherwise it scrolls.
    public var horizontalBias: Double

    /// Rules; the defaults are UIKit's 10 pt slop, a 0.3 s hold, and horizontal meaning |dx| > |dy|.
    public init(touchSlop: Double = 10, holdDuration: Double = 0.3, horizontalBias: Double = 1) {
        self.touchSlop = touchSlop
        self.holdDuration = holdDuration
        self.horizontalBias = horizontalBias
    }

    /// The thresholds the exercise's gestures feel right with on a phone.
    public static let standard = ScrubRules()
}

/// What the arbiter tells the screen to do.
public enum GestureEvent<Item: Sendable & Hashable>: Sendable, Hashable {
    /// The arbiter decided (or changed) what the touch is: the screen stops or starts scrolling.
    case modeChanged(GestureMode)
    /// Move the content offset by this much (positive: content moves up, as when the finger
    /// moves up).
    case scrolled(by: Double)
    /// While scrubbing, the finger reached a different item: select it and play selection
    /// haptics.
    case selectionChanged(Item)
    /// A tap at this item (`nil`: outside any item).
    case tapped(Item?)
}
