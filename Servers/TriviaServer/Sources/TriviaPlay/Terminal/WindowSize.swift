#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A terminal's size in character cells.
public struct WindowSize: Sendable, Hashable {
    /// Lines on the screen.
    public var rows: Int
    /// Cells per line.
    public var columns: Int

    /// A size of `rows` lines of `columns` cells (at least 1 of each).
    public init(rows: Int, columns: Int) {
        self.rows = max(1, rows)
        self.columns = max(1, columns)
    }

    /// The size the terminal on `fileDescriptor` reports now; `nil` when it is not a terminal or
    /// reports no size (some serial lines), and the caller picks a default.
    public static func of(_ fileDescriptor: Int32) -> WindowSize? {
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
        return WindowSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
    }

    /// The classic terminal, for when nothing says otherwise.
    public static let standard = WindowSize(rows: 24, columns: 80)
}
