#!/usr/bin/env python3
"""Writes src/teach/glyphs.rs: the outlines of the DejaVu Sans glyphs that the
SVG diagrams draw (chess figures, piece letters, coordinates), as SVG path
data, so that a diagram looks the same whatever fonts the viewer has.

    pip install fonttools
    tools/extract-glyphs.py [FONTDIR]      (default /usr/share/fonts/truetype/dejavu)

The generated file is committed: building varia needs
neither this script nor the fonts.

Coordinates: 1000 units per em, origin on the baseline at the glyph origin,
y pointing down (SVG's way), rounded to whole units. Paths are relative
(lower-case commands) after the first moveto.
"""

import os
import sys

from fontTools.pens.basePen import BasePen
from fontTools.ttLib import TTFont

FONTDIR = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype/dejavu"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "teach", "glyphs.rs")
COPYRIGHT = "/usr/share/doc/fonts-dejavu-core/copyright"
EM = 1000

PIECES = ["king", "queen", "rook", "bishop", "knight", "pawn"]


class Font:
    def __init__(self, path):
        self.name = os.path.basename(path)
        self.font = TTFont(path)
        self.scale = EM / self.font["head"].unitsPerEm
        self.glyphs = self.font.getGlyphSet()
        self.cmap = self.font.getBestCmap()
        self.version = self.font["name"].getDebugName(5)

    def pt(self, p):
        return (round(p[0] * self.scale), round(-p[1] * self.scale))

    def contours(self, char):
        """The glyph's contours as lists of ("M"|"L"|"Q", points), in output units."""
        name = self.cmap[ord(char)]
        flat = Flattener(self)
        self.glyphs[name].draw(flat)
        return name, flat.contours

    def advance(self, char):
        return round(self.font["hmtx"][self.cmap[ord(char)]][0] * self.scale)


class Flattener(BasePen):
    """Splits quadratic splines into single Q segments (implied on-curve points made explicit)."""

    def __init__(self, font):
        super().__init__(font.glyphs)
        self.font = font
        self.contours = []
        self.cur = None

    def _moveTo(self, p):
        self.cur = [("M", [self.font.pt(p)])]
        self.contours.append(self.cur)

    def _lineTo(self, p):
        self.cur.append(("L", [self.font.pt(p)]))

    def _qCurveToOne(self, p1, p2):
        self.cur.append(("Q", [self.font.pt(p1), self.font.pt(p2)]))

    def _curveToOne(self, p1, p2, p3):
        raise ValueError("cubic curve in a TrueType font?")

    def _closePath(self):
        pass

    def _endPath(self):
        pass


def area(contour):
    """Twice the signed area of the polygon through all the contour's points (y down)."""
    pts = [p for _, ps in contour for p in ps]
    a = 0
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
        a += x0 * y1 - x1 * y0
    return a


def path(contours):
    """SVG path data: absolute first moveto, then relative commands."""
    out = []
    if not contours:
        return ""
    pen = None
    for c in contours:
        start = c[0][1][0]
        if pen is None:
            out.append("M%d %d" % start)
        else:
            out.append("m%d %d" % (start[0] - pen[0], start[1] - pen[1]))
        pen = start
        for cmd, ps in c[1:]:
            if cmd == "L" and ps[0] == pen:
                continue
            rel = []
            for p in ps:
                rel.append("%d %d" % (p[0] - pen[0], p[1] - pen[1]))
            out.append(cmd.lower() + " ".join(rel))
            pen = ps[-1]
        out.append("z")
        # After z the current point is the subpath's start.
        pen = start
    # Tidy separators: "l-3 4" is fine; drop the space before a minus sign.
    return "".join(out).replace(" -", "-")


def bbox(contours):
    pts = [p for c in contours for _, ps in c for p in ps]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def glyph(font, char):
    name, cs = font.contours(char)
    x0, y0, x1, y1 = bbox(cs)
    return (
        "    // %s (U+%04X %s)\n"
        "    Glyph {\n        advance: %d,\n        bbox: [%d, %d, %d, %d],\n        d: \"%s\",\n    },\n"
        % (char, ord(char), name, font.advance(char), x0, y0, x1, y1, path(cs))
    )


def holes(contours):
    """The contours that cut holes (they run the other way round from the
    outer ones): filled with the non-zero rule, the glyph's counters."""
    # The glyph's largest contour is always an outer one.
    big = max(contours, key=lambda c: abs(area(c)))
    outer = area(big) > 0
    return [c for c in contours if (area(c) > 0) != outer]


def figure(font, char, comment):
    name, cs = font.contours(char)
    x0, y0, x1, y1 = bbox(cs)
    return (
        "    // %s (U+%04X %s)\n"
        "    Figure {\n        bbox: [%d, %d, %d, %d],\n        ink: \"%s\",\n        holes: \"%s\",\n    },\n"
        % (comment, ord(char), name, x0, y0, x1, y1, path(cs), path(holes(cs)))
    )


