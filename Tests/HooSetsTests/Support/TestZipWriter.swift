import CZlib
import Foundation
import HooSets

/// A small ZIP writer for tests: builds valid archives (Stored or Deflate, with or without
/// data descriptors, ZIP64, comments) and, through its override fields, every kind of broken
/// or hostile one. Independent of the reader under test: it shares no code with it.
struct TestZipWriter {
    enum Method {
        case stored
        case deflate
        /// Any method number, with the given bytes as "compressed" data.
        case other(UInt16)
    }

    struct Entry {
        var name: [UInt8]
        var data: [UInt8]
        var method: Method = .deflate
        var flags: UInt16 = 0
        var dataDescriptor = false
        var descriptorSignature = true
        /// Unix mode in the high half of the external attributes.
        var unixMode: UInt32 = 0o100644
        var versionMadeBy: UInt16 = 0x0314  // Unix, 2.0
        var zip64 = false
        var centralExtra: [UInt8] = []

        // Overrides that make the archive lie.
        var localName: [UInt8]?
        var localMethod: UInt16?
        var localCRC: UInt32?
        var localCompressedSize: UInt32?
        var localUncompressedSize: UInt32?
        var centralCRC: UInt32?
        var centralUncompressedSize: UInt64?
        var centralCompressedSize: UInt64?
        var centralOffset: UInt64?
        var descriptorCRC: UInt32?
        var compressedOverride: [UInt8]?

        init(_ name: String, _ data: [UInt8] = [], method: Method = .deflate) {
            self.name = Array(name.utf8)
            self.data = data
            self.method = method
            if name.hasSuffix("/") {
                self.method = .stored
                self.unixMode = 0o040755
            }
        }

        init(_ name: String, text: String, method: Method = .deflate) {
            self.init(name, Array(text.utf8), method: method)
        }
    }

    var entries: [Entry] = []
    var comment: [UInt8] = []
    /// Writes ZIP64 end records (and the locator) even when not needed.
    var zip64End = false
    /// Overrides the declared entry count in the end record.
    var declaredCount: UInt16?
    var diskNumber: UInt16 = 0

    init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    func build() -> Data {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for entry in entries {
            let offset = UInt64(out.count)
            let methodNumber: UInt16
            let compressed: [UInt8]
            switch entry.method {
            case .stored:
                methodNumber = 0
                compressed = entry.data
            case .deflate:
                methodNumber = 8
                compressed = Self.deflate(entry.data)
            case .other(let number):
                methodNumber = number
                compressed = entry.data
            }
            let data = entry.compressedOverride ?? compressed
            let crc = Self.crc(entry.data)
            var flags = entry.flags
            if entry.dataDescriptor { flags |= 1 << 3 }

            // Local header.
            out += u32(0x0403_4B50)
            out += u16(entry.zip64 ? 45 : 20)
            out += u16(flags)
            out += u16(entry.localMethod ?? methodNumber)
            out += u16(0x6000) + u16(0x4896)  // time, date
            var localExtra: [UInt8] = []
            if entry.zip64 {
                localExtra = u16(1) + u16(16) + u64(UInt64(entry.data.count)) + u64(UInt64(data.count))
            }
            if entry.dataDescriptor {
                out += u32(entry.localCRC ?? 0) + u32(entry.localCompressedSize ?? 0) + u32(entry.localUncompressedSize ?? 0)
            } else if entry.zip64 {
                out += u32(entry.localCRC ?? crc) + u32(0xFFFF_FFFF) + u32(0xFFFF_FFFF)
            } else {
                out += u32(entry.localCRC ?? crc)
                out += u32(entry.localCompressedSize ?? UInt32(data.count))
                out += u32(entry.localUncompressedSize ?? UInt32(entry.data.count))
            }
            let localName = entry.localName ?? entry.name
            out += u16(UInt16(localName.count)) + u16(UInt16(localExtra.count))
            out += localName + localExtra
            out += data
            if entry.dataDescriptor {
                if entry.descriptorSignature { out += u32(0x0807_4B50) }
                out += u32(entry.descriptorCRC ?? crc)
                if entry.zip64 {
                    out += u64(UInt64(data.count)) + u64(UInt64(entry.data.count))
                } else {
                    out += u32(UInt32(data.count)) + u32(UInt32(entry.data.count))
                }
            }

            // Central directory header.
            let compressedSize = entry.centralCompressedSize ?? UInt64(data.count)
            let uncompressedSize = entry.centralUncompressedSize ?? UInt64(entry.data.count)
            let localOffset = entry.centralOffset ?? offset
            var extra = entry.centralExtra
            if entry.zip64 {
                extra += u16(1) + u16(24) + u64(uncompressedSize) + u64(compressedSize) + u64(localOffset)
            }
            central += u32(0x0201_4B50)
            central += u16(entry.versionMadeBy) + u16(entry.zip64 ? 45 : 20) + u16(flags) + u16(methodNumber)
            central += u16(0x6000) + u16(0x4896)
            central += u32(entry.centralCRC ?? crc)
            if entry.zip64 {
                central += u32(0xFFFF_FFFF) + u32(0xFFFF_FFFF)
            } else {
                central += u32(UInt32(truncatingIfNeeded: compressedSize)) + u32(UInt32(truncatingIfNeeded: uncompressedSize))
            }
            central += u16(UInt16(entry.name.count)) + u16(UInt16(extra.count)) + u16(0)
            central += u16(0) + u16(0) + u32(entry.unixMode << 16)
            central += u32(entry.zip64 ? 0xFFFF_FFFF : UInt32(truncatingIfNeeded: localOffset))
            central += entry.name + extra
        }
        let directoryOffset = UInt64(out.count)
        out += central
        let count = UInt64(entries.count)
        if zip64End {
            let endOffset = UInt64(out.count)
            out += u32(0x0606_4B50) + u64(44) + u16(45) + u16(45) + u32(0) + u32(0)
            out += u64(count) + u64(count) + u64(UInt64(central.count)) + u64(directoryOffset)
            out += u32(0x0706_4B50) + u32(0) + u64(endOffset) + u32(1)
        }
        out += u32(0x0605_4B50) + u16(diskNumber) + u16(diskNumber)
        let shortCount = declaredCount ?? (zip64End ? 0xFFFF : UInt16(count))
        out += u16(shortCount) + u16(shortCount)
        out += u32(zip64End ? 0xFFFF_FFFF : UInt32(central.count))
        out += u32(zip64End ? 0xFFFF_FFFF : UInt32(directoryOffset))
        out += u16(UInt16(comment.count)) + comment
        return Data(out)
    }

    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else {
            return []
        }
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 64)
        let outputCount = output.count
        let produced: Int = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outputCount)
                _ = CZlib.deflate(&stream, Z_FINISH)
                return outputCount - Int(stream.avail_out)
            }
        }
        return Array(output.prefix(produced))
    }

    static func crc(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
    }
}

private func u16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
private func u32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
private func u64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
