/// A live page's screen as the tree of nodes a browser builds from its markup: what a server
/// keeps of the last screen it sent, to send the next one as the changes between them
/// (``LivePatch``) instead of the whole phone.
///
/// Built from a ``PreviewScreen`` the way ``LiveMarkup`` writes it (every `style` attribute a
/// class of the session's ``LiveStyleSheet``), and normalised as an HTML parser would read the
/// markup back: groups are flattened, adjacent text joined, empty text dropped, a tag that may
/// not be written replaced by its children. ``html`` is the markup itself, so the whole screen and
/// its patches come from one tree.
///
/// Each node carries the hash of its whole subtree, computed once when the tree is built: two
/// trees are compared subtree by subtree, and an unchanged part of a screen (most of it, after
/// one tap) costs one comparison of two integers.
public struct LiveTree: Sendable, Equatable {
    /// The nodes the page's root holds: the phone.
    public var nodes: [LiveNode]

    /// The tree of `screen` on `device`, its styles added to `sheet`.
    public init(_ screen: PreviewScreen, device: PreviewDevice = .iPhone14, sheet: inout LiveStyleSheet) {
        sheet.add(PreviewChrome.styles(device))
        sheet.add(screen.styles)
        self.init(PreviewChrome.figure(screen, device: device), sheet: &sheet)
    }

    /// The tree of any node, its `style` attributes moved into `sheet` as classes.
    public init(_ node: HTMLNode, sheet: inout LiveStyleSheet) {
        let builder = LiveTreeBuilder(sheet: sheet)
        nodes = builder.nodes(of: [node])
        sheet = builder.sheet
    }

    /// Nodes as they are.
    public init(nodes: [LiveNode]) {
        self.nodes = nodes
    }

    /// The markup.
    public var html: String {
        var output = ""
        for node in nodes { node.write(to: &output) }
        return output
    }

    /// At most the UTF-8 byte count of ``html``, counted without writing it: the text and
    /// attribute values as they are before escaping, which only ever lengthens them. A patch
    /// smaller than this is smaller than the screen, with no markup written to tell.
    public var minimumMarkupBytes: Int {
        nodes.reduce(0) { $0 + $1.minimumMarkupBytes }
    }
}

/// One node of a ``LiveTree``: an element with its attributes and children, or text.
public struct LiveNode: Sendable, Equatable {
    /// What the node is.
    public enum Kind: Sendable, Equatable {
        /// `<tag attributes…>children…</tag>`.
        case element(tag: String, attributes: [LiveAttribute], children: [LiveNode])
        /// Text (unescaped; escaped when written).
        case text(String)
    }

    /// What the node is.
    public let kind: Kind
    /// The hash of the node and everything under it.
    public let hash: Int

    /// A node, its hash computed from its kind (children's hashes included).
    public init(_ kind: Kind) {
        self.kind = kind
        var hasher = Hasher()
        switch kind {
        case .text(let text):
            hasher.combine(0)
            hasher.combine(text)
        case .element(let tag, let attributes, let children):
            hasher.combine(1)
            hasher.combine(tag)
            for attribute in attributes {
                hasher.combine(attribute.name)
                hasher.combine(attribute.value)
            }
            hasher.combine(children.count)
            for child in children { hasher.combine(child.hash) }
        }
        hash = hasher.finalize()
    }

    /// An element.
    public static func element(_ tag: String, _ attributes: [LiveAttribute] = [], _ children: [LiveNode] = []) -> LiveNode {
        LiveNode(.element(tag: tag, attributes: attributes, children: children))
    }

    /// Text.
    public static func text(_ text: String) -> LiveNode { LiveNode(.text(text)) }

    /// `#text`, or the element's tag: what the page checks before it patches a node.
    public var name: String {
        switch kind {
        case .text: "#text"
        case .element(let tag, _, _): tag
        }
    }

    /// The element's `id`, by which a page keeps an element across renders (focus, scroll).
    public var key: String? {
        guard case .element(_, let attributes, _) = kind else { return nil }
        return attributes.first { $0.name == "id" }?.value
    }

    /// The element's children (none for text).
    public var children: [LiveNode] {
        guard case .element(_, _, let children) = kind else { return [] }
        return children
    }

    /// Equal content: the hashes first, then the content itself (a hash is not a proof).
    public static func == (lhs: LiveNode, rhs: LiveNode) -> Bool {
        lhs.hash == rhs.hash && lhs.kind == rhs.kind
    }

