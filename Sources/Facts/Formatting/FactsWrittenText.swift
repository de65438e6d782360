import Foundation
import ScreenKit
import SharedNetworking

/// The words the facts screen itself writes, in English or German (``/ScreenKit/SpokenLanguage``
/// from the screen's language, the user's messages locale; other languages get English). What
/// VoiceOver says is ``FactsSpokenText``; the feed's title and rows are its own text, shown as
/// sent.
///
/// Every renderer (the terminal, the HTML preview, an app's view) takes its words from here, by
/// the view state's ``FactsViewState/language``; numbers and times in them are formatted by the
/// caller in the user's formats locale.
public struct FactsWrittenText: Sendable, Hashable {
    /// The language the words are in.
    public let language: SpokenLanguage

    /// The words in `language` (a view state's, or `SpokenLanguage(locale:)` of the user's
    /// messages locale).
    public init(language: SpokenLanguage) {
        self.language = language
    }

    private var german: Bool { language == .german }

    /// The screen's name, for a page or a caption.
    public var screenName: String { german ? "Fakten" : "Facts" }

    /// `13 facts`.
    public func factCount(_ count: Int) -> String {
        german ? (count == 1 ? "1 Fakt" : "\(count) Fakten") : (count == 1 ? "1 fact" : "\(count) facts")
    }

    /// What a loaded feed without rows says.
    public var empty: String { german ? "Dieser Feed hat noch keine Fakten." : "This feed has no facts yet." }

    /// `2 empty rows hidden`: rows the feed had that say nothing.
    public func droppedRows(_ count: Int) -> String {
        german
            ? (count == 1 ? "1 leere Zeile ausgeblendet" : "\(count) leere Zeilen ausgeblendet")
            : (count == 1 ? "1 empty row hidden" : "\(count) empty rows hidden")
    }

    /// `375 pt wide`: the width the rows are laid out at (`points` already formatted).
    public func wide(_ points: String) -> String { german ? "\(points) pt breit" : "\(points) pt wide" }

    /// `updated 8:00 AM` (`time` already formatted).
    public func updated(_ time: String) -> String { german ? "aktualisiert \(time)" : "updated \(time)" }

    /// A row's image slot: `image 96×72 pt beside the text, not loaded`.
    public func image(size: String, stacked: Bool, state: String) -> String {
        german
            ? "Bild \(size) \(stacked ? "über dem Text" : "neben dem Text"), \(state)"
            : "image \(size) \(stacked ? "above the text" : "beside the text"), \(state)"
    }

    /// An image not requested yet.
    public var imageNotLoaded: String { german ? "nicht geladen" : "not loaded" }
    /// An image on its way.
    public var imageLoading: String { german ? "wird geladen" : "loading" }
    /// An image that could not be loaded.
    public var imageFailed: String { german ? "fehlgeschlagen" : "failed" }

    /// The tooltip of a failed image's slot: why, where the reason can be read. The reason is
    /// the network layer's (`NetworkError`'s description, English, with the URL), useful on an
    /// English page and noise in another language, where the sentence stands alone.
    public func imageFailedTooltip(reason: String) -> String {
        german ? "Das Bild konnte nicht geladen werden." : "The image could not be loaded: \(reason)"
    }

    /// A loaded image: `loaded 640×480 px, decoded at 192×144` (sizes already formatted).
    public func imageLoaded(pixels: String?, decoded: String?) -> String {
        let loaded = german ? "geladen" : "loaded"
        return (pixels.map { "\(loaded) \($0) px" } ?? loaded)
            + (decoded.map { german ? ", dekodiert auf \($0)" : ", decoded at \($0)" } ?? "")
    }

    /// A preview's caption: `13 rows laid out at 375 pt (1579 pt tall); 10 with an image URL, 0 loaded.`
    public func caption(rows: Int, width: Int, height: Int, withImages: Int, loaded: Int) -> String {
        german
            ? "\(rows) \(rows == 1 ? "Zeile" : "Zeilen") auf \(width) pt gesetzt (\(height) pt hoch); \(withImages) mit Bildadresse, \(loaded) geladen."
            : "\(rows) \(rows == 1 ? "row" : "rows") laid out at \(width) pt (\(height) pt tall); \(withImages) with an image URL, \(loaded) loaded."
    }
}
