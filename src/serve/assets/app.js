// varia serve: the page. The board is the SVG the server draws (the same
// renderer as `varia diagram`); its squares, pieces and marks carry
// `data-square`, which is all a click needs.
"use strict";

const $ = (id) => document.getElementById(id);
const ui = {
  session: null,
  state: null,
  flip: false,
  selected: null,   // { square, targets }
  walling: null,    // the moves to one square that differ by their wall, while one is chosen
  palette: null,    // piece name chosen in the palette
  busy: false,
  compileTimer: null,
  compileSeq: 0,
};

async function api(name, body) {
  const response = await fetch("/api/" + name, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(Object.assign({ session: ui.session, flip: ui.flip }, body || {})),
  });
  let data;
  try {
    data = await response.json();
  } catch (e) {
    throw new Error("the server answered " + response.status);
  }
  if (!response.ok) {
    const error = new Error(data.error || ("the server answered " + response.status));
    error.diagnostics = data.diagnostics;
    throw error;
  }
  return data;
}

// A line under the board: an error (red) or, with `info`, news (the computer's move).
function say(text, info) {
  $("message").textContent = text || "";
  $("message").className = info ? "info" : "";
}

function setBoard(svg) { $("board").innerHTML = svg; }

function showState(state) {
  ui.state = state;
  ui.selected = null;
  ui.walling = null;
  setBoard(state.svg);
  $("variant-name").textContent = state.variant;
  $("status").textContent = state.status + (state.over ? "" : " · " + state.to_move_name + " to move") +
    (state.check && !state.over ? " (check)" : "");
  $("fen").value = state.fen;
  $("pgn").value = state.pgn;
  const moves = $("moves");
  moves.innerHTML = "";
  for (let i = 0; i < state.san.length; i += 2) {
    const li = document.createElement("li");
    li.textContent = state.san[i] + (i + 1 < state.san.length ? "  " + state.san[i + 1] : "");
    moves.appendChild(li);
  }
  $("undo").disabled = !state.can_undo;
  $("redo").disabled = !state.can_redo;
  $("doc").href = "/doc/" + ui.session;
  drawPalette(state.pieces);
}

function capital(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

function drawPalette(pieces) {
  const box = $("palette");
  const key = JSON.stringify(pieces.map((p) => p.name));
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.innerHTML = "";
  for (const p of pieces) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = p.letter + " " + p.name;
    b.title = p.betza;
    b.dataset.piece = p.name;
    b.addEventListener("click", () => choosePalette(p.name));
    box.appendChild(b);
  }
}

function choosePalette(name) {
  ui.palette = ui.palette === name ? null : name;
  for (const b of $("palette").children) b.classList.toggle("chosen", b.dataset.piece === ui.palette);
  if (ui.palette) {
    say("Click any square to see the " + name + "'s moves from there on an empty board.", true);
    run(async () => showPiece(await api("show", { piece: name, color: paletteColor() })));
  } else {
    backToGame();
  }
}

function paletteColor() { return $("palette-black").checked ? "black" : "white"; }

function showPiece(answer) {
  setBoard(answer.svg);
  $("explain-title").textContent = answer.piece;
  $("caption").textContent = answer.caption;
  $("explain").textContent = answer.explain;
}

function backToGame() {
  ui.palette = null;
  $("explain-title").textContent = "Click a piece";
  $("caption").textContent = "";
  $("explain").textContent = "";
  for (const b of $("palette").children) b.classList.remove("chosen");
  if (ui.state) showState(ui.state);
  say("");
}

// Runs one server call at a time; its error goes to the message line.
async function run(task) {
  if (ui.busy) return;
  ui.busy = true;
  document.body.classList.add("busy");
  try {
    await task();
  } catch (e) {
    say(e.message);
  } finally {
    ui.busy = false;
    document.body.classList.remove("busy");
  }
}

async function clickSquare(square) {
  $("promotion").hidden = true;
  if (ui.palette) {
    showPiece(await api("show", { piece: ui.palette, color: paletteColor(), square: square }));
    return;
  }
  if (ui.walling) {
    const choice = ui.walling.find((c) => c.wall === square);
    if (choice) {
      ui.walling = null;
      await playMove(choice.move);
    } else if (ui.selected && ui.selected.square === square) {
      showState(ui.state);  // the piece clicked again: the move is dropped
    } else {
      say("The wall cannot go on " + square + ": click a highlighted square (the piece again to take the move back).");
    }
    return;
  }
  const sel = ui.selected;
  if (sel && sel.targets[square]) {
    const choices = sel.targets[square];
    if (sel.square === square && choices.every((c) => c.wall)) {
      // A wall put instead of a move (`instead-of-moving`), written from
      // the mover's first piece: its square clicked twice, then the wall.
      askWall(choices);
    } else if (sel.square === square) {
      // A move to the piece's own square (Janggi's pass, Sittuyin's
      // promotion in place) is asked for, since a second click on a
      // piece elsewhere takes it back.
      askPromotion(choices);
      say("Play it, or Cancel to leave the piece.");
    } else if (choices.length === 1) {
      await playMove(choices[0].move);
    } else if (choices.every((c) => c.wall)) {
      askWall(choices);
    } else {
      askPromotion(choices);
    }
    return;
  }
  const piece = $("board").querySelector('.piece[data-square="' + square + '"]');
  if (!piece || (sel && sel.square === square)) {
    showState(ui.state);
    return;
  }
  const answer = await api("select", { square: square });
  ui.selected = { square: square, targets: answer.targets };
  setBoard(answer.svg);
  $("explain-title").textContent = capital(answer.color) + " " + answer.piece;
  const n = Object.keys(answer.targets).length;
  $("caption").textContent = answer.caption + ": " + n + (n === 1 ? " square" : " squares") + " to move to now";
  $("explain").textContent = answer.explain;
  say("");
}

