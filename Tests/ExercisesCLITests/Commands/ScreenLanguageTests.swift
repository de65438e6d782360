import CarFit
import Facts
import Foundation
import HooSets
import Schedule
import SharedNetworking
import TestSupport
import Testing
import TriviaHost

/// Every line each screen shows exists in English and in German: the bundled data is rendered
/// with `--locale en_US` and with `--locale de_DE` under the same clock and time zone, as the
/// terminal prints it and as the static HTML page shows it, and nothing the German screen writes
/// may be an English word of the English screen, except the data's own text and
/// ``SharedWords/common``. Dates and numbers follow the formats locale.
@Suite("Each screen in English and in German", .temporaryFiles)
struct ScreenLanguageTests {
    /// The screen as text and as a page, in `locale`.
    func screen(_ arguments: [String], locale: String) async throws -> (text: ScreenWords, page: ScreenWords) {
        let text = await runExercises(arguments + ["--locale", locale])
        #expect(text.status == 0, "\(arguments) --locale \(locale): \(text.errors)")
        let page = try temporaryDirectory().appendingPathComponent("\(arguments[0])-\(locale).html")
        let written = await runExercises(arguments + ["--locale", locale, "--html", page.path])
        #expect(written.status == 0, "\(arguments) --html: \(written.errors)")
        return (ScreenWords(text: text.output), ScreenWords(html: try String(contentsOf: page, encoding: .utf8)))
    }

    func expectGerman(_ arguments: [String], data: [String]) async throws {
        let english = try await screen(arguments, locale: "en_US")
        let german = try await screen(arguments, locale: "de_DE")
        let shared = SharedWords(data: data, formats: Locale(identifier: "de_DE"))
        #expect(!english.text.lines.isEmpty && !english.page.lines.isEmpty)
        #expect(shared.untranslated(english: english.text, german: german.text) == [], "the terminal's \(arguments[0])")
        #expect(shared.untranslated(english: english.page, german: german.page) == [], "the page of \(arguments[0])")
    }

    /// The data of a bundled feed: every string in it.
    func feedStrings(_ source: FeedSource) throws -> [String] {
        guard case .file(let url) = source else { throw CocoaError(.fileNoSuchFile) }
        let bytes = try Data(contentsOf: url)
        // facts.json is Mac OS Roman, as the original; the others are UTF-8.
        let text = String(data: bytes, encoding: .utf8) ?? String(data: bytes, encoding: .macOSRoman) ?? ""
        return SharedWords.strings(inJSON: Data(text.utf8))
    }

    @Test func schedule() async throws {
        try await expectGerman(["schedule"], data: try feedStrings(ScheduleSource.bundled()))
    }

    @Test func carFit() async throws {
        try await expectGerman(["carfit"], data: try feedStrings(CarFitSource.bundled()))
    }

    @Test func hooSets() async throws {
        let feed = try await HooSetsSource.bundled(caches: try temporaryDirectory()).load().value
        var data: [String] = []
        for set in feed.sets {
            data += [set.title, set.colorName] + set.header.variants.map(\.url.lastPathComponent)
            data += set.hoos.flatMap { [$0.title, $0.poemLine] }
        }
        try await expectGerman(["hoosets", "--select", "1/1", "--cache-dir", try temporaryDirectory().path], data: data)
    }

    @Test func facts() async throws {
        try await expectGerman(["facts"], data: try feedStrings(FactsSource.bundled()))
    }

    @Test func trivia() async throws {
        let questions = try feedStrings(TriviaSource.bundled())
        let bots = TriviaSimulationSettings.bots(count: 5, seed: 1).map(\.identity.displayName)
        try await expectGerman(["trivia", "--questions", "3", "--players", "5", "--seed", "1"], data: questions + bots)
    }

    @Test("a German word the English screen also writes fails, unless it is the data's or a common word")
    func sharedWordsAreFound() {
        let shared = SharedWords(data: ["About Canada", "Week 1"], formats: Locale(identifier: "de_DE"))
        let english = ScreenWords(text: "About Canada\n13 facts · 375 pt wide\nHoo")
        let german = ScreenWords(text: "About Canada\n13 Fakten · 375 pt wide\nHoo")
        #expect(shared.untranslated(english: english, german: german) == ["word: wide"])
        #expect(
            shared.untranslated(english: ScreenWords(text: "Week 1\nSun, Sep 13"), german: ScreenWords(text: "Week 1\nSo. 13. Sept."))
                .isEmpty)
        #expect(ScreenWords(html: "<p title=\"a &amp; b\">wild-card<style>.x{color:red}</style></p>").lines == ["a & b", "wild-card"])
        #expect(ScreenWords.words("Hoo-Sets: 2x #BEBEBE --now Yel… A") == ["Hoo-Sets"])
    }
}
