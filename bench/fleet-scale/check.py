#!/usr/bin/env python3
"""Checks a simulated fleet run (run.sh): exact merge of the complete phases, start skew and clock offsets recorded,
the killed client named and the run reported incomplete. Prints a markdown table; exit 1 when a check fails.

usage: check.py RUN_DIR CLIENTS VICTIM|none FLEET_EXIT"""
import glob
import json
import os
import subprocess
import sys

run, clients, victim, fleet_exit = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
here = os.path.dirname(os.path.abspath(__file__))
head = glob.glob(os.path.join(os.path.dirname(run), "head", "ycsb-*"))[0]
hdr_jar = glob.glob(os.path.join(head, "lib", "HdrHistogram-*.jar"))[0]
rows = []


def check(what, ok, detail):
    rows.append((what, "pass" if ok else "FAIL", detail))


def load(path):
    with open(path) as f:
        return json.load(f)


def hdr_counts(files):
    if not files:
        return {}
    out = subprocess.run(["java", "-cp", hdr_jar, os.path.join(here, "HdrCount.java")] + files, check=True,
                         capture_output=True, text=True).stdout
    return {line.rsplit(" ", 1)[0]: int(line.rsplit(" ", 1)[1]) for line in out.splitlines() if line.strip()}


def client_dirs(phase_clients):
    return sorted(d for d in glob.glob(os.path.join(phase_clients, "c*")) if os.path.isdir(d)
                  and os.path.isfile(os.path.join(d, "summary.json")))


def exact_merge(label, merged_dir, dirs):
    merged = load(os.path.join(merged_dir, "summary.json"))
    sums = [load(os.path.join(d, "summary.json")) for d in dirs]
    total = sum(s["operations"] for s in sums)
    check(label + ": operations", merged["operations"] == total,
          "merged %d, sum of %d clients %d" % (merged["operations"], len(dirs), total))
    names = sorted(merged["measurements"].keys())
    bad = []
    for m in names:
        t = sum(s["measurements"].get(m, {}).get("operations", 0) for s in sums)
        if merged["measurements"][m]["operations"] != t:
            bad.append("%s %d != %d" % (m, merged["measurements"][m]["operations"], t))
    check(label + ": operations per measurement", not bad, "; ".join(bad) or ", ".join(
        "%s %d" % (m, merged["measurements"][m]["operations"]) for m in names))
    logs = sorted(os.path.basename(p) for p in glob.glob(os.path.join(merged_dir, "hdr", "*.hdr")))
    files = [os.path.join(merged_dir, "hdr", l) for l in logs]
    for d in dirs:
        files += [os.path.join(d, "hdr", l) for l in logs if os.path.isfile(os.path.join(d, "hdr", l))]
    counts = hdr_counts(files)
    bad = []
    detail = []
    for l in logs:
        m = counts[os.path.join(merged_dir, "hdr", l)]
        c = sum(counts.get(os.path.join(d, "hdr", l), 0) for d in dirs)
        detail.append("%s %d" % (l, m))
        if m != c:
            bad.append("%s merged %d, clients %d" % (l, m, c))
    check(label + ": HDR interval logs, values merged = sum of the clients'", bool(logs) and not bad,
          "; ".join(bad) or ", ".join(detail))
    return merged


for phase in ("load", "workloada"):
    pdir = os.path.join(run, "1", phase)
    dirs = client_dirs(os.path.join(run, "clients", "1", phase))
    check(phase + ": complete, every client collected", os.path.isfile(os.path.join(pdir, "summary.json"))
          and len(dirs) == clients, "%d client directories" % len(dirs))
    if os.path.isfile(os.path.join(pdir, "summary.json")):
        merged = exact_merge(phase, pdir, dirs)
        check(phase + ": merged from every client", len(merged.get("clients", [])) == clients,
              "%d clients" % len(merged.get("clients", [])))
    rec_path = os.path.join(pdir, "fleet-phase.json")
    if os.path.isfile(rec_path):
        rec = load(rec_path)
        clocks = [c.get("clock", {}) for c in rec["clients"].values()]
        measured = [c for c in clocks if "offsetMs" in c]
        worst = max(measured, key=lambda c: abs(c["offsetMs"])) if measured else None
        check(phase + ": clock checked on every client", len(measured) == clients and all(
            c["verdict"] in ("ok", "warning") for c in clocks),
              "%d measured; largest offset %s" % (len(measured), "%+d ms (± %d ms)" % (
                  worst["offsetMs"], worst["uncertaintyMs"]) if worst else "none"))
        check(phase + ": start skew recorded", isinstance(rec.get("startSkewMs"), int),
              "start skew %s ms, measurement starts within %s ms" % (rec.get("startSkewMs"),
                                                                      rec.get("measurementStartSpreadMs")))
    else:
        check(phase + ": fleet-phase.json", False, "missing")

summary_json = os.path.join(run, "suite-summary.json")
if os.path.isfile(summary_json):
    s = load(summary_json)
    skews = {p["phase"]: p.get("fleet", {}).get("startSkewMs") for p in s["phases"]}
    check("suite-summary.json: start skew and clocks per phase", all(v is not None for v in skews.values())
          and len(skews) >= 2, ", ".join("%s %s ms" % kv for kv in skews.items()))
else:
    check("suite-summary.json", False, "missing")
md_path = os.path.join(run, "suite-summary.md")
md = open(md_path).read() if os.path.isfile(md_path) else ""
check("suite-summary.md: fleet section", "## Fleet: start skew and client clocks" in md,
      "present" if "## Fleet" in md else "missing")

if victim != "none":
    status = open(os.path.join(run, "FLEET-STATUS")).read().splitlines()
    check("killed client: FLEET-STATUS incomplete and names it", status[0] == "status: incomplete"
          and status[1].startswith("missing: " + victim + " ("), status[1] if len(status) > 1 else "")
    check("killed client: no merged result in the phase directory",
          not os.path.exists(os.path.join(run, "1", "workloadc", "summary.json")), "1/workloadc")
    partial = os.path.join(run, "clients", "1", "workloadc", "partial-merge")
    dirs = client_dirs(os.path.join(run, "clients", "1", "workloadc"))
    dirs = [d for d in dirs if not d.endswith("partial-merge")]
    if os.path.isfile(os.path.join(partial, "summary.json")):
        merged = exact_merge("workloadc, the others (partial-merge)", partial, dirs)
        check("workloadc: the others kept and merged", len(merged.get("clients", [])) == clients - 1,
              "%d clients in partial-merge" % len(merged.get("clients", [])))
    else:
        check("workloadc: the others kept and merged", False, "no partial-merge")
    check("exit code says incomplete", fleet_exit == 1, "exit %d" % fleet_exit)
else:
    check("fleet exit code", fleet_exit == 0, "exit %d" % fleet_exit)

print("| check | result | detail |")
print("|---|---|---|")
for r in rows:
    print("| %s | %s | %s |" % r)
sys.exit(0 if all(r[1] == "pass" for r in rows) else 1)
