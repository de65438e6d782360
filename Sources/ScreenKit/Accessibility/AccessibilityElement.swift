/// What an assistive technology says and offers for one element a person can reach: the words
/// VoiceOver speaks, the value that changes, a hint, the traits, the actions, and how the
/// element groups its children.
///
/// Every exercise's view state carries one of these on every element a person can reach, built
/// by the module's pure builder from the injected locale, so the words are tested like any
/// other text and a renderer only binds them. In SwiftUI:
///
/// | Field | SwiftUI |
/// | --- | --- |
/// | ``label`` | `.accessibilityLabel(Text(element.label))` |
/// | ``value`` | `.accessibilityValue(Text(value))` |
/// | ``hint`` | `.accessibilityHint(Text(hint))` |
/// | ``traits`` | `.accessibilityAddTraits(...)` (see ``AccessibilityTraits``) |
/// | ``actions`` | the button's own action, and `.accessibilityAction(named:)` for each named one |
/// | ``children`` | `.accessibilityElement(children: .ignore)` (or `.combine`, `.contain`) |
/// | ``sortPriority`` | `.accessibilitySortPriority(priority)` |
/// | ``headingLevel`` | `.accessibilityHeading(.h1)` … |
/// | ``identifier`` | `.accessibilityIdentifier(identifier)` |
///
/// Encodes with only what applies: `{"label": "…"}`, plus `value`, `hint`, `traits` (an array of
/// names), `actions`, `children`, `sortPriority`, `headingLevel` and `identifier` when set
/// (`exercises <name> --json`, Docs/Accessibility.md).
public struct AccessibilityElement: Sendable, Hashable, Codable {
    /// What the element is, in whole words in the user's language: `Packers at Vikings, Sunday,
    /// September 13, week 1, final, Packers won 43 to 34`. Never empty for an element a person
    /// can reach.
    public var label: String
    /// What changes while the element stays the same (`8 seconds`, `selected`), or `nil`.
    public var value: String?
    /// What happens on activation, when the label does not make it obvious (`Opens the
    /// calendar.`), or `nil`.
    public var hint: String?
    /// What kind of element it is and its state (button, header, selected…).
    public var traits: AccessibilityTraits
    /// What a person can do with it: the default action (a double tap, Enter or Space) and any
    /// named ones, each naming the view-model method it calls.
    public var actions: [AccessibilityAction]
    /// How the element treats the elements inside it; `nil` for an element without children.
    public var children: AccessibilityChildren?
    /// Read before lower priorities among its siblings (SwiftUI's sort priority); `nil` keeps
    /// the reading order of the screen.
    public var sortPriority: Double?
    /// The heading's level when ``traits`` contains ``AccessibilityTraits/header``.
    public var headingLevel: AccessibilityHeadingLevel?
    /// A name that stays the same while the label changes, unique on its screen (`game-2020-1`,
    /// `day-2020-09-13`): UI tests and the HTML previews' element ids use it.
    public var identifier: String?

    /// An element from its parts; only the label is required.
    public init(
        label: String, value: String? = nil, hint: String? = nil, traits: AccessibilityTraits = [],
        actions: [AccessibilityAction] = [], children: AccessibilityChildren? = nil, sortPriority: Double? = nil,
        headingLevel: AccessibilityHeadingLevel? = nil, identifier: String? = nil
    ) {
        self.label = label
        self.value = value
        self.hint = hint
        self.traits = traits
        self.actions = actions
        self.children = children
        self.sortPriority = sortPriority
        self.headingLevel = headingLevel
        self.identifier = identifier
    }

    /// A heading at `level`: the header trait with its level.
    public static func heading(_ label: String, level: AccessibilityHeadingLevel, identifier: String? = nil) -> AccessibilityElement {
        AccessibilityElement(label: label, traits: .header, headingLevel: level, identifier: identifier)
    }

    /// The action a double tap (Enter, Space, a click) performs, if any.
    public var defaultAction: AccessibilityAction? {
        actions.first { $0.name == nil }
    }

    /// The named actions, in order (the VoiceOver rotor's "Actions").
    public var namedActions: [AccessibilityAction] {
        actions.filter { $0.name != nil }
    }

    private enum CodingKeys: String, CodingKey {
        case label, value, hint, traits, actions, children, sortPriority, headingLevel, identifier
    }

    /// Decodes the form ``encode(to:)`` writes; absent fields take their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = try container.decode(String.self, forKey: .label)
        value = try container.decodeIfPresent(String.self, forKey: .value)
        hint = try container.decodeIfPresent(String.self, forKey: .hint)
        traits = try container.decodeIfPresent(AccessibilityTraits.self, forKey: .traits) ?? []
        actions = try container.decodeIfPresent([AccessibilityAction].self, forKey: .actions) ?? []
        children = try container.decodeIfPresent(AccessibilityChildren.self, forKey: .children)
        sortPriority = try container.decodeIfPresent(Double.self, forKey: .sortPriority)
        headingLevel = try container.decodeIfPresent(AccessibilityHeadingLevel.self, forKey: .headingLevel)
        identifier = try container.decodeIfPresent(String.self, forKey: .identifier)
    }

    /// Encodes the label and only the fields that apply (no empty traits or actions).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(label, forKey: .label)
        try container.encodeIfPresent(value, forKey: .value)
        try container.encodeIfPresent(hint, forKey: .hint)
        if !traits.isEmpty { try container.encode(traits, forKey: .traits) }
        if !actions.isEmpty { try container.encode(actions, forKey: .actions) }
        try container.encodeIfPresent(children, forKey: .children)
        try container.encodeIfPresent(sortPriority, forKey: .sortPriority)
        try container.encodeIfPresent(headingLevel, forKey: .headingLevel)
        try container.encodeIfPresent(identifier, forKey: .identifier)
    }
}

/// How an element treats the elements inside it: SwiftUI's `AccessibilityChildBehavior`.
public enum AccessibilityChildren: String, Sendable, Hashable, Codable, CaseIterable {
    /// One element that speaks its own label; the children are not reached one by one (a game
    /// row, a visit card).
    case ignore
    /// One element whose label is its children's, joined.
    case combine
    /// A container: its children are reached one by one, in order (a section, a grid).
    case contain
}

/// A heading's level, as HTML's `h1`…`h6` and SwiftUI's `AccessibilityHeadingLevel`.
public enum AccessibilityHeadingLevel: Int, Sendable, Hashable, Codable, CaseIterable {
    /// The screen's title.
    case h1 = 1
    /// A section.
    case h2
    /// A part of a section.
    case h3
    /// Deeper levels, for completeness.
    case h4
    /// Deeper levels, for completeness.
    case h5
    /// Deeper levels, for completeness.
    case h6
}
