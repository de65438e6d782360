import Synchronization

/// The rules and style classes of the live pages a server renders, written and named once for
/// all of its sessions.
///
/// A live page runs under a Content-Security-Policy that allows no inline style, so each
/// element's `style` becomes a class whose rule the page is sent. The class is named here, by
/// the CSS its declarations write (equal text, one class, whichever session rendered it first),
/// so that a screen's markup is the same for every session and can be rendered once for all of
/// them (``LiveRendering``). Writing the CSS text (numbers formatted, parts joined) once per
/// value instead of once per render of each session was most of what a render of a page cost.
///
/// Classes are `s1`, `s2`… in the order the cache first met them; a screen's own rules are
/// numbered too (``LiveStyleRule/id``), so a session's sheet can tell which its page has. Names
/// and numbers are kept in two generations of at most ``limit`` each: when the newer one is
/// full it becomes the older, and what is met again in the older moves back to the newer
/// with its name. The classes in use keep their names however many one-off values pass through
/// (a countdown's fill, a scrolled list's offsets, different in every session); what was not
/// met for two generations is forgotten, and met again gets a new name, which a page only sees
/// as a new rule.
public final class LiveStyleCache: Sendable {
    /// A class an element's declarations became: its name and its rule.
    public struct StyleClass: Sendable, Hashable {
        /// The class name (`s1`).
        public let name: String
        /// `.s1 { … !important }`.
        public let rule: LiveStyleRule
    }

    /// Names or numbers by CSS text, in two generations.
    private struct Generations<Value> {
        var newer: [String: Value] = [:]
        var older: [String: Value] = [:]

        /// The value kept for `text`, moved to the newer generation.
        mutating func take(_ text: String, limit: Int) -> Value? {
            if let value = newer[text] { return value }
            guard let value = older.removeValue(forKey: text) else { return nil }
            keep(value, for: text, limit: limit)
            return value
        }

        mutating func keep(_ value: Value, for text: String, limit: Int) {
            if newer.count >= limit {
                older = newer
                newer = [:]
            }
            newer[text] = value
        }
    }

    private struct Entries {
        /// Text written for values seen (starts again when full: it only saves writing).
        var ruleTexts: [CSSRule: String] = [:]
        var bodies: [[CSSDeclaration]: String] = [:]
        var rules = Generations<LiveStyleRule>()
        var classes = Generations<StyleClass>()
        var rulesMade = 0
        var classesMade = 0
    }

    /// Names, numbers and texts kept at most in each generation.
    public let limit: Int
    private let entries = Mutex(Entries())

    /// A cache keeping at most `limit` of each kind in each generation.
    public init(limit: Int = 4_096) {
        self.limit = max(1, limit)
    }

    /// `rule`, written and numbered once. Rule numbers are even, class rules' odd: one sheet
    /// holds both.
    public func rule(for rule: CSSRule) -> LiveStyleRule {
        let css = entries.withLock { $0.ruleTexts[rule] } ?? write(rule)
        return entries.withLock { entries in
            if let kept = entries.rules.take(css, limit: limit) { return kept }
            entries.rulesMade += 1
            let made = LiveStyleRule(id: entries.rulesMade * 2, css: css)
            entries.rules.keep(made, for: css, limit: limit)
            return made
        }
    }

    /// The class for an element's `declarations`, named and written once.
    public func styleClass(for declarations: [CSSDeclaration]) -> StyleClass {
        let body = entries.withLock { $0.bodies[declarations] } ?? write(declarations)
        return entries.withLock { entries in
            if let kept = entries.classes.take(body, limit: limit) { return kept }
            entries.classesMade += 1
            let name = "s" + String(entries.classesMade, radix: 36)
            let made = StyleClass(name: name, rule: LiveStyleRule(id: entries.classesMade * 2 + 1, css: ".\(name) { \(body) }"))
            entries.classes.keep(made, for: body, limit: limit)
            return made
        }
    }

    /// `rule.css`, written once.
    public func css(of rule: CSSRule) -> String {
        self.rule(for: rule).css
    }

    private func write(_ rule: CSSRule) -> String {
        let css = rule.css
        entries.withLock { entries in
            if entries.ruleTexts.count >= limit { entries.ruleTexts.removeAll() }
            entries.ruleTexts[rule] = css
        }
        return css
    }

    private func write(_ declarations: [CSSDeclaration]) -> String {
        let body = LiveStyleSheet.importantCSS(declarations)
        entries.withLock { entries in
            if entries.bodies.count >= limit { entries.bodies.removeAll() }
            entries.bodies[declarations] = body
        }
        return body
    }
}
