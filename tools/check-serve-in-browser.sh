#!/bin/sh
# The end-to-end test of `varia serve` in a real browser: starts the server
# on the scripts/ folder and drives Debian's headless Chromium through the
# page (DevTools protocol over a pipe, Python's standard library only) on
# chess, Balbo, xiangqi, Janggi, crazyhouse, shogi and the walling games:
# marked moves against `varia moves`, moves by clicks, promotion, a pass,
# drops, walls, undo, the computer's answer, a broken script's diagnostic
# against `varia check`, the fix (tools/serve_e2e.py lists every step). Screenshots of every step go
# to OUTDIR (look at them).
#
#   tools/check-serve-in-browser.sh [OUTDIR]     (needs `apt-get install chromium`)
set -eu
out=${1:-target/serve-e2e}
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[ -n "$browser" ] || { echo "no chromium found: apt-get install -y chromium" >&2; exit 2; }
cargo build --quiet
varia=${CARGO_TARGET_DIR:-target}/debug/varia
rm -rf "$out"
mkdir -p "$out"
CHROMIUM="$browser" timeout 600 python3 tools/serve_e2e.py "$varia" "$out"
