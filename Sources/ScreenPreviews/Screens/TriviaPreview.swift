import Foundation
import ScreenKit
import SharedNetworking
import Trivia
import TriviaHost

/// The trivia screens as pages: the question screen (waiting, a question with its countdown
/// ring, the locked notice under the choices, a result with the wild-card offer) and the final
/// screen, drawn from ``/Trivia/TriviaViewState`` with its ``/Trivia/TriviaStyle`` (fonts, sizes,
/// colours).
///
/// From the view state's accessibility: the competition as the `h1` (with the progress), the
/// question as an `h2`, the choices as a list of `<button>`s (`answer` with the 0-based index;
/// the user's pick `aria-current`; what became of each said in words, not only its colour;
/// `disabled` once decided), the countdowns as `role="timer"`, the wild-card offer's two
/// `<button>`s, the final screen's headings, statistics and winners in the user's language,
/// and the screen's announcement in the page's live region.
public enum TriviaPreview {
    /// The trivia screen for the view-model's `state` (its content is always there: the question
    /// screen says when it is connecting), with the state's announcement. `slug` names the page,
    /// `caption` says which moment of the game it is. What every front-end draws.
    public static func screen(_ state: ScreenState<TriviaViewState>, slug: String, title: String, caption: String) -> PreviewScreen {
        PreviewPlaceholder.screen(state, slug: slug, title: title, contrast: .standard) {
            var screen = screen($0, slug: slug, title: title, caption: caption)
            screen.announcement = state.announcement
            return screen
        }
    }

    /// One phone screen for one view state (a recorded run, a test). `slug` names the page
    /// (`trivia-result`), `caption` says which moment of the game it is.
    public static func screen(_ state: TriviaViewState, slug: String, title: String, caption: String) -> PreviewScreen {
        let style = state.style
        var content: [HTMLNode] = []
        if let banner = state.banner {
            content.append(
                .element(
                    "div",
                    [
                        .class("trivia-banner"), .attribute("role", "status"),
                        .style(
                            [.background(banner.background), .color(PreviewScreen.readable(on: banner.background))]
                                + CSSDeclaration.font(style.bodyFont)),
                    ], AccessibleMarkup.spoken(banner.accessibility, visible: [.text(banner.text)], text: banner.text)))
        }
        if let question = state.question {
            content.append(questionCard(question, style: style, language: state.language))
        }
        if let final = state.final {
            content.append(finalCard(final, style: style))
        }
        // The role and the wild-card count sit in a strip under the bar, where they cannot
        // squeeze the title.
        var status: [HTMLNode] = []
        if let role = state.header.role {
            status.append(badge(role, style: style))
        }
        status.append(.span("trivia-wildcards", state.header.wildcards, style: CSSDeclaration.font(style.bodyFont)))
        content.insert(
            .div("trivia-status", style: [.color(.white)], AccessibleMarkup.spoken(state.header.statusAccessibility, visible: status)),
            at: 0)
        let bar = PreviewNavigationBar(
            title: state.header.title, subtitle: state.header.progress, background: style.background, foreground: .white,
            titleFont: style.titleFont, titleAccessibility: state.header.accessibility, translucentSubtitle: style.contrast == .standard)
        return PreviewScreen(
            slug: slug, title: title, caption: caption, background: style.background, navigationBar: bar,
            content: .div("trivia-screen", content), styles: styles(style), announcement: state.announcement)
    }

    static func badge(_ badge: TriviaBadge, style: TriviaStyle) -> HTMLNode {
        .span("trivia-badge", badge.text, style: [.background(badge.background), .color(badge.foreground)])
    }

    // MARK: Question screen

