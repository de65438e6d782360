/// Style values are equal when they are made of equal parts, so that what was written for one
/// can be kept for the next (``LiveStyleCache``): a live page writes the same rules and the same
/// elements' declarations on every render. Numbers compare by their bits (a NaN equals itself,
/// so it is kept once like any other value), literals by their text.
extension CSSValue: Hashable {
    /// Whether both are the same case with equal parts.
    public static func == (lhs: CSSValue, rhs: CSSValue) -> Bool {
        switch (lhs, rhs) {
        case (.px(let left), .px(let right)), (.percent(let left), .percent(let right)), (.number(let left), .number(let right)):
            left.bitPattern == right.bitPattern
        case (.color(let left), .color(let right)): left == right
        case (.translucent(let left, let leftAlpha), .translucent(let right, let rightAlpha)):
            left == right && leftAlpha.bitPattern == rightAlpha.bitPattern
        case (.keyword(let left), .keyword(let right)): CSSLiteral.equal(left, right)
        case (.fontWeight(let left), .fontWeight(let right)): left == right
        case (.fontFamily(let left), .fontFamily(let right)): left == right
        case (.spaced(let left), .spaced(let right)), (.commaSeparated(let left), .commaSeparated(let right)): left == right
        case (.function(let left, let leftArguments), .function(let right, let rightArguments)):
            CSSLiteral.equal(left, right) && leftArguments == rightArguments
        case (.image(let left), .image(let right)): left == right
        default: false
        }
    }

    /// The parts (cases with equal parts may hash alike; equality tells them apart).
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .px(let value), .percent(let value), .number(let value): hasher.combine(value.bitPattern)
        case .color(let color): hasher.combine(color)
        case .translucent(let color, let alpha):
            hasher.combine(color)
            hasher.combine(alpha.bitPattern)
        case .keyword(let keyword): CSSLiteral.hash(keyword, into: &hasher)
        case .fontWeight(let weight): hasher.combine(weight)
        case .fontFamily(let font): hasher.combine(font)
        case .spaced(let values), .commaSeparated(let values): hasher.combine(values)
        case .function(let name, let arguments):
            CSSLiteral.hash(name, into: &hasher)
            hasher.combine(arguments)
        case .image(let url): hasher.combine(url)
        }
    }
}

/// Equal when the property's text and the value are.
extension CSSDeclaration: Hashable {
    /// Whether the property's text and the value are equal.
    public static func == (lhs: CSSDeclaration, rhs: CSSDeclaration) -> Bool {
        CSSLiteral.equal(lhs.property, rhs.property) && lhs.value == rhs.value
    }

    /// The property's text and the value.
    public func hash(into hasher: inout Hasher) {
        CSSLiteral.hash(property, into: &hasher)
        hasher.combine(value)
    }
}

/// Equal when the selector's text and the declarations are (or the width and the rules).
extension CSSRule: Hashable {
    /// Whether both are the same case with equal parts.
    public static func == (lhs: CSSRule, rhs: CSSRule) -> Bool {
        switch (lhs, rhs) {
        case (.style(let left, let leftDeclarations), .style(let right, let rightDeclarations)):
            CSSLiteral.equal(left, right) && leftDeclarations == rightDeclarations
        case (.minWidth(let left, let leftRules), .minWidth(let right, let rightRules)):
            left.bitPattern == right.bitPattern && leftRules == rightRules
        default: false
        }
    }

    /// The case and its parts.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .style(let selector, let declarations):
            hasher.combine(0 as UInt8)
            CSSLiteral.hash(selector, into: &hasher)
            hasher.combine(declarations)
        case .minWidth(let width, let rules):
            hasher.combine(1 as UInt8)
            hasher.combine(width.bitPattern)
            hasher.combine(rules)
        }
    }
}

/// A `StaticString` (a selector, a property, a keyword) compared and hashed by its UTF-8 text.
private enum CSSLiteral {
    static func equal(_ left: StaticString, _ right: StaticString) -> Bool {
        left.hasSameText(as: right)
    }

    static func hash(_ literal: StaticString, into hasher: inout Hasher) {
        literal.hashText(into: &hasher)
    }
}
