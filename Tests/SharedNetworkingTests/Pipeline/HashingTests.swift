import Foundation
import Testing

@testable import SharedNetworking

@Suite("SHA-256 and CRC-32")
struct HashingTests {
    @Test("SHA-256 matches the FIPS 180-4 example vectors")
    func sha256Vectors() {
        #expect(SHA256.hexDigest(Array("".utf8)) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hexDigest(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // 448 bits: the padding needs a second block.
        #expect(
            SHA256.hexDigest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        )
        #expect(
            SHA256.hexDigest(
                Array(
                    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu".utf8)
            ) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        )
    }

    @Test("SHA-256 of one million 'a' (many blocks)")
    func sha256Long() {
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hexDigest(million) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("CRC-32 check value and empty input")
    func crc32() {
        #expect(CRC32.checksum(Data("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum(Data()) == 0)
        #expect(CRC32.checksum(Data("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
    }

    @Test("cache file names are 64 lowercase hex digits and differ per URL")
    func fileNames() {
        let first = DiskCache.fileName(forKey: "https://example.com/a.png")
        let second = DiskCache.fileName(forKey: "https://example.com/b.png")
        #expect(DiskIndex.isCacheFileName(first))
        #expect(DiskIndex.isCacheFileName(second))
        #expect(first != second)
        #expect(!DiskIndex.isCacheFileName(".tmp-" + first.prefix(59)))
    }
}
