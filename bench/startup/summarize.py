#!/usr/bin/env python3
"""Per phase and operation of bench/startup runs: schedule lag p99, service and intended p99 and their ratio, as the
median (min-max) over the runs, whether each run met issue 18's goal, and every run's figures. Reads the suite's
summary.json files. Usage: summarize.py DIR [DIR...] -- each DIR is one run.sh --out directory (one run, or rep-N
runs); runs of several directories are pooled, so that interleaved runs of one setting can be summarised together."""
import json, os, statistics, sys


def die(message):
    """One line on stderr and exit 2, the project's exit code for a usage mistake (as bench/lib.sh's die)."""
    print("summarize.py: " + message, file=sys.stderr)
    sys.exit(2)


if len(sys.argv) >= 2 and sys.argv[1] in ("-h", "--help"):
    print(__doc__)
    sys.exit(0)
if len(sys.argv) < 2:
    die("give at least one run directory (see --help)")
LAG_GOAL_MS, RATIO_GOAL = 5.0, 2.0
rows = {}      # (phase, op) -> per run: (lag p99, lag max, service p99, intended p99, intended / service)
verdicts = {}  # phase -> per run: the list of what missed the goal (empty: met)
per_run = []
summaries = []
for out in sys.argv[1:]:
    if not os.path.isdir(out):
        die("%s is not a directory" % out)
    for root, _, files in sorted(os.walk(out)):
        if "summary.json" in files:
            rel = os.path.relpath(root, out)
            rep = rel.split(os.sep)[0] if rel.startswith("rep-") else "rep-1"
            run = rep if len(sys.argv) == 2 else os.path.basename(os.path.normpath(out)) + "/" + rep
            summaries.append((run, root))
if not summaries:
    die("no summary.json under " + " ".join(sys.argv[1:]))
for run, root in summaries:
    s = json.load(open(os.path.join(root, "summary.json")))
    phase = os.path.basename(root)
    h, w, m = s.get("health") or {}, s.get("warmup") or {}, s["measurements"]
    lag99, lagmax = h.get("scheduleLagP99Us", 0) / 1000, h.get("scheduleLagMaxUs", 0) / 1000
    has_rmw = "READ-MODIFY-WRITE" in m
    misses = []
    if lag99 >= LAG_GOAL_MS:
        misses.append("lag p99 %.1f ms" % lag99)
    for op in sorted(k for k in m if not k.startswith("Intended-")):
        svc = m[op].get("percentilesUs", {}).get("99")
        intended = m.get("Intended-" + op, {}).get("percentilesUs", {}).get("99")
        if not svc or intended is None:
            continue
        inner = op == "UPDATE" and has_rmw
        label = op + (" (in RMW)" if inner else "")
        ratio = intended / svc
        rows.setdefault((phase, label), []).append((lag99, lagmax, svc / 1000, intended / 1000, ratio))
        per_run.append((run, phase, s["throughput"], w.get("operations", 0), w.get("durationMs", 0), lag99, lagmax,
                        label, svc / 1000, intended / 1000, ratio))
        if not inner and ratio > RATIO_GOAL:
            misses.append("%s intended %.2fx service" % (op, ratio))
    verdicts.setdefault(phase, []).append(misses)

def spread(values, fmt="%.2f"):
    med = statistics.median(values)
    return fmt % med if len(values) == 1 else (fmt + " (" + fmt + "–" + fmt + ")") % (med, min(values), max(values))

runs = max((len(v) for v in verdicts.values()), default=0)
print("## Per phase: median (min–max) over %d run(s)" % runs)
print()
print("The issue's goal per phase: schedule lag p99 under %.0f ms and intended p99 within %.0fx of service p99 for "
      "every operation. `UPDATE (in RMW)`: workload F's updates are the second half of a READ-MODIFY-WRITE, whose "
      "intended start is the whole operation's (as in YCSB 0.17.0), so their intended time includes the read; they "
      "are judged through READ-MODIFY-WRITE instead." % (LAG_GOAL_MS, RATIO_GOAL))
print()
print("| phase | op | schedule lag p99 (ms) | service p99 (ms) | intended p99 (ms) | intended / service | goal met |")
print("|---|---|---:|---:|---:|---:|---|")
order = ["load", "workloada", "workloadb", "workloadc", "workloadf", "workloadd", "workloade"]
for (phase, op) in sorted(rows, key=lambda k: (order.index(k[0]) if k[0] in order else 99, k[1])):
    r = rows[(phase, op)]
    met = sum(1 for v in verdicts[phase] if not v)
    print("| %s | %s | %s | %s | %s | %s | %d of %d runs |" % (
        phase, op, spread([x[0] for x in r]), spread([x[2] for x in r]), spread([x[3] for x in r]),
        spread([x[4] for x in r]), met, len(verdicts[phase])))
print()
print("Misses per run: " + "; ".join(
    "%s: %s" % (phase, " / ".join(", ".join(v) or "met" for v in verdicts[phase])) for phase in
    sorted(verdicts, key=lambda p: order.index(p) if p in order else 99)))
print()
print("## Every run")
print()
print("| run | phase | ops/s | warm-up (ops, ms) | schedule lag p99 / max (ms) | op | service p99 (ms) | intended p99 (ms) | intended / service |")
print("|---|---|---:|---|---:|---|---:|---:|---:|")
for r in per_run:
    print("| %s | %s | %.0f | %s, %s | %.2f / %.1f | %s | %.2f | %.2f | %.2f |" % r)
