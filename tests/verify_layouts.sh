#!/usr/bin/env bash
# Charts as books print them (issue 15): tsumo amounts on the line under the
# ron amounts, running heads and page numbers, a form feed, headings with
# digits ("Table 6.12: Scores for dealer"), limit rows whose first cell holds
# the han range ("Haneman 6-7 han").  One error planted in every kind of
# cell (non-dealer ron and tsumo, dealer ron and tsumo, a limit's tsumo and
# ron), a misprinted amount and a tsumo cell with one share of two: each is
# reported at its place, nothing else is, and every other cell is read.
# usage: verify_layouts.sh TENSU SOURCE_DIR
set -u
tensu=$1
src=$2
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
base=$src/tests/data/charts/book_layout.txt

# the chart as printed: read whole, nothing wrong, nothing left unread
"$tensu" verify "$base" >"$tmp/out" 2>&1; st=$?
check "[ $st -eq 0 ]" "book layout: status $st: $(tail -3 "$tmp/out")"
check "grep -q 'summary: 84 cells checked, 84 of 223 cells of a full table read, 0 errors, 3 warnings' '$tmp/out'" \
  "book layout: $(tail -1 "$tmp/out")"
check "! grep -q 'not read' '$tmp/out'" "book layout: lines not read: $(grep 'not read' "$tmp/out")"
# and table by table: the non-dealer's, the dealer's, the limits
check "grep -q 'table 1, line 6 (non-dealer): 42 of 119 cells read' '$tmp/out' && grep -q 'table 2, line 21 (dealer): 27 of 79 cells read' '$tmp/out' && grep -q 'table 3, line 31 (non-dealer and dealer): 15 of 25 cells read' '$tmp/out'" \
  "book layout, per table: $(grep 'table [0-9]' "$tmp/out" | tr '\n' ' ')"

# planted BASE NAME CELLS PLANTS: apply the plants (LINE|OLD|NEW|KIND|WHERE
# lines, KIND wrong or unreadable) to BASE, verify it, and check that each
# is reported at its line as that kind, that nothing else is an error, and
# that CELLS cells were still checked
planted() {
  local base=$1 name=$2 cells=$3 plants=$4 st
  python3 - "$base" "$tmp/$name" "$plants" <<'PY'
import sys
base, out, plants = sys.argv[1], sys.argv[2], sys.argv[3]
lines = open(base, encoding="utf-8").read().split("\n")
for p in plants.strip().split("\n"):
    n, old, new, kind, where = p.split("|")
    n = int(n)
    if old not in lines[n - 1] and new in lines[n - 1]:
        continue  # one plant, two errors (a total and its share)
    assert old in lines[n - 1], (n, old)
    lines[n - 1] = lines[n - 1].replace(old, new, 1)
open(out, "w", encoding="utf-8").write("\n".join(lines))
PY
  "$tensu" verify --report json "$tmp/$name" >"$tmp/$name.json" 2>"$tmp/err"; st=$?
  check "[ $st -eq 1 ]" "$name: status $st: $(cat "$tmp/err")"
  if python3 - "$tmp/$name.json" "$plants" "$cells" <<'PY'; then ok; else ko "$name: planted errors: see above"; fi
import json, sys
d = json.load(open(sys.argv[1]))
want = set()
for p in sys.argv[2].strip().split("\n"):
    n, old, new, kind, where = p.split("|")
    want.add((int(n), kind, where))
got = {(e["line"], e["kind"], e["where"].strip("'")) for e in d["errors"]}
bad = False
for w in sorted(want - got):
    print("FAIL: not reported:", w); bad = True
for g in sorted(got - want):
    print("FAIL: reported but not planted:", g); bad = True
if d["summary"]["cells"] != int(sys.argv[3]):
    print("FAIL: cells checked", d["summary"]["cells"], "want", sys.argv[3]); bad = True
sys.exit(1 if bad else 0)
PY
}

