#!/usr/bin/env bash
# Load on `baraza serve`, bounded and on loopback only: 20 participants upload the C kit at
# once (each a POST of the form, then built and checked one at a time), then 200 clients ask
# for pages at once while the league plays (the leaderboard, the API's leaderboard, an
# entrant's page, a game's page). Printed: the uploads' answer times, the time until all 20
# are accepted, the pages' p50/p99/max latency and throughput, and the server's peak RSS
# (VmHWM). Needs bubblewrap and a C compiler.
#
# usage: bench/serve.sh [PAGE_REQUESTS]      (default 4000, spread over 200 clients)
# BARAZA=path/to/baraza measures that binary; by default the checkout is built.
set -euo pipefail
[ -n "${BARAZA:-}" ] && BARAZA=$(realpath "$BARAZA")
cd "$(dirname "$0")/.."
REQUESTS=${1:-4000}
if [ -z "${BARAZA:-}" ]; then
    cargo build --release --quiet
    BARAZA=target/release/baraza
fi
tmp=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
"$BARAZA" league new "$tmp/league" --ruleset darra --movetime 20 --margin 2000 --sandbox \
    --memory 1024 --seed 3 >/dev/null
for i in $(seq 1 20); do
    "$BARAZA" league invite "$tmp/league" "p$i" | tail -1 >> "$tmp/tokens"
done
"$BARAZA" new-bot c "$tmp/kit" >/dev/null
"$BARAZA" serve "$tmp/league" --listen 127.0.0.1:0 --concurrency 1 >"$tmp/out" 2>"$tmp/err" &
server=$!
for _ in $(seq 1 100); do [ -s "$tmp/out" ] && break; sleep 0.1; done
url=$(head -1 "$tmp/out" | sed 's/^listening on //')
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) before the run"
python3 - "$url" "$tmp/tokens" "$tmp/kit/bot.c" "$REQUESTS" <<'PY'
import json, sys, time, urllib.request, uuid
from concurrent.futures import ThreadPoolExecutor

url, tokens, source, requests = sys.argv[1], open(sys.argv[2]).read().split(), open(sys.argv[3], "rb").read(), int(sys.argv[4])

def upload(token):
    b = uuid.uuid4().hex
    body = (f"--{b}\r\nContent-Disposition: form-data; name=\"language\"\r\n\r\nc\r\n"
            f"--{b}\r\nContent-Disposition: form-data; name=\"source\"; filename=\"bot.c\"\r\n\r\n").encode() + source + f"\r\n--{b}--\r\n".encode()
    req = urllib.request.Request(url + "/api/submissions", data=body, method="POST", headers={
        "Authorization": "Bearer " + token, "Content-Type": "multipart/form-data; boundary=" + b})
    t = time.perf_counter()
    with urllib.request.urlopen(req, timeout=120) as r:
        assert r.status == 202, r.status
        sid = json.load(r)["id"]
    return time.perf_counter() - t, token, sid

def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]

start = time.perf_counter()
with ThreadPoolExecutor(20) as ex:
    ups = list(ex.map(upload, tokens))
times = [u[0] * 1000 for u in ups]
print(f"20 uploads at once: answered (202) in p50 {pct(times, 50):.0f} ms, max {max(times):.0f} ms")
def status(token, sid):
    req = urllib.request.Request(f"{url}/api/submissions/{sid}", headers={"Authorization": "Bearer " + token})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.load(r)["status"]
while True:
    states = [status(tok, sid) for _, tok, sid in ups]
    if all(s in ("accepted", "rejected") for s in states):
        break
    time.sleep(0.5)
print(f"all 20 built, checked and {'accepted' if set(states) == {'accepted'} else states} "
      f"{time.perf_counter() - start:.1f} s after the first upload")
while True:
    with urllib.request.urlopen(url + "/api/leaderboard", timeout=60) as r:
        if json.load(r)["games"] > 0:
            break
    time.sleep(0.5)

paths = ["/", "/api/leaderboard", "/entrants/p1", "/games/1"]
def get(i):
    t = time.perf_counter()
    with urllib.request.urlopen(url + paths[i % len(paths)], timeout=60) as r:
        r.read()
        assert r.status == 200
    return (time.perf_counter() - t) * 1000
t0 = time.perf_counter()
with ThreadPoolExecutor(200) as ex:
    lat = list(ex.map(get, range(requests)))
wall = time.perf_counter() - t0
print(f"{requests} page requests from 200 clients at once, while the league plays: "
      f"p50 {pct(lat, 50):.1f} ms, p99 {pct(lat, 99):.1f} ms, max {max(lat):.1f} ms, {requests / wall:.0f} requests/s")
PY
echo "server peak RSS: $(grep VmHWM /proc/$server/status | awk '{print $2, $3}')"
echo "machine: load $(cut -d' ' -f1-3 /proc/loadavg) after the run"
