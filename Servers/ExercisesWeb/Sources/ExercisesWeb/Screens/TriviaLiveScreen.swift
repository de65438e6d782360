import Foundation
import Logging
import NIOCore
import Observation
import ScreenKit
import ScreenPreviews
import SharedNetworking
import Trivia
import TriviaWebSocketClient

/// Trivia in a tab: a real `TriviaViewModel` per tab, playing over a WebSocket
/// (`WebSocketTriviaTransport`) on a seat the ``TriviaLobby`` hands out, with its wild-card
/// balance from the server's endpoint. Choices answer (`answer`, `data-value` the index), the
/// wild-card offer is used or declined; the countdown ticks and the host's messages arrive
/// through the view-model, whose observed screen the session pushes. On the final screen,
/// "Next game" takes a seat in the next competition.
@MainActor
@Observable
final class TriviaLiveScreen: LiveScreen {
    private(set) var model: TriviaViewModel?
    private(set) var status: String
    @ObservationIgnored private let context: ScreenContext
    @ObservationIgnored private let eventLoopGroup: any EventLoopGroup
    @ObservationIgnored private let logger: Logger
    @ObservationIgnored private let tasks = ScreenTasks()
    @ObservationIgnored private var instance = 0

    @ObservationIgnored private let words: WebText
    /// Who this tab is in every competition it plays (its seat is its own).
    @ObservationIgnored let player: TriviaLobby.Player

    init(context: ScreenContext, eventLoopGroup: any EventLoopGroup, logger: Logger) {
        self.context = context
        self.words = WebText(locale: context.environment.messagesLocale)
        self.player = context.trivia.newPlayer()
        self.status = words.findingCompetition
        self.eventLoopGroup = eventLoopGroup
        self.logger = logger
    }

    var surface: LiveSurface { .list }

    func start() { join() }

    func stop() {
        tasks.cancelAll()
        model?.stop()
        let lobby = context.trivia, player = self.player
        Task { await lobby.release(player) }
    }

    /// Takes a seat in the current competition and starts playing it.
    private func join() {
        model?.stop()
        model = nil
        status = words.findingCompetition
        instance += 1
        let instance = self.instance
        tasks.run { [weak self, context, player] in
            do throws(TriviaLobbyError) {
                let seat = try await context.trivia.seat(for: player)
                self?.play(seat, instance: instance)
            } catch {
                self?.status = self?.words.noCompetition(error.description) ?? error.description
            }
        }
    }

    private func play(_ seat: TriviaLobby.Seat, instance: Int) {
        guard instance == self.instance else { return }
        let environment = context.environment
        guard let socket = WebSocketTriviaTransport.socketURL(base: seat.server, competition: seat.competition) else {
            status = "\(seat.server) is not a Trivia server URL"
            return
        }
        let model = TriviaViewModel(
            configuration: TriviaClientConfiguration(
                user: seat.user, token: seat.token, competition: seat.competition, clientInstance: "web-\(seat.user)-\(instance)",
                jitterSeed: UInt64(instance)),
            transport: WebSocketTriviaTransport(url: socket, clock: environment.clock, eventLoopGroup: eventLoopGroup, logger: logger),
            balances: WildcardBalanceClient(baseURL: seat.server, client: environment.httpClient), clock: environment.clock,
            locale: environment.locale, timeZone: environment.timeZone, language: environment.messagesLocale,
            contrast: context.configuration.contrast)
        self.model = model
        model.start()
    }

    func render() -> PreviewScreen {
        guard let model else { return Self.message(status, title: "Trivia", slug: "trivia") }
        return screen(of: model, header: Self.header(model))
    }

    /// The page of the view-model's state, kept for every session that reaches an equal state
    /// in the same language (a thousand viewers shown one question make it once).
    func snapshot() -> LiveSnapshot {
        guard let model, let memo = context.sharedScreens?.trivia else { return LiveSnapshot(render()) }
        let header = Self.header(model)
        let key = LiveScreenMemos.TriviaKey(
            state: model.state, caption: header.caption, isFinal: header.isFinal, language: context.environment.messagesLocale.identifier)
        return memo.snapshot(for: key) { screen(of: model, header: header) }
    }

    /// The caption under the phone (the header's parts) and whether the game is over.
    private static func header(_ model: TriviaViewModel) -> (caption: String, isFinal: Bool) {
        let state = model.screen
        let caption = [state.header.title, state.header.progress, state.header.role?.text, state.header.wildcards]
            .compactMap { $0 }.joined(separator: " · ")
        return (caption, state.kind == .final)
    }

    private func screen(of model: TriviaViewModel, header: (caption: String, isFinal: Bool)) -> PreviewScreen {
        var screen = TriviaPreview.screen(model.state, slug: "trivia", title: "Trivia", caption: header.caption)
        if header.isFinal {
            let next = LiveMarkup.button(
                AccessibilityElement(
                    label: words.nextGame, hint: words.nextGameHint, traits: .button,
                    actions: [AccessibilityAction(action: Self.nextGame)], identifier: Self.nextGame),
                classes: "live-next-game", [.text(words.nextGame)])
            // A real button in the content, under the results, as an app's call to action: the
            // bar holds the competition's title only.
            screen.content = .group([screen.content, .div("live-next-game-row", [next])])
        }
        return screen
    }

    /// The live page's own action on the final screen (no view-model has it: it starts a new
    /// `TriviaViewModel` in the next competition).
    static let nextGame = "next-game"

    /// The view state's actions (`TriviaAction`, the `data-action` of the choices and the
    /// wild-card offer), and ``nextGame``.
    func handle(_ event: LiveEvent) throws(LiveEventError) {
        switch event {
        case .action(Self.nextGame, _):
            // Only where the screen offers it: the final screen. Anywhere else it would take a
            // new seat in the middle of a game, as many times as a page asked.
            guard model?.screen.kind == .final else { throw .unsupported("Next game is offered on the final screen only") }
            join()
        case .action(let name, let value):
            guard let action = TriviaAction(rawValue: name) else { throw .unsupported("Trivia has no control \(name)") }
            guard let model else { throw .unsupported("no question is open yet") }
            switch action {
            case .answer:
                guard let value, let index = Int(value), (0..<64).contains(index) else {
                    throw .unsupported("answer needs a choice's index")
                }
                model.select(index)
            case .useWildcard: model.useWildcard()
            case .declineWildcard: model.declineWildcard()
            }
        case .scroll, .viewport:
            break
        case .pointer:
            throw .unsupported("Trivia takes taps on its buttons")
        }
    }
}