# every kind of cell of the book, a misprint and a half tsumo cell; every
# other cell still read (84 less the misprinted ron amount and two shares)
planted "$base" book.txt 81 "$(cat <<'P'
8|2,000 |2,100 |wrong|2 han 30 fu, non-dealer ron
11|(1,300-2,600)|(1,300-2,500)|wrong|3 han 40 fu, non-dealer tsumo, the dealer's share
25|3,900|3,800|wrong|2 han 40 fu, dealer ron
28|(3,200 all)|(3,300 all)|wrong|3 han 50 fu, dealer tsumo, each payer's share
32|(3,000-6,000)|(3,000-5,000)|wrong|haneman, non-dealer tsumo, the dealer's share
33|24,000|25,000|wrong|baiman, dealer ron
12|1,600 |1,6OO |unreadable|1,6OO
9|(2,000-3,900)|(2,000)|unreadable|(2,000)
P
)"

# a web page: tables with a title row spanning the columns, <br> inside
# cells, a caption, fu labels spanning two rows, a table of limits
page=$src/tests/data/charts/page.html
expect 0 'html chart, 70 cells checked' -- verify "$page"
expect 0 'summary: 70 cells checked, 70 of 223 cells of a full table read, 0 errors, 3 warnings' -- verify "$page"
planted "$page" page.html 67 "$(cat <<'P'
13|2,000<br>|2,100<br>|wrong|2 han 30 fu, non-dealer ron
14|(1,300/2,600)|(1,300/2,500)|wrong|3 han 40 fu, non-dealer tsumo, the dealer's share
23|<td>3,900</td>|<td>3,800</td>|wrong|2 han 40 fu, dealer ron
26|(3,200 all)|(3,300 all)|wrong|3 han 50 fu, dealer tsumo, each payer's share
31|(3,000/6,000)|(3,000/5,000)|wrong|haneman, non-dealer tsumo, the dealer's share
30|12,000 (4,000 all)|13,000 (4,000 all)|wrong|mangan, dealer ron
15|1,600<br>|1,6OO<br>|unreadable|1,6OO
14|(400/700)|(400)|unreadable|(400)
P
)"

# the same page printed to PDF by Chromium (a writer we did not make): its
# text and positions rebuilt into lines and cells read the same 70 cells,
# and the planted errors are found on their page
if command -v chromium >/dev/null; then
  # a profile of its own (other tests run Chromium at the same time) and no
  # background connections, as tests/picture_chart.py
  pdf() { local profile
          profile=$(mktemp -d "$tmp/chromium.XXXXXX")
          timeout 120 chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer \
            --disable-background-networking --user-data-dir="$profile" \
            --print-to-pdf="$2" "$1" >/dev/null 2>&1; }
  pdf "$page" "$tmp/page.pdf"
  expect 0 'pdf chart, 70 cells checked' -- verify "$tmp/page.pdf"
  expect 0 'summary: 70 cells checked, 70 of 223 cells of a full table read, 0 errors, 3 warnings' -- verify "$tmp/page.pdf"
  pdf "$tmp/page.html" "$tmp/planted.pdf"
  "$tensu" verify --report json "$tmp/planted.pdf" >"$tmp/planted.pdf.json"; st=$?
  check "[ $st -eq 1 ]" "planted.pdf: status $st"
  if python3 - "$tmp/planted.pdf.json" "$tmp/page.html.json" <<'PY'; then ok; else ko "planted.pdf: see above"; fi
import json, sys
pdf, html = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
# the same wrong cells; the two unreadable ones at their place too (a
# cell's ron and tsumo are two lines, in the page and in the PDF: the
# misprinted amount loses only itself, 67 cells checked)
key = lambda e: (e["kind"], e["where"].strip("'") if e["kind"] == "wrong" else "")
a, b = sorted(map(key, pdf["errors"])), sorted(map(key, html["errors"]))
bad = a != b or any(e.get("page") != 1 for e in pdf["errors"]) or pdf["summary"]["cells"] != 67
if bad:
    print("FAIL: pdf", a, [e.get("page") for e in pdf["errors"]], pdf["summary"]["cells"])
    print("FAIL: html", b)
