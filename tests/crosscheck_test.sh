#!/usr/bin/env bash
# tensu crosscheck: every example hand scores again to its cell through
# tensu score --jsonl; the blank cells are the facts tensu-crosscheck(1) states; the
# shipped data (tensu_cell_reachable) equals a fresh sweep; open-pinfu=20
# alone opens the 1 han 20 fu ron cell.
#   crosscheck_test.sh TENSU whole|part
# 'whole' sweeps whole presets, open hands enumerated (about 45 s each in a
# Release build on two cores), in the full run (TENSU_FULL=1); 'part'
# (the quick run, sanitizer builds) sweeps one part of the hands and checks what a part
# can show: no hand below the shipped least han, examples that score again.
set -u
tensu=$1
mode=${2:-whole}
# the quick run (scripts/test without --full) sweeps a part, as the sanitizers do
[ "$mode" = whole ] && [ "${TENSU_FULL:-}" != 1 ] && mode=part
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

part=()
[ "$mode" = part ] && part=(--part 299/300)

# one sweep, JSON, checked against the shipped data
run() { # NAME ARGS...
  local name=$1; shift
  "$tensu" crosscheck --format json --check-data --jobs 2 "${part[@]}" "$@" \
    >"$tmp/$name.json" 2>"$tmp/$name.err"
  local st=$?
  if [ "$st" -eq 0 ]; then ok; else ko "crosscheck $* exited $st: $(cat "$tmp/$name.err")"; fi
}

# every example through tensu score --jsonl: same han, fu and payment
rescore() { # NAME ARGS (rules options)...
  local name=$1; shift
  python3 - "$tmp/$name.json" >"$tmp/$name.in" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["cells"]:
    if c["example"] is not None:
        print(json.dumps(c["example"]))
EOF
  "$tensu" score --jsonl "$tmp/$name.in" "$@" >"$tmp/$name.out" || { ko "score --jsonl $name"; return; }
  python3 - "$tmp/$name.json" "$tmp/$name.out" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
cells = [c for c in d["cells"] if c["example"] is not None]
out = [json.loads(l) for l in open(sys.argv[2])]
bad = 0
if len(cells) != len(out) or not cells:
    print("examples %d, results %d" % (len(cells), len(out)))
    sys.exit(1)
for c, r in zip(cells, out):
    if not r.get("ok") or r["han"] != c["han"] or r["fu"] != c["fu"] or r["payment"] != c["payment"]:
        bad += 1
        if bad < 5:
            print("example of %s scores %s" % (c["example"]["id"], json.dumps(r)[:300]))
print("%d examples, %d wrong" % (len(cells), bad))
sys.exit(1 if bad else 0)
EOF
  if [ $? -eq 0 ]; then ok; else ko "examples of $name do not score to their cells"; fi
}

# the JSON layout and the facts (a part sweep: only what a part can show)
facts() { # NAME PYTHON-CONDITIONS
  local name=$1 cond=$2
  python3 - "$tmp/$name.json" "$mode" "$cond" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
whole = sys.argv[2] == "whole"
cells = {(c["han"], c["fu"], c["dealer"], c["tsumo"]): c for c in d["cells"]}
def reach(h, fu, dealer, tsumo):
    return cells[(h, fu, dealer, tsumo)]["reachable"]
errors = []
assert d["disagreements"] == [], d["disagreements"][:2]
assert len(d["cells"]) == 17 * 13 * 4
for c in d["cells"]:
    for k in ("han", "fu", "dealer", "tsumo", "reachable", "example"):
        assert k in c, k
    assert c["reachable"] is not None, "undecided cell %r" % c
    assert (c["example"] is not None) == c["reachable"]
for cond in sys.argv[3].split(";"):
    cond = cond.strip()
    if cond and not eval(cond):
        errors.append(cond)
for e in errors:
    print("not true:", e)
sys.exit(1 if errors else 0)
EOF
  if [ $? -eq 0 ]; then ok; else ko "facts of $name"; fi
}

both='[(d, t) for d in (False, True) for t in (False, True)]'
run tenhou
rescore tenhou
# blanks hold in a part too; the reachable cells need the whole sweep
facts tenhou "
  all(not reach(h, 20, d, False) for h in range(1, 14) for d in (False, True));
  all(not reach(1, fu, d, t) for fu in (20, 25) for d, t in $both);
  all(not reach(2, 25, d, True) for d in (False, True));
  all(not reach(1, 110, d, True) for d in (False, True));
  not whole or all(reach(1, 110, d, False) for d in (False, True));
  not whole or all(reach(2, 20, d, True) and reach(2, 25, d, False) and reach(3, 25, d, True) for d in (False, True));
  not whole or all(reach(h, fu, d, t) for h in range(1, 14) for fu in range(30, 110, 10) for d, t in $both)"

