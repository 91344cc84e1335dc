#!/usr/bin/python3
"""Score tensu verify on the gallery that make.py wrote.

usage: score.py OUTDIR TENSU [--kinds html,png,photo] [--only NAME,...] [--timeout S]
                             [--no-gate]

Runs TENSU verify --report json on every chart of OUTDIR (each NAME.truth.json:
its page NAME.html, its screenshot NAME.png, its photo NAME.photo.jpg) and
compares the report with the truth.  A chart is exact when
  - every cell it prints was read: no 'unreadable' or 'not_read' finding,
    summary.cells equal to the chart's cells, summary.complete not false and
    the exit status not 3 (both accepted: "not every cell read");
  - every planted cell is reported as a 'wrong' error at its han and fu (or
    limit) and payment column, found = the printed value;
  - no other error is reported;
  - the variant is right: kiriage, players (and no honba counters).
Prints a line per chart and kind, then the rates per kind and per layout,
the planted cells found, the false reports and the most common failures;
each report is kept as NAME.KIND.report.json beside the chart.
Exit status 1 unless every HTML page is exact, at least PICTURE_FLOOR of
the pictures (screenshots and photos together) are exact (the goal, 90 %,
is printed beside it), and no chart with a planted cell exits 0 (--no-gate: always 0 once scored); 2 on a usage error.
TENSU_DATA_DIR defaults to the repository (this file's ../..)."""
import json
import os
import subprocess
import sys
import time
from collections import Counter, OrderedDict

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
KINDS = ["html", "png", "photo"]
# The goal for pictures (screenshots and photos together) is 90 % exact,
# reached on the full gallery of seed 1 on 2026-11-27 (87 of 96, 90.6 %:
# one chart above it); the gate holds a floor a little under the rate
# reached (two charts), that no change may go under, and each run prints
# whether the goal is met.
PICTURE_GOAL = 0.90
PICTURE_FLOOR = 0.88


def where(p):
    """A truth cell's place, short: '3h60fu dealer_ron' or 'mangan nondealer_ron'."""
    at = p["limit"] if p.get("limit") else f"{p['han']}h{p['fu']}fu"
    return f"{at} {p['column']}"


def same_place(e, p):
    if e.get("column") != p["column"]:
        return False
    if p.get("limit"):
        lim = e.get("limit")
        if p["limit"] == "yakuman":
            return lim in ("yakuman", "kazoe_yakuman") and e.get("yakuman", 1) in (1, None)
        return lim == p["limit"]
    return e.get("han") == p["han"] and e.get("fu") == p["fu"] and not e.get("limit")


def as_int(x):
    try:
        return int(x)
    except (TypeError, ValueError):
        return None


def run_verify(tensu, path, timeout):
    t0 = time.monotonic()
    try:
        r = subprocess.run([tensu, "verify", "--report", "json", path], capture_output=True,
                           timeout=timeout)
        st, out, err = r.returncode, r.stdout, r.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        st, out, err = None, b"", f"timed out after {timeout} s"
    return st, out, err, time.monotonic() - t0


