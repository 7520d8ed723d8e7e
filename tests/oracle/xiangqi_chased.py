#!/usr/bin/env python3
"""The pieces each move chased, as the Fairy-Stockfish binary's `d`
command prints them (`Chased:`), for the games of a file written by
xiangqi_chases.py, then for RANDOM seeded random games from the start
(uniformly random legal moves, 20 to 119 plies: captures, pins and
uncovered attacks of every kind). One line a game: the FEN, `|`, the
moves, `|`, then for each move the squares chased, joined by `,`, or `-`
for none.

    FS_BIN=path/to/stockfish python3 xiangqi_chased.py GAMES_FILE RANDOM SEED [VARIANT VARIANTS_INI]

With VARIANT and VARIANTS_INI, the games are of that section of the file
(GAMES_FILE may be /dev/null).
"""
import os
import random
import subprocess
import sys

import pyffish as sf

games = [line.split("|") for line in open(sys.argv[1]) if line.strip()]
rng = random.Random(int(sys.argv[3]))
variant = sys.argv[4] if len(sys.argv) > 5 else "xiangqi"
ini = os.path.abspath(sys.argv[5]) if len(sys.argv) > 5 else None
if ini:
    with open(ini) as f:
        sf.load_variant_config(f.read())
start = sf.start_fen(variant)
for _ in range(int(sys.argv[2])):
    moves = []
    here = start
    for _ in range(rng.randrange(20, 120)):
        legal = sf.legal_moves(variant, here, [])
        if not legal:
            break
        moves.append(rng.choice(legal))
        here = sf.get_fen(variant, here, [moves[-1]])
    games.append([start, " ".join(moves), "-"])
commands = [f"setoption name VariantPath value {ini}"] if ini else []
commands.append(f"setoption name UCI_Variant value {variant}")
for fen, moves, _ in games:
    moves = moves.split()
    for k in range(1, len(moves) + 1):
        commands.append(f"position fen {fen.strip()} moves {' '.join(moves[:k])}")
        commands.append("d")
commands.append("quit")
out = subprocess.run(
    [os.environ.get("FS_BIN", "stockfish")],
    input="\n".join(commands) + "\n",
    capture_output=True,
    text=True,
).stdout
chased = [line.split(":", 1)[1].split() for line in out.splitlines() if line.startswith("Chased:")]
i = 0
for fen, moves, _ in games:
    n = len(moves.split())
    sets = [",".join(c) or "-" for c in chased[i:i + n]]
    i += n
    print(fen.strip(), "|", moves.strip(), "|", " ".join(sets))
assert i == len(chased), "one Chased line a move"
