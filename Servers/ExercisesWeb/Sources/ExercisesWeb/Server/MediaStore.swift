import Foundation
import ScreenPreviews
import SharedNetworking
import Synchronization

/// The images live pages show, served by this server at `/media/{id}`: a logo or a fact image
/// the view-model loaded, a Hoo's extracted file.
///
/// A preview page embeds its images; a live page is rendered again on every change, so it
/// references them instead and the browser fetches each once (they are immutable: an id is never
/// reused for other bytes). Only bytes whose signature is an image's are kept, up to
/// ``maxBytes`` in all; the oldest are forgotten first (a page still showing one re-links it
/// on its next render).
///
/// **An image is answered only to the browser whose session showed it.** An id is 128 random
/// bits, not a counter (`/media/1`, `/media/2`… let a client with no session fetch every image
/// other sessions had loaded), and each is granted to the client (``MediaClient``: the browser's
/// cookie) whose session linked it; `/media/{id}` answers that client only. The id stays the same
/// for every session of the process, so a second tab of the same browser finds the image in its
/// cache. Grants are bounded: ``maxImagesPerClient`` a client, ``maxClients`` clients, the oldest
/// forgotten first.
public final class MediaStore: Sendable {
    /// An image and its type.
    public struct Item: Sendable {
        /// The bytes, as the view-model has them.
        public var data: Data
        /// `image/png`, `image/jpeg`…
        public var contentType: String
    }

    private struct Store {
        var ids: [String: String] = [:]
        var items: [String: (source: String, item: Item)] = [:]
        var order: [String] = []
        var bytes = 0
        var grants: [MediaClient: Set<String>] = [:]
        var clientOrder: [MediaClient] = []
    }

    /// How many bytes are kept at most.
    public let maxBytes: Int
    /// Images one client may be granted (a browser showing more re-links as it renders).
    public let maxImagesPerClient: Int
    /// Clients remembered; the one that linked least recently is forgotten first.
    public let maxClients: Int
    private let store = Mutex(Store())
    private let newID: @Sendable () -> String

    /// A store of at most `maxBytes`; `newID` makes each image's id (128 random bits by default).
    public init(
        maxBytes: Int = 256 << 20, maxImagesPerClient: Int = 4_096, maxClients: Int = 10_000,
        newID: @escaping @Sendable () -> String = MediaClient.randomHex
    ) {
        self.maxBytes = maxBytes
        self.maxImagesPerClient = max(1, maxImagesPerClient)
        self.maxClients = max(1, maxClients)
        self.newID = newID
    }

    /// The path of the image loaded from `url`, adding `data()` the first time, granted to
    /// `client` (`nil`: to no one, for a page rendered outside a session); `nil` when the bytes
    /// are not an image.
    public func link(_ url: URL, for client: MediaClient?, data: () -> Data?) -> SafeURL? {
        let key = url.absoluteString
        if let id = store.withLock({ store -> String? in
            guard let id = store.ids[key] else { return nil }
            if let client { Self.grant(id, to: client, in: &store, limit: maxImagesPerClient, clients: maxClients) }
            return id
        }) {
            return SafeURL(path: "/media/\(id)")
        }
        guard let bytes = data(), let format = ImageHeaderParser.sniff(bytes) else { return nil }
        let item = Item(data: bytes, contentType: Self.contentType(format))
        let fresh = newID()
        let id = store.withLock { store -> String in
            let id: String
            if let existing = store.ids[key] {
                id = existing
            } else {
                id = fresh
                store.ids[key] = id
                store.items[id] = (key, item)
                store.order.append(id)
                store.bytes += bytes.count
                while store.bytes > maxBytes, store.order.count > 1 {
                    let oldest = store.order.removeFirst()
                    if let gone = store.items.removeValue(forKey: oldest) {
                        store.bytes -= gone.item.data.count
                        store.ids[gone.source] = nil
                    }
                }
            }
            if let client { Self.grant(id, to: client, in: &store, limit: maxImagesPerClient, clients: maxClients) }
            return id
        }
        return SafeURL(path: "/media/\(id)")
    }

    /// The path of a local file the app itself made (an extracted Hoo image, bundled artwork),
    /// granted to `client`.
    public func linkFile(_ url: URL, for client: MediaClient?) -> SafeURL? {
        guard url.isFileURL else { return nil }
        return link(url, for: client) {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                attributes[.type] as? FileAttributeType == .typeRegular, let size = attributes[.size] as? Int, size <= 8 << 20
            else { return nil }
            return try? Data(contentsOf: url)
        }
    }

    /// The image at `/media/{id}`, if it was granted to `client`.
    public func item(_ id: String, for client: MediaClient?) -> Item? {
        guard let client else { return nil }
        return store.withLock { store in
            guard store.grants[client]?.contains(id) == true else { return nil }
            return store.items[id]?.item
        }
    }

    /// Bytes kept now.
    public var byteCount: Int { store.withLock { $0.bytes } }

    private static func grant(_ id: String, to client: MediaClient, in store: inout Store, limit: Int, clients: Int) {
        if store.grants[client] == nil {
            store.clientOrder.append(client)
            while store.clientOrder.count > clients {
                store.grants[store.clientOrder.removeFirst()] = nil
            }
        }
        var granted = store.grants[client, default: []]
        if granted.count >= limit, !granted.contains(id) { granted.removeAll(keepingCapacity: true) }
        granted.insert(id)
        store.grants[client] = granted
    }

    static func contentType(_ format: ImageFormat) -> String {
        switch format {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .webp: "image/webp"
        }
    }
}

/// One browser, as the server knows it: the value of its `exercises-web-client` cookie (128
/// random bits, `HttpOnly`, `SameSite=Strict`), set when it first opens a session. What its
/// sessions show, it may fetch.
public struct MediaClient: Sendable, Hashable {
    /// 32 hexadecimal digits.
    public let value: String

    /// The client a cookie value names, if it is shaped like one this server makes.
    public init?(_ value: String) {
        guard value.count == 32, value.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit }) else { return nil }
        self.value = value
    }

    /// A new client.
    public static func random() -> MediaClient {
        MediaClient(randomHex()) ?? MediaClient(uncheckedValue: randomHex())
    }

    private init(uncheckedValue: String) {
        value = uncheckedValue
    }

    /// The cookie's name.
    public static let cookieName = "exercises-web-client"

    /// The client named by a request's `Cookie` header, if any.
    public static func fromCookies(_ header: String?) -> MediaClient? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == cookieName { return MediaClient(parts[1]) }
        }
        return nil
    }

    /// The `Set-Cookie` value that names this client for every path of the server, to its own
    /// pages only, out of scripts' reach.
    public var setCookie: String {
        "\(Self.cookieName)=\(value); Path=/; HttpOnly; SameSite=Strict; Max-Age=2592000"
    }

    /// 128 bits from the system's secure generator as 32 hexadecimal digits.
    @Sendable public static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }
}

/// A session's view of the ``MediaStore``: what its screens link is granted to its browser.
struct SessionMedia: Sendable {
    let store: MediaStore
    let client: MediaClient?

    /// See ``MediaStore/link(_:for:data:)``.
    func link(_ url: URL, data: () -> Data?) -> SafeURL? {
        store.link(url, for: client, data: data)
    }

    /// See ``MediaStore/linkFile(_:for:)``.
    func linkFile(_ url: URL) -> SafeURL? {
        store.linkFile(url, for: client)
    }
}
