#!/usr/bin/env bash
# tensu score / tensu bench as a user meets them: outputs, exit statuses,
# one-line messages for bad input.
set -u
tensu=$1
. "$(dirname "$0")/lib.sh"

# one line of message for errors
expect_one_line() {
  local out
  out=$("$tensu" "$@" 2>&1 >/dev/null)
  if [ "$(printf '%s\n' "$out" | wc -l)" -ne 1 ]; then ko "tensu $*: not one line: $out"; else ok; fi
}

expect 0 '1 han 110 fu: 3600' -- score 234m1122z+1z --ankan 1111s --ankan 7777z --ron --seat S --round S
expect 0 'pair of the seat and round wind 22z +4' -- score 234m1122z+1z --ankan 1111s --ankan 7777z --ron --seat S --round S
expect 0 'total 102, rounded up to 110' -- score 234m1122z+1z --ankan 1111s --ankan 7777z --ron --seat S --round S
expect 0 'discarder pays 3900' -- score 234m1122z+1z --ankan 1111s --ankan 7777z --ron --seat S --round S --honba 1
expect 0 '4 han 25 fu: 6400' -- score 223344m667788p5s+5s --tsumo
expect 0 'Ryanpeikou +3 han' -- score 223344m667788p5s+5s --tsumo
expect 0 'Kokushi musou, 13-sided wait +yakuman' -- score 19m19p19s1234567z+1m --tsumo --seat E
expect 0 'each of the 3 others pays 16000' -- score 19m19p19s1234567z+1m --tsumo --seat E
expect 0 'the West player pays it all: 64000' -- score 3344z+3z --pon 777z --pon 555z --pon 666z --tsumo --pao W
expect 0 'winner receives 3900, 5900 with 2 riichi sticks' -- score 234m067p34678s99p+5s --riichi --sticks 2 --dora 9p
# spaces between the tiles of a hand, commas between indicators: as people write them
expect 0 'winner receives 3900, 5900 with 2 riichi sticks' -- \
  score "234m 067p 34678s 99p + 5s" --riichi --sticks 2 --dora 9p