sys.exit(1 if bad else 0)
PY
  # a longer document: prose on page 1, the tables from page 2
  python3 - "$page" "$tmp/long.html" <<'PY'
import sys
s = open(sys.argv[1], encoding="utf-8").read()
prose = "<p>" + "Scoring is counted in han and fu. " * 60 + "</p>"
s = s.replace("<h1>Scoring table</h1>", "<h1>Rules</h1>" + prose * 3 +
              '<h1 style="break-before: page">Scoring table</h1>')
open(sys.argv[2], "w", encoding="utf-8").write(s)
PY
  pdf "$tmp/long.html" "$tmp/long.pdf"
  expect 0 'summary: 70 cells checked' -- verify "$tmp/long.pdf"
  expect 0 'summary: 70 cells checked' -- verify "$tmp/long.pdf" --pages 2-3
  expect 0 'table 2, page [23] \(dealer\): 24 of 79 cells read' -- verify "$tmp/long.pdf"
  expect 2 'long.pdf:page [0-9]+: no chart cell found' -- verify "$tmp/long.pdf" --pages 1-1
  expect 2 'the document has [0-9] pages' -- verify "$tmp/long.pdf" --pages 40-41
  expect 2 "bad --pages 'x'" -- verify "$tmp/long.pdf" --pages x

  # tensu's own table as a web page (tests/picture_chart.py), printed with
  # Chromium's header (the date and the page's title, here JSON with
  # numbers) and footer: a cell's ron and tsumo wrap onto two lines beside
  # one-line cells, the fu label centred between them, a table running on
  # to page 2.  Clean: every cell read, the header and footer lines at most
  # lines not read.  Planted (each amount found once in the chart): a non-dealer's
  # ron and tsumo share, a dealer's ron and tsumo, a limit's dealer tsumo
  # and non-dealer ron, each found on the page that prints it and nothing
  # else, every cell still read
  "$tensu" table --format text >"$tmp/table.txt"
  stacked() { # NAME PLANT...: NAME.html (picture_chart.py) printed to NAME.pdf
    local name=$1 profile
    shift
    python3 "$src/tests/picture_chart.py" "$tmp/table.txt" "$tmp/$name.html" "$tmp/$name.png" \
      "$tmp/$name.rects" "$@" >/dev/null || return 1
    profile=$(mktemp -d "$tmp/chromium.XXXXXX")
    timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
      --user-data-dir="$profile" --print-to-pdf="$tmp/$name.pdf" "file://$tmp/$name.html" \
      >/dev/null 2>&1
  }
  # stacked_check NAME STATUS WHERE|NEW...: the errors are exactly the
  # WHERE cells, each on the page whose text holds NEW; 248 cells checked,
  # 223 of 223 read, tables complete, warnings only the print's header and
  # footer lines
  stacked_check() {
    local name=$1 want=$2 st p
    shift 2
    "$tensu" verify --report json "$tmp/$name.pdf" >"$tmp/$name.json" 2>"$tmp/err"; st=$?
    check "[ $st -eq $want ]" "$name.pdf: status $st, expected $want: $(cat "$tmp/err")"
    np=$(pdfinfo "$tmp/$name.pdf" 2>/dev/null | awk '/^Pages:/ {print $2}')
    for p in $(seq 1 "${np:-0}"); do pdftotext -f "$p" -l "$p" "$tmp/$name.pdf" "$tmp/$name.p$p"; done
    if python3 - "$tmp/$name.json" "$tmp/$name" "${np:-0}" "$@" <<'PY'; then ok; else ko "$name.pdf: see above"; fi
import json, re, sys
d, base, npages, plants = json.load(open(sys.argv[1])), sys.argv[2], int(sys.argv[3]), sys.argv[4:]
text = {p: open(f"{base}.p{p}", encoding="utf-8").read() for p in range(1, npages + 1)}
bad = False
def fail(*a):
    global bad
    print("FAIL:", *a)
    bad = True
if npages < 2:
    fail("pages:", npages)
want = set()
for pl in plants:
    where, new = pl.split("|")
    pages = [p for p, t in text.items() if new in t]
    if len(pages) != 1:
        fail(f"{new}: on pages {pages}")
    want.add(("wrong", where, pages[0] if pages else 0))
got = {(e["kind"], e["where"], e["page"]) for e in d["errors"]}
for w in sorted(want - got):
    fail("not reported:", w)
for g in sorted(got - want):
    fail("reported but not planted:", g)
if len(d["errors"]) != len(got):
    fail("an error reported twice:", d["errors"])
s = d["summary"]
if s["cells"] != 248 or (s["full_table"]["read"], s["full_table"]["of"]) != (223, 223):
    fail("cells:", s["cells"], s["full_table"]["read"], s["full_table"]["of"])
if [(t["side"], t["read"], t["of"]) for t in s["tables"]] != [
        ("non-dealer", 119, 119), ("dealer", 79, 79), ("non-dealer and dealer", 25, 25)]:
    fail("tables:", s["tables"])
for w in d["warnings"]:
    # the print's header (the date, the title) and footer (the address, 1/2)
    if w["kind"] != "not_read" or not re.match(r"'(\d+/\d+/\d+, |file://)", w["where"]):
        fail("warning:", w)
sys.exit(1 if bad else 0)
PY
  }
  if stacked stacked; then
    stacked_check stacked 0
    stacked planted_stacked '1:40:2=2700 (700/1300)' '1:25:3=3200 (800/1700)' \
      '2:25:3=4900 (1600)' '2:70:2=6800 (2100)' '3:haneman:3=18000 (6100)' \
      '3:yakuman:2=33000 (8000/16000)'
    stacked_check planted_stacked 1 '2 han 40 fu, non-dealer ron|2700' \
      "3 han 25 fu, non-dealer tsumo, the dealer's share|1700" '3 han 25 fu, dealer ron|4900' \
      "2 han 70 fu, dealer tsumo, each payer's share|2100" \
      "haneman, dealer tsumo, each payer's share|6100" 'yakuman, non-dealer ron|33000'
  else
    ko "picture_chart.py: no page for the stacked cells"
  fi
