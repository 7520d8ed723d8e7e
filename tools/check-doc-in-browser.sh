#!/bin/sh
# Generates the rules page of every script and checks them in a real browser:
# headless Chromium loads each page and dumps the DOM; the check fails unless
# every page renders its title, one section per piece and its diagrams.
# Screenshots go next to the pages (open them to look).
#
#   tools/check-doc-in-browser.sh [OUTDIR]      (needs `apt-get install chromium`)
set -eu
out=${1:-target/rules-pages}
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[ -n "$browser" ] || { echo "no chromium found: apt-get install -y chromium" >&2; exit 2; }
cargo build --quiet
varia=${CARGO_TARGET_DIR:-target}/debug/varia
mkdir -p "$out"
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
# Headless, sandbox off (CI runs as root), no background connections (the
# network is closed), a fresh profile; `timeout` so a stuck browser fails.
run_browser() {
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic \
        --no-first-run --disable-background-networking --disable-component-update \
        --disable-sync --user-data-dir="$profile" "$@"
}
status=0
for script in scripts/*.variant; do
    page=$(realpath "$("$varia" doc "$script" -o "$out" | sed 's/^wrote //')")
    dom=$(run_browser --dump-dom "file://$page" 2>/dev/null) || { echo "FAIL $page: the browser failed" >&2; status=1; continue; }
    pieces=$(printf '%s' "$dom" | grep -o 'class="piece" id="piece-' | wc -l)
    svgs=$(printf '%s' "$dom" | grep -o '<svg' | wc -l)
    if [ "$pieces" -lt 1 ] || [ "$svgs" -le "$pieces" ]; then
        echo "FAIL $page: $pieces pieces, $svgs diagrams in the rendered DOM" >&2
        status=1
    else
        echo "ok   $page: $pieces pieces, $svgs diagrams"
    fi
    run_browser --hide-scrollbars --screenshot="${page%.html}.png" --window-size=1000,2400 \
        "file://$page" >/dev/null 2>&1 || true
done
exit $status
