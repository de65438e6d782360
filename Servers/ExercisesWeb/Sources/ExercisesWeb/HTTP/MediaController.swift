import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /media/{id}`: an image a screen shows (``MediaStore``), immutable, so the browser
/// fetches each once; answered only to the browser whose session showed it.
struct MediaController<Context: RequestContext> {
    let media: MediaStore

    func addRoutes(to router: Router<Context>) {
        router.get(WebRoutes.media) { request, context in
            // Only to the browser whose session showed it (its cookie); anyone else: not found.
            guard let id = context.parameters.get("id"), let item = media.item(id, for: MediaClient.fromCookies(request.headers[.cookie]))
            else {
                return Response(status: .notFound)
            }
            var headers = HTTPFields()
            headers[.contentType] = item.contentType
            headers[.cacheControl] = "public, max-age=31536000, immutable"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: item.data)))
        }
    }
}
