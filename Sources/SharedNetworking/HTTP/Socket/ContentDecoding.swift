internal import CZlib
import Foundation

/// Undoes `Content-Encoding: gzip` or `deflate` (RFC 9110 §8.4.1) on a complete body, within a
/// size limit on what comes out, so a small compressed bomb cannot expand past it.
enum ContentDecoding {
    /// Why a body could not be decoded.
    enum Failure: Error, Equatable {
        /// The bytes are not what the encoding says.
        case corrupt(String)
        /// The encoding is not one this client asked for.
        case unsupported(String)
        /// The decoded body would be larger than the limit.
        case tooLarge
    }

    /// What this client announces in `Accept-Encoding`.
    static let accepted = "gzip, deflate"

    /// `body` decoded as `encoding` says (`nil` or `identity`: as it is).
    static func decode(_ body: Data, encoding: String?, limit: Int?) throws(Failure) -> Data {
        let codings = (encoding ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && $0 != "identity" }
        guard !codings.isEmpty else { return body }
        guard codings.count == 1, let coding = codings.first else { throw .unsupported(codings.joined(separator: ", ")) }
        switch coding {
        // 15 + 32: a zlib or gzip wrapper, whichever the header says. Servers send "deflate"
        // both wrapped (as RFC 9110 says) and raw; a raw stream is tried when the wrapper is missing.
        case "gzip", "x-gzip": return try inflate(body, windowBits: 15 + 32, limit: limit)
        case "deflate":
            do throws(Failure) {
                return try inflate(body, windowBits: 15 + 32, limit: limit)
            } catch .corrupt {
                return try inflate(body, windowBits: -15, limit: limit)
            }
        default: throw .unsupported(coding)
        }
    }

    private static func inflate(_ body: Data, windowBits: Int32, limit: Int?) throws(Failure) -> Data {
        // zlib keeps a pointer to its stream and refuses a stream that has moved: it lives at a
        // fixed address for the whole decode.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        guard inflateInit2_(stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .corrupt("zlib could not start")
        }
        defer { inflateEnd(stream) }
        let overLimit = Int32.min
        var output = Data()
        output.reserveCapacity(min(body.count * 4, limit ?? Int.max, 64 * 1024 * 1024))
        var piece = [UInt8](repeating: 0, count: 64 * 1024)
        let status: Int32 = body.withUnsafeBytes { input -> Int32 in
            guard let base = input.baseAddress else { return Z_BUF_ERROR }
            stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
            stream.pointee.avail_in = uInt(input.count)
            return piece.withUnsafeMutableBufferPointer { buffer -> Int32 in
                while true {
                    stream.pointee.next_out = buffer.baseAddress
                    stream.pointee.avail_out = uInt(buffer.count)
                    let result = CZlib.inflate(stream, Z_NO_FLUSH)
                    let produced = buffer.count - Int(stream.pointee.avail_out)
                    output.append(UnsafeBufferPointer(rebasing: buffer[0..<produced]))
                    if let limit, output.count > limit { return overLimit }
                    switch result {
                    case Z_OK where stream.pointee.avail_in > 0 || stream.pointee.avail_out == 0: continue
                    case Z_OK, Z_BUF_ERROR: return Z_BUF_ERROR  // the input ended before the stream did
                    default: return result
                    }
                }
            }
        }
        switch status {
        case Z_STREAM_END: return output
        case overLimit: throw .tooLarge
        case Z_BUF_ERROR: throw .corrupt("the compressed body ends early")
        default: throw .corrupt(stream.pointee.msg.map { String(cString: $0) } ?? "zlib status \(status)")
        }
    }
}
