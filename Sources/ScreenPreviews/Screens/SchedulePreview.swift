import Foundation
import Schedule
import ScreenKit
import SharedNetworking

/// The schedule as a page: the navigation bar in the root team's colours, each section's header
/// pinned with CSS `position: sticky` while its rows scroll under it (and pushed up by the next
/// one, as in a plain `UITableView`), game and bye rows at the heights and in the fonts and
/// colours of ``/Schedule/ScheduleMetrics``, and logos from the resource pipeline's disk cache (else the
/// placeholder with the tricode, as the app shows before a logo arrives or when it fails).
///
/// The row the screen opens at (the feed's `DefaultGameId`) holds the anchor `initial-row`: open
/// `schedule.html#initial-row` to see the page scrolled to it with its header pinned.
///
/// What a screen reader gets comes from the view state's accessibility: the bar's title as the
/// `h1`, each section's header as an `h2` in words (`Regular Season`), each section's rows as a
/// list whose items read as one sentence each (the drawn row hidden from it), the logos
/// decorative, and the list's named action `Refresh` as a button that shows when focused.
///
/// A saved copy or a retry (the view-model's `notice`) is drawn as a banner above the list
/// (`PreviewNoticeBanner`), and the view-model's announcement is the page's live region.
public enum SchedulePreview {
    /// The `id` of the row the screen opens at.
    public static let initialRowAnchor = "initial-row"

    /// The schedule screen for the view-model's `state`: the placeholder in the schedule's words
    /// while there is no content (``/ScreenKit/ScreenState/placeholder``, under the notice banner
    /// drawn in `contrast`'s colours), else the content with the state's notice banner and
    /// announcement, logos resolved by `images`. What every front-end draws for the schedule.
    public static func screen(
        _ state: ScreenState<ScheduleViewState>, images: PreviewImages = .localFilesOnly, contrast: ContrastPreference = .standard
    ) -> PreviewScreen {
        PreviewPlaceholder.screen(state, slug: "schedule", title: "Schedule", contrast: contrast) {
            screen($0, images: images, notice: state.notice, announcement: state.announcement)
        }
    }

    /// The schedule screen for a view state alone (a `--json` file, a test), with logos resolved
    /// by `images`; `notice` and `announcement` are the screen state's, which the view state does
    /// not hold.
    public static func screen(
        _ state: ScheduleViewState, images: PreviewImages = .localFilesOnly, notice: NetworkNotice? = nil,
        announcement: Announcement? = nil
    ) -> PreviewScreen {
        let metrics = state.metrics
        let bar = state.navigationBar
        var content: [HTMLNode] = [AccessibleMarkup.namedActions(state.accessibility)]
        if let message = state.emptyMessage {
            content.append(
                .div(
                    "schedule-empty",
                    style: CSSDeclaration.font(metrics.sectionHeaderText.font) + [.color(metrics.sectionHeaderText.color)],
                    AccessibleMarkup.spoken(state.accessibility, visible: [.text(message)], text: message)))
        }
        var flatIndex = 0
        for (sectionIndex, section) in state.sections.enumerated() {
            var rows: [HTMLNode] = []
            for (rowIndex, row) in section.rows.enumerated() {
                let isInitial = state.initialRow == RowPosition(section: sectionIndex, row: rowIndex)
                rows.append(self.row(row, metrics: metrics, images: images, isInitial: isInitial, index: flatIndex))
                flatIndex += 1
                rows.append(.element("li", [.class("schedule-gap"), .attribute("aria-hidden", "true")]))
            }
            let header = AccessibleMarkup.heading(
                section.accessibility, visibleText: section.title,
                [
                    .class("schedule-header"),
                    .style(CSSDeclaration.font(metrics.sectionHeaderText.font) + [.color(metrics.sectionHeaderText.color)]),
                ],
                [.text(section.title)])
            content.append(.element("section", [.class("schedule-section")], [header, .element("ul", [.class("schedule-rows")], rows)]))
        }
        let games = state.allRows.compactMap(\.game)
        let written = ScheduleWrittenText(language: state.language)
        return PreviewScreen(
            slug: "schedule", title: written.screenName,
            caption: written.caption(team: bar.teamName, sections: state.sections.count, games: games.count),
            background: metrics.listBackground,
            navigationBar: PreviewNavigationBar(
                title: bar.title, subtitle: bar.teamName, background: bar.background, foreground: bar.titleColor, tint: bar.accent,
                titleAccessibility: bar.accessibility, translucentSubtitle: metrics.contrast == .standard),
            content: .group([
                PreviewNoticeBanner.node(notice, contrast: metrics.contrast),
                .element("div", [.class("schedule-list")] + AccessibleMarkup.identity(state.accessibility), content),
            ]),
            styles: styles(metrics) + PreviewNoticeBanner.styles(inset: 16), announcement: announcement)
    }

