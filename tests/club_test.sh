#!/usr/bin/env bash
# A club's rules file (issue 12): a preset exported, edited and given back
# with --rules FILE to every command; the sheets carry the club's name and
# notes; bad files give FILE:LINE:COL and exit 2; every preset works with
# every command.
set -u
tensu=$1
src=$2
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TENSU_DATA_DIR=$src

"$tensu" rules wrc2015 --export > "$work/export.json"
check "python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d[\"base\"] == \"wrc2015\" and d[\"rules\"][\"kiriage\"] == \"yes\" else 1)' '$work/export.json'" "tensu rules wrc2015 --export: $(head -c 200 "$work/export.json")"
python3 - "$work/export.json" "$work/club.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["name"] is None, d["name"]
d["name"] = "Club riichi de Lyon"
d["rules"]["aka"] = "3"
d["notes"] = {"fr": "Chombo : 8 000 points au club.", "en": "Chombo: 8,000 points at the club."}
json.dump(d, open(sys.argv[2], "w"), ensure_ascii=False, indent=1)
PY
club="$work/club.json"
expect 0 'Club riichi de Lyon \(club rules on top of wrc2015\)' -- rules --rules "$club"
expect 0 'aka +3' -- rules --rules "$club"
expect 0 '^4,30,8000' -- table --format csv --rules "$club"
expect 0 'payment: 8000' -- pay --fu 30 --han 4 --rules "$club"
# every command names the club, not only its base
expect 0 'rules Club riichi de Lyon \(club rules on top of wrc2015\)' -- score 123m456p789s23s55z+1s --riichi --rules "$club"
expect 0 '^Point table, rules Club riichi de Lyon \(club rules on top of wrc2015\)' -- table --rules "$club"
expect 0 '\(rules Club riichi de Lyon \(club rules on top of wrc2015\)\)' -- pay --fu 30 --han 4 --rules "$club"
expect 0 'Riichi' -- yaku --rules "$club"
expect 0 '^The yaku under the rules Club riichi de Lyon \(wrc2015\)' -- yaku --rules "$club"
expect 0 '^Les yaku sous les règles Club riichi de Lyon \(wrc2015\)' -- yaku --rules "$club" --lang fr
expect 0 'rules Club riichi de Lyon \(club rules on top of wrc2015\), into' -- quiz --rules "$club" -o "$work/q"
expect 0 '^cross-check, rules Club riichi de Lyon \(club rules on top of wrc2015\)' -- crosscheck --rules "$club" --part 1/200
"$tensu" table --format csv --rules "$club" > "$work/t.csv"
expect 0 '0 errors|no error' -- verify "$work/t.csv" --rules "$club"
expect 0 'card-fr-club-riichi-de-lyon.pdf' -- sheets --rules "$club" --template card --format pdf -o "$work/s"
t=$(pdftotext "$work/s/card-fr-club-riichi-de-lyon.pdf" - 2>/dev/null | tr '\n' ' ' | sed 's/\xc2\xa0/ /g; s/\xe2\x80\xaf/ /g')
check "grep -q 'Table des points – Club riichi de Lyon' <<< \"\$t\"" "the club's name in the title"
check "grep -q 'Chombo : 8 000 points au club.' <<< \"\$t\"" "the club's note in the rules box"
check "grep -q 'Cinq rouges (aka) : 3' <<< \"\$t\"" "the club's red fives"
# the phone page: the club's name as the title, its rules in a smaller line
expect 0 'card-fr-club-riichi-de-lyon.html' -- sheets --rules "$club" --template card --format html --lang fr -o "$work/h"
check "grep -q '<h1>Club riichi de Lyon<small[^>]*>Table des points – ' '$work/h/card-fr-club-riichi-de-lyon.html'" "the club's page title: $(grep -o '<h1>.\{0,120\}' "$work/h/card-fr-club-riichi-de-lyon.html")"
expect 0 'verdict: clean: every cell read, and right' -- verify "$work/h/card-fr-club-riichi-de-lyon.html" --rules "$club"
# --set on top of a club's file: its own file name, the club's card kept;
# a name with accents keeps its letters (vénissieux, not v-nissieux)
expect 0 'card-fr-club-riichi-de-lyon-kiriage-no.pdf' -- sheets --rules "$club" --set kiriage=no --template card --format pdf -o "$work/s"
check "[ -f '$work/s/card-fr-club-riichi-de-lyon.pdf' ]" "the club's card overwritten by --set"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["name"]="Club de Vénissieux — Œuvre"; json.dump(d, open(sys.argv[2], "w"), ensure_ascii=False)' "$club" "$work/ven.json"
expect 0 'card-fr-club-de-venissieux-oeuvre.pdf' -- sheets --rules "$work/ven.json" --template card --format pdf -o "$work/ven"
# a club's file on a preset whose noten payment was not read: the club
# agrees on it, where the preset itself says it is not confirmed
"$tensu" rules majsoul --export | python3 -c 'import json,sys; d=json.load(sys.stdin); d["name"]="Club Soul"; json.dump(d, sys.stdout)' > "$work/soul.json"
expect 0 'card-en-club-soul.pdf' -- sheets --rules "$work/soul.json" --template card --lang en --format pdf -o "$work/soul"
t=$(pdftotext "$work/soul/card-en-club-soul.pdf" - 2>/dev/null | tr '\n' ' ' | sed 's/\xc2\xa0/ /g; s/\xe2\x80\xaf/ /g')
check "grep -q 'agree on it before the game' <<< \"\$t\"" "a club's unset noten: agree on it: \$t"
check "! grep -q 'not confirmed' <<< \"\$t\"" "a club's unset noten: not the preset's 'not confirmed'"

