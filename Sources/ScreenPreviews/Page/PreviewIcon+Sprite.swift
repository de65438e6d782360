extension PreviewIcon {
    /// The symbols of `icons`, drawn once for a whole document (an SVG sprite): an `<svg>` of no
    /// size, out of the page's flow and hidden from assistive technology, holding a `<symbol>`
    /// per icon, in the order of `allCases`. Nothing when `icons` is empty.
    ///
    /// The stroke is the symbol's, in `currentColor`: a `<use>` inherits the colour of the
    /// element around its icon, so an icon still takes the colour of its text.
    public static func sprite(_ icons: Set<PreviewIcon> = Set(allCases)) -> HTMLNode {
        let symbols = allCases.filter(icons.contains).map { icon in
            HTMLNode.element(
                "symbol",
                [
                    .id(icon.symbolID), .attribute("viewBox", "0 0 24 24"), .attribute("fill", "none"),
                    .attribute("stroke", "currentColor"), .attribute("stroke-width", "2"), .attribute("stroke-linecap", "round"),
                    .attribute("stroke-linejoin", "round"),
                ],
                icon.shapes)
        }
        guard !symbols.isEmpty else { return .empty }
        return .element(
            "svg", [.class("icon-sprite"), .attribute("width", "0"), .attribute("height", "0"), .attribute("aria-hidden", "true")], symbols)
    }

    /// The icons whose symbols `node` references (its `<use>`s), for a document that defines
    /// only what it draws.
    static func used(in node: HTMLNode) -> Set<PreviewIcon> {
        let byReference = Dictionary(uniqueKeysWithValues: allCases.compactMap { icon in icon.reference.map { ($0, icon) } })
        var found = Set<PreviewIcon>()
        func visit(_ node: HTMLNode) {
            switch node.kind {
            case .text, .styleSheet:
                return
            case .group(let nodes):
                nodes.forEach(visit)
            case .element(let tag, let attributes, let children):
                if tag.hasSameText(as: "use") {
                    for attribute in attributes {
                        if case .url(let url) = attribute.value, let icon = byReference[url] { found.insert(icon) }
                    }
                }
                children.forEach(visit)
            }
        }
        visit(node)
        return found
    }
}
