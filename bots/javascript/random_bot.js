#!/usr/bin/env node
// A random bot for baraza, protocol v1 (see protocol.md). Plain Node.js, no packages.
// Copy this file to start your own bot: make chooseMove() smarter, keep the loop.
// Try it:  baraza match darra "node bots/javascript/random_bot.js" builtin:random
const readline = require("readline");

function chooseMove(position, legal) {
  // position: the full position string; legal: the legal move tokens.
  return legal[Math.floor(Math.random() * legal.length)];
}

let position = "";
let legal = [];
const send = (line) => process.stdout.write(line + "\n"); // pipes are written at once
const input = readline.createInterface({ input: process.stdin });

input.on("line", (line) => {
  const words = line.trim().split(/\s+/); // one message per line; first word is its type
  switch (words[0]) {
    case "baraza": // hello: "baraza 1 <ruleset>"; do any slow set-up before "ready"
      send("id name js-random");
      send("ready");
      break;
    case "position": // the full position before our move
      position = words.slice(1).join(" ");
      break;
    case "legal": // every legal move
      legal = words.slice(1);
      break;
    case "go": // our turn: answer with exactly one move line
      send("move " + chooseMove(position, legal));
      break;
    case "quit":
      process.exit(0);
    // anything else (newgame, last, gameover, new messages) is ignored
  }
});
