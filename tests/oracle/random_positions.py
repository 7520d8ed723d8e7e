#!/usr/bin/env python3
"""Random-position oracle: legal moves of positions from random games, by pyffish.

Usage:
    python3 tests/oracle/random_positions.py VARIANT COUNT SEED [--config FILE.ini] [--max-plies N]
                                             [--fen-every K] [--also COUNT SEED MAX_PLIES]...
                                             [--start FEN]... [--optional-end]

Plays random games with pyffish (the Python binding of Fairy-Stockfish) from
the start position of VARIANT, choosing each move with random.Random(SEED)
among the sorted legal moves. Every visited position, the start position of
each game included, is printed as one line:

    FEN<TAB>move1 move2 ...<TAB>NEXT

- NEXT is the move the game goes on with (one of the listed moves), or
  nothing when the game ends at this position: the next line is then the
  start of a new game.

- FEN is pyffish.get_fen(variant, startfen, moves_so_far), exactly as
  Fairy-Stockfish writes it: void squares as '*'; castling rights as KQkq;
  check counters for nCheck variants ("3+3"); an en-passant square only
  after a double step next to an enemy pawn that attacks the passed square,
  even if that capture is illegal (pin); Berolina writes two squares (passed
  square and the moved pawn, in square order: rank first, then file, so
  "d3c4" for White and "d5c6" for Black).
- The moves are pyffish.legal_moves(variant, startfen, moves_so_far), sorted
  (plain string order), separated by single spaces. Moves are coordinate
  notation (e2e4, a10a9, promotion piece letter appended: e7e8q); castling is
  the king's move (e1g1), as chess960 is off.
- A position whose side to move has no legal moves has an empty move list:
  the line is the FEN followed by a TAB and nothing else. Besides mate and
  stalemate this includes every game ended by a variant rule (king of the
  hill reached, third check given, king exploded, ...): Fairy-Stockfish
  generates no legal moves once pyffish.is_immediate_game_end() is true.

A game ends, and a new one starts from the start position, after a position
with no legal moves or after --max-plies plies (default 80). Claimable draws
(repetition, the 50-move rule) do not end a game. Exactly COUNT lines are printed; the
output depends only on the arguments and the pyffish version.

--fen-every K prints the FEN only on a game's first position and on every
K-th ply of a game (ply 0, K, 2K, ...); other lines have "-" in its place,
and a reader replays NEXT from the line before. Each pyffish call costs
about 2 ms (it re-initialises the variant), so K = 8 nearly halves the
oracle's time. The default, 1, prints every FEN.

VARIANT may be several names separated by commas: the lines of each, in
turn, from one process.

--also COUNT SEED MAX_PLIES (repeatable) prints COUNT more lines after
those, from games seeded SEED of up to MAX_PLIES plies: several runs in one
process, as importing pyffish takes most of a second.

--start FEN (repeatable) starts the games from these positions instead of
the variant's start, in turn (game 1 from the first, game 2 from the
second, ...): endgames, where rules such as counting are reached.

--optional-end adds a fourth field to every line that has a FEN: 1 if
pyffish.is_optional_game_end(variant, FEN, []) says the game may end there
(a count run out, the n-move rule; from the FEN alone, so never by
repetition), else 0; "-" on lines without a FEN.

--config FILE.ini loads Fairy-Stockfish variant definitions first, with
pyffish.load_variant_config(open(FILE).read()).

Dependencies: pyffish only (pip install pyffish).
"""

import argparse
import random
import sys

import pyffish


def positions(variant, seed, max_plies, fen_every, starts):
    """Yield (fen or "-", sorted legal moves, next move or "") for the
    positions of random games, forever (from each of `starts` in turn, or
    the variant's start)."""
    rng = random.Random(seed)
    games = 0
    while True:
        start = starts[games % len(starts)] if starts else pyffish.start_fen(variant)
        games += 1
        moves = []
        while True:
            if len(moves) % fen_every == 0:
                fen = pyffish.get_fen(variant, start, moves)
            else:
                fen = "-"
            legal = sorted(pyffish.legal_moves(variant, start, moves))
            # Fairy-Stockfish's legal move generator returns nothing once the
            # game has ended by a variant rule, so an empty list covers both
            # mate/stalemate and is_immediate_game_end().
            if not legal or len(moves) >= max_plies:
                yield fen, legal, ""
                break
            nxt = rng.choice(legal)
            yield fen, legal, nxt
            moves.append(nxt)


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Print COUNT positions from seeded random pyffish games: FEN<TAB>sorted legal moves.")
    ap.add_argument("variant")
    ap.add_argument("count", type=int)
    ap.add_argument("seed", type=int)
    ap.add_argument("--start", action="append", default=[], metavar="FEN",
                    help="start the games from these positions, in turn (repeatable)")
    ap.add_argument("--optional-end", action="store_true",
                    help="add a fourth field: 1 if is_optional_game_end(variant, FEN, []), else 0")
    ap.add_argument("--config", metavar="FILE.ini", help="Fairy-Stockfish variants.ini to load first")
    ap.add_argument("--max-plies", type=int, default=80, metavar="N",
                    help="plies per game before starting a new one (default 80)")
    ap.add_argument("--fen-every", type=int, default=1, metavar="K",
                    help="print the FEN on every K-th ply of a game only, '-' elsewhere (default 1)")
    ap.add_argument("--also", type=int, nargs=3, action="append", default=[],
                    metavar=("COUNT", "SEED", "MAX_PLIES"),
                    help="then print COUNT more lines, of games seeded SEED of up to MAX_PLIES plies "
                         "(one process: importing pyffish takes most of a second)")
    args = ap.parse_args(argv)
    if args.count < 0 or args.max_plies < 0 or args.fen_every < 1:
        ap.error("COUNT and --max-plies must be >= 0, --fen-every >= 1")

    if args.config:
        with open(args.config) as f:
            pyffish.load_variant_config(f.read())
    # pyffish crashes (segfault) on an unknown variant name, so check first.
    variants = args.variant.split(",")
    for variant in variants:
        if variant not in pyffish.variants():
            ap.error("unknown variant %r (not built into pyffish %s%s)" % (
                variant, ".".join(map(str, pyffish.version())),
                " nor defined in " + args.config if args.config else ""))

    out = sys.stdout
    runs = [(args.count, args.seed, args.max_plies)] + [tuple(a) for a in args.also]
    for variant in variants:
        for count, seed, max_plies in runs:
            gen = positions(variant, seed, max_plies, args.fen_every, args.start)
            for _ in range(count):
                fen, legal, nxt = next(gen)
                line = fen + "\t" + " ".join(legal) + "\t" + nxt
                if args.optional_end:
                    ended = fen != "-" and pyffish.is_optional_game_end(variant, fen, [])[0]
                    line += "\t" + ("-" if fen == "-" else "1" if ended else "0")
                out.write(line + "\n")
    out.flush()


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        sys.exit(0)
