import Testing

@testable import ExercisesCLI

@Suite("Argument parsing")
struct ArgumentParserTests {
    let table: [OptionSpec] = [
        .flag("--json", help: "json"),
        .value("--locale", "ID", help: "locale"),
        .repeated("--date", "DAY", help: "day"),
        .flag("--help", help: "help"),
    ]

    @Test func valuesFlagsAndRepeatedOptions() throws {
        let parsed = try ArgumentParser.parse(["--json", "--locale", "de_DE", "--date", "2020-09-10", "--date=2020-09-11"], options: table)
        #expect(parsed.has("--json"))
        #expect(parsed.value("--locale") == "de_DE")
        #expect(parsed.values("--date") == ["2020-09-10", "2020-09-11"])
        #expect(!parsed.has("--help"))
    }

    @Test func inlineValueWithEqualsSign() throws {
        let parsed = try ArgumentParser.parse(["--locale=fr_FR"], options: table)
        #expect(parsed.value("--locale") == "fr_FR")
    }

    @Test func shortHelpIsLongHelp() throws {
        #expect(try ArgumentParser.parse(["-h"], options: table).has("--help"))
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try ArgumentParser.parse(["--", "--json"], options: table)
        #expect(!parsed.has("--json"))
        #expect(parsed.positional == ["--json"])
    }

    @Test func unknownOptionSuggestsTheClosest() {
        #expect(throws: CLIError.usage("unknown option '--locle' (did you mean '--locale'?)")) {
            try ArgumentParser.parse(["--locle", "x"], options: table)
        }
        #expect(throws: CLIError.usage("unknown option '--zzzzzzzz'")) {
            try ArgumentParser.parse(["--zzzzzzzz"], options: table)
        }
    }

    @Test func missingValueIsAUsageError() {
        #expect(throws: CLIError.usage("--locale needs a value (--locale ID)")) {
            try ArgumentParser.parse(["--locale"], options: table)
        }
        #expect(throws: CLIError.usage("--locale needs a value (--locale ID)")) {
            try ArgumentParser.parse(["--locale", "--json"], options: table)
        }
    }

    @Test func singleValueOptionGivenTwiceIsAnError() {
        #expect(throws: CLIError.usage("--locale was given more than once")) {
            try ArgumentParser.parse(["--locale", "a", "--locale", "b"], options: table)
        }
    }

    @Test func flagWithValueIsAnError() {
        #expect(throws: CLIError.usage("--json does not take a value")) {
            try ArgumentParser.parse(["--json=yes"], options: table)
        }
    }

    @Test func typedValueConversionNamesTheOption() throws {
        let parsed = try ArgumentParser.parse(["--locale", "abc"], options: table)
        #expect(throws: CLIError.usage("--locale: 'abc' is not a number")) {
            _ = try parsed.value("--locale", as: "a number") { Int($0) }
        }
    }

    @Test(arguments: [("kitten", "sitting", 3), ("", "abc", 3), ("same", "same", 0), ("--locale", "--locle", 1)])
    func editDistance(a: String, b: String, distance: Int) {
        #expect(ArgumentParser.editDistance(a, b) == distance)
    }
}

@Suite("The exercises command")
struct CommandLineRunnerTests {
    @Test func helpListsEveryExercise() async {
        let run = await runExercises(["--help"])
        #expect(run.status == 0)
        for name in ["schedule", "carfit", "hoosets", "facts", "trivia"] {
            #expect(run.output.contains("  \(name) "))
        }
    }

    @Test func noArgumentsShowsHelp() async {
        let run = await runExercises([])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("USAGE: exercises <exercise>"))
    }

    @Test func eachExerciseHasHelpWithItsOptions() async {
        for command in CommandLineRunner.commands {
            let run = await runExercises([command.name, "--help"])
            #expect(run.status == 0)
            #expect(run.output.hasPrefix("USAGE: exercises \(command.name) [options]"))
            for option in command.allOptions {
                #expect(run.output.contains(option.name), "\(command.name) help lacks \(option.name)")
            }
        }
    }

    @Test func unknownExerciseIsAUsageErrorWithASuggestion() async {
        let run = await runExercises(["schedul"])
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("error: unknown exercise 'schedul' (did you mean 'schedule'?)"))
        #expect(run.output.isEmpty)
    }

    @Test func badOptionValuesAreOneLineUsageErrors() async {
        let zone = await runExercises(["schedule", "--time-zone", "Mars/Base"])
        #expect(zone.status == 2)
        #expect(zone.errors.hasPrefix("error: --time-zone: 'Mars/Base' is not a time zone identifier"))
        let locale = await runExercises(["schedule", "--locale", "xx_QQ"])
        #expect(locale.status == 2)
        let now = await runExercises(["schedule", "--now", "yesterday"])
        #expect(now.status == 2)
        #expect(now.errors.hasPrefix("error: --now: 'yesterday' is not an ISO 8601 date or time"))
        let both = await runExercises(["schedule", "--file", "a.json", "--url", "http://example.com/a.json"])
        #expect(both.status == 2)
        let url = await runExercises(["schedule", "--url", "ftp://x/y"])
        #expect(url.errors.hasPrefix("error: --url: 'ftp://x/y' is not an http(s) URL"))
    }

    @Test func unexpectedPositionalArgumentIsRejected() async {
        let run = await runExercises(["schedule", "extra"])
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("error: unexpected argument 'extra'"))
    }
}
