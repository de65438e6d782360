import ServerSupport
import Testing

@Suite("ServerSupport: host and origin policy")
struct HostPolicyTests {
    let policy = HostPolicy(bindHost: "127.0.0.1", publicHosts: ["Trivia.Example.org:443"], originHosts: ["http://web.example:8080"])

    @Test("its names, loopback names and address literals are served; a rebinding name is not")
    func hosts() {
        for host in [
            "127.0.0.1:8080", "localhost", "LOCALHOST:1", "[::1]:80", "trivia.example.org", "trivia.example.org.:8443", "192.168.1.5:8080",
            "[2001:db8::1]",
        ] {
            #expect(policy.allowsHost(host), "\(host)")
        }
        for host in ["attacker.example:8080", "localhost.attacker.example", "127.0.0.1.nip.io", "", "web.example", "256.1.1.1", "a:b"] {
            #expect(!policy.allowsHost(host), "\(host)")
        }
        #expect(!policy.allowsHost(nil), "no Host at all")
    }

    @Test("an Origin must name a served host or a configured origin; none at all is a non-browser client")
    func origins() {
        // `ws:` origins are what hummingbird-websocket's client sends: no page has one.
        for origin in [
            nil, "http://127.0.0.1:9999", "https://trivia.example.org", "http://web.example:8080", "http://localhost", "ws://192.168.1.5",
        ] {
            #expect(policy.allowsOrigin(origin), "\(origin ?? "none")")
        }
        for origin in [
            "http://evil.example", "null", "http://192.168.1.5:8080", "file://", "http://web.example.evil", "chrome-extension://abc",
            "http://127.0.0.1@evil.example",
        ] {
            #expect(!policy.allowsOrigin(origin), "\(origin)")
        }
        #expect(!policy.allowsWebSocket(host: "attacker.example:8080", origin: "http://attacker.example:8080"), "DNS rebinding")
        #expect(policy.allowsWebSocket(host: "127.0.0.1:8080", origin: nil))
    }

    @Test("a wildcard bind address is nobody's name; an IPv6 bind address is bracketed")
    func bindAddresses() {
        #expect(HostPolicy(bindHost: "0.0.0.0").hostNames == HostPolicy.loopbackNames)
        #expect(HostPolicy(bindHost: "::").hostNames == HostPolicy.loopbackNames)
        #expect(HostPolicy(bindHost: "fd00::5").hostNames.contains("[fd00::5]"))
        #expect(HostPolicy(bindHost: "game.local").allowsOrigin("http://game.local:8080"))
    }
}
