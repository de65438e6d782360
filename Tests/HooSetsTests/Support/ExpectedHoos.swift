/// The content of the nine bundled archives, written out by hand from the fixture so that the
/// loader is checked against the data, not against itself.
enum ExpectedHoos {
    static let colors = ["Red", "Yellow", "Blue", "Purple", "Green", "Silver", "Cyan", "Brown", "Orange"]
    static let counts = [14, 13, 9, 14, 13, 9, 14, 13, 9]

    /// Sets 1, 4, 7 carry the first poem, 2, 5, 8 the second, 3, 6, 9 the third.
    static func poem(forSet set: Int) -> [(title: String, line: String)] {
        [rubies, yellow, blue][(set - 1) % 3]
    }

    static let rubies: [(title: String, line: String)] = [
        ("Rubies", "They brought me rubies from the mine"),
        ("Sun", "And held them to the sun"),
        ("Wine", "I said, they are drops of frozen wine"),
        ("Vats", "From Eden's vats that run"),
        ("Hearts", "I looked again, I thought them hearts"),
        ("Friends", "Of friends to friends unknown"),
        ("Tides", "Tides that should warm"),
        ("Life", "Each neighboring life"),
        ("Stone", "Are locked in sparkling stone"),
        ("Fire", "But fire to thaw that ruddy snow"),
        ("Ice", "To break enchanted ice"),
        ("Scarlet", "And give love's scarlet"),
        ("Flow", "Tides to flow"),
        ("When", "When shall that sun arise –Ralph Waldo Emerson"),
    ]

    static let yellow: [(title: String, line: String)] = [
        ("Bright As Yellow", "And you live your life with your arms stretched out"),
        ("Speak", "Eye to eye when speaking."),
        ("Joy", "Enter rooms with great joy shouts"),
        ("Happy to be meeting", "And bright, bright, bright,"),
        ("Yellow", "Bright as yellow, warm as yellow."),
        ("Not me", "And I do not want to be a rose"),
        ("Not me", "I do not wish to be pale pink"),
        ("Bright", "But flower scarlet, flower gold"),
        ("Ouch", "And have no thorns to distance me"),
        ("Again", "Bright, bright, bright, bright as yellow, warm as yellow"),
        ("Voice", "Even if I'm shouting, even if I'm shouting here inside"),
        ("More", "Even if I'm shouting, do you see that I'm wanting"),
        ("Yearning", "That I want to be so so bright, bright, bright, bright as yellow, warm as yellow. –Anonymous"),
    ]

    static let blue: [(title: String, line: String)] = [
        ("Blue", "Inside the storm"),
        ("Keeping", "I am wrapped in blue"),
        ("Deep", "Blue like the mind"),
        ("Still", "Holding still—waiting for the instant"),
        ("Clouds", "That clouds break open like my mind"),
        ("Sleep", "Releasing itself from the vestiges of sleep"),
        ("Inhale", "Taking the deepest breath"),
        ("Release", "And find in the exhale"),
        ("Next", "The perfect hue of an undiscovered day"),
    ]
}
