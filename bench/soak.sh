#!/bin/sh
# A soak of `baraza league run`: a league of honest and hostile entrants played for a given
# time in short runs, as from cron, with the referee killed, stopped and starved of disk on the
# way; a sample of the referee every SAMPLE seconds, and the league checked at the end.
#
#   sh bench/soak.sh [DURATION]    (default 10m; 90s, 60m, 2h, or a number of seconds)
#
# - The league (WORK/league, Darra, --movetime MOVETIME, a memory, CPU, file-size, open-files
#   limit per bot, --max-processes unless run as root, which baraza refuses there, and
#   --sandbox when bwrap is installed) has ten entrants: builtin:random, builtin:greedy,
#   builtin:search --level 1, tests/bots/random_bot.py, and six hostile bots from tests/bots
#   (copied to WORK/bots): hostile_bot.sh leaving processes behind (setsid, a double fork, a
#   child holding its pipes, 20 sleepers), hostile_bot.sh hanging at its first turn,
#   memory_hog.py (1 GiB), mistake_segfault.sh, spinner_bot.sh (two busy children) and
#   info_flood.sh (1.3 MB of info lines a turn).
# - Until DURATION is up, runs of `baraza league run WORK/league --for RUN -q` follow each
#   other, with TMPDIR=WORK/tmp so the bots' work folders are the only ones there. The runs
#   go round a cycle: SIGKILL to the referee mid-batch, SIGTERM, SIGINT, `touch
#   WORK/league/stop` (each a quarter to three quarters into the run; after the last three
#   the referee must say it stopped and exit non-zero, or, asked once its batch's last game
#   had started, finish that batch, say `stopped as asked` and exit 0; within 10 s of
#   SIGTERM, 40 s of the others), a full disk, a run left alone; the last run is always left alone. The full
#   disk: in a mount namespace of its own (unshare --user --map-root-user --mount: nothing is
#   mounted on the machine, and the mount goes with the namespace) a small tmpfs gets a copy
#   of the league and a filler leaving DISK_MARGIN bytes free; a run there must stop with one
#   line saying the disk is full and a non-zero status; then the filler goes, `league run
#   --games 2` must finish the batch, and the league is copied back. Without unshare or a
#   tmpfs mountable in a namespace, the full disk is skipped, and said so.
# - Every SAMPLE seconds one line (also in WORK/soak.tsv): seconds since the start, the run
#   (number and kind), the games in the log, games per minute since the last line, the
#   referee's RSS (KiB, VmRSS) and open file descriptors (as root only: the referee is not
#   dumpable, so its /proc fd folder is root's; '-' otherwise), the processes of the bots
#   (those whose environment names a work folder under WORK/tmp, or whose command line names
#   WORK/bots: what a bot leaves behind counts), and the work folders (baraza-*) in WORK/tmp.
#   '#' lines say what was done to the referee and what it left: its status, its last words,
#   its bots' processes and work folders a second after it ended, and the same again some
#   seconds into the next run, when there must be none.
# - At the end: total games, games per minute over the first and the last tenth of the time,
#   the largest RSS and file descriptors seen (polled every second), then the invariants: no
#   process of the bots left, no work folder left, no batch left, nothing mounted under WORK,
#   `baraza results --verify` clean, every line of games.jsonl whole JSON, no game id twice.
#   The status is 1 if any of them fails (or a run did what it must not), else 0.
#
# Environment: BARAZA (default target/release/baraza), CONCURRENCY (2), WORK (a new temporary
# folder, kept; must not hold a league yet), SAMPLE (30, seconds between samples), RUN (60,
# seconds of each `league run --for`), MOVETIME (100, ms a move; TC=BASE+INC for a clock
# instead), SEED (1), SANDBOX (1 when bwrap is installed; 0 to play without), DISK_MARGIN
# (131072, bytes left free on the full disk).
# Needs: a release build (cargo build --release), python3; unshare and a kernel that lets a
# user mount a tmpfs in a namespace of its own, for the full disk.
set -eu
cd "$(dirname "$0")/.."
DURATION=${1:-10m}
BARAZA=${BARAZA:-target/release/baraza}
CONCURRENCY=${CONCURRENCY:-2}
SAMPLE=${SAMPLE:-30}
RUN=${RUN:-60}
MOVETIME=${MOVETIME:-100}
TC=${TC:-}
SEED=${SEED:-1}
DISK_MARGIN=${DISK_MARGIN:-131072}
[ -x "$BARAZA" ] || { echo "build first: cargo build --release" >&2; exit 1; }
command -v python3 >/dev/null || { echo "needs python3" >&2; exit 1; }
case $BARAZA in /*) ;; *) BARAZA=$PWD/$BARAZA ;; esac
case $DURATION in
*s) secs=${DURATION%s} ;;
*m) secs=$((${DURATION%m} * 60)) ;;
*h) secs=$((${DURATION%h} * 3600)) ;;
*) secs=$DURATION ;;
esac
case $secs in '' | *[!0-9]*)
    echo "DURATION: 90s, 10m, 2h or seconds, not $DURATION" >&2
    exit 1
    ;;
esac
WORK=${WORK:-$(mktemp -d "${TMPDIR:-/tmp}/baraza-soak.XXXXXX")}
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
L=$WORK/league
[ ! -e "$L" ] || { echo "$L exists: give a new WORK" >&2; exit 1; }
mkdir -p "$WORK/bots" "$WORK/tmp" "$WORK/runs" "$WORK/mnt"
for bot in random_bot.py hostile_bot.sh memory_hog.py mistake_segfault.sh spinner_bot.sh \
    info_flood.sh; do
    cp "tests/bots/$bot" "$WORK/bots/"
    chmod +x "$WORK/bots/$bot"
done

# The league.
if [ -n "$TC" ]; then clock="--tc $TC"; else clock="--movetime $MOVETIME"; fi
hosting="--memory 256 --cpu-seconds 120 --max-file-size 16 --open-files 256"
[ "$(id -u)" = 0 ] || hosting="$hosting --max-processes 64"
if [ "${SANDBOX:-1}" != 0 ] && command -v bwrap >/dev/null; then hosting="$hosting --sandbox"; fi
# shellcheck disable=SC2086
"$BARAZA" league new "$L" --ruleset darra --seed "$SEED" $clock $hosting >/dev/null
submit() { "$BARAZA" league submit "$L" --name "$1" --cmd "$2" >/dev/null; }
submit random builtin:random
submit greedy builtin:greedy
submit search1 "builtin:search --level 1"
submit py "python3 $WORK/bots/random_bot.py"
# The marker (an argument the lingering processes carry) names WORK/bots: they are counted.
submit escaper "$WORK/bots/hostile_bot.sh setsid,doublefork,pipes,forks $WORK/bots/linger"
submit hang "$WORK/bots/hostile_bot.sh hang $WORK/bots/linger"
submit hog "$WORK/bots/memory_hog.py"
submit segv "$WORK/bots/mistake_segfault.sh"
submit spinner "$WORK/bots/spinner_bot.sh $WORK/bots/spin"
submit flood "$WORK/bots/info_flood.sh"

# Whether a tmpfs can be mounted in a namespace of our own.
disk=1
# shellcheck disable=SC2016
if ! command -v unshare >/dev/null ||
    ! unshare --user --map-root-user --mount sh -c 'mount -t tmpfs -o size=64k tmpfs "$1"' sh \
        "$WORK/mnt" 2>/dev/null; then
    disk=0
fi

# Run in the namespace: $1 the mount point, $2 baraza, $3 the league, $4 the bots' TMPDIR,
# $5 where the outcomes go (on the machine's disk), $6 bytes left free, $7 seconds of the run,
# $8 concurrency, $9 the uid and gid baraza runs as ("" for root: under --max-processes a
# referee that sees itself root is refused, so it gets a user namespace mapping it back).
# shellcheck disable=SC2016
DISK_SCRIPT='
set -u
mnt=$1; baraza=$2; league=$3; tmp=$4; out=$5; margin=$6; for=$7; conc=$8; as=$9
size=$(( $(du -sk "$league" | cut -f1) + 4096 + margin / 1024 ))
mount -t tmpfs -o "size=${size}k" tmpfs "$mnt" || exit 90
cp -a "$league" "$mnt/league" || exit 91
free=$(( $(stat -f -c "%a * %S" "$mnt") ))
head -c $(( free - margin )) /dev/zero > "$mnt/filler" || exit 92
step() {
    name=$1; shift
    if [ -n "$as" ]; then
        set -- unshare --user --map-user="${as% *}" --map-group="${as#* }" "$@"
    fi
    TMPDIR=$tmp "$@" > "$out/$name.out" 2> "$out/$name.err" &
    echo $! > "$out/ref.pid"
    echo $! > "$out/$name.pid"
    wait $!
    echo $? > "$out/$name.status"
}
step full "$baraza" league run "$mnt/league" --for "${for}s" --concurrency "$conc" --quiet
rm "$mnt/filler"
step freed "$baraza" league run "$mnt/league" --games 2 --concurrency "$conc" --quiet
rm -f "$out/ref.pid"
rm -rf "$league.new" "$league.old"
cp -a "$mnt/league" "$league.new" || exit 93
mv "$league" "$league.old" && mv "$league.new" "$league" && rm -rf "$league.old" || exit 94
'

START=$(date +%s)
END=$((START + secs))
failures=0
fail() { echo "# FAIL: $*"; failures=$((failures + 1)); }
note() { echo "# $(($(date +%s) - START)) s: $*"; }

# Processes of the bots, this user's only: those whose environment names a work folder under
# WORK/tmp (of the referee of pid $1, if given); without $1 also those whose command line
# names WORK/bots, and baraza's own processes naming WORK (the referee's helpers); never the
# referee or the job.
uid=$(id -u)
bot_pids() {
    {
        ps -U "$uid" -o pid= | sed 's/^ */own /'
        grep -a -l -F -e "$WORK/tmp/baraza-bot-${1:+$1-}" /proc/[0-9]*/environ 2>/dev/null |
            sed -n 's#^/proc/\([0-9]*\)/.*#bot \1#p'
        if [ -z "${1:-}" ]; then
            ps -U "$uid" -o pid=,args= | W=$WORK/ B="$BARAZA " awk '
                index($0, ENVIRON["W"] "bots/") || (index($0, ENVIRON["B"]) &&
                index($0, ENVIRON["W"])) { print "bot", $1 }'
        fi
    } | awk -v me="$$" -v job="${job:-x}" -v ref="${ref:-x}" '$1 == "own" { own[$2]; next }
        ($2 in own) && $2 != me && $2 != job && $2 != ref && !seen[$2]++ { print $2 }'
}
count() { "$@" | grep -c . || true; }
folders() { # [PID]: work folders in WORK/tmp (of the referee of that pid)
    find "$WORK/tmp" -mindepth 1 -maxdepth 1 -name "baraza-${1:+bot-$1-}*" 2>/dev/null |
        grep -c . || true
}
running() { # PID: alive, not a zombie
    s=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1) || return 1
    [ -n "$s" ] && [ "$s" != Z ]
}

