import TerminalScreens

/// Help pages, generated from the same option tables the parser uses.
enum HelpText {
    static func overview(_ commands: [any ExerciseCommand]) -> String {
        var lines = [
            "USAGE: exercises <exercise> [options]",
            "",
            "Shows one screen of a mobile exercise, from its bundled data unless told otherwise.",
            "",
            "EXERCISES:",
        ]
        let width = (commands.map(\.name.count).max() ?? 0) + 2
        for command in commands {
            lines.append("  " + TerminalText.pad(command.name, to: width) + command.summary)
        }
        lines += [
            "",
            "Run 'exercises <exercise> --help' for an exercise's options.",
            "Exit status: 0 success, 1 bad input (message on stderr), 2 bad command line.",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    static func command(_ command: any ExerciseCommand) -> String {
        var lines = ["USAGE: exercises \(command.name) [options]", ""]
        lines += TerminalText.wrap(command.summary + ". " + command.discussion, width: 78)
        lines += ["", "OPTIONS:"]
        let table = command.allOptions
        let width = min(30, (table.map(\.synopsis.count).max() ?? 0) + 2)
        for option in table {
            let help = TerminalText.wrap(option.help, width: max(20, 76 - width))
            let synopsis = option.synopsis
            if synopsis.count + 2 > width {
                lines.append("  " + synopsis)
                lines += help.map { "  " + String(repeating: " ", count: width) + $0 }
            } else {
                lines.append("  " + TerminalText.pad(synopsis, to: width) + (help.first ?? ""))
                lines += help.dropFirst().map { "  " + String(repeating: " ", count: width) + $0 }
            }
        }
        if !command.examples.isEmpty {
            lines += ["", "EXAMPLES:"] + command.examples.map { "  " + $0 }
        }
        lines.append("")
        return lines.joined(separator: "\n")
    }
}
