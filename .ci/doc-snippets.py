#!/usr/bin/env python3
"""Type-checks every Swift snippet of the documentation against the package's real modules.

Usage: doc-snippets.py MODULES_DIR [MODULE_MAP...]

MODULES_DIR holds the built `.swiftmodule`s (a debug build's `Modules` folder); each MODULE_MAP
is passed to clang (`CZlib`'s, which HooSets imports internally).

Snippets are the ```swift blocks of README.md, Docs/**/*.md, every DocC catalog
(Sources/*/*.docc) and the doc comments (`///`) of Sources/**/*.swift. Each one is type-checked as a file of its own (top-level code is allowed, as
in `main.swift`) with every library module of the package imported, in Swift 6 mode with the
package's settings, so a snippet that names an API that does not exist, or calls it wrongly,
fails here.

A snippet that needs SwiftUI or UIKit cannot be compiled on Linux: the line above it must say so
(a line containing "Needs SwiftUI" or "Needs UIKit"), and it is listed, not compiled. A snippet
that uses SwiftUI or UIKit without that line fails.

Exit status 1 when any snippet fails.
"""

import os
import re
import subprocess
import sys
import tempfile

MODULES = ["SharedNetworking", "ScreenKit", "Schedule", "CarFit", "HooSets", "Facts", "Trivia", "TriviaHost", "ScreenPreviews", "TerminalScreens"]
APPLE_ONLY = re.compile(r"\bimport (SwiftUI|UIKit)\b|\bsome (View|Scene)\b|:\s*(View|App)\s*\{|\bUI(View|Image|Font)\b")
MARKER = re.compile(r"Needs (SwiftUI|UIKit)")


def documentation_files():
    files = ["README.md"]
    for top in ["Docs", "Sources"]:
        for folder, directories, names in os.walk(top):
            directories[:] = sorted(d for d in directories if not d.startswith(".build"))
            for name in sorted(names):
                path = os.path.join(folder, name)
                if name.endswith(".md") and (top == "Docs" or ".docc" + os.sep in path):
                    files.append(path)
                elif name.endswith(".swift") and top == "Sources":
                    files.append(path)
    return files


def snippets(path):
    """(first line number, code, the non-blank line above the fence) for each ```swift block."""
    lines = open(path, encoding="utf-8").read().split("\n")
    if path.endswith(".swift"):
        # Doc comments only: a `///` line's text, everything else a blank line (line numbers stay).
        lines = [re.sub(r"^\s*/// ?", "", l) if re.match(r"^\s*///", l) else "" for l in lines]
    found, index, above = [], 0, ""
    while index < len(lines):
        line = lines[index]
        if line.startswith("```"):
            fence_line = index
            info = line[3:].strip()
            index += 1
            body = []
            while index < len(lines) and not lines[index].startswith("```"):
                body.append(lines[index])
                index += 1
            if info.split(" ")[0] == "swift":
                found.append((fence_line + 2, "\n".join(body), above))
            above = ""
        elif line.strip():
            above = line
        index += 1
    return found


def typecheck(code, path, line, modules_dir, module_maps, workdir, name):
    source = os.path.join(workdir, f"{name}.swift")
    header = ["import Foundation"] + [f"import {m}" for m in MODULES]
    header += ["#if canImport(FoundationNetworking)", "    import FoundationNetworking", "#endif"]
    # `#sourceLocation` makes the compiler's messages name the documentation file and its lines.
    header.append(f'#sourceLocation(file: "{path}", line: {line})')
    with open(source, "w", encoding="utf-8") as handle:
        handle.write("\n".join(header) + "\n" + code + "\n")
    command = [
        "swiftc", "-typecheck", "-swift-version", "6", "-enable-upcoming-feature", "ExistentialAny",
        "-I", modules_dir, "-module-name", "Snippet",
    ]
    for module_map in module_maps:
        command += ["-Xcc", f"-fmodule-map-file={module_map}"]
    result = subprocess.run(command + [source], capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip())
        return 2
    modules_dir, module_maps = argv[1], argv[2:]
    compiled, apple_only, failures = 0, [], 0
    with tempfile.TemporaryDirectory() as workdir:
        for path in documentation_files():
            for line, code, above in snippets(path):
                where = f"{path}:{line}"
                if MARKER.search(above):
                    apple_only.append(where)
                    continue
                if APPLE_ONLY.search(code):
                    print(f"{where}: error: this snippet uses SwiftUI or UIKit; say so in the line above it (\"Needs SwiftUI ...\")")
                    failures += 1
                    continue
                status, output = typecheck(code, path, line, modules_dir, module_maps, workdir, f"snippet{compiled}")
                compiled += 1
                if status != 0:
                    failures += 1
                    print(f"{where}: error: the snippet does not compile against the package:")
                    print("\n".join("  " + m for m in output.splitlines() if re.search(r": (error|warning): ", m)))
                else:
                    print(f"{where}: compiles")
    for where in apple_only:
        print(f"{where}: needs SwiftUI or UIKit (says so above it); not compiled on Linux")
    print(f"snippets: {compiled} type-checked against the package, {failures} failed, {len(apple_only)} Apple-only (marked)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
