import Testing

@testable import ScreenPreviews

/// The name check reads bytes; what it accepts is defined by Unicode scalars and their
/// properties (an ASCII alphabetic scalar first, then ASCII alphabetic scalars, digits, `-`
/// and `:`). The two must agree on every name.
@Suite("HTML names")
struct HTMLNameTests {
    /// The definition, scalar by scalar, as the check was first written.
    static func isValidByScalars(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == ":")
        }
    }

    /// Scalars around every boundary of the accepted set, and beyond ASCII: letters of other
    /// scripts, digits of other scripts, combining marks, full-width forms, emoji.
    static let scalars: [Unicode.Scalar] =
        (0...0x17F).compactMap(Unicode.Scalar.init)
        + [0x391, 0x3B1, 0x410, 0x430, 0x5D0, 0x627, 0x661, 0x966, 0x1E9E, 0x212A, 0x2160, 0xFF21, 0xFF41, 0xFF10, 0x1F600]
        .compactMap(Unicode.Scalar.init)

    @Test func everyOneAndTwoScalarNameIsJudgedAsByScalars() {
        var disagreements: [String] = []
        for first in Self.scalars {
            let one = String(first)
            if HTMLName.isValid(one) != Self.isValidByScalars(one) { disagreements.append(one) }
            for second in Self.scalars {
                let two = String(first) + String(second)
                if HTMLName.isValid(two) != Self.isValidByScalars(two) { disagreements.append(two) }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20).map { $0.unicodeScalars.map { String($0.value, radix: 16) } })")
    }

    @Test func longerNamesAreJudgedAsByScalars() {
        let names = [
            "", "a", "div", "data-action", "xlink:href", "aria-label", "h1", "1a", "-a", "a-", "a:b:c", "Z9", "é", "aé", "café",
            "a b", "a\u{0}", "a\u{301}", "KELVIN\u{212A}", "ａ", "data_value", "svg", "a\n", "Ω", "span\u{FEFF}", "on-click",
        ]
        for name in names {
            #expect(HTMLName.isValid(name) == Self.isValidByScalars(name), "\(name.debugDescription)")
        }
        #expect(HTMLName.isValid("data-action") && HTMLName.isValid("xlink:href") && !HTMLName.isValid("é"))
    }

    @Test func scriptAndHandlersAreRecognisedInAnyCase() {
        for name in ["script", "SCRIPT", "Script", "sCrIpT"] { #expect(HTMLName.isScript(name), "\(name)") }
        for name in ["scripts", "scrip", "div", "noscript", ""] { #expect(!HTMLName.isScript(name), "\(name)") }
        for name in ["onclick", "ONLOAD", "On", "oNerror"] { #expect(HTMLName.isEventHandler(name), "\(name)") }
        for name in ["o", "class", "to-on", "data-on"] { #expect(!HTMLName.isEventHandler(name), "\(name)") }
    }
}
