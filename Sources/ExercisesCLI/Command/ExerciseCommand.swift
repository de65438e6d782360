import Foundation
import SharedNetworking

/// One exercise's screen in the terminal: `exercises <name> [options]`.
///
/// A command turns a ``CommandContext`` (parsed options plus an injected environment) into a
/// ``ScreenOutput``: the text a user of the app would see, and the view state for `--json`.
public protocol ExerciseCommand: Sendable {
    /// The subcommand: `schedule`.
    var name: String { get }
    /// One line for the command list.
    var summary: String { get }
    /// A paragraph for `--help`.
    var discussion: String { get }
    /// Which of the ``CommonOptions`` apply to this exercise.
    var commonOptions: [OptionSpec] { get }
    /// Options of this exercise only.
    var options: [OptionSpec] { get }
    /// Example invocations for `--help`.
    var examples: [String] { get }

    /// Whether `--html` applies: the screen's view state draws as a page (Docs/Previews.md).
    var offersHTMLPreview: Bool { get }

    /// Shows the screen for `context`: its text, its view state for `--json`, and what loading repaired.
    func run(_ context: CommandContext) async throws(CLIError) -> ScreenOutput
}

extension ExerciseCommand {
    /// Every screen offers `--html` unless it says otherwise.
    public var offersHTMLPreview: Bool { true }

    /// The full table the parser validates against: `--contrast` is every screen's (and
    /// `all`'s).
    var allOptions: [OptionSpec] {
        commonOptions + options + [ContrastOption.spec] + (offersHTMLPreview ? [CommonOptions.html] : []) + [CommonOptions.help]
    }
}

/// What a command receives: its options and everything from outside, already resolved.
public struct CommandContext: Sendable {
    /// The options as parsed from the command line.
    public var options: ParsedOptions
    /// Locale, time zone, calendar and clock from `--locale`, `--time-zone`, `--now` (or the
    /// process's defaults); an HTTP client for `--url`; cache directories.
    public var environment: AppEnvironment
    /// `--file` or `--url`, or `nil` for the exercise's embedded default.
    public var source: FeedSource?
    /// Columns available for text output.
    public var width: Int
    /// `--timeout`: the longest a remote feed may take, every retry included; `nil` for the
    /// decoding options' own deadline (30 s).
    public var feedDeadline: Duration?

    /// A context from its parts; ``CommandLineRunner`` builds the real one.
    public init(options: ParsedOptions, environment: AppEnvironment, source: FeedSource?, width: Int, feedDeadline: Duration? = nil) {
        self.options = options
        self.environment = environment
        self.source = source
        self.width = width
        self.feedDeadline = feedDeadline
    }

    /// The network parts every feed loader of the command is built from: the context's HTTP
    /// client, ``feedCache`` and the `--timeout` deadline. Each exercise's loader adds its own
    /// decoding options (`FactsFeedLoader(source:network:)`).
    public var feedNetwork: FeedNetwork {
        FeedNetwork(client: environment.httpClient, cache: feedCache, deadline: feedDeadline)
    }

    /// The HTTP cache of remote feeds, in `feeds` below the cache directory: a second run
    /// revalidates what the first saved, and shows it when the network fails.
    public var feedCache: HTTPCache {
        HTTPCache(
            directory: environment.directories.caches.appendingPathComponent("feeds", isDirectory: true),
            sizeLimit: 64 * 1024 * 1024, clock: environment.clock, policy: .feeds)
    }

    /// Whether `--json` was given.
    public var wantsJSON: Bool { options.has("--json") }

    /// `--contrast`: the design's colours or those for Increase Contrast.
    public var contrast: ContrastPreference {
        get throws(CLIError) { try ContrastOption.preference(options) }
    }

    /// `--file` or `--url` when given, else the exercise's bundled copy (`bundled` is not
    /// called then); a bundle that cannot be found is a loading error.
    public func source(orBundled bundled: () throws(NetworkError) -> FeedSource) throws(CLIError) -> FeedSource {
        if let source { return source }
        do throws(NetworkError) {
            return try bundled()
        } catch {
            throw .loading(error)
        }
    }
}

/// A rendered screen: text for people, view state for scripts.
public struct ScreenOutput: Sendable {
    /// The screen as a user of the app would read it.
    public var text: String
    /// The screen's view state, printed by `--json` inside the envelope of ``ScreenJSON``.
    public var state: any Encodable & Sendable
    /// What loading dropped or repaired; printed as `note:` lines on standard error.
    public var diagnostics: [Diagnostic]

    /// An output of `text`, with `state` for `--json` and `diagnostics` for standard error.
    public init(text: String, state: any Encodable & Sendable, diagnostics: [Diagnostic] = []) {
        self.text = text
        self.state = state
        self.diagnostics = diagnostics
    }
}
