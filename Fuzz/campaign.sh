#!/usr/bin/env bash
# A long fuzzing campaign: `Fuzz/campaign.sh SECONDS [TARGET...]` runs the targets one after
# the other (never in parallel: they would only share the same cores) and appends one summary
# line per target to Fuzz/out/campaign.txt: executions, edges covered (cov), features (ft),
# corpus size, and the result. The numbers in Docs/Reliability.md come from this script.
set -uo pipefail
cd "$(dirname "$0")/.."
source Fuzz/targets.sh

seconds=${1:?usage: Fuzz/campaign.sh SECONDS [TARGET...]}
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(fuzz_target_names)

bash Fuzz/build.sh "${targets[@]}" >/dev/null || exit 1
summary=Fuzz/out/campaign.txt
for target in "${targets[@]}"; do
  start=$(date +%s)
  if FUZZ_NO_BUILD=1 bash Fuzz/run.sh "$target" "$seconds" >/dev/null 2>&1; then
    result="no finding"
  else
    result="FINDING: $(ls -t "Fuzz/out/artifacts/$target/" | head -1)"
  fi
  log="Fuzz/out/$target.log"
  last=$(grep -E "^#[0-9]+" "$log" | tail -1)
  execs=$(grep -E "^stat::number_of_executed_units" "$log" | awk '{print $2}')
  cov=$(echo "$last" | grep -oE "cov: [0-9]+" | awk '{print $2}')
  ft=$(echo "$last" | grep -oE "ft: [0-9]+" | awk '{print $2}')
  corpus=$(echo "$last" | grep -oE "corp: [0-9]+" | awk '{print $2}')
  rss=$(grep -E "^stat::peak_rss_mb" "$log" | awk '{print $2}')
  printf '%s %-15s %5ds execs=%s cov=%s ft=%s corpus=%s peak_rss_mb=%s %s\n' \
    "$(date -u +%FT%TZ)" "$target" "$(($(date +%s) - start))" "${execs:-?}" "${cov:-?}" "${ft:-?}" "${corpus:-?}" "${rss:-?}" "$result" | tee -a "$summary"
done
