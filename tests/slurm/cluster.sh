#!/usr/bin/env bash
# A throw-away one-node Slurm cluster on this host, for the tests (and for trying docs/cluster.md
# by hand). Needs root and Debian's slurm-wlm and munge packages.
#
#   tests/slurm/cluster.sh start DIR   write DIR/slurm.conf and a fresh munge key, start munged
#                                      (as the munge user), slurmctld and slurmd, wait until the
#                                      node is idle; the daemons' pids go to DIR/pids
#   tests/slurm/cluster.sh stop DIR    cancel the cluster's jobs, stop the daemons by their pids
#
# Then use it with `export SLURM_CONF=DIR/slurm.conf`, as root or as any user (the daemons need
# root; submitting jobs does not: `setpriv --reuid=nobody ... sbatch ...`). Everything (state, spool, logs, the munge
# socket) lives in DIR, and the ports are free ones picked at start, so the cluster touches
# nothing of the machine's own Slurm set-up and two of them can run side by side.
set -euo pipefail

usage() {
    echo "usage: $0 start|stop DIR" >&2
    exit 2
}
[ $# -eq 2 ] || usage
cmd=$1
dir=$2

# A TCP port nobody listens on now (the kernel's pick for port 0).
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("", 0)); print(s.getsockname()[1])'
}

# Wait until "$@" succeeds, at most $timeout seconds.
wait_for() {
    local timeout=$1 what=$2
    shift 2
    local deadline=$((SECONDS + timeout))
    until "$@" >/dev/null 2>&1; do
        if [ $SECONDS -ge $deadline ]; then
            echo "cluster.sh: $what did not happen within ${timeout}s; logs in $dir" >&2
            return 1
        fi
        sleep 0.2
    done
}

node_idle() {
    sinfo -h -N -o '%T' | grep -qx idle
}

start() {
    [ "$(id -u)" -eq 0 ] || { echo "cluster.sh: needs root" >&2; exit 1; }
    for tool in munged slurmctld slurmd sinfo; do
        command -v "$tool" >/dev/null || { echo "cluster.sh: $tool is not installed (apt-get install slurm-wlm munge)" >&2; exit 1; }
    done
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    # The munge user must reach its directory.
    chmod 755 "$dir"
    local m="$dir/munge"
    mkdir -p "$m" "$dir/state" "$dir/spool"
    : >"$dir/pids"
    chown munge:munge "$m"
    # Every user reaches the socket (munged makes it 0777): jobs may be submitted by
    # unprivileged users, as on a real cluster. The key itself stays the munge user's.
    chmod 755 "$m"
    # A fresh key: this cluster trusts nothing else.
    head -c 1024 /dev/urandom >"$m/munge.key"
    chown munge:munge "$m/munge.key"
    chmod 400 "$m/munge.key"

    local host cpus ctld_port d_port
    host=$(hostname -s)
    cpus=$(nproc)
    ctld_port=${SLURMCTLD_PORT:-$(free_port)}
    d_port=${SLURMD_PORT:-$(free_port)}
    cat >"$dir/slurm.conf" <<EOF
ClusterName=baraza-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$d_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$m/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
MinJobAge=600
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
    export SLURM_CONF="$dir/slurm.conf"

    # Foreground daemons started in the background: $! is the daemon itself.
    setsid setpriv --reuid=munge --regid=munge --init-groups munged --foreground --force \
        --key-file="$m/munge.key" --socket="$m/munge.socket" \
        --pid-file="$m/munged.pid" --log-file="$m/munged.log" --seed-file="$m/munged.seed" \
        </dev/null >"$m/munged.out" 2>&1 &
    echo "munged $!" >>"$dir/pids"
    wait_for 10 "munged's socket" test -S "$m/munge.socket"

    setsid slurmctld -D -c -f "$SLURM_CONF" </dev/null >"$dir/slurmctld.out" 2>&1 &
    echo "slurmctld $!" >>"$dir/pids"
    wait_for 20 "slurmctld answering" scontrol ping
    setsid slurmd -D -f "$SLURM_CONF" </dev/null >"$dir/slurmd.out" 2>&1 &
    echo "slurmd $!" >>"$dir/pids"
    wait_for 30 "the node becoming idle" node_idle
    echo "cluster.sh: Slurm is up: export SLURM_CONF=$SLURM_CONF"
}

alive() {
    kill -0 "$1" 2>/dev/null
}

stop() {
    [ -f "$dir/pids" ] || return 0
    export SLURM_CONF="$dir/slurm.conf"
    # Jobs first, so that no job step outlives its slurmd.
    if alive "$(awk '$1 == "slurmctld" { print $2 }' "$dir/pids")"; then
        # Every job of this cluster, whoever submitted it.
        squeue -h -o %A | xargs -r scancel --quiet --full 2>/dev/null || true
        wait_for 20 "the jobs ending" sh -c '[ -z "$(squeue -h -o %A)" ]' || true
    fi
    # slurmd, slurmctld, munged: the reverse order of start.
    tac "$dir/pids" | while read -r name pid; do
        alive "$pid" || continue
        kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 50); do alive "$pid" || break; sleep 0.1; done
        if alive "$pid"; then
            echo "cluster.sh: $name ($pid) ignored SIGTERM; killing it" >&2
            kill -KILL "$pid" 2>/dev/null || true
        fi
    done
    : >"$dir/pids"
}

case "$cmd" in
    start) start ;;
    stop) stop ;;
    *) usage ;;
esac
