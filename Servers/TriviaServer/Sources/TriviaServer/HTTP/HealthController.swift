import Hummingbird

/// `GET /health`.
struct HealthController<Context: RequestContext> {
    /// What the route reports, asked at each request.
    let status: @Sendable () async -> TriviaServerStatus

    func addRoutes(to router: Router<Context>) {
        router.get(TriviaRoutes.health) { _, _ in
            Response.triviaJSON(.ok, await status())
        }
    }
}
