import CarFit
import Foundation
import ScreenKit
import ScreenPreviews
import SharedNetworking
import Testing

@Suite("CarFit page")
struct CarFitPreviewTests {
    @Test("Cards with their state colours, the calendar grid, the theme's fonts")
    func sampleDay() async throws {
        let state = try await Fixtures.carFit()
        let theme = CarFitTheme.standard
        let html = PreviewDocument(title: "CarFit", screens: [CarFitPreview.screen(state)]).html
        let cards = state.sections.flatMap(\.cards)
        #expect(cards.count == 3)
        #expect(html.occurrences(of: "<li class=\"carfit-card\"") == cards.count)
        for card in cards {
            #expect(
                html.contains(
                    "style=\"background-color: \(card.stateColor.hex); color: \(card.stateTextColor.hex); border-radius: \(Int(theme.badgeCornerRadius))px"
                ))
            #expect(html.contains(">\(card.clientName)<"))
        }
        #expect(cards.first?.stateColor == RGBColor(hex: "#25A87B"))
        #expect(html.contains("grid-template-columns: repeat(7, \(Int(theme.calendarCellSize))px)"))
        #expect(html.occurrences(of: "<button type=\"button\" class=\"carfit-day") == state.calendar.weeks.joined().count)
        #expect(html.occurrences(of: "class=\"carfit-day selected today\"") == 1)
        let today = try #require(state.calendar.weeks.joined().first { $0.isToday })
        #expect(html.contains("aria-label=\"\(today.accessibilityLabel), today, has visits\" aria-pressed=\"true\""))
        #expect(html.contains(">September 2020<"))
        let name = theme.clientNameFont
        #expect(
            html.contains(
                "font-size: \(Int(name.size))px; font-weight: \(name.weight.cssValue); color: \(theme.primaryText.hex)\">Tone Holtermann<"))
        #expect(html.contains("<svg class=\"icon icon-clock\"") && html.contains("<symbol id=\"icon-clock\""))
    }

    @Test("The open calendar slides from the top, and a tap outside it performs its Close calendar action, focus back on the button")
    func calendarMotionAndDismissal() async throws {
        let state = try await Fixtures.carFit()
        let html = CarFitPreview.screen(state).content.html
        let panel = try #require(HTMLTag.startTags(in: html).first { $0["class"] == "carfit-calendar" })
        #expect(panel["data-motion"] == "slide-from-top")
        #expect(panel["data-dismiss-action"] == CarFitAction.dismissCalendar.rawValue)
        #expect(panel["data-dismiss-focus"] == state.calendarButtonAccessibility.identifier)
        #expect(state.calendar.accessibility.namedActions.contains { $0.action == panel["data-dismiss-action"] })
        var closed = state
        closed.calendar.isPresented = false
        #expect(!CarFitPreview.screen(closed).content.html.contains("data-dismiss-action"))
    }

    @Test("A refresh marks the screen busy and its spinner as the one a pull hides; a settled screen is not busy")
    func busyWhileRefreshing() async throws {
        let state = try await Fixtures.carFit()
        var refreshing = state
        refreshing.isRefreshing = true
        let busy = PreviewDocument(
            title: "CarFit", screens: [CarFitPreview.screen(ScreenState(phase: .loading, content: refreshing))]
        ).html
        #expect(busy.contains("class=\"content\" tabindex=\"0\" aria-busy=\"true\""))
        let spinner = try #require(HTMLTag.startTags(in: busy).first { $0["class"] == "carfit-spinner" })
        #expect(spinner["data-refresh-spinner"] == "true" && spinner["aria-hidden"] == "true")
        let settled = PreviewDocument(title: "CarFit", screens: [CarFitPreview.screen(ScreenState(phase: .loaded, content: state))]).html
        #expect(!settled.contains("aria-busy"))
        #expect(!settled.contains("data-refresh-spinner"))
    }

    @Test("Two days selected, one of them without visits")
    func twoDays() async throws {
        let state = try await Fixtures.carFit(days: [
            CalendarDay(year: 2020, month: 9, day: 12), CalendarDay(year: 2020, month: 9, day: 30),
        ])
        let html = CarFitPreview.screen(state).content.html
        #expect(state.sections.count == 2)
        #expect(html.contains(">No visits on this day. The nearest day with visits is Friday, September 11.<"))
        #expect(html.occurrences(of: "class=\"carfit-day selected") == 2)
    }

    @Test("A day's state is its classes and its look the screen's rules, so selecting one adds no style rule to a live page")
    func selectingADayChangesClassesOnly() async throws {
        let theme = CarFitTheme.standard
        let today = try await Fixtures.carFit()
        let html = PreviewDocument(title: "CarFit", screens: [CarFitPreview.screen(today)]).html
        let days = HTMLTag.startTags(in: html).filter { $0.name == "button" && $0["class"]?.hasPrefix("carfit-day") == true }
        #expect(days.count == today.calendar.weeks.joined().count)
        #expect(days.allSatisfy { $0["style"] == nil })
        #expect(days.contains { $0["class"] == "carfit-day outside" })
        #expect(html.contains(".carfit-day.selected { background-color: \(theme.accent.hex); color: \(theme.cardBackground.hex) }"))
        #expect(html.contains(".carfit-day.selected .carfit-dot { background-color: \(theme.cardBackground.hex) }"))

        let twoDays = try await Fixtures.carFit(days: [
            CalendarDay(year: 2020, month: 9, day: 10), CalendarDay(year: 2020, month: 9, day: 11),
        ])
        var sheet = LiveStyleSheet()
        _ = LiveTree(CarFitPreview.screen(today), sheet: &sheet)
        _ = sheet.takeNewRules()
        let selected = LiveTree(CarFitPreview.screen(twoDays), sheet: &sheet)
        #expect(selected.html.occurrences(of: "class=\"carfit-day selected") == 2)
        #expect(sheet.takeNewRules().isEmpty)
    }

    @Test("Names, tasks and addresses from the feed are escaped")
    func hostileFeed() async throws {
        var state = try await Fixtures.carFit()
        state.title = Hostile.script
        state.sections[0].cards[0].clientName = Hostile.script
        state.sections[0].cards[0].tasksText = Hostile.image
        state.sections[0].cards[0].addressText = Hostile.attribute
        state.sections[0].cards[0].stateLabel = Hostile.image
        state.errorBanner = EmptyState(kind: .refreshFailed, title: Hostile.script, message: Hostile.attribute)
        let html = PreviewDocument(title: "CarFit", screens: [CarFitPreview.screen(state)]).html
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("\" onmouseover=\""))
        #expect(html.occurrences(of: "&lt;script&gt;alert(1)&lt;/script&gt;") >= 3)
    }
}
