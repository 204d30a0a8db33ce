#!/bin/sh
# `baraza bot search` of one baraza binary against that of another at EQUAL TIME: does a richer
# (slower per node) evaluation pay for itself? Both sides get the same --movetime, so a
# search that visits fewer nodes per second sees less deep; the match says which wins.
#
# usage: BASE=/path/to/old/baraza bench/search-strength.sh [RULESET...]
#   (default rulesets: darra darra-2x18 dara dara-niger bao)
#
# Environment:
#   BASE         the other binary (required), e.g. a build of an earlier commit:
#                git worktree add /tmp/search-base e96616d && (cd /tmp/search-base &&
#                cargo build --release); BASE=/tmp/search-base/target/release/baraza
#   BARAZA       the binary under test (default target/release/baraza); its referee plays
#   GAMES        games per ruleset (default 200: 100 pairs, sides swapped within a pair)
#   MOVETIME     ms per move for both (default 100; `search` then thinks about 42 ms)
#   MARGIN       ms past the movetime before a move is late (default 1000: on a shared machine
#                scheduling stalls, not the bots, would decide games at the default 50)
#   CONCURRENCY  games at once (default 2: one core each on this 2-core machine; a bot that
#                waits for its move uses none, the referee stops it)
#   SEED         the match's seed (default 1)
#   OUT          logs and PGNs (default $TMPDIR/baraza-search-strength)
#
# Prints, per ruleset, the match's result block (Elo with its 95% interval, pentanomial
# counts), the time forfeits, each side's median think time (so "equal time" is checked, not
# assumed), and the 1-minute load average before and after.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
baraza=${BARAZA:-$root/target/release/baraza}
base=${BASE:?set BASE to the other baraza binary}
games=${GAMES:-200}
movetime=${MOVETIME:-100}
margin=${MARGIN:-1000}
concurrency=${CONCURRENCY:-2}
seed=${SEED:-1}
out=${OUT:-${TMPDIR:-/tmp}/baraza-search-strength}
mkdir -p "$out"
for b in "$baraza" "$base"; do
    [ -x "$b" ] || { echo "not an executable: $b" >&2; exit 1; }
done
[ $# -gt 0 ] || set -- darra darra-2x18 dara dara-niger bao

load() { sed 's/ .*//' /proc/loadavg; }

# Median think time of each side, as the referee timed it (the `{12.3ms}` comments of the
# PGN): the side that moves first in a game is White.
think() {
    python3 - "$1" <<'PY'
import re, statistics, sys
times = {}
for game in open(sys.argv[1]).read().split("[Event ")[1:]:
    names = [re.search(rf'\[{c} "([^"]*)"\]', game).group(1) for c in ("White", "Black")]
    body = " ".join(l for l in game.splitlines() if not l.startswith("["))
    ms = [float(m) for m in re.findall(r"\{([0-9.]+)ms", body)]
    for k, name in enumerate(names):
        times.setdefault(name, []).extend(ms[k::2])
print("think ms (median, max): " + ", ".join(
    f"{n} {statistics.median(t):.1f}, {max(t):.1f}" for n, t in sorted(times.items())))
PY
}

echo "# $(date -u +%FT%TZ) head: $("$baraza" --version) ($baraza); base: $("$base" --version) ($base)"
echo "# --movetime $movetime --margin $margin --concurrency $concurrency --games $games --seed $seed; $(nproc) cores"
for r in "$@"; do
    before=$(load)
    # Both sides started alike, as commands, and both sent each game's seed (`--send-seed`;
    # a builtin: bot would get it, a command would count its own from 0), so that nothing
    # but the binaries differs.
    "$baraza" match "$r" "$baraza bot search" "$base bot search" --name1 head --name2 base \
        --games "$games" --movetime "$movetime" --margin "$margin" \
        --concurrency "$concurrency" --seed "$seed" --send-seed \
        --pgn "$out/$r.pgn" > "$out/$r.txt" 2>&1 || true
    echo "## $r (load $before before, $(load) after)"
    sed -n '/^Results of/,/^played/p' "$out/$r.txt"
    echo "time forfeits: $(grep -c 'time forfeit' "$out/$r.txt" || true)"
    [ -s "$out/$r.pgn" ] && think "$out/$r.pgn"
done
