import ScreenKit
import SharedNetworking

/// Decides, from touch samples alone, whether a touch on the grid taps, scrolls or scrubs.
///
/// A pure state machine: no timers, no views. Feed it every sample (and `stationary` ticks
/// while the finger rests); it returns the events to apply. The rules (see <doc:HooSetsGuide#Scrubbing> for
/// the diagram):
///
/// - **pending** on `began`.
/// - **scrubbing** when the finger stays within ``ScrubRules/touchSlop`` for
///   ``ScrubRules/holdDuration`` (press and hold), or when it leaves the slop mostly
///   horizontally (|dx| > bias × |dy|). The item under the finger is selected at once and again
///   each time the finger reaches another item; gaps and headers keep the last one.
/// - **scrolling** when it leaves the slop mostly vertically: every later move scrolls, even
///   sideways, until the finger lifts (no mode flapping mid-gesture).
/// - **tap** when it lifts while still pending.
/// - `ended` or `cancelled` return to **idle**; a scrub's last selection stays.
///
/// The hold is judged on each sample's time, before its movement: a slow first `moved` that
/// arrives after the hold duration scrubs even if it moved vertically.
public struct GestureArbiter<Item: Sendable & Hashable>: Sendable {
    /// The thresholds: touch slop, hold duration, horizontal bias.
    public var rules: ScrubRules
    /// What the current touch is doing: undecided, scrolling or scrubbing.
    public private(set) var mode: GestureMode = .idle
    private var start = TouchSample(.began, at: 0, x: 0, y: 0)
    private var last = TouchSample(.began, at: 0, x: 0, y: 0)
    private var scrubbed: Item?

    /// An arbiter waiting for a touch.
    public init(rules: ScrubRules = .standard) {
        self.rules = rules
    }

    /// Applies one sample. `itemAt` maps a sample's location (in whatever coordinates the samples
    /// are in) to the item under it.
    public mutating func handle(_ sample: TouchSample, itemAt: (LayoutPoint) -> Item?) -> [GestureEvent<Item>] {
        guard sample.time.isFinite, sample.location.x.isFinite, sample.location.y.isFinite else { return [] }
        var events: [GestureEvent<Item>] = []
        if sample.phase == .began {
            if mode != .idle { events.append(.modeChanged(.idle)) }
            start = sample
            last = sample
            scrubbed = nil
            mode = .pending
            events.append(.modeChanged(.pending))
            return events
        }
        guard mode != .idle else { return [] }

        if mode == .pending, sample.time - start.time >= rules.holdDuration {
            enterScrub(at: last.location, itemAt: itemAt, into: &events)
        }

        switch sample.phase {
        case .began:
            break
        case .moved, .stationary:
            switch mode {
            case .pending:
                let dx = sample.location.x - start.location.x, dy = sample.location.y - start.location.y
                if (dx * dx + dy * dy).squareRoot() > rules.touchSlop {
                    if abs(dx) > rules.horizontalBias * abs(dy) {
                        enterScrub(at: sample.location, itemAt: itemAt, into: &events)
                    } else {
                        mode = .scrolling
                        events.append(.modeChanged(.scrolling))
                        events.append(.scrolled(by: start.location.y - sample.location.y))
                    }
                }
            case .scrolling:
                let delta = last.location.y - sample.location.y
                if delta != 0 { events.append(.scrolled(by: delta)) }
            case .scrubbing:
                scrub(at: sample.location, itemAt: itemAt, into: &events)
            case .idle:
                break
            }
        case .ended:
            if mode == .pending { events.append(.tapped(itemAt(start.location))) }
            mode = .idle
            events.append(.modeChanged(.idle))
        case .cancelled:
            mode = .idle
            events.append(.modeChanged(.idle))
        }
        last = sample
        return events
    }

    private mutating func enterScrub(at point: LayoutPoint, itemAt: (LayoutPoint) -> Item?, into events: inout [GestureEvent<Item>]) {
        mode = .scrubbing
        events.append(.modeChanged(.scrubbing))
        scrub(at: point, itemAt: itemAt, into: &events)
    }

    private mutating func scrub(at point: LayoutPoint, itemAt: (LayoutPoint) -> Item?, into events: inout [GestureEvent<Item>]) {
        guard let item = itemAt(point), item != scrubbed else { return }
        scrubbed = item
        events.append(.selectionChanged(item))
    }
}