def table(name, doc, entries, kind="Glyph"):
    return "%s\npub const %s: [%s; %d] = [\n%s];\n" % (doc, name, kind, len(entries), "".join(entries))


def main():
    regular = Font(os.path.join(FONTDIR, "DejaVuSans.ttf"))
    bold = Font(os.path.join(FONTDIR, "DejaVuSans-Bold.ttf"))
    with open(COPYRIGHT) as f:
        text = f.read()
    # The font's paragraph: from "Files: *" to the next "Files:".
    start = text.index("Files: *")
    end = text.index("Files:", start + 1)
    notice = [line[1:] if line.startswith(" ") else line for line in text[start:end].rstrip().splitlines()]
    notice = [("" if line == "." else line) for line in notice]

    out = []
    out.append("// @generated by tools/extract-glyphs.py from %s (%s) and %s (%s);\n"
               % (regular.name, regular.version, bold.name, bold.version))
    out.append("// do not edit by hand: change the script and run it again.\n//\n")
    out.append("// These outlines are taken from the DejaVu fonts, whose licence\n")
    out.append("// (from /usr/share/doc/fonts-dejavu-core/copyright) follows:\n//\n")
    for line in notice:
        out.append(("// " + line).rstrip() + "\n")
    out.append("\n")
    out.append(
        "//! Glyph outlines from DejaVu Sans, embedded so that the SVG diagrams\n"
        "//! draw the same on any machine, with or without fonts.\n"
        "//!\n"
        "//! Units: %d per em; origin on the baseline at the glyph's origin; y\n"
        "//! points down. `d` is SVG path data (quadratic curves), relative after\n"
        "//! its first moveto; `bbox` is `[x_min, y_min, x_max, y_max]`.\n\n" % EM
    )
    out.append("/// One glyph's outline.\n#[derive(Clone, Copy, Debug)]\n")
    out.append("pub struct Glyph {\n    /// Advance width.\n    pub advance: i32,\n"
               "    /// Bounding box: `[x_min, y_min, x_max, y_max]`, y down.\n    pub bbox: [i32; 4],\n"
               "    /// SVG path data.\n    pub d: &'static str,\n}\n\n")
    out.append("/// Units per em.\npub const EM: i32 = %d;\n\n" % EM)
    # The fonts' OS/2 tables are too old to state a cap height: take the H's.
    cap = -bbox(bold.contours("H")[1])[1]
    out.append("/// Height of the bold capitals (the bold H's).\npub const BOLD_CAP_HEIGHT: i32 = %d;\n\n" % cap)
    cap = -bbox(regular.contours("H")[1])[1]
    out.append("/// Height of the regular capitals (the H's).\npub const CAP_HEIGHT: i32 = %d;\n\n" % cap)

    out.append(
        "/// A chess figure: its outline, filled dark, and the holes in it, to be\n"
        "/// filled light underneath so that the details show on any square.\n"
        "#[derive(Clone, Copy, Debug)]\npub struct Figure {\n"
        "    /// Bounding box: `[x_min, y_min, x_max, y_max]`, y down.\n    pub bbox: [i32; 4],\n"
        "    /// SVG path data of the glyph.\n    pub ink: &'static str,\n"
        "    /// SVG path data of its holes (the contours that run the other way), or empty.\n"
        "    pub holes: &'static str,\n}\n\n"
    )
    white = [figure(regular, chr(0x2654 + i), "white " + p) for i, p in enumerate(PIECES)]
    out.append(table("WHITE", "/// The white chess figures (U+2654 to U+2659): king, queen, rook, bishop, knight, pawn.",
                     white, "Figure"))
    out.append("\n")
    black = [figure(regular, chr(0x265A + i), "black " + p) for i, p in enumerate(PIECES)]
    out.append(table("BLACK", "/// The black (solid) chess figures (U+265A to U+265F), in the same order.", black, "Figure"))
    out.append("\n")
    caps = [glyph(bold, chr(ord("A") + i)) for i in range(26)]
    out.append(table("BOLD_UPPER", "/// Bold capitals A to Z (piece letters).", caps))
    out.append("\n")
    lower = [glyph(regular, chr(ord("a") + i)) for i in range(26)]
    out.append(table("LOWER", "/// Regular small letters a to z (file names).", lower))
    out.append("\n")
    digits = [glyph(regular, chr(ord("0") + i)) for i in range(10)]
    out.append(table("DIGITS", "/// Regular digits 0 to 9 (rank numbers).", digits))

    with open(OUT, "w") as f:
        f.write("".join(out))
    print("wrote", os.path.normpath(OUT))


if __name__ == "__main__":
    main()
