// `SocketHTTPClient` reading what a server sends: the response head (status line, fields,
// obs-fold, 1xx responses skipped), the body's framing (`Content-Length`, `chunked` through
// `ChunkedBodyDecoder`, to the end of the connection, none for HEAD, 204 and 304) and
// `Content-Encoding` (gzip, deflate), with a size limit. Those parsers are internal, so the
// target reaches them as a server's bytes do: through the public client, over a real loopback
// connection to a server in this process that answers every request with the fuzzer's input.
//
// Input: one configuration byte, then the bytes the server sends (and then it closes).
//   bit 0      HEAD instead of GET
//   bits 1-3   maxResponseBytes: none, 0, 1, 16, 100, 1024, 65536, none
//   bit 4      every status is acceptable (else only 2xx: the rest throw `httpStatus`)
//
// Checked besides "no crash, no memory error, no leak, no hang":
// - every error's description is one line (the command prints it as one `error:` line);
// - a response is never larger than `maxResponseBytes`;
// - differential: a strict reading of RFC 9112 written here (CRLF lines, token names, one
//   framing field, bare hex chunk sizes, no content coding) decides what a response in that
//   subset must give: the client returns exactly its status and body, or fails exactly when
//   the strict reading says the response is incomplete or too large. Inputs outside the subset
//   (the client's leniencies: bare LF, obs-fold, chunk extensions, `Transfer-Encoding: gzip,
//   chunked`, compressed bodies) are checked by the invariants above only.
import Foundation
import SharedNetworking

// MARK: The server

/// What the server sends on the next connection.
final class ServedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []

    func set(_ value: [UInt8]) {
        lock.lock()
        bytes = value
        lock.unlock()
    }

    func get() -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return bytes
    }
}

let served = ServedBytes()

/// A loopback listener on a free port; one thread serves connections one after the other: it
/// reads the request head, sends the input, then closes its side and the connection.
let serverPort: UInt16 = {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    precondition(listener >= 0, "socket: \(errno)")
    var one: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    precondition(bound == 0 && listen(listener, 64) == 0, "bind/listen: \(errno)")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    let thread = Thread {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            serve(connection, served.get())
        }
    }
    thread.stackSize = 1 << 20
    thread.start()
    return UInt16(bigEndian: address.sin_port)
}()

/// Reads the request head (so closing does not reset the connection), sends `bytes`, closes.
func serve(_ connection: Int32, _ bytes: [UInt8]) {
    defer { close(connection) }
    var request: [UInt8] = []
    var scratch = [UInt8](repeating: 0, count: 4096)
    let end: [UInt8] = Array("\r\n\r\n".utf8)
    while !request.suffix(4).elementsEqual(end) {
        var ready = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 5000) > 0 else { return }
        let count = scratch.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return }
        request += scratch[0..<count]
    }
    var offset = 0
    while offset < bytes.count {
        let sent = bytes[offset...].withUnsafeBytes { rest in
            rest.baseAddress.map { send(connection, $0, rest.count, Int32(MSG_NOSIGNAL)) } ?? 0
        }
        guard sent > 0 else { return }
        offset += sent
    }
    shutdown(connection, Int32(SHUT_WR))
}

/// The `https` side is never reached: redirects are not followed (`maxRedirects: 0`).
struct NoSecureClient: HTTPClient {
    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        throw .invalidURL(request.url.absoluteString)
    }
}

/// The result of one request, handed from the client's task to the fuzzer's thread.
final class Outcome: @unchecked Sendable {
    var result: Result<HTTPResponse, NetworkError>?
}

// MARK: The strict reading

/// What a response in the strict subset must give.
enum Expected: Equatable {
    case response(status: Int, body: [UInt8])
    case failure
    /// Outside the strict subset: only the invariants apply.
    case lenient
}

let cr = UInt8(ascii: "\r")
let lf = UInt8(ascii: "\n")

func index(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard pattern.count <= bytes.count, start <= bytes.count - pattern.count else { return nil }
    var index = start
    while index <= bytes.count - pattern.count {
        if bytes[index] == pattern[0] && bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
        index += 1
    }
    return nil
}

/// Every LF preceded by a CR and every CR followed by an LF.
func hasOnlyCRLF(_ bytes: ArraySlice<UInt8>) -> Bool {
    var previous: UInt8 = 0
    for byte in bytes {
        if byte == lf && previous != cr { return false }
        if previous == cr && byte != lf { return false }
        previous = byte
    }
    return previous != cr
}

func isTokenCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
    default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
}

