// A baraza starter bot in Java (protocol v1: ../../protocol.md).
//
// Build:  javac -d out Bot.java
// Check:  baraza check-bot darra bao dara 'java -cp out Bot'
//
// It plays every ruleset by choosing from the legal moves the referee sends each turn. Make
// chooseMove smarter; keep the loop: it flushes every line, plays game after game in one
// process, and stops on `quit` or at the end of its input.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

public final class Bot {
    /** What the referee sends before each `go`. */
    static final class Turn {
        String position = "";                // the whole position string (docs/<ruleset>.md)
        List<String> legal = List.of();      // the legal move tokens, in the referee's order
    }

    private final Random rng = new Random();
    private Turn turn = new Turn();

    /** Pick a move. Here: one at random. A stronger bot parses the position and searches. */
    String chooseMove(Turn t) {
        return t.legal.get(rng.nextInt(t.legal.size()));
    }

    void run() throws IOException {
        BufferedReader in =
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        // No autoflush: each answer is flushed once, whole; without it the referee sees nothing.
        PrintWriter out = new PrintWriter(System.out, false, StandardCharsets.UTF_8);
        for (String line; (line = in.readLine()) != null; ) {
            String[] words = line.trim().split("\\s+");
            if (words[0].isEmpty()) {
                continue; // blank lines are ignored
            }
            List<String> rest = Arrays.asList(words).subList(1, words.length);
            switch (words[0]) {
                case "baraza": // hello: baraza 1 <ruleset>
                    // Do slow set-up (tables, files) before `ready`.
                    out.print("id name java-kit\nready\n");
                    out.flush();
                    break;
                case "newgame": // forget everything about the last game (a process plays several)
                    turn = new Turn();
                    break;
                case "position":
                    turn.position = String.join(" ", rest);
                    break;
                case "legal":
                    turn.legal = List.copyOf(rest);
                    break;
                case "go": // our turn: info lines (optional), then one move
                    if (turn.legal.isEmpty()) {
                        break; // never: the referee plays passes itself
                    }
                    String move = chooseMove(turn);
                    out.print("info chose one of " + turn.legal.size() + " legal moves\n");
                    out.print("move " + move + "\n");
                    out.flush();
                    break;
                case "quit":
                    return;
                default:
                    break; // anything else (last, gameover, messages added later) is ignored
            }
        }
    }

    public static void main(String[] args) throws IOException {
        new Bot().run();
    }
}
