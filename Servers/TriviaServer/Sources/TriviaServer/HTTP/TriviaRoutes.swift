import Hummingbird

/// The server's HTTP routes, as Hummingbird router paths with typed parameters: the one list
/// the router, the WebSocket upgrade and the `405` answers are built from.
public enum TriviaRoutes {
    /// `GET /health`: ``TriviaServerStatus``.
    public static let health: RouterPath = "/health"
    /// `GET /v1/users/{user}/wildcards`: the wild-card balance.
    public static let wildcards: RouterPath = "/v1/users/{user}/wildcards"
    /// `GET /v1/competitions/{competition}/socket` with a WebSocket upgrade.
    public static let socket: RouterPath = "/v1/competitions/{competition}/socket"

    /// Every route, each answering `GET` (and `HEAD`, which Hummingbird derives from it); any other
    /// method on one of these paths is `405` with `Allow: GET, HEAD`.
    static let all: [RouterPath] = [health, wildcards, socket]
    /// The `Allow` header of a `405`.
    static let allowed = "GET, HEAD"
}
