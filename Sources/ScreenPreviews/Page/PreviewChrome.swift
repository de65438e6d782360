import SharedNetworking

/// What iOS draws around an app: the phone frame, the status bar (time, signal, battery), the
/// navigation bar and the home indicator. Shared by every screen so they look like one phone.
enum PreviewChrome {
    /// The system font first, then look-alikes that exist on Linux and Windows.
    static let fontStack: CSSValue = .keyword(
        "-apple-system, BlinkMacSystemFont, \"SF Pro Text\", \"Helvetica Neue\", Helvetica, \"Liberation Sans\", Arial, \"DejaVu Sans\", sans-serif"
    )

    /// The time every preview's status bar shows (Apple's own screenshots use it), so that
    /// screenshots do not change from run to run.
    static let statusTime = "9:41"

    static func figure(_ screen: PreviewScreen, device: PreviewDevice) -> HTMLNode {
        let bar = screen.navigationBar
        let statusBackground = bar?.background ?? screen.background
        var phone: [HTMLNode] = [
            // The system's status bar: drawn, but no part of the app a screen reader should read.
            .element(
                "div",
                [
                    .class("status-bar"), .attribute("aria-hidden", "true"),
                    .style([.background(statusBackground), .color(screen.statusBarForeground)]),
                ],
                [
                    .span("status-time", statusTime),
                    .div(
                        "status-icons",
                        [
                            .div("signal", (0..<4).map { _ in HTMLNode.div("signal-bar") }),
                            .div("battery", [.div("battery-level")]),
                        ]),
                ])
        ]
        if let bar {
            phone.append(navigationBar(bar))
        }
        // Focusable, so a keyboard can scroll it even when everything to press is in the bar.
        phone.append(
            .element(
                "main", [.class("content"), .attribute("tabindex", "0")] + (screen.isBusy ? [.attribute("aria-busy", "true")] : []),
                [AccessibleMarkup.liveRegion(screen.announcement), screen.content]))
        phone.append(.div("home-indicator", style: [.background(PreviewScreen.readable(on: screen.background))]))
        return .element(
            "figure", [.class("device"), .id(screen.slug)],
            [
                .div("phone", style: [.background(screen.background)] + widened(screen, device: device), phone),
                .element("figcaption", [], [.element("strong", [], [.text(screen.title)]), .element("br"), .text(screen.caption)]),
            ])
    }

    /// A wider width for a screen laid out wider than the device.
    static func widened(_ screen: PreviewScreen, device: PreviewDevice) -> [CSSDeclaration] {
        guard let width = screen.contentWidth, width.isFinite, width > device.width else { return [] }
        return [.width(width)]
    }

    static func navigationBar(_ bar: PreviewNavigationBar) -> HTMLNode {
        var title: [HTMLNode] = [.span("nav-title-text", bar.title, style: bar.titleFont.map(CSSDeclaration.font) ?? [])]
        var visibleText = bar.title
        if let subtitle = bar.subtitle, !subtitle.isEmpty {
            title.append(.span("nav-subtitle", subtitle, style: bar.translucentSubtitle ? [] : [CSSDeclaration("opacity", .number(1))]))
            visibleText += " " + subtitle
        }
        let tint: [CSSDeclaration] = bar.tint.map { [.color($0)] } ?? []
        let heading: HTMLNode =
            bar.titleAccessibility.map { AccessibleMarkup.heading($0, visibleText: visibleText, [.class("nav-title")], title) }
            ?? .div("nav-title", title)
        return .element(
            "header", [.class("nav-bar"), .style([.background(bar.background), .color(bar.foreground)])],
            [
                .div("nav-leading", style: tint, bar.leadingItem.map { [$0] } ?? []),
                heading,
                .div("nav-trailing", style: tint, bar.trailingItem.map { [$0] } ?? []),
            ])
    }

