#!/usr/bin/env bash
# Builds the DocC documentation of every library module into one static site, and checks it.
#
#   bash Docs/docc.sh                  # from anywhere; prints where the site is and how to open it
#   DOCS_OUT=/tmp/site bash Docs/docc.sh
#
# With the toolchain's own tools, no package plugin (the root package has no dependencies):
#   1. symbol graphs: `swift build -Xswiftc -emit-symbol-graph ...` of every library module, in
#      its own scratch path (.build-docs), so it never invalidates the normal build;
#   2. `docc convert` of each catalog, Sources/<Module>/<Module>.docc, with its module's symbol
#      graph; a module's dependencies' archives are passed with --dependency, so ``/SharedNetworking/FeedLoader``
#      links across modules resolve;
#   3. `docc merge` of the archives into one site with a landing page, transformed for static
#      hosting.
#
# It fails (exit 1, after writing the site) on any of:
#   - a DocC warning: an unresolved symbol or article link, a missing resource, a bad directive;
#   - a public symbol without a doc comment, in any library module (every missing one is printed
#     as file:line; the count per module is the table at the end);
#   - a Swift snippet in the documentation that does not type-check against the package
#     (.ci/doc-snippets.py), or a SwiftUI/UIKit one that does not say so in the line above it;
#   - a broken relative link or a path to a Markdown file that does not exist (.ci/doc-links.py).
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

# Library modules in dependency order: each one's archive is a dependency of those after it.
MODULES=(SharedNetworking ScreenKit Schedule CarFit HooSets Facts Trivia TriviaHost ScreenPreviews TerminalScreens ExercisesCLI)
# Modules whose public API must be 100% documented (all of them); a module left out of this
# list would only be reported.
ENFORCED=(SharedNetworking ScreenKit Schedule CarFit HooSets Facts Trivia TriviaHost ScreenPreviews TerminalScreens ExercisesCLI)