def judge(truth, st, out, err):
    """The verdict on one report: a dict with 'exact', 'fails' (failure
    kinds, for the counts), 'why' (the line's text) and the counters."""
    v = {"exact": False, "fails": [], "why": [], "status": st, "planted": len(truth["planted"]),
         "found": 0, "false": 0, "unreadable": 0, "read": None, "cells": truth["cells"]}

    def fail(kind, text):
        v["fails"].append(kind)
        v["why"].append(text)

    if st is None:
        fail("timeout", err)
        return v, None
    try:
        d = json.loads(out.decode("utf-8"))
        if not isinstance(d, dict):
            raise ValueError("not an object")
    except (ValueError, UnicodeDecodeError):
        line = (err.strip().splitlines() or ["no message"])[-1][:160]
        fail("no report", f"no report (exit {st}): {line}")
        return v, None
    summary = d.get("summary") if isinstance(d.get("summary"), dict) else {}
    errors = [e for e in d.get("errors") or [] if isinstance(e, dict)]
    warnings = [w for w in d.get("warnings") or [] if isinstance(w, dict)]
    findings = errors + warnings

    # read: every cell the chart prints, and no more
    read = as_int(summary.get("cells"))
    v["read"] = read
    unread = [f for f in findings if f.get("kind") in ("unreadable", "not_read")]
    v["unreadable"] = sum(1 for f in unread if f.get("kind") == "unreadable")
    if read is None:
        fail("no cell count", "summary.cells missing")
    elif read < truth["cells"]:
        fail("cells not read", f"read {read}/{truth['cells']}")
    elif read > truth["cells"]:
        fail("cells over-read", f"read {read} cells, the chart prints {truth['cells']}")
    n_unr = v["unreadable"]
    n_nr = len(unread) - n_unr
    if n_unr:
        fail("unreadable", f"{n_unr} unreadable")
    if n_nr:
        fail("not_read", f"{n_nr} not_read")
    if summary.get("complete") is False or st == 3:
        fail("incomplete", "incomplete (complete=false)" if st != 3 else "incomplete (exit 3)")

    # the planted cells, each reported once with the printed value
    left = [e for e in errors if e.get("kind") not in ("unreadable",)]
    missed = []
    for p in truth["planted"]:
        hit = [e for e in left if e.get("kind") == "wrong" and same_place(e, p)
               and as_int(e.get("found")) == p["printed"]]
        if hit:
            left.remove(hit[0])
            v["found"] += 1
        else:
            near = [e for e in left if e.get("kind") == "wrong" and same_place(e, p)]
            missed.append(where(p) + f" {p['printed']}" + (f" (read {near[0].get('found')})" if near else ""))
    if missed:
        fail("planted missed", f"planted {v['found']}/{len(truth['planted'])} (missed {', '.join(missed[:3])}"
             + (", ..." if len(missed) > 3 else "") + ")")
    v["false"] = len(left)
    if left:
        ex = []
        for e in left[:2]:
            at = e.get("where") or "?"
            ex.append(f"{e.get('kind')} {at}: {e.get('found')}")
        fail("false report", f"{len(left)} false report{'s' if len(left) != 1 else ''} ({'; '.join(ex)}"
             + ("; ..." if len(left) > 2 else "") + ")")

    # the variant
    var = d.get("variant") if isinstance(d.get("variant"), dict) else {}
    rules = d.get("rules") if isinstance(d.get("rules"), dict) else {}

    def named(key):
        x = var.get(key)
        if isinstance(x, dict) and "value" in x:
            return str(x["value"])
        return str(rules.get(key)) if key in rules else None

    bad = []
    if named("kiriage") != truth["variant"]["kiriage"]:
        bad.append(f"kiriage={named('kiriage')} (is {truth['variant']['kiriage']})")
    if named("players") != str(truth["variant"]["players"]):
        bad.append(f"players={named('players')} (is {truth['variant']['players']})")
    h = var.get("honba-included")
    if isinstance(h, dict) and str(h.get("value")) not in ("0", "None"):
        bad.append(f"honba={h.get('value')} (is 0)")
    if bad:
        fail("variant wrong", "variant " + ", ".join(bad))

    # the exit status agrees with the report: 1 with an error, else 0 (3 taken
    # above; a planted cell exiting 0 is counted by main)
    want = 1 if errors else 0
    if st not in (want, 3):
        fail("exit status", f"exit {st} with {len(errors)} error{'s' if len(errors) != 1 else ''} reported")
    v["exact"] = not v["fails"]
    return v, d


