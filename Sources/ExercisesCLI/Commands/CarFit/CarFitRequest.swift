import CarFit
import Foundation
import SharedNetworking

/// The `carfit` options, validated: which days, which data, which clock.
struct CarFitRequest {
    /// `--date` values, in the order given.
    let days: [CalendarDay]
    /// The seed when `--generated` is given; `nil` for a feed.
    let generatorSeed: UInt64?
    /// The clock the screen runs on (see ``usesSampleDay``).
    let clock: any AppClock
    /// Whether "today" was moved to the bundled sample's first day because nothing else said
    /// what today is: the bundled sample, no `--now`, no `--generated`.
    let usesSampleDay: Bool

    static let defaultSeed: UInt64 = 2020

    init(_ context: CommandContext) throws(CLIError) {
        let options = context.options
        days = try options.values("--date").map { text throws(CLIError) in
            guard let day = CalendarDay(parsing: text) else {
                throw .usage("--date: '\(text)' is not a day as YYYY-MM-DD")
            }
            return day
        }

        let generated = options.has("--generated")
        if generated, options.has("--file") || options.has("--url") {
            throw .usage("--generated cannot be combined with --file or --url")
        }
        if options.has("--seed"), !generated {
            throw .usage("--seed only applies with --generated")
        }
        let seed = try options.value("--seed", as: "a whole number from 0 to \(UInt64.max)") { UInt64($0) }
        generatorSeed = generated ? seed ?? Self.defaultSeed : nil

        let environment = context.environment
        if !options.has("--now"), !generated, context.source == nil, let sampleMorning = CarFitSampleDay.clock(in: environment) {
            clock = sampleMorning
            usesSampleDay = true
        } else {
            clock = environment.clock
            usesSampleDay = false
        }
    }
}
