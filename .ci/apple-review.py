#!/usr/bin/env python3
"""The Apple-platform review, as a script: what Linux can check about code it cannot build for Apple.

Usage: apple-review.py   (from the repository root; exit status 1 on any finding)

Nothing on a Linux machine compiles for iOS, macOS, tvOS, watchOS or visionOS. This script checks,
by reading the sources, the mistakes that would only show there:

1. Toolchain: each package's `swift-tools-version` is at least the Swift release whose syntax its
   sources use (`nonisolated(nonsending)` and `@concurrent` are Swift 6.2; Xcode 16 cannot parse
   them), and README.md and Docs/Decisions.md name the same minimum as the root manifest.
2. Platforms: the root manifest declares every Apple platform, README.md names each with its
   version, and every API below whose availability is newer than a declared minimum is used only
   in a file that checks availability (`@available` / `#available`).
3. Conditional compilation: every `#if` branch in Sources/ and Tests/ is evaluated as Linux and as
   an Apple platform would; the Swift files with code that Linux never compiles are listed, and
   README.md's "Apple-only code" list must name exactly those files of Sources/.
4. Interfaces: the C module `CZlib` is imported `internal`ly (never re-exported by HooSets).
"""

import os
import re
import sys

APPLE_PLATFORMS = {"iOS": "iOS", "macOS": "macOS", "tvOS": "tvOS", "watchOS": "watchOS", "visionOS": "visionOS"}

# Syntax that needs a newer compiler than 6.0, with the release that introduced it.
SYNTAX = [
    (r"\bnonisolated\(nonsending\)", (6, 2), "nonisolated(nonsending) (SE-0461)"),
    (r"@concurrent\b", (6, 2), "@concurrent (SE-0461)"),
    (r"\bInlineArray\b|\[\s*\d+\s+of\s+\w", (6, 2), "InlineArray (SE-0453/0483)"),
    (r"\bweak\s+let\b", (6, 2), "weak let (SE-0481)"),
    (r"@abi\(", (6, 2), "@abi (SE-0476)"),
    (r"\bfunc\s+`[^`]*\s[^`]*`", (6, 2), "raw identifiers (SE-0451)"),
    (r"\b(Raw|Mutable|UTF8)?Span\b", (6, 2), "Span (SE-0447)"),
    (r"\b[A-Z]\w*::\w", (6, 3), "module selectors (SE-0491)"),
]

# API: (pattern, minimum iOS, macOS, tvOS, watchOS, visionOS). Patterns are matched outside comments.
APIS = [
    ("Synchronization.Mutex / Atomic", r"\bMutex<|\bMutex\(|\bAtomic<", ((18,), (15,), (18,), (11,), (2,))),
    ("Observation (@Observable)", r"@Observable\b|\bwithObservationTracking\b", ((17,), (14,), (17,), (10,), (1,))),
    ("Observations (async sequence)", r"\bObservations\s*[({]", ((26,), (26,), (26,), (26,), (26,))),
    ("Clock / Duration / Task.sleep(for:)", r"\bContinuousClock\b|\bSuspendingClock\b|\bDuration\b|\bTask\.sleep\(for:", ((16,), (13,), (16,), (9,), (1,))),
    ("URLSessionWebSocketTask", r"\bURLSessionWebSocketTask\b|\.webSocketTask\(", ((13,), (10, 15), (13,), (6,), (1,))),
    ("async URLSession.data(for:)", r"\bsession\.data\(for:|\bURLSession\.shared\.data\(", ((15,), (12,), (15,), (8,), (1,))),
    ("URL(filePath:) / appending(path:)", r"\bURL\(filePath:|\.appending\(path:|\.appending\(component:|\.path\(percentEncoded:", ((16,), (13,), (16,), (9,), (1,))),
    ("FormatStyle / .formatted()", r"\.formatted\(|\bFormatStyle\b", ((15,), (12,), (15,), (8,), (1,))),
    ("Locale.Region / Locale.Language", r"\bLocale\.Region\b|\bLocale\.Language\b|\.language\.languageCode\b", ((16,), (13,), (16,), (9,), (1,))),
    ("Regex", r"\bRegex<|\bRegex\(|\.wholeMatch\(|\.firstMatch\(of:|#/", ((16,), (13,), (16,), (9,), (1,))),
    ("withDiscardingTaskGroup", r"\bwithThrowingDiscardingTaskGroup\b|\bwithDiscardingTaskGroup\b", ((17,), (14,), (17,), (10,), (1,))),
    ("Task executors", r"\bTaskExecutor\b|\bwithTaskExecutorPreference\b", ((18,), (15,), (18,), (11,), (2,))),
    ("Task.immediate", r"\bTask\.immediate\b", ((26,), (26,), (26,), (26,), (26,))),
]

