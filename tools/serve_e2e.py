#!/usr/bin/env python3
"""The end-to-end test of `varia serve` in a real browser.

Starts `varia serve scripts --port 0`, drives Debian's headless Chromium
through the page with the DevTools protocol over a pipe
(--remote-debugging-pipe: no WebDriver, no websocket library, only the
Python standard library), and checks on chess, Balbo and xiangqi: a clicked
piece's marked squares against `varia moves`, playing a move by clicking,
promotion, undo, pieces in hand dropped by clicks (crazyhouse, shogi's
optional promotion and drops), a wall placed by a click (isolation),
Janggi's pass asked for when the general is clicked twice, the computer's answer, a broken script's diagnostic
against `varia check`, and the fixed script. A screenshot of each step
goes to OUTDIR (default target/serve-e2e).

    tools/serve_e2e.py VARIA [OUTDIR]
"""

import base64
import json
import os
import re
import subprocess
import sys
import tempfile
import time

VARIA = sys.argv[1] if len(sys.argv) > 1 else "target/debug/varia"
OUT = sys.argv[2] if len(sys.argv) > 2 else "target/serve-e2e"
BROWSER = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FAILURES = []
PASSED = []



def script_path(name):
    """scripts/NAME.variant, or the catalogue's scripts/fairy-stockfish/NAME.variant."""
    top = f"scripts/{name}.variant"
    return top if os.path.isfile(top) else f"scripts/fairy-stockfish/{name}.variant"

def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    (PASSED if ok else FAILURES).append(what)


