import Foundation
import SharedNetworking
import Testing

/// The primitives every module shares, through their public API (the ZIP reader, the disk
/// cache, the image parser, the Trivia simulation and CarFit's generator all use these).
@Suite("Shared primitives: CRC-32, byte readers, seeded randomness")
struct SharedPrimitivesTests {
    @Test("CRC-32 fed in pieces equals the one-shot checksum, whatever the container")
    func crcIncremental() {
        let text = Array("The quick brown fox jumps over the lazy dog".utf8)
        var crc = CRC32()
        crc.update(text[0..<10])
        crc.update(Data(text[10..<30]))
        text[30...].withUnsafeBytes { crc.update($0) }
        #expect(crc.value == 0x414F_A339)
        #expect(CRC32.checksum(text) == 0x414F_A339)
        #expect(CRC32.checksum(Data(text)) == 0x414F_A339)
        #expect(CRC32.checksum([UInt8]()) == 0)
    }

    @Test("ByteReader: both byte orders, and nil instead of a trap at either end")
    func byteReaderBounds() {
        let reader = ByteReader([0x01, 0x02, 0x03, 0x04, 0x05])
        #expect(reader.u16BE(0) == 0x0102)
        #expect(reader.u16LE(0) == 0x0201)
        #expect(reader.u24LE(2) == 0x05_0403)
        #expect(reader.u32BE(1) == 0x0203_0405)
        #expect(reader.u32LE(1) == 0x0504_0302)
        #expect(reader.integer(UInt64.self, at: 0) == nil)
        #expect(reader.u32LE(2) == nil)
        #expect(reader.u8(-1) == nil)
        #expect(reader.u8(Int.max) == nil)
        #expect(reader.u32LE(Int.min) == nil)
        #expect(reader.matches([0x04, 0x05], at: 3))
        #expect(!reader.matches([0x05, 0x06], at: 4))
        #expect(reader.firstOffset(of: [0x03, 0x04], from: 0) == 2)
        #expect(reader.firstOffset(of: [0x03, 0x04], from: 3) == nil)
    }

    @Test("ByteCursor reads little-endian fields in order and throws its own error when short")
    func byteCursor() throws {
        struct Short: Error, Equatable {}
        var cursor = ByteCursor([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0xFF], from: 0, end: 6, onShortRead: Short())
        #expect(try cursor.u32LE() == 0x0403_4B50)
        #expect(cursor.peekU32LE(at: 2) == 0x0014_0403)
        #expect(cursor.peekU32LE(at: 3) == nil, "a peek past `end` is nil even though the bytes go on")
        #expect(try cursor.u16LE() == 0x0014)
        #expect(cursor.remaining == 0)
        #expect(throws: Short()) { try cursor.u8() }
        #expect(throws: Short()) { try cursor.skip(-1) }
    }

    @Test("SeededRandom is SplitMix64: the reference sequence, and the helpers both screens use")
    func seededRandom() {
        var random = SeededRandom(seed: 0)
        // SplitMix64's published first outputs for seed 0.
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        var a = SeededRandom(seed: 2020)
        var b = a
        #expect((0..<100).map { _ in a.int(in: 1...6) } == (0..<100).map { _ in b.int(in: 1...6) })
        var draws = SeededRandom(seed: 7)
        for _ in 0..<1000 {
            #expect((0..<1).contains(draws.unit()))
            #expect((5...6).contains(draws.int(in: 5...6)))
        }
        #expect(Set(draws.distinctIndices(10, below: 10)) == Set(0..<10))
        #expect(SeededRandom(seed: 1).derived(1) != SeededRandom(seed: 1).derived(2))
    }
}
