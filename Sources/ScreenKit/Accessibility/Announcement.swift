/// Something VoiceOver should say although nothing was touched: a question opened, a refresh
/// finished, a load failed.
///
/// View-models publish their latest announcement (`announcement`); a view posts it when it
/// changes. Needs SwiftUI (iOS 17+):
///
/// ```swift
/// .onChange(of: model.announcement) { _, new in
///     guard let new else { return }
///     var text = AttributedString(new.text)
///     text.accessibilitySpeechAnnouncementPriority =
///         switch new.priority { case .low: .low; case .default: .default; case .high: .high }
///     AccessibilityNotification.Announcement(text).post()
/// }
/// ```
///
/// ``id`` grows with every announcement of a view-model, so saying the same words twice is
/// still a change.
public struct Announcement: Sendable, Hashable, Codable {
    /// How urgently it is said, as iOS's `AccessibilityPriority`.
    public enum Priority: String, Sendable, Hashable, Codable, CaseIterable {
        /// Said when VoiceOver is quiet; dropped if something else is said.
        case low
        /// Queued after what VoiceOver is saying.
        case `default`
        /// Interrupts what VoiceOver is saying (time running out, a failure).
        case high
    }

    /// Increases with each announcement of the same view-model.
    public var id: Int
    /// The words, in the user's language, one or two short sentences.
    public var text: String
    /// How urgently it is said.
    public var priority: Priority

    /// An announcement from its parts.
    public init(id: Int, text: String, priority: Priority = .default) {
        self.id = id
        self.text = text
        self.priority = priority
    }
}

/// What a view-model keeps to number its announcements: the next ``Announcement/id``.
public struct AnnouncementCounter: Sendable, Hashable {
    /// The id the next announcement gets.
    public private(set) var next = 1

    /// A counter whose first announcement is number 1.
    public init() {}

    /// `text` as the next announcement, or `nil` when there is nothing to say (`text` is
    /// `nil` or empty).
    public mutating func announce(_ text: String?, priority: Announcement.Priority = .default) -> Announcement? {
        guard let text, !text.isEmpty else { return nil }
        defer { next += 1 }
        return Announcement(id: next, text: text, priority: priority)
    }
}
