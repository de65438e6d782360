/// Nodes are equal when they would be written alike from equal parts: the same kind, tags and
/// attribute names of the same text (literals compared by their UTF-8 text, not their storage),
/// equal values and children. A live server keys the screens it has rendered by their value
/// (``PreviewScreen`` is `Hashable`), so that a screen that many sessions show, or that one
/// session shows again, is turned into markup once.
extension HTMLNode: Hashable {
    /// Whether both have equal kinds and parts.
    public static func == (lhs: HTMLNode, rhs: HTMLNode) -> Bool {
        lhs.kind == rhs.kind
    }

    /// The kind and its parts.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
    }
}

extension HTMLNode.Kind: Hashable {
    static func == (lhs: HTMLNode.Kind, rhs: HTMLNode.Kind) -> Bool {
        switch (lhs, rhs) {
        case (.element(let leftTag, let leftAttributes, let leftChildren), .element(let rightTag, let rightAttributes, let rightChildren)):
            leftTag.hasSameText(as: rightTag) && leftAttributes == rightAttributes && leftChildren == rightChildren
        case (.text(let left), .text(let right)): left == right
        case (.styleSheet(let left), .styleSheet(let right)): left == right
        case (.group(let left), .group(let right)): left == right
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .element(let tag, let attributes, let children):
            hasher.combine(0 as UInt8)
            tag.hashText(into: &hasher)
            hasher.combine(attributes)
            hasher.combine(children)
        case .text(let text):
            hasher.combine(1 as UInt8)
            hasher.combine(text)
        case .styleSheet(let rules):
            hasher.combine(2 as UInt8)
            hasher.combine(rules)
        case .group(let nodes):
            hasher.combine(3 as UInt8)
            hasher.combine(nodes)
        }
    }
}

/// Equal when the name's text and the value are.
extension HTMLAttribute: Hashable {
    /// Whether the names spell the same text and the values are equal.
    public static func == (lhs: HTMLAttribute, rhs: HTMLAttribute) -> Bool {
        lhs.name.hasSameText(as: rhs.name) && lhs.value == rhs.value
    }

    /// The name's text and the value.
    public func hash(into hasher: inout Hasher) {
        name.hashText(into: &hasher)
        hasher.combine(value)
    }
}
