#!/usr/bin/env bash
# tensu verify --annotate: the annotated chart as files.  Exit statuses
# follow verify's; the PDF is well formed with every font embedded and
# carries the wrong values with the expected ones; the SVG is well formed
# and renders; an output that cannot be written gives exit status 2 and no
# file.  Usage: verify_annotate.sh TENSU CHARTS_DIR
set -u
tensu=$1
charts=$2
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
arrow=$'\xe2\x86\x92'   # U+2192, before each expected value
nbsp=$'\xc2\xa0'          # U+00A0, before : in French
nnbsp=$'\xe2\x80\xaf'      # U+202F, the French thousands separator

# chart, exit status, errors, most pages
while read -r chart want errors pages; do
  out="$tmp/${chart%.csv}.pdf"
  "$tensu" verify "$charts/$chart" --annotate "$out" >"$tmp/report" 2>"$tmp/err"; st=$?
  [ "$st" -eq "$want" ] && ok || ko "$chart: status $st, expected $want: $(cat "$tmp/err")"
  grep -q "summary: .*, $errors error" "$tmp/report" && ok || ko "$chart: report: $(tail -1 "$tmp/report")"
  [ -s "$out" ] && ok || { ko "$chart: no PDF"; continue; }
  qpdf --check "$out" >"$tmp/qpdf" 2>&1 && ok || ko "$chart: qpdf --check: $(tail -3 "$tmp/qpdf")"
  check_poppler "$out"
  # every font embedded (the "emb" column)
  nf=$(pdffonts "$out" 2>/dev/null | tail -n +3 | wc -l)
  ne=$(pdffonts "$out" 2>/dev/null | tail -n +3 | awk '$(NF-4) != "yes"' | wc -l)
  [ "$nf" -ge 2 ] && [ "$ne" -eq 0 ] && ok || ko "$chart: fonts: $nf, not embedded: $ne"
  np=$(pdfinfo "$out" 2>/dev/null | awk '/^Pages:/ {print $2}')
  [ -n "$np" ] && [ "$np" -ge 1 ] && [ "$np" -le "$pages" ] && ok || ko "$chart: $np pages (at most $pages)"
  # one expected value per wrong cell, plus the legend's sample
  pdftotext "$out" "$tmp/text" 2>/dev/null
  na=$(grep -o "$arrow[0-9]" "$tmp/text" | wc -l)
  [ "$na" -eq $((errors + 1)) ] && ok || ko "$chart: $na expected values drawn, want $((errors + 1))"
  grep -q "Cells checked: .* errors: $errors " "$tmp/text" && ok || ko "$chart: no summary line in the PDF"
  grep -qF "$chart" "$tmp/text" && ok || ko "$chart: the PDF does not name the chart"
done <<'EOF'
reachy_on_rails_scoring.csv 1 1 1
memorize_mahjong_scores.csv 1 6 2
josun_go_scoremap.csv 1 115 4
riichibook1_score_tables.csv 0 0 1
riichiwiki_scoring_table.csv 0 0 1
EOF

# reachy-on-rails: 3 han 50 fu non-dealer ron 6,300, expected 6,400 (amounts
# grouped as the language groups them: never 6300)
pdftotext "$tmp/reachy_on_rails_scoring.pdf" "$tmp/text" 2>/dev/null
grep -qx "6,300" "$tmp/text" && ok || ko "reachy: 6,300 not in the PDF"
grep -qx "${arrow}6,400" "$tmp/text" && ok || ko "reachy: ${arrow}6,400 not in the PDF"
grep -qx "typo" "$tmp/text" && ok || ko "reachy: the cause (typo) is not in the PDF"
! grep -qE '(^|[^0-9,])[0-9]{4,}' "$tmp/text" && ok ||
  ko "reachy: an amount not grouped: $(grep -oE '(^|[^0-9,])[0-9]{4,}' "$tmp/text" | head -3 | tr '\n' ' ')"
# memorize: 4 han 30 fu, the dealer's share 3,000 for 3,900
pdftotext "$tmp/memorize_mahjong_scores.pdf" "$tmp/text" 2>/dev/null
grep -qx "3,000" "$tmp/text" && grep -qx "${arrow}3,900" "$tmp/text" && ok ||
  ko "memorize: 3,000 / ${arrow}3,900 not in the PDF"

