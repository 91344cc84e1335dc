#!/usr/bin/env bash
# The command line as a user meets it: outputs, and bad input giving a
# one-line message and exit status 2.
set -u
tensu=$1
. "$(dirname "$0")/lib.sh"


expect 0 '2900' -- pay --fu 30 --han 2 --dealer
expect 0 '480 x 6|6 x 480' -- pay --fu 30 --han 2 --dealer
expect 0 '3200 from the dealer, 1600 from each' -- pay --fu 50 --han 3 --tsumo
expect 0 'winner receives 7600' -- pay --fu 30 --han 3 --tsumo --honba 2 --sticks 3
expect 0 'kiriage' -- pay --fu 30 --han 4 --rules wrc2015
# in French, every line
expect 0 '^30 fu 4 han, ron d’un non-donneur \(règles tenhou\)$' -- pay 30 4 --lang fr
expect 0 '^moins de 2000 et moins de 5 han : pas de limite$' -- pay 30 4 --lang fr
expect 0 'celui qui a jeté la tuile paie 4 x base : 4 x 1920 = 7680, arrondi à 7700$' -- pay 30 4 --lang fr
expect 0 '^paiement : 4100 du donneur, 2200 de chaque non-donneur$' -- pay 30 4 --tsumo --honba 2 --lang fr
expect 0 '^1 bâton de riichi : \+1000$' -- pay 30 4 --tsumo --sticks 1 --lang fr
expect 0 '^kiriage : 1920 est arrondi au mangan, base 2000$' -- pay 30 4 --rules wrc2015 --lang fr
expect 0 '^le gagnant reçoit 96000$' -- pay --yakuman 2 --dealer --lang fr
expect 2 "no language 'xx'" -- pay 30 4 --lang xx
# TENSU_LANG as the default language, --lang over it, an unknown one left aside
TENSU_LANG=fr expect 0 '^le gagnant reçoit 7700$' -- pay 30 4
TENSU_LANG=fr expect 0 '^the winner receives 7700$' -- pay 30 4 --lang en
TENSU_LANG=de expect 0 '^the winner receives 7700$' -- pay 30 4
TENSU_LANG=fr expect 0 '^Table des points, règles tenhou' -- table
TENSU_LANG=fr expect 0 '^le gagnant reçoit 1300$' -- score 123m456p789s23s55z+4s --riichi
TENSU_LANG=fr expect 0 '^Les yaku sous les règles tenhou' -- yaku
"$tensu" table --format csv > "${TMPDIR:-/tmp}/tensu-lang.$$.csv"
TENSU_LANG=fr expect 0 '^verdict : sans faute' -- verify "${TMPDIR:-/tmp}/tensu-lang.$$.csv"
rm -f "${TMPDIR:-/tmp}/tensu-lang.$$.csv"
expect 0 '^Table des points, règles tenhou' -- table --lang fr
expect 0 '^NON-DONNEUR$' -- table --lang fr
expect 0 '^2x_yakuman +yakuman cumulés +64000' -- table --lang fr
expect 0 '^## Non-donneur$' -- table --lang fr --format md
expect 0 '^\| limite \| han \| non-donneur \| donneur \|$' -- table --lang fr --format md
# the phone page with the scorer is named apart: it never overwrites the page without it
expect 0 'card-fr-scorer.html' -- sheets --template card --format html --with-scorer --lang fr -o "${TMPDIR:-/tmp}/tensu-scorer.$$"
expect 0 'card-fr.html' -- sheets --template card --format html --lang fr -o "${TMPDIR:-/tmp}/tensu-scorer.$$"
check "[ -f '${TMPDIR:-/tmp}/tensu-scorer.$$/card-fr-scorer.html' ] && [ -f '${TMPDIR:-/tmp}/tensu-scorer.$$/card-fr.html' ]" "the scorer's page and the plain page side by side"
rm -rf "${TMPDIR:-/tmp}/tensu-scorer.$$"
# a table tensu prints in French verifies clean, as the English one does
for f in text md; do
  "$tensu" table --lang fr --format $f --rules wrc2015 > "${TMPDIR:-/tmp}/tensu-fr-table.$$.$f"
  expect 0 'verdict: clean: every cell read, and right' -- verify "${TMPDIR:-/tmp}/tensu-fr-table.$$.$f"
  rm -f "${TMPDIR:-/tmp}/tensu-fr-table.$$.$f"
