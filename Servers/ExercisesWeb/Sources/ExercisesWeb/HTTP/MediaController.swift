import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /media/{id}`: an image a screen shows (``MediaStore``), immutable, so the browser
/// fetches each once.
struct MediaController<Context: RequestContext> {
    let media: MediaStore

    func addRoutes(to router: Router<Context>) {
        router.get(WebRoutes.media) { _, context in
            guard let id = context.parameters.get("id").flatMap(Int.init), let item = media.item(id) else {
                return Response(status: .notFound)
            }
            var headers = HTTPFields()
            headers[.contentType] = item.contentType
            headers[.cacheControl] = "public, max-age=31536000, immutable"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: item.data)))
        }
    }
}
