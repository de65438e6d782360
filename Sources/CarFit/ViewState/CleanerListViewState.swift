import Foundation
import ScreenKit
import SharedNetworking

/// The whole CarFit screen as values: header, calendar, list (or why there is no list), and
/// the refresh and error state. The content of ``CleanerListViewModel``'s state, built by
/// ``CleanerListViewStateBuilder``; drawn by the terminal screen, the HTML previews and a view.
public struct CleanerListViewState: Sendable, Equatable, Codable {
    /// `Today`, a day's title, or `3 days selected`.
    public var title: String
    /// `Updated 08:00` after a successful load.
    public var lastUpdatedText: String?
    /// The screen state's `isLoading`, copied for `--json`: a fetch with nothing on screen. The
    /// content exists once visits were shown, so it is false here; the first load's spinner is
    /// the screen state's placeholder.
    public var isLoading: Bool
    /// The screen state's `isRefreshing`, copied for `--json`: a fetch runs over the visits on
    /// screen (the refresh spinner is visible).
    public var isRefreshing: Bool
    /// The selected days, in calendar order, each with its cards or its empty message.
    public var sections: [VisitDaySection]
    /// Shown instead of the list when there are no sections: no day selected. (Loading and a
    /// failed first load are the screen state's placeholder: there is no content then.)
    public var emptyState: EmptyState?
    /// A failed refresh while the list stays visible (a banner above it).
    public var errorBanner: EmptyState?
    /// The month calendar panel.
    public var calendar: CalendarViewState
    /// The title as the screen's level-1 heading (`Today, Thursday, 10 September 2020`), with the
    /// last update as its value.
    public var titleAccessibility: AccessibilityElement
    /// The toolbar's calendar button: a toggle, selected while the panel is shown, action
    /// `toggle-calendar`.
    public var calendarButtonAccessibility: AccessibilityElement
    /// The list as a container, with the named action `Refresh` (`refresh`): pull to refresh is
    /// otherwise the only way to.
    public var listAccessibility: AccessibilityElement
    /// What VoiceOver should say about the last load: a refresh finished or a load failed
    /// (the screen state's ``/ScreenKit/ScreenState/announcement``, copied for `--json`).
    public var announcement: Announcement?
    /// What the visits on screen are when they are not a fresh answer: a saved copy
    /// (`Saved 2 hours ago`, `Offline: saved 2 hours ago`) or a retry (`Retrying, 2 of 3`); its
    /// `accessibility` is the banner as VoiceOver reaches it.
    public var notice: NetworkNotice?
    /// The language of the screen's words (the user's messages locale's, among English, Danish
    /// and German): a renderer that writes words of its own takes them from ``CarFitStrings``
    /// in this language, so the whole screen is in one.
    public var language: CarFitStrings.Language

    /// A list state from its parts; ``CleanerListViewStateBuilder`` builds the real one.
    public init(
        title: String,
        lastUpdatedText: String?,
        isLoading: Bool,
        isRefreshing: Bool,
        sections: [VisitDaySection],
        emptyState: EmptyState?,
        errorBanner: EmptyState?,
        calendar: CalendarViewState,
        titleAccessibility: AccessibilityElement,
        calendarButtonAccessibility: AccessibilityElement,
        listAccessibility: AccessibilityElement,
        announcement: Announcement?,
        notice: NetworkNotice? = nil,
        language: CarFitStrings.Language = .english
    ) {
        self.title = title
        self.lastUpdatedText = lastUpdatedText
        self.isLoading = isLoading
        self.isRefreshing = isRefreshing
        self.sections = sections
        self.emptyState = emptyState
        self.errorBanner = errorBanner
        self.calendar = calendar
        self.titleAccessibility = titleAccessibility
        self.calendarButtonAccessibility = calendarButtonAccessibility
        self.listAccessibility = listAccessibility
        self.announcement = announcement
        self.notice = notice
        self.language = language
    }
}

/// One selected day in the list.
public struct VisitDaySection: Sendable, Equatable, Codable, Identifiable {
    /// The day this section lists.
    public var day: CalendarDay
    /// `Thursday, 10 September` (the year is added when it is not the current one).
    public var title: String
    /// `3 visits`.
    public var summary: String
    /// The day's visits in start order.
    public var cards: [VisitCard]
    /// `No visits on this day.` when `cards` is empty, else `nil`; when other days have visits
    /// it goes on to name the nearest (`The nearest day with visits is Thursday, 10 September
    /// 2020.`), so a feed whose visits are elsewhere in time does not look empty.
    public var emptyMessage: String?
    /// For an empty day, the nearest day that has visits (the later one on a tie), for the
    /// message and for a "go to" button; `nil` when the day has visits or no day has any.
    public var nearestVisitDay: CalendarDay?
    /// The section's header as a level-2 heading: `Thursday, 10 September, 3 visits`.
    public var accessibility: AccessibilityElement

    /// The day: unique within the list.
    public var id: CalendarDay { day }

    /// A section from its parts; the heading says `title, summary` unless `accessibility` is given.
    public init(
        day: CalendarDay, title: String, summary: String, cards: [VisitCard], emptyMessage: String?, nearestVisitDay: CalendarDay? = nil,
        accessibility: AccessibilityElement? = nil
    ) {
        self.day = day
        self.title = title
        self.summary = summary
        self.cards = cards
        self.emptyMessage = emptyMessage
        self.nearestVisitDay = nearestVisitDay
        self.accessibility = accessibility ?? .heading("\(title), \(summary)", level: .h2, identifier: "section-\(day)")
    }
}

/// A title and an explanation, for empty screens and error banners.
public struct EmptyState: Sendable, Equatable, Codable {
    /// Which situation the message is for.
    public enum Kind: String, Sendable, Codable {
        /// The first load runs; it failed with nothing to show; a refresh failed over the list; no
        /// day is selected. ``CleanerListViewStateBuilder`` makes the last two: with nothing to
        /// show there is no content, and the screen state's placeholder says it (the first two
        /// stay for views and `--json` readers written against them).
        case loading, loadFailed, refreshFailed, noDaySelected
    }

    /// Which situation this is, so a view can pick an icon or a retry button.
    public var kind: Kind
    /// The headline.
    public var title: String
    /// The explanation, one or two sentences.
    public var message: String
    /// Title and message read as one element.
    public var accessibility: AccessibilityElement

    /// A message from its parts, read by VoiceOver as `title. message`.
    public init(kind: Kind, title: String, message: String) {
        self.kind = kind
        self.title = title
        self.message = message
        let label = message.isEmpty ? title : "\(title). \(message)"
        self.accessibility = AccessibilityElement(label: label, children: .ignore, identifier: "message-\(kind.rawValue)")
    }
}
