import Foundation
import ScreenPreviews
import SharedNetworking
import Synchronization

/// The images live pages show, served by this server at `/media/N`: a logo or a fact image
/// the view-model loaded, a Hoo's extracted file.
///
/// A preview page embeds its images; a live page is rendered again on every change, so it
/// references them instead and the browser fetches each once (they are immutable: a URL is
/// never reused for other bytes). Only bytes whose signature is an image's are kept, up to
/// ``maxBytes`` in all; the oldest are forgotten first (a page still showing one re-links it
/// on its next render).
public final class MediaStore: Sendable {
    /// An image and its type.
    public struct Item: Sendable {
        /// The bytes, as the view-model has them.
        public var data: Data
        /// `image/png`, `image/jpeg`…
        public var contentType: String
    }

    private struct Store {
        var keys: [String: Int] = [:]
        var items: [Int: (source: String, item: Item)] = [:]
        var order: [Int] = []
        var bytes = 0
        var next = 1
    }

    /// How many bytes are kept at most.
    public let maxBytes: Int
    private let store = Mutex(Store())

    /// A store of at most `maxBytes`.
    public init(maxBytes: Int = 256 << 20) {
        self.maxBytes = maxBytes
    }

    /// The path of the image loaded from `url`, adding `data()` the first time; `nil` when the
    /// bytes are not an image.
    public func link(_ url: URL, data: () -> Data?) -> SafeURL? {
        let key = url.absoluteString
        if let id = store.withLock({ $0.keys[key] }) { return SafeURL(path: "/media/\(id)") }
        guard let bytes = data(), let format = ImageHeaderParser.sniff(bytes) else { return nil }
        let item = Item(data: bytes, contentType: Self.contentType(format))
        let id = store.withLock { store -> Int in
            if let id = store.keys[key] { return id }
            let id = store.next
            store.next += 1
            store.keys[key] = id
            store.items[id] = (key, item)
            store.order.append(id)
            store.bytes += bytes.count
            while store.bytes > maxBytes, store.order.count > 1 {
                let oldest = store.order.removeFirst()
                if let gone = store.items.removeValue(forKey: oldest) {
                    store.bytes -= gone.item.data.count
                    store.keys[gone.source] = nil
                }
            }
            return id
        }
        return SafeURL(path: "/media/\(id)")
    }

    /// The path of a local file the app itself made (an extracted Hoo image, bundled artwork).
    public func linkFile(_ url: URL) -> SafeURL? {
        guard url.isFileURL else { return nil }
        return link(url) {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                attributes[.type] as? FileAttributeType == .typeRegular, let size = attributes[.size] as? Int, size <= 8 << 20
            else { return nil }
            return try? Data(contentsOf: url)
        }
    }

    /// The image at `/media/<id>`.
    public func item(_ id: Int) -> Item? {
        store.withLock { $0.items[id]?.item }
    }

    /// Bytes kept now.
    public var byteCount: Int { store.withLock { $0.bytes } }

    static func contentType(_ format: ImageFormat) -> String {
        switch format {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .webp: "image/webp"
        }
    }
}