# The same input gives the same bytes.
"$tensu" verify "$charts/reachy_on_rails_scoring.csv" --annotate "$tmp/again.pdf" >/dev/null
cmp -s "$tmp/again.pdf" "$tmp/reachy_on_rails_scoring.pdf" && ok || ko "two runs, two different PDFs"

# SVG: one file per page (NAME.svg for one page, else NAME-1.svg, NAME-2.svg ...,
# as many as the PDF has pages), each well formed, at most 200 KB, with a
# <title> and its page's text in <desc>; English and French.
while read -r chart pages; do
  for lang in en fr; do
    dir="$tmp/svg-$lang-${chart%.csv}"
    mkdir -p "$dir"
    "$tensu" verify "$charts/$chart" --annotate "$dir/out.svg" --lang "$lang" >/dev/null 2>"$tmp/err"
    n=$(ls "$dir" | wc -l)
    [ "$n" -eq "$pages" ] && ok || ko "svg $lang $chart: $n files, want $pages: $(ls "$dir" | tr '\n' ' ')"
    if [ "$pages" -eq 1 ]; then
      [ -s "$dir/out.svg" ] && ok || ko "svg $lang $chart: no out.svg"
    else
      for i in $(seq 1 "$pages"); do
        [ -s "$dir/out-$i.svg" ] && ok || ko "svg $lang $chart: no out-$i.svg"
      done
    fi
    for f in "$dir"/*.svg; do
      b=$(basename "$f")
      size=$(stat -c %s "$f")
      [ "$size" -le 204800 ] && ok || ko "svg $lang $chart: $b is $size bytes (at most 200 KB)"
      xmllint --noout "$f" 2>"$tmp/err" && ok || ko "svg $lang $chart: $b not well formed: $(head -3 "$tmp/err")"
      grep -q "<title>[^<]*${chart}[^<]*</title>" "$f" && ok || ko "svg $lang $chart: $b: no <title> naming the chart"
      # the page's own text: its footer, "page N of M" / "page N sur M"
      p=$(basename "$b" .svg); p=${p#out}; p=${p#-}; p=${p:-1}
      if [ "$lang" = en ]; then want="page $p of $pages"; else want="page $p sur $pages"; fi
      sed -n '/<desc>/,/<\/desc>/p' "$f" | grep -qF "$want" && ok || ko "svg $lang $chart: $b: '$want' not in <desc>"
    done
  done
done <<'EOF'
reachy_on_rails_scoring.csv 1
memorize_mahjong_scores.csv 2
josun_go_scoremap.csv 4
riichibook1_score_tables.csv 1
riichiwiki_scoring_table.csv 1
EOF
# The French pages in French: the rules in words (no key=value), no English
# word, curly apostrophes, a no-break space before : ; ! (so that no line
# starts with one), amounts grouped; no line of either language starts with
# a punctuation mark.
for f in "$tmp"/svg-fr-*/*.svg; do
  sed -n '/<desc>/,/<\/desc>/p' "$f" | sed 's/<[^>]*>//g' | grep -v '^tensu verify --annotate' >>"$tmp/fr-text"