done
expect 0 'receives 8000' -- pay --fu 30 --han 4 --rules wrc2015
expect 0 'receives 32000' -- pay --yakuman 1
expect 2 "unknown rules preset 'nosuch'.*tenhou" -- table --rules nosuch
expect 2 "unknown rule 'kirage'" -- table --set kirage=yes
expect 2 "bad value 'maybe' for rule 'kiriage'.*yes\|no" -- table --set kiriage=maybe
expect 2 "bad value '35' for --fu" -- pay --fu 35 --han 2
expect 2 "bad value '15' for --fu: fu is 20, 25" -- pay --fu 15 --han 2
# FU HAN as operands, in that order, the options around them
expect 0 '^30 fu 2 han, dealer ron' -- pay 30 2 --dealer
expect 0 'payment: 2900' -- pay --dealer 30 2
expect 0 'winner receives 7600' -- pay 30 3 --tsumo --honba 2 --sticks 3
expect 0 '^25 fu 2 han' -- pay 25 2
expect 2 "'30' alone: give the fu, then the han \(tensu pay 30 2\)" -- pay 30
expect 2 "one fu and han at a time: '4' after '2'" -- pay 30 2 4
expect 2 "'30': the fu and han are given once" -- pay 30 2 --fu 30
expect 2 "'30': FU HAN are for a hand of fu and han, --yakuman N for a yakuman" -- \
  pay --yakuman 1 30 2
expect 2 "bad value '0' for HAN: a hand has 1 han or more" -- pay 30 0
# a fu count between the rows: rounded up to 10, said so
expect 2 "bad value '32' for --fu: fu are rounded up to 10 \(25 stays 25\): round up to 40" -- \
  pay --fu 32 --han 2
expect 2 "bad value '35' for FU: fu are rounded up to 10 .*: round up to 40" -- pay 35 2
expect 2 "bad value '22' for --fu: .*: round up to 30" -- pay --fu 22 --han 1
expect 2 "bad value '175' for --fu: fu is 20, 25, or a multiple of 10 from 30 to 170" -- \
  pay --fu 175 --han 1
expect 2 "bad value '0' for --han" -- pay --fu 30 --han 0
expect 2 "bad value '-1' for --han" -- pay --fu 30 --han -1
expect 2 "bad value '14' for --han-max" -- table --han-max 14
expect 2 "bad format 'xml'" -- table --format xml
expect 2 "unknown command 'tabel'" -- tabel
expect 0 '7700 \(2000/3900\)' -- table
expect 0 '^4,30,7700,2000,3900,11600,3900$' -- table --format csv
expect 0 '^4,30,8000,2000,4000,12000,4000$' -- table --format csv --rules wrc2015
expect 0 '^1,20,,,,,$' -- table --format csv
expect 0 '^1,20,700,200,400,1000,400$' -- table --format csv --all-cells
expect 0 '^yakuman,,32000,8000,16000,48000,16000$' -- table --format csv
expect 0 '^2x_yakuman,,64000' -- table --format csv
expect 0 '"kiriage": "yes"' -- table --format json --rules wrc2015
expect 0 '\| 30 \| 1000 \(300/500\)' -- table --format md
expect 0 'kazoe +sanbaiman' -- rules ema2016
expect 0 'double-wind-fu +4' -- rules wrc2015
expect 0 'double-wind-fu +2' -- rules wrc2022
expect 0 'not confirmed: ' -- rules wrc2022 
expect 0 'aotenjou' -- rules
# the table rules: each value with its source, or said not confirmed
expect 0 '^  noten +3000 ' -- rules wrc2015
expect 0 "5.7.2 'The total noten penalty amounts to 3,000 points'" -- rules wrc2015
expect 0 "not confirmed: busting: .*riichi.wiki's summary only" -- rules wrc2015
expect 0 '^  noten +3000 ' -- rules ema2016
expect 0 "3.4.2 Exhaustive draw" -- rules ema2016
expect 0 '^  noten +3000 ' -- rules tenhou
expect 0 '^  noten +2000 ' -- rules tenhou-sanma
expect 0 "156 exhaustive draws moved 3,000 points" -- rules tenhou
expect 0 "noten: from the official scores of the corpus, not from a rule text" -- rules tenhou
expect 0 '^  uma +20/0/-20 ' -- rules tenhou-sanma
expect 0 "uma \\+20/0/-20" -- rules tenhou-sanma
expect 0 '^  riichi-min +0 .*0: no minimum' -- rules mleague
expect 2 "bad value '15/5' for rule 'uma': it is the four-place form" -- rules tenhou-sanma --set uma=15/5
expect 2 "bad value '20/0/-10' for rule 'uma'.*adding up to 0" -- rules tenhou-sanma --set uma=20/0/-10
expect 0 '13,30,' -- table --format csv --han-max 13

