#!/usr/bin/env bash
# Regenerates Docs/Screenshots/*.png: every screen rendered by `exercises all --html-dir` from the
# bundled data, screenshotted by headless Chromium at 390 × 844 (iPhone 14 points, scale 1).
# Needs `chromium` (Debian: apt-get install chromium). Run from anywhere: bash Docs/Screenshots/update.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
command -v chromium >/dev/null || { echo "error: chromium is not installed (apt-get install chromium)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Fixed locale, zone and time, so the pages (and the PNGs) only change when the code does.
# A screen that cannot be drawn is reported; the others are still screenshotted.
swift run --scratch-path "${SCRATCH:-.build}" exercises all --html-dir "$work/pages" --cache-dir "$work/cache" \
  --locale en_US --time-zone America/New_York --now 2020-09-10T12:00:00Z || status=$?
# The CarFit sample's start times are UTC instants inside expected windows written in local time,
# so the sample reads right in UTC (8:05 AM in 8:00-10:00), not in New York (4:05 AM).
swift run --skip-build --scratch-path "${SCRATCH:-.build}" exercises carfit --html "$work/pages/carfit.html" \
  --cache-dir "$work/cache" --locale en_US --time-zone UTC --now 2020-09-10T08:00:00Z >/dev/null || status=$?

for page in "$work"/pages/*.html; do
  name=$(basename "$page" .html)
  [ "$name" = index ] && continue
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --user-data-dir="$work/profile" --window-size=390,844 --screenshot="Docs/Screenshots/$name.png" \
    "file://$page" >/dev/null 2>&1
  echo "Docs/Screenshots/$name.png"
done
exit "${status:-0}"
