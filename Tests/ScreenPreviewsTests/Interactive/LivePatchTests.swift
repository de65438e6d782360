import ScreenPreviews
import SharedNetworking
import Testing

/// A live page is sent what changed: the patch between two trees, applied to the first, is the
/// second, and what did not change is not sent.
@Suite("Live trees and patches")
struct LivePatchTests {
    static func tree(_ node: HTMLNode) -> LiveTree {
        var sheet = LiveStyleSheet()
        return LiveTree(node, sheet: &sheet)
    }

    static func list(_ items: [String], selected: String? = nil, title: String = "Visits") -> HTMLNode {
        .element(
            "main", [.class("content")],
            [
                .element("h1", [], [.text(title)]),
                .element(
                    "ul", [],
                    items.map { item in
                        .element(
                            "li", [.id(item)] + (item == selected ? [.attribute("aria-selected", "true")] : []),
                            [.text("Visit "), .text(item)])
                    }),
            ])
    }

    @Test func theTreeIsWhatABrowserReadsFromTheMarkup() {
        let node = HTMLNode.element(
            "div", [.class("a"), .style([.color(.black)])],
            [.text("one "), .group([.text("two"), .empty]), .text(""), .element("img", [.attribute("alt", "x")], [.text("ignored")])])
        var sheet = LiveStyleSheet()
        let tree = LiveTree(node, sheet: &sheet)
        guard case .element("div", let attributes, let children) = tree.nodes.first?.kind else {
            Issue.record("no div")
            return
        }
        #expect(!attributes.contains { $0.name == "style" }, "styles become classes of the sheet")
        #expect(attributes.first { $0.name == "class" }?.value.hasPrefix("a s") == true)
        #expect(children.count == 2, "adjacent text is one node, empty text none")
        #expect(children.first == .text("one two"))
        #expect(children.last?.children.isEmpty == true, "a void element has no children")
        var same = LiveStyleSheet()
        #expect(tree.html == LiveMarkup.html(node, sheet: &same), "the tree writes the markup the page is served")
    }

