/// The stylesheet of one live page, grown as screens are rendered into it.
///
/// A live page runs under a Content-Security-Policy that allows no inline style, so every
/// `style` attribute of a rendered screen becomes a short class (`s1`, `s2`…) whose rule is
/// kept here, and the screen's own rules are kept beside them. The page loads the rules known
/// when it is served as a stylesheet of its own origin; each later update carries only the
/// rules added since (``takeNewRules()``), which the page's script inserts through the CSSOM.
public struct LiveStyleSheet: Sendable {
    private var classes: [String: String] = [:]
    private var known: Set<String> = []
    private var rules: [String] = []
    private var delivered = 0
    private let cache: LiveStyleCache?

    /// An empty sheet; with a `cache` (shared by a server's sessions), the CSS text of rules and
    /// declarations seen before is taken from it instead of being written again.
    public init(cache: LiveStyleCache? = nil) {
        self.cache = cache
    }

    /// Every rule so far, in the order they were added (the stylesheet a page loads).
    public var css: String { rules.joined(separator: "\n") }

    /// Every rule so far, one string each, in the order they were added.
    public var allRules: [String] { rules }

    /// How many rules the sheet holds.
    public var count: Int { rules.count }

    /// The rules added since the last call (all of them the first time).
    public mutating func takeNewRules() -> [String] {
        defer { delivered = rules.count }
        return Array(rules[delivered...])
    }

    /// Marks every rule as delivered (after a page was served with ``css``).
    public mutating func markDelivered() {
        delivered = rules.count
    }

    /// Adds `rules` that the sheet does not have yet.
    public mutating func add(_ rules: [CSSRule]) {
        for rule in rules {
            let css = cache?.css(of: rule) ?? rule.css
            if known.insert(css).inserted { self.rules.append(css) }
        }
    }

    /// The class for an element's `style` declarations, adding its rule the first time.
    mutating func className(for declarations: [CSSDeclaration]) -> String {
        let css = cache?.importantCSS(of: declarations) ?? Self.importantCSS(declarations)
        if let name = classes[css] { return name }
        let name = "s" + String(classes.count + 1, radix: 36)
        classes[css] = name
        rules.append(".\(name) { \(css) }")
        return name
    }

    /// The body of the rule an element's `style` declarations become: each `!important`, so that
    /// it still wins over the stylesheet's selectors as an inline style did.
    static func importantCSS(_ declarations: [CSSDeclaration]) -> String {
        declarations.map { $0.css + " !important" }.joined(separator: "; ")
    }
}
