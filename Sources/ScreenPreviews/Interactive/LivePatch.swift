/// The changes that turn one ``LiveTree`` into the next: what a live page is sent after its
/// first screen, instead of the whole phone (Docs/Web.md, "Messages").
///
/// Three operations, each addressed by a **path**: the indices of the children to follow from
/// the page's root (text nodes count; elements the page is animating out do not):
/// - ``Operation/text(path:text:)``: a text node's new text;
/// - ``Operation/attributes(path:tag:changes:)``: what changed in an element's attributes (the
///   ones set, the names removed);
/// - ``Operation/splice(path:tag:at:remove:nodes:)``: in an element, `remove` children from `at`
///   replaced by `nodes` (sent as their markup).
///
/// Children are matched as a morph would: the common start and end of the old and new lists
/// (same kind, tag and `id`) are kept and compared inside, so an element keeps its identity on
/// the page (its focus, its scroll position, its loaded image) when siblings come or go before
/// it. In between, the longest run of children in the same slots is kept too (for a long middle,
/// the elements with an `id` that stay in order), so that siblings moving around a focused
/// control do not replace it; each run of the others is one splice. Each operation names what it expects to find (the
/// tag, or `#text`): a page whose node differs asks for the whole screen again.
public struct LivePatch: Sendable, Equatable {
    /// One change.
    public enum Operation: Sendable, Equatable {
        /// Set the text of the text node at `path`.
        case text(path: [Int], text: String)
        /// Change the attributes of the element at `path` (a `tag`): only what differs from its
        /// old list (an `aria-pressed` flipped is one attribute, not the button's eight); the page
        /// keeps its own `style`.
        case attributes(path: [Int], tag: String, changes: AttributeChanges)
        /// In the element at `path` (a `tag`; the root when `path` is empty), remove `remove`
        /// children starting at `at` and insert `nodes` there.
        case splice(path: [Int], tag: String, at: Int, remove: Int, nodes: [LiveNode])
    }

    /// What changed in an element's attributes: the ones to set (new, or with a new value) and
    /// the names to remove.
    public struct AttributeChanges: Sendable, Equatable {
        /// Attributes that are new or have a new value.
        public var set: [LiveAttribute]
        /// Names of attributes the element no longer has.
        public var removed: [String]

        /// The changes from `old` to `new`.
        public init(from old: [LiveAttribute], to new: [LiveAttribute]) {
            set = new.filter { attribute in !old.contains(attribute) }
            removed = old.compactMap { attribute in new.contains { $0.name == attribute.name } ? nil : attribute.name }
        }

        /// Changes from their parts.
        public init(set: [LiveAttribute], removed: [String]) {
            self.set = set
            self.removed = removed
        }

        /// `attributes` with the changes applied, as a browser's DOM applies them: changed values
        /// in place, new ones at the end (a DOM's attributes have no order that matters).
        public func applied(to attributes: [LiveAttribute]) -> [LiveAttribute] {
            var result = attributes.filter { !removed.contains($0.name) }
            for attribute in set {
                if let index = result.firstIndex(where: { $0.name == attribute.name }) {
                    result[index] = attribute
                } else {
                    result.append(attribute)
                }
            }
            return result
        }
    }

    /// The changes, in order.
    public var operations: [Operation]