    /// An element whose attributes changed is sent what changed: a flipped `aria-pressed` is
    /// one attribute, not the button's whole list; a removed one is named.
    @Test func onlyTheChangedAttributesAreSent() throws {
        func button(pressed: Bool, hint: Bool) -> HTMLNode {
            .element(
                "button",
                [
                    .class("day"), .id("day-11"), .attribute("data-action", "toggle-day"),
                    .attribute("aria-pressed", pressed ? "true" : "false"),
                ]
                    + (hint ? [.title("Shows or hides this day's visits.")] : []),
                [.text("11")])
        }
        let before = Self.tree(button(pressed: false, hint: true)), after = Self.tree(button(pressed: true, hint: false))
        let patch = LivePatch.between(before, after)
        #expect(
            patch.operations == [
                .attributes(
                    path: [0], tag: "button",
                    changes: LivePatch.AttributeChanges(set: [LiveAttribute("aria-pressed", "true")], removed: ["title"]))
            ])
        #expect(try patch.applied(to: before) == after)
        let added = LivePatch.between(after, before)
        #expect(try added.applied(to: after) == before, "a new attribute goes at the end, where the new list has it")
        guard case .element(_, let attributes, _) = after.nodes[0].kind else { return }
        let wholeList = attributes.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 6 }
        #expect(patch.payloadBytes < wholeList, "the changed value and the removed name, not the list")
    }

    @Test func anUnchangedScreenIsAnEmptyPatch() {
        let screen = Self.list(["a", "b", "c"])
        #expect(LivePatch.between(Self.tree(screen), Self.tree(screen)).isEmpty)
    }

    @Test(arguments: [
        (["a", "b", "c"], ["a", "b", "c", "d"], nil as String?, "Visits"),
        (["a", "b", "c"], ["a", "x", "b", "c"], nil, "Visits"),
        (["a", "b", "c"], ["a", "c"], nil, "Visits"),
        (["a", "b", "c"], ["c", "b", "a"], nil, "Visits"),
        (["a", "b", "c"], ["a", "b", "c"], "b", "Visits"),
        (["a", "b", "c"], ["a", "b", "c"], nil, "Today"),
        ([], ["a"], nil, "Visits"),
        (["a"], [], nil, "Visits"),
        (["a", "x", "b", "c", "d"], ["a", "b", "c", "x", "d"], nil, "Visits"),
        (["a", "b", "c", "d"], ["b", "a", "d", "c"], nil, "Visits"),
        (["a", "b", "c"], ["d", "e"], nil, "Visits"),
    ])
    func thePatchTurnsTheOldTreeIntoTheNew(old: [String], new: [String], selected: String?, title: String) throws {
        let before = Self.tree(Self.list(old)), after = Self.tree(Self.list(new, selected: selected, title: title))
        let patch = LivePatch.between(before, after)
        #expect(try patch.applied(to: before) == after)
        #expect(patch.payloadBytes < after.html.utf8.count, "a patch is smaller than the screen")
    }

    /// An element moving among its siblings (the selection's disc following a scrub) is sent
    /// again; the siblings it passes keep their identity on the page, as the morph keeps them.
    @Test func siblingsAMovingElementPassesAreKept() throws {
        let before = Self.tree(Self.list(["a", "b", "disc", "c", "d", "e", "f"]))
        let after = Self.tree(Self.list(["a", "b", "c", "d", "e", "disc", "f"]))
        let patch = LivePatch.between(before, after)
        #expect(try patch.applied(to: before) == after)
        let sent = patch.operations.flatMap { operation -> [String?] in
            guard case .splice(_, _, _, _, let nodes) = operation else { return [] }
            return nodes.map(\.key)
        }
        #expect(sent == ["disc"], "only the moving element is sent again, not \(sent)")
    }

    /// A selection's actions (buttons without an `id`) follow the selected element: when the
    /// selection moves to the next one, the buttons, one of which has the focus, stay the same
    /// elements and the element they pass is sent again instead, as the page's morph does it.
    @Test func controlsFollowingASelectionAreKept() throws {
        func grid(_ order: [String]) -> LiveTree {
            Self.tree(
                .element(
                    "div", [],
                    order.map { $0 == "next" || $0 == "previous" ? .element("button", [], [.text($0)]) : .element("span", [.id($0)], []) }))
        }
        let before = grid(["a", "b", "next", "previous", "c", "d"]), after = grid(["a", "b", "c", "next", "previous", "d"])
        let patch = LivePatch.between(before, after)
        #expect(try patch.applied(to: before) == after)
        let sent = patch.operations.flatMap { operation -> [String] in
            guard case .splice(_, _, _, _, let nodes) = operation else { return [] }
            return nodes.map(\.html)
        }
        #expect(sent == [#"<span id="c"></span>"#], "the buttons were sent again: \(sent)")
    }

    @Test func keptElementsAreNotSentAgain() throws {
        let before = Self.tree(Self.list(["a", "b", "c", "d", "e"]))
        let after = Self.tree(Self.list(["a", "b", "x", "c", "d", "e"]))
        let patch = LivePatch.between(before, after)
        #expect(patch.operations.count == 1)
        guard case .splice(let path, let tag, let at, let remove, let nodes) = patch.operations.first else {
            Issue.record("expected one splice, got \(patch.operations)")
            return
        }
        #expect(path == [0, 1] && tag == "ul" && at == 2 && remove == 0 && nodes.map(\.key) == ["x"])
    }

    @Test func aTextChangeIsOneTextOperation() throws {
        let before = Self.tree(Self.list(["a"], title: "Visits"))
        let after = Self.tree(Self.list(["a"], title: "Today"))
        #expect(LivePatch.between(before, after).operations == [.text(path: [0, 0, 0], text: "Today")])
    }

    @Test func aPatchForAnotherTreeIsRefused() {
        let patch = LivePatch.between(Self.tree(Self.list(["a"], title: "Visits")), Self.tree(Self.list(["a"], title: "Today")))
        #expect(throws: LivePatch.Mismatch.self) { try patch.applied(to: Self.tree(.element("p", [], []))) }
    }

    /// The screen's size is told without writing it when a patch is smaller than its unescaped
    /// bytes: those are never more than the markup's, and are all of it when nothing is escaped.
    @Test func theMinimumMarkupBytesNeverExceedTheMarkup() {
        let plain = Self.tree(
            .div(
                [.class("row"), .id("r1"), .flag("hidden")],
                [.element("img", [.attribute("alt", "x")]), .element("path", [.attribute("d", "M0 0")]), .text("Visits")]))
        #expect(plain.minimumMarkupBytes == plain.html.utf8.count)
        let escaped = Self.tree(.div([.attribute("title", "\"a\" & 'b'")], [.text("<script> \u{0} \u{85} Ølse & é")]))
        #expect(escaped.minimumMarkupBytes < escaped.html.utf8.count)
        let list = Self.tree(Self.list(["a", "b", "<c>"], selected: "b"))
        #expect(list.minimumMarkupBytes <= list.html.utf8.count)
        #expect(list.minimumMarkupBytes > 0)
    }
}
