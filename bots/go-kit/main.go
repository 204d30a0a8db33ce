// A baraza starter bot in Go (protocol v1: ../../protocol.md).
//
// Build:  go build -o bot .
// Check:  baraza check-bot darra bao dara ./bot
//
// It plays every ruleset by choosing from the legal moves the referee sends each turn. Make
// chooseMove smarter; keep the loop: it flushes every line, plays game after game in one
// process, and stops on `quit` or at the end of its input.
package main

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"time"
)

// Turn is what the referee sends before each `go`.
type Turn struct {
	Position string   // the whole position string (docs/<ruleset>.md)
	Legal    []string // the legal move tokens, in the referee's order
}

// chooseMove picks a move. Here: one at random. A stronger bot parses the position and
// searches.
func chooseMove(rng *rand.Rand, turn *Turn) string {
	return turn.Legal[rng.Intn(len(turn.Legal))]
}

func main() {
	rng := rand.New(rand.NewSource(time.Now().UnixNano()))
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 64*1024), 1<<20) // a legal line can be long
	out := bufio.NewWriter(os.Stdout)
	var turn Turn
	for in.Scan() {
		words := strings.Fields(in.Text())
		if len(words) == 0 {
			continue // blank lines are ignored
		}
		switch words[0] {
		case "baraza": // hello: baraza 1 <ruleset>
			// Do slow set-up (tables, files) before `ready`.
			fmt.Fprintln(out, "id name go-kit")
			fmt.Fprintln(out, "ready")
			out.Flush() // every line is flushed, or the referee never sees it
		case "newgame": // forget everything about the last game (a process plays several)
			turn = Turn{}
		case "position":
			turn.Position = strings.Join(words[1:], " ")
		case "legal":
			turn.Legal = words[1:]
		case "go": // our turn: info lines (optional), then one move
			if len(turn.Legal) == 0 {
				continue // never: the referee plays passes itself
			}
			mv := chooseMove(rng, &turn)
			fmt.Fprintf(out, "info chose one of %d legal moves\n", len(turn.Legal))
			fmt.Fprintf(out, "move %s\n", mv)
			out.Flush()
		case "quit":
			return
		}
		// anything else (last, gameover, messages added later) is ignored
	}
}
