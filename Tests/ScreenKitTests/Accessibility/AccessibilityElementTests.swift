import Foundation
import ScreenKit
import SharedNetworking
import Testing

@Suite("The accessibility vocabulary")
struct AccessibilityElementTests {
    func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("an element encodes its label and only the fields that apply")
    func minimalEncoding() throws {
        #expect(try json(AccessibilityElement(label: "Games")) == #"{"label":"Games"}"#)
        let day = AccessibilityElement(
            label: "Thursday, 10 September 2020", value: "today", hint: "Shows this day's visits.", traits: [.selected, .button, .toggle],
            actions: [AccessibilityAction(action: "toggle-day", value: "2020-09-10")], identifier: "day-2020-09-10")
        #expect(
            try json(day)
                == #"{"actions":[{"action":"toggle-day","value":"2020-09-10"}],"hint":"Shows this day's visits.","identifier":"day-2020-09-10","label":"Thursday, 10 September 2020","traits":["button","selected","toggle"],"value":"today"}"#
        )
    }

    @Test("decoding gives back what was encoded; absent fields take their defaults")
    func roundTrip() throws {
        let element = AccessibilityElement(
            label: "Next Hoo", traits: [.button, .header], actions: [AccessibilityAction(named: "Close", action: "dismiss-selection")],
            children: .contain, sortPriority: 2, headingLevel: .h2, identifier: "x")
        let decoded = try JSONDecoder().decode(AccessibilityElement.self, from: Data(try json(element).utf8))
        #expect(decoded == element)
        let bare = try JSONDecoder().decode(AccessibilityElement.self, from: Data(#"{"label":"A"}"#.utf8))
        #expect(bare == AccessibilityElement(label: "A"))
    }

    @Test("an unknown trait name is a decoding error that names it")
    func unknownTrait() {
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AccessibilityTraits.self, from: Data(#"["button","sparkly"]"#.utf8))
        }
        #expect(String(describing: error).contains("sparkly"))
    }

    @Test("every trait has its own bit and name")
    func traitNames() {
        let all = AccessibilityTraits.named
        #expect(Set(all.map(\.trait.rawValue)).count == all.count)
        #expect(Set(all.map(\.name)).count == all.count)
        #expect(AccessibilityTraits([.toggle, .button]).description == "button, toggle")
    }

    @Test("the default action is the one without a name; named actions keep their order")
    func actions() {
        let element = AccessibilityElement(
            label: "Rubies",
            actions: [
                AccessibilityAction(action: "select-hoo", value: "01/01"),
                AccessibilityAction(named: "Next Hoo", action: "select-next-hoo"),
                AccessibilityAction(named: "Previous Hoo", action: "select-previous-hoo"),
            ])
        #expect(element.defaultAction?.action == "select-hoo")
        #expect(element.defaultAction?.isDefault == true)
        #expect(element.namedActions.map(\.name) == ["Next Hoo", "Previous Hoo"])
        #expect(AccessibilityElement.heading("Schedule", level: .h1).traits == .header)
    }

    @Test("announcements are numbered from 1; nothing is announced for no words")
    func counter() {
        var counter = AnnouncementCounter()
        #expect(counter.announce(nil) == nil)
        #expect(counter.announce("") == nil)
        #expect(counter.announce("Schedule updated.") == Announcement(id: 1, text: "Schedule updated."))
        #expect(counter.announce("Schedule updated.", priority: .high) == Announcement(id: 2, text: "Schedule updated.", priority: .high))
        #expect(counter.next == 3)
    }

    @Test("the spoken language comes from the locale's language; others fall back to English")
    func language() {
        #expect(SpokenLanguage(locale: Locale(identifier: "de_DE")) == .german)
        #expect(SpokenLanguage(locale: Locale(identifier: "de_AT")) == .german)
        #expect(SpokenLanguage(locale: Locale(identifier: "en_GB")) == .english)
        #expect(SpokenLanguage(locale: Locale(identifier: "fr_FR")) == .english)
        #expect(SpokenLanguage(locale: Locale(identifier: "da_DK")) == .english, "Danish only where a module offers it")
        #expect(SpokenLanguage(locale: Locale(identifier: "da_DK"), available: [.english, .danish]) == .danish)
    }
}