    static func questionCard(_ question: TriviaQuestionScreen, style: TriviaStyle, language: SpokenLanguage) -> HTMLNode {
        var card: [HTMLNode] = []
        if let countdown = question.countdown {
            card.append(countdownRing(countdown, style: style))
        }
        let promptAttributes: [HTMLAttribute] = [
            .class("trivia-prompt"), .style(CSSDeclaration.font(style.questionFont) + [.color(style.ink)]),
        ]
        card.append(
            question.promptAccessibility.map {
                AccessibleMarkup.heading($0, visibleText: question.prompt, promptAttributes, [.text(question.prompt)])
            }
                ?? .element("h2", promptAttributes, [.text(question.prompt)]))
        if let detail = question.detail {
            card.append(
                .element(
                    "p", [.class("trivia-detail"), .style(CSSDeclaration.font(style.bodyFont) + [.color(style.mutedInk)])],
                    AccessibleMarkup.spoken(question.detailAccessibility, visible: [.text(detail)], text: detail)))
        }
        if !question.choices.isEmpty {
            card.append(.element("ol", [.class("trivia-choices")], question.choices.map { choice($0, style: style) }))
        }
        // The locked state is a notice under the choices, in the flow: it covers none of them
        // (the dimmed choices and the picked one stay readable while the answer is on its way).
        if let overlay = question.lockedOverlay {
            card.append(lockedNotice(overlay, style: style))
        }
        if let result = question.result {
            card.append(resultBanner(result, style: style))
        }
        if let footer = question.footer {
            card.append(
                .element(
                    "p", [.class("trivia-footer"), .style(CSSDeclaration.font(style.bodyFont) + [.color(style.mutedInk)])],
                    AccessibleMarkup.spoken(question.footerAccessibility, visible: [.text(footer)], text: footer)))
        }
        var nodes: [HTMLNode] = [.div("trivia-card", style: [.background(style.card)], card)]
        if let offer = question.wildcardOffer {
            nodes.append(wildcardOffer(offer, style: style, language: language))
        }
        return .group(nodes)
    }

    static func countdownRing(_ countdown: TriviaCountdown, style: TriviaStyle) -> HTMLNode {
        let filled = min(100, max(0, countdown.fraction * 100))
        let ring: [CSSDeclaration] =
            [
                CSSDeclaration(
                    "background",
                    .function(
                        "conic-gradient",
                        [
                            .spaced([.color(countdown.color), .percent(0), .percent(filled)]),
                            .spaced([.color(style.choice), .percent(0)]),
                        ])),
                .color(countdown.color),
            ] + CSSDeclaration.font(style.countdownFont)
        let named: [HTMLAttribute] =
            countdown.accessibility.map { [.attribute("role", "timer"), .ariaLabel(AccessibleMarkup.name($0))] } ?? []
        return .element(
            "div", [.class("trivia-countdown")] + named + [.style(ring)],
            [
                .element(
                    "span", [.class("trivia-countdown-value"), .attribute("aria-hidden", "true"), .style([.background(style.card)])],
                    [.text(String(countdown.secondsRemaining))])
            ])
    }

    static func choice(_ choice: TriviaChoiceView, style: TriviaStyle) -> HTMLNode {
        var children: [HTMLNode] = [
            .span("trivia-choice-label", choice.label, style: [CSSDeclaration("border-color", .keyword("currentColor"))]),
            .span("trivia-choice-text", choice.text),
        ]
        if let detail = choice.detail {
            children.append(.span("trivia-choice-detail", detail, style: CSSDeclaration.font(style.bodyFont)))
        }
        let classes = "trivia-choice \(choice.appearance.rawValue)"
        let look: [CSSDeclaration] =
            [.background(choice.background), .color(choice.foreground), .height(style.choiceHeight)] + CSSDeclaration.font(style.choiceFont)
        guard let element = choice.accessibility else {
            return .element("li", [.class("trivia-choice-item")], [.element("div", [.class(classes), .style(look)], children)])
        }
        return .element(
            "li", [.class("trivia-choice-item")], [AccessibleMarkup.button(element, classes: classes, style: look, children)])
    }

