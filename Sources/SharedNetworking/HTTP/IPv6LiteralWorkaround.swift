import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// URLs with an IPv6 address literal (`http://[::1]:8080/feed.json`), on Linux.
///
/// swift-corelibs-foundation's URLSession compares libcurl's idea of a URL's host (`[::1]`,
/// brackets kept) with `URL.host` (`::1`) and refuses the request with `NSURLErrorBadURL` when
/// they differ, so every IPv6 literal fails there (swift-corelibs-foundation issue 5496, fixed
/// upstream after the toolchain this package is built with). The loopback address is sent to
/// `localhost` instead, which libcurl resolves to `::1` and 127.0.0.1 without a DNS lookup;
/// any other literal is refused with a message that says why, rather than "invalid URL".
/// Apple platforms reach every literal directly.
///
/// The cost of the workaround: libcurl races the two addresses (happy eyeballs), trying
/// 127.0.0.1 at the same port when `::1` refuses or has not answered within 200 ms. A
/// dual-stack server (the usual case) is reached either way, but a different program listening
/// on 127.0.0.1 at that port can answer instead. The tests saw exactly that under load, and
/// their IPv6 server now holds its port on 127.0.0.1 so that it cannot happen to them.
enum IPv6LiteralWorkaround {
    /// The URL to hand URLSession for `url` (usually `url` itself).
    static func transportURL(for url: URL) throws(NetworkError) -> URL {
        #if canImport(FoundationNetworking)
            guard let host = url.host(percentEncoded: false), host.contains(":") else { return url }
            let address = String(host.prefix { $0 != "%" }).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            var parsed = in6_addr()
            guard inet_pton(AF_INET6, address, &parsed) == 1 else { return url }
            let loopback = in6addr_loopback
            let isLoopback = withUnsafeBytes(of: parsed) { lhs in withUnsafeBytes(of: loopback) { rhs in lhs.elementsEqual(rhs) } }
            guard isLoopback else {
                throw .invalidURL(
                    "\(url.absoluteString): URLSession on Linux cannot fetch from an IPv6 address literal other than ::1 "
                        + "(swift-corelibs-foundation issue 5496); use a host name for it")
            }
            guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
            components.host = "localhost"
            return components.url ?? url
        #else
            return url
        #endif
    }
}