func isFieldValueCharacter(_ byte: UInt8) -> Bool {
    byte == 0x09 || byte == 0x20 || (0x21...0x7E).contains(byte) || byte >= 0x80
}

func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = bytes
    while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
    while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
    return slice
}

/// A strict head: `HTTP/1.0` or `HTTP/1.1`, one space, three digits, optionally a space and a
/// reason; then `token ":" OWS value OWS` lines. `nil` when the head is outside the subset.
func strictHead(_ head: ArraySlice<UInt8>) -> (status: Int, fields: [(name: String, value: String)])? {
    // Only CRLF line ends (checked by the caller): every line but the last ends in a CR.
    let lines = head.split(separator: lf, omittingEmptySubsequences: false).map { $0.last == cr ? $0.dropLast() : $0 }
    guard let statusLine = lines.first, statusLine.count >= 12 else { return nil }
    let version = String(decoding: statusLine.prefix(9), as: UTF8.self)
    guard version == "HTTP/1.1 " || version == "HTTP/1.0 " else { return nil }
    let code = statusLine.dropFirst(9).prefix(3)
    guard code.allSatisfy({ (0x30...0x39).contains($0) }), let status = Int(String(decoding: code, as: UTF8.self)) else { return nil }
    let rest = statusLine.dropFirst(12)
    guard rest.isEmpty || (rest.first == 0x20 && rest.dropFirst().allSatisfy(isFieldValueCharacter)) else { return nil }
    var fields: [(name: String, value: String)] = []
    for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else { return nil }
        let name = line[line.startIndex..<colon]
        let value = line[line.index(after: colon)...]
        guard name.allSatisfy(isTokenCharacter), value.allSatisfy(isFieldValueCharacter) else { return nil }
        fields.append((String(decoding: name, as: UTF8.self).lowercased(), String(decoding: trimmed(value), as: UTF8.self)))
    }
    return (status, fields)
}

/// A strict chunked body from `start`: bare hex sizes (1-15 digits), CRLF everywhere, trailer
/// fields as strict as the head's.
func strictChunked(_ bytes: [UInt8], from start: Int, limit: Int?) -> Expected {
    var body: [UInt8] = []
    var position = start
    while true {
        // Never a line end: the body ends (or a line grows past 8 KiB) before its last chunk.
        guard let end = bytes[position...].firstIndex(of: lf) else { return .failure }
        guard end > position, bytes[end - 1] == cr else { return .lenient }
        let digits = bytes[position..<(end - 1)]
        guard (1...15).contains(digits.count), let size = Int(String(decoding: digits, as: UTF8.self), radix: 16),
            digits.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) })
        else { return .lenient }
        position = end + 1
        if size == 0 {
            while true {
                guard let lineEnd = bytes[position...].firstIndex(of: lf) else { return .failure }
                guard lineEnd > position, bytes[lineEnd - 1] == cr, lineEnd - position <= 8 * 1024 else { return .lenient }
                let line = bytes[position..<(lineEnd - 1)]
                position = lineEnd + 1
                if line.isEmpty {
                    return .response(status: 0, body: body)
                }
                guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                    line[line.startIndex..<colon].allSatisfy(isTokenCharacter), line[(colon + 1)...].allSatisfy(isFieldValueCharacter)
                else { return .lenient }
            }
        }
        guard size <= bytes.count - position else { return .failure }
        body += bytes[position..<(position + size)]
        if let limit, body.count > limit { return .failure }
        position += size
        let after = bytes[position...]
        if after.starts(with: [cr, lf]) {
            position += 2
        } else if after.first == lf || (after.first == cr && after.count > 1) {
            // A bare LF is lenient; anything else after the data is an error the client names.
            return after.first == lf ? .lenient : .failure
        } else {
            return .failure
        }
    }
}