def pct(a, b):
    return f"{100.0 * a / b:5.1f} %" if b else "    -  "


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("tensu")
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--only", default="", help="charts by name, comma-separated")
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--no-gate", action="store_true", help="exit 0 whatever the rates")
    args = ap.parse_args(argv)
    os.environ.setdefault("TENSU_DATA_DIR", REPO)
    kinds = [k for k in args.kinds.split(",") if k]
    for k in kinds:
        if k not in KINDS:
            ap.error(f"no kind '{k}' (kinds: {', '.join(KINDS)})")
    only = set(x for x in args.only.split(",") if x)
    truths = []
    for f in sorted(os.listdir(args.outdir)):
        if f.endswith(".truth.json"):
            t = json.load(open(os.path.join(args.outdir, f), encoding="utf-8"))
            if not only or t["name"] in only:
                truths.append(t)
    if not truths:
        print(f"score.py: no NAME.truth.json in {args.outdir}", file=sys.stderr)
        return 2

    results = []      # (truth, kind, verdict, seconds)
    for t in truths:
        for k in kinds:
            fname = t["files"].get(k)
            if not fname:
                continue
            path = os.path.join(args.outdir, fname)
            st, out, err, secs = run_verify(args.tensu, path, args.timeout)
            v, d = judge(t, st, out, err)
            with open(os.path.join(args.outdir, f"{t['name']}.{k}.report.json"), "wb") as fh:
                fh.write(out)
            results.append((t, k, v, secs))
            mark = "exact" if v["exact"] else "FAIL "
            read = f"read {v['read']}/{t['cells']}" if v["read"] is not None else "read ?"
            print(f"{t['name']:<22} {t['layout']:<11} {k:<5} {mark} "
                  + ("" if v["exact"] else "; ".join(v["why"]) + "  ")
                  + f"[{read}, planted {v['found']}/{v['planted']}, exit {v['status']}, {secs:.1f} s]",
                  flush=True)

    # ---- rates
    print()
    print("exact charts, by kind:")
    for k in kinds:
        rs = [r for r in results if r[1] == k]
        n = sum(1 for r in rs if r[2]["exact"])
        secs = sum(r[3] for r in rs)
        print(f"  {k:<6} {n:3d} of {len(rs):3d}  {pct(n, len(rs))}   ({secs / max(1, len(rs)):.1f} s a chart)")
    pics = [r for r in results if r[1] != "html"]
    npics = sum(1 for r in pics if r[2]["exact"])
    if pics:
        print(f"  {'pictures':<6} {npics:3d} of {len(pics):3d}  {pct(npics, len(pics))}")
    print()
    layouts = list(OrderedDict.fromkeys(t["layout"] for t in truths))
    print("exact charts, by layout:  " + "".join(f"{k:>12}" for k in kinds))
    for lay in layouts:
        row = f"  {lay:<24}"
        for k in kinds:
            rs = [r for r in results if r[1] == k and r[0]["layout"] == lay]
            n = sum(1 for r in rs if r[2]["exact"])
            row += f"{f'{n}/{len(rs)}':>12}" if rs else f"{'-':>12}"
        print(row)
    print()
    print("cells read, planted cells found, false reports, by kind:")
    for k in kinds:
        rs = [r[2] for r in results if r[1] == k]
        cells = sum(v["cells"] for v in rs)
        read = sum(min(v["read"] or 0, v["cells"]) for v in rs)
        planted = sum(v["planted"] for v in rs)
        found = sum(v["found"] for v in rs)
        false = sum(v["false"] for v in rs)
        unr = sum(v["unreadable"] for v in rs)
        print(f"  {k:<6} cells read {read}/{cells} ({pct(read, cells).strip()}), unreadable {unr}, "
              f"planted found {found}/{planted} ({pct(found, planted).strip()}), false reports {false}")
    print()
    fails = Counter()
    for r in results:
        for f in set(r[2]["fails"]):
            fails[(r[1], f)] += 1
    if fails:
        print("failures (charts), most common first:")
        for (k, f), n in sorted(fails.items(), key=lambda x: (-x[1], x[0])):
            print(f"  {n:4d}  {k:<6} {f}")
        print()

    # ---- the gate
    problems = []
    html_bad = [r for r in results if r[1] == "html" and not r[2]["exact"]]
    if html_bad:
        problems.append(f"{len(html_bad)} HTML page{'s' if len(html_bad) != 1 else ''} not exact")
    if pics and npics < PICTURE_FLOOR * len(pics):
        problems.append(f"pictures exact {npics} of {len(pics)} ({pct(npics, len(pics)).strip()}), "
                        f"under the floor of {int(PICTURE_FLOOR * 100)} %")
    if pics:
        print("pictures exact: %s; goal %d %%: %s" % (
            pct(npics, len(pics)).strip(), int(PICTURE_GOAL * 100),
            "met" if npics >= PICTURE_GOAL * len(pics) else "not met yet"))
    zero = [r for r in results if r[0]["planted"] and r[2]["status"] == 0]
    if zero:
        problems.append(f"{len(zero)} chart{'s' if len(zero) != 1 else ''} with planted cells exited 0: "
                        + ", ".join(f"{r[0]['name']}.{r[1]}" for r in zero[:5]))
    if problems:
        print("gallery: FAILED: " + "; ".join(problems))
        return 0 if args.no_gate else 1
    print("gallery: passed (every HTML page exact, pictures %s exact, floor %d %%)"
          % (pct(npics, len(pics)).strip(), int(PICTURE_FLOOR * 100)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
