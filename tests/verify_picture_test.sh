#!/usr/bin/env bash
# Charts in pictures (issue 15): tensu's own point table as a web page,
# screenshot by headless Chromium (picture_chart.py), read back by OCR.
# Six amounts planted (a non-dealer's ron and tsumo share, a dealer's ron and
# tsumo, a limit's tsumo share and a limit's dealer ron): each is reported at
# its cell's place on the picture and nothing else is, every cell of the
# full table read, in a PNG and in a JPEG.  A smudged cell: reported
# unreadable at its place, never checked.  A picture with no chart, a
# truncated PNG, a --format picture that is no picture: exit 2 with a
# message.  Skipped (77) when tensu was built without tesseract or Chromium
# is missing.
# usage: verify_picture_test.sh TENSU SOURCE_DIR
set -u
tensu=$1
src=$2
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TENSU_DATA_DIR=$src

# built without OCR: say so, and skip
printf '\x89PNG\r\n\x1a\n' >"$tmp/probe.png"
if "$tensu" verify "$tmp/probe.png" 2>&1 | grep -q 'built without OCR'; then
  echo "SKIP: tensu was built without tesseract (scripts/deps installs libtesseract-dev)"
  exit 77
fi
if ! command -v chromium >/dev/null; then
  echo "SKIP: chromium is not installed (scripts/deps installs it)"
  exit 77
fi
"$tensu" table --format text >"$tmp/table.txt"

# shot NAME EXT PLANT...: the page with its plants, shot as NAME.EXT
shot() {
  local name=$1 ext=$2
  shift 2
  python3 "$src/tests/picture_chart.py" "$tmp/table.txt" "$tmp/$name.html" "$tmp/$name.$ext" \
    "$tmp/$name.rects" "$@"
}

# verified NAME EXT STATUS CELLS READ KIND...: verify NAME.EXT, check the
# status, the cells checked, the cells of a full table read, and that the
# errors are exactly the marked cells (KIND each, in the order planted),
# each at a place inside its cell on the picture, with no warning
verified() {
  local name=$1 ext=$2 want=$3 cells=$4 read=$5 st
  shift 5
  "$tensu" verify --report json "$tmp/$name.$ext" >"$tmp/$name.json" 2>"$tmp/err"; st=$?
  check "[ $st -eq $want ]" "$name.$ext: status $st, expected $want: $(cat "$tmp/err")"
  if python3 - "$tmp/$name.json" "$tmp/$name.rects" "$cells" "$read" "$ext" "$@" <<'PY'; then ok; else ko "$name.$ext: see above"; fi
import json, sys
d = json.load(open(sys.argv[1]))
marks = json.load(open(sys.argv[2]))
cells, read, ext, kinds = int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6:]
bad = False
def fail(*a):
    global bad
    print("FAIL:", *a)
    bad = True
if d["format"] != {"jpg": "jpeg"}.get(ext, ext):
    fail("format", d["format"])
if d["summary"]["cells"] != cells:
    fail("cells checked:", d["summary"]["cells"], "expected", cells)
if d["summary"]["full_table"]["read"] != read:
    fail("cells of a full table read:", d["summary"]["full_table"]["read"], "expected", read)
if d["warnings"]:
    fail("warnings:", [(w["kind"], w["where"]) for w in d["warnings"]])
errors = list(d["errors"])
for (cid, m), kind in zip(sorted(marks.items(), key=lambda kv: int(kv[0][1:])), kinds):
    x1, y1, x2, y2 = m["rect"]
    hit = [e for e in errors if e["kind"] == kind and e["x"] is not None
           and x1 - 2 <= e["x"] <= x2 + 2 and y1 - 2 <= e["y"] <= y2 + 2]
    if kind == "wrong":
        hit = [e for e in hit if str(e["found"]) in m["new"]]
    if len(hit) != 1:
        fail(f"{m['table']}:{m['row']}:{m['col']} '{m['new']}' ({kind}) at {m['rect']}: found {len(hit)}:",
             [(e["kind"], e["where"], e["x"], e["y"]) for e in errors])
        continue
    if kind == "unreadable" and "not sure" not in hit[0]["message"]:
        fail("unreadable, but not for the OCR's doubt:", hit[0]["message"])
    print(f"  {ext}: {kind} at table {hit[0]['table']}, row {hit[0]['table_row']}, column {hit[0]['table_col']} (x={hit[0]['x']}, y={hit[0]['y']}): {hit[0]['where']}")
    errors.remove(hit[0])