else
  echo "verify_layouts: SKIPPED the PDF part: chromium is not installed (scripts/deps installs it)"
fi

# rows of han, columns of fu, headings in Japanese: read whole; a cell
# holding a Japanese character is an error at its place, shown as it is,
# and nothing read is wrong: incomplete (exit 3)
jp=$src/tests/data/charts/han_rows_jp.txt
expect 0 'summary: 30 cells checked, 30 of 223 cells of a full table read, 0 errors' -- verify "$jp"
sed 's|2,600 (700/1,300)|2,600 (700/千)|' "$jp" >"$tmp/jp.txt"
expect 3 "jp.txt:4:41: error: '2,600 \(700/千\)': not read" -- verify "$tmp/jp.txt"
expect 3 'summary: 27 cells checked' -- verify "$tmp/jp.txt"

# two tables without headings, the dealer's first: the values tell, and
# the report says so
df=$src/tests/data/charts/dealer_first.txt
expect 0 "dealer_first.txt:1: warning: .*inferred: no heading says whose table this is: read as the dealer's \(its tsumo cells hold one amount each\)" -- verify "$df"
expect 0 "dealer_first.txt:5: warning: .*read as the non-dealer's" -- verify "$df"
expect 0 'summary: 40 cells checked, 40 of 223 cells of a full table read, 0 errors' -- verify "$df"

# a chart in Japanese: 子/親 headings, 符 and 翻 (and 1-han, 30fu) labels,
# tsumo as (300) (500) or [400/700], オール and ∀, 満貫/跳満/倍満 rows, ×
ja=$src/tests/data/charts/japanese.txt
expect 0 'summary: 35 cells checked, 37 of 223 cells of a full table read, 0 errors' -- verify "$ja"
planted "$ja" japanese.txt 35 "$(cat <<'P'
3|(500) (1000)|(500) (900)|wrong|2 han 30 fu, non-dealer tsumo, the dealer's share
5|8000 (2000/4000)|8100 (2000/4000)|wrong|mangan, non-dealer ron
10|3900 (1300)|3900 (1200)|wrong|2 han 40 fu, dealer tsumo, each payer's share
P
)"

