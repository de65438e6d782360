/// The words VoiceOver speaks on the CarFit screen, in the screen's three languages.
///
/// The visible words are in ``CarFitStrings``; these are only heard: a day cell's state, a
/// card read as one sentence, what the buttons do, and the announcements.
extension CarFitStrings {
    /// The toolbar's calendar button.
    public var calendarButton: String {
        switch language {
        case .english: "Calendar"
        case .danish: "Kalender"
        case .german: "Kalender"
        }
    }

    /// What the calendar button does.
    public var calendarButtonHint: String {
        switch language {
        case .english: "Shows or hides the month calendar."
        case .danish: "Viser eller skjuler månedskalenderen."
        case .german: "Blendet den Monatskalender ein oder aus."
        }
    }

    /// The open calendar's named action that puts it away (a tap outside it does the same).
    public var closeCalendar: String {
        switch language {
        case .english: "Close calendar"
        case .danish: "Luk kalender"
        case .german: "Kalender schließen"
        }
    }

    /// The calendar panel, as a container: `Calendar, September 2020`.
    public func calendarPanel(month: String) -> String {
        "\(calendarButton), \(month)"
    }

    /// The back arrow: `Previous month, August 2020`.
    public func previousMonth(_ month: String) -> String {
        switch language {
        case .english: "Previous month, \(month)"
        case .danish: "Forrige måned, \(month)"
        case .german: "Vorheriger Monat, \(month)"
        }
    }

    /// The forward arrow: `Next month, October 2020`.
    public func nextMonth(_ month: String) -> String {
        switch language {
        case .english: "Next month, \(month)"
        case .danish: "Næste måned, \(month)"
        case .german: "Nächster Monat, \(month)"
        }
    }

    /// A day cell's value when it is today (its label is the date).
    public var todayState: String {
        switch language {
        case .english: "today"
        case .danish: "i dag"
        case .german: "heute"
        }
    }

    /// A day cell's value when the day has visits (the dot under the number).
    public var hasVisitsState: String {
        switch language {
        case .english: "has visits"
        case .danish: "har besøg"
        case .german: "mit Besuchen"
        }
    }

    /// A day cell's value when it belongs to the month before or after the one shown.
    public var outsideMonthState: String {
        switch language {
        case .english: "other month"
        case .danish: "anden måned"
        case .german: "anderer Monat"
        }
    }

    /// What tapping a day does.
    public var dayHint: String {
        switch language {
        case .english: "Shows or hides this day's visits in the list."
        case .danish: "Viser eller skjuler dagens besøg i listen."
        case .german: "Zeigt die Besuche dieses Tages in der Liste oder blendet sie aus."
        }
    }

    /// The list of visits, as a container.
    public var visitList: String {
        switch language {
        case .english: "Visits"
        case .danish: "Besøg"
        case .german: "Besuche"
        }
    }

    /// The pull-to-refresh action's name.
    public var refresh: String {
        switch language {
        case .english: "Refresh"
        case .danish: "Opdater"
        case .german: "Aktualisieren"
        }
    }

    /// A card's time line, spoken: `starts 10:05, expected 08:00 to 10:00`.
    public func spokenTimes(start: String, window: String?) -> String {
        switch (language, window) {
        case (.english, let window?): "starts \(start), expected \(window)"
        case (.danish, let window?): "starter \(start), forventet \(window)"
        case (.german, let window?): "Beginn \(start), erwartet \(window)"
        case (.english, nil): "starts \(start)"
        case (.danish, nil): "starter \(start)"
        case (.german, nil): "Beginn \(start)"
        }
    }

    /// An expected window, spoken: `08:00 to 10:00`.
    public func spokenWindow(from start: String, to end: String) -> String {
        switch language {
        case .english: "\(start) to \(end)"
        case .danish: "\(start) til \(end)"
        case .german: "\(start) bis \(end)"
        }
    }

    /// A card's duration, spoken: `55 minutes`.
    public func spokenMinutes(_ count: String, isOne: Bool) -> String {
        switch language {
        case .english: isOne ? "\(count) minute" : "\(count) minutes"
        case .danish: isOne ? "\(count) minut" : "\(count) minutter"
        case .german: isOne ? "\(count) Minute" : "\(count) Minuten"
        }
    }

    /// A card's tasks, spoken: `tasks: Pudsning indvendig, Pudsning udvendig`.
    public func spokenTasks(_ tasks: String) -> String {
        switch language {
        case .english: "tasks: \(tasks)"
        case .danish: "opgaver: \(tasks)"
        case .german: "Aufgaben: \(tasks)"
        }
    }

    /// The screen's heading when it says `Today`: `Today, Thursday, 10 September 2020`.
    public func todayHeading(_ date: String) -> String {
        "\(today), \(date)"
    }

    /// Announced when a refresh finished: `Visits updated. 3 visits on the selected days.`
    public func visitsUpdated(_ count: Int) -> String {
        switch language {
        case .english: "Visits updated. \(visitCount(count)) on the selected days."
        case .danish: "Besøgene er opdateret. \(visitCount(count)) på de valgte dage."
        case .german: "Besuche aktualisiert. \(visitCount(count)) an den ausgewählten Tagen."
        }
    }
}
