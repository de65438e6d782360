/// One command-line option, described once and used for parsing, validation and help.
///
/// The root package has no dependencies, so this replaces swift-argument-parser with a table:
/// every command lists its options as data; the parser and the help text both read that table,
/// so they cannot disagree.
public struct OptionSpec: Sendable, Hashable {
    /// How many values an option takes.
    public enum Kind: Sendable, Hashable {
        /// `--json`: present or not.
        case flag
        /// `--locale ID`: one value; giving it twice is an error.
        case value(placeholder: String)
        /// `--date YYYY-MM-DD`: may be given several times; values kept in order.
        case repeatedValue(placeholder: String)
    }

    /// The long name including dashes: `--time-zone`.
    public var name: String
    /// Whether it is a flag, takes one value, or may repeat.
    public var kind: Kind
    /// The line `--help` shows for it.
    public var help: String

    /// An option from its parts.
    public init(_ name: String, _ kind: Kind, help: String) {
        self.name = name
        self.kind = kind
        self.help = help
    }

    /// A flag such as `--json`.
    public static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name, .flag, help: help)
    }

    /// An option with one value, shown as `name PLACEHOLDER` in help.
    public static func value(_ name: String, _ placeholder: String, help: String) -> OptionSpec {
        OptionSpec(name, .value(placeholder: placeholder), help: help)
    }

    /// An option that may be given several times, each with a value.
    public static func repeated(_ name: String, _ placeholder: String, help: String) -> OptionSpec {
        OptionSpec(name, .repeatedValue(placeholder: placeholder), help: help)
    }

    /// `--locale ID`, as shown in help.
    var synopsis: String {
        switch kind {
        case .flag: name
        case .value(let placeholder): "\(name) \(placeholder)"
        case .repeatedValue(let placeholder): "\(name) \(placeholder) (repeatable)"
        }
    }
}

/// The options a command was given, after validation against its table.
public struct ParsedOptions: Sendable, Equatable {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    /// Arguments that are not options, in order.
    public private(set) var positional: [String] = []

    /// No options and no arguments.
    public init() {}

    /// Whether a flag (or any option) was given.
    public func has(_ name: String) -> Bool {
        flags.contains(name) || values[name] != nil
    }

    /// The value of a single-value option.
    public func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// Every value of a repeatable option, in the order given.
    public func values(_ name: String) -> [String] {
        values[name] ?? []
    }

    /// The value converted by `parse`, or a usage error naming the option and the bad value.
    public func value<T>(_ name: String, as what: String, _ parse: (String) -> T?) throws(CLIError) -> T? {
        guard let text = value(name) else { return nil }
        guard let parsed = parse(text) else { throw .usage("\(name): '\(text)' is not \(what)") }
        return parsed
    }

    mutating func add(flag name: String) { flags.insert(name) }
    mutating func add(value: String, for name: String) { values[name, default: []].append(value) }
    mutating func add(positional argument: String) { positional.append(argument) }
}

/// Parses arguments against an option table.
public enum ArgumentParser {
    /// Accepts `--name value`, `--name=value`, flags, and `--` to end options.
    /// Unknown options, missing values and repeated single-value options are usage errors, with
    /// a suggestion when an option is misspelled.
    public static func parse(_ arguments: [String], options table: [OptionSpec]) throws(CLIError) -> ParsedOptions {
        var parsed = ParsedOptions()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else {
                parsed.add(positional: argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if name == "-h" { name = "--help" }
            guard let spec = table.first(where: { $0.name == name }) else {
                throw .usage(unknownOptionMessage(name, table: table))
            }
            switch spec.kind {
            case .flag:
                if inlineValue != nil { throw .usage("\(name) does not take a value") }
                parsed.add(flag: name)
            case .value, .repeatedValue:
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                        throw .usage("\(name) needs a value (\(spec.synopsis))")
                    }
                    value = arguments[index]
                    index += 1
                }
                if case .value = spec.kind, parsed.has(name) {
                    throw .usage("\(name) was given more than once")
                }
                parsed.add(value: value, for: name)
            }
        }
        return parsed
    }

    static func unknownOptionMessage(_ name: String, table: [OptionSpec]) -> String {
        let closest = table.map(\.name).min { editDistance($0, name) < editDistance($1, name) }
        if let closest, editDistance(closest, name) <= max(2, name.count / 3) {
            return "unknown option '\(name)' (did you mean '\(closest)'?)"
        }
        return "unknown option '\(name)'"
    }

    /// Levenshtein distance, for "did you mean" suggestions.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
