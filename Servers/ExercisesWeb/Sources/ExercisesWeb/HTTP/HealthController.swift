import Hummingbird

/// `GET /health`: `{"status":"ok","sessions":N,"mediaBytes":N}`.
struct HealthController<Context: RequestContext> {
    let store: SessionStore
    let media: MediaStore

    func addRoutes(to router: Router<Context>) {
        router.get(WebRoutes.health) { _, _ in
            let sessions = await store.count
            return Response.text(
                "{\"status\":\"ok\",\"sessions\":\(sessions),\"mediaBytes\":\(media.byteCount)}\n", type: "application/json")
        }
    }
}
