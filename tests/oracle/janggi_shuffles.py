#!/usr/bin/env python3
"""Seeded random games of a Janggi variant in which each side mostly moves
its last moved piece back where it came from (now and then passing), for
the rule against moving back and forth (Fairy-Stockfish's
`moveRepetitionIllegal`). Each game stops where pyffish ends it (no legal
move, `is_immediate_game_end`, or `is_optional_game_end`) or after 150
plies. One line a game: the moves, `|`, then `-` if the game goes on, else
`immediate SCORE`, `optional SCORE` or, without legal moves, `mate SCORE`
(FS's score for the side to move).

    python3 janggi_shuffles.py VARIANT GAMES SEED
"""
import random
import sys

import pyffish as sf

variant, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
start = sf.start_fen(variant)
for _ in range(games):
    moves = []
    verdict = "-"
    for _ in range(150):
        ended, score = sf.is_immediate_game_end(variant, start, moves)
        if ended and moves:
            verdict = f"immediate {score}"
            break
        legal = sf.legal_moves(variant, start, moves)
        if not legal:
            verdict = f"mate {sf.game_result(variant, start, moves)}"
            break
        ended, score = sf.is_optional_game_end(variant, start, moves)
        if ended and moves:
            verdict = f"optional {score}"
            break
        choice = None
        if len(moves) >= 2 and rng.random() < 0.8:
            prev = moves[-2]
            back = prev[2:4] + prev[0:2] if len(prev) == 4 else None
            if prev[:2] != prev[2:] and back in legal:
                choice = back
            elif rng.random() < 0.3:
                passes = [m for m in legal if m[:2] == m[2:]]
                choice = passes[0] if passes else None
        moves.append(choice or rng.choice(legal))
    print(" ".join(moves), "|", verdict)