    /// The node's markup, appended to `output`.
    public func write(to output: inout String) {
        switch kind {
        case .text(let text):
            output += HTMLEscaping.text(text)
        case .element(let tag, let attributes, let children):
            HTMLNode.writeElement(tag, childless: children.isEmpty, to: &output) { output in
                for attribute in attributes { attribute.write(to: &output) }
            } children: { output in
                for child in children { child.write(to: &output) }
            }
        }
    }

    /// At most the UTF-8 byte count of the node's markup: its tags, attribute names and
    /// quotes as ``write(to:)`` writes them, text and values unescaped.
    var minimumMarkupBytes: Int {
        switch kind {
        case .text(let text):
            return text.utf8.count
        case .element(let tag, let attributes, let children):
            // `<tag` and `>`; each attribute ` name` or ` name="value"`.
            let start = attributes.reduce(tag.utf8.count + 2) { $0 + 1 + $1.name.utf8.count + ($1.isFlag ? 0 : $1.value.utf8.count + 3) }
            if HTMLNode.voidElements.contains(tag) { return start }
            if HTMLNode.svgShapes.contains(tag) && children.isEmpty { return start + 1 }
            return children.reduce(start + tag.utf8.count + 3) { $0 + $1.minimumMarkupBytes }
        }
    }

    /// The node's markup.
    public var html: String {
        var output = ""
        write(to: &output)
        return output
    }
}

/// An attribute of a ``LiveNode``, its value as the page's DOM reads it (empty for a boolean
/// attribute such as `hidden`).
public struct LiveAttribute: Sendable, Hashable {
    /// The name.
    public var name: String
    /// The value, unescaped.
    public var value: String
    /// Whether it is written without a value (`hidden`, `inert`).
    public var isFlag: Bool

    /// An attribute.
    public init(_ name: String, _ value: String, isFlag: Bool = false) {
        self.name = name
        self.value = value
        self.isFlag = isFlag
    }

    func write(to output: inout String) {
        output += isFlag ? " " + name : " \(name)=\"\(HTMLEscaping.attribute(value))\""
    }
}

/// Turns ``HTMLNode``s into ``LiveNode``s as the browser will see them.
private final class LiveTreeBuilder {
    var sheet: LiveStyleSheet

    init(sheet: LiveStyleSheet) {
        self.sheet = sheet
    }

    func nodes(of nodes: [HTMLNode]) -> [LiveNode] {
        var result: [LiveNode] = []
        var pendingText = ""
        append(nodes, to: &result, text: &pendingText)
        if !pendingText.isEmpty { result.append(.text(pendingText)) }
        return result
    }

    private func append(_ nodes: [HTMLNode], to result: inout [LiveNode], text pendingText: inout String) {
        for node in nodes {
            switch node.kind {
            case .text(let text):
                pendingText += text
            case .group(let children):
                append(children, to: &result, text: &pendingText)
            case .styleSheet:
                // A live page's styles are its sheet's; a <style> inside a screen has no place there.
                continue
            case .element(let tag, let attributes, let children):
                let name = tag.description
                guard HTMLName.isValid(name), !HTMLName.isScript(name) else {
                    append(children, to: &result, text: &pendingText)
                    continue
                }
                if !pendingText.isEmpty {
                    result.append(.text(pendingText))
                    pendingText = ""
                }
                let moved = HTMLAttribute.movingStyles(attributes) { self.sheet.className(for: $0) }
                let kids = HTMLNode.voidElements.contains(name) ? [] : self.nodes(of: children)
                result.append(.element(name, moved.compactMap(\.liveAttribute), kids))
            }
        }
    }
}

extension HTMLAttribute {
    /// The attribute as the page's DOM has it, or `nil` for one the writer leaves out (an
    /// invalid name, an `on…` handler, a URL attribute given as text).
    var liveAttribute: LiveAttribute? {
        let name = self.name.description
        guard HTMLName.isValid(name), !HTMLName.isEventHandler(name) else { return nil }
        switch value {
        case .present:
            return LiveAttribute(name, "", isFlag: true)
        case .text(let text):
            guard !["src", "href", "srcset", "action", "formaction", "xlink:href"].contains(name.lowercased()) else { return nil }
            return LiveAttribute(name, text)
        case .url(let url):
            return LiveAttribute(name, url.value)
        case .style(let declarations):
            return LiveAttribute(name, declarations.map(\.css).joined(separator: "; "))
        }
    }
}
