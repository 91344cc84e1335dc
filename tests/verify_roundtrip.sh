#!/usr/bin/env bash
# Round trip: every table tensu writes (each format, each preset, with and
# without --all-cells, up to 13 han) must verify clean: exit status 0 and
# "0 errors".  Also checks a chart the verifier must reject (exit 1).
set -u
tensu=$1
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for preset in tenhou majsoul ema2016 wrc2015 tenhou-sanma; do
  for fmt in text csv json md; do
    for extra in "" "--all-cells" "--han-max 13" "--han-max 13 --all-cells"; do
      # shellcheck disable=SC2086
      "$tensu" table --rules "$preset" --format "$fmt" $extra >"$tmp/t" 2>"$tmp/e" ||
        { ko "table --rules $preset --format $fmt $extra failed: $(cat "$tmp/e")"; continue; }
      out=$("$tensu" verify "$tmp/t" 2>&1); st=$?
      if [ "$st" -eq 0 ] && grep -q ', 0 errors,' <<<"$out"; then ok
      else ko "verify of table --rules $preset --format $fmt $extra: status $st: $(grep -m3 'error' <<<"$out")"; fi
      # from standard input, forcing the format
      case $fmt in text|md) f=grid ;; *) f=$fmt ;; esac
      if "$tensu" verify - --format "$f" <"$tmp/t" >/dev/null 2>&1; then ok
      else ko "verify - --format $f of table --rules $preset --format $fmt $extra"; fi
    done
  done
done

# The variant is inferred from the cells of a CSV table (which states no rules).
"$tensu" table --rules wrc2015 --format csv --han-max 13 >"$tmp/w.csv"
out=$("$tensu" verify "$tmp/w.csv")
grep -qE 'kiriage=yes +sure' <<<"$out" && ok || ko "wrc2015 csv: kiriage not inferred: $out"
grep -qE 'kazoe=sanbaiman +sure' <<<"$out" && ok || ko "wrc2015 csv: kazoe not inferred: $out"
# ... and verifying it against tenhou rules finds the kiriage cells.
out=$("$tensu" verify "$tmp/w.csv" --rules tenhou); st=$?
[ "$st" -eq 1 ] && ok || ko "wrc2015 csv against --rules tenhou: status $st"
grep -q 'error: 4 han 30 fu, non-dealer ron: found 8000, expected 7700: the kiriage value' <<<"$out" && ok ||
  ko "wrc2015 csv against tenhou: no kiriage cause: $(grep -m2 '4 han 30 fu' <<<"$out")"

# One wrong cell in our own JSON table: exactly one error, named.
"$tensu" table --format json | python3 -c '
import json, sys
t = json.load(sys.stdin)
for c in t["cells"]:
    if (c["han"], c["fu"]) == (3, 50):
        c["nondealer"]["ron"]["points"] = 6300
json.dump(t, sys.stdout)' >"$tmp/bad.json"
out=$("$tensu" verify "$tmp/bad.json" --report json); st=$?
[ "$st" -eq 1 ] && ok || ko "bad json: status $st"
printf '%s' "$out" >"$tmp/report.json"
python3 - "$tmp/report.json" <<'PY' && ok || ko "bad json report: $out"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["summary"]["errors"] == 1, r["summary"]
e = r["errors"][0]
assert (e["han"], e["fu"], e["column"], e["found"], e["expected"], e["cause"]) == \
    (3, 50, "nondealer_ron", 6300, 6400, "digit_typo"), e
PY

# Our own club card (sheets --template card) verifies clean: the two tables
# side by side on one band of lines (each under its heading), each cell's
# ron over its tsumo ("1 000" over "300 / 500", "1 500" over "500 chacun"),
# the limits table with its han column and the rules box beside it, page 2's
# yaku list not a table.  Every cell read, no error, no warning, the
# variant inferred from the cells (kiriage) or the words (three players).
# (The card as a PNG is not read: tensu-verify(1), FORMATS, png.)
for preset in tenhou wrc2015 tenhou-sanma; do
  "$tensu" sheets --template card --format pdf --rules "$preset" -o "$tmp/card-$preset" >/dev/null 2>&1 ||
    { ko "sheets --template card --rules $preset failed"; continue; }
  for lang in fr en; do
    f=$(ls "$tmp/card-$preset"/card-"$lang"*.pdf 2>/dev/null | head -1)
    [ -n "$f" ] || { ko "card $preset $lang: no PDF"; continue; }
    out=$("$tensu" verify "$f" 2>&1); st=$?
    if [ "$st" -eq 0 ] && grep -qE 'summary: 2[0-9]+ cells checked, 223 of 223 cells of a full table read, 0 errors, 0 warnings' <<<"$out" &&
       grep -q 'table 1, page 1 (non-dealer): 119 of 119' <<<"$out" &&
       grep -q 'table 2, page 1 (dealer): 79 of 79' <<<"$out"; then ok
    else ko "verify of card $preset $lang: status $st: $(grep -m3 -E 'error|warning|summary' <<<"$out")"; fi
    case $preset in
      wrc2015) grep -qE 'kiriage=yes +sure' <<<"$out" && ok || ko "card wrc2015 $lang: kiriage not inferred" ;;
      tenhou) grep -qE 'kiriage=no +sure' <<<"$out" && ok || ko "card tenhou $lang: kiriage=no not inferred" ;;
      tenhou-sanma) grep -qE 'players=3 ' <<<"$out" && grep -q 'against rules tenhou-sanma' <<<"$out" && ok ||
        ko "card tenhou-sanma $lang: three players not inferred" ;;
    esac
    # and under the preset's rules given
    out=$("$tensu" verify "$f" --rules "$preset" 2>&1); st=$?
    [ "$st" -eq 0 ] && grep -q ', 0 errors, 0 warnings' <<<"$out" && ok ||
      ko "verify of card $preset $lang --rules $preset: status $st: $(grep -m3 -E 'error|warning' <<<"$out")"
  done
