#!/usr/bin/env python3
"""Counts the public symbols of each module that have no doc comment, from compiler symbol graphs.

Usage: docs-coverage.py SYMBOL_GRAPH_DIR MODULE[=enforced]...

A symbol is counted when it is public or open, was declared in this repository's sources (it has a
source location: members the compiler synthesizes, such as a default `!=`, have none) and is not
an extension block. It is documented when it has a doc comment of its own or one it inherits from
a protocol requirement declared in the same module. Every undocumented symbol is printed as
`path:line: Module.Type.member (kind)`, so the list reads like compiler output.

Exit status 1 when a module marked `=enforced` has any undocumented symbol.
"""

import json
import os
import sys


def module_symbols(graph_dir, module):
    """Public symbols declared in our sources, from MODULE.symbols.json and MODULE@*.symbols.json."""
    seen = {}
    for name in sorted(os.listdir(graph_dir)):
        if name != f"{module}.symbols.json" and not name.startswith(f"{module}@"):
            continue
        with open(os.path.join(graph_dir, name), encoding="utf-8") as handle:
            graph = json.load(handle)
        for symbol in graph["symbols"]:
            if symbol["kind"]["identifier"] == "swift.extension":
                continue
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            location = symbol.get("location")
            if not location:
                continue
            seen[symbol["identifier"]["precise"]] = symbol
    return list(seen.values())


def is_documented(symbol, module):
    comment = symbol.get("docComment")
    if not comment or not any(line.get("text", "").strip() for line in comment.get("lines", [])):
        return False
    # A comment inherited from another module's protocol (Codable's `init(from:)`) says nothing
    # about this symbol; one from our own protocol requirement does.
    return comment.get("module", module) == module


def relative(uri):
    path = uri.removeprefix("file://")
    root = os.getcwd() + os.sep
    return path[len(root):] if path.startswith(root) else path


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip())
        return 2
    graph_dir = argv[1]
    failed = False
    rows = []
    for argument in argv[2:]:
        module, _, mode = argument.partition("=")
        symbols = module_symbols(graph_dir, module)
        missing = [s for s in symbols if not is_documented(s, module)]
        missing.sort(key=lambda s: (s["location"]["uri"], s["location"]["position"]["line"]))
        for symbol in missing:
            location = symbol["location"]
            print(
                f"{relative(location['uri'])}:{location['position']['line'] + 1}: "
                f"{module}.{'.'.join(symbol['pathComponents'])} ({symbol['kind']['displayName'].lower()}) has no doc comment"
            )
        documented = len(symbols) - len(missing)
        percent = 100.0 * documented / len(symbols) if symbols else 100.0
        enforced = mode == "enforced"
        if enforced and missing:
            failed = True
        rows.append((module, documented, len(symbols), percent, enforced))
    print()
    print(f"{'module':<18} {'documented':>10} {'public':>7} {'coverage':>9}")
    for module, documented, total, percent, enforced in rows:
        note = "" if enforced else "  (reported, not enforced)"
        print(f"{module:<18} {documented:>10} {total:>7} {percent:>8.1f}%{note}")
    total = sum(r[2] for r in rows)
    documented = sum(r[1] for r in rows)
    print(f"{'all':<18} {documented:>10} {total:>7} {100.0 * documented / max(total, 1):>8.1f}%")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
