#!/bin/sh
# The tournament layer's cost in instructions, which unlike wall time does not move with the
# machine's load. Valgrind counts the instructions of every process, per ply played, for GAMES
# Darra games of random vs random, run three ways:
#   match         `baraza match` (the referee alone, no logs)
#   match+logs    `baraza match --pgn --jsonl` (the referee writing the tournament's two logs)
#   tournament    `baraza tournament --concurrency 1` (games.jsonl, games.pgn, stderr logs,
#                 schedule, results)
# It prints the referee process's own count and the whole tree's (referee + both bots), and
# the tournament's overhead over both matches. Kernel time is not counted (the three make the
# same system calls per game: check with strace -c).
#
# usage: bench/tournament-instructions.sh [GAMES]    (even, default 400)
# Needs: valgrind, python3, a release build.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
baraza=$(realpath "${BARAZA:-$root/target/release/baraza}")
games=${1:-400}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# run NAME COMMAND...: callgrind on the command and on every process it starts.
# The output file name is relative, so each process writes it into its own working directory:
# the referee into $out/NAME, each bot into its fresh directory, kept under $out/NAME/work.
# A name by pid alone would collide: each bot runs in a PID namespace of its own, where it is
# pid 2, so every bot's file would overwrite the last one's.
run() {
    name=$1
    shift
    mkdir -p "$out/$name/work"
    (cd "$out/$name" && valgrind --tool=callgrind --trace-children=yes \
        --callgrind-out-file=cg.%p "$@" --workdir "$out/$name/work" --keep-workdirs \
        >/dev/null 2>"$out/$name/valgrind.txt")
}

run match "$baraza" match darra builtin:random builtin:random --games "$games"
run match-logs "$baraza" match darra builtin:random builtin:random --games "$games" \
    --pgn "$out/m.pgn" --jsonl "$out/m.jsonl"
run tournament "$baraza" tournament darra --bot a=builtin:random --bot b=builtin:random \
    --rounds $((games / 2)) --concurrency 1 --quiet --out "$out/t"

python3 - "$out" <<'EOF'
import glob, json, os, sys
out = sys.argv[1]

def plies(path):
    return sum(json.loads(l).get("plies", 0) for l in open(path) if '"plies"' in l)

def counts(name):
    """(referee instructions, whole-tree instructions) of one run."""
    referee = tree = 0
    for f in glob.glob(os.path.join(out, name, "**", "cg.*"), recursive=True):
        cmd, total = "", 0
        for line in open(f):
            if line.startswith("cmd:"):
                cmd = line
            elif line.startswith("totals:"):
                total = int(line.split()[1])
        tree += total
        if " bot " not in cmd:
            referee += total
    return referee, tree

rows = {}
for name, log in [("match", "m.jsonl"), ("match-logs", "m.jsonl"), ("tournament", "t/games.jsonl")]:
    r, t = counts(name)
    rows[name] = (r, t, plies(os.path.join(out, log)))

print(f"{'':12} {'plies':>7} {'referee/ply':>12} {'tree/ply':>10}")
for name, (r, t, p) in rows.items():
    print(f"{name:12} {p:7d} {r / p:12.0f} {t / p:10.0f}")
tr, tt, tp = rows["tournament"]
for base in ["match", "match-logs"]:
    br, bt, bp = rows[base]
    print(f"tournament vs {base:10}: referee {100 * (tr / tp) / (br / bp) - 100:+.1f}%, "
          f"whole tree {100 * (tt / tp) / (bt / bp) - 100:+.1f}%")
EOF
