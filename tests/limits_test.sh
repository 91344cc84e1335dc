#!/usr/bin/env bash
# Bounded work on any input (issue 19): each limit stated in tensu(1)
# (LIMITS) is reached here, with a message that names it, exit status 2,
# at once, and no output left behind.  Usage: limits_test.sh TENSU SOURCE_DIR SHARED_DIR
set -u
tensu=$1
src=$2
shared=$3
. "$(dirname "$0")/lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TENSU_DATA_DIR=$src

# a chart of more than 20 000 cells: refused at the cell past the limit,
# not after minutes (it once took minutes: causes were matched by every
# wrong cell against every other).  Not a speed target (0.2 s in a release
# build): a bound ten times what a sanitizer build on a busy machine takes
chart=$shared/charts/josun_go_scoremap.csv
{ head -1 "$chart"; for i in $(seq 1 40); do tail -n +2 "$chart"; done; } >"$work/long.csv"
start=$(date +%s%N)
expect 2 'long.csv:[0-9]+:[0-9]+: more than 20000 cells: the most a chart may have' -- verify "$work/long.csv"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
check "[ $ms -lt 20000 ]" "refusing a 20 000-cell chart took $ms ms (minutes once: quadratic?)"
# just under the limit: read and checked whole
{ head -1 "$chart"; for i in $(seq 1 20); do tail -n +2 "$chart"; done; } >"$work/many.csv"
expect 1 'cells checked' -- verify "$work/many.csv"

# a chart file over 64 MB
head -c 70000000 /dev/zero | tr '\0' 'x' >"$work/huge.txt"
expect 2 'huge.txt: larger than 64 MB, the most tensu verify reads' -- verify "$work/huge.txt"
rm -f "$work/huge.txt"

# a PDF of more than 2 000 pages: refused unless --pages chooses some
if command -v qpdf >/dev/null && command -v chromium >/dev/null; then
  timeout 120 chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer \
    --print-to-pdf="$work/one.pdf" "$src/tests/data/charts/page.html" >/dev/null 2>&1
  (cd "$work" && qpdf --empty --pages $(for i in $(seq 1 2001); do printf 'one.pdf '; done) -- many.pdf)
  expect 2 'many.pdf: 2001 pages to read, more than 2000: choose some with --pages' -- verify "$work/many.pdf"
  expect 0 'pdf chart, 70 cells checked' -- verify "$work/many.pdf" --pages 7-7
else
  echo "limits: SKIPPED the PDF page limit: qpdf or chromium is not installed (scripts/deps installs them)"
fi

# a club's rules file over 1 MB
head -c 1100000 /dev/zero | tr '\0' ' ' >"$work/club.json"
expect 2 'club.json: larger than 1 MB, the most a club' -- table --rules "$work/club.json"

# a template over 4 MB (a copy of the data folder with one grown template)
mkdir -p "$work/data/templates" "$work/out"
cp -r "$src/templates/." "$work/data/templates/"
cp -r "$src/fonts" "$work/data/" 2>/dev/null
{ printf '{"pad": "'; head -c 4300000 /dev/zero | tr '\0' 'x'; printf '"}'; } >"$work/data/templates/card.json"
TENSU_DATA_DIR=$work/data expect 2 'card.json: larger than 4 MB, the most a template may be' -- sheets --template card -o "$work/out"
check "[ -z \"\$(ls -A '$work/out')\" ]" "a refused template left files: $(ls "$work/out")"

# --jsonl: a line over 64 KB gets its error record, and the batch goes on
good='{"hand":"123m456p789s23s55z","win":"4s","tsumo":false,"riichi":true}'
{ echo "$good"; printf '{"hand":"%s"}\n' "$(head -c 100000 /dev/zero | tr '\0' 'x')"; echo "$good"; } >"$work/b.jsonl"
"$tensu" score --jsonl "$work/b.jsonl" >"$work/b.out" 2>"$work/b.err"; st=$?
check "[ $st -eq 2 ]" "--jsonl with a long line: status $st"
check "[ \$(wc -l <'$work/b.out') -eq 3 ]" "--jsonl with a long line: $(wc -l <"$work/b.out") result lines, want 3"
check "sed -n 2p '$work/b.out' | grep -q 'line 2: longer than 65536 bytes'" "--jsonl: no error record for the long line: $(sed -n 2p "$work/b.out" | cut -c1-120)"
check "sed -n 3p '$work/b.out' | grep -q '\"ok\":true'" "--jsonl: the batch did not go on after the long line"
check "grep -q 'line 2: longer than 65536 bytes' '$work/b.err'" "--jsonl: no message on stderr for the long line"

finish limits
