#!/usr/bin/env python3
"""Checks the repository's own links: every one must lead somewhere.

Usage: doc-links.py   (from the repository root)

1. Markdown files (README.md, Docs/**, DocC catalogs, nested packages' docs): every relative link
   `[text](path#anchor)` and `<img src="path">` names a file that exists, and an `#anchor` into a
   Markdown file names one of its headings (GitHub's heading ids).
2. DocC articles (Sources/*/*.docc): a Markdown link may not leave the catalog, because the
   generated site cannot follow it; name a repository file as code (`Docs/Previews.md`) and link
   documentation with <doc:...> or ``Symbol`` (DocC itself checks those). An <img> is allowed: DocC
   drops raw HTML, GitHub shows it.
3. Every file, Swift source or text, that names a Markdown file of this repository by its path
   (`Docs/Exercises.md`, `Sources/Facts/Facts.docc/FactsGuide.md`) names one that exists: a page
   that moved leaves no stale pointer in a comment or a help text.

Exit status 1 when any link is broken.
"""

import os
import re
import sys

SKIP_DIRS = {".git", ".swiftpm", "node_modules", "out"}
TEXT_EXTENSIONS = (".md", ".swift", ".sh", ".py", ".txt", ".yml", ".yaml", ".json")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|!\[[^\]]*\]\(([^)\s]+)\)")
IMG = re.compile(r"<img\s[^>]*src=\"([^\"]+)\"")
PATH_MENTION = re.compile(r"(?<![\w/.-])((?:Docs|Sources|Servers|Benchmarks|Fuzz)/[\w./+-]*?\.md)\b")


def repository_files():
    for folder, directories, names in os.walk("."):
        directories[:] = sorted(d for d in directories if d not in SKIP_DIRS and not d.startswith(".build"))
        for name in sorted(names):
            yield os.path.normpath(os.path.join(folder, name))


def github_anchor(heading):
    text = re.sub(r"`", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        found, seen = set(), {}
        in_code = False
        for line in open(path, encoding="utf-8"):
            if line.startswith("```"):
                in_code = not in_code
            if in_code or not line.startswith("#"):
                continue
            base = github_anchor(line.lstrip("#"))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
        cache[path] = found
    return cache[path]


def prose_lines(path):
    """(line number, text) outside fenced code blocks, with inline code removed."""
    in_code = False
    for number, line in enumerate(open(path, encoding="utf-8"), start=1):
        if line.startswith("```"):
            in_code = not in_code
            continue
        if not in_code:
            yield number, re.sub(r"`[^`]*`", "", line)


def check_markdown(path, problems):
    in_catalog = ".docc" + os.sep in path
    for number, line in prose_lines(path):
        targets = [(m.group(1) or m.group(2), "link") for m in LINK.finditer(line)]
        targets += [(m.group(1), "img") for m in IMG.finditer(line)]
        for target, kind in targets:
            if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("<doc:"):
                continue  # a URL (https:, mailto:, doc:): DocC or the reader's browser resolves it
            file_part, _, anchor = target.partition("#")
            if in_catalog and kind == "link":
                problems.append(f"{path}:{number}: '{target}': a DocC article cannot link out of its catalog; "
                                "use <doc:...>, ``Symbol`` or name the file as code")
                continue
            resolved = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
            if not os.path.exists(resolved):
                problems.append(f"{path}:{number}: '{target}': {resolved} does not exist")
            elif anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                problems.append(f"{path}:{number}: '{target}': {resolved} has no heading #{anchor}")


def check_mentions(path, problems):
    try:
        lines = open(path, encoding="utf-8").read().split("\n")
    except UnicodeDecodeError:
        return
    for number, line in enumerate(lines, start=1):
        if path.endswith(".md"):
            line = re.sub(r"\]\([^)]*\)", "]", line)  # link targets are checked as links above
        for match in PATH_MENTION.finditer(line):
            mentioned = match.group(1)
            if not os.path.exists(mentioned):
                problems.append(f"{path}:{number}: names {mentioned}, which does not exist")


def main():
    problems = []
    markdown = 0
    for path in repository_files():
        if path.endswith(".md"):
            markdown += 1
            check_markdown(path, problems)
        if path.endswith(TEXT_EXTENSIONS) or os.path.basename(path) == "run":
            check_mentions(path, problems)
    for problem in problems:
        print(problem)
    print(f"links: {markdown} Markdown files checked, {len(problems)} broken")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
