import Foundation

/// What a screen writes, as lines and as words, to compare one screen in two languages.
///
/// A page's lines are its text nodes and the attribute values a person hears or sees (`aria-label`,
/// `title`, `alt`); the terminal's are its lines. A word is a run of letters (with `-` and `'`
/// inside it, so `wild-card` and `Hoo-Sets` are one word). What says nothing about the language
/// is not a word: a run with a digit in it (`2x`), a single letter (a choice's `A`, the unit
/// `s`), a colour (`#BEBEBE`), an option (`--now`), and a word cut short (`Yel…`).
struct ScreenWords {
    /// Every line, trimmed, empty ones left out.
    let lines: [String]

    /// The lines of a terminal screen.
    init(text: String) {
        lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The lines of an HTML page written by `ScreenPreviews` (which escapes every text and
    /// attribute, so a tag runs from `<` to the next `>`): text nodes outside `<style>`, and the
    /// values of the attributes that carry words.
    init(html: String) {
        var lines: [String] = []
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            lines.append(Self.unescape(rest[..<open]))
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            if tag.hasPrefix("style"), let end = rest.range(of: "</style>") { rest = rest[end.upperBound...] }
            for attribute in ["aria-label", "title", "alt"] {
                guard let start = tag.range(of: " \(attribute)=\"") else { continue }
                let value = tag[start.upperBound...]
                lines.append(Self.unescape(value[..<(value.firstIndex(of: "\"") ?? value.endIndex)]))
            }
        }
        self.lines = lines.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// The words of `text`.
    static func words(_ text: some StringProtocol) -> [String] {
        var words: [String] = []
        var word = ""
        var before: [Character] = []
        func end(_ next: Character?) {
            let trimmed = word.trimmingCharacters(in: CharacterSet(charactersIn: "-'’"))
            let marked = before.last == "#" || before.suffix(2) == ["-", "-"] || next == "…"
            if trimmed.count > 1, !trimmed.contains(where: \.isNumber), !marked { words.append(trimmed) }
            word = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || (!word.isEmpty && "-'’".contains(character)) {
                word.append(character)
            } else {
                if !word.isEmpty { end(character) }
                before.append(character)
                continue
            }
            if word.count == 1 { before = Array(before.suffix(2)) }
        }
        if !word.isEmpty { end(nil) }
        return words
    }

    /// Every word of every line.
    var words: Set<String> { Set(lines.flatMap(Self.words)) }

    private static func unescape(_ text: Substring) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

/// The words that may be the same on an English and a German screen: the data's own text
/// (feed text, names, titles), and a short list of words both languages write alike. Compared
/// without case, as the screens uppercase some of the data (`FINAL` for the feed's `Final`).
struct SharedWords {
    private var allowed: Set<String>

    /// The proper names and units every screen may write in both languages, each with why.
    static let common: [String: String] = [
        "Trivia": "the app's name, the title before the host names the competition",
        "CarFit": "the app's name",
        "Hoo": "the exercise's name for a picture with its poem line",
        "Hoos": "the plural of Hoo",
        "pt": "the unit of layout (points)",
        "px": "the unit of pixels",
        "km": "the unit of distance",
        "min": "the unit of minutes",
        "in": "a German word too (`In Arbeit`, CarFit's badge)",
    ]

    /// The common words, `data`'s, and the names of months and weekdays in `formats` (dates
    /// follow the formats locale, and German writes `August` and `September` as English does).
    init(data: [String], formats: Locale) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = formats
        let dates =
            calendar.monthSymbols + calendar.shortMonthSymbols + calendar.standaloneMonthSymbols + calendar.weekdaySymbols
            + calendar.shortWeekdaySymbols
        allowed = Set((Array(Self.common.keys) + (data + dates).flatMap(ScreenWords.words)).map { $0.lowercased() })
    }

    /// Every string in a JSON document.
    static func strings(inJSON data: Data) -> [String] {
        func walk(_ value: Any) -> [String] {
            switch value {
            case let text as String: [text]
            case let list as [Any]: list.flatMap(walk)
            case let object as [String: Any]: object.values.flatMap(walk)
            default: []
            }
        }
        return ((try? JSONSerialization.jsonObject(with: data)).map(walk)) ?? []
    }

    /// Whether `word` may be on both screens.
    func allows(_ word: String) -> Bool {
        allowed.contains(word.lowercased())
    }

    /// What on `german` is also on `english` and is neither data nor a common word: a line the
    /// same in both with words of its own, or a word of the German screen that is an English
    /// word of the English screen. Empty when the German screen is German.
    func untranslated(english: ScreenWords, german: ScreenWords) -> [String] {
        let englishLines = Set(english.lines)
        let sameLines = german.lines.filter { englishLines.contains($0) && ScreenWords.words($0).contains { !allows($0) } }
        let englishWords = english.words
        let sameWords = german.words.filter { englishWords.contains($0) && !allows($0) }.sorted()
        return sameLines.map { "line: \($0)" } + sameWords.map { "word: \($0)" }
    }
}
