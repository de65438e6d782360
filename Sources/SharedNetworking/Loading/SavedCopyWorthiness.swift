/// A feed that can say a decoded answer holds nothing worth keeping as the saved copy.
///
/// Some APIs answer a refusal with HTTP 200 and an envelope (CarFit's
/// `{"success": false, "message": "Token expired"}`): the document decodes, but there is nothing
/// in it to show. Stored by ``FeedLoader``'s ``HTTPCache`` like any other answer, it would replace
/// the last good copy, and the next cold start without a network would have nothing to show: the
/// user's data lost to one bad answer. A feed type that conforms is stored only when
/// ``isWorthSaving`` is true; the copy saved before stays, and stays what ``FeedLoader/saved(_:from:)``
/// returns. Types that do not conform are always stored once they decode.
public protocol SavedCopyWorthiness {
    /// Whether this answer may replace the saved copy: false for a refusal or an empty envelope.
    var isWorthSaving: Bool { get }
}
