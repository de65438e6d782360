import Testing

@testable import ExercisesWeb

@Suite("Events a page sends")
struct LiveEventTests {
    @Test func decodesEachKindOfEvent() {
        #expect(
            LiveEvent.decode(#"{"seq":1,"type":"action","action":"toggle-day","value":"2020-09-13"}"#).result
                == .success(.action(name: "toggle-day", value: "2020-09-13")))
        #expect(
            LiveEvent.decode(#"{"seq":2,"type":"pointer","phase":"moved","time":1.5,"x":10,"y":20}"#).result
                == .success(.pointer(phase: .moved, time: 1.5, x: 10, y: 20)))
        #expect(
            LiveEvent.decode(#"{"seq":3,"type":"scroll","top":120,"first":2,"last":6}"#).result
                == .success(.scroll(top: 120, visible: 2...6)))
        #expect(
            LiveEvent.decode(#"{"seq":5,"type":"viewport","width":390,"height":753}"#).result
                == .success(.viewport(width: 390, height: 753)))
        #expect(LiveEvent.decode(#"{"seq":6,"type":"action","action":"refresh"}"#).seq == 6)
    }

    @Test(arguments: [
        "not json", "[]", "{}", #"{"seq":1,"type":"teleport"}"#, #"{"seq":1,"type":"action","action":"<script>"}"#,
        #"{"seq":1,"type":"action","action":""}"#, #"{"seq":1,"type":"pointer","phase":"hover","time":1,"x":1,"y":1}"#,
        #"{"seq":1,"type":"pointer","phase":"began","time":1,"x":1e308,"y":1e999}"#,
        #"{"seq":1,"type":"scroll","top":0,"first":5,"last":1}"#,
        #"{"seq":1,"type":"scroll","top":0,"first":-1,"last":1}"#, #"{"seq":1,"type":"viewport","width":0,"height":10}"#,
        #"{"seq":1,"type":"wheel","dy":-40}"#,
    ])
    func refusesMalformedEvents(_ text: String) {
        guard case .failure(let error) = LiveEvent.decode(text).result else {
            Issue.record("\(text) was accepted")
            return
        }
        #expect(error.description.hasPrefix("malformed event: "))
    }

    @Test func refusesAnOverlongValue() {
        let text = #"{"seq":9,"type":"action","action":"toggle-day","value":""# + String(repeating: "x", count: 500) + #""}"#
        let decoded = LiveEvent.decode(text)
        #expect(decoded.seq == 9)
        #expect(decoded.result == .failure(.malformed("value is too long")))
    }
}
