import SharedNetworking

/// `index.html` of a directory of previews: every page with its title and caption, each shown
/// live in a sandboxed frame (no script, no navigation) at phone size, and linked.
public struct PreviewIndex: Sendable {
    /// One page in the index.
    public struct Entry: Sendable {
        /// The page's file, relative to the index.
        public var file: SafeURL
        /// The page's title.
        public var title: String
        /// What state the page shows.
        public var caption: String

        /// An entry from its parts.
        public init(file: SafeURL, title: String, caption: String) {
            self.file = file
            self.title = title
            self.caption = caption
        }
    }

    /// The index's title.
    public var title: String
    /// The pages, in order.
    public var entries: [Entry]
    /// Lines shown above the pages (screens that could not be drawn, how they were made).
    public var notes: [String]
    /// The phone size the pages are shown at.
    public var device: PreviewDevice

    /// An index of `entries`.
    public init(title: String, entries: [Entry], notes: [String] = [], device: PreviewDevice = .iPhone14) {
        self.title = title
        self.entries = entries
        self.notes = notes
        self.device = device
    }

    /// The index page as HTML, ready to write.
    public var html: String {
        let cards = entries.map { entry in
            HTMLNode.element(
                "figure", [.class("index-card")],
                [
                    .element(
                        "iframe",
                        [
                            .src(entry.file), .title(entry.title), .attribute("sandbox", ""),
                            .style([.width(device.width), .height(device.height)]),
                        ]),
                    .element(
                        "figcaption", [],
                        [
                            .element("a", [.href(entry.file)], [.element("strong", [], [.text(entry.title)])]), .element("br"),
                            .text(entry.caption),
                        ]),
                ])
        }
        let head = HTMLNode.element(
            "head", [],
            [
                .element("meta", [.attribute("charset", "utf-8")]),
                .element("meta", [.attribute("name", "viewport"), .attribute("content", "width=device-width, initial-scale=1")]),
                .element(
                    "meta",
                    [
                        .attribute("http-equiv", "Content-Security-Policy"),
                        .attribute(
                            "content",
                            "default-src 'none'; frame-src file: http: https:; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
                        ),
                    ]),
                .element("title", [], [.text(title)]),
                .styleSheet(styles),
            ])
        let body = HTMLNode.element(
            "body", [],
            [
                // Every part of the page in a landmark: the title and notes are its banner.
                .element(
                    "header", [],
                    [.element("h1", [], [.text(title)]), .group(notes.map { .element("p", [.class("index-note")], [.text($0)]) })]),
                .element("main", [], cards),
            ])
        return "<!DOCTYPE html>\n" + HTMLNode.element("html", [.attribute("lang", "en")], [head, body]).html + "\n"
    }

    var styles: [CSSRule] {
        [
            .style(
                "body",
                [
                    CSSDeclaration("margin", .px(0)), CSSDeclaration("padding", .px(32)),
                    CSSDeclaration("font-family", PreviewChrome.fontStack),
                    .background(device.deskColor), .color(device.captionColor),
                ]),
            .style("h1", [CSSDeclaration("margin", .spaced([.px(0), .px(0), .px(16)])), CSSDeclaration("font-size", .px(28))]),
            .style(".index-note", [CSSDeclaration("margin", .spaced([.px(0), .px(0), .px(8)]))]),
            .style(
                "main",
                [
                    CSSDeclaration("display", .keyword("flex")), CSSDeclaration("flex-wrap", .keyword("wrap")),
                    CSSDeclaration("gap", .px(40)),
                    CSSDeclaration("margin-top", .px(24)),
                ]),
            .style(".index-card", [CSSDeclaration("margin", .px(0)), .width(device.width)]),
            .style(
                "iframe",
                [
                    CSSDeclaration("display", .keyword("block")), CSSDeclaration("border", .keyword("0")),
                    CSSDeclaration("border-radius", .px(device.cornerRadius)),
                    CSSDeclaration("box-shadow", .spaced([.px(0), .px(0), .px(0), .px(11), .color(device.bezelColor)])),
                    .background(.white),
                ]),
            .style(
                "figcaption",
                [
                    CSSDeclaration("margin-top", .px(24)), CSSDeclaration("font-size", .px(13)),
                    CSSDeclaration("text-align", .keyword("center")),
                ]),
        ]
    }
}