# aotenjou: a yakuman is paid as 13 han at its fu (its payment checked),
# and the cells stay those of the shipped data (--check-data), none undecided
run aot --set aotenjou=yes
facts aot ""

run op20 --set open-pinfu=20
rescore op20 --set open-pinfu=20
facts op20 "
  not whole or all(reach(h, 20, d, False) for h in range(1, 14) for d in (False, True));
  all(not reach(1, 20, d, True) for d in (False, True))"

if [ "$mode" = whole ]; then
  # the counts the README and tensu-crosscheck(1) state are the sweep's
  src=$(dirname "$0")/..
  python3 - "$tmp/tenhou.json" "$src/README.md" "$src/docs/man/tensu-crosscheck.1.scd.in" <<'EOF'
import json, re, sys
st = json.load(open(sys.argv[1]))["stats"]
bad = []
assert st["overflow"] == 0 and st["rescored"] == 0, st
for path in sys.argv[2:]:
    text = re.sub(r"\s+", " ", open(path).read())
    for key, pattern in (("hands", r"([\d,]+) closed (?:winning )?hands"),
                         ("canonical", r"([\d,]+) (?:symmetry )?classes"),
                         ("variants", r"([\d,]+) called and kan variants"),
                         ("readings", r"([\d,]+) (?:of them|readings) ?\(")):
        m = re.search(pattern, text)
        if not m or int(m.group(1).replace(",", "")) != st[key]:
            bad.append("%s: %s says %s, the sweep %d" % (path, key, m and m.group(1), st[key]))
    m = re.search(r"(\d+) million scorings", text)
    if not m or int(m.group(1)) != round(st["scored"] / 1e6):
        bad.append("%s: scorings %s million, the sweep %d" % (path, m and m.group(1), st["scored"]))
print("\n".join(bad))
sys.exit(1 if bad else 0)
EOF
  if [ $? -eq 0 ]; then ok; else ko "the counts stated in the README and the man page"; fi

  # the 1 han 20 fu ron example needs open-pinfu=20: under the default it is 30 fu
  python3 - "$tmp/op20.json" >"$tmp/op20-1.in" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["cells"]:
    if c["han"] == 1 and c["fu"] == 20 and not c["tsumo"]:
        print(json.dumps(c["example"]))
EOF
  if [ "$(wc -l <"$tmp/op20-1.in")" -eq 2 ] &&
     "$tensu" score --jsonl "$tmp/op20-1.in" | python3 -c '
import json, sys
rs = [json.loads(l) for l in sys.stdin]
sys.exit(0 if rs and all(r["ok"] and r["fu"] == 30 for r in rs) else 1)'; then ok
  else ko "the open-pinfu=20 example of 1 han 20 fu ron is not 30 fu under open-pinfu=30"; fi
fi

# the tables follow the shipped data: 1 han 110 fu ron with a 4-fu double wind only
"$tensu" table --format csv --rules tenhou >"$tmp/t1.csv"
"$tensu" table --format csv --rules wrc2022 >"$tmp/t2.csv"
"$tensu" table --format csv --rules tenhou --set open-pinfu=20 >"$tmp/t3.csv"
if grep -q '^1,110,3600,,,5300,$' "$tmp/t1.csv" && grep -q '^1,110,,,,,$' "$tmp/t2.csv"; then ok
else ko "1 han 110 fu: $(grep '^1,110,' "$tmp/t1.csv" "$tmp/t2.csv")"; fi
if grep -q '^1,20,,,,,$' "$tmp/t1.csv" && grep -q '^1,20,700,,,1000,$' "$tmp/t3.csv"; then ok
else ko "1 han 20 fu: $(grep '^1,20,' "$tmp/t1.csv" "$tmp/t3.csv")"; fi

# bad input
"$tensu" crosscheck --format xml >/dev/null 2>"$tmp/e"; st=$?
if [ "$st" -eq 2 ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] && grep -q "xml" "$tmp/e"; then ok
else ko "--format xml: status $st, $(cat "$tmp/e")"; fi
"$tensu" crosscheck --part 3/2 >/dev/null 2>"$tmp/e"; st=$?
if [ "$st" -eq 2 ] && grep -q "3/2" "$tmp/e"; then ok; else ko "--part 3/2: status $st"; fi

finish crosscheck