// A piece in hand clicked: its drops marked (only the side to move drops).
async function clickHand(piece, color) {
  $("promotion").hidden = true;
  if (ui.palette) return;
  const sel = ui.selected;
  if (sel && sel.square === "hand:" + piece) {
    showState(ui.state);
    return;
  }
  if (color !== ui.state.to_move) {
    say("It is " + ui.state.to_move_name + "'s move: " + ui.state.side_names[color] + "'s hand waits.");
    return;
  }
  const answer = await api("drops", { piece: piece });
  ui.selected = { square: "hand:" + piece, targets: answer.targets };
  setBoard(answer.svg);
  $("explain-title").textContent = capital(answer.color) + " " + answer.piece + " in hand";
  const n = Object.keys(answer.targets).length;
  $("caption").textContent = "It may be dropped on " + n + (n === 1 ? " square" : " squares") + " now";
  $("explain").textContent = answer.explain;
  say("");
}

// A move chosen whose wall may go on several squares (`walls …`): they
// are highlighted, and the next click on one plays the move.
function askWall(choices) {
  ui.walling = choices;
  for (const c of choices) {
    const rect = $("board").querySelector('rect.square[data-square="' + c.wall + '"]');
    if (rect) rect.classList.add("wall-choice");
  }
  say("Click a highlighted square for the wall (" + choices.length + " squares).", true);
}

function askPromotion(choices) {
  const box = $("promotion-choices");
  box.innerHTML = "";
  for (const c of choices) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = c.promotion || (isPass(c.move) ? "pass" : c.san);
    b.dataset.move = c.move;
    b.addEventListener("click", () => run(async () => {
      $("promotion").hidden = true;
      await playMove(c.move);
    }));
    box.appendChild(b);
  }
  $("promotion").hidden = false;
}

// A pass is written as a move from a square to itself (`e2e2`).
function isPass(move) {
  const half = move.length / 2;
  return Number.isInteger(half) && move.slice(0, half) === move.slice(half);
}

async function playMove(move) {
  showState(await api("play", { move: move }));
  say("");
  await computerTurn();
}

function computerPlays(side) {
  const who = $("computer").value;
  return who === side;
}

function level() {
  const value = Number($("level").value);
  return $("level-kind").value === "depth" ? { depth: Math.max(1, Math.min(60, Math.round(value) || 1)) } : { time: value };
}

async function computerTurn() {
  if (ui.state && !ui.state.over && computerPlays(ui.state.to_move)) {
    await computerMove();
  }
}

async function computerMove() {
  $("status").textContent = "The computer is thinking…";
  $("stop").disabled = false;
  let answer;
  try {
    answer = await api("computer", level());
  } finally {
    $("stop").disabled = true;
  }
  showState(answer);
  say("varia played " + answer.played, true);
}

async function open(name) {
  if (ui.savedText !== undefined && $("source").value !== ui.savedText &&
      !confirm("The script has changes not saved as a file: open another variant anyway?")) {
    $("script").value = ui.scriptName;
    return;
  }
  ui.scriptName = name;
  const answer = await api("open", { script: name });
  ui.session = answer.session;
  $("source").value = answer.text;
  ui.savedText = answer.text;
  setDiagnostics([], "");
  $("compile-state").textContent = "";
  showState(answer);
  $("explain-title").textContent = "Click a piece";
  $("caption").textContent = "";
  $("explain").textContent = "";
}

// --- the script editor ---

function escapeHtml(s) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function setDiagnostics(list, plain) {
  const ul = $("diagnostics");
  ul.innerHTML = "";
  const text = $("source").value;
  let html = "";
  let at = 0;
  const ranges = list.filter((d) => d.in_script).map((d) => d.range).sort((a, b) => a.start - b.start);
  for (const r of ranges) {
    if (r.start < at) continue;
    const end = Math.max(r.end, r.start + 1);
    html += escapeHtml(text.slice(at, r.start)) + "<mark>" + escapeHtml(text.slice(r.start, end) || " ") + "</mark>";
    at = Math.min(end, text.length);
  }
  html += escapeHtml(text.slice(at)) + "\n";
  $("highlight").innerHTML = html;
  for (const d of list) {
    const li = document.createElement("li");
    li.className = "diagnostic";
    li.textContent = (d.in_script ? "" : d.file + ": ") + "line " + d.line + ", column " + d.column + ": " +
      d.message + (d.label ? " (" + d.label + ")" : "") + (d.help ? " — " + d.help : "") + " [" + d.code + "]";
    li.dataset.line = d.line;
    li.dataset.column = d.column;
    if (d.in_script) {
      li.addEventListener("click", () => {
        const src = $("source");
        src.focus();
        src.setSelectionRange(d.range.start, Math.max(d.range.end, d.range.start + 1));
      });
    }
    ul.appendChild(li);
  }
  $("diagnostics-plain").textContent = plain || "";
  syncScroll();
}