# the export is a file to edit: no made-up club name, a rule not set is
# null (not "-1" or "0"), and read back it gives the same rules, for
# every preset
check "grep -q '\"name\": null' '$work/export.json'" \
    "export: the name is not null: $(grep name "$work/export.json")"
check "grep -q '\"chombo\": null' '$work/export.json'" \
    "export: chombo not set is not null: $(grep chombo "$work/export.json")"
check "! grep -qE '\"(-1|My club)\"' '$work/export.json'" \
    "export writes -1 or a made-up name: $(grep -E '"(-1|My club)"' "$work/export.json")"
for p in $("$tensu" rules | awk '/^Presets/ { p = 1; next } p && NF { print $1 }'); do
  "$tensu" rules "$p" --export > "$work/rt-$p.json"
  "$tensu" rules --rules "$work/rt-$p.json" --export > "$work/rt2-$p.json" 2>&1
  check "cmp -s '$work/rt-$p.json' '$work/rt2-$p.json'" \
    "$p: export, read back, exported again differs: $(diff "$work/rt-$p.json" "$work/rt2-$p.json" | head -5)"
  check "[ \"\$(\"$tensu\" rules '$p')\" = \"\$(\"$tensu\" rules --rules '$work/rt-$p.json')\" ]" \
    "$p: its export read back gives other rules"
done
# null unsets a rule the base sets; a rule that always has a value is refused null
printf '{"name": "Club", "base": "tenhou",\n "rules": {"noten": null, "uma": null}}' > "$work/null.json"
expect 0 '^  noten +-1 ' -- rules --rules "$work/null.json"
expect 0 '^  uma +none ' -- rules --rules "$work/null.json"
"$tensu" rules --rules "$work/null.json" --export > "$work/null2.json"
check "grep -q '\"noten\": null' '$work/null2.json'" "noten null read back is not exported null"
printf '{"name": "Club", "base": "tenhou",\n "rules": {\n  "aka": null}}' > "$work/null3.json"
expect 2 "null3.json:3:3: rule 'aka' is never unset \(null\): give it one of 0..4" \
  -- table --rules "$work/null3.json"

