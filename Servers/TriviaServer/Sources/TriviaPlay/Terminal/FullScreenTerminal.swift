import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A terminal switched to what a full-screen game needs, and switched back exactly as it was.
///
/// ``enter()`` saves the terminal's settings, turns off line editing, echo and the keys that
/// send signals (Ctrl-C arrives as a key, so leaving always goes through the game's own path
/// and its close handshake), and switches to the alternate screen with the cursor hidden.
/// ``restore()`` undoes all of it. It is idempotent and safe from any thread, so every exit
/// path (a key, a signal, an error, the end of the game, a second Ctrl-C while leaving) calls
/// it and only the first call does anything.
public final class FullScreenTerminal: Sendable {
    /// The terminal's file descriptor (standard output; standard input is the same terminal).
    public let fileDescriptor: Int32
    private let original: termios
    private let isActive = Mutex(false)

    /// `nil` when `fileDescriptor` is not a terminal (output is a file or a pipe).
    public init?(fileDescriptor: Int32) {
        guard isatty(fileDescriptor) == 1 else { return nil }
        var attributes = termios()
        guard tcgetattr(fileDescriptor, &attributes) == 0 else { return nil }
        self.fileDescriptor = fileDescriptor
        self.original = attributes
    }

    /// Raw keys, the alternate screen, no cursor.
    public func enter() throws(TerminalError) {
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fileDescriptor, TCSAFLUSH, &raw) == 0 else {
            throw TerminalError("cannot switch the terminal to raw mode: \(String(cString: strerror(errno)))")
        }
        isActive.withLock { $0 = true }
        write(TerminalControl.enterAlternateScreen + TerminalControl.hideCursor + TerminalControl.clearScreen)
    }

    /// The cursor, the normal screen and the saved settings back. Only the first call acts.
    public func restore() {
        let wasActive = isActive.withLock { active in
            defer { active = false }
            return active
        }
        guard wasActive else { return }
        write(TerminalControl.resetStyle + TerminalControl.showCursor + TerminalControl.leaveAlternateScreen)
        var attributes = original
        _ = tcsetattr(fileDescriptor, TCSADRAIN, &attributes)
    }

    /// Writes `text` whole (a frame goes out in one piece, so the screen never shows half of it).
    public func write(_ text: String) {
        FileDescriptorWriter.writeAll(text, to: fileDescriptor)
    }
}

/// The terminal could not be set up.
public struct TerminalError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for the person at the terminal.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}

/// Unbuffered writes to a file descriptor: nothing waits in a buffer when the process exits,
/// and a frame is never interleaved with another write.
public enum FileDescriptorWriter {
    /// Writes all of `text`, retrying after interruptions and partial writes; gives up quietly
    /// when the descriptor is gone (a closed terminal has no one to tell).
    public static func writeAll(_ text: String, to fileDescriptor: Int32) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(fileDescriptor, base + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0 && (errno == EINTR || errno == EAGAIN) {
                continue
            } else {
                return
            }
        }
    }
}