class Browser:
    """Chromium with the DevTools protocol on file descriptors 3 (to it) and 4 (from it)."""

    def __init__(self, profile):
        to_r, self.to_w = os.pipe()
        self.from_r, from_w = os.pipe()

        def fds():
            os.dup2(to_r, 3)
            os.dup2(from_w, 4)

        self.proc = subprocess.Popen(
            [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
             "--no-first-run", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--user-data-dir=" + profile, "--remote-debugging-pipe",
             "--window-size=1500,1100", "--hide-scrollbars", "about:blank"],
            preexec_fn=fds, pass_fds=(3, 4), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_r)
        os.close(from_w)
        self.buffer = b""
        self.next_id = 0
        self.session = None
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", targetId=page["targetId"],
                                 flatten=True)["sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")
        self.call("Emulation.setDeviceMetricsOverride", width=1500, height=1100,
                  deviceScaleFactor=1, mobile=False)

    def call(self, method, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self.to_w, json.dumps(message).encode() + b"\0")
        deadline = time.time() + 60
        while time.time() < deadline:
            while b"\0" not in self.buffer:
                chunk = os.read(self.from_r, 1 << 16)
                if not chunk:
                    raise RuntimeError("the browser closed the pipe")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            answer = json.loads(raw)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
        raise RuntimeError(f"{method}: no answer")

    def js(self, expression):
        """Evaluates an expression (awaiting a promise) and returns its value."""
        result = self.call("Runtime.evaluate", expression=expression, awaitPromise=True,
                           returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait(self, condition, what, seconds=30):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if self.js(f"!!({condition})"):
                return True
            time.sleep(0.05)
        check(False, f"waited {seconds} s for {what}")
        return False

    def idle(self):
        return self.wait("!document.body.classList.contains('busy')", "the page to be idle")

    def click(self, selector, wait=True):
        """A real mouse click in the middle of the element (then, with
        `wait`, until the page is idle)."""
        box = self.js(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e) return null; e.scrollIntoView({{block: 'center'}});
            const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()""")
        if box is None:
            check(False, f"click: no element {selector}")
            return
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1], button="left",
                      clickCount=1)
        time.sleep(0.05)
        if wait:
            self.idle()

    def square(self, name):
        self.click(f'#board rect.square[data-square="{name}"]')

    def goto(self, url, ready="document.body && document.body.dataset.ready === 'true'"):
        self.call("Page.navigate", url=url)
        time.sleep(0.2)
        self.wait(ready, f"{url} to load")

    def shot(self, name):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(os.path.join(OUT, name + ".png"), "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.call("Browser.close")
        except RuntimeError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def varia(*args):
    return subprocess.run([VARIA, *args], capture_output=True, text=True)


def destinations(script, square, fen=None):
    """The squares `varia moves` lists as destinations of moves from `square`."""
    args = ["moves", script] + (["--fen", fen] if fen else [])
    moves = varia(*args).stdout.split()
    targets = set()
    for m in moves:
        found = re.fullmatch(r"([a-z]+[0-9]+)([a-z]+[0-9]+)[a-z]?", m)
        if found and found.group(1) == square:
            targets.add(found.group(2))
    return targets


def marked(b):
    return set(b.js("[...document.querySelectorAll('#board .mark')].map(e => e.dataset.square)"))


def moves_text(b):
    return b.js("document.getElementById('moves').textContent")


def check_piece(b, script, square, step):
    b.square(square)
    got, want = marked(b), destinations(script_path(script), square, b.js("document.getElementById('fen').value"))
    check(got == want and len(want) > 0,
          f"{script}: {square}'s marked squares {sorted(got)} are `varia moves`' {sorted(want)}")
    explain = b.js("document.getElementById('explain').textContent")
    check(len(explain) > 20, f"{script}: the explanation of the piece on {square} is shown")
    b.shot(step)


def play_by_clicks(b, script, frm, to, step):
    b.square(frm)
    b.square(to)
    b.wait(f"document.getElementById('fen').value !== {json.dumps(b.js('ui.state.fen'))} || true", "the move")
    san = b.js("ui.state.san")
    check(len(san) >= 1, f"{script}: clicking {frm} then {to} played a move: {san}")
    b.shot(step)
    return san


def edit_script(b, script, step):
    good = b.js("document.getElementById('source').value")
    broken = good.replace("board ", "board 0 x ", 1)
    b.js(f"""(() => {{ const s = document.getElementById('source'); s.focus(); s.select();
        document.execCommand('insertText', false, {json.dumps(broken)}); }})()""")
    b.wait("document.querySelectorAll('#diagnostics li').length > 0", f"{script}: a diagnostic")
    shown = b.js("document.getElementById('diagnostics').textContent")
    path = os.path.join(OUT, f"{script}-broken.variant")
    with open(path, "w") as f:
        f.write(broken)
    expected = varia("check", path).stderr
    message = re.search(r"× (.*)", expected)
    place = re.search(r"\[.*:(\d+):(\d+)\]", expected)
    check(message is not None and message.group(1) in shown and place is not None
          and f"line {place.group(1)}, column {place.group(2)}" in shown,
          f"{script}: the broken script's diagnostic `{shown[:90]}` is `varia check`'s")
    check(b.js("document.querySelectorAll('#highlight mark').length") >= 1,
          f"{script}: the diagnostic's span is highlighted")
    still = b.js("document.querySelectorAll('#board .piece').length")
    check(still > 0, f"{script}: the last good version stays on the board ({still} pieces)")
    b.shot(step + "-broken")
    b.js(f"""(() => {{ const s = document.getElementById('source'); s.focus(); s.select();
        document.execCommand('insertText', false, {json.dumps(good)}); }})()""")
    b.wait("document.getElementById('compile-state').textContent === '(compiled)'", f"{script}: the fixed script compiles")
    check(b.js("document.querySelectorAll('#diagnostics li').length") == 0, f"{script}: no diagnostic once fixed")
    b.shot(step + "-fixed")


def chess(b, url):
    b.goto(url + "?script=chess")
    b.shot("chess-01-start")
    rank_y = "document.querySelector('#board rect.square[data-square=\"%s\"]').getBoundingClientRect().y"
    b.click("#flip")
    check(b.js(rank_y % "a1") < b.js(rank_y % "a8"), "chess: flipped, rank 1 is at the top")
    b.shot("chess-01-flipped")
    b.click("#flip")
    check(b.js(rank_y % "a1") > b.js(rank_y % "a8"), "chess: flipped back, rank 1 is at the bottom")
    check_piece(b, "chess", "g1", "chess-02-knight")
    check_piece(b, "chess", "e2", "chess-03-pawn")
    b.square("e4")
    check(moves_text(b).strip() == "e4", f"chess: e2-e4 played by clicks: {moves_text(b)!r}")
    b.shot("chess-04-played")
    b.click("#undo")
    check(moves_text(b).strip() == "" and "PPPPPPPP" in b.js("ui.state.fen"), "chess: undo takes e4 back")
    b.shot("chess-05-undo")
    # Promotion: a pawn on a7.
    b.js("document.getElementById('fen').value = 'k7/4P3/8/8/8/8/8/K7 w - - 0 1'")
    b.click("#fen-load")
    b.square("e7")
    b.square("e8")
    check(b.js("!document.getElementById('promotion').hidden"), "chess: a promotion choice is asked")
    choices = b.js("[...document.querySelectorAll('#promotion-choices button')].map(e => e.textContent)")
    check(sorted(choices) == ["Bishop", "Knight", "Queen", "Rook"], f"chess: the choices {choices}")
    b.shot("chess-06-promotion")
    b.click('#promotion-choices button[data-move="e7e8n"]')
    check(moves_text(b).strip() == "e8=N", f"chess: promoted to a knight: {moves_text(b)!r}")
    b.shot("chess-07-promoted")
    # The computer answers.
    b.click("#new")
    b.js("document.getElementById('computer').value = 'black'; document.getElementById('level').value = '2'")
    b.square("d2")
    b.square("d4")
    b.wait("ui.state.san.length === 2", "chess: the computer's answer")
    san = b.js("ui.state.san")
    check(len(san) == 2 and san[0] == "d4", f"chess: the computer answered d4 with {san[1:]}")
    b.js("document.getElementById('computer').value = 'none'")
    b.shot("chess-08-computer")
    # A long search stopped with the Stop button: a move comes at once.
    b.js("document.getElementById('level-kind').value = 'time'; document.getElementById('level').value = '60'")
    started = time.time()
    b.click("#go", wait=False)
    b.wait("!document.getElementById('stop').disabled", "chess: the Stop button while thinking")
    time.sleep(0.5)
    b.shot("chess-08-thinking")
    b.click("#stop", wait=False)
    b.wait("ui.state.san.length === 3", "chess: the stopped search's move")
    took = time.time() - started
    check(len(b.js("ui.state.san")) == 3 and took < 20,
          f"chess: Stop ended a 60 s search after {took:.1f} s with {b.js('ui.state.san')[2:]}")
    b.js("document.getElementById('level-kind').value = 'depth'; document.getElementById('level').value = '2'")
    edit_script(b, "chess", "chess-09")
    # The rules page, its diagrams clickable: the Knight's diagram, a1 clicked: b3 and c2.
    b.goto(url + "doc/" + str(b.js("ui.session")), ready="document.querySelector('#piece-knight svg')")
    b.shot("chess-10-doc")
    b.click('#piece-knight svg rect.square[data-square="a1"]')
    b.wait("document.querySelectorAll('#piece-knight svg .mark').length === 2", "the Knight's diagram redrawn from a1")
    got = b.js("[...document.querySelectorAll('#piece-knight svg .mark')].map(e => e.dataset.square).sort()")
    check(got == ["b3", "c2"], f"chess: the rules page's Knight clicked to a1 moves to {got}")
    b.shot("chess-11-doc-clicked")


def balbo(b, url):
    b.goto(url + "?script=balbo")
    b.shot("balbo-01-start")
    pieces = b.js("[...document.querySelectorAll('#board .piece[data-color=white]')].map(e => e.dataset.square)")
    fen = b.js("ui.state.fen")
    movers = [sq for sq in pieces if destinations("scripts/balbo.variant", sq, fen)]
    check(len(movers) > 0, f"balbo: white pieces with moves: {movers}")
    for i, sq in enumerate(movers[:3]):
        check_piece(b, "balbo", sq, f"balbo-0{2 + i}-{sq}")
    frm = movers[0]
    to = sorted(destinations("scripts/balbo.variant", frm, fen))[0]
    play_by_clicks(b, "balbo", frm, to, "balbo-05-played")
    b.click("#go")
    check(len(b.js("ui.state.san")) == 2, "balbo: the computer answered")
    b.shot("balbo-06-computer")
    b.click("#undo")
    check(len(b.js("ui.state.san")) == 1, "balbo: undo")
    edit_script(b, "balbo", "balbo-07")


def xiangqi(b, url):
    b.goto(url + "?script=xiangqi")
    b.shot("xiangqi-01-start")
    for i, sq in enumerate(["b3", "e1", "d1", "c1", "b1"]):
        check_piece(b, "xiangqi", sq, f"xiangqi-0{2 + i}-{sq}")
    play_by_clicks(b, "xiangqi", "b3", "e3", "xiangqi-07-played")
    b.click("#go")
    check(len(b.js("ui.state.san")) == 2, "xiangqi: the computer answered")
    b.shot("xiangqi-08-computer")
    # The palette: a piece alone on the empty board, as `varia show` draws it.
    b.click('#palette button[data-piece="Cannon"]')
    b.square("e5")
    check(b.js("document.querySelectorAll('#board .screen').length") > 0,
          "xiangqi: the palette's Cannon on e5 gets hurdles to hop over")
    b.shot("xiangqi-09-palette")
    b.click("#palette-off")
    edit_script(b, "xiangqi", "xiangqi-10")


def janggi(b, url):
    """A pass (the general's move to its own square) is asked for, not
    played by the second click that deselects other pieces."""
    b.goto(url + "?script=janggi")
    status = b.js("document.getElementById('status').textContent")
    check("Cho to move" in status, f"janggi: the status names the side as the script does: {status}")
    b.square("e2")
    b.square("e2")
    check(len(b.js("ui.state.san")) == 0 and not b.js("document.getElementById('promotion').hidden"),
          "janggi: the general clicked again asks before passing")
    label = b.js("[...document.querySelectorAll('#promotion-choices button')].map(e => e.textContent)")
    check(label == ["pass"], f"janggi: the choice offered is the pass: {label}")
    b.shot("janggi-01-pass-asked")
    b.click('#promotion-choices button[data-move="e2e2"]')
    check(b.js("ui.state.fen").split()[1] == "b", f"janggi: the pass was played: {b.js('ui.state.fen')}")
    status = b.js("document.getElementById('status').textContent")
    check("Han to move" in status, f"janggi: Han to move after the pass: {status}")
    b.shot("janggi-02-passed")


def drops_listed(script, piece, fen):
    """The squares `varia moves` lists for drops of `piece` (its letter, either face)."""
    moves = varia("moves", script, "--fen", fen).stdout.split()
    return {m.split("@")[1] for m in moves if "@" in m and m.split("@")[0].lstrip("+") == piece}


def hand_click(b, piece):
    b.click(f'#board .hand-piece[data-piece="{piece}"]')


def crazyhouse(b, url):
    b.goto(url + "?script=crazyhouse")
    fen = "4k3/8/8/8/8/8/8/4K3[Pn] w - - 0 1"
    b.js(f"document.getElementById('fen').value = {json.dumps(fen)}")
    b.click("#fen-load")
    hands = b.js("[...document.querySelectorAll('#board .hand-piece')].map(e => e.dataset.color + ' ' + e.dataset.piece)")
    check(sorted(hands) == ["black Knight", "white Pawn"], f"crazyhouse: both hands are drawn: {hands}")
    b.shot("crazyhouse-01-hands")
    hand_click(b, "Pawn")
    got, want = marked(b), drops_listed("scripts/fairy-stockfish/crazyhouse.variant", "P", fen)
    check(got == want and len(want) == 48,
          f"crazyhouse: the pawn in hand marks {len(got)} squares, `varia moves`' {len(want)} drops")
    b.shot("crazyhouse-02-pawn-in-hand")
    b.square("e4")
    check(moves_text(b).strip() == "P@e4", f"crazyhouse: P@e4 dropped by clicks: {moves_text(b)!r}")
    b.shot("crazyhouse-03-dropped")
    hand_click(b, "Knight")
    after = b.js("ui.state.fen")
    got, want = marked(b), drops_listed("scripts/fairy-stockfish/crazyhouse.variant", "N", after)
    check(got == want and len(want) > 0, f"crazyhouse: Black's knight in hand marks {len(got)} squares")
    b.square("c6")
    check("N@c6" in moves_text(b), f"crazyhouse: N@c6 dropped: {moves_text(b)!r}")
    b.click("#undo")
    check(moves_text(b).strip() == "P@e4", "crazyhouse: undo takes the drop back")
    b.shot("crazyhouse-04-undo")


def shogi(b, url):
    b.goto(url + "?script=shogi")
    fen = "4k4/9/9/3S5/9/9/9/9/4K4[P] w - - 0 1"
    b.js(f"document.getElementById('fen').value = {json.dumps(fen)}")
    b.click("#fen-load")
    check_piece(b, "shogi", "d6", "shogi-01-silver")
    b.square("d7")
    choices = b.js("[...document.querySelectorAll('#promotion-choices button')].map(e => e.dataset.move)")
    check(sorted(choices) == ["d6d7", "d6d7+"], f"shogi: entering the camp, promote or not: {choices}")
    b.shot("shogi-02-promotion")
    b.click('#promotion-choices button[data-move="d6d7+"]')
    check("+S" in b.js("ui.state.fen"), f"shogi: the silver promoted: {b.js('ui.state.fen')}")
    b.shot("shogi-03-promoted")
    b.click("#go")
    check(len(b.js("ui.state.san")) == 2, "shogi: the computer answered")
    fen = b.js("ui.state.fen")
    hand_click(b, "Pawn")
    got, want = marked(b), drops_listed("scripts/fairy-stockfish/shogi.variant", "P", fen)
    check(got == want and len(want) > 0,
          f"shogi: the pawn in hand marks {len(got)} squares, `varia moves`' {len(want)} drops")
    b.shot("shogi-04-pawn-in-hand")
    target = sorted(want)[0]
    b.square(target)
    check(moves_text(b).endswith("P@" + target), f"shogi: P@{target} dropped: {moves_text(b)!r}")
    b.shot("shogi-05-dropped")


def walls(b, url):
    """Isolation: a step, then the wall's square clicked among the
    highlighted ones; Snailtrail: the wall has one place, so the step alone
    plays the move."""
    b.goto(url + "?script=isolation")
    b.square("c1")
    b.square("b1")
    highlighted = b.js("document.querySelectorAll('#board rect.square.wall-choice').length")
    check(highlighted == 45, f"isolation: 45 squares offered for the wall, got {highlighted}")
    b.shot("isolation-01-wall-choice")
    b.square("a1")
    san = b.js("ui.state.san")
    check(san == ["Pb1,a1"], f"isolation: the move with its wall was played: {san}")
    fen = b.js("ui.state.fen")
    check(fen.startswith("3p2/6/6/6/6/6/6/*P4 b"), f"isolation: the wall is in the FEN: {fen}")
    check(b.js("document.querySelectorAll('#board .wall').length") == 1, "isolation: the wall is drawn")
    b.shot("isolation-02-walled")
    b.goto(url + "?script=snailtrail")
    play_by_clicks(b, "snailtrail", "a1", "b2", "snailtrail-01-played")
    check(b.js("ui.state.san") == ["Pb2,a1"], "snailtrail: the wall went behind at once")


def main():
    os.makedirs(OUT, exist_ok=True)
    server = subprocess.Popen([VARIA, "serve", "scripts", "--port", "0"], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    found = re.search(r"http://\S+/", line)
    if not found:
        print("FAIL varia serve printed no URL: " + line)
        server.kill()
        return 1
    url = found.group(0)
    print("serving " + url, flush=True)
    profile = tempfile.mkdtemp()
    b = Browser(profile)
    try:
        for variant in (chess, balbo, xiangqi, janggi, crazyhouse, shogi, walls):
            try:
                variant(b, url)
            except Exception as e:  # a step that failed: report it, go on with the next variant
                check(False, f"{variant.__name__}: {e}")
    finally:
        b.close()
        server.terminate()
        server.wait(timeout=10)
        subprocess.run(["rm", "-rf", profile])
    print(f"screenshots in {OUT}")
    print(f"serve-e2e: {len(PASSED)} passed, {len(FAILURES)} failed")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
