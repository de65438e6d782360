import Synchronization

/// The rules and style classes of the live pages a server renders, written and named once for
/// all of its sessions.
///
/// A live page runs under a Content-Security-Policy that allows no inline style, so each
/// element's `style` becomes a class whose rule the page is sent. The class is named here, by
/// its declarations (equal declarations, one class, whichever session rendered them first), so
/// that a screen's markup is the same for every session and can be rendered once for all of them
/// (``LiveRendering``). Writing the CSS text (numbers formatted, parts joined) once per value
/// instead of once per render of each session was most of what a render of a page cost.
///
/// Classes are `s1`, `s2`… in the order the cache first met them; a screen's own rules are
/// numbered too (``LiveStyleRule/id``), so a session's sheet can tell which its page has. At most
/// ``limit`` of each kind are kept; past that the cache starts again with new numbers and names
/// (screens whose elements move with every render, such as a scrolled list, do not grow it
/// without end), which a page only sees as new rules.
public final class LiveStyleCache: Sendable {
    private struct Entries {
        var rules: [CSSRule: LiveStyleRule] = [:]
        var classes: [[CSSDeclaration]: StyleClass] = [:]
        var rulesMade = 0
        var classesMade = 0
    }

    /// A class an element's declarations became: its name and its rule.
    public struct StyleClass: Sendable, Hashable {
        /// The class name (`s1`).
        public let name: String
        /// `.s1 { … !important }`.
        public let rule: LiveStyleRule
    }

    /// Rules and classes kept at most, of each kind.
    public let limit: Int
    private let entries = Mutex(Entries())

    /// A cache of at most `limit` rules and `limit` classes.
    public init(limit: Int = 4_096) {
        self.limit = max(1, limit)
    }

    /// `rule`, written and numbered once. Rule numbers are even, class rules' odd: one sheet
    /// holds both.
    public func rule(for rule: CSSRule) -> LiveStyleRule {
        if let kept = entries.withLock({ $0.rules[rule] }) { return kept }
        let css = rule.css
        return entries.withLock { entries in
            if let kept = entries.rules[rule] { return kept }
            if entries.rules.count >= limit { entries.rules.removeAll() }
            entries.rulesMade += 1
            let made = LiveStyleRule(id: entries.rulesMade * 2, css: css)
            entries.rules[rule] = made
            return made
        }
    }

    /// The class for an element's `declarations`, named and written once.
    public func styleClass(for declarations: [CSSDeclaration]) -> StyleClass {
        if let kept = entries.withLock({ $0.classes[declarations] }) { return kept }
        let body = LiveStyleSheet.importantCSS(declarations)
        return entries.withLock { entries in
            if let kept = entries.classes[declarations] { return kept }
            if entries.classes.count >= limit { entries.classes.removeAll() }
            entries.classesMade += 1
            let name = "s" + String(entries.classesMade, radix: 36)
            let made = StyleClass(name: name, rule: LiveStyleRule(id: entries.classesMade * 2 + 1, css: ".\(name) { \(body) }"))
            entries.classes[declarations] = made
            return made
        }
    }

    /// `rule.css`, written once.
    public func css(of rule: CSSRule) -> String {
        self.rule(for: rule).css
    }
}