# bad files: the place and the problem
printf '{"name": "x",\n "base": "tenhou",\n "rules": {"kiriage": "maybe"}}' > "$work/b1.json"
expect 2 'b1.json:3:12: bad value .maybe. for rule .kiriage.' -- table --rules "$work/b1.json"
printf '{"name": "x",\n "rules": {}}' > "$work/b2.json"
expect 2 'b2.json:1:1: no "base"' -- table --rules "$work/b2.json"
printf '{"name": "x", "base": "tenhou",\n  "rules": {\n    "kiriag": "yes"}}' > "$work/b3.json"
expect 2 "b3.json:3:5: unknown rule 'kiriag'" -- pay --fu 30 --han 1 --rules "$work/b3.json"
printf '{"name": "x", "base": "tenhou",' > "$work/b4.json"
expect 2 'b4.json:1:[0-9]+: ' -- score 123m456p789s23s55z+1s --rules "$work/b4.json"
printf '{"name": "x", "base": "nosuch"}' > "$work/b5.json"
expect 2 "b5.json:1:15: unknown rules preset 'nosuch'" -- table --rules "$work/b5.json"
printf '{"name": "x", "base": "tenhou", "colour": "red"}' > "$work/b6.json"
expect 2 'b6.json:1:33: unknown field "colour"' -- table --rules "$work/b6.json"
expect 2 'cannot read' -- table --rules "$work/none.json"
# a byte-order mark (Windows Notepad) is no character: read, columns as an editor counts them
printf '\xef\xbb\xbf{"name": "x", "base": "tenhou", "colour": "red"}' > "$work/bom.json"
expect 2 'bom.json:1:33: unknown field "colour"' -- table --rules "$work/bom.json"
printf '\xef\xbb\xbf{"name": "Club BOM",\r\n "base": "wrc2015"}\r\n' > "$work/bom2.json"
expect 0 'Club BOM \(club rules on top of wrc2015\)' -- rules --rules "$work/bom2.json"
# a comma missing or one too many: said so, where it belongs or stands
printf '{"name": "x",\n "base": "tenhou"\n "rules": {}}' > "$work/c1.json"
expect 2 'c1.json:2:18: missing comma between "tenhou" and "rules"' -- table --rules "$work/c1.json"
printf '{"name": "x",\n "base": "tenhou",\n "rules": {"aka": 2,}}' > "$work/c2.json"
expect 2 "c2.json:3:20: trailing comma before '}': no comma after the last item" \
  -- table --rules "$work/c2.json"
printf '{"name": "x", "base": "tenhou",\n}' > "$work/c3.json"
expect 2 "c3.json:1:31: trailing comma before '}'" -- table --rules "$work/c3.json"
printf '{"name": "x", "base": "tenhou", "rules": {"aka": 2 "kiriage": "yes"}}' > "$work/c4.json"
expect 2 'c4.json:1:51: missing comma between 2 and "kiriage"' -- table --rules "$work/c4.json"
# another fault before a comma's: jansson's own message, at its place
printf '{"name": "x", "base": "tenhou", "rules": {"aka": tru "kiriage": "yes"}}' > "$work/c5.json"
expect 2 "c5.json:1:[0-9]+: invalid token near 'tru'" -- table --rules "$work/c5.json"
# a file that is there is read whatever its name; a name with a '.' is a file
cp "$work/bom2.json" "$work/club.txt"
expect 0 'Club BOM \(club rules on top of wrc2015\)' -- rules --rules "$work/club.txt"
(cd "$work" && cp bom2.json myclub && "$tensu" rules --rules myclub) >"$work/bare.out" 2>&1
check "grep -q 'Club BOM (club rules on top of wrc2015)' '$work/bare.out'" \
    "--rules myclub (a file there) not read: $(head -2 "$work/bare.out")"
expect 2 "nosuch.txt: cannot read the club's rules file" -- table --rules "$work/nosuch.txt"
(cd "$work" && mkdir -p wrc2015 && "$tensu" table --rules wrc2015 --format csv) >"$work/preset.out" 2>&1
check "grep -q '^4,30,8000' '$work/preset.out'" \
    "a folder named as a preset hid the preset: $(head -2 "$work/preset.out")"
