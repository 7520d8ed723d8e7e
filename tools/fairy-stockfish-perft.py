#!/usr/bin/env python3
"""Writes a catalogue script's perft fixture from Fairy-Stockfish's own counts.

Usage:
    FS_BIN=/path/to/stockfish python3 tools/fairy-stockfish-perft.py NAME [NAME...]
        [--depth D] [--seed S] [--seconds T]
    python3 tools/fairy-stockfish-perft.py --check NAME [NAME...] [--depth D] [--positions N]

For each NAME (a Fairy-Stockfish built-in variant, whose script is
scripts/fairy-stockfish/NAME.variant), writes tests/perft/fairy-stockfish/NAME.perft:
the start position and two positions of seeded random pyffish games (plies
16 and 36 of a game that lasts that long), each with FS's perft counts at
depths 1 to D (default 4). A depth is left out, with the deeper ones, when
the one before took FS more than T seconds (default 15), so no line costs
much more than a minute; the test skips lines above its node budget anyway.

With --check, writes nothing and compares varia instead (VARIA_BIN, default
target/release/varia): every fixture line up to depth D, then the legal
moves of --positions positions of seeded random pyffish games (up to 200
plies), move for move. A quick loop while writing a catalogue script; the
tests (`cargo test --test it catalogue`) check the same more thoroughly.

FS_BIN is a Fairy-Stockfish binary built with largeboards=yes from its
public repository (README's BENCHMARKS section says how); pyffish (pip
install pyffish) picks the random positions. The counts are FS's, never
ours: this is how the catalogue's reference counts are made.
"""

import argparse
import os
import random
import subprocess
import sys
import time

import pyffish

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Engine:
    def __init__(self, binary):
        self.proc = subprocess.Popen(
            [binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.id = "Fairy-Stockfish"
        for line in self.proc.stdout:
            if line.startswith("id name "):
                self.id = line[len("id name "):].strip()
            if line.strip() == "uciok":
                break

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def perft(self, variant, fen, depth):
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        for line in self.proc.stdout:
            if line.startswith("Nodes searched"):
                return int(line.split(":")[1])
        sys.exit(f"{variant}: the engine stopped before answering perft {depth} of {fen}")

    def close(self):
        self.send("quit")
        self.proc.wait()


def middle_positions(variant, seed):
    """Two FENs of seeded random games: plies 16 and 36 of a game lasting that long."""
    start = pyffish.start_fen(variant)
    rng = random.Random(seed)
    out = []
    for ply_wanted in (16, 36):
        for _attempt in range(100):
            moves = []
            for _ply in range(ply_wanted):
                legal = sorted(pyffish.legal_moves(variant, start, moves))
                if not legal:
                    break
                moves.append(rng.choice(legal))
            if len(moves) == ply_wanted and pyffish.legal_moves(variant, start, moves):
                out.append(pyffish.get_fen(variant, start, moves))
                break
        else:
            sys.exit(f"{variant}: no random game lasted {ply_wanted} plies")
    return out


def fixture(engine, name, depth, seed, seconds):
    start = pyffish.start_fen(name)
    positions = [("start", start)] + [
        (f"middle-{i + 1}", fen) for i, fen in enumerate(middle_positions(name, seed))
    ]
    lines = [
        f"# {name}: counts from {engine.id} (large-board build of its public repository,",
        "# built beside the project), each made by:",
        f"#   (echo 'setoption name UCI_Variant value {name}'; echo 'position fen FEN';",
        "#    echo 'go perft DEPTH') | stockfish",
        f"# The middle positions are from seeded random pyffish games (seed {seed});",
        "# written by tools/fairy-stockfish-perft.py.",
        f"script scripts/fairy-stockfish/{name}.variant",
    ]
    for ident, fen in positions:
        lines += ["", f"id {ident}", f"fen {fen}"]
        for d in range(1, depth + 1):
            began = time.monotonic()
            nodes = engine.perft(name, fen, d)
            lines.append(f"perft {d} {nodes}")
            if time.monotonic() - began > seconds:
                break
    return "\n".join(lines) + "\n"


def varia(args):
    binary = os.environ.get("VARIA_BIN", os.path.join(ROOT, "target", "release", "varia"))
    out = subprocess.run([binary] + args, capture_output=True, text=True)
    if out.returncode != 0:
        return None, out.stderr.strip()
    return out.stdout, None


def check(name, depth, seed, positions):
    """Compares varia with the fixture and with pyffish; returns the number of mismatches."""
    script = os.path.join(ROOT, "scripts", "fairy-stockfish", f"{name}.variant")
    fixture_path = os.path.join(ROOT, "tests", "perft", "fairy-stockfish", f"{name}.perft")
    bad = 0
    fen = None
    for line in open(fixture_path):
        key, _, value = line.strip().partition(" ")
        if key == "fen":
            fen = value
        elif key == "perft":
            d, nodes = (int(x) for x in value.split())
            if d > depth:
                continue
            out, err = varia(["perft", script, str(d), "--fen", fen])
            got = int(out.split()[-1]) if out else err
            if got != nodes:
                bad += 1
                print(f"{name}: perft {d} of {fen}: FS {nodes}, varia {got}")
    start = pyffish.start_fen(name)
    rng = random.Random(seed)
    moves = []
    for _ in range(positions):
        fen = pyffish.get_fen(name, start, moves)
        theirs = sorted(pyffish.legal_moves(name, start, moves))
        out, err = varia(["moves", script, "--fen", fen])
        ours = sorted(out.split()) if out is not None else [f"error: {err}"]
        if ours != theirs:
            bad += 1
            only_fs = sorted(set(theirs) - set(ours))
            only_varia = sorted(set(ours) - set(theirs))
            print(f"{name}: {fen}: only FS {only_fs}, only varia {only_varia}")
        if theirs and len(moves) < 200:
            moves.append(rng.choice(theirs))
        else:
            moves = []
    print(f"{name}: {bad} mismatches")
    return bad


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="+")
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--positions", type=int, default=300)
    args = parser.parse_args()
    if args.check:
        bad = sum(check(n, args.depth, args.seed, args.positions) for n in args.names)
        sys.exit(1 if bad else 0)
    binary = os.environ.get("FS_BIN")
    if not binary:
        sys.exit("set FS_BIN to a large-board Fairy-Stockfish binary")
    engine = Engine(binary)
    for name in args.names:
        if name not in pyffish.variants():
            sys.exit(f"{name}: not a Fairy-Stockfish variant (pyffish.variants())")
        text = fixture(engine, name, args.depth, args.seed, args.seconds)
        path = os.path.join(ROOT, "tests", "perft", "fairy-stockfish", f"{name}.perft")
        with open(path, "w") as f:
            f.write(text)
        print(f"wrote {os.path.relpath(path, ROOT)}")
    engine.close()


if __name__ == "__main__":
    main()
