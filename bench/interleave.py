#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""interleave.py - whole commands timed in interleaved rounds: for
differences of a few percent between runs of a few milliseconds, where
hyperfine's one-command-after-another blocks let a VM's drift decide.

    python3 bench/interleave.py [--ratios] RUNS 'CMD ARGS...' 'CMD ARGS...' ...

Each round runs every command once (the round's first command rotates),
output to /dev/null, the wall-clock time from spawn to exit. Prints, per
command, the least, 10th and 25th percentile and median time in us, and
the median of the rounds' ratios of its time to the first command's
(each round's runs back to back: steadier on a VM than any quantile);
with --ratios, also every round's ratio, in round order and sorted (how
far single pairs spread), and for two commands the ratios of two rounds
at a time, one in each order (--check-auto's rounds of four). The
commands are split on blanks (no shell):
give each program's full path. A command that fails stops the run.
"""
import os
import statistics
import sys
import time


def main(argv):
    ratios = len(argv) > 1 and argv[1] == "--ratios"
    if ratios:
        argv = argv[:1] + argv[2:]
    if len(argv) < 3 or not argv[1].isdigit() or int(argv[1]) < 1:
        sys.exit("usage: interleave.py [--ratios] RUNS 'CMD ARGS...' ...")
    runs = int(argv[1])
    cmds = [c.split() for c in argv[2:]]
    times = [[] for _ in cmds]
    null = os.open(os.devnull, os.O_WRONLY)
    for r in range(runs):
        for k in range(len(cmds)):
            i = (k + r) % len(cmds)
            t0 = time.perf_counter_ns()
            pid = os.posix_spawn(cmds[i][0], cmds[i], os.environ,
                                 file_actions=[(os.POSIX_SPAWN_DUP2, null, 1)])
            _, status = os.waitpid(pid, 0)
            times[i].append(time.perf_counter_ns() - t0)
            if status:
                sys.exit("interleave.py: %s: exit status %#x" % (" ".join(cmds[i]), status))
    print("%8s %8s %8s %8s %8s  (us, %d runs each)" % ("min", "p10", "p25", "median", "paired",
                                                       runs))
    for cmd, t in zip(cmds, times):
        paired = statistics.median(a / b for a, b in zip(t, times[0]))
        t = sorted(t)
        print("%8.0f %8.0f %8.0f %8.0f %8.3f  %s" % (t[0] / 1e3, t[len(t) // 10] / 1e3,
                                                   t[len(t) // 4] / 1e3, statistics.median(t) / 1e3,
                                                   paired, " ".join(cmd)))
    if ratios:
        for cmd, t in zip(cmds[1:], times[1:]):
            r = [a / b for a, b in zip(t, times[0])]
            print("ratios to the first, by round: %s" % " ".join("%.3f" % x for x in r))
            print("             sorted:           %s" % " ".join("%.3f" % x for x in sorted(r)))
            q = [(t[i] + t[i + 1]) / (times[0][i] + times[0][i + 1])
                 for i in range(0, len(t) - 1, 2)]
            if len(cmds) == 2 and q:
                print("by two rounds (both orders), sorted: %s  median %.3f"
                      % (" ".join("%.3f" % x for x in sorted(q)), statistics.median(q)))


if __name__ == "__main__":
    main(sys.argv)
