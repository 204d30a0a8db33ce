#!/bin/bash
# All shards of a tournament with GNU parallel, then the merge:
#
#   parallel.sh EVENT.toml RUN N [JOBS]
#
# runs shards 1..N, JOBS at a time (default: one per core), into RUN/shard-K, then merges them
# into RUN. Run it again after a failure: finished shards have nothing left to play and the
# others continue where they stopped. To spread the shards over several machines that share
# RUN, add `--sshloginfile nodes.txt` (the machines, one per line) to the parallel command.
set -euo pipefail
event=$1 run=$2 shards=$3 jobs=${4:-100%}
baraza=${BARAZA:-baraza}
# --halt never: every shard is tried even if one fails; the exit status counts the failures.
parallel --jobs "$jobs" --halt never \
    "$baraza" tournament --config "$event" --shard {}/"$shards" --out "$run"/shard-{} \
    --resume --concurrency 1 --quiet ::: $(seq "$shards") >/dev/null
"$baraza" merge --out "$run" "$run"/shard-*
