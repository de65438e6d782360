import Foundation

extension CarFitStrings {
    /// What the marks of a text calendar mean: `[ ] selected  ( ) today  • visits` (a drawn
    /// calendar says it with colour and shape instead).
    public var calendarLegend: String {
        switch language {
        case .english: "[ ] selected  ( ) today  • visits"
        case .danish: "[ ] valgt  ( ) i dag  • besøg"
        case .german: "[ ] ausgewählt  ( ) heute  • Besuche"
        }
    }

    /// Why today is not today when the bundled sample is shown: `Sample data covers …; today
    /// is set to …` (`visitDays` and `today` already formatted), and how to change it.
    public func sampleDayNote(visitDays: String, today: String) -> String {
        switch language {
        case .english:
            "Sample data covers \(visitDays); today is set to \(today) (override with --now, or use --generated)."
        case .danish:
            "Eksempeldata dækker \(visitDays); i dag er sat til \(today) (ændr med --now, eller brug --generated)."
        case .german:
            "Die Beispieldaten umfassen \(visitDays); heute ist auf \(today) gesetzt (ändern mit --now, oder --generated verwenden)."
        }
    }

    /// A selected day is empty but the feed has visits elsewhere: which days (`first` to `last`,
    /// `count` of them, as `YYYY-MM-DD`), and the options that show the nearest one.
    public func visitsElsewhere(count: Int, first: String, last: String, nearest: String) -> String {
        switch language {
        case .english:
            let span = count == 1 ? "on \(first)" : "on \(count) days from \(first) to \(last)"
            return "A selected day has no visits; this feed's visits are \(span). Show the nearest with --date \(nearest) "
                + "(or make it today with --now \(nearest))."
        case .danish:
            let span = count == 1 ? "den \(first)" : "på \(count) dage fra \(first) til \(last)"
            return "En valgt dag har ingen besøg; dette feeds besøg er \(span). Vis det nærmeste med --date \(nearest) "
                + "(eller gør det til i dag med --now \(nearest))."
        case .german:
            let span = count == 1 ? "am \(first)" : "an \(count) Tagen vom \(first) bis \(last)"
            return "Ein ausgewählter Tag hat keine Besuche; die Besuche dieses Feeds sind \(span). Den nächsten zeigt --date \(nearest) "
                + "(oder macht ihn mit --now \(nearest) zu heute)."
        }
    }

    /// A preview's caption: `3 visits on 2020-09-10; calendar open on September 2020.` (`days`
    /// as `YYYY-MM-DD`, empty for none; `month` the calendar's title).
    public func caption(visits: Int, days: String, calendarOpen: Bool, month: String) -> String {
        switch language {
        case .english:
            "\(visits) \(visits == 1 ? "visit" : "visits") on \(days.isEmpty ? "no day" : days); calendar \(calendarOpen ? "open" : "closed") on \(month)."
        case .danish:
            "\(visits) besøg \(days.isEmpty ? "på ingen dag" : "den \(days)"); kalender \(calendarOpen ? "åben" : "lukket") på \(month)."
        case .german:
            "\(visits) \(visits == 1 ? "Besuch" : "Besuche") \(days.isEmpty ? "an keinem Tag" : "am \(days)"); Kalender \(calendarOpen ? "offen" : "geschlossen") bei \(month)."
        }
    }
}