    static func styles(_ device: PreviewDevice) -> [CSSRule] {
        [
            .style("*, *::before, *::after", [CSSDeclaration("box-sizing", .keyword("border-box"))]),
            .style("html, body", [CSSDeclaration("margin", .px(0)), CSSDeclaration("padding", .px(0))]),
            .style(
                "body",
                [
                    CSSDeclaration("font-family", fontStack), .background(device.deskColor), CSSDeclaration("line-height", .number(1.2)),
                    CSSDeclaration("-webkit-font-smoothing", .keyword("antialiased")),
                ]),
            .style("figure", [CSSDeclaration("margin", .px(0))]),
            // The icons' symbols (PreviewIcon.sprite): no box in the page's flow, however it is laid out.
            .style(".icon-sprite", [CSSDeclaration("position", .keyword("absolute"))]),
            .style("img", [CSSDeclaration("display", .keyword("block"))]),
            .style(
                ".phone",
                [
                    CSSDeclaration("position", .keyword("relative")), .width(device.width), .height(device.height),
                    CSSDeclaration("overflow", .keyword("hidden")), CSSDeclaration("display", .keyword("flex")),
                    CSSDeclaration("flex-direction", .keyword("column")),
                ]),
            .style(
                ".status-bar",
                [
                    CSSDeclaration("flex", .keyword("none")), .height(device.statusBarHeight), CSSDeclaration("display", .keyword("flex")),
                    CSSDeclaration("align-items", .keyword("center")), CSSDeclaration("justify-content", .keyword("space-between")),
                    CSSDeclaration("padding", .spaced([.px(device.statusBarHeight * 0.3), .px(30), .px(0), .px(40)])),
                ] + CSSDeclaration.font(device.statusBarFont)),
            .style(
                ".status-icons",
                [
                    CSSDeclaration("display", .keyword("flex")), CSSDeclaration("align-items", .keyword("flex-end")),
                    CSSDeclaration("gap", .px(6)),
                ]),
            .style(
                ".signal",
                [
                    CSSDeclaration("display", .keyword("flex")), CSSDeclaration("align-items", .keyword("flex-end")),
                    CSSDeclaration("gap", .px(1.5)),
                ]),
            .style(
                ".signal-bar",
                [.width(3), CSSDeclaration("border-radius", .px(1)), CSSDeclaration("background-color", .keyword("currentColor"))]),
            .style(".signal-bar:nth-child(1)", [.height(4)]),
            .style(".signal-bar:nth-child(2)", [.height(6)]),
            .style(".signal-bar:nth-child(3)", [.height(8.5)]),
            .style(".signal-bar:nth-child(4)", [.height(11)]),
            .style(
                ".battery",
                [
                    .width(25), .height(12), CSSDeclaration("border", .spaced([.px(1), .keyword("solid"), .keyword("currentColor")])),
                    CSSDeclaration("border-radius", .px(3.5)), CSSDeclaration("padding", .px(1.5)),
                ]),
            .style(
                ".battery-level",
                [
                    .width(16), CSSDeclaration("height", .percent(100)), CSSDeclaration("border-radius", .px(1.5)),
                    CSSDeclaration("background-color", .keyword("currentColor")),
                ]),
            .style(
                ".nav-bar",
                [
                    CSSDeclaration("flex", .keyword("none")), .height(device.navigationBarHeight),
                    CSSDeclaration("display", .keyword("grid")),
                    CSSDeclaration("grid-template-columns", .spaced([.keyword("1fr"), .keyword("auto"), .keyword("1fr")])),
                    CSSDeclaration("align-items", .keyword("center")), CSSDeclaration("padding", .spaced([.px(0), .px(16)])),
                    CSSDeclaration("position", .keyword("relative")), CSSDeclaration("z-index", .number(2)),
                ] + CSSDeclaration.font(device.navigationButtonFont)),
            // A bar button is a 44 × 44 pt target (Human Interface Guidelines) whatever its icon's size.
            .style(
                ".nav-leading button, .nav-trailing button",
                [
                    CSSDeclaration("min-width", .px(44)), CSSDeclaration("min-height", .px(44)),
                    CSSDeclaration("display", .keyword("inline-flex")), CSSDeclaration("align-items", .keyword("center")),
                    CSSDeclaration("justify-content", .keyword("center")),
                ]),
            .style(
                ".nav-title",
                [
                    CSSDeclaration("text-align", .keyword("center")), CSSDeclaration("max-width", .px(device.width * 0.6)),
                    CSSDeclaration("overflow", .keyword("hidden")), CSSDeclaration("margin", .px(0)),
                    CSSDeclaration("font-size", .keyword("inherit")), CSSDeclaration("font-weight", .keyword("inherit")),
                ]),
            .style(
                ".nav-title-text",
                [
                    CSSDeclaration("display", .keyword("block")),
                    CSSDeclaration("white-space", .keyword("nowrap")), CSSDeclaration("overflow", .keyword("hidden")),
                    CSSDeclaration("text-overflow", .keyword("ellipsis")),
                ]
                    + CSSDeclaration.font(device.navigationTitleFont)),
            .style(
                ".nav-subtitle",
                [
                    CSSDeclaration("display", .keyword("block")), CSSDeclaration("opacity", .number(0.8)),
                    CSSDeclaration("white-space", .keyword("nowrap")),
                    CSSDeclaration("overflow", .keyword("hidden")), CSSDeclaration("text-overflow", .keyword("ellipsis")),
                ]
                    + CSSDeclaration.font(device.navigationSubtitleFont)),
            .style(
                ".nav-leading",
                [
                    CSSDeclaration("justify-self", .keyword("start")), CSSDeclaration("display", .keyword("flex")),
                    CSSDeclaration("align-items", .keyword("center")),
                ]),
            .style(
                ".nav-trailing",
                [
                    CSSDeclaration("justify-self", .keyword("end")), CSSDeclaration("display", .keyword("flex")),
                    CSSDeclaration("align-items", .keyword("center")),
                ]),
            .style(
                ".content",
                [
                    CSSDeclaration("flex", .keyword("1 1 auto")), CSSDeclaration("min-height", .px(0)),
                    CSSDeclaration("overflow-y", .keyword("auto")),
                    CSSDeclaration("overflow-x", .keyword("hidden")), CSSDeclaration("position", .keyword("relative")),
                    CSSDeclaration("scrollbar-width", .keyword("none")),
                    // The home indicator's strip: the last row scrolls clear of it, as a safe-area inset.
                    CSSDeclaration("padding-bottom", .px(device.homeIndicatorHeight)),
                ]),
            .style(
                ".home-indicator",
                [
                    CSSDeclaration("position", .keyword("absolute")), CSSDeclaration("bottom", .px(8)),
                    CSSDeclaration("left", .percent(50)),
                    .width(134), .height(5), CSSDeclaration("margin-left", .px(-67)), CSSDeclaration("border-radius", .px(2.5)),
                    CSSDeclaration("z-index", .number(10)),
                ]),
            .style("figcaption", [CSSDeclaration("display", .keyword("none"))]),
        ] + AccessibleMarkup.styles + [
            // Wider than the phone and its bezel: show the bezel, the desk and the captions.
            .minWidth(
                device.width + 41,
                [
                    .style(
                        "body",
                        [
                            CSSDeclaration("display", .keyword("flex")), CSSDeclaration("flex-wrap", .keyword("wrap")),
                            CSSDeclaration("gap", .px(48)), CSSDeclaration("justify-content", .keyword("center")),
                            CSSDeclaration("align-items", .keyword("flex-start")), CSSDeclaration("padding", .px(40)),
                        ]),
                    .style(
                        ".phone",
                        [
                            CSSDeclaration("border-radius", .px(device.cornerRadius)),
                            CSSDeclaration(
                                "box-shadow",
                                .commaSeparated([
                                    .spaced([.px(0), .px(0), .px(0), .px(11), .color(device.bezelColor)]),
                                    .spaced([.px(0), .px(24), .px(48), .translucent(.black, alpha: 0.35)]),
                                ])),
                        ]),
                    .style(
                        "figcaption",
                        [
                            CSSDeclaration("display", .keyword("block")), CSSDeclaration("max-width", .px(device.width)),
                            CSSDeclaration("margin-top", .px(28)), CSSDeclaration("text-align", .keyword("center")),
                            CSSDeclaration("font-size", .px(13)), .color(device.captionColor),
                        ]),
                ])
        ]
    }
}
