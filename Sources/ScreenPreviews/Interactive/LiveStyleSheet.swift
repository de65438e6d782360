/// The stylesheet of one live page: the rules its page has been sent, or is sent next.
///
/// A live page runs under a Content-Security-Policy that allows no inline style, so every
/// `style` attribute of a rendered screen becomes a short class (`s1`, `s2`…, named by the
/// ``LiveStyleCache`` the sheet draws from, the same for every session of a server) whose rule
/// is kept here, and the screen's own rules are kept beside them. The page loads the rules known
/// when it is served as a stylesheet of its own origin; each later update carries only the
/// rules added since (``takeNewRules()``), which the page's script inserts through the CSSOM.
public struct LiveStyleSheet: Sendable {
    private var known: Set<Int> = []
    private var rules: [LiveStyleRule] = []
    private var delivered = 0
    /// Where rules are written and classes named (shared by a server's sessions).
    public let cache: LiveStyleCache

    /// An empty sheet drawing its rules and class names from `cache`.
    public init(cache: LiveStyleCache = LiveStyleCache()) {
        self.cache = cache
    }

    /// Every rule so far, in the order they were added (the stylesheet a page loads).
    public var css: String { rules.map(\.css).joined(separator: "\n") }

    /// Every rule so far, one string each, in the order they were added.
    public var allRules: [String] { rules.map(\.css) }

    /// Every rule so far, numbered, in the order they were added.
    public var styleRules: [LiveStyleRule] { rules }

    /// How many rules the sheet holds.
    public var count: Int { rules.count }

    /// The rules added since the last call (all of them the first time).
    public mutating func takeNewRules() -> [String] {
        defer { delivered = rules.count }
        return rules[delivered...].map(\.css)
    }

    /// Marks every rule as delivered (after a page was served with ``css``).
    public mutating func markDelivered() {
        delivered = rules.count
    }

    /// Adds `rules` that the sheet does not have yet.
    public mutating func add(_ rules: [CSSRule]) {
        for rule in rules { add(cache.rule(for: rule)) }
    }

    /// Adds the numbered `rules` (a ``LiveRendering``'s) that the sheet does not have yet.
    public mutating func add(_ rules: [LiveStyleRule]) {
        for rule in rules { add(rule) }
    }

    private mutating func add(_ rule: LiveStyleRule) {
        if known.insert(rule.id).inserted { rules.append(rule) }
    }

    /// The class for an element's `style` declarations, adding its rule the first time.
    mutating func className(for declarations: [CSSDeclaration]) -> String {
        let styleClass = cache.styleClass(for: declarations)
        add(styleClass.rule)
        return styleClass.name
    }

    /// The body of the rule an element's `style` declarations become: each `!important`, so that
    /// it still wins over the stylesheet's selectors as an inline style did.
    static func importantCSS(_ declarations: [CSSDeclaration]) -> String {
        declarations.map { $0.css + " !important" }.joined(separator: "; ")
    }
}
