import Foundation
import Testing

@testable import ExercisesCLI

/// The user's locale from POSIX variables, decided once in the command's environment setup.
@Suite("The user's locale: LC_ALL, LC_TIME, LC_MESSAGES, LANG")
struct UserLocaleTests {
    @Test("POSIX order: LC_ALL, then LC_TIME for formats and LC_MESSAGES for words, then LANG")
    func order() {
        #expect(UserLocale(environment: ["LANG": "en_US.UTF-8"]) == .init(formats: "en_US", messages: "en_US"))
        #expect(UserLocale(environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "en_GB.UTF-8"]) == .init(formats: "en_GB", messages: "en_GB"))
        #expect(
            UserLocale(environment: ["LANG": "en_US.UTF-8", "LC_TIME": "de_DE.UTF-8", "LC_MESSAGES": "da_DK.UTF-8"])
                == .init(formats: "de_DE", messages: "da_DK"))
        #expect(UserLocale(environment: ["LANG": "fr_FR.UTF-8", "LC_TIME": "de_DE.UTF-8"]) == .init(formats: "de_DE", messages: "fr_FR"))
        #expect(
            UserLocale(environment: ["LC_ALL": "", "LANG": "ja_JP.UTF-8"]) == .init(formats: "ja_JP", messages: "ja_JP"), "empty is unset")
    }

    @Test("C and POSIX choose nothing (today's default stays); so does a name that is no locale")
    func noChoice() {
        for name in ["C", "POSIX", "C.UTF-8", "C.utf8", "xx_YY.UTF-8", "", "_"] {
            #expect(UserLocale.locale(posixName: name) == nil, "\(name)")
        }
        #expect(UserLocale(environment: ["LC_ALL": "C", "LANG": "de_DE.UTF-8"]) == .init(formats: nil, messages: nil), "LC_ALL=C wins")
        #expect(UserLocale(environment: [:]) == .init(formats: nil, messages: nil))
    }

    @Test("codesets are dropped, @latin and @cyrillic pick the script, other modifiers are dropped")
    func names() {
        #expect(UserLocale.locale(posixName: "de_DE.utf8")?.identifier == "de_DE")
        #expect(UserLocale.locale(posixName: "de_DE@euro")?.identifier == "de_DE")
        #expect(UserLocale.locale(posixName: "sr_RS@latin")?.identifier == "sr_Latn_RS")
        #expect(UserLocale.locale(posixName: "uz_UZ@cyrillic")?.identifier == "uz_Cyrl_UZ")
        #expect(UserLocale.locale(posixName: "da")?.identifier == "da")
    }

    @Test("LANG=en_US.UTF-8 writes US dates: Sun, Sep 13 (the machine's own default is en_001)")
    func scheduleInUSEnglish() async {
        let us = await runExercises(["schedule"], environment: ["LANG": "en_US.UTF-8"], locale: "en_001")
        #expect(us.status == 0)
        #expect(us.output.contains("Sun, Sep 13 "), "\(us.output)")
        let fallback = await runExercises(["schedule"], environment: ["LANG": "C.UTF-8"], locale: "en_001")
        #expect(fallback.output.contains("Sun, 13 Sep "), "C keeps the system default: \(fallback.output)")
    }

    @Test("LANG=de_DE.UTF-8: German dates, and CarFit's labels in German; LC_ALL beats LANG; --locale beats both")
    func germanFromLANG() async {
        let schedule = await runExercises(["schedule"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(schedule.output.contains("So. 13. Sept."), "\(schedule.output)")

        let carfit = await runExercises(["carfit"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(carfit.status == 0)
        #expect(carfit.output.hasPrefix("Heute"))
        #expect(carfit.output.contains("Donnerstag, 10. September · 3 Besuche"))
        #expect(carfit.output.contains("ERLEDIGT"))
        #expect(carfit.output.contains("Oktober 2020 ›"))

        let overridden = await runExercises(["carfit"], environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "en_US.UTF-8"])
        #expect(overridden.output.hasPrefix("Today"))
        #expect(overridden.output.contains("Thursday, September 10 · 3 visits"))

        let option = await runExercises(["carfit", "--locale", "da_DK"], environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "en_US.UTF-8"])
        #expect(option.output.hasPrefix("I dag"))
    }

    @Test("LC_TIME and LC_MESSAGES apart: German dates with English words")
    func formatsAndWordsApart() async throws {
        let run = await runExercises(["carfit", "--json"], environment: ["LANG": "en_US.UTF-8", "LC_TIME": "de_DE.UTF-8"])
        #expect(run.status == 0)
        #expect(run.output.contains("\"title\" : \"Today\""))
        let text = await runExercises(["carfit"], environment: ["LANG": "en_US.UTF-8", "LC_TIME": "de_DE.UTF-8"])
        #expect(text.output.contains("Donnerstag, 10. September · 3 visits"), "\(text.output)")
        #expect(text.output.contains("DONE"))
        #expect(text.output.contains("0,5 km"), "numbers follow the formats locale")
    }
}

extension UserLocale {
    fileprivate init(formats: String?, messages: String?) {
        self.init(environment: [:])
        self.formats = formats.map(Locale.init(identifier:))
        self.messages = messages.map(Locale.init(identifier:))
    }
}