    /// A row as a list item: its spoken sentence for screen readers, the drawn row hidden from
    /// them; the initial row holds the `initial-row` anchor. `index` counts rows across sections
    /// (`data-row`, which a live page reports for the rows in view).
    static func row(_ row: ScheduleRow, metrics: ScheduleMetrics, images: PreviewImages, isInitial: Bool, index: Int) -> HTMLNode {
        let anchor: [HTMLNode] = isInitial ? [.element("span", [.class("schedule-anchor"), .id(initialRowAnchor)])] : []
        let identity: [HTMLAttribute] =
            (row.accessibility.identifier.map { [.id($0)] } ?? []) + [.attribute("data-row", String(index))]
        switch row {
        case .bye(let bye):
            return .element(
                "li", [.class("schedule-row schedule-bye"), .style([.height(bye.height)])] + identity,
                anchor
                    + AccessibleMarkup.spoken(
                        bye.accessibility,
                        visible: [
                            .span("schedule-bye-label", bye.text, style: style(metrics.byeLabel)),
                            .span("schedule-week", bye.weekText, style: style(metrics.dateAndWeek)),
                        ]))
        case .game(let game):
            return .element(
                "li", [.class("schedule-row schedule-game \(game.kind.rawValue)"), .style([.height(game.height)])] + identity,
                anchor
                    + AccessibleMarkup.spoken(
                        game.accessibility,
                        visible: [
                            team(game.left, side: "left", metrics: metrics, images: images),
                            .span("schedule-versus", game.centerText, style: style(metrics.versus)),
                            team(game.right, side: "right", metrics: metrics, images: images),
                            .span("schedule-date", game.dateText, style: style(metrics.dateAndWeek)),
                            .span("schedule-week", game.weekText, style: style(metrics.dateAndWeek)),
                            .span("schedule-status", game.statusText, style: style(metrics.status)),
                        ]))
        }
    }

    static func team(_ team: TeamSideState, side: String, metrics: ScheduleMetrics, images: PreviewImages) -> HTMLNode {
        let logo: HTMLNode
        if let source = images.remoteSource(for: team.logoURL) {
            // Decorative: the row's sentence names the team.
            logo = .image(source, alt: "", [.class("schedule-logo"), .style([.width(metrics.logoSide), .height(metrics.logoSide)])])
        } else {
            logo = .span(
                "schedule-logo schedule-logo-placeholder", team.logoPlaceholder,
                style: [
                    .width(metrics.logoSide), .height(metrics.logoSide), .color(metrics.teamName.color),
                    CSSDeclaration("font-size", .px(metrics.logoSide * 0.3)),
                    CSSDeclaration("font-weight", .fontWeight(metrics.teamName.font.weight)),
                    CSSDeclaration("border-color", .color(metrics.separatorColor)),
                ])
        }
        return .div(
            "schedule-team \(side)",
            [
                .div("schedule-team-line", [logo, .span("schedule-team-name", team.name, style: style(metrics.teamName))]),
                .span("schedule-value", team.value, style: style(metrics.score)),
            ])
    }

    static func style(_ text: ScheduleTextStyle) -> [CSSDeclaration] {
        CSSDeclaration.font(text.font) + [.color(text.color)]
    }