# What is true when compiling for Linux and for the Apple platforms (iOS stands for UIKit ones).
LINUX = {"canImport(FoundationNetworking)": True, "canImport(Glibc)": True, "canImport(Musl)": False,
         "canImport(Darwin)": False, "canImport(UIKit)": False, "canImport(AppKit)": False,
         "canImport(SwiftUI)": False, "canImport(FoundationEssentials)": True, "os(Linux)": True}
APPLE = {"canImport(FoundationNetworking)": False, "canImport(Glibc)": False, "canImport(Musl)": False,
         "canImport(Darwin)": True, "canImport(UIKit)": True, "canImport(AppKit)": True,
         "canImport(SwiftUI)": True, "canImport(FoundationEssentials)": True, "os(Linux)": False}


def swift_files(*roots):
    for root in roots:
        for folder, directories, names in os.walk(root):
            directories[:] = sorted(d for d in directories if not d.startswith(".build") and not d.endswith(".docc"))
            for name in sorted(names):
                if name.endswith(".swift"):
                    yield os.path.join(folder, name)


def code_lines(path):
    """(line number, code) with // comments and string literals' contents removed."""
    for number, line in enumerate(open(path, encoding="utf-8"), start=1):
        line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
        yield number, line.split("//", 1)[0]


def tools_version(manifest):
    first = open(manifest, encoding="utf-8").readline()
    match = re.search(r"swift-tools-version:\s*(\d+)\.(\d+)", first)
    return (int(match.group(1)), int(match.group(2))) if match else None


def platform_minimums(manifest):
    text = open(manifest, encoding="utf-8").read()
    found = {}
    for name in APPLE_PLATFORMS:
        match = re.search(rf"\.{name}\(\.v(\d+)(?:_(\d+))?\)", text)
        if match:
            found[name] = tuple(int(g) for g in match.groups() if g)
    return found


def evaluate(condition, facts, os_name):
    """A #if condition as Python, with unknown flags false (a DEBUG build is not assumed)."""
    expression = condition
    for token in re.findall(r"(?:canImport|os|arch|compiler|swift|targetEnvironment)\([^)]*\)|\b[A-Z_][A-Z0-9_]*\b", condition):
        if token.startswith("os("):
            value = token[3:-1] == os_name or (os_name != "Linux" and token[3:-1] == "Darwin")
        elif token.startswith(("swift(", "compiler(")):
            value = True
        else:
            value = facts.get(token, False)
        expression = expression.replace(token, str(value))
    expression = expression.replace("&&", " and ").replace("||", " or ").replace("!", " not ")
    return bool(eval(expression))  # noqa: S307 - the input is our own #if lines


def inactive_lines(path, facts, os_name):
    """Line numbers of code that is not compiled under `facts`."""
    stack, inactive = [], []
    for number, line in enumerate(open(path, encoding="utf-8"), start=1):
        stripped = line.strip()
        if stripped.startswith("#if "):
            active = evaluate(stripped[4:], facts, os_name)
            parent = all(frame[0] for frame in stack)
            stack.append([active and parent, active])
        elif stripped.startswith("#elseif "):
            frame = stack[-1]
            active = not frame[1] and evaluate(stripped[8:], facts, os_name)
            frame[0] = active and all(f[0] for f in stack[:-1])
            frame[1] = frame[1] or active
        elif stripped == "#else" or stripped.startswith("#else "):
            frame = stack[-1]
            frame[0] = not frame[1] and all(f[0] for f in stack[:-1])
            frame[1] = True
        elif stripped.startswith("#endif"):
            stack.pop()
        elif stack and not all(frame[0] for frame in stack) and stripped and not stripped.startswith("//"):
            inactive.append(number)
    return inactive