done
for f in "$tmp"/svg-en-*/*.svg; do
  sed -n '/<desc>/,/<\/desc>/p' "$f" | sed 's/<[^>]*>//g' >>"$tmp/en-text"
done
! grep -qE '[a-z-]+=[a-z0-9]' "$tmp/fr-text" "$tmp/en-text" && ok ||
  ko "key=value on a page: $(grep -ohE '[a-z-]+=[a-z0-9]+' "$tmp/fr-text" "$tmp/en-text" | sort -u | head -5 | tr '\n' ' ')"
! grep -qiwE 'the|and|of|rules|chart|given|sure|likely|stack|yes|no|cells|row|absent from' "$tmp/fr-text" && ok ||
  ko "English on a French page: $(grep -oiwE 'the|and|of|rules|chart|given|sure|likely|stack|yes|no|cells|row' "$tmp/fr-text" | sort -u | tr '\n' ' ')"
! grep -q "'" "$tmp/fr-text" && ok || ko "a straight apostrophe on a French page: $(grep "'" "$tmp/fr-text" | head -2)"
! grep -qE ' [:;!]' "$tmp/fr-text" && ok || ko "an ordinary space before : ; ! on a French page: $(grep -E ' [:;!]' "$tmp/fr-text" | head -2)"
grep -q "Kiriage${nbsp}: non" "$tmp/fr-text" && grep -q "13${nbsp}han et plus${nbsp}: yakuman compté" "$tmp/fr-text" &&
  grep -q "Tenhou, quatre joueurs" "$tmp/fr-text" && ok || ko "the French rules are not in words"
grep -q "Kiriage: no" "$tmp/en-text" && grep -q "Tenhou, four players" "$tmp/en-text" && ok || ko "the English rules are not in words"
grep -q "12${nnbsp}000" "$tmp/fr-text" && grep -q "12,000" "$tmp/en-text" && ok || ko "amounts not grouped as the language groups them"
! grep -qE '(^|[^0-9,])[0-9]{4,}' "$tmp/en-text" && ok ||
  ko "an amount not grouped: $(grep -oE '(^|[^0-9,])[0-9]{4,}' "$tmp/en-text" | sort -u | head -5 | tr '\n' ' ')"
! grep -qE '^[;:!?.,»·—]' "$tmp/fr-text" "$tmp/en-text" && ok ||
  ko "a line starts with a punctuation mark: $(grep -hE '^[;:!?.,»·—]' "$tmp/fr-text" "$tmp/en-text" | head -2)"
rsvg-convert "$tmp/svg-en-reachy_on_rails_scoring/out.svg" -o "$tmp/reachy.png" 2>"$tmp/err" && [ -s "$tmp/reachy.png" ] && ok ||
  ko "svg: rsvg-convert failed: $(cat "$tmp/err")"
rsvg-convert "$tmp/svg-fr-josun_go_scoremap/out-4.svg" -o "$tmp/josun.png" 2>"$tmp/err" && [ -s "$tmp/josun.png" ] && ok ||
  ko "svg: rsvg-convert failed on a last page: $(cat "$tmp/err")"
"$tensu" verify "$charts/riichibook1_score_tables.csv" --annotate "$tmp/rb.SVG" --lang fr >/dev/null; st=$?
[ "$st" -eq 0 ] && xmllint --noout "$tmp/rb.SVG" && ok || ko "svg (clean chart, .SVG, French): status $st"
"$tensu" verify "$charts/memorize_mahjong_scores.csv" --annotate "$tmp/mm.SVG" >/dev/null
[ -s "$tmp/mm-1.SVG" ] && [ -s "$tmp/mm-2.SVG" ] && [ ! -e "$tmp/mm.SVG" ] && ok ||
  ko "svg (two pages, .SVG): $(ls "$tmp" | grep -i '^mm' | tr '\n' ' ')"
# a page that cannot be written: status 2, no page left under its name, no temporary file
mkdir -p "$tmp/busy/x-2.svg"
"$tensu" verify "$charts/memorize_mahjong_scores.csv" --annotate "$tmp/busy/x.svg" >/dev/null 2>"$tmp/err"; st=$?
[ "$st" -eq 2 ] && [ "$(ls -A "$tmp/busy")" = "x-2.svg" ] && ok ||
  ko "svg page onto a folder: status $st, left: $(ls -A "$tmp/busy" | tr '\n' ' ')"

# French: the header is translated, the numbers are the chart's.
"$tensu" verify "$charts/reachy_on_rails_scoring.csv" --annotate "$tmp/fr.pdf" --lang fr >/dev/null
pdftotext "$tmp/fr.pdf" - 2>/dev/null | grep -q "Vérification du tableau" && ok || ko "--lang fr: no French title"

# --report json still prints the report, and the file is written.
"$tensu" verify "$charts/memorize_mahjong_scores.csv" --report json --annotate "$tmp/j.pdf" >"$tmp/j.json"; st=$?
[ "$st" -eq 1 ] && [ -s "$tmp/j.pdf" ] && python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["summary"]["errors"] == 6' "$tmp/j.json" &&
  ok || ko "--report json with --annotate: status $st"

# Cannot write: exit 2, a message naming the file, and no file (nor temporary) left.
for bad in "$tmp/no/such/dir/x.pdf" "/dev/null/x.svg"; do
  "$tensu" verify "$charts/reachy_on_rails_scoring.csv" --annotate "$bad" >/dev/null 2>"$tmp/err"; st=$?
  [ "$st" -eq 2 ] && ok || ko "unwritable $bad: status $st"
  grep -qF "cannot write $bad" "$tmp/err" && ok || ko "unwritable $bad: message: $(cat "$tmp/err")"
  [ ! -e "$bad" ] && ok || ko "unwritable $bad: a file was written"
done
mkdir "$tmp/ro"
cp "$tmp/reachy_on_rails_scoring.pdf" "$tmp/ro/keep.pdf"
"$tensu" verify "$charts/reachy_on_rails_scoring.csv" --annotate "$tmp/ro/x.txt" >/dev/null 2>"$tmp/err"; st=$?
[ "$st" -eq 2 ] && grep -q 'must end in .pdf or .svg' "$tmp/err" && ok || ko "bad extension: status $st: $(cat "$tmp/err")"
[ "$(ls -A "$tmp/ro")" = "keep.pdf" ] && ok || ko "files left behind: $(ls -A "$tmp/ro")"
# an unreadable chart: exit 2, no file
printf 'han;fu\nnothing\n' >"$tmp/bad.csv"
"$tensu" verify "$tmp/bad.csv" --annotate "$tmp/ro/bad.pdf" >/dev/null 2>&1; st=$?
[ "$st" -eq 2 ] && [ ! -e "$tmp/ro/bad.pdf" ] && ok || ko "unreadable chart: status $st"
# an unreadable cell is an error at its place; the rest is read (issue 15);
# nothing read is wrong: incomplete, exit 3 (issue 26)
printf 'han,fu,nondealer_ron\n3,50,abc\n3,60,7700\n' >"$tmp/cell.csv"
"$tensu" verify "$tmp/cell.csv" >"$tmp/out" 2>&1; st=$?
[ "$st" -eq 3 ] && grep -q "cell.csv:2:6: cell C2: error: 'abc': not read" "$tmp/out" &&
  grep -q 'summary: 1 cells checked' "$tmp/out" && ok || ko "unreadable cell: status $st: $(cat "$tmp/out")"
[ "$(ls -A "$tmp/ro")" = "keep.pdf" ] && ok || ko "files left behind: $(ls -A "$tmp/ro")"
# bad --lang and --paper
"$tensu" verify "$charts/reachy_on_rails_scoring.csv" --annotate "$tmp/ro/l.pdf" --lang xx >/dev/null 2>"$tmp/err"; st=$?
[ "$st" -eq 2 ] && grep -q "xx" "$tmp/err" && [ ! -e "$tmp/ro/l.pdf" ] && ok || ko "--lang xx: status $st: $(cat "$tmp/err")"
"$tensu" verify "$charts/reachy_on_rails_scoring.csv" --annotate "$tmp/ro/l.pdf" --paper a3 >/dev/null 2>&1; st=$?
[ "$st" -eq 2 ] && ok || ko "--paper a3: status $st"
[ "$(ls -A "$tmp/ro")" = "keep.pdf" ] && ok || ko "files left behind: $(ls -A "$tmp/ro")"
# every cause has its words: a chart with its honba included, one cell
# without them (cause honba), annotated in both languages
sed '5s/^1,30,1300,/1,30,1000,/' "$(dirname "$0")/data/charts/honba.csv" >"$tmp/honba1.csv"
for lang in en fr; do
  "$tensu" verify "$tmp/honba1.csv" --annotate "$tmp/honba-$lang.pdf" --lang $lang >/dev/null 2>"$tmp/err"; st=$?
  [ "$st" -eq 1 ] && [ -s "$tmp/honba-$lang.pdf" ] && ok || ko "honba cause, $lang: status $st: $(cat "$tmp/err")"
  pdftotext "$tmp/honba-$lang.pdf" - 2>/dev/null | grep -q 'honba' && ok || ko "honba cause, $lang: the cause is not on the page"
done

# Letter paper
"$tensu" verify "$charts/reachy_on_rails_scoring.csv" --annotate "$tmp/letter.pdf" --paper letter >/dev/null
pdfinfo "$tmp/letter.pdf" 2>/dev/null | grep -q 'Page size: *792 x 612' && ok || ko "--paper letter: $(pdfinfo "$tmp/letter.pdf" 2>/dev/null | grep 'Page size')"

finish verify_annotate