    /// The view state's locked overlay as a status row of its own, on the overlay's colour at full
    /// opacity (white text on it in both themes: nothing shows through to lower its contrast).
    static func lockedNotice(_ overlay: TriviaOverlay, style: TriviaStyle) -> HTMLNode {
        var children: [HTMLNode] = []
        if overlay.showsSpinner {
            children.append(.div("trivia-spinner"))
        }
        children.append(.span("trivia-locked-text", overlay.message, style: CSSDeclaration.font(style.choiceFont)))
        return .element(
            "div", [.class("trivia-locked"), .attribute("role", "status"), .style([.background(style.overlay)])],
            AccessibleMarkup.spoken(overlay.accessibility, visible: children))
    }

    static func resultBanner(_ result: TriviaResultBanner, style: TriviaStyle) -> HTMLNode {
        var children: [HTMLNode] = [
            .div("trivia-result-title", style: CSSDeclaration.font(style.titleFont), [.text(result.title)]),
            .div("trivia-result-detail", style: CSSDeclaration.font(style.bodyFont), [.text(result.detail)]),
        ]
        if let status = result.wildcardStatus {
            children.append(.div("trivia-result-status", style: CSSDeclaration.font(style.bodyFont), [.text(status)]))
        }
        // White on the outcome colour, as the view state draws the correct and incorrect choices.
        return .element(
            "div", [.class("trivia-result \(result.outcome.rawValue)"), .style([.background(result.color), .color(.white)])],
            AccessibleMarkup.spoken(result.accessibility, visible: children))
    }

    /// The offer, its buttons and its timer (in seconds, written in the screen's `language`).
    static func wildcardOffer(_ offer: TriviaWildcardOffer, style: TriviaStyle, language: SpokenLanguage) -> HTMLNode {
        let disabled: [CSSDeclaration] = offer.isSending ? [CSSDeclaration("opacity", .number(0.5))] : []
        let use: [CSSDeclaration] =
            [.background(style.accent), .color(.white), .height(style.choiceHeight)] + CSSDeclaration.font(style.choiceFont) + disabled
        let decline: [CSSDeclaration] =
            [.background(style.choice), .color(style.ink), .height(style.choiceHeight)] + CSSDeclaration.font(style.choiceFont) + disabled
        func button(_ element: AccessibilityElement?, _ classes: String, _ title: String, _ look: [CSSDeclaration]) -> HTMLNode {
            element.map { AccessibleMarkup.button($0, classes: classes, style: look, [.text(title)]) } ?? .span(classes, title, style: look)
        }
        let timer: [HTMLAttribute] =
            offer.timerAccessibility.map { [.attribute("role", "timer"), .ariaLabel(AccessibleMarkup.name($0))] } ?? []
        let heading: [HTMLNode] = [
            .div("trivia-offer-title", style: CSSDeclaration.font(style.questionFont), [.text(offer.title)]),
            .div("trivia-offer-message", style: CSSDeclaration.font(style.bodyFont) + [.color(style.mutedInk)], [.text(offer.message)]),
        ]
        // A labelled region, not an `aside`: a complementary landmark may not sit inside `main`.
        return .element(
            "section",
            [
                .class("trivia-offer"), .ariaLabel(offer.accessibility?.label ?? offer.title),
                .style([.background(style.card), .color(style.ink)]),
            ],
            AccessibleMarkup.spoken(offer.accessibility, visible: heading) + [
                .div(
                    "trivia-offer-buttons",
                    [
                        button(offer.useAccessibility, "trivia-button primary", offer.useTitle, use),
                        button(offer.declineAccessibility, "trivia-button", offer.declineTitle, decline),
                    ]),
                .element(
                    "div",
                    [.class("trivia-offer-timer")] + timer + [.style(CSSDeclaration.font(style.bodyFont) + [.color(style.mutedInk)])],
                    [
                        .element(
                            "span", [.attribute("aria-hidden", "true")],
                            [
                                .text(
                                    TriviaWrittenText(language: language, numbers: Locale(identifier: language.rawValue)).duration(
                                        offer.secondsRemaining))
                            ])
                    ]),
            ])
    }

