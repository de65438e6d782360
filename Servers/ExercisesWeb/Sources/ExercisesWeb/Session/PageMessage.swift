/// A message a page sends: an event for the screen's view-model, or the page's own request for
/// the whole screen (`{"seq": 9, "type": "resync"}`: its screen is not the one a patch was made
/// against, Docs/Web.md, "Messages"), which the session answers itself.
enum PageMessage: Sendable, Equatable {
    /// For the screen.
    case event(LiveEvent)
    /// Send the whole screen.
    case resync

    /// The sequence number and message of `text`, or why it is not one.
    static func decode(_ text: String) -> (seq: Int?, result: Result<PageMessage, LiveEventError>) {
        guard let wire = LiveEvent.Wire(text) else { return (nil, .failure(LiveEvent.Wire.unreadable)) }
        if wire.type == "resync" { return (wire.seq, .success(.resync)) }
        return (wire.seq, Result { () throws(LiveEventError) in .event(try LiveEvent.event(wire)) })
    }
}
