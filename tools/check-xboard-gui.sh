#!/bin/sh
# Plays a few moves of Grand Betza in a real XBoard (Debian `xboard`) under
# Xvfb, with `varia xboard scripts/grand-betza.variant` as both engines,
# takes a screenshot and checks it: the board is found, it is 10x10 with
# alternating square colours, and every square holds what the position
# after the engines' moves holds (empty, a white piece or a black piece).
# Then, in a position with every Grand Betza piece free to move, it picks
# up each white piece with the mouse (xdotool) and checks that the squares
# XBoard marks as its targets (from our `piece` lines) are exactly varia's
# moves of that piece. Screenshots and XBoard's logs stay in OUTDIR (look
# at board.png and piece-*.png).
#
#   tools/check-xboard-gui.sh [OUTDIR]   (needs `apt-get install xboard xvfb imagemagick`)
set -eu
out=${1:-target/xboard-gui}
script=scripts/grand-betza.variant
xboard=$(command -v xboard || { [ -x /usr/games/xboard ] && echo /usr/games/xboard; } || true)
[ -n "$xboard" ] || { echo "no xboard found: apt-get install -y xboard" >&2; exit 2; }
for tool in Xvfb import convert xdotool python3; do
    command -v "$tool" >/dev/null || { echo "no $tool found: apt-get install -y xvfb imagemagick xdotool python3" >&2; exit 2; }
