/// A piece of an HTML page: an element, text, a stylesheet or a group of nodes.
///
/// The builder is the escaping boundary. Text and attribute values are `String`s and are always
/// escaped when written; tag names, attribute names, CSS properties and selectors are
/// `StaticString`s, so they can only come from this module's source; `src` and `href` take a
/// ``SafeURL``. There is no "raw HTML" case, and no `<script>` is ever written.
public struct HTMLNode: Sendable {
    indirect enum Kind: Sendable {
        case element(tag: StaticString, attributes: [HTMLAttribute], children: [HTMLNode])
        case text(String)
        case styleSheet([CSSRule])
        case group([HTMLNode])
    }

    let kind: Kind

    /// `<tag attributes…>children…</tag>`.
    public static func element(_ tag: StaticString, _ attributes: [HTMLAttribute] = [], _ children: [HTMLNode] = []) -> HTMLNode {
        HTMLNode(kind: .element(tag: tag, attributes: attributes, children: children))
    }

    /// Escaped text.
    public static func text(_ text: String) -> HTMLNode { HTMLNode(kind: .text(text)) }

    /// A `<style>` element with rules built from typed values.
    public static func styleSheet(_ rules: [CSSRule]) -> HTMLNode { HTMLNode(kind: .styleSheet(rules)) }

    /// Several nodes without a wrapper.
    public static func group(_ nodes: [HTMLNode]) -> HTMLNode { HTMLNode(kind: .group(nodes)) }

    /// Nothing: renders as no text.
    public static let empty = HTMLNode.group([])

    // MARK: Shorthands

    /// A `<div>` with `attributes` around `children`.
    public static func div(_ attributes: [HTMLAttribute] = [], _ children: [HTMLNode] = []) -> HTMLNode {
        .element("div", attributes, children)
    }

    /// A `<div>` with a class, optional inline style and children.
    public static func div(_ className: String, style: [CSSDeclaration] = [], _ children: [HTMLNode] = []) -> HTMLNode {
        .element("div", [.class(className)] + (style.isEmpty ? [] : [.style(style)]), children)
    }

    /// A `<span>` holding escaped text.
    public static func span(_ className: String, _ text: String, style: [CSSDeclaration] = []) -> HTMLNode {
        .element("span", [.class(className)] + (style.isEmpty ? [] : [.style(style)]), [.text(text)])
    }

    /// An `<img>`, or nothing when there is no safe URL.
    public static func image(_ source: SafeURL?, alt: String, _ attributes: [HTMLAttribute] = []) -> HTMLNode {
        guard let source else { return .empty }
        return .element("img", [.src(source), .attribute("alt", alt)] + attributes)
    }

    // MARK: Writing

    /// The serialized HTML.
    public var html: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// HTML elements without an end tag.
    static let voidElements: Set<String> = ["img", "meta", "br", "hr", "link", "input", "source"]
    /// SVG shapes and `<use>`, written self-closed when they have no children.
    static let svgShapes: Set<String> = ["path", "circle", "rect", "line", "polyline", "use"]

    /// An element's tags around what `attributes` and `children` write: a void element has no
    /// end tag (nor children), a childless SVG shape (or `<use>`) closes itself. One rule for the page's
    /// markup and the live tree's (``LiveNode``), whose markup a patch must reproduce exactly.
    static func writeElement(
        _ name: String, childless: Bool, to output: inout String, attributes: (inout String) -> Void, children: (inout String) -> Void
    ) {
        output += "<" + name
        attributes(&output)
        if voidElements.contains(name) {
            output += ">"
            return
        }
        if svgShapes.contains(name) && childless {
            output += "/>"
            return
        }
        output += ">"
        children(&output)
        output += "</\(name)>"
    }

    /// Writes the node. With `classForStyle`, each `style` attribute becomes a class name that
    /// function chooses (merged into the element's `class`), so a page can run under a
    /// Content-Security-Policy without `'unsafe-inline'` styles (``LiveMarkup``).
    func write(to output: inout String, classForStyle: (([CSSDeclaration]) -> String)? = nil) {
        switch kind {
        case .text(let text):
            output += HTMLEscaping.text(text)
        case .group(let nodes):
            for node in nodes { node.write(to: &output, classForStyle: classForStyle) }
        case .styleSheet(let rules):
            // Selectors and values are literals and numbers; `<` never occurs, but if a future
            // literal had one it could not close the element.
            let css = rules.map(\.css).joined(separator: "\n").replacingOccurrences(of: "<", with: "\\3C ")
            output += "<style>\n\(css)\n</style>"
        case .element(let tag, let attributes, let children):
            let name = tag.description
            guard HTMLName.isValid(name), !HTMLName.isScript(name) else {
                for child in children { child.write(to: &output, classForStyle: classForStyle) }
                return
            }
            Self.writeElement(name, childless: children.isEmpty, to: &output) { output in
                for attribute in classForStyle.map({ HTMLAttribute.movingStyles(attributes, into: $0) }) ?? attributes {
                    attribute.write(to: &output)
                }
            } children: { output in
                for child in children { child.write(to: &output, classForStyle: classForStyle) }
            }
        }
    }
}

