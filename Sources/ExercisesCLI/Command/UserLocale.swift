import Foundation

/// The user's locale as POSIX says to find it, read once where the command sets up its
/// environment (never inside a library):
///
/// - dates, times and numbers: `LC_ALL`, else `LC_TIME`, else `LANG`;
/// - the screens' own words: `LC_ALL`, else `LC_MESSAGES`, else `LANG`.
///
/// An unset or empty variable is skipped; `C` and `POSIX` (and `C.UTF-8`) mean "no locale
/// chosen", so the process default stays, as does a name that is not a locale. Names are
/// `language[_territory][.codeset][@modifier]` (`de_DE.UTF-8`, `sr_RS@latin`): the codeset is
/// dropped, `@latin`/`@cyrillic` become the ICU script, other modifiers (`@euro`) are dropped.
/// Foundation on Linux reports `en_001` as `Locale.current` whatever these say, which is why the
/// command reads them itself. `--locale` still wins over both.
public struct UserLocale: Sendable, Equatable {
    /// For dates, times and numbers; `nil` when the variables choose none.
    public var formats: Locale?
    /// For the screens' own words; `nil` when the variables choose none.
    public var messages: Locale?

    /// The locales `environment` (the process's variables) chooses.
    public init(environment: [String: String]) {
        func first(_ names: String...) -> String? {
            names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        }
        formats = first("LC_ALL", "LC_TIME", "LANG").flatMap(Self.locale(posixName:))
        messages = first("LC_ALL", "LC_MESSAGES", "LANG").flatMap(Self.locale(posixName:))
    }

    /// The locale a POSIX locale name stands for, or `nil` for `C`, `POSIX` and names that are
    /// not a known locale.
    public static func locale(posixName name: String) -> Locale? {
        var base = Substring(name)
        var modifier: Substring?
        if let at = base.firstIndex(of: "@") {
            modifier = base[base.index(after: at)...]
            base = base[..<at]
        }
        if let dot = base.firstIndex(of: ".") { base = base[..<dot] }
        guard !base.isEmpty, base != "C", base != "POSIX" else { return nil }
        var parts = base.split(separator: "_", maxSplits: 1).map(String.init)
        switch modifier?.lowercased() {
        case "latin": parts.insert("Latn", at: 1)
        case "cyrillic": parts.insert("Cyrl", at: 1)
        default: break
        }
        let identifier = parts.joined(separator: "_")
        guard CommonOptions.isKnownLocale(identifier) || CommonOptions.isKnownLocale(String(base)) else { return nil }
        return Locale(identifier: CommonOptions.isKnownLocale(identifier) ? identifier : String(base))
    }
}
