import Foundation
import ScreenPreviews
import SharedNetworking
import Trivia
import TriviaHost

/// `exercises all --html-dir DIR`: every exercise's screen from its bundled data, one page per
/// phone screen plus `index.html`, with the options that show each screen at its most telling
/// (a Hoo selected, a trivia run with a wrong first answer so the wild-card offer appears).
struct AllPreviewsCommand: ExerciseCommand {
    let name = "all"
    let summary = "Every screen as HTML pages with an index (--html-dir DIR)"
    let discussion = """
        Runs every exercise on its bundled data and writes one self-contained page per screen \
        (schedule.html, carfit.html, hoosets.html, facts.html, trivia-question.html, …) and index.html \
        into DIR. Pages embed their images, run no script and look right at 390 × 844. A screen that \
        fails is listed in the index and makes the command exit with status 1 after the others are written.
        """
    let commonOptions = [CommonOptions.locale, CommonOptions.timeZone, CommonOptions.now, CommonOptions.cacheDirectory]
    let options: [OptionSpec] = [.value("--html-dir", "DIR", help: "Directory for the pages and index.html (created if missing).")]
    let examples = ["exercises all --html-dir previews", "exercises all --html-dir /tmp/p --locale de_DE --time-zone Europe/Berlin"]
    var offersHTMLPreview: Bool { false }

    func run(_ context: CommandContext) async throws(CLIError) -> ScreenOutput {
        guard let path = context.options.value("--html-dir") else { throw .usage("--html-dir DIR is required") }
        let directory = URL(fileURLWithPath: (path as NSString).expandingTildeInPath, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .input("cannot create \(path): \(error.localizedDescription)")
        }
        let preview = PreviewContext(environment: context.environment, contrast: try context.contrast)
        var pages: [WrittenPage] = []
        var failures: [String] = []
        for command in CommandLineRunner.commands where command.offersHTMLPreview {
            do throws(CLIError) {
                let arguments = try await Self.arguments(for: command.name, context: context) + Self.forwarded(context.options)
                let options = try ArgumentParser.parse(arguments, options: command.allOptions)
                let output = try await command.run(
                    CommandContext(options: options, environment: context.environment, source: nil, width: context.width))
                for screen in try HTMLPreviewWriter.screens(of: output, exercise: command.name, context: preview) {
                    let file = "\(screen.slug).html"
                    let document = PreviewDocument(title: screen.title, screens: [screen], language: preview.language)
                    try HTMLPreviewWriter.write(document.html, to: directory.appendingPathComponent(file).path)
                    pages.append(WrittenPage(exercise: command.name, file: file, title: screen.title, caption: screen.caption))
                }
            } catch {
                failures.append("\(command.name): \(error.description)")
            }
        }
        let index = PreviewIndex(
            title: "MobileExercises: every screen",
            entries: pages.compactMap { page in
                SafeURL(sibling: page.file).map { .init(file: $0, title: page.title, caption: page.caption) }
            },
            notes: failures.map { "Not drawn: \($0)" })
        try HTMLPreviewWriter.write(index.html, to: directory.appendingPathComponent("index.html").path)
        if !failures.isEmpty {
            throw .input("wrote \(pages.count) pages to \(path), but \(failures.joined(separator: "; "))")
        }
        let lines =
            pages.map { "\(directory.appendingPathComponent($0.file).path)  \($0.title)" }
            + ["\(directory.appendingPathComponent("index.html").path)  index of \(pages.count) pages"]
        return ScreenOutput(text: lines.joined(separator: "\n"), state: AllPreviews(directory: directory.path, pages: pages))
    }

    /// The options each exercise runs with.
    static func arguments(for exercise: String, context: CommandContext) async throws(CLIError) -> [String] {
        switch exercise {
        case "hoosets":
            return ["--select", "1/1"]
        case "trivia":
            return ["--answers", try await triviaAnswers(context)]
        default:
            return []
        }
    }

    /// The options of `all` every exercise takes too: `--contrast`.
    static func forwarded(_ options: ParsedOptions) -> [String] {
        options.value("--contrast").map { ["--contrast", $0] } ?? []
    }

    /// A wrong first answer (so the wild-card is offered and used), then every answer right.
    static func triviaAnswers(_ context: CommandContext) async throws(CLIError) -> String {
        do throws(NetworkError) {
            let questions = try await TriviaQuestionSet.load(
                from: try TriviaSource.bundled(), loader: context.feedNetwork.loader(options: FeedDecodingOptions())
            )
            .value.questions
            return questions.enumerated().map { index, question in
                String((index == 0 ? (question.answer + 1) % question.choices.count : question.answer) + 1)
            }.joined(separator: ",")
        } catch {
            throw .loading(error)
        }
    }
}

/// One page `exercises all` wrote.
struct WrittenPage: Codable, Sendable {
    let exercise: String
    let file: String
    let title: String
    let caption: String
}

/// `exercises all --json`: what was written where.
struct AllPreviews: Codable, Sendable {
    let directory: String
    let pages: [WrittenPage]
}
