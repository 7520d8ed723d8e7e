#!/usr/bin/env python3
"""Seeded random xiangqi games for the rule on chasing (Fairy-Stockfish's
`chasingRule = axf`). Each game starts from a position reached by random
moves (captures preferred, to thin the board out). Then one side looks
for a chase: a move of a piece to a square from which it attacks an enemy
piece (not a general) that can step away to a square which the piece,
moving back, attacks again. The two sides then shuffle those moves back
and forth, each now and then playing another move that takes nothing
instead (most often moving its last moved piece back), so that positions
repeat with chases, broken chases, checks and counter-chases. Each game
stops where pyffish ends it or after PLIES plies. One line a game: the
FEN, `|`, the moves, `|`, then after each move `-` while the game goes on,
else FS's score for the side to move (`is_immediate_game_end`,
`is_optional_game_end`, or the result without legal moves).

    python3 xiangqi_chases.py VARIANT GAMES SEED PLIES [VARIANTS_INI]

With VARIANTS_INI, VARIANT may be a section of that file (xiangqihouse's
drops are played too, and never shuffled back).
"""
import random
import re
import sys

import pyffish as sf

variant, games, seed, plies = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
if len(sys.argv) > 5:
    with open(sys.argv[5]) as ini:
        sf.load_variant_config(ini.read())
rng = random.Random(seed)
start = sf.start_fen(variant)


def squares(move):
    return re.findall(r"[a-z][0-9]+", move)


def back(move):
    """The move taken back; None for a drop."""
    a = squares(move)
    return a[1] + a[0] if "@" not in move else None


def board(fen):
    """The occupied squares of a FEN: square name -> piece letter."""
    rows = fen.split()[0].split("[")[0].split("/")
    out = {}
    for r, row in enumerate(rows):
        f = 0
        for n, ch in re.findall(r"(\d+)|(.)", row):
            if n:
                f += int(n)
            else:
                out[chr(ord("a") + f) + str(len(rows) - r)] = ch
                f += 1
    return out


def quiet(fen, legal):
    occupied = board(fen)
    return [m for m in legal if squares(m)[-1] not in occupied]


def mover_attacks(fen, frm):
    """The squares of enemy pieces the piece on `frm` could take if its
    side were to move (pyffish's legal moves with the side flipped)."""
    fields = fen.split()
    fields[1] = "b" if fields[1] == "w" else "w"
    flipped = " ".join(fields)
    try:
        legal = sf.legal_moves(variant, flipped, [])
    except Exception:
        return set()
    occupied = board(flipped)
    return {squares(m)[1] for m in legal if "@" not in m and squares(m)[0] == frm and squares(m)[1] in occupied}


def opening():
    """A position after some random moves, captures preferred."""
    while True:
        fen = start
        for _ in range(rng.randrange(10, 80)):
            legal = sf.legal_moves(variant, fen, [])
            if not legal:
                break
            occupied = board(fen)
            taking = [m for m in legal if squares(m)[-1] in occupied]
            fen = sf.get_fen(variant, fen, [rng.choice(taking if taking and rng.random() < 0.7 else legal)])
        if sf.legal_moves(variant, fen, []) and not sf.is_immediate_game_end(variant, fen, [])[0]:
            return fen


def find_chase(fen):
    """Two moves, chaser's then victim's, that can be shuffled as a chase."""
    legal = sf.legal_moves(variant, fen, [])
    chasers = quiet(fen, legal)
    rng.shuffle(chasers)
    for m1 in [m for m in chasers if "@" not in m][:25]:
        h1, h2 = squares(m1)
        f1 = sf.get_fen(variant, fen, [m1])
        occupied = board(f1)
        targets = [t for t in mover_attacks(f1, h2) if occupied[t].lower() != "k"]
        if not targets:
            continue
        x1 = rng.choice(targets)
        flights = [m for m in quiet(f1, sf.legal_moves(variant, f1, [])) if "@" not in m and squares(m)[0] == x1]
        rng.shuffle(flights)
        for m2 in flights[:6]:
            f2 = sf.get_fen(variant, f1, [m2])
            if back(m1) not in sf.legal_moves(variant, f2, []):
                continue
            f3 = sf.get_fen(variant, f2, [back(m1)])
            if squares(m2)[1] in mover_attacks(f3, h1):
                return m1, m2
    return None


def play(fen, plan):
    moves = []
    verdicts = []
    here = fen
    for _ in range(plies):
        legal = sf.legal_moves(variant, here, [])
        choice = None
        if plan and len(moves) < 2:
            choice = plan[len(moves)]
        elif len(moves) >= 2 and rng.random() < 0.92 and back(moves[-2]) in legal and back(moves[-2]):
            choice = back(moves[-2])
        if choice not in legal:
            choice = rng.choice(quiet(here, legal) or legal)
        moves.append(choice)
        here = sf.get_fen(variant, here, [choice])
        if not sf.legal_moves(variant, here, []):
            verdicts.append(str(sf.game_result(variant, fen, moves)))
            break
        ended, score = sf.is_immediate_game_end(variant, fen, moves)
        if not ended:
            ended, score = sf.is_optional_game_end(variant, fen, moves)
        verdicts.append(str(score) if ended else "-")
        if ended:
            break
    return moves, verdicts


for _ in range(games):
    for _ in range(3):
        fen = opening()
        plan = find_chase(fen)
        if plan:
            break
    moves, verdicts = play(fen, plan)
    print(fen, "|", " ".join(moves), "|", " ".join(verdicts))
