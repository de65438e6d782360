#!/usr/bin/env bash
# Builds and checks the DocC catalogs of the server package (Servers/TriviaServer), as
# Docs/docc.sh does for the root package's modules.
#
#   bash Docs/docc-server.sh           # from anywhere; CI runs it in the nested stage, after the
#                                      # package's debug build and tests
#
# The server package has dependencies, so its symbol graphs are not built again with
# -emit-symbol-graph (a second build of Hummingbird, NIO and postgres-nio in another scratch
# path: minutes on two cores). They are extracted from the modules of the package's own debug
# build (`swift build --package-path Servers/TriviaServer`, incremental when it is current) with
# the toolchain's swift-symbolgraph-extract, then each catalog is converted with `docc convert`.
#
# It fails (exit 1, after writing the archives) on any of:
#   - a DocC warning (an unresolved symbol or article link, a bad directive);
#   - a public symbol without a doc comment in a module listed in MODULES (every one printed);
#   - a broken relative link in any Markdown file (.ci/doc-links.py, shared with Docs/docc.sh).
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

PACKAGE=Servers/TriviaServer
# Modules of the server package with a catalog, Sources/<Module>/<Module>.docc; each one's public
# API must be fully documented.
MODULES=(TriviaCluster)

WORK="$PACKAGE/.build-docs"
OUT="${DOCS_OUT:-$WORK/archives}"
rm -rf "$WORK/graphs" "$OUT"
mkdir -p "$WORK/graphs" "$OUT"
problems=()

echo "--- debug build of the modules ($PACKAGE)"
for module in "${MODULES[@]}"; do
  if ! swift build --package-path "$PACKAGE" --target "$module" >"$WORK/build.log" 2>&1; then
    grep -E "error:" "$WORK/build.log" | sort -u | head -20
    echo "error: the build failed (log: $WORK/build.log)"
    exit 1
  fi
done
BIN=$(swift build --package-path "$PACKAGE" --show-bin-path)
TRIPLE=$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')
# The C modules the Swift modules import (NIO's shims, the package's own C targets).
module_maps=()
while IFS= read -r map; do module_maps+=(-Xcc "-fmodule-map-file=$map"); done \
  < <(find "$BIN" -maxdepth 2 -name module.modulemap | sort)
# The root package's C modules (CZlib), which the server package depends on by path.
while IFS= read -r map; do module_maps+=(-Xcc "-fmodule-map-file=$PWD/$map"); done < <(find Sources -maxdepth 2 -name module.modulemap | sort)
while IFS= read -r include; do module_maps+=(-Xcc "-I$PWD/$include"); done \
  < <(find "$PACKAGE/.build/checkouts" "$PACKAGE/Sources" -type d -name include -path '*/Sources/*' | sort)

echo "--- symbol graphs (swift-symbolgraph-extract)"
for module in "${MODULES[@]}"; do
  if ! swift-symbolgraph-extract -module-name "$module" -I "$BIN/Modules" "${module_maps[@]}" -target "$TRIPLE" \
    -minimum-access-level public -emit-extension-block-symbols -output-dir "$WORK/graphs" >"$WORK/$module-graph.log" 2>&1; then
    head -20 "$WORK/$module-graph.log"
    echo "error: no symbol graph for $module (log: $WORK/$module-graph.log)"
    exit 1
  fi
done

echo "--- docc convert"
for module in "${MODULES[@]}"; do
  catalog="$PACKAGE/Sources/$module/$module.docc"
  if [ ! -d "$catalog" ]; then
    problems+=("$module has no catalog ($catalog)")
    continue
  fi
  mkdir -p "$WORK/graphs-$module"
  cp "$WORK/graphs/$module".symbols.json "$WORK/graphs/$module"@*.symbols.json "$WORK/graphs-$module/" 2>/dev/null
  docc convert "$catalog" --additional-symbol-graph-dir "$WORK/graphs-$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
    --output-path "$OUT/$module.doccarchive" >"$WORK/$module.log" 2>&1
  status=$?
  warnings=$(grep -cE "^(warning|error): " "$WORK/$module.log")
  printf '%-18s %3d warnings\n' "$module" "$warnings"
  if [ "$status" -ne 0 ] || [ "$warnings" -ne 0 ]; then
    grep -A3 -E "^(warning|error): " "$WORK/$module.log" | head -40
    problems+=("$module: $warnings DocC warnings (status $status; log: $WORK/$module.log)")
  fi
done

echo "--- public symbols without a doc comment"
# Every module with a catalog here is enforced: its public API is fully documented.
python3 .ci/docs-coverage.py "$WORK/graphs" "${MODULES[@]/%/=enforced}" || problems+=("undocumented public symbols (listed above)")

echo "--- links"
python3 .ci/doc-links.py || problems+=("broken links (listed above)")

echo
echo "Archives written to $OUT."
if [ "${#problems[@]}" -ne 0 ]; then
  echo
  echo "error: the server documentation has problems:"
  printf '  - %s\n' "${problems[@]}"
  exit 1
fi
echo "Server documentation: no DocC warnings, enforced modules fully documented, links resolve."
