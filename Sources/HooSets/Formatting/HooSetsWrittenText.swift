import Foundation
import ScreenKit
import SharedNetworking

/// The words the Hoo sets screen itself writes, in English or German (``/ScreenKit/SpokenLanguage``
/// from the screen's language, the user's messages locale; other languages get English). What
/// VoiceOver says is ``HooSetsSpokenText``; the sets' titles and colour names, the Hoos' titles
/// and the poem are the data's own and are shown as written.
///
/// Every renderer (the terminal, the HTML preview, an app's view) takes its words from here, by
/// the view state's ``HooSetsViewState/language``, so that a screen is in one language everywhere.
public struct HooSetsWrittenText: Sendable, Hashable {
    /// The language the words are in.
    public let language: SpokenLanguage

    /// The words in `language` (a view state's, or `SpokenLanguage(locale:)` of the user's
    /// messages locale).
    public init(language: SpokenLanguage) {
        self.language = language
    }

    private var german: Bool { language == .german }

    /// The navigation title.
    public var title: String { german ? "Hoo-Sets" : "Hoo Sets" }

    /// `9 sets · 108 Hoos`.
    public func summary(sets: Int, hoos: Int) -> String {
        let sets = german ? "\(sets) \(sets == 1 ? "Sammlung" : "Sammlungen")" : "\(sets) \(sets == 1 ? "set" : "sets")"
        return "\(sets) · \(hooCount(hoos))"
    }

    /// `14 Hoos`, `1 Hoo` ("Hoo" is the exercise's name for a picture with a poem line, in
    /// every language).
    public func hooCount(_ count: Int) -> String {
        count == 1 ? "1 Hoo" : "\(count) Hoos"
    }

    /// A set's count, and the count its file declares when the two differ: `14 Hoos (15 listed)`.
    public func hooCount(_ count: Int, declared: Int?) -> String {
        guard let declared, declared != count else { return hooCount(count) }
        return hooCount(count) + (german ? " (\(declared) angegeben)" : " (\(declared) listed)")
    }

    /// Where the sets were read from: `from ~/Downloads/HooSets`; the bundled sets when `nil`.
    public func source(_ directory: String?) -> String {
        guard let directory else { return german ? "aus den mitgelieferten Hoo-Sets" : "from the bundled HooSets" }
        return german ? "aus \(directory)" : "from \(directory)"
    }

    /// A set whose file names no colour.
    public var noColour: String { german ? "keine Farbe" : "no colour" }

    /// A set's header image: `header: header@2x.png`, or that it has none.
    public func headerImage(_ name: String?) -> String {
        guard let name else { return german ? "kein Kopfbild" : "no header image" }
        return german ? "Kopfbild: \(name)" : "header: \(name)"
    }

    /// The selection disc's last line: `colour #E6395F · Hoo 01/01`.
    public func disc(colour: String, hoo: String) -> String {
        german ? "Farbe \(colour) · Hoo \(hoo)" : "colour \(colour) · Hoo \(hoo)"
    }

    /// A preview's caption: `9 sets, 108 Hoos, nothing selected. Grid 320 pt wide at 2x.`
    public func caption(sets: Int, hoos: Int, selected: (set: String, hoo: String)?, width: Int, scale: String) -> String {
        let counts = summary(sets: sets, hoos: hoos).replacingOccurrences(of: " · ", with: ", ")
        guard german else {
            let selection = selected.map { "\($0.set): “\($0.hoo)” selected" } ?? "nothing selected"
            return "\(counts), \(selection). Grid \(width) pt wide at \(scale)."
        }
        let selection = selected.map { "\($0.set): „\($0.hoo)“ ausgewählt" } ?? "nichts ausgewählt"
        return "\(counts), \(selection). Raster \(width) pt breit bei \(scale)."
    }
}
