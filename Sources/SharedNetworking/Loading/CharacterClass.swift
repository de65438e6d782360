/// What kind of character a decoded byte is, for judging how natural a reading of 8-bit text is.
///
/// The classes are the ones whose placement tells encodings apart: a curly quote belongs next to
/// a space, an accented letter inside a word, a degree sign next to a number; a capital letter
/// after a lowercase one, a math symbol inside a word or a C1 control character is what a wrong
/// encoding produces.
enum CharacterClass: UInt8, Sendable, CaseIterable {
    /// White space, ASCII punctuation (including the JSON string's own `"`), the start or end of
    /// the text: what separates words.
    case boundary
    case digit
    case lower
    case upper
    /// `“ ‘ „ ‚ « ‹`
    case openingQuote
    /// `” » ›`
    case closingQuote
    /// `’`, also the typographic apostrophe.
    case apostrophe
    /// `– —`
    case dash
    /// `…`
    case ellipsis
    /// `• ·`
    case bullet
    /// `¡ ¿`
    case invertedMark
    /// `§ ¶ † ‡`
    case otherPunctuation
    /// Symbols that go with numbers: `° ± × ÷ ¹ ² ³ ¼ ½ ¾ µ ª º ¢ £ ¥ € ¤ ‰ ¦ ¬`.
    case numericSymbol
    /// `© ® ™`
    case mark
    /// Mathematical and typesetting symbols (`√ ∫ π Ω ≠ ◊ ƒ ﬁ`), spacing accents (`ˆ ˜ ¨ ´`), the
    /// Apple logo: rare in any feed's text, which is how a Mac OS Roman misreading shows.
    case rareSymbol
    /// U+00AD, a hyphenation point: only between letters.
    case softHyphen
    /// C0 controls other than tab and line breaks, C1 controls (what ISO 8859-1 makes of
    /// Windows-1252 punctuation), unassigned bytes.
    case control

    var isLetter: Bool { self == .lower || self == .upper }

    /// Neither a letter nor a digit: the character ends a word.
    var isBreak: Bool { !isLetter && self != .digit }

    init(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        switch value {
        case 0x61...0x7A: self = .lower
        case 0x41...0x5A: self = .upper
        case 0x30...0x39: self = .digit
        case 0x09, 0x0A, 0x0D, 0x20...0x7E: self = .boundary
        case 0x00...0x1F, 0x7F...0x9F: self = .control
        case 0xA0, 0x2000...0x200A, 0x202F: self = .boundary
        case 0xAD: self = .softHyphen
        case 0x201C, 0x2018, 0x201E, 0x201A, 0xAB, 0x2039: self = .openingQuote
        case 0x201D, 0xBB, 0x203A: self = .closingQuote
        case 0x2019: self = .apostrophe
        case 0x2013, 0x2014: self = .dash
        case 0x2026: self = .ellipsis
        case 0x2022, 0xB7: self = .bullet
        case 0xA1, 0xBF: self = .invertedMark
        case 0xA7, 0xB6, 0x2020, 0x2021: self = .otherPunctuation
        case 0xB0, 0xB1, 0xD7, 0xF7, 0xB9, 0xB2, 0xB3, 0xBC, 0xBD, 0xBE, 0xB5, 0xAA, 0xBA, 0xA2, 0xA3, 0xA5, 0x20AC, 0xA4, 0x2030, 0xA6,
            0xAC:
            self = .numericSymbol
        case 0xA9, 0xAE, 0x2122: self = .mark
        // Letters by Unicode's reckoning that read as symbols in running text.
        case 0x0192, 0x03C0, 0x03A9, 0xFB01, 0xFB02: self = .rareSymbol
        default:
            let properties = scalar.properties
            if properties.isLowercase {
                self = .lower
            } else if properties.isUppercase {
                self = .upper
            } else if properties.generalCategory == .unassigned || properties.generalCategory == .control {
                self = .control
            } else {
                self = .rareSymbol
            }
        }
    }
}
