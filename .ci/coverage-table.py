#!/usr/bin/env python3
"""Prints line coverage per module (and per parser / view-model folder) from `llvm-cov export`.

Usage: coverage-table.py EXPORT.json
EXPORT.json is `llvm-cov export -summary-only` of the test binary; only files under Sources/
count. Parsers and view-models are the folders the team aims to keep at 90% or more; those
below are marked, but nothing fails (yet).
"""
import json
import os
import sys
from collections import defaultdict

AIM = 90.0
# Folders holding parsers and view-models (matched against Sources/<Module>/<Folder>/...).
FOCUS = ("Parsing", "Protocol", "Zip", "Loading", "ViewModel", "Images")


def main(path):
    with open(path) as file:
        export = json.load(file)
    modules = defaultdict(lambda: [0, 0])
    focus = defaultdict(lambda: [0, 0])
    for entry in export["data"][0]["files"]:
        name = entry["filename"]
        marker = os.sep + "Sources" + os.sep
        if marker not in name:
            continue
        parts = name.split(marker, 1)[1].split(os.sep)
        lines = entry["summary"]["lines"]
        modules[parts[0]][0] += lines["covered"]
        modules[parts[0]][1] += lines["count"]
        if len(parts) > 2 and parts[1] in FOCUS:
            key = f"{parts[0]}/{parts[1]}"
            focus[key][0] += lines["covered"]
            focus[key][1] += lines["count"]

    def table(title, rows):
        print(f"{title:<32} {'lines':>7} {'covered':>8} {'cover':>7}")
        total = [0, 0]
        for name in sorted(rows):
            covered, count = rows[name]
            total[0] += covered
            total[1] += count
            percent = 100.0 * covered / count if count else 100.0
            mark = "" if percent >= AIM else f"   below the {AIM:.0f}% aim"
            print(f"{name:<32} {count:>7} {covered:>8} {percent:>6.1f}%{mark}")
        return total

    total = table("module (Sources/)", modules)
    print(f"{'all modules':<32} {total[1]:>7} {total[0]:>8} {100.0 * total[0] / max(total[1], 1):>6.1f}%")
    print()
    table("parsers and view-models", focus)


if __name__ == "__main__":
    main(sys.argv[1])
