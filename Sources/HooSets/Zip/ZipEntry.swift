/// One entry of an archive's central directory, with every length already bounds-checked.
///
/// `path` is the decoded name exactly as stored (backslashes and all); extraction turns it into
/// a safe relative path with ``ZipPath``. The local header is only read when the entry's data
/// is, and must then agree with this record.
public struct ZipEntry: Sendable, Hashable {
    /// What the entry creates.
    public enum Kind: Sendable, Hashable {
        /// A regular file.
        case file
        /// A directory (its name ends in `/`).
        case directory
        /// A symbolic link: never written, extraction refuses it.
        case symbolicLink
        /// A device, FIFO or socket (the Unix mode is in ``ZipEntry/unixMode``).
        case special
    }

    /// Position in the central directory.
    public var index: Int
    /// The decoded name (see ``ZipArchive`` for how names are decoded).
    public var path: String
    /// The name's bytes as stored, compared with the local header's.
    public var rawName: [UInt8]
    /// What the entry creates.
    public var kind: Kind
    /// The compression method (0 Stored, 8 Deflate, anything else is refused when read).
    public var method: UInt16
    /// The general purpose bit flags.
    public var flags: UInt16
    /// The CRC-32 of the uncompressed bytes, checked after reading.
    public var crc32: UInt32
    /// The stored (compressed) size in bytes.
    public var compressedSize: UInt64
    /// The size after inflating, checked while reading and against ``ZipLimits``.
    public var uncompressedSize: UInt64
    /// Offset of the local header from the start of the archive.
    public var localHeaderOffset: UInt64
    /// "Version made by": the high byte is the host system (3 Unix, 19 macOS, 0 MS-DOS).
    public var versionMadeBy: UInt16
    /// Host-specific attributes; for Unix hosts the high 16 bits are the mode (file type and permissions).
    public var externalAttributes: UInt32
    /// MS-DOS date and time, local time of the machine that zipped it: `date << 16 | time`.
    public var dosDateTime: UInt32
    /// Whether sizes or the offset came from a ZIP64 extra field.
    public var isZip64: Bool

    /// Whether the entry is encrypted (traditional or AES); such entries are refused.
    public var isEncrypted: Bool { flags & ZipFormat.Flag.encrypted != 0 || method == ZipFormat.Method.aes }
    /// Whether sizes and CRC follow the data in a data descriptor.
    public var hasDataDescriptor: Bool { flags & ZipFormat.Flag.dataDescriptor != 0 }
    /// Whether the name is UTF-8 (general purpose bit 11); otherwise it is CP437.
    public var isUTF8: Bool { flags & ZipFormat.Flag.utf8 != 0 }

    /// The Unix mode in the high half of the external attributes, when the host stores one.
    public var unixMode: UInt32? {
        let mode = externalAttributes >> 16
        return mode == 0 ? nil : mode
    }

    /// The DOS timestamp as calendar fields (no time zone: DOS stores local wall time).
    public var modificationDate: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let date = Int(dosDateTime >> 16), time = Int(dosDateTime & 0xFFFF)
        return (1980 + (date >> 9), (date >> 5) & 0xF, date & 0x1F, time >> 11, (time >> 5) & 0x3F, (time & 0x1F) * 2)
    }
}

/// Signatures and constants of the format (APPNOTE.TXT 6.3.10).
enum ZipFormat {
    static let localHeaderSignature: UInt32 = 0x0403_4B50
    static let centralHeaderSignature: UInt32 = 0x0201_4B50
    static let endOfCentralDirectorySignature: UInt32 = 0x0605_4B50
    static let zip64EndSignature: UInt32 = 0x0606_4B50
    static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    static let dataDescriptorSignature: UInt32 = 0x0807_4B50

    static let localHeaderSize = 30
    static let centralHeaderSize = 46
    static let endOfCentralDirectorySize = 22
    static let zip64LocatorSize = 20
    static let zip64EndMinimumSize = 56
    static let maxCommentLength = 0xFFFF

    enum Flag {
        static let encrypted: UInt16 = 1 << 0
        static let dataDescriptor: UInt16 = 1 << 3
        static let patchedData: UInt16 = 1 << 5
        static let strongEncryption: UInt16 = 1 << 6
        static let utf8: UInt16 = 1 << 11
        static let maskedCentralDirectory: UInt16 = 1 << 13
    }

    enum Method {
        static let stored: UInt16 = 0
        static let deflate: UInt16 = 8
        static let aes: UInt16 = 99
    }

    enum ExtraField {
        static let zip64: UInt16 = 0x0001
        static let unicodePath: UInt16 = 0x7075
    }

    enum Host {
        static let msDOS: UInt16 = 0
        static let unix: UInt16 = 3
        static let ntfs: UInt16 = 10
        static let vfat: UInt16 = 14
        static let macOS: UInt16 = 19
    }

    /// Unix file types in the external attributes' high half.
    enum Mode {
        static let typeMask: UInt32 = 0o170000
        static let directory: UInt32 = 0o040000
        static let regular: UInt32 = 0o100000
        static let symbolicLink: UInt32 = 0o120000
    }

    static let msDOSDirectoryAttribute: UInt32 = 0x10
    static let saturated32: UInt32 = 0xFFFF_FFFF
    static let saturated16: UInt16 = 0xFFFF
}
