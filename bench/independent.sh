#!/usr/bin/env bash
# builtin:search against an independent engine: DeepMind OpenSpiel's MCTS and alpha-beta
# (bench/independent/openspiel_bot.py), on baraza's rules rewritten in Python from the rules
# specifications. Creates a venv under target/ (nothing committed) with open_spiel from PyPI.
#
# usage: bench/independent.sh [--check]
#   env: RULESETS="darra darra-2x18 dara dara-niger bao"  ALGOS="mcts ab mcts8"  ROUNDS=20 (pairs)
#        (mcts: OpenSpiel MCTS, plain random rollouts; ab: iterative-deepening alpha-beta;
#         mcts8: MCTS with rollouts cut after 8 plies and scored by material, the strongest)
#        MOVETIME=100 (ms, both bots)  OS_MOVETIME=$MOVETIME (OpenSpiel's own, e.g. 1000 for 10x)
#        MARGIN=1000 (the machine's scheduling stalls, not the bots, decide games at 50)
#        CONCURRENCY=1  OUT=target/independent-runs  CHECK_GAMES=300  NICE=10
#   --check: first cross-check the Python rules against `baraza rules` (CHECK_GAMES per ruleset)
#   SMOKE=1: one game pair of darra per algo at 50 ms, nothing else (a quick "does it run")
# Prints each tournament's table and a summary line (bench/independent/summary.py).
set -euo pipefail

main() {
  cd "$(dirname "$0")/.."
  local BARAZA=target/release/baraza VENV=target/independent-venv
  [ -x "$BARAZA" ] || cargo build --release --quiet
  if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import pyspiel' 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet 'open_spiel==2.0.2'
  fi
  local PY="$VENV/bin/python"
  local RULESETS=${RULESETS:-"darra darra-2x18 dara dara-niger bao"}
  local ALGOS=${ALGOS:-"mcts ab mcts8"}
  local ROUNDS=${ROUNDS:-20} MOVETIME=${MOVETIME:-100} MARGIN=${MARGIN:-1000}
  local OS_MOVETIME=${OS_MOVETIME:-${MOVETIME:-100}} CONCURRENCY=${CONCURRENCY:-1}
  local OUT=${OUT:-target/independent-runs} NICE=${NICE:-10}
  if [ "${SMOKE:-0}" = 1 ]; then
    RULESETS=darra ROUNDS=1 MOVETIME=50 OS_MOVETIME=50 OUT=target/independent-smoke
  fi

  if [ "${1:-}" = "--check" ]; then
    "$PY" bench/independent/crosscheck.py --baraza "$BARAZA" --games "${CHECK_GAMES:-300}" \
      darra darra-2x12 darra-2x16 darra-2x18 dara dara-niger bao
  fi

  echo "# $(date -u +%FT%TZ) commit $(git rev-parse --short HEAD); uptime:$(uptime | sed 's/.*load/ load/')"
  echo "# movetime search ${MOVETIME} ms, OpenSpiel ${OS_MOVETIME} ms, margin ${MARGIN} ms, ${ROUNDS} pairs"
  local rs algo args dir
  for rs in $RULESETS; do
    for algo in $ALGOS; do
      case $algo in
        mcts8) args="--algo mcts --rollout-plies 8" ;;
        *) args="--algo $algo" ;;
      esac
      dir="$OUT/$rs-$algo-$MOVETIME-$OS_MOVETIME"
      rm -rf "$dir"
      mkdir -p "$dir"
      cat > "$dir/event.toml" <<TOML
ruleset = "$rs"
format = "gauntlet"
rounds = $ROUNDS
movetime = $MOVETIME
margin = $MARGIN
concurrency = $CONCURRENCY

[[bot]]
name = "search"
cmd = "builtin:search"

[[bot]]
name = "openspiel-$algo"
cmd = "$PY bench/independent/openspiel_bot.py $args"
movetime = $OS_MOVETIME
TOML
      echo "## $rs: builtin:search vs OpenSpiel $algo ($args)"
      nice -n "$NICE" "$BARAZA" tournament --config "$dir/event.toml" --out "$dir/run" --quiet
      python3 bench/independent/summary.py "$dir/run/games.jsonl"
    done
  done
}

# All in one function, so that bash has read the whole script before it runs any of it.
main "$@"
exit