def main():
    findings = []

    print("--- 1. toolchain")
    root_version = None
    packages = ["."] + sorted(os.path.dirname(p) for p in
                              (os.path.join(d, "Package.swift") for d in ["Servers/TriviaServer", "Benchmarks"])
                              if os.path.exists(p))
    for package in packages:
        declared = tools_version(os.path.join(package, "Package.swift"))
        roots = [os.path.join(package, d) for d in ("Sources", "Tests") if os.path.isdir(os.path.join(package, d))]
        needed, why = (6, 0), "Swift 6 language mode"
        for path in swift_files(*roots):
            for number, code in code_lines(path):
                for pattern, version, name in SYNTAX:
                    if version > needed and re.search(pattern, code):
                        needed, why = version, f"{name} at {path}:{number}"
        if package == ".":
            root_version = declared
        # A package that depends on the root package needs at least the root's tools.
        if package != "." and root_version and root_version > needed:
            needed, why = root_version, "it depends on the root package"
        status = "ok" if declared and declared >= needed else "TOO OLD"
        print(f"{package}/Package.swift: tools {declared[0]}.{declared[1]}, needs {needed[0]}.{needed[1]} ({why}): {status}")
        if status != "ok":
            findings.append(f"{package}/Package.swift declares tools {declared[0]}.{declared[1]}, "
                            f"but {why} needs {needed[0]}.{needed[1]}")
    requirement = f"Swift {root_version[0]}.{root_version[1]}+"
    for page in ["README.md", "Docs/Decisions.md"]:
        text = open(page, encoding="utf-8").read()
        if requirement not in text:
            findings.append(f"{page} does not name the toolchain minimum '{requirement}'")
        for older in re.findall(r"Swift (\d+\.\d+)(?: or later|\+)", text):
            if tuple(int(x) for x in older.split(".")) != root_version:
                findings.append(f"{page} names 'Swift {older}' as a minimum; the manifest says {requirement}")
    print(f"README.md and Docs/Decisions.md name {requirement}")

    print("--- 2. platforms and availability")
    minimums = platform_minimums("Package.swift")
    readme = open("README.md", encoding="utf-8").read()
    for name in APPLE_PLATFORMS:
        if name not in minimums:
            findings.append(f"Package.swift does not declare {name}")
            continue
        version = ".".join(str(v) for v in minimums[name])
        if not re.search(rf"{name} {re.escape(version)}\b", readme):
            findings.append(f"README.md does not say '{name} {version}' (the manifest's minimum)")
    print("declared: " + ", ".join(f"{n} {'.'.join(map(str, v))}" for n, v in minimums.items()))
    for name, pattern, needs in APIS:
        users = {}
        for path in swift_files("Sources", "Tests"):
            for number, code in code_lines(path):
                if re.search(pattern, code):
                    users.setdefault(path, number)
        if not users:
            continue
        too_new = [p for p, need in zip(APPLE_PLATFORMS, needs) if p in minimums and need > minimums[p]]
        verdict = "within every declared minimum" if not too_new else f"newer than {', '.join(too_new)}"
        print(f"{name}: {len(users)} files; needs iOS {'.'.join(map(str, needs[0]))}: {verdict}")
        for path in users if too_new else []:
            text = open(path, encoding="utf-8").read()
            if "@available" not in text and "#available" not in text:
                findings.append(f"{path}:{users[path]}: {name} needs {needs} but the file checks no availability")

    print("--- 3. code that Linux does not compile")
    apple_only = {}
    for path in swift_files("Sources", "Tests"):
        lines = inactive_lines(path, LINUX, "Linux")
        if lines:
            apple_only[path] = lines
    for path, lines in apple_only.items():
        spans = []
        for number in lines:
            if spans and number == spans[-1][1] + 1:
                spans[-1][1] = number
            else:
                spans.append([number, number])
        print(f"{path}: lines " + ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in spans))
    listed = set(re.findall(r"`(Sources/[\w/+.-]+\.swift)`", readme.split("### Apple-only code", 1)[-1].split("\n## ", 1)[0]))
    in_sources = {p for p in apple_only if p.startswith("Sources/")}
    for path in sorted(in_sources - listed):
        findings.append(f"{path} has code only Apple platforms compile, but README.md's 'Apple-only code' does not list it")
    for path in sorted(listed - in_sources):
        findings.append(f"README.md's 'Apple-only code' lists {path}, which has no Apple-only code")
    linux_only = [p for p in swift_files("Sources") if inactive_lines(p, APPLE, "iOS")]
    print(f"{len(apple_only)} files have Apple-only lines ({len(in_sources)} in Sources/); "
          f"{len(linux_only)} files in Sources/ have Linux-only lines: {', '.join(linux_only) or 'none'}")

    print("--- 4. interfaces")
    for path in swift_files("Sources"):
        for number, code in code_lines(path):
            if re.match(r"\s*(@_exported\s+)?(public\s+|package\s+)?import\s+CZlib\b", code):
                findings.append(f"{path}:{number}: CZlib must be imported internally ('internal import CZlib')")
    if not any("CZlib" in f for f in findings):
        print("CZlib is imported internally everywhere in Sources/")

    print()
    for finding in findings:
        print(f"error: {finding}")
    print(f"apple review: {len(findings)} findings")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
