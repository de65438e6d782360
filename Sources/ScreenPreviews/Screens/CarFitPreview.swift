import CarFit
import Foundation
import ScreenKit
import SharedNetworking

/// The CarFit worker's screen as a page: a large title with the last update, the month
/// calendar panel (when presented) and the visit cards of the selected days, drawn from
/// ``/CarFit/CleanerListViewState`` with ``/CarFit/CarFitTheme`` (colours, fonts, radii, the calendar cell size).
///
/// The calendar slides in from the top over the list in the app; the page shows it open at
/// the top with the list below it, so both are visible in one screenshot.
///
/// From the view state's accessibility: the title as the `h1`, the calendar button, the month
/// arrows and every day as `<button>`s (a day is a toggle, `aria-pressed`, today
/// `aria-current="date"`), the month as an `h2` in a labelled region, each selected day's header
/// as an `h2` over a list of cards that each read as one sentence, the list's `Refresh` as a
/// button that shows when focused. A saved copy or a retry (`notice`) is a banner under the title
/// (`PreviewNoticeBanner`).
public enum CarFitPreview {
    /// The list screen for the view-model's `state`, drawn with `theme`: the placeholder in
    /// CarFit's words while there are no visits (``/ScreenKit/ScreenState/placeholder``), else the
    /// content (whose notice and announcement are the state's). What every front-end draws.
    public static func screen(_ state: ScreenState<CleanerListViewState>, theme: CarFitTheme = .standard) -> PreviewScreen {
        PreviewPlaceholder.screen(state, slug: "carfit", title: "CarFit", contrast: theme.contrast) { screen($0, theme: theme) }
    }

    /// The list screen for a view state alone (a `--json` file, a test), drawn with `theme`.
    public static func screen(_ state: CleanerListViewState, theme: CarFitTheme = .standard) -> PreviewScreen {
        var content: [HTMLNode] = [
            .div(
                "carfit-header",
                [
                    AccessibleMarkup.heading(
                        state.titleAccessibility, visibleText: nil,
                        [.style(CSSDeclaration.font(theme.titleFont) + [.color(theme.primaryText)])],
                        [.text(state.title)]),
                    state.lastUpdatedText.map {
                        HTMLNode.div(
                            "carfit-updated", style: CSSDeclaration.font(theme.detailFont) + [.color(theme.secondaryText)], [.text($0)])
                    } ?? .empty,
                ]),
            PreviewNoticeBanner.node(state.notice, contrast: theme.contrast),
        ]
        if state.calendar.isPresented {
            content.append(calendar(state.calendar, theme: theme, returningFocusTo: state.calendarButtonAccessibility.identifier))
        }
        if state.isRefreshing || state.isLoading {
            content.append(PreviewSpinner.refresh("carfit-spinner", color: theme.secondaryText))
        }
        if let banner = state.errorBanner {
            content.append(message(banner, className: "carfit-banner", theme: theme))
        }
        if let empty = state.emptyState, state.sections.isEmpty {
            content.append(message(empty, className: "carfit-empty", theme: theme))
        }
        content.append(AccessibleMarkup.namedActions(state.listAccessibility))
        for section in state.sections {
            content.append(daySection(section, theme: theme))
        }
        let cards = state.sections.reduce(0) { $0 + $1.cards.count }
        let days = state.calendar.selectedDays.map(\.description).joined(separator: ", ")
        return PreviewScreen(
            slug: "carfit", title: "CarFit",
            caption: CarFitStrings(language: state.language).caption(
                visits: cards, days: days, calendarOpen: state.calendar.isPresented, month: state.calendar.title),
            background: theme.screenBackground,
            navigationBar: PreviewNavigationBar(
                title: "", background: theme.screenBackground, foreground: theme.primaryText, tint: theme.accent,
                trailingItem: AccessibleMarkup.button(
                    state.calendarButtonAccessibility, classes: "carfit-calendar-button",
                    [PreviewIcon.calendar.node(size: theme.clientNameFont.size * 1.4)])),
            content: .div("carfit-screen", content), styles: styles(theme) + PreviewNoticeBanner.styles(inset: 0),
            announcement: state.announcement)
    }

    static func message(_ state: EmptyState, className: String, theme: CarFitTheme) -> HTMLNode {
        .element(
            "div",
            [.class(className), .attribute("role", state.kind == .refreshFailed || state.kind == .loadFailed ? "alert" : "status")]
                + [.style([.background(theme.cardBackground)])],
            [
                .div(
                    "carfit-message-title", style: CSSDeclaration.font(theme.clientNameFont) + [.color(theme.primaryText)],
                    [.text(state.title)]),
                .div(
                    "carfit-message-text", style: CSSDeclaration.font(theme.tasksFont) + [.color(theme.secondaryText)],
                    [.text(state.message)]),
            ])
    }

