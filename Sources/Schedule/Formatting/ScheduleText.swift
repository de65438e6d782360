/// The words the screen itself writes (everything else comes from the feed).
///
/// The feed's own strings (`REGULAR SEASON`, `Week 1`, `PACKERS`) are English and shown as
/// sent; these few labels match them. They are constants in one place so an app can localize
/// them with its string catalog.
public enum ScheduleText {
    /// The navigation bar's title, as in the exercise's screenshot.
    public static let title = "SCHEDULE"
    /// Between the two teams of a game.
    public static let versus = "@"
    /// A bye row's label.
    public static let bye = "BYE"
    /// A date or opponent the feed does not give.
    public static let toBeDetermined = "TBD"
    /// A kick-off time the feed says is still to be announced (`IsTBA`).
    public static let toBeAnnounced = "TBA"
    /// The status of a final game whose `GameState` is missing.
    public static let final = "FINAL"
    /// A score or record that is missing or not a number.
    public static let unknownValue = "–"
    /// What an empty schedule says instead of rows.
    public static let empty = "No games scheduled."
}