    static func styles(_ metrics: ScheduleMetrics) -> [CSSRule] {
        let padding = metrics.rowPadding
        let flex: [CSSDeclaration] = [CSSDeclaration("display", .keyword("flex")), CSSDeclaration("align-items", .keyword("center"))]
        return [
            .style(".schedule-list", [.background(metrics.listBackground), CSSDeclaration("min-height", .percent(100))]),
            .style(".schedule-empty", [CSSDeclaration("padding", .px(padding * 2)), CSSDeclaration("text-align", .keyword("center"))]),
            .style(
                ".schedule-header",
                flex + [
                    CSSDeclaration("position", .keyword("sticky")), CSSDeclaration("top", .px(0)), CSSDeclaration("z-index", .number(1)),
                    .height(metrics.sectionHeaderHeight), CSSDeclaration("margin", .px(0)),
                    CSSDeclaration("padding", .spaced([.px(0), .px(padding)])),
                    .background(metrics.sectionHeaderBackground),
                ]),
            .style(
                ".schedule-rows",
                [CSSDeclaration("list-style", .keyword("none")), CSSDeclaration("margin", .px(0)), CSSDeclaration("padding", .px(0))]),
            .style(
                ".schedule-row",
                [
                    .background(metrics.rowBackground), CSSDeclaration("padding", .px(padding)),
                    CSSDeclaration("position", .keyword("relative")),
                ]),
            .style(
                ".schedule-anchor",
                [
                    CSSDeclaration("position", .keyword("absolute")), CSSDeclaration("top", .px(0)), CSSDeclaration("left", .px(0)),
                    CSSDeclaration("scroll-margin-top", .px(metrics.sectionHeaderHeight)),
                ]),
            .style(
                ".schedule-gap",
                [
                    .height(metrics.rowSpacing),
                    CSSDeclaration(
                        "border-top", .spaced([.px(metrics.separatorHeight), .keyword("solid"), .color(metrics.separatorColor)])),
                ]),
            .style(
                ".schedule-game",
                [
                    CSSDeclaration("display", .keyword("grid")), CSSDeclaration("grid-template-columns", .keyword("1fr auto 1fr")),
                    CSSDeclaration("grid-template-rows", .keyword("1fr auto")), CSSDeclaration("align-items", .keyword("center")),
                    CSSDeclaration("column-gap", .px(padding)),
                ]),
            .style(
                ".schedule-team",
                [
                    CSSDeclaration("display", .keyword("flex")), CSSDeclaration("flex-direction", .keyword("column")),
                    CSSDeclaration("gap", .px(metrics.rowSpacing)),
                ]),
            .style(".schedule-team.right", [CSSDeclaration("align-items", .keyword("flex-end"))]),
            .style(".schedule-team-line", flex + [CSSDeclaration("gap", .px(padding / 2))]),
            .style(".schedule-team.right .schedule-team-line", [CSSDeclaration("flex-direction", .keyword("row-reverse"))]),
            .style(".schedule-team-name, .schedule-date, .schedule-status", [CSSDeclaration("white-space", .keyword("nowrap"))]),
            .style(".schedule-value", [CSSDeclaration("line-height", .number(1)), CSSDeclaration("white-space", .keyword("nowrap"))]),
            .style(".schedule-logo", [CSSDeclaration("flex", .keyword("none")), CSSDeclaration("object-fit", .keyword("contain"))]),
            .style(
                ".schedule-logo-placeholder",
                flex + [
                    CSSDeclaration("justify-content", .keyword("center")), CSSDeclaration("border-radius", .percent(50)),
                    CSSDeclaration("border", .spaced([.px(metrics.separatorHeight), .keyword("solid")])),
                ]),
            .style(".schedule-versus", [CSSDeclaration("text-align", .keyword("center"))]),
            .style(".schedule-date", [CSSDeclaration("justify-self", .keyword("start"))]),
            .style(
                ".schedule-game .schedule-week",
                [CSSDeclaration("justify-self", .keyword("center")), CSSDeclaration("white-space", .keyword("nowrap"))]),
            .style(".schedule-status", [CSSDeclaration("justify-self", .keyword("end"))]),
            .style(
                ".schedule-bye",
                [
                    CSSDeclaration("display", .keyword("flex")), CSSDeclaration("flex-direction", .keyword("column")),
                    CSSDeclaration("align-items", .keyword("center")),
                    CSSDeclaration("justify-content", .keyword("center")), CSSDeclaration("gap", .px(metrics.rowSpacing)),
                ]),
        ]
    }
}
