#!/usr/bin/env python3
"""Plays the first legal move, and at each turn writes on stderr how often its parent (the
namespace's init) has been woken so far: `turn N wakeups W`, W its parent's voluntary context
switches. /proc is the host's, so /proc/self/status names the parent by its host pid."""
import sys


def parent_wakeups():
    with open("/proc/self/status") as f:
        ppid = next(l.split()[1] for l in f if l.startswith("PPid:"))
    with open("/proc/%s/status" % ppid) as f:
        return next(l.split()[1] for l in f if l.startswith("voluntary_ctxt_switches:"))


legal, turn = [], 0
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "baraza":
        print("id name parent_wakeups\nready", flush=True)
    elif words[0] == "legal":
        legal = words[1:]
    elif words[0] == "go":
        turn += 1
        print("turn %d wakeups %s" % (turn, parent_wakeups()), file=sys.stderr, flush=True)
        print("move %s" % legal[0], flush=True)
    elif words[0] == "quit":
        break