function syncScroll() {
  $("highlight").scrollTop = $("source").scrollTop;
  $("highlight").scrollLeft = $("source").scrollLeft;
}

function scheduleCompile() {
  clearTimeout(ui.compileTimer);
  setDiagnostics([], "");
  $("compile-state").textContent = "(compiling…)";
  $("compile-state").className = "";
  ui.compileTimer = setTimeout(compileNow, 400);
}

async function compileNow() {
  const seq = ++ui.compileSeq;
  const text = $("source").value;
  try {
    const answer = await api("compile", { text: text });
    if (seq !== ui.compileSeq) return;
    if (answer.ok) {
      $("compile-state").textContent = "(compiled)";
      $("compile-state").className = "good";
      setDiagnostics([], "");
      showState(answer);
    } else {
      $("compile-state").textContent = "(errors: the board plays the last version that compiled)";
      $("compile-state").className = "bad";
      setDiagnostics(answer.diagnostics, answer.plain);
    }
  } catch (e) {
    say(e.message);
  }
}

// --- wiring ---

function wire() {
  $("board").addEventListener("click", (event) => {
    const held = event.target.closest(".hand-piece");
    if (held) { run(() => clickHand(held.dataset.piece, held.dataset.color)); return; }
    const target = event.target.closest("[data-square]");
    if (target) run(() => clickSquare(target.dataset.square));
  });
  $("script").addEventListener("change", () => run(() => open($("script").value)));
  $("new").addEventListener("click", () => run(async () => { showState(await api("new")); await computerTurn(); }));
  $("undo").addEventListener("click", () => run(async () => showState(await api("undo"))));
  $("redo").addEventListener("click", () => run(async () => showState(await api("redo"))));
  $("flip").addEventListener("click", () => run(async () => { ui.flip = !ui.flip; showState(await api("state")); }));
  $("go").addEventListener("click", () => run(computerMove));
  // Not through run(): it must go out while the computer's call is waiting.
  $("stop").addEventListener("click", () => api("stop").catch((e) => say(e.message)));
  $("computer").addEventListener("change", () => run(computerTurn));
  $("promotion-cancel").addEventListener("click", () => { $("promotion").hidden = true; });
  $("palette-off").addEventListener("click", backToGame);
  $("palette-black").addEventListener("change", () => { if (ui.palette) { const p = ui.palette; ui.palette = null; choosePalette(p); } });
  $("fen-copy").addEventListener("click", () => copy($("fen")));
  $("pgn-copy").addEventListener("click", () => copy($("pgn")));
  $("fen-load").addEventListener("click", () => run(async () => showState(await api("fen", { fen: $("fen").value }))));
  $("pgn-load").addEventListener("click", () => run(async () => showState(await api("pgn", { pgn: $("pgn").value }))));
  $("save").addEventListener("click", saveScript);
  $("source").addEventListener("input", scheduleCompile);
  $("source").addEventListener("scroll", syncScroll);
  // The server keeps nothing: edits not saved as a file would be lost with the page.
  window.addEventListener("beforeunload", (event) => {
    if (ui.savedText !== undefined && $("source").value !== ui.savedText) {
      event.preventDefault();
      event.returnValue = "";
    }
  });
}

// The script as a file of the user's (the server never writes files).
function saveScript() {
  const blob = new Blob([$("source").value], { type: "text/plain" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  const name = (ui.state && ui.state.script ? ui.state.script.split("/").pop() : "variant").replace(/\.variant$/, "");
  link.download = name + ".variant";
  document.body.appendChild(link);
  link.click();
  ui.savedText = $("source").value;
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

function copy(field) {
  field.select();
  if (navigator.clipboard) {
    navigator.clipboard.writeText(field.value).then(() => say("copied", true), () => document.execCommand("copy"));
  } else {
    document.execCommand("copy");
  }
}

async function start() {
  wire();
  const response = await fetch("/api/scripts");
  const scripts = (await response.json()).scripts;
  const select = $("script");
  for (const name of scripts) {
    const option = document.createElement("option");
    option.value = option.textContent = name;
    select.appendChild(option);
  }
  const wanted = new URLSearchParams(location.search).get("script");
  const first = scripts.includes(wanted) ? wanted : (scripts.includes("chess") ? "chess" : scripts[0]);
  select.value = first;
  await run(() => open(first));
  document.body.dataset.ready = "true";
}

start();
