import Foundation
import Hummingbird

/// `GET /assets/{file}`: the page's script and styles and the site's icon, from the module's
/// resources (read once); `GET /favicon.ico`: the icon again, for browsers that ask for it by
/// that name before reading a page (a 404 there is a console error on every page).
struct AssetController<Context: RequestContext> {
    /// A file served under `/assets/`.
    struct Asset: Sendable {
        var text: String
        var type: String
    }

    /// The files by name.
    let assets: [String: Asset]

    /// The module's bundled assets.
    static func bundled() -> AssetController {
        AssetController(assets: [
            "live.js": Asset(text: resource("live", "js"), type: "text/javascript; charset=utf-8"),
            "start.js": Asset(text: resource("start", "js"), type: "text/javascript; charset=utf-8"),
            "live.css": Asset(text: resource("live", "css"), type: "text/css; charset=utf-8"),
            "index.css": Asset(text: LivePage.indexStyles, type: "text/css; charset=utf-8"),
            "icon.svg": Asset(text: LivePage.icon, type: "image/svg+xml"),
        ])
    }

    func addRoutes(to router: Router<Context>) {
        router.get(WebRoutes.asset) { _, context in
            guard let name = context.parameters.get("file"), let asset = assets[name] else { return Response(status: .notFound) }
            return Response.text(asset.text, type: asset.type)
        }
        router.get(WebRoutes.favicon) { _, _ in
            guard let icon = assets["icon.svg"] else { return Response(status: .notFound) }
            return Response.text(icon.text, type: icon.type, cacheControl: "public, max-age=86400")
        }
    }

    /// A file of the module's resources as text; empty (and the page without it) if it is missing.
    static func resource(_ name: String, _ type: String) -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: type), let text = try? String(contentsOf: url, encoding: .utf8)
        else { return "" }
        return text
    }
}
