// A bot that searches in a thread of its own while its main thread waits for it, as a JVM
// search does (and the java launcher's own first thread waits for the one running main): so
// no process's main thread computes. args[0]: "start" searches 2.5 s before 'ready' (a slow
// start), "move" searches without end at its first turn (a search past its time). Output is
// flushed after each line: what goes wrong is the time, never the flushing.
import java.io.BufferedReader;
import java.io.InputStreamReader;

class ThreadSearch {
    static volatile long sink;

    // Compute in a new thread for `millis` ms (for ever when negative); wait for it here.
    static void search(long millis) throws InterruptedException {
        Thread t = new Thread(() -> {
            long end = System.nanoTime() + millis * 1_000_000L;
            long x = 1;
            while (millis < 0 || System.nanoTime() < end) {
                for (int i = 0; i < 100_000; i++) {
                    x = x * 6364136223846793005L + 1442695040888963407L;
                }
                sink = x;
            }
        });
        t.start();
        t.join();
    }

    public static void main(String[] args) throws Exception {
        boolean start = args.length > 0 && args[0].equals("start");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String first = "";
        for (String line; (line = in.readLine()) != null; ) {
            String[] w = line.split(" ");
            switch (w[0]) {
                case "baraza":
                    if (start) search(2500);
                    System.out.println("ready");
                    break;
                case "legal":
                    first = w[1];
                    break;
                case "go":
                    if (!start) search(-1);
                    System.out.println("move " + first);
                    break;
                case "quit":
                    return;
                default:
                    break;
            }
            System.out.flush();
        }
    }
}
