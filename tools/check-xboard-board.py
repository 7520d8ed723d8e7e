"""Checks a screenshot of XBoard (a binary PPM on stdin) against a FEN.

    check-xboard-board.py FEN            the board shows FEN's position
    check-xboard-board.py --bounds F R   print the board's left top right bottom
    check-xboard-board.py --marks F R    print the squares marked with a dot

Used by tools/check-xboard-gui.sh. The board is found from XBoard's two
square colours (the script turns textures off); the grid lines that run
across the whole board give the number of files and ranks, which must be
those of the FEN; the empty squares must alternate in colour (a1 dark); and
each square must hold what the FEN says: nothing, a white piece (mostly
light pixels other than the square's colour) or a black one (mostly dark).
Exit status 0 when all of that holds.
"""

import re
import sys

LIGHT = (0xC8, 0xC3, 0x65)
DARK = (0x77, 0xA2, 0x6D)


def read_ppm(data):
    """Width, height and the RGB bytes of a binary PPM (P6, 8 bits)."""
    fields = re.match(rb"P6\s+(?:#[^\n]*\s+)*(\d+)\s+(\d+)\s+(\d+)\s", data)
    if not fields or int(fields.group(3)) != 255:
        sys.exit("FAIL: the screenshot is not an 8-bit PPM")
    width, height = int(fields.group(1)), int(fields.group(2))
    return width, height, data[fields.end():]


def near(pixel, colour, tolerance=12):
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))


def fen_board(fen):
    """The FEN's placement as rows of '.', 'w' and 'b', top rank first."""
    rows = []
    for rank in fen.split()[0].split("/"):
        row = []
        for count, letter in re.findall(r"(\d+)|([A-Za-z])", rank):
            if count:
                row += ["."] * int(count)
            else:
                row.append("w" if letter.isupper() else "b")
        rows.append(row)
    return rows


def find_board(width, height, pixel):
    """The board's left, top, right and bottom edges, from its square colours."""
    squares = [(x, y) for y in range(0, height, 2) for x in range(0, width, 2)
               if near(pixel(x, y), LIGHT) or near(pixel(x, y), DARK)]
    if len(squares) < 100:
        sys.exit("FAIL: no board in the screenshot (no square colours)")
    return (min(x for x, _ in squares), min(y for _, y in squares),
            max(x for x, _ in squares) + 2, max(y for _, y in squares) + 2)


def marked_squares(files, ranks, width, height, pixel):
    """The squares XBoard marks as targets of the piece picked up: a fat
    yellow (move) or red (capture) dot in the square's middle."""
    left, top, right, bottom = find_board(width, height, pixel)
    cell_w, cell_h = (right - left) / files, (bottom - top) / ranks
    marked = []
    for row in range(ranks):
        for col in range(files):
            x = int(left + (col + 0.5) * cell_w)
            y = int(top + (row + 0.5) * cell_h)
            dot = [pixel(x + dx, y + dy) for dx in (-2, 0, 2) for dy in (-2, 0, 2)]
            if all(r > 200 and b < 80 for r, _, b in dot):
                marked.append(f"{chr(97 + col)}{ranks - row}")
    return sorted(marked)


def main():
    width, height, rgb = read_ppm(sys.stdin.buffer.read())

    def pixel(x, y):
        i = 3 * (y * width + x)
        return tuple(rgb[i:i + 3])

    if sys.argv[1] in ("--bounds", "--marks"):
        files, ranks = int(sys.argv[2]), int(sys.argv[3])
        if sys.argv[1] == "--bounds":
            print(*find_board(width, height, pixel))
        else:
            print(" ".join(marked_squares(files, ranks, width, height, pixel)))
        return
    fen = sys.argv[1]
    expected = fen_board(fen)
    ranks, files = len(expected), len(expected[0])
    left, top, right, bottom = find_board(width, height, pixel)

    # Grid lines: pixel columns (rows) of the board with no square colour at
    # all; a run of them is one line. Lines between squares count the files:
    # only runs with square colours on both sides count (the edges found
    # from sampled pixels may take in a line of the board's frame).
    def line_runs(length, is_square_colour):
        runs, inside, seen_square = 0, False, False
        for i in range(length):
            free = not is_square_colour(i)
            if not free:
                if inside and seen_square:
                    runs += 1
                seen_square = True
            inside = free
        return runs

    def column_has_square_colour(i):
        x = left + i
        return any(near(pixel(x, y), LIGHT) or near(pixel(x, y), DARK)
                   for y in range(top, bottom, 1))

    def row_has_square_colour(i):
        y = top + i
        return any(near(pixel(x, y), LIGHT) or near(pixel(x, y), DARK)
                   for x in range(left, right, 1))

    found_files = line_runs(right - left, column_has_square_colour) + 1
    found_ranks = line_runs(bottom - top, row_has_square_colour) + 1
    print(f"board at x {left}..{right}, y {top}..{bottom}: "
          f"{found_files} files x {found_ranks} ranks by its grid lines")
    failures = []
    if (found_files, found_ranks) != (files, ranks):
        failures.append(f"the board is {found_files}x{found_ranks}, the FEN {files}x{ranks}")

    cell_w = (right - left) / files
    cell_h = (bottom - top) / ranks
    seen = []
    for row in range(ranks):
        seen_row = []
        for col in range(files):
            x0, y0 = int(left + col * cell_w), int(top + row * cell_h)
            x1, y1 = int(left + (col + 1) * cell_w), int(top + (row + 1) * cell_h)
            # a1 (bottom left) is dark: the square colour by parity.
            rank_from_bottom = ranks - 1 - row
            colour = DARK if (col + rank_from_bottom) % 2 == 0 else LIGHT
            other = LIGHT if colour == DARK else DARK
            plain = wrong = bright = dim = 0
            margin_x, margin_y = int(cell_w * 0.15), int(cell_h * 0.15)
            for y in range(y0 + margin_y, y1 - margin_y):
                for x in range(x0 + margin_x, x1 - margin_x):
                    p = pixel(x, y)
                    if near(p, colour):
                        plain += 1
                    elif near(p, other):
                        wrong += 1
                    elif sum(p) > 3 * 170:
                        bright += 1
                    elif sum(p) < 3 * 80:
                        dim += 1
            total = max(1, (x1 - x0 - 2 * margin_x) * (y1 - y0 - 2 * margin_y))
            if wrong > total // 4:
                failures.append(f"square {chr(97 + col)}{rank_from_bottom + 1} has the other square colour")
            if plain > total * 0.9:
                seen_row.append(".")
            else:
                seen_row.append("w" if bright > dim else "b")
        seen.append(seen_row)
    print("seen:      expected:")
    for got, want in zip(seen, expected):
        print(f"{''.join(got)}  {''.join(want)}")
    for row in range(ranks):
        for col in range(files):
            if seen[row][col] != expected[row][col]:
                failures.append(f"square {chr(97 + col)}{ranks - row}: seen "
                                f"'{seen[row][col]}', expected '{expected[row][col]}'")
    if failures:
        for failure in failures:
            print("FAIL", failure, file=sys.stderr)
        sys.exit(1)
    print(f"ok   the {files}x{ranks} board shows the position after the moves")


main()
