import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A Linux process's memory and CPU time, read from `/proc`: what the load generators report
/// for the server they start (`trivia-load`, `exercises-web-load`) and what `exercises-web`
/// reports for itself. Elsewhere (no `/proc`) every reading is zero or `nil`.
public enum ProcessMemory {
    /// Resident memory now (`VmRSS`) and at its peak (`VmHWM`), in bytes; zeros when unreadable.
    public static func read(pid: Int32) -> (rss: Int, peak: Int) {
        guard let status = status(of: pid) else { return (0, 0) }
        return (kilobytes("VmRSS:", in: status) ?? 0, kilobytes("VmHWM:", in: status) ?? 0)
    }

    /// Resident memory now (`VmRSS`), in bytes; `nil` where `/proc` does not say (not Linux, or
    /// the process is gone), so that a report can tell "unknown" from a number.
    public static func residentBytes(pid: Int32) -> Int? {
        status(of: pid).flatMap { kilobytes("VmRSS:", in: $0) }
    }

    /// User + system CPU seconds so far (`/proc/<pid>/stat`).
    public static func cpuSeconds(pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        // Fields after "(comm)": state is field 3; utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Raises this process's open-file limit to its hard limit (children inherit it); returns
    /// the limit now in force.
    public static func raiseFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        return Int(limit.rlim_cur)
    }

    private static func status(of pid: Int32) -> String? {
        try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    }

    /// The value of a `Key:  1234 kB` line, in bytes.
    private static func kilobytes(_ key: String, in status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key) }) else { return nil }
        return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "").map { $0 * 1024 }
    }
}