# ron amounts only, the dealer's table first: the amounts tell (1.5 times)
ro=$src/tests/data/charts/ron_only_dealer_first.txt
expect 0 "ron_only_dealer_first.txt:1: warning: .*read as the dealer's \(its ron amounts are the dealer's" -- verify "$ro"
expect 0 'summary: 12 cells checked, 12 of 223 cells of a full table read, 0 errors' -- verify "$ro"

# a non-dealer's tsumo shares written dealer's first, as the chart says
ds=$src/tests/data/charts/dealer_share_first.txt
expect 0 'summary: 18 cells checked, 18 of 223 cells of a full table read, 0 errors' -- verify "$ds"
sed 's/\[dealer-nondealer\]/[nondealer-dealer]/' "$ds" >"$tmp/swapped.txt"
expect 1 'summary: 18 cells checked, 18 of 223 cells of a full table read, 12 errors' -- verify "$tmp/swapped.txt"

# the dealer's tsumo written 500-all, 700 ALL, 800オール in a CSV
printf 'han,fu,dealer_ron,dealer_tsumo_each\n1,30,1500,500-all\n1,40,2000,700 ALL\n1,50,2400,900オール\n' >"$tmp/all.csv"
expect 1 'all.csv:4:11: cell D4: error: 1 han 50 fu, dealer tsumo, each payer.s share: found 900, expected 800' -- verify "$tmp/all.csv"
expect 1 'summary: 6 cells checked' -- verify "$tmp/all.csv"

# cells that give the tsumo total and its shares (issue 15): "1 100
# (300/500)", "1500 (500 all)"; the total checked against the formula and
# against its own shares, the tables of totals said in the report
tt=$src/tests/data/charts/tsumo_totals.txt
# (the headings "Non-dealer tsumo", "Dealer tsumo" say the tables are of
# totals; the limits' table is read as the others)
expect 0 'summary: 215 cells checked, 129 of 223 cells of a full table read, 0 errors, 2 warnings' -- verify "$tt"
expect 0 "tsumo_totals.txt:30: warning: 'total \(shares\)': inferred: the first amount of each cell read as the tsumo total, as in the chart's other tables" -- verify "$tt"
planted "$tt" totals.txt 215 "$(cat <<'P'
6|1 100 (300/500)|1 000 (300/500)|wrong|1 han 30 fu, non-dealer tsumo, the total
7|2 700 (700/1 300)|2 700 (700/1 200)|wrong|2 han 40 fu, non-dealer tsumo, the dealer's share
20|3 900 (1 300 all)|3 600 (1 200 all)|wrong|2 han 40 fu, dealer tsumo, the total
20|3 900 (1 300 all)|3 600 (1 200 all)|wrong|2 han 40 fu, dealer tsumo, each payer's share
30|12 000 (4 000 all)|13 000 (4 000 all)|wrong|mangan, dealer tsumo, the total
P
)"
# a total that disagrees with its own shares is named so; a right total
# beside a wrong share is not wrong
sed -i '20s/3 600 (1 200 all)/3 900 (1 300 all)/' "$tmp/totals.txt"
expect 1 'totals.txt:6:14: error: 1 han 30 fu, non-dealer tsumo, the total: found 1000, expected 1100: the total disagrees with its own shares \(500 \+ 300 \+ 300 = 1100\)' -- verify "$tmp/totals.txt"
expect 1 'summary: 215 cells checked, 129 of 223 cells of a full table read, 3 errors' -- verify "$tmp/totals.txt"
"$tensu" verify --report json "$tmp/totals.txt" >"$tmp/totals.json"
check "python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); e=[x for x in d[\"errors\"] if x[\"column\"]==\"nondealer_tsumo_total\"]; sys.exit(0 if len(e)==1 and e[0][\"cause\"]==\"shares\" and e[0][\"found\"]==1000 and e[0][\"expected\"]==1100 else 1)' '$tmp/totals.json'" \
  "totals: JSON cause shares"