/// What the strict reading says `bytes` must give for `method`, `limit` and `acceptable`.
func expected(_ bytes: [UInt8], head isHead: Bool, limit: Int?, acceptable: Range<Int>) -> Expected {
    var position = 0
    var head: (status: Int, fields: [(name: String, value: String)])
    while true {
        guard let end = index(of: Array("\r\n\r\n".utf8), in: bytes, from: position) else {
            // No end: the client finds none either (it also ends a head at a bare LF, which a
            // strict head has none of), whether the bytes end or pass 64 KiB first.
            return hasOnlyCRLF(bytes[position...]) ? .failure : .lenient
        }
        // The client refuses a head of 64 KiB; near it, where it stops depends on how bytes arrive.
        guard end + 4 - position < 60 * 1024, hasOnlyCRLF(bytes[position..<(end + 2)]),
            let parsed = strictHead(bytes[position..<end])
        else { return .lenient }
        head = parsed
        position = end + 4
        if !(100...199).contains(head.status) || head.status == 101 { break }
    }
    func field(_ name: String) -> [String] { head.fields.filter { $0.name == name }.map(\.value) }
    let lengths = field("content-length")
    let transferCodings = field("transfer-encoding")
    let contentCodings = field("content-encoding").filter { !$0.isEmpty && $0.lowercased() != "identity" }
    guard lengths.count <= 1, transferCodings.count <= 1, contentCodings.isEmpty, lengths.isEmpty || transferCodings.isEmpty else {
        return .lenient
    }
    if [301, 302, 303, 307, 308].contains(head.status), !field("location").isEmpty {
        return .lenient  // a redirect: the client refuses to follow it (maxRedirects 0) if its Location is a URL
    }
    let status = head.status
    let final: (Expected) -> Expected = { outcome in
        guard case .response(_, let body) = outcome else { return outcome }
        return acceptable.contains(status) ? .response(status: status, body: body) : .failure
    }
    if isHead || status == 204 || status == 304 || (100...199).contains(status) {
        return final(.response(status: status, body: []))
    }
    if let coding = transferCodings.first {
        guard coding.lowercased() == "chunked" else { return .lenient }
        return final(strictChunked(bytes, from: position, limit: limit))
    }
    if let text = lengths.first {
        guard (1...18).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let length = Int(text) else {
            return .lenient
        }
        if let limit, length > limit { return .failure }
        guard length <= bytes.count - position else { return .failure }
        return final(.response(status: status, body: Array(bytes[position..<(position + length)])))
    }
    let rest = Array(bytes[position...])
    if let limit, rest.count > limit { return .failure }
    return final(.response(status: status, body: rest))
}

// MARK: The target

let limits: [Int?] = [nil, 0, 1, 16, 100, 1024, 65536, nil]
/// `FUZZ_VERBOSE=1 Fuzz/out/SocketHTTPResponse FILE` prints what the client and the strict reading said.
let verbose = ProcessInfo.processInfo.environment["FUZZ_VERBOSE"] != nil

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: bytes, count: size))
    let configuration = input.first ?? 0
    let response = Array(input.dropFirst())
    let isHead = configuration & 1 != 0
    let limit = limits[Int(configuration >> 1) & 7]
    let acceptable = configuration & 0x10 != 0 ? 0..<1000 : 200..<300
    served.set(response)

    guard let url = URL(string: "http://127.0.0.1:\(serverPort)/feed") else { return 0 }
    let request = HTTPRequest(
        url: url, method: isHead ? .head : .get, timeout: .seconds(5), acceptableStatus: acceptable, maxResponseBytes: limit)
    let client = SocketHTTPClient(secure: NoSecureClient(), maxRedirects: 0)
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    Task {
        do throws(NetworkError) {
            outcome.result = .success(try await client.send(request))
        } catch {
            outcome.result = .failure(error)
        }
        done.signal()
    }
    done.wait()
    guard let result = outcome.result else { return 0 }
    if verbose { print(result, expected(response, head: isHead, limit: limit, acceptable: acceptable)) }

    switch result {
    case .success(let answer):
        if let limit { require(answer.body.count <= limit, "a \(answer.body.count)-byte body passed the \(limit)-byte limit") }
        require(acceptable.contains(answer.status), "status \(answer.status) returned outside \(acceptable)")
    case .failure(let error):
        // Printed as one `error:` line: what it quotes from the server cannot break it or
        // drive the terminal (control characters shown as escapes, as `OneLineText` does).
        require(isOneLine(error.description), "multi-line error \(error.description.debugDescription)")
        require(
            !error.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
            "a control character in \(error.description.debugDescription)")
    }
    switch (expected(response, head: isHead, limit: limit, acceptable: acceptable), result) {
    case (.lenient, _), (.failure, .failure):
        break
    case (.response(let status, let body), .success(let answer)):
        require(answer.status == status, "status \(answer.status), the strict reading says \(status)")
        require(Array(answer.body) == body, "a \(answer.body.count)-byte body, the strict reading says \(body.count) bytes")
    case (.response(let status, let body), .failure(let error)):
        require(false, "failed (\(error.description)) where the strict reading gives status \(status) and \(body.count) bytes")
    case (.failure, .success(let answer)):
        require(
            false,
            "status \(answer.status) and \(answer.body.count) bytes where the strict reading says the response is incomplete or too large")
    }
    return 0
}