expect 0 '^  dora +1 han' -- score "234m 067p 34678s 99p 5s" --riichi --dora 1m,9p
expect 0 'the winner receives 7700' -- score 234m067p34678s99p+5s --riichi --dora "1m, 9p" --ura 1z,2z
expect 0 'the winner receives 2000' -- score "234m 34s 99p + 5s" --chi "0 6 7p" --pon "7 7 7z"
expect 2 "hand '234m 067p 34678s 99x', column 20: unknown letter 'x'" -- score "234m 067p 34678s 99x"
expect 0 'hands/s' -- bench --seconds 1
expect 0 '^\{"id":"a","ok":true,"han":1,"fu":110' -- score --jsonl <(echo '{"id":"a","hand":"234m1122z","melds":[{"type":"ankan","tiles":"1111s"},{"type":"ankan","tiles":"7777z"}],"win":"1z","tsumo":false,"seat":"S","round":"S","honba":1}')
expect 0 '"payment":\{"ron":3900\}' -- score --jsonl <(echo '{"id":"a","hand":"234m1122z","melds":[{"type":"ankan","tiles":"1111s"},{"type":"ankan","tiles":"7777z"}],"win":"1z","tsumo":false,"seat":"S","round":"S","honba":1}')
expect 0 '"error":"not_agari"' -- score --jsonl <(printf '// comment\n\n{"hand":"123m456p789s24s55z","win":"7s","tsumo":false}\n')
expect 2 'line 1, column [0-9]+: bad JSON' -- score --jsonl <(echo '{"hand":')
# found by fuzz_record: a corpus record's meld without "tiles" crashed the scorer
expect 0 '"ok":false,"line":1,"error":"invalid_input: hand.melds: tiles missing"' -- score --jsonl <(echo '{"hand":{"closed_without_win_tile":"111m2288p678s","win_tile":"2p","melds":[{"type":"ankan","tilesm":"9999p"}]},"seat_wind":"S","round_wind":"E"}')
expect 0 '"ok":false,"line":1,"error":"invalid_input: .*tiles missing"' -- score --jsonl <(echo '{"hand":"111m2288p678s","melds":[{"type":"ankan"}],"win":"2p","tsumo":false,"seat":"S","round":"E"}')
# found by fuzz_record: a corpus record without round_wind crashed the reader
expect 0 '"ok":false,"line":1,"error":"invalid_input: bad seat or round wind' -- score --jsonl <(echo '{"hand":{"closed_without_win_tile":"111m2288p678s","win_tile":"2p","melds":[]},"seat_wind":"S","vound_wind":"E"}')
# the JSON reader of --jsonl (src/record/jread.c): each kind of bad JSON named at its column
expect 2 'line 1, column 12: bad JSON: unterminated string' -- score --jsonl <(echo '{"hand":"12')
expect 2 'line 1, column 11: bad JSON: invalid escape' -- score --jsonl <(echo '{"hand":"1\q"}')
expect 2 'line 1, column 10: bad JSON: invalid UTF-8' -- score --jsonl <(printf '{"hand":"\xff"}\n')
expect 2 'bad JSON: invalid Unicode \(a high surrogate alone\)' -- score --jsonl <(echo '{"id":"\ud800"}')
expect 2 'line 1, column 65: bad JSON: nested too deep' -- score --jsonl <(python3 -c 'print("["*70 + "]"*70)')
expect 2 'line 1, column 9: bad JSON: the end of the text expected' -- score --jsonl <(echo '{"a":1} x')
expect 2 'bad JSON: too big an integer' -- score --jsonl <(echo '{"honba":123456789012345678901}')
expect 2 'bad JSON: real number overflow' -- score --jsonl <(echo '{"honba":1e999}')
expect 2 "line 2, column 7: bad JSON: ',' or '}' expected" -- score --jsonl <(printf '{"hand":"1m"}\n{"a":01}\n')
# the id is echoed as jansson wrote it (escapes, reals, nested values); a huge one is refused
expect 0 '^\{"id":\[1.5,"a\\"b\\u0001",\{"k":null\}\],"ok":true' -- score --jsonl <(echo '{"id":[1.50,"a\"b\u0001",{"k":null}],"hand":"123m456p789s23s55z","win":"1s","tsumo":true}')
expect 0 '"error":"invalid_input: id: longer than 1023 bytes"' -- score --jsonl <(python3 -c 'print("{\"id\":\"" + "a"*2000 + "\",\"hand\":\"1m\"}")')
expect 2 "column 7: unknown letter 'x'" -- score 123m45x
expect 2 'column 5: a fifth copy of 1m' -- score 11111m234p567s99s+9s
expect 2 'wrong tile count' -- score 123m456p789s11z+1z
expect 2 'impossible chi' -- score 123m456p11z+1z --chi 135m
expect 2 'ippatsu without riichi' -- score 234m567p34678s99p+5s --tsumo --ippatsu
expect 2 'not_agari' -- score 123m456p789s24s55z+7s
expect 2 'no_yaku' -- score 123m45p22s+3p --chi 234p --chi 657s
expect 2 "unknown option '--bogus'" -- score 123m45p22s+3p --bogus
expect 2 "bad wind 'X'" -- score 123m45p22s+3p --seat X
expect 2 'cannot open' -- score --jsonl /nonexistent/file.jsonl
expect_one_line score 11111m234p567s99s+9s
expect_one_line score 123m456p789s24s55z+7s


# --lang fr: French names for the yaku, fu and lines
expect 0 'Yakuhai.+dragon rouge' -- score 234m5z+5z --pon 777z --ankan 9999p --chi 678s --ron --lang fr
expect 0 'carré fermé de 1, 9 ou honneurs +32' -- score 234m5z+5z --pon 777z --ankan 9999p --chi 678s --ron --lang fr
expect 0 'le gagnant reçoit 2000' -- score 234m5z+5z --pon 777z --ankan 9999p --chi 678s --ron --lang fr
expect 2 "no language 'xx'" -- score 234m5z+5z --pon 777z --ankan 9999p --chi 678s --lang xx
expect 2 "no language '../en'" -- score 234m5z+5z --pon 777z --ankan 9999p --chi 678s --lang ../en

# --draw: one picture of the hand, in each format; bad names refused, no file left
draw=$(mktemp -d)
for f in svg png pdf; do
  expect 0 "wrote $draw/hand.$f" -- score 234m5z+5z --pon 777z --ankan 9999p --chi 678s --ron --draw "$draw/hand.$f"