/// An attribute. Values are escaped when written; names are literals.
public struct HTMLAttribute: Sendable {
    enum Value: Sendable, Hashable {
        case text(String)
        case url(SafeURL)
        case style([CSSDeclaration])
        case present
    }

    let name: StaticString
    let value: Value

    /// An attribute with a text value, escaped when rendered.
    public static func attribute(_ name: StaticString, _ value: String) -> HTMLAttribute { HTMLAttribute(name: name, value: .text(value)) }
    /// A boolean attribute (`hidden`, `open`).
    public static func flag(_ name: StaticString) -> HTMLAttribute { HTMLAttribute(name: name, value: .present) }
    /// `class="…"`.
    public static func `class`(_ names: String) -> HTMLAttribute { .attribute("class", names) }
    /// `id="…"`.
    public static func id(_ id: String) -> HTMLAttribute { .attribute("id", id) }
    /// `style="…"` from declarations, never from text.
    public static func style(_ declarations: [CSSDeclaration]) -> HTMLAttribute {
        HTMLAttribute(name: "style", value: .style(declarations))
    }
    /// `src="…"` from a URL already checked safe.
    public static func src(_ url: SafeURL) -> HTMLAttribute { HTMLAttribute(name: "src", value: .url(url)) }
    /// `href="…"` from a URL already checked safe.
    public static func href(_ url: SafeURL) -> HTMLAttribute { HTMLAttribute(name: "href", value: .url(url)) }
    /// `aria-label="…"`, for screen readers.
    public static func ariaLabel(_ label: String) -> HTMLAttribute { .attribute("aria-label", label) }
    /// `title="…"`, a tooltip.
    public static func title(_ title: String) -> HTMLAttribute { .attribute("title", title) }

    func write(to output: inout String) {
        let name = self.name.description
        // `on…` handlers would run script; `src`/`href` must carry a SafeURL.
        guard HTMLName.isValid(name), !HTMLName.isEventHandler(name) else { return }
        switch value {
        case .present:
            output += " " + name
        case .text(let text):
            guard !["src", "href", "srcset", "action", "formaction", "xlink:href"].contains(name.lowercased()) else { return }
            output += " \(name)=\"\(HTMLEscaping.attribute(text))\""
        case .url(let url):
            output += " \(name)=\"\(HTMLEscaping.attribute(url.value))\""
        case .style(let declarations):
            output += " \(name)=\"\(HTMLEscaping.attribute(declarations.map(\.css).joined(separator: "; ")))\""
        }
    }
}

extension HTMLAttribute {
    /// `attributes` without their `style`s, whose declarations became one class (named by
    /// `classForStyle` from all of them, in order) merged into the element's `class`.
    static func movingStyles(_ attributes: [HTMLAttribute], into classForStyle: ([CSSDeclaration]) -> String) -> [HTMLAttribute] {
        // Most elements have no style, and their class (if any) first: they come out as they are.
        let unchanged = attributes.indices.allSatisfy { index in
            switch attributes[index].value {
            case .style: !attributes[index].name.hasSameText(as: "style")
            case .text: index == 0 || !attributes[index].name.hasSameText(as: "class")
            case .url, .present: true
            }
        }
        if unchanged { return attributes }
        var declarations: [CSSDeclaration] = []
        var classes: [String] = []
        var kept: [HTMLAttribute] = []
        for attribute in attributes {
            switch attribute.value {
            case .style(let list) where attribute.name.hasSameText(as: "style"): declarations += list
            case .text(let names) where attribute.name.hasSameText(as: "class"): classes.append(names)
            default: kept.append(attribute)
            }
        }
        if !declarations.isEmpty {
            classes.append(classForStyle(declarations))
        }
        return classes.isEmpty ? kept : [.class(classes.joined(separator: " "))] + kept
    }
}
