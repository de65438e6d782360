/// Which rows want their image, in the order they should get it.
///
/// A pure function of what is visible, so it is tested without any loading: visible rows first
/// (top to bottom), then rows ahead in the scroll direction by distance, then rows behind.
public struct ImageWindow: Sendable, Hashable {
    /// The rows reported visible, clamped to the list.
    public var visible: Range<Int>
    /// Every row in the window (visible plus prefetch), most wanted first.
    public var ordered: [Int]

    /// Which way the list last scrolled: rows ahead in that direction are prefetched first.
    public enum Direction: Sendable, Hashable {
        /// Towards higher row indices (the finger moves up), or towards lower ones.
        case down, up
    }

    /// The window for the `requested` visible rows of a list of `rowCount` rows scrolling in
    /// `direction`, under `policy`'s prefetch distances.
    public init(visible requested: Range<Int>, rowCount: Int, direction: Direction, policy: ImageLoadingPolicy) {
        let lower = min(max(0, requested.lowerBound), rowCount)
        let upper = min(max(lower, requested.upperBound), rowCount)
        visible = lower..<upper
        // Nothing on screen (not reported yet, or scrolled past the end): nothing to prefetch around.
        guard !visible.isEmpty else {
            ordered = []
            return
        }
        var ordered = Array(visible)
        let (belowCount, aboveCount) =
            direction == .down
            ? (policy.prefetchAhead, policy.prefetchBehind)
            : (policy.prefetchBehind, policy.prefetchAhead)
        let below = upper..<min(rowCount, upper + belowCount)
        let above = (max(0, lower - aboveCount)..<lower).reversed()
        if direction == .down {
            ordered += below
            ordered += above
        } else {
            ordered += above
            ordered += below
        }
        self.ordered = ordered
    }

    /// Whether `row` is in the window.
    public func contains(_ row: Int) -> Bool {
        ordered.contains(row)
    }

    /// The direction implied by moving from `old` to `new` visible rows (down when unchanged).
    public static func direction(from old: Range<Int>?, to new: Range<Int>) -> Direction {
        guard let old else { return .down }
        if new.lowerBound < old.lowerBound || new.upperBound < old.upperBound { return .up }
        return .down
    }
}
