import ScreenPreviews
import Synchronization

/// The screens the server's sessions keep, shared: sessions that show the same screen (a
/// thousand tabs of one Trivia question, ten thousand CarFit tabs on their first screen) keep one
/// tree between them instead of one each.
///
/// A renderer hands each tree it keeps to ``intern(_:)`` and keeps what comes back: an equal tree
/// already held (its storage shared, arrays being copy-on-write) or the tree itself, now held for
/// the next session. Equal means equal content, class names included (two sessions' sheets name
/// the same declarations alike when they rendered the same screens in the same order, which is
/// what tabs of one app do). At most ``limit`` trees are held; the oldest goes first, and a tree a
/// session still keeps lives on in that session.
final class LiveTreeCache: Sendable {
    private struct Entries {
        var trees: [Int: LiveTree] = [:]
        var order: [Int] = []
    }

    /// Trees held at most.
    let limit: Int
    private let entries = Mutex(Entries())

    /// A cache of at most `limit` trees.
    init(limit: Int = 64) {
        self.limit = max(1, limit)
    }

    /// An equal tree already held, or `tree` (held from now on).
    func intern(_ tree: LiveTree) -> LiveTree {
        let key = tree.nodes.reduce(into: Hasher()) { $0.combine($1.hash) }.finalize()
        return entries.withLock { entries in
            if let held = entries.trees[key], held == tree { return held }
            if entries.trees.updateValue(tree, forKey: key) == nil { entries.order.append(key) }
            if entries.order.count > limit { entries.trees[entries.order.removeFirst()] = nil }
            return tree
        }
    }
}
