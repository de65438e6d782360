import ScreenKit
import SharedNetworking

/// HTML for an ``/ScreenKit/AccessibilityElement``: what a page says to a screen reader and offers to a
/// keyboard, always taken from the view state, never written here.
///
/// - An element with a default action is a real `<button>`: its name is the element's label and
///   value, `data-action` and `data-value` name the view-model call (a browser app that drives
///   a view-model reads them), a toggle says `aria-pressed`, a selected element `aria-current`,
///   one not enabled is `disabled`, the hint is its `title`.
/// - Named actions (VoiceOver's Actions rotor) are buttons too, hidden until they have the
///   keyboard's focus (``namedActions(_:)``): Tab reaches them and nothing changes on screen.
/// - An element that speaks differently from what it shows (a row read as one sentence, German
///   words over English ones) shows its visual part hidden from assistive technology, beside the
///   spoken words hidden from the eye (``spoken(_:visible:)``), which every screen reader reads
///   (an `aria-label` on a `div` is not).
/// - Headings are `<h1>`…`<h6>` at the element's level.
enum AccessibleMarkup {
    /// The element's accessible name: its label, then its value (`Thursday, 10 September 2020,
    /// today, has visits`).
    static func name(_ element: AccessibilityElement) -> String {
        [element.label, element.value].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// `id`, `data-action` and `data-value` of an element and its default action.
    static func identity(_ element: AccessibilityElement) -> [HTMLAttribute] {
        var attributes: [HTMLAttribute] = element.identifier.map { [.id($0)] } ?? []
        if let action = element.defaultAction { attributes += self.action(action) }
        return attributes
    }

    /// `data-action` and `data-value`.
    static func action(_ action: AccessibilityAction) -> [HTMLAttribute] {
        [.attribute("data-action", action.action)] + (action.value.map { [.attribute("data-value", $0)] } ?? [])
    }

    /// The element as a `<button>` with `classes`, inline `style` and `children` (what it shows).
    static func button(
        _ element: AccessibilityElement, classes: String, style: [CSSDeclaration] = [], extra: [HTMLAttribute] = [], _ children: [HTMLNode]
    ) -> HTMLNode {
        var attributes: [HTMLAttribute] = [.attribute("type", "button"), .class(classes)] + identity(element)
        attributes.append(.ariaLabel(name(element)))
        attributes += states(element)
        if let hint = element.hint { attributes.append(.title(hint)) }
        if element.traits.contains(.notEnabled) || element.defaultAction == nil { attributes.append(.flag("disabled")) }
        if !style.isEmpty { attributes.append(.style(style)) }
        return .element("button", attributes + extra, children)
    }

    /// `aria-pressed` for a toggle, `aria-current` for a selected element that is not one.
    static func states(_ element: AccessibilityElement) -> [HTMLAttribute] {
        let selected = element.traits.contains(.selected)
        if element.traits.contains(.toggle) { return [.attribute("aria-pressed", selected ? "true" : "false")] }
        return selected ? [.attribute("aria-current", "true")] : []
    }

    /// The element's named actions as buttons that show only while focused.
    static func namedActions(_ element: AccessibilityElement) -> HTMLNode {
        .group(
            element.namedActions.map { action in
                .element(
                    "button", [.attribute("type", "button"), .class("a11y-action")] + self.action(action),
                    [.text(action.name ?? action.action)])
            })
    }

    /// A heading at the element's level (`h2` when it has none), named by its label when that
    /// differs from the text it shows.
    static func heading(
        _ element: AccessibilityElement, visibleText: String?, _ attributes: [HTMLAttribute], _ children: [HTMLNode]
    ) -> HTMLNode {
        var attributes = attributes + (element.identifier.map { [.id($0)] } ?? [])
        if name(element) != visibleText { attributes.append(.ariaLabel(name(element))) }
        switch element.headingLevel ?? .h2 {
        case .h1: return .element("h1", attributes, children)
        case .h2: return .element("h2", attributes, children)
        case .h3: return .element("h3", attributes, children)
        case .h4: return .element("h4", attributes, children)
        case .h5: return .element("h5", attributes, children)
        case .h6: return .element("h6", attributes, children)
        }
    }

    /// What `visible` shows, hidden from assistive technology, and the element's words for
    /// screen readers, hidden from the eye; just `visible` when they say the same (`text`) or
    /// there is no element.
    static func spoken(_ element: AccessibilityElement?, visible: [HTMLNode], text: String? = nil) -> [HTMLNode] {
        guard let element else { return visible }
        let words = name(element)
        if let text, text == words { return visible }
        return [.span("sr-only", words), .element("span", [.class("a11y-visual"), .attribute("aria-hidden", "true")], visible)]
    }

    /// The page's live region: the latest announcement, polite or (high priority) assertive.
    static func liveRegion(_ announcement: Announcement?) -> HTMLNode {
        .element(
            "div",
            [
                .class("sr-only a11y-live"), .attribute("role", announcement?.priority == .high ? "alert" : "status"),
                .attribute("aria-live", announcement?.priority == .high ? "assertive" : "polite"), .attribute("aria-atomic", "true"),
            ],
            announcement.map { [.text($0.text)] } ?? [])
    }

    /// Rules every page has: buttons drawn as their classes say, hidden text, named actions that
    /// appear on focus, and a focus ring that reads on light and dark (a black ring outside a
    /// white one, WCAG technique C40).
    static let styles: [CSSRule] = [
        .style(
            "button",
            [
                CSSDeclaration("font", .keyword("inherit")), CSSDeclaration("color", .keyword("inherit")),
                CSSDeclaration("background", .keyword("none")), CSSDeclaration("border", .px(0)), CSSDeclaration("margin", .px(0)),
                CSSDeclaration("padding", .px(0)), CSSDeclaration("text-align", .keyword("inherit")),
                CSSDeclaration("cursor", .keyword("pointer")), CSSDeclaration("line-height", .keyword("inherit")),
            ]),
        .style("button:disabled", [CSSDeclaration("cursor", .keyword("default"))]),
        .style(
            ".sr-only, .a11y-action:not(:focus)",
            [
                CSSDeclaration("position", .keyword("absolute")), .width(1), .height(1), CSSDeclaration("margin", .px(-1)),
                CSSDeclaration("padding", .px(0)), CSSDeclaration("overflow", .keyword("hidden")),
                CSSDeclaration("clip-path", .keyword("inset(50%)")), CSSDeclaration("white-space", .keyword("nowrap")),
                CSSDeclaration("border", .px(0)),
            ]),
        .style(
            ".a11y-action:focus",
            [
                CSSDeclaration("position", .keyword("absolute")), CSSDeclaration("z-index", .number(20)), CSSDeclaration("left", .px(8)),
                CSSDeclaration("padding", .spaced([.px(8), .px(12)])), CSSDeclaration("border-radius", .px(8)),
                .background(.black), .color(.white), CSSDeclaration("font-size", .px(15)),
                CSSDeclaration("font-weight", .fontWeight(.semibold)),
            ]),
        .style(".a11y-visual", [CSSDeclaration("display", .keyword("contents"))]),
        .style(
            ":focus-visible",
            [
                CSSDeclaration("outline", .spaced([.px(3), .keyword("solid"), .color(.black)])), CSSDeclaration("outline-offset", .px(2)),
                CSSDeclaration("box-shadow", .spaced([.px(0), .px(0), .px(0), .px(2), .color(.white)])),
            ]),
    ]
}
