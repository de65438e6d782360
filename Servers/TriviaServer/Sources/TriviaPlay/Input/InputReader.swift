@preconcurrency import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file descriptor (the terminal, or whatever standard input is) as it becomes
/// readable, on its own queue, and hands the bytes on; reports the end once (end of file, or
/// the terminal went away).
public final class InputReader: Sendable {
    private let source: any DispatchSourceRead

    /// Starts reading `fileDescriptor`: `onBytes` gets each read, `onEnd` is called once at the end.
    public init(
        fileDescriptor: Int32, onBytes: @escaping @Sendable ([UInt8]) -> Void, onEnd: @escaping @Sendable () -> Void
    ) {
        let queue = DispatchQueue(label: "trivia-play.input")
        let source = DispatchSource.makeReadSource(fileDescriptor: fileDescriptor, queue: queue)
        self.source = source
        source.setEventHandler { [source] in
            var buffer = [UInt8](repeating: 0, count: 1024)
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                onBytes(Array(buffer.prefix(count)))
            } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
                return
            } else {
                source.cancel()
                onEnd()
            }
        }
        source.resume()
    }

    /// Stops reading.
    public func cancel() {
        source.cancel()
    }
}
