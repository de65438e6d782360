import Foundation

/// Archives written by Info-ZIP's own `zip` (3.0), kept as bytes so tests need no tool.
enum InfoZipFixtures {
    /// `printf 'hello from a pipe\n' | zip -q - - | cat > stdin.zip`: one entry named `-`,
    /// Deflate, streamed (data descriptor, ZIP64 local sizes), with the FIFO mode `0o010600`
    /// of the standard input it read (Unix host).
    static let standardInput = hex(
        "504b03042d00080008005d33795d00000000ffffffffffffffff010014002d0100100000000000000000000000000000000000cb48cdc9c957482b"
            + "cacf55485428c82c48e50200504b0708feadfdcc14000000000000001200000000000000504b01021e032d00080008005d33795dfeadfdcc1400"
            + "0000120000000100000000000000010000008011000000002d504b050600000000010001002f0000005f0000000000")

    private static func hex(_ text: String) -> Data {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
            index = next
        }
        return Data(bytes)
    }
}
