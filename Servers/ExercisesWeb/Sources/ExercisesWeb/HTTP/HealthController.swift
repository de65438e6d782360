import ChildProcesses
import Foundation
import Hummingbird

/// `GET /health`: what the server holds, as JSON (Docs/Web.md, "Routes"): its sessions, the
/// media it keeps, its resident memory, and the in-process Trivia competitions' schedules.
///
/// The memory and the schedules are for a load client in another process
/// (`exercises-web-load --url`): the memory per session is the growth of `rssBytes`, and a
/// Trivia question's broadcast instant follows from its competition's schedule.
struct HealthController<Context: RequestContext> {
    let store: SessionStore
    let media: MediaStore
    let lobby: TriviaLobby
    /// This process's resident memory in bytes; `nil` where the system does not say.
    var residentBytes: @Sendable () -> Int? = { ProcessMemory.residentBytes(pid: getpid()) }

    func addRoutes(to router: Router<Context>) {
        router.get(WebRoutes.health) { _, _ in
            let report = HealthReport(
                sessions: await store.count, mediaBytes: media.byteCount, rssBytes: residentBytes(),
                trivia: await lobby.competitions().map(HealthReport.Competition.init))
            let data = (try? JSONEncoder().encode(report)) ?? Data(#"{"status":"ok"}"#.utf8)
            return Response.text(String(decoding: data, as: UTF8.self) + "\n", type: "application/json")
        }
    }
}

/// The body of `GET /health`: `{"status":"ok","sessions":N,"mediaBytes":N,"rssBytes":N|null,
/// "trivia":[{"competition":"web-3","startsAt":1764300000.5,"answerSeconds":12,"reviewSeconds":6,"questions":5}]}`.
/// `startsAt` is seconds since 1970 (UTC), when the competition's first question opens.
struct HealthReport: Encodable {
    var status = "ok"
    var sessions: Int
    var mediaBytes: Int
    var rssBytes: Int?
    var trivia: [Competition]

    /// One in-process competition's schedule.
    struct Competition: Encodable {
        var competition: String
        var startsAt: Double
        var answerSeconds: Double
        var reviewSeconds: Double
        var questions: Int

        init(_ schedule: TriviaLobby.Competition) {
            competition = schedule.competition.rawValue
            startsAt = schedule.startsAt.timeIntervalSince1970
            answerSeconds = schedule.answerWindow.timeInterval
            reviewSeconds = schedule.reviewWindow.timeInterval
            questions = schedule.questionCount
        }
    }

    private enum CodingKeys: String, CodingKey {
        case status, sessions, mediaBytes, rssBytes, trivia
    }

    /// Written out so that an unknown memory is `null`, not a missing field.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(sessions, forKey: .sessions)
        try container.encode(mediaBytes, forKey: .mediaBytes)
        try container.encode(rssBytes, forKey: .rssBytes)
        try container.encode(trivia, forKey: .trivia)
    }
}