ref='' job='' log=$L/games.jsonl
games=0 max_rss=0 max_fds=-
last_t=0 last_games=0
poll() { # the referee's RSS and descriptors, every second
    rss=- fds=-
    [ -n "$ref" ] && running "$ref" || return 0
    rss=$(sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\).*/\1/p' "/proc/$ref/status" 2>/dev/null) || rss=
    [ -n "$rss" ] || { rss=-; return 0; }
    [ "$rss" -le "$max_rss" ] || max_rss=$rss
    # The referee makes itself not dumpable (its memory and environment are kept from the
    # bots), so its fd folder is root's: only root counts its descriptors.
    [ "$uid" = 0 ] || return 0
    fds=$(find "/proc/$ref/fd" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l) || fds=-
    [ "$fds" = - ] || [ "$fds" -le "${max_fds#-}" ] 2>/dev/null || max_fds=$fds
}
count_games() {
    n=$(wc -l <"$log" 2>/dev/null) && [ "$n" -gt 0 ] && games=$((n - 1))
    return 0
}
row() { printf '%6s  %-10s  %6s  %6s  %8s  %4s  %5s  %8s\n' "$@"; }
sample() {
    t=$(($(date +%s) - START))
    count_games
    gpm=-
    [ "$t" -le "$last_t" ] || gpm=$(awk -v g=$((games - last_games)) -v s=$((t - last_t)) \
        'BEGIN { printf "%.1f", g * 60 / s }')
    poll
    p=$(count bot_pids)
    f=$(folders)
    row "$t" "$run_no:$kind" "$games" "$gpm" "$rss" "$fds" "$p" "$f"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$run_no:$kind" "$games" "$gpm" "$rss" \
        "$fds" "$p" "$f" >>"$WORK/soak.tsv"
    last_t=$t last_games=$games
}

