#!/usr/bin/env python3
"""How big and how fast is `baraza view` for a 1,000-game event?

Plays a tournament of built-in bots (500 rounds of one pairing = 1,000 games) per ruleset,
writes the viewer page, and loads it in headless Chromium through chromedriver (WebDriver over
HTTP, standard library only) RUNS times. Prints per ruleset: games, plies, page size, the time
`baraza view` took to write it, and the medians of the browser's load time (navigation start to
the load event: the page's script has drawn the first game by then), and of one arrow-key step
and one jump to another game once loaded.

Usage: bench/view_load.py [RULESET...]   (default: darra bao dara)
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
BARAZA = os.path.join(ROOT, "target", "release", "baraza")
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


def main():
    rulesets = sys.argv[1:] or ["darra", "bao", "dara"]
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
        print("ruleset  games  plies   size_KiB  write_s  load_ms(median)  step_ms  jump_ms")
        for rs in rulesets:
            out = os.path.join(work, rs)
            subprocess.run([BARAZA, "tournament", rs, "--bot", "a=builtin:random",
                            "--bot", "b=builtin:greedy", "--rounds", "500", "--movetime", "50",
                            "--quiet", "--out", out], check=True, stdout=subprocess.DEVNULL)
            page = os.path.join(out, "view.html")
            t0 = time.time()
            subprocess.run([BARAZA, "view", out, "-o", page], check=True,
                           stdout=subprocess.DEVNULL)
            write_s = time.time() - t0
            plies = 0
            games = 0
            with open(os.path.join(out, "games.jsonl")) as f:
                for line in f:
                    g = json.loads(line)
                    if "moves" in g:
                        games += 1
                        plies += len(g["moves"])
            loads, steps, jumps = [], [], []
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
                  f" {statistics.median(loads):>16.0f} {statistics.median(steps):>8.1f}"
                  f" {statistics.median(jumps):>8.1f}")
    finally:
        driver.kill()
        driver.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
