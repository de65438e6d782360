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
4. A repository path written as code in README.md, Docs/ or a DocC article (`Sources/TriviaHost/Resources/questions.json`,
   `Tests/TestSupport`) exists, and so does every file path the `exercises` command's help names
   (the option tables and discussions in Sources/ExercisesCLI, which `exercises <name> --help`
   prints): a moved or misnamed file is not left for a reader to look for. A path is looked up
   from the repository root, then from each nested package (Servers/*, Benchmarks, Fuzz), whose
   own pages name their files from there. Placeholders (`Sources/<Module>/`) and globs are skipped.

Exit status 1 when any link is broken.
"""

import os
import re
import subprocess
import sys

SKIP_DIRS = {".git", ".swiftpm", "node_modules", "out"}
TEXT_EXTENSIONS = (".md", ".swift", ".sh", ".py", ".txt", ".yml", ".yaml", ".json")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|!\[[^\]]*\]\(([^)\s]+)\)")
IMG = re.compile(r"<img\s[^>]*src=\"([^\"]+)\"")
PATH_MENTION = re.compile(r"(?<![\w/.-])((?:Docs|Sources|Servers|Benchmarks|Fuzz)/[\w./+-]*?\.md)\b")
ROOTS = r"(?:\.ci|\.github|Docs|Sources|Tests|Servers|Benchmarks|Fuzz)"
CODE_SPAN = re.compile(r"`([^`\s]+)`")
REPOSITORY_PATH = re.compile(rf"^(?:\./)?({ROOTS}/[\w./+@-]*?)/?(?::\d+)?(?:#.*)?$")
FILE_MENTION = re.compile(rf"(?<![\w/.-])({ROOTS}/[\w/+@-]+(?:\.[\w+-]+)*\.[A-Za-z][A-Za-z0-9]*)\b")
NESTED_PACKAGES = ["Servers/TriviaServer", "Servers/ExercisesWeb", "Benchmarks", "Fuzz"]


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


def exists_in_repository(path):
    """`path` from the root, or from a nested package whose own pages name files from there. A
    placeholder (`Fuzz/Targets/NAME.swift`) and what a run writes where git ignores it
    (`Fuzz/out/campaign.txt`) count as existing."""
    if any(re.fullmatch(r"[A-Z][A-Z_]*", segment.split(".")[0]) for segment in path.split("/")):
        return True
    if any(os.path.exists(os.path.join(base, path)) for base in ["."] + NESTED_PACKAGES):
        return True
    return subprocess.run(["git", "check-ignore", "-q", "--no-index", path]).returncode == 0


def check_code_paths(path, problems):
    """A repository path written as code in a page (README.md, Docs/) names something that exists."""
    in_code = False
    for number, line in enumerate(open(path, encoding="utf-8"), start=1):
        if line.startswith("```"):
            in_code = not in_code
            continue
        if in_code:
            continue
        for span in CODE_SPAN.finditer(line):
            match = REPOSITORY_PATH.match(span.group(1))
            if not match or ".build" in match.group(1):
                continue
            if not exists_in_repository(match.group(1)):
                problems.append(f"{path}:{number}: names `{match.group(1)}`, which does not exist")


def check_help_paths(path, problems):
    """Every file the command's help (its option tables and discussions) names exists."""
    for number, line in enumerate(open(path, encoding="utf-8"), start=1):
        for match in FILE_MENTION.finditer(line):
            if not exists_in_repository(match.group(1)):
                problems.append(f"{path}:{number}: names {match.group(1)}, which does not exist")


def main():
    problems = []
    markdown = 0
    for path in repository_files():
        if path.endswith(".md"):
            markdown += 1
            check_markdown(path, problems)
        if path.endswith(TEXT_EXTENSIONS) or os.path.basename(path) == "run":
            check_mentions(path, problems)
        if path.endswith(".md") and (path == "README.md" or path.startswith("Docs" + os.sep) or ".docc" + os.sep in path):
            check_code_paths(path, problems)
        if path.endswith(".swift") and path.startswith(os.path.join("Sources", "ExercisesCLI") + os.sep):
            check_help_paths(path, problems)
    for problem in problems:
        print(problem)
    print(f"links: {markdown} Markdown files checked, {len(problems)} broken")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