    // MARK: Calendar

    /// The month panel. It slides in from the top (`data-motion`), and its `Close calendar` action
    /// is what a tap outside it and Escape perform (`data-dismiss-action`), the focus going back
    /// to the calendar button (`data-dismiss-focus`): the live page's script reads them.
    static func calendar(_ calendar: CalendarViewState, theme: CarFitTheme, returningFocusTo button: String? = nil) -> HTMLNode {
        let cell = theme.calendarCellSize
        let header = HTMLNode.div(
            "carfit-month",
            [
                AccessibleMarkup.button(
                    calendar.previousMonthAccessibility, classes: "carfit-arrow", style: [.color(theme.accent)],
                    [PreviewIcon.chevronLeft.node(size: cell / 2)]),
                AccessibleMarkup.heading(
                    calendar.titleAccessibility, visibleText: calendar.title,
                    [.class("carfit-month-title"), .style(CSSDeclaration.font(theme.clientNameFont) + [.color(theme.primaryText)])],
                    [.text(calendar.title)]),
                AccessibleMarkup.button(
                    calendar.nextMonthAccessibility, classes: "carfit-arrow", style: [.color(theme.accent)],
                    [PreviewIcon.chevronRight.node(size: cell / 2)]),
            ])
        // The weekday letters repeat what every day's name says: drawn, not read.
        let weekdays = calendar.weekdays.map { label in
            HTMLNode.element(
                "abbr",
                [
                    .class("carfit-weekday"), .title(label.full), .attribute("aria-hidden", "true"),
                    .style(CSSDeclaration.font(theme.badgeFont) + [.color(theme.secondaryText)]),
                ],
                [.text(label.short)])
        }
        let days = calendar.weeks.flatMap { $0 }.map { day($0, theme: theme) }
        return .element(
            "section",
            [
                .class("carfit-calendar"), .ariaLabel(calendar.accessibility.label), .style([.background(theme.cardBackground)]),
                .attribute("data-motion", "slide-from-top"),
            ]
                + (calendar.accessibility.identifier.map { [.id($0)] } ?? [])
                + dismissal(calendar.accessibility, returningFocusTo: button),
            [
                AccessibleMarkup.namedActions(calendar.accessibility),
                header,
                .div(
                    "carfit-grid",
                    style: [CSSDeclaration("grid-template-columns", .function("repeat", [.number(7), .px(cell)]))],
                    weekdays + days),
            ])
    }

    /// The attributes that let a tap outside the panel perform its `Close calendar` action.
    static func dismissal(_ panel: AccessibilityElement, returningFocusTo button: String?) -> [HTMLAttribute] {
        guard let close = panel.actions.first(where: { $0.action == CarFitAction.dismissCalendar.rawValue }) else { return [] }
        return [.attribute("data-dismiss-action", close.action)] + (button.map { [.attribute("data-dismiss-focus", $0)] } ?? [])
    }

    /// A day of the grid. Its state is its classes (`selected`, `outside`, `today`) and its look
    /// the screen's rules for them (``styles(_:)``), so that selecting a day changes a class, not
    /// the day's and its dot's styles.
    static func day(_ cell: CalendarDayCell, theme: CarFitTheme) -> HTMLNode {
        var classes = "carfit-day"
        if cell.isSelected {
            classes += " selected"
        } else if !cell.isInDisplayedMonth {
            classes += " outside"
        }
        if cell.isToday {
            classes += " today"
        }
        var children: [HTMLNode] = [.text(cell.number)]
        if cell.hasVisits {
            children.append(.element("span", [.class("carfit-dot")]))
        }
        return AccessibleMarkup.button(
            cell.accessibility, classes: classes, extra: cell.isToday ? [.attribute("aria-current", "date")] : [], children)
    }

    // MARK: List

