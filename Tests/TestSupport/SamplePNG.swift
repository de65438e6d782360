import Foundation
import SharedNetworking

/// The smallest PNG file a header parser accepts as complete: signature, IHDR (with its CRC) and
/// IEND. No pixel data: for servers in tests that must answer with an image of a known size.
public enum SamplePNG {
    public static func make(width: Int, height: Int) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var ihdr = Data("IHDR".utf8)
        ihdr += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        ihdr += Data([8, 2, 0, 0, 0])  // 8-bit RGB, no interlace
        data += bigEndian(13) + ihdr + bigEndian(CRC32.checksum(ihdr))
        data += bigEndian(0) + Data("IEND".utf8) + Data([0xAE, 0x42, 0x60, 0x82])
        return data
    }

    private static func bigEndian(_ value: UInt32) -> Data {
        Data([UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}
