#!/usr/bin/env bash
# Perft speed of varia against Fairy-Stockfish, run alternately in one
# session so both see the same machine load. Both count the last ply in
# bulk (Fairy-Stockfish's `go perft`, varia's perft).
#
# Usage: FS_BIN=/path/to/fairy-stockfish bench/compare.sh [RUNS]
# Build Fairy-Stockfish outside this project, e.g. from its public
# repository: `make -j2 build ARCH=x86-64-bmi2 largeboards=yes` in src/.
# Each row: VARIANT|SCRIPT|FEN|DEPTH|FS_VARIANT|FS_INI (FEN "startpos" = the setup).
#
# Before and after a change: BASE_BIN=/path/to/an/older/varia adds a column
# for that build, run in the same alternation (FS, base, this build).
# ONLY=REGEX keeps the rows whose name matches (e.g. ONLY='^chess').
#
# CATALOGUE=1 measures every script of the catalogue, scripts/fairy-stockfish/
# (named as FS names the variant), from the start position, instead of the
# rows below: at depth 5 where FS's depth-4 count in the perft fixture
# suggests depth 5 stays under about 40 M leaves, else depth 4. With
# MARKDOWN=1 the table is printed as Markdown, for BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
: "${FS_BIN:?set FS_BIN to a Fairy-Stockfish binary}"
# VARIA names another binary to time (a copy, while the tree is rebuilt).
if [ -z "${VARIA:-}" ]; then cargo build --release --quiet; VARIA=target/release/varia; fi

