#!/usr/bin/env bash
# Builds libFuzzer binaries: `Fuzz/build.sh [TARGET...]` (all targets by default) → Fuzz/out/TARGET.
#
# The package's modules are compiled once, in release mode with the fuzzer and AddressSanitizer
# instrumentation, into their own scratch path (.build-fuzz, so the normal build is untouched);
# each target file is then linked against those objects. Only public API is reachable, which is
# what a caller (and an attacker's bytes) can reach too.
set -euo pipefail
cd "$(dirname "$0")/.."
source Fuzz/targets.sh

export PATH="/opt/swift/usr/bin:$PATH"
SCRATCH="${FUZZ_SCRATCH:-.build-fuzz}"
FLAGS=(-sanitize=fuzzer,address -parse-as-library)

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(fuzz_target_names)
fi

declare -A built=()
mkdir -p Fuzz/out
for target in "${targets[@]}"; do
  read -r modules libs < <(fuzz_target "$target") || { echo "error: unknown fuzz target '$target' (see Fuzz/targets.sh)" >&2; exit 2; }
  if [[ "$libs" == *CJansson* ]] && [ ! -f /usr/include/jansson.h ]; then
    echo "error: $target compares with jansson: install it (Debian: apt-get install libjansson-dev)" >&2
    exit 1
  fi
  objects=()
  for module in ${modules//,/ }; do
    if [ -z "${built[$module]:-}" ]; then
      swift build -c release --scratch-path "$SCRATCH" --target "$module" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 | grep -Ev "^\[[0-9]+/[0-9]+\]|^Building for|^Build of target" || true
      [ -d "$SCRATCH/release/$module.build" ] || { echo "error: building $module for fuzzing failed" >&2; exit 1; }
      built[$module]=1
    fi
    objects+=("$SCRATCH"/release/"$module".build/*.o)
  done
  # shellcheck disable=SC2086 # $libs is a list of linker flags
  swiftc "${FLAGS[@]}" -O -use-ld=lld -I "$SCRATCH/release/Modules" -I Sources/CZlib \
    Fuzz/Support/*.swift "Fuzz/Targets/$target.swift" "${objects[@]}" -lFoundationNetworking -lz $libs -o "Fuzz/out/$target"
  echo "built Fuzz/out/$target"
done
