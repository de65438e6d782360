import Foundation
import SharedNetworking

/// The CarFit API envelope: `{ "success": true, "message": "…", "code": 200, "data": [visits] }`.
///
/// Decoding never fails because of one bad visit: `data` is a ``/SharedNetworking/LossyArray`` and every visit
/// that cannot be shown is dropped, counted and reported as a ``/SharedNetworking/Diagnostic``. Whether the
/// server *succeeded* is a separate question answered by ``visits(source:)``, so a `success: false`
/// reply becomes an error that carries the server's own message.
public struct CarFitFeed: Decodable, Sendable {
    /// `success`; a missing value counts as success when there is a visit list.
    public var success: Bool
    /// `message`: the server's explanation, shown when ``success`` is false.
    public var message: String?
    /// `code`: the server's error code, if any.
    public var code: Int?
    /// `data`; `nil` when the server sent none (absent or `null`).
    public var data: [Visit]?
    /// Visits in `data` that could not be decoded and were dropped.
    public var droppedVisitCount: Int

    /// A response from its fields, for tests.
    public init(success: Bool, message: String? = nil, code: Int? = nil, data: [Visit]?, droppedVisitCount: Int = 0) {
        self.success = success
        self.message = message
        self.code = code
        self.data = data
        self.droppedVisitCount = droppedVisitCount
    }

    enum CodingKeys: String, CodingKey {
        case success, message, code, data
    }

    /// Decodes the envelope; `data` is lossy, so one bad visit costs one card.
    public init(from decoder: any Decoder) throws {
        // A bare array of visits (no envelope) is accepted too: the list is what matters.
        if let list = try? decoder.singleValueContainer().decode(LossyArray<Visit>.self) {
            decoder.report(.note, "no envelope: the document is a bare list of visits")
            self.init(success: true, data: list.elements, droppedVisitCount: list.droppedCount)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // An object with none of the envelope's keys is not a CarFit reply at all: said so, not
        // read as an envelope without `success` (the server refusing the request).
        guard !container.allKeys.isEmpty else {
            throw DecodingError.notThisFeed(
                "CarFit reply", expected: "an object with \"success\", \"data\" or \"message\" (or a list of visits)", decoder: decoder)
        }
        let message = container.decodeTrimmedString(forKey: .message)
        let code = (try? container.decodeIfPresent(Int.self, forKey: .code)) ?? nil
        var list: LossyArray<Visit>?
        if container.contains(.data), try !container.decodeNil(forKey: .data) {
            list = try container.decodeLossyList(Visit.self, forKey: .data, decoder: decoder)
        }
        let success: Bool
        if let flag = try container.decodeIfPresent(LenientBool.self, forKey: .success) {
            success = flag.value
        } else {
            success = list != nil
            decoder.report(
                .note, "no success flag; \(success ? "a visit list is present, so success is assumed" : "and no visit list")",
                at: [CodingKeys.success])
        }
        self.init(success: success, message: message, code: code, data: list?.elements, droppedVisitCount: list?.droppedCount ?? 0)
    }

    /// The visits, or why there are none, naming `source` (the document's URL or file name): the
    /// server's refusal (`success: false`) with its own message and code, or a reply without a
    /// visit list.
    public func visits(source: String) throws(NetworkError) -> [Visit] {
        guard success else {
            throw .refused(
                source: source, message: message ?? "the server reported a failure without a message", code: code.map(String.init))
        }
        guard let data else {
            throw .invalidContent(source: source, reason: "the server's reply has no visit list (\"data\" is missing or null)")
        }
        return data
    }
}

extension CarFitFeed: SavedCopyWorthiness {
    /// Only an answer with visits replaces the saved copy: a refusal (`success: false`, often a
    /// 200 with "Token expired") or a reply without a list would leave a worker who opens the app
    /// offline tomorrow with no day at all.
    public var isWorthSaving: Bool {
        success && data != nil
    }
}
