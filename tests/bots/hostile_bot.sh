#!/bin/sh
# A bot that tries to outlive its game or to reach what it should not, for tests/it/hosting/hostile_bots.rs.
#
# usage: hostile_bot.sh MODES MARKER [ARG]
#
# MODES is a comma-separated list; MARKER is a string the test scans /proc/*/cmdline for (every
# process meant to linger has it in its argv). Until told otherwise it plays the first legal
# move. Modes, at the hello:
#   setsid      starts a lingering process in a session of its own (setsid); where setsid is
#               refused (the referee's filter), says 'setsid refused' on stderr and starts it
#               in its own session instead
#   doublefork  starts a lingering process through a subshell that exits (re-parented)
#   pipes       starts a lingering process that keeps stdin/stdout/stderr open
#   env         writes its environment and working directory to stderr
#   secret      writes ARG to a file named 'secret' in its working directory
#   tcp         tries to connect to 127.0.0.1:ARG (bash), says 'tcp connected' or 'tcp refused'
#   write       tries to write ARG/written-by-bot, says 'write ok' or 'write failed'
#   environ     finds the referee in /proc (its command line has ' match ' and MARKER) and
#               tries to read its environment: writes it, or says 'environ denied'
#   cpus        writes its Cpus_allowed_list line to stderr
# and at its first turn:
#   hang        hangs
#   exit        exits with status 0
#   spin        burns CPU without end
#   bigfile     writes 4 MiB to a file in its working directory (exec: the bot itself writes)
#   forks       starts 20 sleeping processes; exits with status 1 if one cannot be started
#   peek        tries to read ARG (a glob), says 'peek read: ...' or 'peek failed'
set -f
modes=",$1,"
marker=$2
arg=$3
has() { case $modes in *,$1,*) return 0 ;; esac; return 1; }
linger='while sleep 1; do :; done'
turns=0
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza)
        if has setsid; then
            { setsid sh -c "$linger" "$marker" 2>/dev/null ||
                { echo "setsid refused" >&2; sh -c "$linger" "$marker"; }; } </dev/null >/dev/null &
        fi
        has doublefork && ( sh -c "$linger" "$marker" </dev/null >/dev/null 2>&1 & )
        has pipes && sh -c "$linger" "$marker" &
        has env && { env >&2; echo "cwd=$(pwd)" >&2; }
        has secret && echo "$arg" > secret
        has cpus && grep Cpus_allowed_list /proc/self/status >&2
        if has environ; then
            set +f
            for d in /proc/[0-9]*; do
                c=$(tr '\0' ' ' < "$d/cmdline" 2>/dev/null)
                case $c in
                *" match "*"$marker"*)
                    if e=$(tr '\0' '\n' < "$d/environ" 2>/dev/null); then
                        echo "environ of $d: $e" >&2
                    else
                        echo "environ denied" >&2
                    fi
                    ;;
                esac
            done
            set -f
        fi
        if has tcp; then
            if bash -c "exec 3<>/dev/tcp/127.0.0.1/$arg" 2>/dev/null; then
                echo "tcp connected" >&2
            else
                echo "tcp refused" >&2
            fi
        fi
        if has write; then
            if (echo x > "$arg/written-by-bot") 2>/dev/null; then
                echo "write ok" >&2
            else
                echo "write failed" >&2
            fi
        fi
        echo ready
        ;;
    legal) first=$2 ;;
    go)
        turns=$((turns + 1))
        if [ $turns = 1 ]; then
            has hang && exec sleep 1000
            has exit && exit 0
            has spin && while :; do :; done
            has bigfile && exec head -c 4194304 /dev/zero > big
            if has forks; then
                i=0
                while [ $i -lt 20 ]; do
                    sleep 100 &
                    [ $? -eq 0 ] || exit 1
                    i=$((i + 1))
                done
            fi
            if has peek; then
                set +f
                if out=$(cat $arg 2>/dev/null); then
                    echo "peek read: $out" >&2
                else
                    echo "peek failed" >&2
                fi
                set -f
            fi
        fi
        echo "move $first"
        ;;
    quit) exit 0 ;;
    esac
done
