import Foundation
import SharedNetworking
import Testing

@testable import CarFit

@Suite("Visit state")
struct VisitStateTests {
    @Test(arguments: [
        ("Todo", VisitState.todo), ("ToDo", .todo), ("TODO", .todo), ("to-do", .todo), (" todo ", .todo),
        ("InProgress", .inProgress), ("in_progress", .inProgress), ("In Progress", .inProgress),
        ("Done", .done), ("done", .done), ("Rejected", .rejected), ("REJECTED", .rejected),
    ])
    func knownStatesParseCaseInsensitively(text: String, state: VisitState) {
        #expect(VisitState(rawValue: text) == state)
        #expect(state.isKnown)
    }

    @Test func anythingElseIsUnknownWithItsText() {
        #expect(VisitState(rawValue: " Cancelled ") == .unknown("Cancelled"))
        #expect(VisitState(rawValue: "").isKnown == false)
        #expect(VisitState.unknown("Cancelled").rawValue == "Cancelled")
    }

    @Test func colorsAreTheSpecifiedOnes() {
        #expect(VisitStateAppearance(state: .todo).color.hex == "#4E77D6")
        #expect(VisitStateAppearance(state: .inProgress).color.hex == "#F5C709")
        #expect(VisitStateAppearance(state: .done).color.hex == "#25A87B")
        #expect(VisitStateAppearance(state: .rejected).color.hex == "#EF6565")
        #expect(VisitStateAppearance(state: .unknown("x")).color.hex == "#8E8E93")
    }

    @Test func badgeTextIsReadableOnItsColour() {
        // Yellow is light: dark text. Blue is dark: white text.
        #expect(VisitStateAppearance(state: .inProgress).textColor != .white)
        #expect(VisitStateAppearance(state: .todo).textColor == .white)
        for state in [VisitState.todo, .inProgress, .done, .rejected, .unknown("")] {
            let appearance = VisitStateAppearance(state: state)
            #expect(appearance.color.contrastRatio(with: appearance.textColor) >= 2.5, "\(state)")
        }
    }

    @Test func labelsFollowTheLanguage() {
        #expect(CarFitStrings(language: .english).label(for: .inProgress) == "In progress")
        #expect(CarFitStrings(language: .danish).label(for: .done) == "Udført")
        #expect(CarFitStrings(language: .german).label(for: .rejected) == "Abgelehnt")
        #expect(CarFitStrings(language: .danish).label(for: .unknown("Paused")) == "Paused")
        #expect(CarFitStrings(language: .german).label(for: .unknown("")) == "Unbekannt")
        #expect(CarFitStrings(locale: .init(identifier: "da_DK")).language == .danish)
        #expect(CarFitStrings(locale: .init(identifier: "ja_JP")).language == .english)
    }
}