ini=tests/oracle/variants.ini
rows=(
  "chess|scripts/chess.variant|startpos|6|chess|"
  "chess (Kiwipete)|scripts/chess.variant|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5|chess|"
  "berolina|scripts/berolina.variant|startpos|5|berolina|"
  "diamond|scripts/diamond.variant|startpos|7|diamond|$ini"
  "balbo|scripts/balbo.variant|startpos|6|balbo-minor|$ini"
  "grand betza (*)|scripts/grand-betza.variant|startpos|5|grandbetza-rhino2|$ini"
  "king of the hill|scripts/fairy-stockfish/kingofthehill.variant|startpos|6|kingofthehill|"
  "three-check|scripts/fairy-stockfish/3check.variant|startpos|6|3check|"
  "five-check|scripts/fairy-stockfish/5check.variant|startpos|6|5check|"
  "nocastle|scripts/fairy-stockfish/nocastle.variant|startpos|6|nocastle|"
  "atomic|scripts/fairy-stockfish/atomic.variant|startpos|6|atomic|"
  "coregal|scripts/fairy-stockfish/coregal.variant|startpos|6|coregal|"
  "extinction|scripts/fairy-stockfish/extinction.variant|startpos|6|extinction|"
  "kinglet|scripts/fairy-stockfish/kinglet.variant|startpos|6|kinglet|"
  "threekings|scripts/fairy-stockfish/threekings.variant|startpos|6|threekings|"
  "antichess|scripts/fairy-stockfish/antichess.variant|startpos|6|antichess|"
  "giveaway|scripts/fairy-stockfish/giveaway.variant|startpos|6|giveaway|"
  "codrus|scripts/fairy-stockfish/codrus.variant|startpos|6|codrus|"
  "losers|scripts/fairy-stockfish/losers.variant|startpos|6|losers|"
  "crazyhouse|scripts/fairy-stockfish/crazyhouse.variant|startpos|5|crazyhouse|"
  "crazyhouse (midgame)|scripts/fairy-stockfish/crazyhouse.variant|r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R[Pp] w KQkq - 0 6|4|crazyhouse|"
  "shogi|scripts/fairy-stockfish/shogi.variant|startpos|5|shogi|"
  "shogi (midgame)|scripts/fairy-stockfish/shogi.variant|7nb/lrsg1ks2/npgs1p2l/7pp/P1p1P1p1g/2P2PRPL/NP2S4/G3l4/+b4KPN1[ppppp] w - - 0 46|4|shogi|"
  "minishogi|scripts/fairy-stockfish/minishogi.variant|startpos|6|minishogi|"
  "kyotoshogi|scripts/fairy-stockfish/kyotoshogi.variant|startpos|7|kyotoshogi|"
  "seirawan|scripts/fairy-stockfish/seirawan.variant|startpos|5|seirawan|"
  "shouse|scripts/fairy-stockfish/shouse.variant|startpos|4|shouse|"
  "chessgi|scripts/fairy-stockfish/chessgi.variant|startpos|5|chessgi|"
)
# (*) Fairy-Stockfish cannot express the Rhino: it runs its stand-in (WnN),
# so the two count different trees from depth 5 on; the speeds still compare.
if [ -n "${CATALOGUE:-}" ]; then
  rows=()
  for script in scripts/fairy-stockfish/*.variant; do
    name=$(basename "$script" .variant)
    fixture=tests/perft/fairy-stockfish/$name.perft
    # The start position's depth-3 and depth-4 counts (the first two of each).
    read -r n3 n4 < <(awk '/^id /{id=$2} id=="start" && $1=="perft" && $2==3{a=$3} id=="start" && $1=="perft" && $2==4{b=$3} END{printf "%.0f %.0f\n", a, b}' "$fixture")
    depth=4
    if [ "$n3" -gt 0 ] && [ "$n4" -gt 0 ] && awk -v a="$n3" -v b="$n4" 'BEGIN{exit !(b*b/a < 40e6)}'; then depth=5; fi
    # Small games go deeper, until varia's perft takes a second (at most
    # depth 14): the time of the search, not of the program's start.
    while [ "$depth" -lt 14 ]; do
      t=$( TIMEFORMAT=%R; { time timeout 20 "$VARIA" perft "$script" "$depth" >/dev/null 2>&1; } 2>&1 )
      awk -v t="$t" 'BEGIN{exit !(t < 0.2)}' || break
      depth=$((depth + 1))
    done
    rows+=("$name|$script|startpos|$depth|$name|")
  done
fi
if [ -n "${EXTRA_ROWS:-}" ]; then IFS=$'\n' read -r -d '' -a extra <<<"$EXTRA_ROWS" || true; rows+=("${extra[@]}"); fi

fs_perft() { # variant fen depth ini -> "nodes seconds"
  local variant=$1 fen=$2 depth=$3 ini=$4 poscmd
  if [ "$fen" = startpos ]; then poscmd="position startpos"; else poscmd="position fen $fen"; fi
  coproc FS { exec "$FS_BIN" 2>&1; }
  local line t0 t1 nodes
  { echo uci; [ -n "$ini" ] && echo "setoption name VariantPath value $(realpath "$ini")";
    echo "setoption name UCI_Variant value $variant"; echo "$poscmd"; echo isready; } >&"${FS[1]}"
  while IFS= read -r line <&"${FS[0]}"; do [[ $line == readyok* ]] && break; done
  t0=$(date +%s.%N); echo "go perft $depth" >&"${FS[1]}"
  while IFS= read -r line <&"${FS[0]}"; do [[ $line == "Nodes searched"* ]] && break; done
  t1=$(date +%s.%N); echo quit >&"${FS[1]}"; wait "$FS_PID" 2>/dev/null || true
  nodes=${line##*: }; echo "${nodes//[^0-9]/} $(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f", b-a}')"
}

varia_perft() { # script fen depth -> "nodes seconds"
  local script=$1 fen=$2 depth=$3 bin=${4:-$VARIA} t0 t1 out
  t0=$(date +%s.%N)
  if [ "$fen" = startpos ]; then out=$($bin perft "$script" "$depth" | tail -1); else out=$($bin perft "$script" "$depth" --fen "$fen" | tail -1); fi
  t1=$(date +%s.%N)
  echo "$out $(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f", b-a}')"
}

median() { sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }

base=${BASE_BIN:-}
if [ -n "${MARKDOWN:-}" ]; then
  echo "| variant | depth | leaves | varia M/s | FS M/s | varia/FS |"
  echo "|---|---:|---:|---:|---:|---:|"
else
  printf "%-22s %5s %12s %14s %14s %7s" variant depth leaves "varia M/s" "FS M/s" ratio
  [ -n "$base" ] && printf " %14s %7s" "base M/s" "base/FS"
  printf "\n"
fi
for row in "${rows[@]}"; do
  IFS='|' read -r name script fen depth fsv ini <<<"$row"
  [[ $name =~ ${ONLY:-.} ]] || continue
  vr=(); fr=(); br=(); vn=; fn=
  for _ in $(seq "$runs"); do
    read -r fn fs < <(fs_perft "$fsv" "$fen" "$depth" "$ini")
    if [ -n "$base" ]; then
      read -r bn bs < <(varia_perft "$script" "$fen" "$depth" "$base")
      br+=("$(awk -v n="$bn" -v s="$bs" 'BEGIN{printf "%.3f", n/s/1e6}')")
    fi
    read -r vn vs < <(varia_perft "$script" "$fen" "$depth")
    fr+=("$(awk -v n="$fn" -v s="$fs" 'BEGIN{printf "%.3f", n/s/1e6}')")
    vr+=("$(awk -v n="$vn" -v s="$vs" 'BEGIN{printf "%.3f", n/s/1e6}')")
  done
  [ "$vn" = "$fn" ] || echo "warning: $name: varia counts $vn, Fairy-Stockfish $fn" >&2
  vm=$(printf '%s\n' "${vr[@]}" | median); fm=$(printf '%s\n' "${fr[@]}" | median)
  if [ -n "${MARKDOWN:-}" ]; then
    printf "| %s | %s | %s | %s | %s | %s |\n" "$name" "$depth" "$vn" "$vm" "$fm" "$(awk -v a="$vm" -v b="$fm" 'BEGIN{printf "%.2f", a/b}')"
    continue
  fi
  printf "%-22s %5s %12s %14s %14s %7s" "$name" "$depth" "$vn" "$vm" "$fm" "$(awk -v a="$vm" -v b="$fm" 'BEGIN{printf "%.2f", a/b}')"
  if [ -n "$base" ]; then
    bm=$(printf '%s\n' "${br[@]}" | median)
    printf " %14s %7s" "$bm" "$(awk -v a="$bm" -v b="$fm" 'BEGIN{printf "%.2f", a/b}')"
  fi
  printf "\n"
done
