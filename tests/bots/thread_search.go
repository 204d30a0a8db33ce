// A bot that searches in a goroutine while its main goroutine waits for it: the Go scheduler
// runs the search on whichever thread it picks, the process's main thread or another. os.Args[1]:
// "start" searches 2.5 s before 'ready' (a slow start), "move" searches without end at its
// first turn (a search past its time). Output is flushed after each line: what goes wrong is
// the time, never the flushing.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"time"
)

var sink uint64

// search computes in a goroutine for d (for ever when negative) and waits for it.
func search(d time.Duration) {
	done := make(chan struct{})
	go func() {
		end := time.Now().Add(d)
		x := uint64(1)
		for d < 0 || time.Now().Before(end) {
			for i := 0; i < 100000; i++ {
				x = x*6364136223846793005 + 1442695040888963407
			}
			sink = x
		}
		close(done)
	}()
	<-done
}

func main() {
	start := len(os.Args) > 1 && os.Args[1] == "start"
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<16), 1<<20)
	out := bufio.NewWriter(os.Stdout)
	first := ""
	for in.Scan() {
		w := strings.Fields(in.Text())
		if len(w) == 0 {
			continue
		}
		switch w[0] {
		case "baraza":
			if start {
				search(2500 * time.Millisecond)
			}
			fmt.Fprintln(out, "ready")
		case "legal":
			first = w[1]
		case "go":
			if !start {
				search(-1)
			}
			fmt.Fprintln(out, "move", first)
		case "quit":
			out.Flush()
			return
		}
		out.Flush()
	}
}