# Every library target must be listed above: a new one without a catalog is a problem, not a
# silent gap (targets with a main.swift are executables, CZlib is a C module map).
problems=()
for target in Sources/*/; do
  target=$(basename "$target")
  [ -n "$(find "Sources/$target" -name '*.swift' -print -quit)" ] || continue
  [ ! -f "Sources/$target/main.swift" ] || continue
  [[ " ${MODULES[*]} " == *" $target "* ]] || problems+=("Sources/$target is a library module missing from MODULES in Docs/docc.sh (and needs Sources/$target/$target.docc)")
done

SCRATCH=.build-docs
WORK="$SCRATCH/docc"
OUT="${DOCS_OUT:-$SCRATCH/site}"
# Kept between runs: an incremental build re-emits only the modules it recompiles.
GRAPHS="$SCRATCH/symbol-graphs"
rm -rf "$WORK" "$OUT"
mkdir -p "$GRAPHS" "$WORK/archives" "$(dirname "$OUT")"

echo "--- symbol graphs (swift build -Xswiftc -emit-symbol-graph, scratch path $SCRATCH)"
if ! swift build --scratch-path "$SCRATCH" --product exercises \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$GRAPHS" \
  -Xswiftc -emit-extension-block-symbols >"$WORK/build.log" 2>&1; then
  grep -E "error:" "$WORK/build.log" | sort -u | head -20
  echo "error: the build failed (log: $WORK/build.log)"
  exit 1
fi
# A graph missing after an up-to-date build (its folder was deleted): extract it from the module.
for module in "${MODULES[@]}"; do
  if [ ! -f "$GRAPHS/$module.symbols.json" ]; then
    swift-symbolgraph-extract -module-name "$module" -I "$SCRATCH/debug/Modules" \
      -Xcc -fmodule-map-file="$PWD/Sources/CZlib/module.modulemap" \
      -target "$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')" \
      -minimum-access-level public -emit-extension-block-symbols -output-dir "$GRAPHS" >>"$WORK/build.log" 2>&1 \
      || { echo "error: no symbol graph for $module (log: $WORK/build.log)"; exit 1; }
  fi
done

dependencies_of() {
  case $1 in
    SharedNetworking) ;;
    ScreenKit) echo SharedNetworking ;;
    TriviaHost) echo SharedNetworking ScreenKit Trivia ;;
    ScreenPreviews) echo SharedNetworking ScreenKit Schedule CarFit HooSets Facts Trivia TriviaHost ;;
    TerminalScreens) echo SharedNetworking ScreenKit Schedule CarFit HooSets Facts Trivia ;;
    ExercisesCLI) echo SharedNetworking ScreenKit Schedule CarFit HooSets Facts Trivia TriviaHost ScreenPreviews TerminalScreens ;;
    *) echo SharedNetworking ScreenKit ;;
  esac
}

echo "--- docc convert"
archives=()
for module in "${MODULES[@]}"; do
  catalog="Sources/$module/$module.docc"
  if [ ! -d "$catalog" ]; then
    problems+=("$module has no catalog ($catalog)")
    continue
  fi
  mkdir -p "$WORK/graphs/$module"
  cp "$GRAPHS/$module.symbols.json" "$WORK/graphs/$module/"
  cp "$GRAPHS/$module"@*.symbols.json "$WORK/graphs/$module/" 2>/dev/null || true
  flags=()
  for dependency in $(dependencies_of "$module"); do
    flags+=(--dependency "$WORK/archives/$dependency.doccarchive")
  done
  archive="$WORK/archives/$module.doccarchive"
  docc convert "$catalog" --additional-symbol-graph-dir "$WORK/graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
    --output-path "$archive" --enable-experimental-external-link-support "${flags[@]}" \
    >"$WORK/$module.log" 2>&1
  status=$?
  warnings=$(grep -cE "^(warning|error): " "$WORK/$module.log")
  printf '%-18s %3d warnings\n' "$module" "$warnings"
  if [ "$status" -ne 0 ] || [ "$warnings" -ne 0 ]; then
    # DocC's own messages: the problem, the file and line, and the source around it.
    python3 -c '
import os, re, sys
catalog = sys.argv[1]
for line in open(sys.argv[2], encoding="utf-8"):
    if re.match(r"(warning|error): ", line):
        print("  " + line.rstrip())
    match = re.match(r"\s*--> (\S+?):(\d+)", line)
    if match:
        path = os.path.relpath(os.path.normpath(os.path.join(catalog, match.group(1))))
        print(f"    at {path}:{match.group(2)}")
' "$catalog" "$WORK/$module.log"
    problems+=("$module: $warnings DocC warnings (status $status; log: $WORK/$module.log)")
  fi
  archives+=("$archive")
done

echo "--- docc merge"
if ! docc merge "${archives[@]}" --output-path "$OUT" --synthesized-landing-page-name MobileExercises \
  --synthesized-landing-page-kind Package >"$WORK/merge.log" 2>&1; then
  tail -20 "$WORK/merge.log"
  problems+=("docc merge failed (log: $WORK/merge.log)")
fi

echo "--- public symbols without a doc comment"
coverage_args=()
for module in "${MODULES[@]}"; do
  mode=""
  for enforced in "${ENFORCED[@]}"; do [ "$enforced" = "$module" ] && mode="=enforced"; done
  coverage_args+=("$module$mode")
done
python3 .ci/docs-coverage.py "$GRAPHS" "${coverage_args[@]}" || problems+=("undocumented public symbols in an enforced module (listed above)")

echo "--- snippets"
python3 .ci/doc-snippets.py "$SCRATCH/debug/Modules" "$PWD/Sources/CZlib/module.modulemap" || problems+=("documentation snippets that do not compile (listed above)")

echo "--- links"
python3 .ci/doc-links.py || problems+=("broken links (listed above)")

echo
echo "Site written to $OUT (${#archives[@]} modules)."
echo "DocC's static site needs a web server:"
echo "  python3 -m http.server --bind 127.0.0.1 --directory $OUT 8000"
echo "  then open http://127.0.0.1:8000/documentation/"
if [ "${#problems[@]}" -ne 0 ]; then
  echo
  echo "error: the documentation has problems:"
  printf '  - %s\n' "${problems[@]}"
  exit 1
fi
echo "Documentation: no DocC warnings, enforced modules fully documented, snippets compile, links resolve."