done
check "qpdf --check '$draw/hand.pdf' >/dev/null 2>&1" "--draw pdf: qpdf --check"
check_poppler "$draw/hand.pdf"
check "pdffonts '$draw/hand.pdf' 2>/dev/null | grep -q TensuTiles" "--draw pdf: the tile font embedded"
check "pdftotext '$draw/hand.pdf' - 2>/dev/null | grep -q '2,000'" "--draw pdf: the payment"
check "rsvg-convert '$draw/hand.svg' -o '$draw/r.png' && [ -s '$draw/r.png' ]" "--draw svg renders"
check "head -c 8 '$draw/hand.png' | grep -q PNG" "--draw png"
# the picture is as tall as its content (not a half-empty A5); the North set
# aside is drawn, and dora, red fives and nukidora are counted apart
expect 0 "wrote $draw/sanma.pdf" -- score 11p123406s99s+1p --rules tenhou-sanma --nukidora 1 --pon 777z --tsumo --dora 8s --draw "$draw/sanma.pdf"
h=$(pdfinfo "$draw/sanma.pdf" 2>/dev/null | awk '/^Page size/ { print int($5) }')
check "[ \${h:-999} -lt 300 ]" "--draw: the page is $h pt tall, not cut to its content (A5 is 420)"
t=$(pdftotext "$draw/sanma.pdf" - 2>/dev/null | tr '\n' ' ')
check "grep -q 'dora 2 + aka 1 + North set aside 1 = 5 han' <<< \"\$t\"" "--draw: dora, aka and nukidora apart: $t"
check "[ \$(grep -o $'\U0001F003' <<< \"\$t\" | wc -l) -eq 1 ]" "--draw: the North set aside drawn once: $t"
expect 2 'must end in .svg, .png or .pdf' -- score 234m5z+5z --pon 777z --ankan 9999p --chi 678s --draw "$draw/hand.jpg"
expect 2 'cannot write' -- score 234m5z+5z --pon 777z --ankan 9999p --chi 678s --draw "$draw/no/such/dir/hand.svg"
check "[ ! -e '$draw/hand.jpg' ] && ! ls -a '$draw' | grep -q tmp" "a refused --draw left a file"
rm -rf "$draw"


# what cannot happen is refused on the command line as in JSONL (issue 19)
expect 2 'chankan: the kan being added to holds three copies' -- score 123m456p789s111z3z+3z --chankan
expect 2 'chankan is a ron' -- score 123m456p789s23s55z+4s --chankan --tsumo
expect 2 'ippatsu with rinshan' -- score 456p789s234s5p+5p --ankan 1111z --tsumo --riichi --ippatsu --rinshan
expect 2 'ippatsu without riichi' -- score 123m456p789s23s55z+4s --ippatsu
expect 2 'riichi with an open hand' -- score 456p789s5p+5p --chi 234s --pon 555z --double-riichi
expect 2 'rinshan without a kan' -- score 123m456p789s23s55z+4s --tsumo --rinshan
expect 2 'haitei is a tsumo' -- score 123m456p789s23s55z+4s --haitei
expect 2 'houtei is a ron' -- score 123m456p789s23s55z+4s --tsumo --houtei
expect 2 'tenhou for a non-dealer' -- score 123m456p789s23s55z+4s --tsumo --seat S --tenhou
expect 2 'chiihou for the dealer' -- score 123m456p789s23s55z+4s --tsumo --seat E --chiihou
expect 2 'only in three-player games' -- score 123m456p789s23s55z+4s --riichi --nukidora 1
# ura dora without riichi: refused with why, not left uncounted in silence
expect 2 '--ura without riichi: ura dora count only for a winner who declared riichi \(add --riichi' -- \
  score 123m456p789s23s55z+4s --tsumo --ura 4m
