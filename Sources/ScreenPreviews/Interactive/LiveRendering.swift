import Synchronization

/// A screen made ready for live pages once, for every session that shows it: its tree (what a
/// patch is computed against), the stylesheet rules its markup relies on, and its markup.
///
/// Class names come from a ``LiveStyleCache`` shared by a server's sessions, so a screen's tree
/// does not depend on which session renders it: a thousand tabs of one Trivia question, or the
/// same CarFit calendar opened in many tabs, are one rendering, and each session only adds the
/// rules its page lacks (its ``LiveStyleSheet``) and numbers its own versions.
public final class LiveRendering: Sendable {
    /// The screen as the page's DOM will hold it.
    public let tree: LiveTree
    /// Every rule the markup relies on (the device's, the screen's, its elements' classes), in
    /// the order first used.
    public let rules: [LiveStyleRule]
    /// The hash of the tree's content: an unchanged screen is not sent again.
    public let hash: Int
    /// A number no other rendering of this process has (renderings are told apart by it after
    /// one is gone, where an object's address may be reused).
    public let serial: Int
    private let markup = Mutex<String?>(nil)

    private static let serials = Atomic<Int>(0)

    /// `screen` on `device`, its classes named by `styles`.
    public convenience init(_ screen: PreviewScreen, device: PreviewDevice = .iPhone14, styles: LiveStyleCache) {
        var sheet = LiveStyleSheet(cache: styles)
        let tree = LiveTree(screen, device: device, sheet: &sheet)
        self.init(tree: tree, rules: sheet.styleRules)
    }

    /// A tree and its rules as they are.
    public init(tree: LiveTree, rules: [LiveStyleRule]) {
        self.tree = tree
        self.rules = rules
        self.hash = tree.nodes.reduce(into: Hasher()) { $0.combine($1.hash) }.finalize()
        self.serial = Self.serials.add(1, ordering: .relaxed).newValue
    }

    /// The markup, written the first time it is asked for (a session that only ever patches never does).
    public var html: String {
        if let written = markup.withLock({ $0 }) { return written }
        let written = tree.html
        markup.withLock { $0 = written }
        return written
    }
}
