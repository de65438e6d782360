import Foundation
import SharedNetworking

/// `exercises <name> [options]`: finds the command, parses its options, builds its environment,
/// runs it and prints the screen (or `--json`). Every failure is one line on standard error:
/// exit status 1 for bad input, 2 for a bad command line; it never crashes.
public enum CommandLineRunner {
    /// Every exercise, in the order of the README.
    public static let commands: [any ExerciseCommand] = [
        ScheduleCommand(),
        CarFitCommand(),
        HooSetsCommand(),
        FactsCommand(),
        TriviaCommand(),
        AllPreviewsCommand(),
    ]

    /// Runs the command line (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], defaults: SystemDefaults, io: any ConsoleIO) async -> Int32 {
        guard let first = arguments.first, first != "--help", first != "-h", first != "help" else {
            if arguments.count >= 2, arguments[0] == "help", let command = command(named: arguments[1]) {
                io.write(HelpText.command(command))
            } else {
                io.write(HelpText.overview(commands))
            }
            return 0
        }
        guard let command = command(named: first) else {
            let names = commands.map(\.name)
            let suggestion = names.min { ArgumentParser.editDistance($0, first) < ArgumentParser.editDistance($1, first) }
            let hint = suggestion.map { ArgumentParser.editDistance($0, first) <= 3 ? " (did you mean '\($0)'?)" : "" } ?? ""
            io.writeError("error: unknown exercise '\(first)'\(hint); choose one of: \(names.joined(separator: ", "))\n")
            return 2
        }
        do throws(CLIError) {
            let options = try ArgumentParser.parse(Array(arguments.dropFirst()), options: command.allOptions)
            if options.has("--help") {
                io.write(HelpText.command(command))
                return 0
            }
            if let extra = options.positional.first {
                throw .usage("unexpected argument '\(extra)'")
            }
            let context = CommandContext(
                options: options,
                environment: try CommonOptions.environment(options, defaults: defaults),
                source: try CommonOptions.source(options, defaultURL: (command as? any RemoteFeedCommand)?.defaultURL, io: io),
                width: max(40, defaults.terminalWidth),
                feedDeadline: try CommonOptions.feedDeadline(options)
            )
            let output = try await command.run(context)
            let written = try options.value("--html").map { path throws(CLIError) in
                try HTMLPreviewWriter.writePage(
                    output, exercise: command.name, environment: context.environment, contrast: try context.contrast, to: path)
            }
            if context.wantsJSON {
                io.write(try ScreenJSON.encode(exercise: command.name, output: output) + "\n")
            } else if let written {
                io.write(written + "\n")
            } else {
                io.write(output.text.hasSuffix("\n") ? output.text : output.text + "\n")
            }
            for diagnostic in output.diagnostics {
                io.writeError("\(diagnostic)\n")
            }
            return 0
        } catch {
            io.writeError("error: \(error.description)\n")
            if case .usage = error {
                io.writeError("see 'exercises \(command.name) --help'\n")
            }
            return error.exitStatus
        }
    }

    static func command(named name: String) -> (any ExerciseCommand)? {
        commands.first { $0.name == name.lowercased() }
    }
}

/// A command whose feed has an original remote address (`--url default`).
public protocol RemoteFeedCommand: ExerciseCommand {
    /// The exercise's original feed address, fetched for `--url default`.
    var defaultURL: URL { get }
}

/// The `--json` envelope: a stable wrapper around each screen's view state.
///
/// ```json
/// { "exercise": "schedule", "schemaVersion": 2, "screen": { … }, "diagnostics": [ … ] }
/// ```
/// Keys are sorted and dates are ISO 8601, so output is byte-for-byte reproducible.
public enum ScreenJSON {
    /// The version of the `--json` envelope; raised when a field changes meaning or shape. 2
    /// since every rectangle is `{origin, size}` (Facts' were flat `{x, y, width, height}`).
    public static let schemaVersion = 2

    /// The `--json` envelope for `output` of `exercise`: sorted keys, ISO 8601 dates.
    public static func encode(exercise: String, output: ScreenOutput) throws(CLIError) -> String {
        struct Envelope: Encodable {
            let exercise: String
            let schemaVersion: Int
            let screen: any Encodable & Sendable
            let diagnostics: [Diagnostic]

            enum CodingKeys: String, CodingKey { case exercise, schemaVersion, screen, diagnostics }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(exercise, forKey: .exercise)
                try container.encode(schemaVersion, forKey: .schemaVersion)
                try container.encode(screen, forKey: .screen)
                try container.encode(diagnostics, forKey: .diagnostics)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            let data = try encoder.encode(
                Envelope(exercise: exercise, schemaVersion: schemaVersion, screen: output.state, diagnostics: output.diagnostics)
            )
            return String(decoding: data, as: UTF8.self)
        } catch {
            throw .input("cannot encode the screen as JSON: \(error)")
        }
    }
}