# Stopped referees whose leftovers are to be counted again in the next run: "pid ..." pairs.
pending=
check_pending() { # "now": the next run is under way or over
    for dead in $pending; do
        p=$(count bot_pids "$dead")
        f=$(folders "$dead")
        note "left by referee $dead, now: $p processes, $f work folders"
        [ "$p" = 0 ] || { fail "processes of referee $dead outlive the next run's start:"; \
            for q in $(bot_pids "$dead"); do ps -o pid=,args= -p "$q" || true; done; }
        [ "$f" = 0 ] || fail "work folders of referee $dead outlive the next run's start"
    done
    pending=
}
left_by() { # PID: what a stopped referee left a second later; counted again in the next run
    sleep 1
    note "left by referee $1 a second later: $(count bot_pids "$1") processes," \
        "$(folders "$1") work folders"
    pending="$pending $1"
}

cleanup() {
    if [ -n "$job" ] && running "$job"; then kill -KILL "$job" 2>/dev/null || true; fi
    if [ -n "$ref" ] && running "$ref"; then kill -KILL "$ref" 2>/dev/null || true; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

hdr="t_s run games gpm rss_kib fds procs workdirs"
echo "soak of $("$BARAZA" --version) for $secs s: $L, runs of ${RUN}s," \
    "concurrency $CONCURRENCY, $clock, $hosting"
[ "$disk" = 1 ] ||
    echo "# the full disk is skipped: no tmpfs can be mounted in a namespace of our own (unshare)"
# shellcheck disable=SC2086
row $hdr
echo "$hdr" | tr ' ' '\t' >"$WORK/soak.tsv"
run_no=0 kind=start
sample
next_sample=$((START + SAMPLE))
cycle="kill term int stop disk plain"
[ "$disk" = 1 ] || cycle="kill term int stop plain"
while :; do
    now=$(date +%s)
    left=$((END - now))
    [ "$left" -ge 5 ] || break
    run_no=$((run_no + 1))
    # shellcheck disable=SC2086
    set -- $cycle
    shift $(((run_no - 1) % $#))
    kind=$1
    # The last run is left alone, so what it leaves is what a quiet end leaves.
    if [ "$left" -le $((RUN + 10)) ]; then kind=plain; fi
    for_s=$RUN
    [ "$left" -ge "$RUN" ] || for_s=$left
    # A fault comes after a part of the run that changes from run to run: RUN/4 to 3 RUN/4.
    at=$((now + RUN / 4 + (run_no * 13) % (RUN / 2 + 1)))
    err=$WORK/runs/$run_no.err
    rm -rf "$WORK/disk"
    if [ "$kind" = disk ]; then
        mkdir "$WORK/disk"
        as=
        [ "$(id -u)" = 0 ] || as="$(id -u) $(id -g)"
        unshare --user --map-root-user --mount sh -c "$DISK_SCRIPT" sh "$WORK/mnt" "$BARAZA" \
            "$L" "$WORK/tmp" "$WORK/disk" "$DISK_MARGIN" "$for_s" "$CONCURRENCY" "$as" \
            >"$err" 2>&1 &
        job=$! ref=
    else
        TMPDIR=$WORK/tmp "$BARAZA" league run "$L" --for "${for_s}s" \
            --concurrency "$CONCURRENCY" --quiet >"$err" 2>&1 &
        job=$! ref=$job log=$L/games.jsonl
    fi
    run_start=$(date +%s)
    signalled='' deadline=
    while running "$job"; do
        now=$(date +%s)
        if [ "$kind" = disk ]; then
            r=$(cat "$WORK/disk/ref.pid" 2>/dev/null) || r=
            if [ -n "$r" ] && [ "$r" != "$ref" ]; then
                ref=$r log=/proc/$r/root$WORK/mnt/league/games.jsonl
            fi
        fi
        if [ -z "$signalled" ] && [ "$now" -ge "$at" ]; then
            count_games
            case $kind in
            kill | term | int)
                what=SIG$(echo "$kind" | tr '[:lower:]' '[:upper:]')
                note "$what to the referee (pid $ref) at $games games"
                kill -"${what#SIG}" "$ref" 2>/dev/null || true
                signalled=$now
                ;;
            stop)
                what="the stop file"
                note "touch $L/stop (referee pid $ref) at $games games"
                touch "$L/stop"
                signalled=$now
                ;;
            esac
            # A stopped referee must be gone soon: at once after SIGTERM, within the 30 s
            # the running games may take after SIGINT or the stop file (+ 10 s).
            case $kind in
            term) deadline=$((now + 10)) ;;
            int | stop) deadline=$((now + 40)) ;;
            esac
        fi
        if [ -n "$deadline" ] && [ "$now" -ge "$deadline" ]; then
            fail "run $run_no: the referee still runs $((now - signalled)) s after $what; SIGKILL"
            kill -KILL "$ref" 2>/dev/null || true
            deadline=
        fi
        [ -z "$pending" ] || [ "$now" -lt $((run_start + 10)) ] || check_pending
        poll
        if [ "$now" -ge "$next_sample" ]; then
            sample
            while [ "$next_sample" -le "$now" ]; do next_sample=$((next_sample + SAMPLE)); done
        fi
        sleep 1
    done
    rc=0
    wait "$job" || rc=$?
    said=$(grep -v '^[[:space:]]*$' "$err" | tail -n 1) || said=
    case $kind in
    plain)
        [ "$rc" = 0 ] || fail "run $run_no: status $rc: $said"
        ;;
    kill)
        note "run $run_no: status $rc"
        left_by "$ref"
        ;;
    term | int | stop)
        note "run $run_no: status $rc after $what: $said"
        if [ -z "$signalled" ]; then
            fail "run $run_no ended before $what (status $rc): $said"
        elif [ "$rc" = 0 ] && grep -q '^stopped as asked' "$err"; then
            # Asked once its batch's last game had started: that batch finished, no other.
            :
        elif [ "$rc" = 0 ] || [ "${said#baraza: stopped}" = "$said" ]; then
            fail "run $run_no: $what $((now - signalled)) s before the end was not heeded"
        fi
        rm -f "$L/stop"
        left_by "$ref"
        ;;
    disk)
        d=$WORK/disk
        if [ "$rc" != 0 ] || [ ! -e "$d/freed.status" ]; then
            fail "run $run_no, the full disk's set-up failed (status $rc): $said"
        else
            full=$(cat "$d/full.status")
            lines=$(grep -c . "$d/full.err" || true)
            note "run $run_no, full disk: status $full; $(tr '\n' ' ' <"$d/full.err")"
            if [ "$full" = 0 ]; then
                note "the disk did not fill in ${for_s}s (DISK_MARGIN=$DISK_MARGIN)"
            elif [ "$lines" != 1 ] || ! grep -q 'disk is full' "$d/full.err"; then
                fail "the full disk was not said in one line"
            fi
            freed=$(cat "$d/freed.status")
            note "run $run_no, space freed: status" \
                "$freed$(sed 's/^/; /' "$d/freed.err" | tr '\n' ' ')"
            [ "$freed" = 0 ] || fail "the run after the full disk: status $freed"
            [ ! -e "$L/batch.json" ] || fail "the run after the full disk left its batch"
        fi
        for step in full freed; do
            [ ! -e "$d/$step.pid" ] || left_by "$(cat "$d/$step.pid")"
        done
        log=$L/games.jsonl
        ;;
    esac
    job=
