import Foundation
import ScreenKit
import SharedNetworking
import TerminalScreens
import Trivia
import TriviaHost

/// `exercises trivia`: a whole competition played in-process against the reference host, with
/// bots and you, in virtual time; every screen you would see is printed as it changes.
struct TriviaCommand: ExerciseCommand {
    let name = "trivia"
    let summary = "A live trivia competition, played in-process"
    let discussion = """
        Runs a competition against the reference host with bot players and you, over the \
        documented protocol with simulated network delays, in virtual time (it finishes at once). \
        Prints each question and final screen as it changes. --file takes a question set \
        (the format of Sources/TriviaHost/Resources/questions.json); --json prints the screens and \
        every message on your connection.
        """
    /// No `--url`: there is no feed to fetch. `--cache-dir` is accepted like everywhere (scripts
    /// pass it to every exercise) though nothing is cached.
    let commonOptions = [
        CommonOptions.file, CommonOptions.locale, CommonOptions.timeZone, CommonOptions.now, CommonOptions.json,
        CommonOptions.cacheDirectory,
    ]
    let options = TriviaRunOptions.all
    let examples = [
        "exercises trivia",
        "exercises trivia --answers 2,2,1 --questions 3 --seed 7",
        "exercises trivia --answers x --wildcards 0 --players 20",
        "exercises trivia --json --seed 3 > run.json",
    ]

    /// You, among the bots: your name is the screen's word for you (`You`, `Du`).
    static let you: UserID = "you"

    func run(_ context: CommandContext) async throws(CLIError) -> ScreenOutput {
        let settings = try TriviaRunOptions(context.options)
        let source = try context.source(orBundled: TriviaSource.bundled)
        let loaded: Loaded<TriviaQuestionSet>
        do throws(NetworkError) {
            loaded = try await TriviaQuestionSet.load(from: source, loader: context.feedNetwork.loader(options: FeedDecodingOptions()))
        } catch {
            throw .loading(error)
        }
        let questionSet = settings.questionLimit.map { loaded.value.prefix($0) } ?? loaded.value
        try settings.validate(against: questionSet.questions)

        // On a whole second: the protocol carries instants in milliseconds, so a start with a
        // fraction of a millisecond would shift every countdown's fraction from run to run, and
        // the same seed would not print the same screens.
        let startsAt = Date(timeIntervalSince1970: (context.environment.clock.now.timeIntervalSince1970 + 5).rounded(.up))
        let builder = TriviaViewStateBuilder(
            locale: context.environment.locale, timeZone: context.environment.timeZone, language: context.environment.messagesLocale,
            contrast: try context.contrast)
        var bots = TriviaSimulationSettings.bots(count: settings.players, seed: settings.seed)
        bots.insert(
            TriviaBot(
                identity: TriviaIdentity(user: Self.you, displayName: builder.written.yourName), token: "token-you",
                balance: settings.wildcards, strategy: .scripted(settings.answers),
                thinkTime: 1.5...4.5, skipRate: 0, usesWildcard: !settings.declineWildcard),
            at: 0)
        var simulation = TriviaSimulation(
            settings: TriviaSimulationSettings(
                seed: settings.seed, questionSet: questionSet, startsAt: startsAt, bots: bots, latency: 0.03...0.25))
        var recorder = Recorder(builder: builder)
        let report = simulation.run { recorder.observe($0) }

        let start = report.startedAt
        let text = TriviaScreenText(width: context.width)
        var lines: [String] = []
        for frame in recorder.frames {
            lines += text.render(frame.screen, elapsed: frame.at.timeIntervalSince(start))
            lines.append("")
        }
        lines.append(
            builder.written.runSummary(
                questions: questionSet.questions.count, players: settings.players + 1, messages: recorder.events.count,
                seed: settings.seed))
        let log = TriviaRunLog(
            settings: .init(
                seed: settings.seed, players: settings.players + 1, questions: questionSet.questions.count,
                wildcards: settings.wildcards, declineWildcard: settings.declineWildcard, startsAt: startsAt),
            screens: recorder.frames, events: recorder.events, standings: report.standings, winners: report.winners)
        return ScreenOutput(text: lines.joined(separator: "\n"), state: log, diagnostics: loaded.diagnostics)
    }

    /// Keeps your screens (when they change other than by a countdown) and your messages; each
    /// screen carries what VoiceOver would announce on reaching it, as the view-model would.
    struct Recorder {
        let builder: TriviaViewStateBuilder
        var frames: [TriviaRunLog.Frame] = []
        var events: [TriviaRunLog.Event] = []
        var last: TriviaViewState?
        var announcements = AnnouncementCounter()

        mutating func observe(_ observation: TriviaSimulationObservation) {
            switch observation {
            case .stateChanged(0, let state, let time):
                var screen = builder.screen(for: state, at: time)
                guard screen.withoutTimers != last?.withoutTimers else { return }
                if let new = builder.announcement(from: last, to: screen, id: announcements.next) {
                    screen.announcement = announcements.announce(new.text, priority: new.priority)
                }
                last = screen
                frames.append(TriviaRunLog.Frame(at: time, screen: screen))
            case .sent(0, let envelope, let time):
                events.append(.init(at: time, direction: .sent, type: envelope.type, sent: envelope, received: nil, note: nil))
            case .received(0, let envelope, let time):
                events.append(.init(at: time, direction: .received, type: envelope.type, sent: nil, received: envelope, note: nil))
            case .connection(0, let note, let time):
                events.append(.init(at: time, direction: .connection, type: "connection", sent: nil, received: nil, note: note))
            default:
                return
            }
        }
    }
}
