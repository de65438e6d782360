#!/usr/bin/env bash
# Runs one fuzz target: `Fuzz/run.sh TARGET [SECONDS] [libFuzzer options...]` (default 60 s).
#
# Builds the target first (set FUZZ_NO_BUILD=1 to skip), starts from the seeds in
# Fuzz/Corpus/TARGET plus what earlier runs found (Fuzz/out/corpus/TARGET, not committed), uses
# Fuzz/Dictionaries/TARGET.dict when there is one, and writes any crashing input to
# Fuzz/out/artifacts/TARGET/. Exits non-zero when the fuzzer finds a crash or a broken invariant.
# The last lines printed are the run's summary (executions, coverage, corpus size).
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:?usage: Fuzz/run.sh TARGET [SECONDS] [libFuzzer options...]}
seconds=${2:-60}
shift $(($# < 2 ? $# : 2))

[ -n "${FUZZ_NO_BUILD:-}" ] || bash Fuzz/build.sh "$target" >/dev/null
corpus="Fuzz/out/corpus/$target"
artifacts="Fuzz/out/artifacts/$target/"
mkdir -p "$corpus" "$artifacts"

options=(-max_total_time="$seconds" -artifact_prefix="$artifacts" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048)
[ -f "Fuzz/Dictionaries/$target.dict" ] && options+=(-dict="Fuzz/Dictionaries/$target.dict")
[ -f "Fuzz/Corpus/$target/.options" ] && read -r -a extra <"Fuzz/Corpus/$target/.options" && options+=("${extra[@]}")

# Targets that write files (ZipExtract, HooJSON) run ~20x faster on tmpfs than on this disk.
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then
  export TMPDIR=/dev/shm
fi
# Foundation on Linux leaks the 4 KiB read buffer of every empty file read with
# Data(contentsOf:) (swift-foundation's zero-size path); not ours, see Docs/Reliability.md.
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan-suppressions.txt:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

log="Fuzz/out/$target.log"
set +e
"Fuzz/out/$target" "${options[@]}" "$@" "$corpus" "Fuzz/Corpus/$target" >"$log" 2>&1
status=$?
set -e
if [ $status -ne 0 ]; then
  grep -E "ERROR|invariant broken|Fatal error|SUMMARY|Test unit written" "$log" | head -20
  echo "error: $target failed (exit $status); full log: $log" >&2
  exit $status
fi
grep -E "^#[0-9]+.*(DONE|pulse)" "$log" | tail -1
grep -E "^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)" "$log" | tr '\n' ' '
echo
echo "$target: $(ls "$corpus" | wc -l) inputs in the working corpus"
