import ArgumentParser
import ServerSupport
import Testing

/// Both servers take the guard's flags from one option group: the same names, defaults and checks.
@Suite("Connection options")
struct ConnectionOptionsTests {
    @Test("the defaults are the guard's own, and the flags set its limits and the public names")
    func flagsSetTheLimits() throws {
        #expect(try ConnectionOptions.parse([]).limits == ConnectionGuardLimits())
        let options = try ConnectionOptions.parse([
            "--public-host", "trivia.example:443", "--header-seconds", "2.5", "--body-seconds", "4", "--max-connections-per-client", "8",
            "--max-connections", "100",
        ])
        #expect(options.publicHost == ["trivia.example:443"])
        #expect(
            options.limits
                == ConnectionGuardLimits(
                    headerTimeout: .milliseconds(2_500), bodyTimeout: .seconds(4), maxConnectionsPerClient: 8, maxConnections: 100))
    }

    @Test(
        "a deadline that is not positive, or a cap under one, is a usage error naming the flag",
        arguments: [
            (["--header-seconds", "0"], "--header-seconds"), (["--body-seconds", "-1"], "--body-seconds"),
            (["--max-connections-per-client", "0"], "--max-connections-per-client"), (["--max-connections", "0"], "--max-connections"),
        ])
    func badValuesAreRefused(arguments: [String], flag: String) {
        #expect {
            _ = try ConnectionOptions.parse(arguments)
        } throws: { error in
            ConnectionOptions.message(for: error).contains(flag)
        }
    }
}
