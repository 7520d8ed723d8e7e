#!/usr/bin/env bash
# Runs every fuzz target (fuzz/, FUZZING.md) for a share of SECONDS, one at
# a time, then prints each target's executions, coverage and crashes.
#
#   tools/fuzz.sh SECONDS [TARGET...]
#
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`).
# Each target runs in libFuzzer's fork mode with one job (-fork=1: one
# child at a time), so that a crash, a timeout (-timeout=10 s per input)
# or an out-of-memory (-rss_limit_mb=2048) is saved to
# fuzz/artifacts/TARGET/ and fuzzing goes on. The corpus grows in
# fuzz/corpus/TARGET/ (not in git); the seeds are fuzz/seeds/TARGET/ and,
# for whole scripts, scripts/, stdlib/, tests/diagnostics/ and
# tests/fixtures/hooks/. Logs: fuzz/logs/TARGET.log.
#
# Environment: NICE (default 10) is the niceness of the runs.
set -euo pipefail

usage="usage: tools/fuzz.sh SECONDS [TARGET...]"
secs=${1:?$usage}
shift
case $secs in '' | *[!0-9]*) echo "$usage" >&2; exit 2 ;; esac

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/fuzz"
all=(script betza region fen moves pgn hook repl protocol)
if [ $# -gt 0 ]; then targets=("$@"); else targets=("${all[@]}"); fi
share=$((secs / ${#targets[@]}))
[ "$share" -ge 1 ] || { echo "SECONDS is less than one per target" >&2; exit 2; }
nice=${NICE:-10}

# Release build with debug assertions (overflow checks), no sanitizer:
# varia is safe Rust (#![forbid(unsafe_code)]), so AddressSanitizer would
# only slow the runs.
opts=(-O -s none)
features() { [ "$1" = repl ] && echo "--features=repl" || true; }

echo "building the fuzz targets" >&2
for t in "${targets[@]}"; do
    nice -n "$nice" cargo +nightly fuzz build "${opts[@]}" $(features "$t") "$t" >&2
done

mkdir -p logs
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t" "artifacts/$t" "seeds/$t"
    dirs=("$root/fuzz/corpus/$t" "$root/fuzz/seeds/$t")
    if [ "$t" = script ]; then
        dirs+=("$root/scripts" "$root/stdlib" "$root/tests/diagnostics" "$root/tests/fixtures/hooks")
        [ -d "$root/../shared/seeds" ] && dirs+=("$root/../shared/seeds")
    fi
    echo "fuzzing $t for ${share}s" >&2
    nice -n "$nice" cargo +nightly fuzz run "${opts[@]}" $(features "$t") "$t" "${dirs[@]}" -- \
        -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        -max_total_time="$share" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 >"logs/$t.log" 2>&1 || true
done

# The fork-mode parent's last status line:
# "#RUNS: cov: N ft: N corp: N exec/s: N oom/timeout/crash: O/T/C time: Ns ..."
printf '%-8s %12s %8s %8s %8s %s\n' target executions cov ft corpus "oom/timeout/crash"
for t in "${targets[@]}"; do
    line=$(grep -E '^#[0-9]+: cov: ' "logs/$t.log" | tail -n 1 || true)
    if [ -z "$line" ]; then
        printf '%-8s (no stats: see fuzz/logs/%s.log)\n' "$t" "$t"
        continue
    fi
    read -r runs cov ft corp bad < <(echo "$line" | sed -E \
        's/^#([0-9]+): cov: ([0-9]+) ft: ([0-9]+) corp: ([0-9]+).*oom\/timeout\/crash: ([0-9\/]+).*/\1 \2 \3 \4 \5/')
    printf '%-8s %12s %8s %8s %8s %s\n' "$t" "$runs" "$cov" "$ft" "$corp" "$bad"
done
echo "artifacts (crashes, timeouts, ooms):"
for t in "${targets[@]}"; do
    n=$(find "artifacts/$t" -type f | wc -l)
    echo "  $t: $n"
done
