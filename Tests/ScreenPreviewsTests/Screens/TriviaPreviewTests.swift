import Foundation
import ScreenPreviews
import SharedNetworking
import Testing
import Trivia
import TriviaHost

@Suite("Trivia pages")
struct TriviaPreviewTests {
    static func page(_ state: TriviaViewState) -> String {
        PreviewDocument(title: "Trivia", screens: [TriviaPreview.screen(state, slug: "trivia", title: "Trivia", caption: "")]).html
    }

    @Test("A question: prompt, choices in their colours, countdown ring, the style's fonts")
    func question() throws {
        let screens = Fixtures.triviaScreens(Fixtures.questions)
        let state = try #require(
            screens.first { $0.question?.countdown != nil && $0.question?.lockedOverlay == nil && $0.question?.choices.isEmpty == false })
        let question = try #require(state.question)
        let html = Self.page(state)
        #expect(html.contains(">Which element has the chemical symbol Au?<"))
        for choice in question.choices {
            #expect(
                html.contains(
                    "background-color: \(choice.background.hex); color: \(choice.foreground.hex); height: \(Int(state.style.choiceHeight))px"
                ))
            #expect(html.contains(">\(choice.text)<"))
        }
        #expect(html.contains("conic-gradient(\(try #require(question.countdown).color.hex) 0% "))
        let font = state.style.questionFont
        #expect(html.contains("font-size: \(Int(font.size))px; font-weight: \(font.weight.cssValue)"))
        // Open for answers: every choice is a button naming its view-model action, none disabled.
        for choice in question.choices {
            #expect(html.contains("id=\"choice-\(choice.index)\" data-action=\"answer\" data-value=\"\(choice.index)\""))
        }
        #expect(!html.contains(" disabled"))
    }

    @Test("A locked answer, a wrong answer with the wild-card offer, and the final screen")
    func laterScreens() throws {
        let screens = Fixtures.triviaScreens(Fixtures.questions)
        let locked = try #require(screens.first { $0.question?.lockedOverlay != nil })
        // The locked notice is a status row after the choices' list, on an opaque colour: it
        // covers no choice, and no choice shows through it.
        let lockedPage = Self.page(locked)
        let notice = try #require(lockedPage.range(of: "class=\"trivia-locked\" role=\"status\""))
        let list = try #require(lockedPage.range(of: "</ol>"))
        #expect(list.upperBound <= notice.lowerBound, "the locked notice is inside the choices")
        #expect(lockedPage.contains("class=\"trivia-locked\" role=\"status\" style=\"background-color: \(locked.style.overlay.hex)\""))
        #expect(!lockedPage.contains("rgba(14, 17, 36"))

        let offer = try #require(screens.first { $0.question?.wildcardOffer?.isSending == false })
        let offerPage = Self.page(offer)
        #expect(offerPage.contains(">Wrong answer<"))
        #expect(offerPage.contains(">Use a wild-card?<"))
        #expect(offerPage.contains(">Use wild-card<") && offerPage.contains(">Watch instead<"))
        #expect(offerPage.contains("background-color: \(TriviaTheme.incorrect.hex)"))

        let final = try #require(screens.last { $0.kind == .final })
        let finalPage = Self.page(final)
        let headline = try #require(final.final)
        #expect(finalPage.contains(">\(headline.headline)<"))
        #expect(finalPage.contains("class=\"trivia-winner you\""))
        for stat in headline.stats {
            #expect(finalPage.contains(">\(stat.label)<"))
        }
    }

    @Test("Question text, choices and names from the feed are escaped")
    func hostileQuestions() throws {
        let questions = [
            TriviaQuestion(id: QuestionID("x1"), text: Hostile.script, choices: [Hostile.image, Hostile.attribute, "Plain"], answer: 2),
            TriviaQuestion(id: QuestionID("x2"), text: "Second", choices: ["A", "B"], answer: 0),
        ]
        let screens = Fixtures.triviaScreens(questions, title: Hostile.script)
        #expect(screens.contains { $0.question?.wildcardOffer != nil })
        for screen in screens {
            let html = Self.page(screen)
            #expect(!html.lowercased().contains("<script"))
            #expect(!html.contains("<img src=x"))
            #expect(!html.contains("\" onmouseover=\""))
        }
        let question = try #require(screens.first { $0.question?.prompt == Hostile.script })
        #expect(Self.page(question).contains(">&lt;script&gt;alert(1)&lt;/script&gt;<"))
    }
}