done
ref=
check_pending
kind=end
sample

# The end.
count_games
echo "# total: $games games in $(($(date +%s) - START)) s"
awk -F'\t' -v total="$secs" 'NR > 1 { t[++n] = $1; g[n] = $3 }
    END {
        for (i = 2; i <= n && t[i] < total / 10; i++);
        if (i <= n)
            printf "# games per minute, first tenth (0-%d s): %.1f\n", t[i], g[i] * 60 / t[i]
        for (j = n - 1; j > 1 && t[j] > total * 9 / 10; j--);
        if (j < n)
            printf "# games per minute, last tenth (%d-%d s): %.1f\n", t[j], t[n],
                (g[n] - g[j]) * 60 / (t[n] - t[j])
    }' "$WORK/soak.tsv"
[ "$max_fds" != - ] || max_fds="- (only root can count them)"
echo "# largest referee RSS: $max_rss KiB; most open files: $max_fds"
sleep 1
left=$(bot_pids)
echo "# processes of the bots left: $(echo "$left" | grep -c . || true)"
if [ -n "$left" ]; then
    for q in $left; do ps -o pid=,args= -p "$q" || true; done
    fail "processes left after the end (killed now)"
    for q in $left; do kill -KILL "$q" 2>/dev/null || true; done
fi
f=$(folders)
echo "# work folders left: $f"
[ "$f" = 0 ] || { ls -A "$WORK/tmp"; fail "work folders left after the end"; }
# A run for a time leaves what its last batch had not started to the next run: that one.
if [ -e "$L/batch.json" ]; then
    echo "# the last run's batch, finished: $("$BARAZA" league run "$L" --games 2 --quiet 2>&1 | tr '\n' ' ')"
