/// What kind of element something is and what state it is in, as VoiceOver says it after the
/// label ("button", "heading", "selected", "dimmed").
///
/// The names are UIKit's and SwiftUI's (`.isButton`, `.isHeader`, `.isSelected`…); a view adds
/// them with `.accessibilityAddTraits`. ``notEnabled`` is SwiftUI's `.disabled(true)` (it has no
/// trait of that name). Encodes as an array of names in the order below: `["button",
/// "selected"]`.
public struct AccessibilityTraits: OptionSet, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The bits.
    public let rawValue: UInt32

    /// Traits from their bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Activating it does something (`.isButton`).
    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    /// It opens a page or a place elsewhere (`.isLink`).
    public static let link = AccessibilityTraits(rawValue: 1 << 1)
    /// It titles what follows (`.isHeader`); its level is the element's `headingLevel`.
    public static let header = AccessibilityTraits(rawValue: 1 << 2)
    /// It is the selected one of several (`.isSelected`).
    public static let selected = AccessibilityTraits(rawValue: 1 << 3)
    /// It is a picture (`.isImage`).
    public static let image = AccessibilityTraits(rawValue: 1 << 4)
    /// Text that does not change (`.isStaticText`).
    public static let staticText = AccessibilityTraits(rawValue: 1 << 5)
    /// A summary of the screen read when it appears (`.isSummaryElement`).
    public static let summaryElement = AccessibilityTraits(rawValue: 1 << 6)
    /// Its value changes on its own, such as a countdown (`.updatesFrequently`).
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 7)
    /// It cannot be used now (SwiftUI: `.disabled(true)`; UIKit: `.notEnabled`).
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 8)
    /// Swiping up or down changes its value (`.adjustable`; SwiftUI's
    /// `.accessibilityAdjustableAction`).
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 9)
    /// A button that stays on or off (`.isToggle`); ``selected`` says it is on.
    public static let toggle = AccessibilityTraits(rawValue: 1 << 10)
    /// It is shown over the rest, which is then out of reach (`.isModal`).
    public static let modal = AccessibilityTraits(rawValue: 1 << 11)

    /// Every trait with its name, in the order they are encoded and described.
    public static let named: [(trait: AccessibilityTraits, name: String)] = [
        (.button, "button"), (.link, "link"), (.header, "header"), (.selected, "selected"), (.image, "image"),
        (.staticText, "staticText"), (.summaryElement, "summaryElement"), (.updatesFrequently, "updatesFrequently"),
        (.notEnabled, "notEnabled"), (.adjustable, "adjustable"), (.toggle, "toggle"), (.modal, "modal"),
    ]

    /// The names of the traits set, in the order of ``named``.
    public var names: [String] {
        Self.named.filter { contains($0.trait) }.map(\.name)
    }

    /// `button, selected`.
    public var description: String { names.joined(separator: ", ") }

    /// Decodes an array of names; an unknown name is a decoding error that quotes it.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var traits: AccessibilityTraits = []
        while !container.isAtEnd {
            let name = try container.decode(String.self)
            guard let trait = Self.named.first(where: { $0.name == name })?.trait else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown accessibility trait \"\(name)\"")
            }
            traits.insert(trait)
        }
        self = traits
    }

    /// Encodes as an array of names.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(names)
    }
}
