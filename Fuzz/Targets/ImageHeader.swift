// `ImageHeaderParser`: any bytes give an `ImageInfo` or an `ImageHeaderError`, never a trap or
// a hang. A format it reports is the one `sniff` sees; sizes, when stated, are positive; a complete image
// (`requireComplete`) is also a valid header; errors are one line.
import Foundation
import SharedNetworking

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let data = fuzzData(bytes, size)
    let sniffed = ImageHeaderParser.sniff(data)
    var headerOnly: ImageInfo?
    do {
        let info = try ImageHeaderParser.parse(data)
        require(info.format == sniffed, "parsed \(info.format) but sniffed \(String(describing: sniffed))")
        if let size = info.pixelSize {
            require(size.width > 0 && size.height > 0, "non-positive size \(size)")
        }
        headerOnly = info
    } catch {
        require(isOneLine(error.description), "multi-line error \(error.description.debugDescription)")
    }
    do {
        let complete = try ImageHeaderParser.parse(data, requireComplete: true)
        require(complete == headerOnly, "complete image \(complete) but header-only parse gave \(String(describing: headerOnly))")
    } catch {
        require(isOneLine(error.description), "multi-line error \(error.description.debugDescription)")
    }
    return 0
}