for e in errors:
    fail("reported but not planted:", e["kind"], e["where"], e.get("table_row"), e.get("x"), e.get("y"), e["found"])
sys.exit(1 if bad else 0)
PY
}

# the chart as shot: everything read, nothing wrong
shot clean png || exit $?
verified clean png 0 248 223
expect 0 'summary: 248 cells checked, 223 of 223 cells of a full table read, 0 errors, 0 warnings' \
  -- verify "$tmp/clean.png"

# six planted amounts, in a PNG and in a JPEG
plants=("1:40:2=2300 (700/1300)" "1:60:1=2000 (500/1100)" "2:30:3=5900 (2000)"
        "2:70:2=6800 (2200)" "3:haneman:2=12000 (3000/6500)" "3:baiman:3=25000 (8000)")
# (the quick run: the PNG; TENSU_FULL=1 the JPEG too, and the format by
# name and by bytes)
exts=(png)
[ "${TENSU_FULL:-}" = 1 ] && exts=(png jpg)
for ext in "${exts[@]}"; do
  shot planted "$ext" "${plants[@]}" || exit $?
  verified planted "$ext" 1 248 223 wrong wrong wrong wrong wrong wrong
done
expect 1 "planted.${exts[-1]}: table 3, row [0-9]+, column [0-9]+ \(x=[0-9]+, y=[0-9]+\): error: baiman, dealer ron: found 25000, expected 24000" \
  -- verify "$tmp/planted.${exts[-1]}"
if [ "${TENSU_FULL:-}" = 1 ]; then
  # the same as a named format, and by its bytes whatever its name
  cp "$tmp/planted.png" "$tmp/planted.dat"
  expect 1 'png chart, 248 cells checked' -- verify "$tmp/planted.dat"
  expect 1 'png chart, 248 cells checked' -- verify --format png "$tmp/planted.dat"
fi

# a smudged cell: unreadable at its place, its three amounts not checked;
# nothing read is wrong: incomplete (exit 3)
shot smudged png "1:50:3=~" || exit $?
verified smudged png 3 245 220 unreadable
expect 3 "unreadable|not read: the OCR is not sure of it \(confidence [0-9]+ of 100, under 75\), so it is not checked" \
  -- verify "$tmp/smudged.png"

# no chart in the picture: a page of prose
cat >"$tmp/prose.html" <<'EOF'
<!DOCTYPE html><html><head><meta charset="utf-8"><style>body{font:22px "DejaVu Sans";margin:40px}</style></head>
<body><h1>Club news</h1><p>The spring league starts on the 4th of April at the usual place.
Bring your own tiles; tea and biscuits are on the club.</p><p>New members are welcome every Tuesday.</p></body></html>
EOF
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=900,500 \
  --screenshot="$tmp/prose.png" "file://$tmp/prose.html" >/dev/null 2>&1
expect 2 'prose.png: no chart cell found' -- verify "$tmp/prose.png"

# a PNG cut short, and a file that is no picture read as one
head -c 3000 "$tmp/clean.png" >"$tmp/cut.png"
expect 2 'cut.png: the picture cannot be decoded \(cut short, or damaged\)' -- verify "$tmp/cut.png"
head -c 40 "$tmp/clean.png" >"$tmp/cut40.png"
expect 2 'cut40.png: ' -- verify "$tmp/cut40.png"
printf 'fu  1 han\n30  1000\n' >"$tmp/text.txt"
expect 2 'text.txt: not a picture that can be decoded' -- verify --format picture "$tmp/text.txt"

finish verify_picture