expect 0 'the winner receives 2600' -- score 123m456p789s23s55z+4s --double-riichi --ura 4m
expect 2 'more ura dora indicators' -- score 123m456p789s23s55z+4s --riichi --dora 1m --ura 2m3m
expect 2 'a red five, but the rules have none \(set aka=N\)' -- score 123m406p789s23s55z+4s --riichi --set aka=0
expect 2 '2 red fives, but the rules have none \(set aka=N\)' -- score 123m406p789s23s55z+0s --riichi --set aka=0
expect 2 '2 red fives, but the rules have 1 \(set aka=N\)' -- score 123m406p789s23s55z+0s --riichi --set aka=1
expect 2 'these rules have no ippatsu' -- score 123p456p789s234s5p+5p --riichi --ippatsu --rules jpml
expect 2 'for --honba: allowed 0..100' -- score 123m456p789s23s55z+4s --riichi --honba 101
expect 2 '2 red fives of ' -- score 123m400p789s23s55z+4s --riichi
# the yaku and limits by the names players say, in English as in French
# (no engine names: menzen_tsumo, 2x_yakuman)
expect 0 '^  Menzen tsumo +1 han$' -- score 123m456p789s11z22z2z --tsumo
expect 0 '^  Yakuhai: seat wind +1 han$' -- score 123m456p789s11z22z2z --tsumo
expect 0 '^2× yakuman: 64000$' -- score 555z666z777z11z22z2z --ron
expect 0 '^2× yakuman: 64000$' -- score 555z666z777z11z22z2z --ron --lang fr
expect 0 '^  Daisangen +yakuman$' -- score 555z666z777z11z22z2z --ron
expect 0 '^4 han 40 fu \(mangan\): 8000$' -- score 234m234p234s55z66z+6z --riichi
expect 0 '^11 han 30 fu \(sanbaiman\): 24000$' -- score 22334455667788m+8m
expect 0 '^  10 han 40 fu: 16000 \(Tanyao, Ryanpeikou, Chinitsu, tanki wait\)$' -- score 22334455667788m+8m
expect 2 'no North seat in three-player games' -- score 123p456p789s23s55z+4s --riichi --seat N --rules tenhou-sanma
expect 2 'no North round in three-player games' -- score 123p456p789s23s55z+4s --riichi --round N --rules tenhou-sanma
expect 2 'rinshan is a tsumo on a kan replacement tile' -- score 456p789s234s5p+5p --ankan 1111z --rinshan
expect 2 'rinshan with haitei' -- score 456p789s234s5p+5p --ankan 1111z --tsumo --rinshan --haitei
expect 2 'chankan with houtei' -- score 123m456p789s23s55z+4s --chankan --houtei
expect 2 'renhou for the dealer' -- score 123m456p789s23s55z+4s --seat E --renhou
expect 2 'tenhou and chiihou are tsumo wins' -- score 123m456p789s23s55z+4s --seat E --tenhou
expect 2 'renhou is a ron' -- score 123m456p789s23s55z+4s --tsumo --renhou
expect 2 'come before any call or kan' -- score 456p789s234s5p+5p --chi 123m --tsumo --seat E --tenhou
expect 2 'come before any riichi' -- score 123m456p789s23s55z+4s --tsumo --chiihou --riichi
expect 2 'with a last-tile, kan or chankan win' -- score 123m456p789s23s55z+4s --tsumo --seat E --tenhou --haitei
expect 2 'come before any kan: one dora indicator' -- score 123m456p789s23s55z+4s --tsumo --seat E --tenhou --dora 1m2m
expect 2 'pao: a seat of the game' -- score 111p2z+2z --pon 555z --pon 666z --pon 777z --pao N --rules tenhou-sanma
expect 2 'the liable player cannot be the winner' -- score 111p2z+2z --pon 555z --pon 666z --pon 777z --seat W --pao W
expect 2 '2 dora indicators: these rules have no kan dora' -- score 123m456p789s23s55z+4s --dora 1m2m --rules jpml
expect 2 'ura dora given: these rules have no ura dora' -- score 123m456p789s23s55z+4s --riichi --ura 1m --rules jpml
expect 2 '6 dora indicators: at most 5 \(the first and one per kan' -- score 123m456p789s23s55z+4s --riichi --dora 1m2m3m4m5m6m
expect 2 '6 ura dora indicators: at most 5 \(one under each' -- score 123m456p789s23s55z+4s --riichi --ura 1m2m3m4m5m6m
expect 2 'a fifth 9s in sight: the set has four' -- score 123m456p789s23s55z+4s --riichi --dora 9s9s9s9s
expect 0 'dora +3 han' -- score 123m456p789s23s55z+4s --riichi --dora 8s8s8s

finish score_cli_test
