#!/usr/bin/env bash
# tensu sheets --rules classical end to end (issue 7): the classical
# templates are picked by themselves, PDF checks (qpdf, pdffonts,
# pdftotext: the doubling table's numbers, seed 003's 576, French
# accents), SVG checks (xmllint, rsvg-convert), PNG and Letter, same
# bytes twice, and the default riichi set left as it was.
set -u
tensu=$1
src=$2
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TENSU_DATA_DIR=$src
export SOURCE_DATE_EPOCH=1700000000

"$tensu" sheets --rules classical -o "$work/a" > "$work/log" 2>&1
rc=$?
check "[ $rc -eq 0 ]" "classical set exit $rc: $(cat "$work/log")"
check "grep -q 'wrote 12 files' '$work/log'" "the summary names 12 files: $(cat "$work/log")"
for f in classical-card-fr.pdf classical-card-en.pdf classical-study-fr.pdf classical-study-en.pdf \
         classical-card-fr.svg classical-card-en.svg classical-study-fr-1.svg classical-study-fr-2.svg \
         classical-study-fr-3.svg classical-study-en-1.svg classical-study-en-2.svg classical-study-en-3.svg; do
  check "[ -s '$work/a/$f' ]" "missing $f"
done
check "! ls -a '$work/a' | grep -q '\.tmp'" "a temporary file was left behind"

for pdf in "$work"/a/*.pdf; do
  case $(basename "$pdf") in
    classical-card*) check_pdf "$pdf" 1 ;;
    classical-study*) check_pdf "$pdf" 3 ;;
  esac
done

# the text: narrow no-break spaces read as spaces
text() { pdftotext -layout "$1" - 2>/dev/null | sed 's/\xe2\x80\xaf/ /g; s/\xc2\xa0/ /g'; }
text "$work/a/classical-card-fr.pdf" > "$work/card-fr.txt"
text "$work/a/classical-card-en.pdf" > "$work/card-en.txt"
text "$work/a/classical-study-fr.pdf" > "$work/study-fr.txt"
text "$work/a/classical-study-en.pdf" > "$work/study-en.txt"
# the 20 row: non-East winner 20 .. 320 then the limit 500; East winner 40 .. 640 then 1 000
row20=$(grep -E '^ *20 +20 +40 ' "$work/card-fr.txt" | head -1)
check "echo \"\$row20\" | grep -Eq '^ *20 +20 +40 +80 +160 +320 +500 +20 +40 +80 +160 +320 +640 +1 000 *$'" \
  "20 row of classical-card-fr: $row20"
check "grep -q 'Est paie un autre gagnant, ou reçoit de chaque perdant' '$work/card-fr.txt'" "card-fr: what East pays"
check "grep -q 'Est, trois fois celle de droite' '$work/card-fr.txt'" "card-fr: an East winner's total"
check "grep -Eq '^ *20 +20 +40 +80 +160 +320 +500 +20 +40 +80 +160 +320 +640 +1,000' '$work/card-en.txt'" "20 row of classical-card-en"
check "grep -Eq 'Autre qu’Est +500 +1 000 +2 000' '$work/card-fr.txt'" "card-fr: the limit 500 + 500 + 1 000 = 2 000"
check "grep -q 'Fleurs et saisons' '$work/card-fr.txt'" "card-fr: Fleurs et saisons"
check "grep -q 'chrysanthème' '$work/card-fr.txt'" "card-fr: accents (chrysanthème)"
check "grep -q 'été' '$work/card-fr.txt'" "card-fr: accents (été)"
check "grep -Eq 'Départ +2 000' '$work/card-fr.txt'" "card-fr: the 2 000 start"
check "grep -q 'Fiche récapitulative' '$work/study-fr.txt'" "study-fr: accents (récapitulative)"
check "grep -q '36 × 2⁴ = 576' '$work/study-fr.txt'" "study-fr: 36 doubled four times = 576"
check "grep -q '2 × 576 = 1 152 → limite 1 000' '$work/study-fr.txt'" "study-fr: 576 -> the limit"
check "grep -q '2 × 64 = 128 → 130' '$work/study-fr.txt'" "study-fr: 64 -> 130 from each loser"
check "grep -q '32 × 2² = 128' '$work/study-fr.txt'" "study-fr: 128 in the East round"
check "grep -q 'points fondamentaux' '$work/study-fr.txt'" "study-fr: points fondamentaux"
check "grep -q '36 × 2⁴ = 576' '$work/study-en.txt'" "study-en: 576"
check "grep -q 'Score sticks' '$work/study-en.txt'" "study-en: Score sticks"
# the study's table reaches the column its sentence names: 20 x 2^5 = 640, the limit 500
check "grep -Eq '^ *20 +20 +40 +80 +160 +320 +500 *$' '$work/study-en.txt'" "study-en: the 20 row to 5 doubles"
check "grep -q 'With 20 basic points the limit comes at 5 doubles; with 200, at 2 doubles.' '$work/study-en.txt'" \
  "study-en: where the limit comes"
check "grep -q 'la limite est atteinte à 5 doubles ; avec 200, à 2 doubles.' '$work/study-fr.txt'" \
  "study-fr: where the limit comes"

# SVG: well-formed, and rsvg renders it
for svg in "$work"/a/*.svg; do
  n=$(basename "$svg")
  check "xmllint --noout '$svg' 2>/dev/null" "xmllint $n"
  check "rsvg-convert '$svg' -o '$work/r.png' 2>/dev/null && [ -s '$work/r.png' ]" "rsvg-convert $n"
done

# 'card' under --rules classical is the classical card; PNG and Letter
"$tensu" sheets --rules classical --template card --lang en --format png --paper letter -o "$work/p" >/dev/null 2>&1
check "[ -s '$work/p/classical-card-en-letter.png' ] && head -c 8 '$work/p/classical-card-en-letter.png' | grep -q PNG" "classical PNG preview"

# same input, same bytes
"$tensu" sheets --rules classical -o "$work/b" >/dev/null 2>&1
for f in "$work"/a/*; do
  n=$(basename "$f")
  check "cmp -s '$f' '$work/b/$n'" "$n differs between two runs"
done

# the default run is still the riichi set, with no classical sheet
"$tensu" sheets -o "$work/d" > "$work/log" 2>&1
check "grep -q 'rules tenhou' '$work/log' && grep -q 'wrote 22 files' '$work/log'" "default run: $(cat "$work/log")"
check "! ls '$work/d' | grep -q classical" "the default run wrote a classical sheet"
check "[ -s '$work/d/card-fr.pdf' ]" "the default run wrote no card-fr.pdf"

# a classical sheet under riichi rules: exit 2, one line
"$tensu" sheets --template classical-card -o "$work/e" > /dev/null 2> "$work/err"; rc=$?
check "[ $rc -eq 2 ] && grep -q 'classical' '$work/err' && [ \$(wc -l < '$work/err') -eq 1 ]" \
  "classical sheet under tenhou: exit $rc: $(cat "$work/err")"
check "[ -z \"\$(ls -A '$work/e' 2>/dev/null)\" ]" "a refused sheet left a file"

finish sheets_classical_test