# in a CSV tsumo column, a wiki tsumo key, a LaTeX tsumo line, on the grid's
# tsumo line under the ron line
printf 'han,fu,nondealer_ron,nondealer_tsumo,dealer_ron,dealer_tsumo\n1,30,1000,"1,100 (300/500)",1500,1500 (500 all)\n1,40,1300,1 600 (400/700),2000,2100 (700 all)\n' >"$tmp/t.csv"
expect 1 't.csv:3:11: cell D3: error: 1 han 40 fu, non-dealer tsumo, the total: found 1600, expected 1500: the total disagrees with its own shares \(700 \+ 400 \+ 400 = 1500\)' -- verify "$tmp/t.csv"
expect 1 'summary: 14 cells checked.*1 error' -- verify "$tmp/t.csv"
printf '# Nondealer block\n|1and30ron=1000\n|1and30tsumo=1100 (300/500)\n|1and40tsumo=1500 (400/800)\n' >"$tmp/t.wiki"
expect 1 "t.wiki:4:[0-9]+: error: 1 han 40 fu, non-dealer tsumo, the dealer's share: found 800, expected 700" -- verify --format wiki "$tmp/t.wiki"
expect 1 'summary: 7 cells checked.*1 error' -- verify --format wiki "$tmp/t.wiki"
printf 'Non-dealer\n\\begin{tabular}{lll}\nfu & 1 han & 2 han \\\\\n30 & 1,000 & 2,000 \\\\\n & 1,100 (300-500) & 2,000 (500-1,000) \\\\\n\\end{tabular}\n' >"$tmp/t.tex"
expect 0 'summary: 8 cells checked.*0 errors' -- verify "$tmp/t.tex"
printf 'Non-dealer\nfu       1 han            2 han\n30       1,000            2,000\n         1,100 (300/500)  2,100 (500/1,000)\n' >"$tmp/split.txt"
expect 1 "split.txt:4:27: error: 2 han 30 fu, non-dealer tsumo, the total: found 2100, expected 2000: the total disagrees with its own shares" -- verify "$tmp/split.txt"
expect 1 'summary: 8 cells checked.*1 error' -- verify "$tmp/split.txt"

# three players (issue 15): totals of two shares ("800 [500-300]", the
# dealer's share first, said by the values), checked under tenhou-sanma;
# north-bisection's shares; the words alone
st=$src/tests/data/charts/sanma_totals.txt
expect 0 'sanma_totals.txt: grid chart, 140 cells checked against rules tenhou-sanma: .*players=3 sanma=tsumo-son' -- verify "$st"
expect 0 "players=3 +sure: the 56 cells that tell \(tsumo totals, a North's share split\) all pay it; checked under tenhou-sanma" -- verify "$st"
expect 0 "sanma_totals.txt:5: warning: 'tsumo shares': inferred: a non-dealer's tsumo shares read the dealer's first" -- verify "$st"
expect 0 'summary: 140 cells checked, 84 of 223 cells of a full table read, 0 errors' -- verify "$st"
planted "$st" sanma.txt 140 "$(cat <<'P'
6|800 [500-300]|900 [500-300]|wrong|1 han 30 fu, non-dealer tsumo, the total
7|2 000 [1 300-700]|2 000 [1 300-600]|wrong|2 han 40 fu, non-dealer tsumo, each non-dealer's share
15|2 000 [1 000 all]|3 000 [1 500 all]|wrong|2 han 30 fu, dealer tsumo, the total
15|2 000 [1 000 all]|3 000 [1 500 all]|wrong|2 han 30 fu, dealer tsumo, each payer's share
P
)"
check "python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); v=d[\"variant\"]; sys.exit(0 if v[\"players\"][\"value\"]==\"3\" and v[\"sanma\"][\"value\"]==\"tsumo-son\" and d[\"rules\"][\"players\"]==\"3\" and d[\"rules\"][\"preset\"]==\"tenhou-sanma\" else 1)' '$tmp/sanma.txt.json'" \
  "sanma: JSON players and sanma inferred"