# tensu help: the table's and the sheets' lines name every format their --help lists
help=$("$tensu" help)
for c in table sheets; do
  line=$(grep -E "^  $c " <<<"$help")
  for f in $("$tensu" "$c" --help | grep -oE -- '--format [a-z|]+' | head -1 | cut -d' ' -f2 | tr '|' ' '); do
    check "grep -qiw '$f' <<<\"\$line\"" "tensu help: the $c line lacks the format $f: $line"
  done
done
# every usage that takes the rules says they are a preset or a club's file
check "grep -q 'every command takes --rules NAME|FILE' <<<\"\$help\"" "tensu help: no --rules NAME|FILE"
for c in $(awk '/^commands:/ { c = 1; next } /^$/ { c = 0 } c && $1 != "help" && $1 != "version" { print $1 }' <<<"$help"); do
  while read -r u; do
    check "[ '$u' = '--rules NAME|FILE' ]" "tensu $c --help: '$u', not '--rules NAME|FILE'"
  done < <("$tensu" "$c" --help | grep -oE -- '--rules [A-Z][A-Z|]*' | sort -u)
done

# classical (issue 7)
expect 0 'value = 36 x 2\^4 = 576' -- pay --rules classical --points 28 --east --round E --bonus orchid,spring
expect 0 'receives 3000' -- pay --rules classical --points 28 --east --round E --bonus orchid,spring
expect 0 'value = 32 x 2\^1 = 64' -- pay --rules classical --points 28 --east --round S --bonus orchid
expect 0 '^20,5,640,500,1000,1000$' -- table --rules classical --format csv
expect 0 '^limit,,,500,1000,1000$' -- table --rules classical --format csv
expect 0 '"east-double": "yes"' -- table --rules classical --format json
expect 0 '\| 30 \| 30 \(60\)' -- table --rules classical --format md
expect 2 "unknown bonus tile 'rose'" -- pay --rules classical --points 28 --bonus rose
expect 2 "bad value '-4' for --points" -- pay --rules classical --points -4
expect 2 "bad value '40' for --doubles" -- pay --rules classical --points 20 --doubles 40
expect 2 "give --points" -- pay --rules classical --doubles 2
expect 2 "unknown option '--fu'" -- pay --rules classical --fu 30 --han 2
expect 0 'limit +500' -- rules classical

# The JSON is valid JSON.
if "$tensu" table --format json --han-max 13 | python3 -m json.tool >/dev/null; then ok; else ko "table JSON is not valid"; fi
# One line on stderr, nothing on stdout, for bad input.
out=$("$tensu" table --rules nosuch 2>/dev/null)
if [ -z "$out" ]; then ok; else ko "stdout not empty on error"; fi
n=$("$tensu" table --rules nosuch 2>&1 >/dev/null | wc -l)
if [ "$n" -eq 1 ]; then ok; else ko "error message has $n lines"; fi

finish cli