done
cargo build --quiet
varia=$(realpath "${CARGO_TARGET_DIR:-target}/debug/varia")
mkdir -p "$out"
out=$(realpath "$out")
rm -f "$out"/*.png "$out"/*.debug "$out/game.pgn"
home=$(mktemp -d)
xvfb_pid=""
xboard_pid=""
cleanup() {
    [ -z "$xboard_pid" ] || kill "$xboard_pid" 2>/dev/null || true
    [ -z "$xvfb_pid" ] || kill "$xvfb_pid" 2>/dev/null || true
    rm -rf "$home"
}
trap cleanup EXIT
# A display number nobody uses.
display=97
while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do display=$((display + 1)); done
Xvfb ":$display" -screen 0 1024x768x24 -nolisten tcp >"$out/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$display" ] && break; sleep 0.1; done
# A screenshot of a settled screen: XBoard redraws after a move or a click
# (a fresh clone's loaded machine once caught it mid-redraw, half a board),
# so shoot every half second until two shots in a row are the same.
settled_shot() {
    no_popups "$1"
    DISPLAY=":$display" import -window root "ppm:$1.ppm"
    for _ in $(seq 40); do
        sleep 0.5
        DISPLAY=":$display" import -window root "ppm:$1.next.ppm"
        if cmp -s "$1.ppm" "$1.next.ppm"; then
            convert "$1.ppm" "$1"
            rm -f "$1.ppm" "$1.next.ppm"
            return 0
        fi
        mv "$1.next.ppm" "$1.ppm"
    done
    echo "FAIL: XBoard's screen did not settle in 20 s ($1)" >&2
    exit 1
}
# XBoard with a new HOME shows a first-start tip ("Right-clicking menu item
# or dialog text pops up help on it") in a box drawn over the middle of the
# board until a click; a fresh clone's CI once shot it over c6..g7.
# `-messageSuppress` is the setting its "don't show again" stores.
tip="Right-clicking menu item or dialog text pops up help on it"
# A window other than XBoard's board window (an error popup, say) would
# spoil the picture: each one is named, and the check fails. The board
# window is XBoard's first (X numbers a client's windows upwards).
no_popups() {
    windows=$(DISPLAY=":$display" xdotool search --onlyvisible --maxdepth 1 --name '' 2>/dev/null | sort -n)
    board_window=""
    for w in $windows; do
        name=$(DISPLAY=":$display" xdotool getwindowname "$w" 2>/dev/null || true)
        [ -n "$name" ] || continue
        if [ -z "$board_window" ]; then board_window=$w; continue; fi
        echo "FAIL: XBoard shows a window '$name' besides its board ($1)" >&2
        exit 1
    done
}
# XBoard's name for the variant: `grand-betza` would be its Grand Chess.
engine="$varia xboard $(realpath "$script")"
# Plain square colours (no wood textures), no move highlights or sounds,
# and a draw adjudicated after 3 moves so that the position stays put.
HOME=$home DISPLAY=":$display" timeout 120 "$xboard" \
    -fcp "$engine" -scp "$engine" -variant grandbetza -mode TwoMachines \
    -searchTime 0:01 -depth 3 -adjudicateDrawMoves 3 \
    -useBoardTexture false -lightSquareColor '#C8C365' -darkSquareColor '#77A26D' \
    -highlightLastMove false -highlightMoveWithArrow false -showCoords false \
    -animateMoving false -popupExitMessage false -popupMoveErrors false \
    -soundProgram "" -size 49 -saveSettingsOnExit false -messageSuppress "$tip" \
    -debug -nameOfDebugFile "$out/xboard.debug" -saveGameFile "$out/game.pgn" \
    >"$out/xboard.out" 2>&1 &
xboard_pid=$!
ended=""
for _ in $(seq 600); do
    if grep -q '^GameEnds([0-9]*, [^(]' "$out/xboard.debug" 2>/dev/null; then ended=yes; break; fi
    kill -0 "$xboard_pid" 2>/dev/null || break
    sleep 0.1
done
[ -n "$ended" ] || { echo "FAIL: the game in XBoard did not end (see $out/xboard.debug)" >&2; exit 1; }
settled_shot "$out/board.png"
# The engines' moves, in XBoard's coordinates (ranks from 0 on 10 ranks).
moves=$(sed -n 's/^[0-9]* <\(first \|second\): move \([^ ]*\)$/\2/p' "$out/xboard.debug")
[ -n "$moves" ] || { echo "FAIL: no engine move in $out/xboard.debug" >&2; exit 1; }
# The position after them, from varia's REPL (ranks from 1).
ours=$(printf '%s\n' $moves | python3 -c '
import re, sys
for word in sys.stdin.read().split():
    print(re.sub(r"(?<=[a-z])(\d+)", lambda m: str(int(m.group(1)) + 1), word))')
fen=$(printf '%s\nfen\nquit\n' "$ours" | "$varia" play "$script" 2>&1 | grep -E '^[^ ]+/[^ ]+ [wb] ' | tail -n 1)
[ -n "$fen" ] || { echo "FAIL: varia could not replay the moves: $moves" >&2; exit 1; }
echo "moves: $(echo $moves)"
echo "position: $fen"
checker="$(dirname "$0")/check-xboard-board.py"
convert "$out/board.png" -depth 8 ppm:- | python3 "$checker" "$fen"
kill "$xboard_pid" 2>/dev/null || true
wait "$xboard_pid" 2>/dev/null || true

# Each piece's moves as XBoard understood our `piece` lines: the same
# rules with every piece free to move (and no castling rights).
pieces_fen="r4k3r/10/1C3A4/10/2U3X3/10/1Y3O4/7P2/10/R1N1QK1B1R w - - 0 1"
sed "s#^setup .*#setup \"$pieces_fen\"#" "$script" >"$out/grandbetzapieces.variant"
pieces_engine="$varia xboard $out/grandbetzapieces.variant"
HOME=$home DISPLAY=":$display" timeout 120 "$xboard" \
    -fcp "$pieces_engine" -variant grandbetzapieces -initialMode EditGame \
    -showTargetSquares true -highlightDragging true \
    -useBoardTexture false -lightSquareColor '#C8C365' -darkSquareColor '#77A26D' \
    -showCoords false -animateMoving false -soundProgram "" -size 49 -saveSettingsOnExit false \
    -messageSuppress "$tip" -debug -nameOfDebugFile "$out/pieces.debug" >"$out/pieces.out" 2>&1 &
xboard_pid=$!
for _ in $(seq 100); do grep -q 'pong' "$out/pieces.debug" 2>/dev/null && break; sleep 0.1; done
settled_shot "$out/pieces.png"
set -- $(convert "$out/pieces.png" -depth 8 ppm:- | python3 "$checker" --bounds 10 10)
left=$1 top=$2 right=$3 bottom=$4
status=0
for square in $(python3 -c '
import re, sys
rows = sys.argv[1].split()[0].split("/")
for r, row in enumerate(rows):
    f = 0
    for count, letter in re.findall(r"(\d+)|([A-Za-z])", row):
        if count: f += int(count)
        else:
            if letter.isupper(): print(chr(97 + f) + str(len(rows) - r))
            f += 1' "$pieces_fen"); do
    file=$(( $(printf '%d' "'$square") - 97 )) rank=${square#?}
    x=$(( left + (2 * file + 1) * (right - left) / 20 ))
    y=$(( top + (2 * (10 - rank) + 1) * (bottom - top) / 20 ))
    DISPLAY=":$display" xdotool mousemove "$x" "$y" mousedown 1
    sleep 0.3
    DISPLAY=":$display" xdotool mousemove $((x + 3)) $((y + 3))
    settled_shot "$out/piece-$square.png"
    DISPLAY=":$display" xdotool mousemove "$x" "$y" mouseup 1
    sleep 0.3
    marked=$(convert "$out/piece-$square.png" -depth 8 ppm:- | python3 "$checker" --marks 10 10)
    ours=$("$varia" moves "$out/grandbetzapieces.variant" | sed -n "s/^$square\([a-j][0-9]*\)[a-z]*$/\1/p" | sort -u | tr '\n' ' ')
    if [ "$marked" = "${ours% }" ]; then
        echo "ok   $square: XBoard marks varia's moves: $marked"
    else
        echo "FAIL $square: XBoard marks [$marked], varia's moves are [${ours% }]" >&2
        status=1
    fi
done
exit $status
