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

for page in "$work"/pages/*.html; do
  name=$(basename "$page" .html)
  [ "$name" = index ] && continue
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --user-data-dir="$work/profile" --window-size=390,844 --screenshot="Docs/Screenshots/$name.png" \
    "file://$page" >/dev/null 2>&1
  echo "Docs/Screenshots/$name.png"
done
exit "${status:-0}"