# four players forced: the totals of two shares are wrong
expect 1 'summary: 140 cells checked, 84 of 223 cells of a full table read, [1-9][0-9]* errors' -- verify --set players=4 "$st"
sn=$src/tests/data/charts/sanma_north.txt
expect 0 'players=3 +sure: .*checked under tenhou-sanma' -- verify "$sn"
expect 0 'sanma=north-bisection +sure' -- verify "$sn"
expect 0 'summary: 146 cells checked, 146 of 223 cells of a full table read, 0 errors' -- verify "$sn"
expect 0 'summary: 146 cells checked, 146 of 223 cells of a full table read, 0 errors' -- verify --rules tenhou-sanma --set sanma=north-bisection "$sn"
expect 1 'summary: 146 cells checked, .* [1-9][0-9]* errors' -- verify --rules tenhou-sanma "$sn"
planted "$sn" north.txt 146 "$(cat <<'P'
7|2000 (800/1200)|2000 (700/1300)|wrong|2 han 30 fu, non-dealer tsumo, each non-dealer's share
7|2000 (800/1200)|2000 (700/1300)|wrong|2 han 30 fu, non-dealer tsumo, the dealer's share
18|3900 (2000)|3900 (1300)|wrong|2 han 40 fu, dealer tsumo, each payer's share
P
)"
# the words alone: a chart whose cells do not tell, called three-player
printf 'Sanma scoring table\nNon-dealer\nfu   1 han   2 han\n30   1000    2000\n40   1300    2600\n' >"$tmp/words.txt"
expect 0 "players=3 +likely: the chart's words say three players \('sanma', line 1\); no cell tells" -- verify "$tmp/words.txt"
sed 's/Sanma scoring table/三人麻雀/' "$tmp/words.txt" >"$tmp/words_ja.txt"
expect 0 "players=3 +likely: the chart's words say three players \('三人', line 1\)" -- verify "$tmp/words_ja.txt"

# honba included (issue 15): a table "with 1 honba", every ron +300, every
# tsumo share +100: inferred, said, and planted errors found
hb=$src/tests/data/charts/honba.csv
expect 0 'honba.csv: csv chart, 146 cells checked against rules tenhou: .*, 1 honba included' -- verify "$hb"
expect 0 'honba: 1 included +sure: the 146 cells that tell \(every cell\) all pay it; 1 honba: every ron \+300, every tsumo share \+100' -- verify "$hb"
expect 0 'summary: 146 cells checked, 146 of 223 cells of a full table read, 0 errors' -- verify "$hb"
expect 1 'summary: 146 cells checked, 146 of 223 cells of a full table read, 1[0-9][0-9] errors' -- verify --honba 0 "$hb"
expect 1 'rules tenhou: .*players=4' -- verify --honba 0 "$hb"
expect 0 'honba: 1 included +given' -- verify --honba 1 "$hb"
expect 2 "bad value '11' for --honba: allowed 0..10" -- verify --honba 11 "$hb"
planted "$hb" honba.csv 146 "$(cat <<'P'
5|1,30,1300,|1,30,1000,|wrong|1 han 30 fu, non-dealer ron
20|1400,2700,8000|1400,2500,8000|wrong|3 han 40 fu, non-dealer tsumo, the dealer's share
31|12300|12000|wrong|mangan, dealer ron
P
)"
check "python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); v=d[\"variant\"][\"honba-included\"]; e=[x for x in d[\"errors\"] if x[\"where\"]==\"1 han 30 fu, non-dealer ron\"]; sys.exit(0 if v[\"value\"]==\"1\" and v[\"guess\"]==\"mixed\" and v[\"agree\"]==143 and v[\"disagree\"]==2 and v[\"neither\"]==1 and e[0][\"cause\"]==\"honba\" and e[0][\"expected\"]==1300 else 1)' '$tmp/honba.csv.json'" \
  "honba: JSON variant and cause"

finish verify_layouts
