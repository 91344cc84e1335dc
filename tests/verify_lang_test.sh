#!/usr/bin/env bash
# tensu verify --lang fr: the text report said in French, every line of it.
# On the published charts of ../shared/charts (wrong cells, causes, variant
# lines) and on a table tensu prints, damaged (a cell not read, a typo, a
# line of numbers under it, a fu row taken out, no heading): the French
# report exits as the English one, names the same findings, has the French
# sentences asked for, and no English word is left in it but in the chart's
# own quoted text, the rule keys (kiriage=no) and the places (file:line).
# The JSON report is the same whatever the language.
# usage: verify_lang_test.sh TENSU [CHARTS_DIR]   (../shared/charts)
set -u
tensu=$1
here=$(cd "$(dirname "$0")" && pwd)
charts=${2:-$here/../../shared/charts}
. "$here/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# English words the French report must not hold, once the chart's quoted
# text, rule keys and the place at the start of a line are taken out.
english='\b(the|of|cells?|expected|found|not|with|value|fits|wrong|pays?|share|each|dealer|inferred|line|and|read|no|one|an|row|column|page|rules|chart|error|warning|summary|verdict:)\b'
left_english() {
  sed -e "s/'[^']*'//g" -e 's/«[^»]*»//g' -e 's/[^ ]*=[^ ]*//g' \
      -e 's/^[^ ]*\.\(csv\|txt\)\(:[0-9]*\)*:\? //' "$1" | grep -E "$english"
}

"$tensu" table --format text > "$tmp/t.txt"
sed -e 's/    40    1300 (400\/700)/    40    13x0 (400\/700)/' -e '/^   110 /d' \
    -e 's/^NON-DEALER$//' -e 's/5200 (1300\/2600)/5300 (1300\/2600)/' "$tmp/t.txt" > "$tmp/damaged.txt"
echo "total 1000 2000 3000 4000 5000" >> "$tmp/damaged.txt"

files=("$tmp/damaged.txt")
for f in "$charts"/*.csv; do [ -e "$f" ] && files+=("$f"); done
check "[ ${#files[@]} -ge 5 ]" "the published charts are not in $charts"

for f in "${files[@]}"; do
  n=$(basename "$f")
  "$tensu" verify "$f" > "$tmp/en" 2>&1; st_en=$?
  "$tensu" verify --lang fr "$f" > "$tmp/fr" 2>&1; st_fr=$?
  check "[ $st_en -eq $st_fr ]" "$n: exit $st_fr in French, $st_en in English"
  check "[ \$(wc -l < '$tmp/en') -eq \$(wc -l < '$tmp/fr') ]" "$n: not as many lines in French"
  check "[ \$(grep -c ': error: ' '$tmp/en') -eq \$(grep -c ' erreur : ' '$tmp/fr') ]" \
    "$n: not as many errors in French"
  check "grep -q '^verdict : ' '$tmp/fr'" "$n: no French verdict line"
  check "grep -q '^bilan : ' '$tmp/fr'" "$n: no French summary line"
  check "grep -q '^variante des règles :' '$tmp/fr'" "$n: no French variant heading"
  left=$(left_english "$tmp/fr")
  check "[ -z \"\$left\" ]" "$n: English left in the French report: $(head -n 3 <<<"$left")"
  "$tensu" verify --report json "$f" > "$tmp/en.json" 2>&1
  "$tensu" verify --report json --lang fr "$f" > "$tmp/fr.json" 2>&1
  check "cmp -s '$tmp/en.json' '$tmp/fr.json'" "$n: the JSON report changes with --lang fr"
done

# what the damaged table says, in French
"$tensu" verify --lang fr "$tmp/damaged.txt" > "$tmp/fr" 2>&1
for said in \
  ":9:13: erreur : '13x0 (400/700)' : non lue : attendu une case de non-donneur comme 1000 (300/500), - (400/700) ou -" \
  ":9:45: erreur : 3 han 40 fu, ron d’un non-donneur : lu 5300, attendu 5200 : une faute de frappe (un chiffre diffère : 5300 pour 5200)" \
  "avertissement : 'total 1000 2000 3000 4000 5000' : une ligne de nombres, lue hors de tout tableau" \
  "avertissement : 110 fu : pas de ligne de 110 fu (des mains de 1, 2 han à 110 fu sont possibles" \
  "déduit : aucun titre ne dit de qui est ce tableau : lu comme celui d’un non-donneur (ses cases de tsumo ont deux montants chacune)" \
  "  tableau 2, ligne 19 (donneur) : 72 cases lues sur 79" \
  "bilan : 228 cases vérifiées, 203 lues sur les 223 d’une table complète, 3 erreurs, 3 avertissements" \
  "verdict : 2 case(s) fausse(s), et 6 cases non lues (non vérifiées)"; do
  check "grep -qF -- \"\$said\" '$tmp/fr'" "damaged.txt: no '$said'"
done
# a published chart's causes: a share copied from another payer, a wrong
# yakuman multiple, the variant lines; a spreadsheet's cell named as such
if [ -e "$charts/josun_go_scoremap.csv" ]; then
  "$tensu" verify --lang fr "$charts/josun_go_scoremap.csv" > "$tmp/fr" 2>&1
  for said in \
    ":18:26: case G18 : erreur : 2 han 60 fu, tsumo du donneur, part de chacun : lu 1000, attendu 2000 : recopiée d’un autre payeur : tsumo d’un non-donneur, part de chaque non-donneur, sur la même ligne" \
    "un mauvais multiple de yakuman : paie 6x la valeur du yakuman, pas 5x" \
    "  kiriage=no               sûr : les 8 cases qui le disent (cases de 4 han 30 fu et 3 han 60 fu) le paient toutes" \
    "2x paie 2x, 3x paie 3x, 4x paie 4x, 5x paie 6x, 6x paie 8x"; do
    check "grep -qF -- \"\$said\" '$tmp/fr'" "josun_go_scoremap.csv: no '$said'"
  done
fi
# English stays English
"$tensu" verify "$tmp/damaged.txt" > "$tmp/en" 2>&1
check "grep -q '^verdict: 2 wrong, and 6 cells not read (not checked)$' '$tmp/en'" \
  "the English verdict changed"
finish verify_lang