    static func daySection(_ section: VisitDaySection, theme: CarFitTheme) -> HTMLNode {
        var children: [HTMLNode] = [
            AccessibleMarkup.heading(
                section.accessibility, visibleText: nil,
                [.class("carfit-day-title"), .style(CSSDeclaration.font(theme.sectionTitleFont) + [.color(theme.secondaryText)])],
                [.text(section.title), .span("carfit-summary", " · " + section.summary)])
        ]
        if let empty = section.emptyMessage {
            children.append(
                .div(
                    "carfit-card",
                    style: [.background(theme.cardBackground)] + CSSDeclaration.font(theme.tasksFont) + [.color(theme.secondaryText)],
                    [.text(empty)]))
        }
        if !section.cards.isEmpty {
            children.append(.element("ul", [.class("carfit-cards")], section.cards.map { card($0, theme: theme) }))
        }
        return .element("section", [.class("carfit-day-section")], children)
    }

    static func card(_ card: VisitCard, theme: CarFitTheme) -> HTMLNode {
        var details: [HTMLNode] = [detail(.clock, card.timeText, theme: theme)]
        details.append(card.durationText.map { detail(.stopwatch, $0, theme: theme) } ?? .div("carfit-detail"))
        if let address = card.addressText {
            details.append(detail(.pin, address, theme: theme))
        }
        if let distance = card.distanceText {
            details.append(detail(.route, distance, theme: theme))
        }
        return .element(
            "li",
            [.class("carfit-card"), .style([.background(theme.cardBackground)])] + (card.accessibility.identifier.map { [.id($0)] } ?? []),
            AccessibleMarkup.spoken(
                card.accessibility,
                visible: [
                    .div(
                        "carfit-card-top",
                        [
                            .span(
                                "carfit-client", card.clientName,
                                style: CSSDeclaration.font(theme.clientNameFont) + [.color(theme.primaryText)]
                            ),
                            .span(
                                "carfit-state", card.stateLabel,
                                style: [
                                    .background(card.stateColor), .color(card.stateTextColor),
                                    CSSDeclaration("border-radius", .px(theme.badgeCornerRadius)),
                                ]
                                    + CSSDeclaration.font(theme.badgeFont)),
                        ]),
                    card.tasksText.isEmpty
                        ? .empty
                        : .div(
                            "carfit-tasks", style: CSSDeclaration.font(theme.tasksFont) + [.color(theme.secondaryText)],
                            [.text(card.tasksText)]
                        ),
                    .div("carfit-details", style: CSSDeclaration.font(theme.detailFont) + [.color(theme.secondaryText)], details),
                ]))
    }

    static func detail(_ icon: PreviewIcon, _ text: String, theme: CarFitTheme) -> HTMLNode {
        .div("carfit-detail", [icon.node(size: theme.detailFont.size + 2), .element("span", [], [.text(text)])])
    }

    // MARK: Styles

