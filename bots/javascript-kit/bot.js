#!/usr/bin/env node
// A baraza starter bot in JavaScript (protocol v1: ../../protocol.md). Node.js, no packages.
//
// Check:  baraza check-bot darra bao dara 'node bot.js'
//
// It plays every ruleset by choosing from the legal moves the referee sends each turn. Make
// chooseMove() smarter; keep the loop: it writes whole lines, plays game after game in one
// process, and stops on `quit` or at the end of its input.
"use strict";
const readline = require("node:readline");

class Bot {
  constructor() {
    this.newGame();
  }

  // Forget everything about the last game (a process plays several).
  newGame() {
    this.position = ""; // the whole position string (docs/<ruleset>.md)
    this.legal = []; // the legal move tokens, in the referee's order
  }

  // Pick a move. Here: one at random. A stronger bot parses the position and searches.
  chooseMove() {
    return this.legal[Math.floor(Math.random() * this.legal.length)];
  }

  // One message from the referee; returns the lines to send, or null to stop.
  handle(line) {
    const [type, ...rest] = line.trim().split(/\s+/);
    switch (type) {
      case "baraza": // hello: baraza 1 <ruleset>; do slow set-up before `ready`
        return ["id name js-kit", "ready"];
      case "newgame":
        this.newGame();
        return [];
      case "position":
        this.position = rest.join(" ");
        return [];
      case "legal":
        this.legal = rest;
        return [];
      case "go": // our turn: info lines (optional), then one move
        if (this.legal.length === 0) return []; // never: the referee plays passes itself
        return [`info chose one of ${this.legal.length} legal moves`, `move ${this.chooseMove()}`];
      case "quit":
        return null;
      default: // blank lines, last, gameover, messages added later: ignored
        return [];
    }
  }
}

const bot = new Bot();
const input = readline.createInterface({ input: process.stdin, terminal: false });
input.on("line", (line) => {
  const out = bot.handle(line);
  if (out === null) {
    input.close();
    return;
  }
  // One write per answer, whole lines only: Node writes to a pipe at once, nothing to flush.
  if (out.length > 0) process.stdout.write(out.join("\n") + "\n");
});
