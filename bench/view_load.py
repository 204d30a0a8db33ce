#!/usr/bin/env python3
"""How big and how fast is `baraza view` for a 1,000-game event, or for 10,000 games?

Plays a tournament of built-in bots (500 rounds of one pairing = 1,000 games) per ruleset,
writes the viewer page, and loads it in headless Chromium through chromedriver (WebDriver over
HTTP, standard library only) RUNS times. Prints per ruleset: games, plies, page size, the time
`baraza view` took to write it, and the medians of the browser's load time (navigation start to
the load event: the page's script has drawn the first game by then), of its first contentful
paint, of the JavaScript heap in use once loaded (after a garbage collection), and of one
arrow-key step and one jump to another game once loaded.

Usage: bench/view_load.py [RULESET...]   (default: darra bao dara)
       bench/view_load.py --synth        (issue 41's figure: the 10,000 Darra games that
                                          bench/synth_log.py writes for 5 bots, 500 rounds)
       bench/view_load.py --rounds N ... (N rounds instead of 500: 2N games a ruleset)
Needs: target/release/baraza (cargo build --release), chromium, chromedriver.
"""

import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# BARAZA in the environment: another build of baraza (to measure one before a change).
BARAZA = os.environ.get("BARAZA") or os.path.join(ROOT, "target", "release", "baraza")
RUNS = 5


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(method, url, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as r:
        return json.loads(r.read() or b"{}").get("value")


def events(work, args):
    """(name, run folder or log, games.jsonl) of each event to view."""
    if args[:1] == ["--synth"]:
        out = os.path.join(work, "synth")
        subprocess.run([sys.executable, os.path.join(ROOT, "bench", "synth_log.py"), out,
                        "5", "500", "1"], check=True, stdout=subprocess.DEVNULL)
        whole = os.path.join(out, "whole")
        return [("synth", whole, os.path.join(whole, "games.jsonl"))]
    rounds = "500"
    if args[:1] == ["--rounds"]:
        rounds, args = args[1], args[2:]
    out = []
    for rs in args or ["darra", "bao", "dara"]:
        run = os.path.join(work, rs)
        subprocess.run([BARAZA, "tournament", rs, "--bot", "a=builtin:random",
                        "--bot", "b=builtin:greedy", "--rounds", rounds, "--movetime", "50",
                        "--quiet", "--out", run], check=True, stdout=subprocess.DEVNULL)
        out.append((rs, run, os.path.join(run, "games.jsonl")))
    return out


def main():
    work = tempfile.mkdtemp(prefix="baraza-view-bench-")
    port = free_port()
    driver = subprocess.Popen(["chromedriver", f"--port={port}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 20
        while True:
            try:
                if call("GET", base + "/status")["ready"]:
                    break
            except OSError:
                pass
            if time.time() > deadline:
                raise SystemExit("chromedriver did not start")
            time.sleep(0.05)
        print("ruleset  games  plies   size_KiB  write_s  load_ms(median)  fcp_ms  heap_MiB"
              "  step_ms  jump_ms")
        for rs, log, jsonl in events(work, sys.argv[1:]):
            page = os.path.join(work, rs + ".html")
            t0 = time.time()
            subprocess.run([BARAZA, "view", log, "-o", page], check=True,
                           stdout=subprocess.DEVNULL)
            write_s = time.time() - t0
            plies = 0
            games = 0
            with open(jsonl) as f:
                for line in f:
                    g = json.loads(line)
                    if "moves" in g:
                        games += 1
                        plies += len(g["moves"])
            loads, paints, heaps, steps, jumps = [], [], [], [], []
            for run in range(RUNS):
                profile = os.path.join(work, f"profile-{rs}-{run}")
                caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome",
                        "goog:chromeOptions": {"binary": shutil.which("chromium"), "args": [
                            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                            "--no-first-run", "--disable-background-networking",
                            "--disable-component-update", "--disable-sync",
                            "--disable-dev-shm-usage", f"--user-data-dir={profile}",
                            "--window-size=1400,900"]}}}}
                sid = call("POST", base + "/session", caps)["sessionId"]
                s = f"{base}/session/{sid}"
                try:
                    call("POST", s + "/url", {"url": "file://" + page})
                    nav = call("POST", s + "/execute/sync", {"script":
                               "var n = performance.getEntriesByType('navigation')[0];"
                               "return n.loadEventEnd;", "args": []})
                    loads.append(nav)
                    paints.append(call("POST", s + "/execute/sync", {"script":
                                  "var p = performance.getEntriesByName('first-contentful-paint')[0];"
                                  "return p ? p.startTime : null;", "args": []}))
                    cdp = s + "/goog/cdp/execute"
                    call("POST", cdp, {"cmd": "HeapProfiler.collectGarbage", "params": {}})
                    heap = call("POST", cdp, {"cmd": "Runtime.getHeapUsage", "params": {}})
                    heaps.append(heap["usedSize"] / (1 << 20))
                    # One step and one jump, timed inside the page.
                    t = call("POST", s + "/execute/sync", {"script":
                             "var t0 = performance.now();"
                             "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight'}));"
                             "var t1 = performance.now();"
                             "location.hash = '#g" + str(games) + "p10';"
                             "window.dispatchEvent(new HashChangeEvent('hashchange'));"
                             "return [t1 - t0, performance.now() - t1];", "args": []})
                    steps.append(t[0])
                    jumps.append(t[1])
                finally:
                    call("DELETE", s)
            size = os.path.getsize(page) / 1024
            print(f"{rs:<8} {games:>5} {plies:>7} {size:>9.0f} {write_s:>8.2f}"
                  f" {statistics.median(loads):>16.0f} {statistics.median(paints):>7.0f}"
                  f" {statistics.median(heaps):>9.1f}"
                  f" {statistics.median(steps):>8.1f} {statistics.median(jumps):>8.1f}")
    finally:
        driver.kill()
        driver.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
