import SharedNetworking

/// Why an archive, or one of its entries, was refused.
///
/// Every rule of the reader has its own case so that callers (and tests) can tell a hostile
/// archive from a damaged one, and so that the message says what to do. Nothing is ever written
/// outside the extraction's target directory, whichever case is thrown.
public enum ZipError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not a ZIP archive at all (no end-of-central-directory record, no local header).
    case notAZipArchive(String)
    /// The archive ends before a structure it declares (a download cut short).
    case truncated(String)
    /// The structures are inconsistent in a way no other case describes.
    case corrupt(String)
    /// The end record's offsets are `bytes` short of where the central directory really is:
    /// data was put in front of the archive (a self-extractor stub) without adjusting them.
    case dataBeforeFirstEntry(bytes: UInt64)
    /// A valid ZIP feature this reader deliberately does not handle (split archives, patched data).
    case unsupportedFeature(String)
    /// The central directory declares more entries than ``ZipLimits/maxEntryCount``.
    case tooManyEntries(count: UInt64, limit: Int)
    /// The central directory is larger than ``ZipLimits/maxCentralDirectorySize``.
    case centralDirectoryTooLarge(size: UInt64, limit: Int)
    /// Two entries claim the same bytes (the "overlapping files" zip bomb) or an entry's data
    /// runs into the central directory.
    case overlappingEntries(String, String)
    /// An entry's path would escape the target directory, or cannot name a file.
    case unsafePath(entry: String, reason: UnsafePathReason)
    /// A symbolic link entry: refused, because a link is how a later entry escapes the target.
    case symbolicLink(entry: String)
    /// A device, socket or data-less FIFO entry.
    case unsupportedFileType(entry: String, mode: UInt32)
    /// An encrypted entry (traditional PKWARE, strong or AES encryption).
    case encrypted(entry: String)
    /// A compression method other than Stored (0) and Deflate (8).
    case unsupportedMethod(entry: String, method: UInt16)
    /// Two entries with the same path (compared case- and normalization-insensitively).
    case duplicateEntry(String)
    /// A file entry whose path is also used as a directory by another entry.
    case pathConflict(file: String, entry: String)
    /// An entry larger than ``ZipLimits/maxEntrySize``.
    case entryTooLarge(entry: String, size: UInt64, limit: UInt64)
    /// All entries together larger than ``ZipLimits/maxTotalSize``.
    case totalTooLarge(size: UInt64, limit: UInt64)
    /// An entry that expands far more than real files do (a zip bomb).
    case suspiciousCompressionRatio(entry: String, compressed: UInt64, uncompressed: UInt64, limit: Int)
    /// The local header (or the data descriptor) and the central directory disagree on `field`.
    case headerMismatch(entry: String, field: String)
    /// The entry's data expands to a different size than declared.
    case sizeMismatch(entry: String, declared: UInt64, actual: UInt64)
    /// The expanded bytes do not have the declared CRC-32.
    case crcMismatch(entry: String, expected: UInt32, actual: UInt32)
    /// The Deflate stream is damaged.
    case invalidCompressedData(entry: String, reason: String)
    /// The archive could not be read from disk.
    case readFailed(path: String, reason: String)
    /// An extracted file or directory could not be written.
    case writeFailed(path: String, reason: String)
    /// The calling task was cancelled; nothing was left behind.
    case cancelled

    /// Why a path is unsafe.
    public enum UnsafePathReason: String, Sendable, Hashable, Codable {
        /// `/etc/passwd`, `\\server\share`, `C:\x`.
        case absolute
        /// A `..` component anywhere (`../x`, `a/../../x`, `..\x`).
        case parentTraversal
        /// NUL or another control character.
        case controlCharacter
        /// Nothing left after removing `.` and empty components.
        case empty
    }

    /// One line, whatever the archive's entry names contain (see `OneLineText`).
    public var description: String {
        OneLineText.escaping(unescapedDescription)
    }

    private var unescapedDescription: String {
        switch self {
        case .notAZipArchive(let reason): "not a ZIP archive: \(reason)"
        case .truncated(let reason): "the archive is truncated (\(reason)); download it again"
        case .corrupt(let reason): "the archive is damaged: \(reason)"
        case .dataBeforeFirstEntry(let bytes):
            "the archive is damaged: \(bytes) byte\(bytes == 1 ? "" : "s") before the first entry; offsets not adjusted "
                + "(data such as a self-extractor stub was prepended; `zip -A` adjusts the offsets)"
        case .unsupportedFeature(let feature): "unsupported ZIP feature: \(feature)"
        case .tooManyEntries(let count, let limit): "the archive has \(count) entries, more than the limit of \(limit)"
        case .centralDirectoryTooLarge(let size, let limit): "the archive's directory is \(size) bytes, more than the limit of \(limit)"
        case .overlappingEntries(let first, let second): "entries '\(first)' and '\(second)' overlap (a zip bomb or a damaged archive)"
        case .unsafePath(let entry, let reason):
            switch reason {
            case .absolute: "entry '\(entry)' has an absolute path; refused"
            case .parentTraversal: "entry '\(entry)' climbs out of the target directory with '..'; refused"
            case .controlCharacter: "entry '\(entry)' has a control character in its name; refused"
            case .empty: "an entry has an empty name; refused"
            }
        case .symbolicLink(let entry): "entry '\(entry)' is a symbolic link; refused"
        case .unsupportedFileType(let entry, let mode): "entry '\(entry)' is a special file (mode \(String(mode, radix: 8))); refused"
        case .encrypted(let entry): "entry '\(entry)' is encrypted; encrypted archives are not supported"
        case .unsupportedMethod(let entry, let method):
            "entry '\(entry)' uses compression method \(method); only Stored (0) and Deflate (8) are supported"
        case .duplicateEntry(let entry): "the archive contains '\(entry)' more than once"
        case .pathConflict(let file, let entry): "'\(file)' is a file but '\(entry)' needs it to be a directory"
        case .entryTooLarge(let entry, let size, let limit): "entry '\(entry)' expands to \(size) bytes, more than the limit of \(limit)"
        case .totalTooLarge(let size, let limit): "the archive expands to \(size) bytes, more than the limit of \(limit)"
        case .suspiciousCompressionRatio(let entry, let compressed, let uncompressed, let limit):
            "entry '\(entry)' expands \(compressed) bytes to \(uncompressed), more than \(limit) times (a zip bomb?); refused"
        case .headerMismatch(let entry, let field): "entry '\(entry)': the local header and the central directory disagree on the \(field)"
        case .sizeMismatch(let entry, let declared, let actual): "entry '\(entry)' expands to \(actual) bytes but declares \(declared)"
        case .crcMismatch(let entry, let expected, let actual):
            "entry '\(entry)' is damaged: CRC-32 \(ZipError.hex(actual)) instead of \(ZipError.hex(expected))"
        case .invalidCompressedData(let entry, let reason): "entry '\(entry)' has damaged compressed data (\(reason))"
        case .readFailed(let path, let reason): "cannot read \(path): \(reason)"
        case .writeFailed(let path, let reason): "cannot write \(path): \(reason)"
        case .cancelled: "cancelled"
        }
    }

    /// Eight lowercase hex digits, as `unzip -v` shows CRCs.
    public static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}