    // MARK: Final screen

    static func finalCard(_ final: TriviaFinalScreen, style: TriviaStyle) -> HTMLNode {
        let headline: [HTMLAttribute] = [
            .class("trivia-headline"), .style(CSSDeclaration.font(style.headlineFont) + [.color(final.color)]),
        ]
        var card: [HTMLNode] = [
            final.headlineAccessibility.map { AccessibleMarkup.heading($0, visibleText: final.headline, headline, [.text(final.headline)]) }
                ?? .element("h2", headline, [.text(final.headline)]),
            .element(
                "p", [.class("trivia-detail"), .style(CSSDeclaration.font(style.bodyFont) + [.color(style.mutedInk)])],
                AccessibleMarkup.spoken(final.detailAccessibility, visible: [.text(final.detail)], text: final.detail)),
            .element(
                "dl", [.class("trivia-stats")],
                final.stats.map { stat in
                    .div(
                        "trivia-stat", style: [.background(style.choice)],
                        [
                            .element(
                                "dt", [.style(CSSDeclaration.font(style.bodyFont) + [.color(style.mutedInk)])],
                                AccessibleMarkup.spoken(
                                    stat.accessibility.map { AccessibilityElement(label: $0.label) }, visible: [.text(stat.label)],
                                    text: stat.label)),
                            .element(
                                "dd", [.style(CSSDeclaration.font(style.titleFont) + [.color(style.ink)])],
                                AccessibleMarkup.spoken(
                                    stat.accessibility.map { AccessibilityElement(label: $0.value ?? stat.value) },
                                    visible: [.text(stat.value)],
                                    text: stat.value)),
                        ])
                }),
        ]
        if !final.winners.isEmpty {
            let title: [HTMLAttribute] = [
                .class("trivia-winners-title"), .style(CSSDeclaration.font(style.titleFont) + [.color(style.ink)]),
            ]
            card.append(
                final.winnersAccessibility.map {
                    AccessibleMarkup.heading($0, visibleText: final.winnersTitle, title, [.text(final.winnersTitle)])
                }
                    ?? .element("h3", title, [.text(final.winnersTitle)]))
            card.append(
                .element(
                    "ol", [.class("trivia-winners")],
                    final.winners.map { winner in
                        .element(
                            "li",
                            [
                                .class(winner.isYou ? "trivia-winner you" : "trivia-winner"),
                                .style(
                                    CSSDeclaration.font(style.bodyFont) + [.color(style.ink)]
                                        + (winner.isYou ? [.background(style.choice)] : [])),
                            ] + (winner.isYou ? [.attribute("aria-current", "true")] : []),
                            AccessibleMarkup.spoken(
                                winner.accessibility,
                                visible: [
                                    .span("trivia-rank", String(winner.rank), style: [.color(style.mutedInk)]),
                                    .span("trivia-winner-name", winner.name),
                                    .span("trivia-winner-detail", winner.detail, style: [.color(style.mutedInk)]),
                                ]))
                    }))
        }
        if let more = final.moreWinners {
            card.append(
                .element(
                    "p", [.class("trivia-footer"), .style(CSSDeclaration.font(style.bodyFont) + [.color(style.mutedInk)])],
                    AccessibleMarkup.spoken(final.moreWinnersAccessibility, visible: [.text(more)], text: more)))
        }
        return .div("trivia-card", style: [.background(style.card)], card)
    }

    // MARK: Styles

