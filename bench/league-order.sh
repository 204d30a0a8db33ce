#!/bin/sh
# Games a league and a round robin need before their ratings show the known order of the
# built-in bots (docs/league.md, "Matchmaking"), with real games.
#
#   sh bench/league-order.sh [SEEDS] [HORIZON] [FIRST]  (defaults: 10 seeds, 168 games, 1)
#
# For each seed FIRST..FIRST+SEEDS-1:
# - a league (`baraza league`, that seed) of random, greedy and search levels 1, 3 and 5,
#   run for 20 games (one batch); then two late entrants, levels 2 and 4, are submitted; it
#   runs on in batches of 8 games to HORIZON games;
# - a round robin (`baraza tournament`, that seed) of the same seven bots from the start,
#   HORIZON/42 rounds ("all from the start": the league's late versions play from game 1);
# - a round robin of the same arrivals ("same arrivals"): the five first bots play one round
#   (20 games), then levels 2 and 4 are added to its config and it resumes (their games of the
#   first round), then its rounds are raised to HORIZON/42 (the way docs/tournament.md adds a
#   late entrant).
# Then bench/league_order.py reads each log after every game pair: the first prefix whose
# ratings (`baraza results`, the leaderboard's fit) show the order (Kendall tau >= 0.9 and
# every ladder step of 70% or more of docs/search.md, levels 1<2<3<4<5 on Darra, the right
# way round), and the prefix from which every later one does. Also each late version's own
# games at the first prefix where it stands within one place of its rank in the known order.
#
# Environment: BARAZA (default target/release/baraza), RULESET (darra), MOVETIME (2000: the
# levels' node budgets, not the clock, end their searches), CONCURRENCY (2), WORK (a new
# temporary folder, kept), PLACEMENT_PAIRS (the league's default when unset).
set -eu
cd "$(dirname "$0")/.."
SEEDS=${1:-10}
HORIZON=${2:-168}
FIRST=${3:-1}
BARAZA=${BARAZA:-target/release/baraza}
RULESET=${RULESET:-darra}
MOVETIME=${MOVETIME:-2000}
CONCURRENCY=${CONCURRENCY:-2}
WORK=${WORK:-$(mktemp -d /tmp/league-order.XXXXXX)}
BATCH=8
LATE_AFTER=20
ORDER="r g s1 s2 s3 s4 s5"
LADDER="s1<s2 s2<s3 s3<s4 s4<s5"

search() { echo "builtin:search --level $1"; }
games_in() { grep -c '"game_id"' "$1" 2>/dev/null || true; }

league_run() { # DIR: one batch
    "$BARAZA" league run "$1" --games "$BATCH" --concurrency "$CONCURRENCY" --quiet >/dev/null
}

echo "seed  round robin, all from the start | round robin, same arrivals | league; late s2, s4: own games to within one place"
for seed in $(seq "$FIRST" $((FIRST + SEEDS - 1))); do
    L="$WORK/league-$seed"
    T="$WORK/rr-$seed"
    A="$WORK/rr-late-$seed"
    rm -rf "$L" "$T" "$A" "$A.toml"
    "$BARAZA" league new "$L" --ruleset "$RULESET" --seed "$seed" --movetime "$MOVETIME" \
        ${PLACEMENT_PAIRS:+--placement-pairs "$PLACEMENT_PAIRS"} >/dev/null
    "$BARAZA" league submit "$L" --name r --cmd builtin:random >/dev/null
    "$BARAZA" league submit "$L" --name g --cmd builtin:greedy >/dev/null
    for level in 1 3 5; do
        "$BARAZA" league submit "$L" --name "s$level" --cmd "$(search $level)" >/dev/null
    done
    "$BARAZA" league run "$L" --games "$LATE_AFTER" --concurrency "$CONCURRENCY" --quiet >/dev/null
    for level in 2 4; do
        "$BARAZA" league submit "$L" --name "s$level" --cmd "$(search $level)" >/dev/null
    done
    while [ "$(games_in "$L/games.jsonl")" -lt "$HORIZON" ]; do league_run "$L"; done

    "$BARAZA" tournament "$RULESET" --seed "$seed" --movetime "$MOVETIME" \
        --concurrency "$CONCURRENCY" --rounds $((HORIZON / 42)) --out "$T" --quiet \
        --bot r=builtin:random --bot g=builtin:greedy --bot s1="$(search 1)" \
        --bot s2="$(search 2)" --bot s3="$(search 3)" --bot s4="$(search 4)" \
        --bot s5="$(search 5)" >/dev/null

    {
        printf 'ruleset = "%s"\nseed = %s\nmovetime = %s\nrounds = 1\n' \
            "$RULESET" "$seed" "$MOVETIME"
        for bot in r=builtin:random g=builtin:greedy "s1=$(search 1)" "s3=$(search 3)" \
            "s5=$(search 5)"; do
            printf '[[bot]]\nname = "%s"\ncmd = "%s"\n' "${bot%%=*}" "${bot#*=}"
        done
    } >"$A.toml"
    rr_late() {
        "$BARAZA" tournament --config "$A.toml" --out "$A" --concurrency "$CONCURRENCY" \
            --quiet "$@" >/dev/null
    }
    rr_late
    printf '[[bot]]\nname = "s2"\ncmd = "%s"\n[[bot]]\nname = "s4"\ncmd = "%s"\n' \
        "$(search 2)" "$(search 4)" >>"$A.toml"
    rr_late --resume
    sed -i "s/^rounds = 1$/rounds = $((HORIZON / 42))/" "$A.toml"
    rr_late --resume

    # shellcheck disable=SC2086
    rr=$(python3 bench/league_order.py "$BARAZA" "$T/games.jsonl" $ORDER --ladder $LADDER)
    # shellcheck disable=SC2086
    ra=$(python3 bench/league_order.py "$BARAZA" "$A/games.jsonl" $ORDER --ladder $LADDER)
    # shellcheck disable=SC2086
    lg=$(python3 bench/league_order.py "$BARAZA" "$L/games.jsonl" $ORDER --ladder $LADDER \
        --late s2 s4)
    echo "$seed  $rr  |  $ra  |  $lg"
done
echo "logs in $WORK"
