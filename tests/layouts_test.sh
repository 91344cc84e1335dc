#!/usr/bin/env bash
# tensu sheets --layout end to end: each layout in French and English as
# PDF, SVG and PNG, the MediaBox of each PDF, qpdf, fonts embedded, the SVG
# readable, a paper a layout refuses, --honba in the file name.
set -u
tensu=$1
src=$2
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TENSU_DATA_DIR=$src

media() { pdfinfo "$1" 2>/dev/null | awk '/^Page size:/ { printf "%.0fx%.0f", $3, $5; exit }'; }
for spec in "tent::842x595:1" "pocket::298x420:2" "pocket:a4:595x842:2" "poster::1191x842:1" \
            "poster:a2:1684x1191:1" "large::595x842:3"; do
  IFS=: read -r layout paper size pages <<< "$spec"
  for lang in fr en; do
    out="$work/$layout-$paper-$lang"
    mkdir -p "$out"
    args=(sheets --layout "$layout" --lang "$lang" --format pdf --format svg --format png --dpi 40 -o "$out")
    [ -n "$paper" ] && args+=(--paper "$paper")
    log=$("$tensu" "${args[@]}" 2>&1)
    check "[ \$? -eq 0 ]" "tensu ${args[*]}: $log"
    pdf=$(ls "$out"/*.pdf 2>/dev/null | head -1)
    check "[ -n '$pdf' ]" "$layout $paper $lang: no PDF in $(ls "$out")"
    [ -n "$pdf" ] || continue
    check "[ '$(media "$pdf")' = '$size' ]" "$layout $paper $lang: page size $(media "$pdf"), want $size"
    n=$(pdfinfo "$pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
    check "[ '$n' = '$pages' ]" "$layout $paper $lang: $n pages, want $pages"
    check "qpdf --check '$pdf' >/dev/null 2>&1" "$layout $paper $lang: qpdf --check"
    check "pdffonts '$pdf' 2>/dev/null | tail -n +3 | awk '\$(NF-4) != \"yes\" { bad = 1 } END { exit bad }'" "$layout $lang: a font not embedded"
    for svg in "$out"/*.svg; do
      check "rsvg-convert '$svg' -o '$work/svg.png'" "$layout $lang: rsvg-convert $(basename "$svg")"
    done
    check "[ \$(ls '$out'/*.png | wc -l) -eq $pages ]" "$layout $paper $lang: one PNG per page"
  done
done
# the tent's limits, one strip on each face (issue N2: none on the tent)
t=$(pdftotext "$work/tent--en/card-tent-en.pdf" - 2>/dev/null)
check "[ \"\$(grep -o Sanbaiman <<< \"\$t\" | wc -l)\" -eq 2 ]" \
      "tent en: not one sanbaiman on each face"
check "grep -q '2× yakuman 64,000' <<< \"\$t\" && grep -q '16,000 / 32,000' <<< \"\$t\"" \
      "tent en: no two yakuman for the non-dealer"
# the file names say the layout, a paper that is not the layout's own, the honba
expect 0 'card-pocket-fr-a4.pdf' -- sheets --layout pocket --paper a4 --lang fr --format pdf -o "$work/n"
expect 0 'card-fr-honba-3.pdf' -- sheets --template card --honba 3 --lang fr --format pdf -o "$work/n"
expect 0 'card-tent-en.pdf' -- sheets --layout tent --lang en --format pdf -o "$work/n"
# --honba without --template: the card alone, and the run says so
expect 0 '^tensu sheets: --honba 2: the card only, its amounts with 2 honba \(the study and yaku sheets print no honba: not made\)$' -- \
  sheets --honba 2 --format pdf -o "$work/hb"
check "[ \"\$(ls '$work/hb')\" = \"\$(printf 'card-en-honba-2.pdf\ncard-fr-honba-2.pdf')\" ]" \
  "sheets --honba 2: not the two cards alone: $(ls "$work/hb")"
check "! '$tensu' sheets --template card --honba 2 --format pdf -o '$work/hb2' | grep -q 'not made'" \
  "sheets --template card --honba 2 says a sheet was not made"
# refused: a paper the layout cannot fill, a layout a sheet has not, honba on the study sheet
expect 2 'card-poster is made for a3, a2, not a4; made for it: --layout sheet, --layout tent' -- sheets --layout poster --paper a4 -o "$work/r"
# a paper no sheet is made for, or another layout's, says so before writing
# (issue F: --help offered a5, which every sheet refused, and a6 for the card)
expect 2 'card is made for a4, letter, not a5; no sheet of tensu sheets is made for it' -- sheets --paper a5 -o "$work/r"
expect 2 'card is made for a4, letter, not a6; made for it: --layout pocket' -- sheets --paper a6 -o "$work/r"
expect 2 'study is made for a4, letter, not a3; made for it: card --layout poster' -- sheets --template study --paper a3 -o "$work/r"
expect 2 'card-pocket is made for a6, or a4 \(n-up\), not a5' -- sheets --layout pocket --paper a5 -o "$work/r"
expect 0 'card --layout pocket +a6, or a4 \(n-up\)' -- sheets --help
expect 0 'card --layout poster +a3, a2' -- sheets --help
check "! '$tensu' sheets --help | grep -q 'a5'" "sheets --help offers a5, which no sheet takes"
# the classical sheets have no HTML page: refused, not 'wrote 0 files'
expect 2 'the classical sheets have no HTML page' -- sheets --rules classical --format html -o "$work/r"
expect 2 'the classical sheets have no HTML page' -- sheets --rules classical --format html --format pdf -o "$work/r"
# aotenjou on the phone page: the table up to the han asked for, no limit,
# and the sentence under it says where the table stops.
"$tensu" table --set aotenjou=yes --han-max 8 --format html > "$work/ao8.html" 2>"$work/err"
check "[ \$? -eq 0 ]" "table --format html --han-max 8: $(cat "$work/err")"
check "[ \"\$(grep -o '<th scope=\"col\">8 han' '$work/ao8.html' | wc -l)\" -eq 4 ]" "aotenjou html: not 4 cases of 8 han columns"
# 8 han 30 fu, non-dealer ron: 30 x 2^10 x 4 = 122,880, rounded up 122,900
check "grep -q 'data-v=\"122900\"' '$work/ao8.html'" "aotenjou html: no 122,900 for 8 han 30 fu"
check "grep -q 'beyond 8 han' '$work/ao8.html' && ! grep -q 'beyond 4 han' '$work/ao8.html'" "aotenjou html: the note does not say 8 han"
check "grep -q 'class=\"wide\"' '$work/ao8.html'" "aotenjou html: the wide table does not scroll"
"$tensu" table --set aotenjou=yes --format html --lang fr > "$work/ao4.html" 2>/dev/null
check "grep -q 'au-delà de 4.\{1,3\}han' '$work/ao4.html' && ! grep -q '9 han' '$work/ao4.html'" "aotenjou html (4 han, fr): the note or the columns"

expect 2 'bad layout' -- sheets --layout banner -o "$work/r"
expect 2 'the study sheet has no tent layout' -- sheets --template study --layout tent -o "$work/r"
expect 2 'only the card' -- sheets --template study --honba 2 -o "$work/r"
# the classical card takes no honba: refused, not the same card under a honba name
expect 2 '--honba: the classical sheets print no honba' -- sheets --rules classical --honba 2 -o "$work/r"
expect 2 '--honba: the classical sheets print no honba' -- \
  sheets --rules classical --template card --honba 2 -o "$work/r"
check "[ ! -e '$work/r' ] || [ -z \"\$(ls '$work/r')\" ]" "a refused run left files: $(ls "$work/r" 2>/dev/null)"
finish layouts
