// The site's one script: the leaderboard and a submission's status kept up to date without a
// reload. Text goes in with textContent only: nothing a participant wrote becomes markup.
"use strict";

function cell(tr, text) {
  const td = document.createElement("td");
  td.textContent = text;
  tr.appendChild(td);
  return td;
}

async function refreshLeaderboard(body) {
  const res = await fetch("/api/leaderboard");
  if (!res.ok) return;
  const board = await res.json();
  const rows = [];
  for (const r of board.rows) {
    const tr = document.createElement("tr");
    cell(tr, String(r.rank));
    const name = cell(tr, "");
    const a = document.createElement("a");
    a.href = "/entrants/" + encodeURIComponent(r.name);
    a.textContent = r.name;
    name.appendChild(a);
    cell(tr, r.version);
    const rating = r.rating === null ? "–" : Math.round(r.rating) + (r.error95 === null ? "" : " ± " + Math.round(r.error95));
    cell(tr, rating);
    cell(tr, String(r.games));
    cell(tr, String(r.points));
    rows.push(tr);
  }
  body.replaceChildren(...rows);
  document.getElementById("played").textContent = String(board.games);
  const note = document.getElementById("ratings-note");
  note.textContent = board.ratings_note || "";
  note.hidden = !board.ratings_note;
  const recent = [];
  for (const g of board.recent) {
    const tr = document.createElement("tr");
    const a = document.createElement("a");
    a.href = "/games/" + g.game;
    a.textContent = String(g.game);
    cell(tr, "").appendChild(a);
    for (const text of [g.white, g.black, g.result, g.termination, String(g.plies)]) cell(tr, text);
    recent.push(tr);
  }
  document.querySelector("#recent tbody").replaceChildren(...recent);
}

async function refreshSubmission(status) {
  const res = await fetch("/api/submissions/" + status.dataset.id);
  if (!res.ok) return;
  const s = await res.json();
  status.textContent = s.language + " " + s.filename + ": " + s.status + (s.version ? " as " + s.version : "");
  document.getElementById("report").textContent = s.report;
  status.dataset.final = String(s.status === "accepted" || s.status === "rejected");
}

document.addEventListener("DOMContentLoaded", () => {
  const board = document.querySelector("#leaderboard tbody");
  if (board) setInterval(() => refreshLeaderboard(board).catch(() => {}), 5000);
  const status = document.getElementById("status");
  if (status && status.dataset.final === "false") {
    const timer = setInterval(() => {
      if (status.dataset.final === "true") return clearInterval(timer);
      refreshSubmission(status).catch(() => {});
    }, 1000);
  }
});
