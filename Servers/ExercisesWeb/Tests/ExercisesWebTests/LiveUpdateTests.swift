import Foundation
import ScreenPreviews
import Testing

@testable import ExercisesWeb

/// The messages a page is sent, written by hand: they must be the JSON a page's `JSON.parse`
/// reads, whatever the text in them.
@Suite("Live update messages")
struct LiveUpdateTests {
    /// Text a screen may carry: quotes, backslashes, controls, a slash, non-ASCII, an emoji,
    /// a line separator.
    static let awkward = "\"quoted\" \\ back\tslash\n\u{01}\u{1F} </script> Sorgenfrigårdsvej 🚗 \u{2028}end"

    static func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func everyMessageIsJSONWithItsFields() throws {
        let render = try Self.object(
            LiveUpdate.render(
                version: 3, ack: 7, html: "<p>\(Self.awkward)</p>", css: [".a { b: c }", Self.awkward], reset: true, title: Self.awkward
            )
            .json)
        #expect(render["type"] as? String == "render" && render["version"] as? Int == 3 && render["ack"] as? Int == 7)
        #expect(render["reset"] as? Bool == true && render["title"] as? String == Self.awkward)
        #expect(render["html"] as? String == "<p>\(Self.awkward)</p>")
        #expect(render["css"] as? [String] == [".a { b: c }", Self.awkward])

        let quiet = try Self.object(LiveUpdate.render(version: 3, ack: nil, html: nil, css: [], reset: false, title: nil).json)
        #expect(Set(quiet.keys) == ["type", "version"], "absent fields are left out, not null")

        let error = try Self.object(LiveUpdate.error(ack: 2, .unsupported(Self.awkward)).json)
        #expect(error["type"] as? String == "error" && error["ack"] as? Int == 2)
        #expect((error["message"] as? String)?.contains(Self.awkward) == true)
        #expect(try Self.object(LiveUpdate.expired.json).keys.sorted() == ["type"])
    }

    /// A patch's operations, written once and spliced into each session's message, read back as
    /// the operations ``LivePatch`` made.
    @Test func aPatchCarriesItsOperationsAsJSON() throws {
        let old = LiveTree(nodes: [.element("div", [LiveAttribute("id", "x")], [.text("before"), .element("p", [], [.text("a")])])])
        let new = LiveTree(nodes: [
            .element(
                "div", [LiveAttribute("id", "x"), LiveAttribute("title", Self.awkward)],
                [.text(Self.awkward), .element("section", [], [.text(Self.awkward)])])
        ])
        let patch = LivePatch.between(old, new)
        let message = try Self.object(
            LiveUpdate.patch(base: 1, version: 2, ack: 9, ops: LivePatchWire.json(patch), css: [], title: "T").json)
        #expect(message["type"] as? String == "patch" && message["base"] as? Int == 1 && message["css"] == nil)
        let ops = try #require(message["ops"] as? [[Any]])
        #expect(ops.count == patch.operations.count)
        for (wire, operation) in zip(ops, patch.operations) {
            switch operation {
            case .text(let path, let text):
                #expect(wire[0] as? String == "t" && wire[1] as? [Int] == path && wire[2] as? String == text)
            case .attributes(let path, let tag, let changes):
                #expect(wire[0] as? String == "a" && wire[1] as? [Int] == path && wire[2] as? String == tag)
                #expect(wire[3] as? [[String]] == changes.set.map { [$0.name, $0.value] })
                #expect((wire.count > 4 ? wire[4] as? [String] : []) == changes.removed)
            case .splice(let path, let tag, let at, let remove, let nodes):
                #expect(wire[0] as? String == "s" && wire[1] as? [Int] == path && wire[2] as? String == tag)
                #expect(wire[3] as? Int == at && wire[4] as? Int == remove)
                #expect(wire[5] as? String == nodes.map(\.html).joined())
            }
        }
        #expect(
            ops.contains {
                ($0.last as? String)?.contains(Self.awkward) == true || ($0.last as? [[String]])?.joined().contains(Self.awkward) == true
            })
    }
}