    /// Changes from their parts.
    public init(operations: [Operation]) {
        self.operations = operations
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { operations.isEmpty }

    /// The changes from `old` to `new`.
    public static func between(_ old: LiveTree, _ new: LiveTree) -> LivePatch {
        var operations: [Operation] = []
        diffChildren(old.nodes, new.nodes, path: [], tag: "", into: &operations)
        return LivePatch(operations: operations)
    }

    /// The bytes of text the patch carries (its html and text): to compare with the whole
    /// screen's markup, which is sent instead when it is not larger.
    public var payloadBytes: Int {
        operations.reduce(0) { total, operation in
            switch operation {
            case .text(let path, let text): total + text.utf8.count + path.count * 3 + 8
            case .attributes(let path, let tag, let changes):
                total + tag.utf8.count + path.count * 3 + changes.set.reduce(8) { $0 + $1.name.utf8.count + $1.value.utf8.count + 6 }
                    + changes.removed.reduce(0) { $0 + $1.utf8.count + 3 }
            case .splice(let path, let tag, _, _, let nodes):
                total + nodes.reduce(0) { $0 + $1.html.utf8.count } + tag.utf8.count + path.count * 3 + 16
            }
        }
    }

    /// Whether `a` and `b` are the same node on the page: the same kind, tag and `id`.
    private static func sameSlot(_ a: LiveNode, _ b: LiveNode) -> Bool {
        a.name == b.name && a.key == b.key
    }

    private static func diffChildren(_ old: [LiveNode], _ new: [LiveNode], path: [Int], tag: String, into operations: inout [Operation]) {
        // Subtrees are compared by their 64-bit hashes: equal hashes are taken as equal content
        // (a collision is about 2^-64 likely), so an unchanged screen costs one pass of integers.
        if old.count == new.count && zip(old, new).allSatisfy({ $0.hash == $1.hash }) { return }
        diffRange(old, 0..<old.count, new, 0..<new.count, path: path, tag: tag, into: &operations)
    }

    /// The changes from `old[oldRange]` to `new[newRange]`, every child before them already in
    /// its new place (operations run in order, so a child is addressed by its new index).
    private static func diffRange(
        _ old: [LiveNode], _ oldRange: Range<Int>, _ new: [LiveNode], _ newRange: Range<Int>, path: [Int], tag: String,
        into operations: inout [Operation]
    ) {
        var start = 0
        while start < oldRange.count, start < newRange.count, sameSlot(old[oldRange.lowerBound + start], new[newRange.lowerBound + start]) {
            start += 1
        }
        var end = 0
        while end < oldRange.count - start, end < newRange.count - start,
            sameSlot(old[oldRange.upperBound - 1 - end], new[newRange.upperBound - 1 - end])
        {
            end += 1
        }
        let oldMiddle = (oldRange.lowerBound + start)..<(oldRange.upperBound - end)
        let newMiddle = (newRange.lowerBound + start)..<(newRange.upperBound - end)
        for offset in 0..<start {
            diffNode(
                old[oldRange.lowerBound + offset], new[newRange.lowerBound + offset], path: path + [newRange.lowerBound + offset],
                into: &operations)
        }
        if oldMiddle.count == newMiddle.count && zip(old[oldMiddle], new[newMiddle]).allSatisfy(sameSlot) {
            for offset in 0..<oldMiddle.count {
                diffNode(
                    old[oldMiddle.lowerBound + offset], new[newMiddle.lowerBound + offset], path: path + [newMiddle.lowerBound + offset],
                    into: &operations)
            }
        } else if oldMiddle.count * newMiddle.count <= alignmentLimit {
            align(old, oldMiddle, new, newMiddle, path: path, tag: tag, into: &operations)
        } else if let (oldAnchor, newAnchor) = anchor(old, oldMiddle, new, newMiddle) {
            // An element with an `id` in both (the middle of the longest run of them in the same
            // order): kept, as the page's morph keeps it, and what lies on each side compared
            // apart, so that siblings moving around it (a selection) do not replace it.
            diffRange(old, oldMiddle.lowerBound..<oldAnchor, new, newMiddle.lowerBound..<newAnchor, path: path, tag: tag, into: &operations)
            diffNode(old[oldAnchor], new[newAnchor], path: path + [newAnchor], into: &operations)
            diffRange(
                old, (oldAnchor + 1)..<oldMiddle.upperBound, new, (newAnchor + 1)..<newMiddle.upperBound, path: path, tag: tag,
                into: &operations)
        } else if !oldMiddle.isEmpty || !newMiddle.isEmpty {
            operations.append(
                .splice(path: path, tag: tag, at: newMiddle.lowerBound, remove: oldMiddle.count, nodes: Array(new[newMiddle])))
        }
        let shift = newMiddle.upperBound - oldMiddle.upperBound
        for index in oldMiddle.upperBound..<oldRange.upperBound {
            diffNode(old[index], new[index + shift], path: path + [index + shift], into: &operations)
        }
    }

    /// The largest middle (old children × new ones) compared child by child for the longest run
    /// of kept slots; a larger one keeps only elements with an `id`.
    static let alignmentLimit = 40_000

    /// The changes from `old[oldRange]` to `new[newRange]` that keep the most children in their
    /// slot (the longest common subsequence of kind, tag and `id`), each run of the others between
    /// them one splice. A focused control whose siblings move around it (a selection's actions
    /// following the selection) stays the same element, as the page's morph keeps it.
    private static func align(
        _ old: [LiveNode], _ oldRange: Range<Int>, _ new: [LiveNode], _ newRange: Range<Int>, path: [Int], tag: String,
        into operations: inout [Operation]
    ) {
        let rows = oldRange.count, columns = newRange.count
        // lengths[i * (columns + 1) + j]: the longest run in old[i...] and new[j...].
        var lengths = [Int](repeating: 0, count: (rows + 1) * (columns + 1))
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns - 1, through: 0, by: -1) {
                lengths[i * (columns + 1) + j] =
                    sameSlot(old[oldRange.lowerBound + i], new[newRange.lowerBound + j])
                    ? lengths[(i + 1) * (columns + 1) + j + 1] + 1
                    : max(lengths[(i + 1) * (columns + 1) + j], lengths[i * (columns + 1) + j + 1])
            }
        }
        var i = 0, j = 0, gapOld = 0, gapNew = 0
        func flush() {
            if i > gapOld || j > gapNew {
                operations.append(
                    .splice(
                        path: path, tag: tag, at: newRange.lowerBound + gapNew, remove: i - gapOld,
                        nodes: Array(new[(newRange.lowerBound + gapNew)..<(newRange.lowerBound + j)])))
            }
        }
        while i < rows || j < columns {
            if i < rows, j < columns, sameSlot(old[oldRange.lowerBound + i], new[newRange.lowerBound + j]),
                lengths[i * (columns + 1) + j] == lengths[(i + 1) * (columns + 1) + j + 1] + 1
            {
                flush()
                diffNode(
                    old[oldRange.lowerBound + i], new[newRange.lowerBound + j], path: path + [newRange.lowerBound + j], into: &operations)
                i += 1
                j += 1
                gapOld = i
                gapNew = j
            } else if j < columns && (i == rows || lengths[i * (columns + 1) + j + 1] >= lengths[(i + 1) * (columns + 1) + j]) {
                j += 1
            } else {
                i += 1
            }
        }
        flush()
    }

    /// A pair of elements with the same `id` in `old[oldRange]` and `new[newRange]` to keep: the
    /// middle one of the longest run of such pairs whose order is the same in both (ids that
    /// occur once in each), or `nil` when there is none.
    private static func anchor(_ old: [LiveNode], _ oldRange: Range<Int>, _ new: [LiveNode], _ newRange: Range<Int>) -> (Int, Int)? {
        var oldIndex: [String: Int] = [:]
        var repeated: Set<String> = []
        for index in oldRange {
            guard let key = old[index].key else { continue }
            if oldIndex.updateValue(index, forKey: key) != nil { repeated.insert(key) }
        }
        var newSeen: Set<String> = []
        var pairs: [(old: Int, new: Int)] = []
        for index in newRange {
            guard let key = new[index].key, let match = oldIndex[key], !repeated.contains(key), old[match].name == new[index].name else {
                continue
            }
            if !newSeen.insert(key).inserted {
                pairs.removeAll { new[$0.new].key == key }
                continue
            }
            pairs.append((match, index))
        }
        guard !pairs.isEmpty else { return nil }
        // The longest run increasing in both (patience sorting), then its middle pair.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: pairs.count)
        for (position, pair) in pairs.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if pairs[tails[mid]].old < pair.old { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var run: [Int] = []
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            run.append(cursor)
            cursor = previous[cursor]
        }
        let middle = pairs[run[run.count / 2]]
        return (middle.old, middle.new)
    }

    private static func diffNode(_ old: LiveNode, _ new: LiveNode, path: [Int], into operations: inout [Operation]) {
        guard old.hash != new.hash else { return }
        switch (old.kind, new.kind) {
        case (.text, .text(let text)):
            operations.append(.text(path: path, text: text))
        case (.element(_, let oldAttributes, let oldChildren), .element(let tag, let newAttributes, let newChildren)):
            if oldAttributes != newAttributes {
                operations.append(
                    .attributes(path: path, tag: tag, changes: AttributeChanges(from: oldAttributes, to: newAttributes)))
            }
            diffChildren(oldChildren, newChildren, path: path, tag: tag, into: &operations)
        default:
            // Not reached: children are only compared when they are in the same slot.
            break
        }
    }

    /// Why a patch does not fit a tree (what a page that finds another node does: ask for the
    /// whole screen).
    public struct Mismatch: Error, Sendable, Equatable {
        /// The operation's path.
        public var path: [Int]
    }

    /// `tree` with the changes applied, as a page applies them; throws when the tree is not the
    /// one the patch was made from.
    public func applied(to tree: LiveTree) throws(Mismatch) -> LiveTree {
        var nodes = tree.nodes
        for operation in operations {
            switch operation {
            case .text(let path, let text):
                try Self.update(&nodes, at: path, path: path) { node throws(Mismatch) in
                    guard case .text = node.kind else { throw Mismatch(path: path) }
                    node = .text(text)
                }
            case .attributes(let path, let tag, let changes):
                try Self.update(&nodes, at: path, path: path) { node throws(Mismatch) in
                    guard case .element(tag, let attributes, let children) = node.kind else { throw Mismatch(path: path) }
                    node = .element(tag, changes.applied(to: attributes), children)
                }
            case .splice(let path, let tag, let at, let remove, let inserted):
                if path.isEmpty {
                    guard at + remove <= nodes.count else { throw Mismatch(path: path) }
                    nodes.replaceSubrange(at..<(at + remove), with: inserted)
                } else {
                    try Self.update(&nodes, at: path, path: path) { node throws(Mismatch) in
                        guard case .element(tag, let attributes, var children) = node.kind, at + remove <= children.count else {
                            throw Mismatch(path: path)
                        }
                        children.replaceSubrange(at..<(at + remove), with: inserted)
                        node = .element(tag, attributes, children)
                    }
                }
            }
        }
        return LiveTree(nodes: nodes)
    }

    private static func update(
        _ nodes: inout [LiveNode], at path: [Int], path whole: [Int], _ change: (inout LiveNode) throws(Mismatch) -> Void
    ) throws(Mismatch) {
        guard let first = path.first, nodes.indices.contains(first) else { throw Mismatch(path: whole) }
        var node = nodes[first]
        if path.count == 1 {
            try change(&node)
        } else {
            guard case .element(let tag, let attributes, var children) = node.kind else { throw Mismatch(path: whole) }
            try update(&children, at: Array(path.dropFirst()), path: whole, change)
            node = .element(tag, attributes, children)
        }
        nodes[first] = node
    }
}