    static func styles(_ style: TriviaStyle) -> [CSSRule] {
        let gap = style.spacing
        let radius = CSSDeclaration("border-radius", .px(style.cornerRadius))
        let row: [CSSDeclaration] = [CSSDeclaration("display", .keyword("flex")), CSSDeclaration("align-items", .keyword("center"))]
        return [
            .style(
                ".trivia-screen",
                [
                    CSSDeclaration("padding", .px(gap)), CSSDeclaration("display", .keyword("flex")),
                    CSSDeclaration("flex-direction", .keyword("column")), CSSDeclaration("gap", .px(gap)),
                ]),
            .style(
                ".trivia-status",
                row + [
                    CSSDeclaration("justify-content", .keyword("space-between")),
                    CSSDeclaration("min-height", .px(style.bodyFont.size * 1.6)),
                ]),
            .style(
                ".trivia-badge",
                [
                    CSSDeclaration("padding", .spaced([.px(2), .px(gap / 2)])), radius,
                    CSSDeclaration("font-size", .px(style.bodyFont.size * 0.8)), CSSDeclaration("font-weight", .fontWeight(.semibold)),
                ]),
            .style(
                ".trivia-wildcards", [CSSDeclaration("white-space", .keyword("nowrap")), CSSDeclaration("margin-left", .keyword("auto"))]),
            .style(".trivia-banner", [CSSDeclaration("padding", .spaced([.px(gap / 2), .px(gap)])), radius]),
            .style(".trivia-card", [CSSDeclaration("padding", .px(gap * 1.5)), radius, CSSDeclaration("position", .keyword("relative"))]),
            .style(
                ".trivia-countdown",
                [
                    .width(style.countdownFont.size * 2.4), .height(style.countdownFont.size * 2.4),
                    CSSDeclaration("border-radius", .percent(50)),
                    CSSDeclaration("padding", .px(5)), CSSDeclaration("margin", .spaced([.px(0), .keyword("auto"), .px(gap)])),
                ]),
            .style(
                ".trivia-countdown-value",
                row + [
                    CSSDeclaration("justify-content", .keyword("center")), CSSDeclaration("width", .percent(100)),
                    CSSDeclaration("height", .percent(100)), CSSDeclaration("border-radius", .percent(50)),
                ]),
            .style(
                ".trivia-prompt",
                [CSSDeclaration("margin", .spaced([.px(0), .px(0), .px(gap)])), CSSDeclaration("line-height", .number(1.25))]),
            .style(".trivia-detail", [CSSDeclaration("margin", .spaced([.px(0), .px(0), .px(gap)]))]),
            .style(
                ".trivia-choices",
                [
                    CSSDeclaration("list-style", .keyword("none")), CSSDeclaration("margin", .px(0)), CSSDeclaration("padding", .px(0)),
                    CSSDeclaration("display", .keyword("flex")), CSSDeclaration("flex-direction", .keyword("column")),
                    CSSDeclaration("gap", .px(gap)),
                ]),
            .style(
                ".trivia-choice",
                row + [
                    radius, CSSDeclaration("padding", .spaced([.px(0), .px(gap)])), CSSDeclaration("gap", .px(gap)),
                    CSSDeclaration("width", .percent(100)),
                ]),
            .style(".trivia-choice-item", [CSSDeclaration("display", .keyword("block"))]),
            .style(
                ".trivia-choice-label",
                row + [
                    CSSDeclaration("justify-content", .keyword("center")), .width(style.choiceHeight * 0.55),
                    .height(style.choiceHeight * 0.55),
                    CSSDeclaration("border", .spaced([.px(2), .keyword("solid")])), CSSDeclaration("border-radius", .percent(50)),
                    CSSDeclaration("flex", .keyword("none")),
                ]),
            .style(
                ".trivia-choice-text",
                [
                    CSSDeclaration("flex", .keyword("1")), CSSDeclaration("overflow", .keyword("hidden")),
                    CSSDeclaration("text-overflow", .keyword("ellipsis")), CSSDeclaration("white-space", .keyword("nowrap")),
                ]),
            .style(".trivia-choice-detail", [CSSDeclaration("opacity", .number(0.85)), CSSDeclaration("white-space", .keyword("nowrap"))]),
            .style(
                ".trivia-locked",
                row + [
                    CSSDeclaration("margin-top", .px(gap)), radius, CSSDeclaration("justify-content", .keyword("center")),
                    CSSDeclaration("gap", .px(gap)), .color(.white), CSSDeclaration("padding", .spaced([.px(gap / 2), .px(gap)])),
                    CSSDeclaration("text-align", .keyword("center")),
                ]),
            .style(
                ".trivia-spinner",
                [
                    .width(22), .height(22), CSSDeclaration("border-radius", .percent(50)), CSSDeclaration("flex", .keyword("none")),
                    CSSDeclaration("border", .spaced([.px(3), .keyword("solid"), .translucent(.white, alpha: 0.3)])),
                    CSSDeclaration("border-top-color", .color(.white)),
                ]),
            .style(".trivia-result", [CSSDeclaration("margin-top", .px(gap)), CSSDeclaration("padding", .px(gap)), radius]),
            .style(".trivia-result-detail, .trivia-result-status", [CSSDeclaration("margin-top", .px(gap / 3))]),
            .style(
                ".trivia-footer",
                [CSSDeclaration("margin", .spaced([.px(gap), .px(0), .px(0)])), CSSDeclaration("text-align", .keyword("center"))]),
            .style(
                ".trivia-offer",
                [
                    CSSDeclaration("padding", .px(gap * 1.5)), radius,
                    CSSDeclaration("box-shadow", .spaced([.px(0), .px(8), .px(24), .translucent(.black, alpha: 0.35)])),
                ]),
            .style(".trivia-offer-message", [CSSDeclaration("margin", .spaced([.px(gap / 2), .px(0), .px(gap)]))]),
            .style(
                ".trivia-offer-buttons",
                [
                    CSSDeclaration("display", .keyword("grid")), CSSDeclaration("grid-template-columns", .keyword("1fr 1fr")),
                    CSSDeclaration("gap", .px(gap)),
                ]),
            .style(
                ".trivia-button",
                row + [CSSDeclaration("justify-content", .keyword("center")), radius, CSSDeclaration("text-align", .keyword("center"))]),
            .style(".trivia-offer-timer", [CSSDeclaration("margin-top", .px(gap / 2)), CSSDeclaration("text-align", .keyword("center"))]),
            .style(
                ".trivia-headline",
                [CSSDeclaration("margin", .spaced([.px(gap), .px(0), .px(gap / 2)])), CSSDeclaration("text-align", .keyword("center"))]),
            .style(".trivia-card > .trivia-detail", [CSSDeclaration("text-align", .keyword("center"))]),
            .style(
                ".trivia-stats",
                [
                    CSSDeclaration("display", .keyword("grid")), CSSDeclaration("grid-template-columns", .keyword("1fr 1fr")),
                    CSSDeclaration("gap", .px(gap / 2)), CSSDeclaration("margin", .spaced([.px(gap), .px(0)])),
                ]),
            .style(
                ".trivia-stat",
                [CSSDeclaration("padding", .px(gap * 0.75)), CSSDeclaration("border-radius", .px(style.cornerRadius * 0.6))]),
            .style(".trivia-stat dt, .trivia-stat dd", [CSSDeclaration("margin", .px(0))]),
            .style(".trivia-winners-title", [CSSDeclaration("margin", .spaced([.px(gap), .px(0), .px(gap / 2)]))]),
            .style(
                ".trivia-winners",
                [CSSDeclaration("list-style", .keyword("none")), CSSDeclaration("margin", .px(0)), CSSDeclaration("padding", .px(0))]),
            .style(
                ".trivia-winner",
                row + [
                    CSSDeclaration("gap", .px(gap)), CSSDeclaration("padding", .spaced([.px(gap / 2), .px(gap / 2)])),
                    CSSDeclaration("border-radius", .px(style.cornerRadius * 0.5)),
                ]),
            .style(".trivia-winner.you", [CSSDeclaration("font-weight", .fontWeight(.semibold))]),
            .style(".trivia-rank", [.width(style.bodyFont.size * 1.5), CSSDeclaration("text-align", .keyword("right"))]),
            .style(".trivia-winner-name", [CSSDeclaration("flex", .keyword("1"))]),
        ]
    }
}
