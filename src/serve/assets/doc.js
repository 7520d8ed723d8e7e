// The rules page as `varia serve` serves it: its diagrams answer clicks as
// the board does. In the start position, a piece clicked shows its moves;
// in a piece's diagram, a square clicked shows that piece's moves from
// there on the empty board. VARIA_SESSION names the session (set by the server).
"use strict";

async function variaCall(name, body) {
  const response = await fetch("/api/" + name, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(Object.assign({ session: VARIA_SESSION }, body)),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error);
  return data;
}

function variaReplace(svg, markup) {
  const holder = document.createElement("div");
  holder.innerHTML = markup;
  const fresh = holder.querySelector("svg");
  if (fresh) svg.replaceWith(fresh);
}

document.addEventListener("click", async (event) => {
  const target = event.target.closest("svg [data-square]");
  if (!target) return;
  const svg = target.closest("svg");
  const square = target.dataset.square;
  try {
    const pieceBox = svg.closest("div.piece");
    if (pieceBox) {
      const piece = pieceBox.id.replace(/^piece-/, "");
      const prefix = "c-" + pieceBox.id.replace(/[^a-z0-9-]/g, "") + "-";
      variaReplace(svg, (await variaCall("show", { piece: piece, square: square, prefix: prefix })).svg);
    } else if (svg.closest("#setup")) {
      const section = svg.closest("#setup");
      if (!section.dataset.original) section.dataset.original = svg.outerHTML;
      if (svg.querySelector('.piece[data-square="' + square + '"]')) {
        variaReplace(svg, (await variaCall("select", { square: square, position: "start", prefix: "setup-" })).svg);
      } else {
        variaReplace(svg, section.dataset.original);
      }
    }
  } catch (e) {
    console.error(e);
  }
});