    static func styles(_ theme: CarFitTheme) -> [CSSRule] {
        let gap = theme.cardSpacing, padding = theme.cardPadding
        let radius = CSSDeclaration("border-radius", .px(theme.cardCornerRadius))
        let row: [CSSDeclaration] = [CSSDeclaration("display", .keyword("flex")), CSSDeclaration("align-items", .keyword("center"))]
        return [
            .style(".carfit-screen", [CSSDeclaration("padding", .spaced([.px(0), .px(padding + 2), .px(gap * 3)]))]),
            .style(".carfit-header", [CSSDeclaration("margin-bottom", .px(gap))]),
            .style(".carfit-header h1", [CSSDeclaration("margin", .px(0))]),
            .style(
                ".carfit-calendar",
                [
                    radius, CSSDeclaration("padding", .px(padding)), CSSDeclaration("margin-bottom", .px(gap * 1.5)),
                    CSSDeclaration("box-shadow", .spaced([.px(0), .px(6), .px(18), .translucent(.black, alpha: 0.12)])),
                ]),
            .style(
                ".carfit-month",
                row + [CSSDeclaration("justify-content", .keyword("space-between")), CSSDeclaration("margin-bottom", .px(gap / 2))]),
            .style(
                ".carfit-arrow",
                row + [
                    CSSDeclaration("justify-content", .keyword("center")), .width(theme.calendarCellSize), .height(theme.calendarCellSize),
                ]),
            .style(
                ".carfit-grid",
                [
                    CSSDeclaration("display", .keyword("grid")), CSSDeclaration("justify-content", .keyword("space-between")),
                    CSSDeclaration("row-gap", .px(2)),
                ]),
            .style(
                ".carfit-weekday",
                [
                    CSSDeclaration("text-align", .keyword("center")), CSSDeclaration("text-decoration", .keyword("none")),
                    CSSDeclaration("padding-bottom", .px(6)),
                ]),
            .style(
                ".carfit-day",
                row + [
                    CSSDeclaration("flex-direction", .keyword("column")), CSSDeclaration("justify-content", .keyword("center")),
                    CSSDeclaration("border-radius", .percent(50)), CSSDeclaration("position", .keyword("relative")),
                ] + CSSDeclaration.font(theme.calendarDayFont) + [
                    .width(theme.calendarCellSize), .height(theme.calendarCellSize), .color(theme.primaryText),
                ]),
            .style(".carfit-day.outside", [.color(theme.outsideMonthText)]),
            .style(".carfit-day.selected", [.background(theme.accent), .color(theme.cardBackground)]),
            .style(
                ".carfit-day.today",
                [CSSDeclaration("box-shadow", .spaced([.keyword("inset"), .px(0), .px(0), .px(0), .px(2), .color(theme.accent)]))]),
            .style(
                ".carfit-dot",
                [
                    .width(5), .height(5), CSSDeclaration("border-radius", .percent(50)), CSSDeclaration("position", .keyword("absolute")),
                    CSSDeclaration("bottom", .px(4)), .background(theme.visitMarker),
                ]),
            .style(".carfit-day.selected .carfit-dot", [.background(theme.cardBackground)]),
            .style(
                ".carfit-day-section",
                [
                    CSSDeclaration("display", .keyword("flex")), CSSDeclaration("flex-direction", .keyword("column")),
                    CSSDeclaration("gap", .px(gap)), CSSDeclaration("margin-bottom", .px(gap * 1.5)),
                ]),
            .style(
                ".carfit-day-title",
                [
                    CSSDeclaration("margin", .spaced([.px(gap / 2), .px(4), .px(0)])),
                    CSSDeclaration("text-transform", .keyword("uppercase")), CSSDeclaration("letter-spacing", .px(0.3)),
                ]),
            .style(".carfit-summary", [CSSDeclaration("font-weight", .fontWeight(.regular))]),
            .style(
                ".carfit-cards",
                [
                    CSSDeclaration("list-style", .keyword("none")), CSSDeclaration("margin", .px(0)), CSSDeclaration("padding", .px(0)),
                    CSSDeclaration("display", .keyword("flex")), CSSDeclaration("flex-direction", .keyword("column")),
                    CSSDeclaration("gap", .px(gap)),
                ]),
            .style(".carfit-card", [CSSDeclaration("display", .keyword("block"))]),
            .style(".carfit-month-title", [CSSDeclaration("margin", .px(0))]),
            .style(".carfit-card, .carfit-banner, .carfit-empty", [radius, CSSDeclaration("padding", .px(padding))]),
            .style(".carfit-banner, .carfit-empty", [CSSDeclaration("margin-bottom", .px(gap))]),
            .style(
                ".carfit-card-top", row + [CSSDeclaration("justify-content", .keyword("space-between")), CSSDeclaration("gap", .px(gap))]),
            .style(
                ".carfit-client",
                [
                    CSSDeclaration("overflow", .keyword("hidden")), CSSDeclaration("text-overflow", .keyword("ellipsis")),
                    CSSDeclaration("white-space", .keyword("nowrap")),
                ]),
            .style(
                ".carfit-state",
                [
                    CSSDeclaration("padding", .spaced([.px(3), .px(8)])), CSSDeclaration("text-transform", .keyword("uppercase")),
                    CSSDeclaration("white-space", .keyword("nowrap")), CSSDeclaration("letter-spacing", .px(0.5)),
                ]),
            .style(".carfit-tasks", [CSSDeclaration("margin-top", .px(4))]),
            .style(
                ".carfit-details",
                [
                    CSSDeclaration("display", .keyword("grid")), CSSDeclaration("grid-template-columns", .keyword("1fr auto")),
                    CSSDeclaration("column-gap", .px(gap)), CSSDeclaration("row-gap", .px(6)),
                    CSSDeclaration("margin-top", .px(gap * 0.75)),
                ]),
            .style(".carfit-detail", row + [CSSDeclaration("gap", .px(6)), CSSDeclaration("min-width", .px(0))]),
            .style(".carfit-detail .icon", [CSSDeclaration("flex", .keyword("none"))]),
            .style(".carfit-message-text", [CSSDeclaration("margin-top", .px(4))]),
            .style(
                ".carfit-spinner",
                [
                    .width(24), .height(24), CSSDeclaration("margin", .spaced([.px(gap), .keyword("auto")])),
                    CSSDeclaration("border-radius", .percent(50)),
                    CSSDeclaration("border", .spaced([.px(3), .keyword("solid"), .translucent(theme.secondaryText, alpha: 0.25)])),
                ]),
        ]
    }
}
