import ArgumentParser
import Foundation

/// What the sessions of a run are and what their people do (Docs/Benchmarks.md, "Live pages").
///
/// - `carfit`: CarFit sessions; each active one opens the calendar, selects a day, deselects it
///   and closes the calendar, one event per tick, round and round.
/// - `hoosets`: HooSets sessions; each active one sends pointer samples on the grid, one per
///   tick: a tap on a Hoo (down, up), then a short horizontal scrub (down, two moves, up).
/// - `trivia`: Trivia sessions seated in one competition; nobody sends anything: the run times
///   each question from the host's broadcast to each session's screen showing it.
/// - `idle`: CarFit sessions, all connected, none sending: memory and the server's own pushes.
enum LoadScenario: String, CaseIterable, Codable, Sendable, ExpressibleByArgument {
    case carfit, hoosets, trivia, idle

    /// The app whose sessions the run opens (`POST /{app}/s`).
    var app: String {
        switch self {
        case .carfit, .idle: "carfit"
        case .hoosets: "hoosets"
        case .trivia: "trivia"
        }
    }

    /// Whether sessions send events (Trivia and idle runs only listen).
    var sendsEvents: Bool {
        switch self {
        case .carfit, .hoosets: true
        case .trivia, .idle: false
        }
    }

    /// The calendar's round: open, select 11 September 2020 (a day of the bundled sample), deselect
    /// it, close.
    static let carFitEvents = [
        #""type":"action","action":"toggle-calendar"}"#,
        #""type":"action","action":"toggle-day","value":"2020-09-11"}"#,
        #""type":"action","action":"toggle-day","value":"2020-09-11"}"#,
        #""type":"action","action":"toggle-calendar"}"#,
    ]

    /// The steps of the round each active session goes through, by name (the report gives the
    /// bytes of the message that acknowledged each).
    var eventNames: [String] {
        switch self {
        case .carfit: ["open the calendar", "select a day", "deselect it", "close the calendar"]
        case .hoosets: ["tap: down", "tap: up", "scrub: down", "scrub: move", "scrub: move again", "scrub: up"]
        case .trivia, .idle: []
        }
    }

    /// A tap on the first Hoo, then a scrub across the first row: (phase, x, y) in points.
    static let hooSetsSamples: [(phase: String, x: Int, y: Int)] = [
        ("began", 60, 150), ("ended", 60, 150),
        ("began", 60, 150), ("moved", 150, 152), ("moved", 240, 154), ("ended", 240, 154),
    ]

    /// The event a session sends as its `number`th (0-based), with its `seq`, as the page's script
    /// writes it; `time` is the pointer sample's time in seconds (the page's clock). `nil` for the
    /// scenarios that only listen.
    func event(_ number: Int, seq: Int, time: Double) -> String? {
        switch self {
        case .carfit:
            return "{\"seq\":\(seq)," + Self.carFitEvents[number % Self.carFitEvents.count]
        case .hoosets:
            let sample = Self.hooSetsSamples[number % Self.hooSetsSamples.count]
            return "{\"seq\":\(seq),\"type\":\"pointer\",\"phase\":\"\(sample.phase)\",\"time\":\(String(format: "%.3f", time)),"
                + "\"x\":\(sample.x),\"y\":\(sample.y)}"
        case .trivia, .idle:
            return nil
        }
    }
}
