// `TextNormalizer.normalize(_:charset:)`: whatever the bytes, declared charset and fallback,
// the output is valid UTF-8, and valid UTF-8 without a byte-order mark passes through untouched.
import Foundation
import SharedNetworking

private let charsets: [String?] = [
    nil, "utf-8", "UTF8", "us-ascii", "utf-16", "utf-16le", "UTF-16BE", "utf-32", "utf-32le", "utf-32be",
    "iso-8859-1", "latin1", "windows-1252", "cp1252", "macintosh", "x-mac-roman", "koi8-r", "",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 1 else { return 0 }
    // First byte: the charset label and the fallback; the rest is the document.
    let selector = Int(bytes[0])
    let charset = charsets[selector % charsets.count]
    let fallback = EightBitEncoding.allCases[(selector / charsets.count) % EightBitEncoding.allCases.count]
    let data = Data(bytes: bytes + 1, count: size - 1)

    let output = TextNormalizer(fallback: fallback).normalize(data, charset: charset)
    require(isValidUTF8(output.utf8), "output is not UTF-8 for charset \(charset ?? "nil")")
    for diagnostic in output.diagnostics {
        require(isOneLine(diagnostic.message), "multi-line diagnostic: \(diagnostic.message.debugDescription)")
    }
    if charset == nil, isValidUTF8(data), !data.starts(with: [0xEF, 0xBB, 0xBF]), data.count >= 4, !data.prefix(4).contains(0) {
        require(output.utf8 == data, "valid UTF-8 was changed")
        require(output.diagnostics.isEmpty, "valid UTF-8 was reported as repaired")
    }
    return 0
}
