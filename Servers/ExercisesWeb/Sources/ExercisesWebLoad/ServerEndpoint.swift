import Foundation

/// Where the server under load listens: `http://HOST:PORT`, as it prints it
/// (`listening on http://HOST:PORT`) or as `--url` names it.
struct ServerEndpoint: Sendable, Equatable {
    var host: String
    var port: Int

    /// `HOST:PORT`: the `Host` a browser sends.
    var authority: String { "\(host):\(port)" }
    /// `http://HOST:PORT`: the `Origin` a page of this server sends.
    var origin: String { "http://\(authority)" }

    /// The endpoint of an `http://HOST:PORT` URL (a path is ignored); `nil` for anything else.
    init?(url: String) {
        guard let components = URLComponents(string: url), components.scheme == "http", let host = components.host, !host.isEmpty,
            let port = components.port
        else { return nil }
        self.host = host
        self.port = port
    }

    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// The endpoint in the server's first line, `listening on http://HOST:PORT`.
    init?(listeningLine line: Substring) {
        guard let range = line.range(of: "listening on ") else { return nil }
        let url = line[range.upperBound...].prefix { !$0.isWhitespace }
        self.init(url: String(url))
    }
}