# an uma in points: said to be in thousands
printf '{"name": "x", "base": "tenhou",\n "rules": {"uma": "15000/5000"}}' > "$work/u1.json"
expect 2 "u1.json:2:12: bad value '15000/5000' for rule 'uma': the uma is in thousands, e.g. 15/5 \(15000/5000 in points is 15/5\)" \
  -- table --rules "$work/u1.json"
expect 2 "bad value '20000/0/-20000' for rule 'uma': the uma is in thousands, e.g. 20/0/-20" \
  -- rules tenhou-sanma --set uma=20000/0/-20000
expect 2 "bad value '15500/5000' for rule 'uma': the uma is in thousands, e.g. 15/5$" \
  -- rules --set uma=15500/5000
# no name: the sheets would pass it for the preset
printf '{"base": "tenhou"}' > "$work/b7.json"
expect 2 'b7.json:1:1: no "name"' -- table --rules "$work/b7.json"
# a riichi key on a classical base, a classical key on a riichi base: refused where they stand
printf '{"name": "x", "base": "classical",\n "rules": {"limit": 300,\n  "kiriage": "yes"}}' > "$work/b8.json"
expect 2 "b8.json:3:3: rule 'kiriage' does nothing on the base classical: it is a riichi rule" -- table --rules "$work/b8.json"
printf '{"name": "x", "base": "tenhou",\n "rules": {"limit": 300}}' > "$work/b9.json"
expect 2 "b9.json:2:12: rule 'limit' does nothing on the base tenhou: it is a classical rule" -- table --rules "$work/b9.json"
expect 2 "rule 'limit' does nothing under riichi rules" -- table --set limit=300
# notes in a language without sheets: the message names the languages there are
printf '{"name": "x", "base": "tenhou",\n "notes": {"de": "Hallo"}}' > "$work/b10.json"
expect 2 'b10.json:2:12: no sheets in "de": "notes" holds the languages of the sheets, "fr" and "en"' -- table --rules "$work/b10.json"
# a note longer than TENSU_NOTES_SIZE - 1 (479) bytes is refused where it stands, never cut;
# one of 479 bytes (é is two) is kept whole
python3 - "$work" <<'PY'
import json, sys
for name, note in (("b11", "é" * 240), ("n479", "é" * 239 + "x")):
    with open("%s/%s.json" % (sys.argv[1], name), "w", encoding="utf-8") as f:
        f.write('{"name": "x", "base": "tenhou",\n "notes": {"en": "ok",\n  "fr": %s}}'
                % json.dumps(note, ensure_ascii=False))
PY
expect 2 'b11.json:3:3: "notes"."fr" is 480 bytes long, more than 479, the most a club.s note may be' -- sheets --rules "$work/b11.json" -o "$work/b11"
check "[ ! -e '$work/b11' ] || [ -z \"\$(ls -A '$work/b11')\" ]" "a refused note left files: $(ls "$work/b11" 2>&1)"
"$tensu" rules --rules "$work/n479.json" --export >"$work/n479.out" 2>&1
check "python3 -c 'import json,sys; n=json.load(open(sys.argv[1]))[\"notes\"][\"fr\"]; sys.exit(0 if n == \"é\" * 239 + \"x\" else 1)' '$work/n479.out'" \
  "a note of 479 bytes not kept whole: $(head -c 300 "$work/n479.out")"
# a directory is not "larger than 1 MB"
mkdir -p "$work/dir.json"
expect 2 'dir.json: a directory, not a club.s rules file' -- table --rules "$work/dir.json"

# every preset with every command
for p in $("$tensu" rules | awk '/^Presets/ { p = 1; next } p && NF { print $1 }'); do
  expect 0 "." -- table --rules "$p"
  expect 0 "source: " -- rules "$p"
  case $p in classical) continue ;; esac
  expect 0 "payment" -- pay --fu 30 --han 2 --rules "$p"
  expect 0 "winner receives" -- score 123p456p789s23s55z+1s --riichi --rules "$p"
  expect 0 "wrote" -- sheets --rules "$p" --format pdf -o "$work/p-$p"
  "$tensu" table --format csv --rules "$p" > "$work/p.csv"
  expect 0 "." -- verify "$work/p.csv" --rules "$p"
done
finish club