done
# Two text tables side by side, the band ending the input: both read, each
# under its half of the headings line.
printf 'Non-dealer  Dealer\nfu  1 han  2 han  fu  1 han  2 han\n%s\n%s' \
  '30 fu  1000 (300/500)  2000 (500/1000)  30 fu  1500 (500 all)  2900 (1000 all)' \
  '40 fu  1300 (400/700)  2600 (700/1300)  40 fu  2000 (700 all)  3900 (1300 all)' >"$tmp/sbs.txt"
out=$("$tensu" verify "$tmp/sbs.txt" 2>&1)
grep -q 'table 1, line 3 (non-dealer): 12 of 119' <<<"$out" && grep -q 'table 2, line 3 (dealer): 8 of 79' <<<"$out" &&
  grep -q ' 0 errors' <<<"$out" && ok || ko "side-by-side text tables: $out"
# ... and a wrong cell of the card is found: the tenhou card checked under
# wrc2015 finds the kiriage cells (4 han 30 fu: 7 700, not 8 000)
out=$("$tensu" verify "$tmp/card-tenhou/card-fr.pdf" --rules wrc2015 2>&1); st=$?
[ "$st" -eq 1 ] && grep -q '4 han 30 fu, non-dealer ron: found 7700, expected 8000' <<<"$out" && ok ||
  ko "card tenhou fr under wrc2015: status $st: $(grep -m2 '4 han 30 fu' <<<"$out")"

# Exit statuses and messages on the published charts and our broken ones.
charts=${2:-}
data=${3:-}
if [ -n "$charts" ] && [ -d "$charts" ]; then
  expect 0 'summary: 198 cells checked, 198 of 223 cells of a full table read, 0 errors, 0 warnings' -- verify "$charts/riichibook1_score_tables.csv"
  expect 0 'summary: 198 cells checked, 198 of 223 cells of a full table read, 0 errors, 0 warnings' -- verify "$charts/riichibook1_score_tables_excerpt.txt"
  expect 0 'summary: 155 cells checked, 146 of 223 cells of a full table read, 0 errors, 10 warnings' -- verify "$charts/riichiwiki_scoring_table.csv"
  expect 0 'warning: 25 fu: no 25 fu row' -- verify "$charts/riichiwiki_scoring_table_template.txt"
  expect 1 ':19:6: cell C19: error: 3 han 50 fu, non-dealer ron: found 6300, expected 6400: a digit typo' -- verify "$charts/reachy_on_rails_scoring.csv"
  expect 1 'summary: 197 cells checked, 168 of 223 cells of a full table read, 6 errors' -- verify "$charts/memorize_mahjong_scores.csv"
  expect 1 'summary: 974 cells checked, 223 of 223 cells of a full table read, 115 errors' -- verify "$charts/josun_go_scoremap.csv"
  expect 1 '"errors": 115' -- verify "$charts/josun_go_scoremap.csv" --report json
  expect 0 'kiriage=no +given' -- verify "$charts/riichibook1_score_tables.csv" --rules tenhou
  # a club's rules file: the report names the club
  "$tensu" rules tenhou --export | sed 's/"name": null/"name": "Club de Lyon"/' >"$tmp/club.json"
  expect 0 'checked against the rules of Club de Lyon \(club rules on tenhou\)' -- verify "$charts/riichibook1_score_tables.csv" --rules "$tmp/club.json"
  expect 1 '4 han 30 fu, dealer ron: found 11600, expected 12000: the value without kiriage' -- verify "$charts/riichibook1_score_tables.csv" --rules wrc2015
  expect 0 'kiriage=no +given' -- verify "$charts/riichibook1_score_tables.csv" --set kiriage=yes --set kiriage=no --rules wrc2015
  # with double-wind-fu=2, 1 han 110 fu ron cannot occur (wrc2022 rules)
  expect 0 '1 han 110 fu, non-dealer ron: 3600: a value for a hand that cannot occur' -- verify "$charts/riichibook1_score_tables.csv" --set kiriage=no --rules wrc2022
fi
if [ -n "$data" ] && [ -d "$data" ]; then
  # a cell that cannot be read is an error at its place; the rest is read;
  # none read is wrong, so the verdict is incomplete (exit 3), never clean
  expect 3 "unreadable.csv:3:12: cell D3: error: '2.9k': not read: expected a number of points" -- verify "$data/unreadable.csv"
  expect 3 'verdict: incomplete: 1 cell of the chart not read \(not checked\); the [0-9]+ read are right' -- verify "$data/unreadable.csv"
  expect 3 'unreadable_grid.txt:4:37: error: .*not read: expected a non-dealer cell' -- verify "$data/unreadable_grid.txt"
  expect 0 'kiriage=yes +sure' -- verify "$data/kiriage_grid.txt"
  expect 1 'found 13000, expected 1300: a digit typo' -- verify "$data/typo.json"
  expect 1 'found 3800, expected 3900: rounded down' -- verify "$data/latex_small.tex" --format latex
  expect 1 'pays 4x the yakuman value, not 3x' -- verify "$data/yakuman.csv"
fi
expect 2 'cannot read' -- verify /nonexistent/chart.csv
expect 2 "bad format 'xml'" -- verify x.csv --format xml
expect 2 "no chart file given" -- verify
out=$("$tensu" verify /nonexistent/chart.csv 2>/dev/null)
[ -z "$out" ] && ok || ko "stdout not empty on unreadable input"

finish verify_roundtrip