fi
[ ! -e "$L/batch.json" ] || fail "a batch left after the last run"
! grep -q -F "$WORK" /proc/mounts || fail "something is mounted under $WORK on the machine"
if verify=$("$BARAZA" results "$L" --verify 2>&1 | tail -n 1); then
    echo "# results --verify: $verify"
else
    fail "results --verify: $verify"
fi
if lines=$(python3 - "$L/games.jsonl" <<'EOF'
import json, sys
seen, bad, twice = set(), 0, 0
with open(sys.argv[1], "rb") as f:
    data = f.read()
if data and not data.endswith(b"\n"):
    bad += 1
rows = data.split(b"\n")[1:]
for row in rows:
    if not row:
        continue
    try:
        game = json.loads(row)
    except ValueError:
        bad += 1
        continue
    if game["game_id"] in seen:
        twice += 1
    seen.add(game["game_id"])
print(f"{len(seen)} games, {bad} torn lines, {twice} game ids twice")
sys.exit(1 if bad or twice else 0)
EOF
); then
    echo "# games.jsonl: $lines"
else
    fail "games.jsonl: $lines"
fi
echo "# samples in $WORK/soak.tsv; the league in $L"
[ "$failures" = 0 ] || { echo "# soak: $failures failures"; exit 1; }
echo "# soak: every invariant holds"
