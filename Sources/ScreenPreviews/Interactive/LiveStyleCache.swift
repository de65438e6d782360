import Synchronization

/// The CSS text of the rules and style declarations live pages were rendered with, shared by a
/// server's sessions.
///
/// Every render of a live page adds the screen's rules to its ``LiveStyleSheet`` and moves
/// every element's `style` into it as a class; writing that CSS again (numbers formatted, parts
/// joined) for each render of each session was a large part of building the page's tree. The
/// values are the same render after render and session after session, so their text is kept
/// here by value (``CSSRule`` and ``CSSDeclaration`` are `Hashable`) and written once. The sheet
/// still decides what it has and names its classes itself, so the pages are sent what they were
/// sent without it.
///
/// At most ``limit`` texts of each kind are kept; past that the cache starts again (screens whose
/// elements move with every render, such as a scrolled list, do not grow it without end).
public final class LiveStyleCache: Sendable {
    private struct Texts {
        var rules: [CSSRule: String] = [:]
        var declarations: [[CSSDeclaration]: String] = [:]
    }

    /// Texts kept at most, of rules and of declaration lists each.
    public let limit: Int
    private let texts = Mutex(Texts())

    /// A cache of at most `limit` texts of each kind.
    public init(limit: Int = 4_096) {
        self.limit = max(1, limit)
    }

    /// `rule.css`, written once.
    public func css(of rule: CSSRule) -> String {
        if let kept = texts.withLock({ $0.rules[rule] }) { return kept }
        let css = rule.css
        texts.withLock { texts in
            if texts.rules.count >= limit { texts.rules.removeAll() }
            texts.rules[rule] = css
        }
        return css
    }

    /// The body of the rule an element's `declarations` become (each `!important`, so that it
    /// still wins over the stylesheet's selectors as an inline style did), written once.
    public func importantCSS(of declarations: [CSSDeclaration]) -> String {
        if let kept = texts.withLock({ $0.declarations[declarations] }) { return kept }
        let css = LiveStyleSheet.importantCSS(declarations)
        texts.withLock { texts in
            if texts.declarations.count >= limit { texts.declarations.removeAll() }
            texts.declarations[declarations] = css
        }
        return css
    }
}
