#!/usr/bin/env bash
# The yaku (issue 13): tensu yaku under every preset lists every yaku the
# scorer scores there, each example scoring (through tensu score --jsonl)
# to its yaku with the value listed; the yaku sheet renders in both
# languages with the names and han; the classical game is refused.
set -u
tensu=$1
src=$2
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TENSU_DATA_DIR=$src

presets=$("$tensu" rules 2>/dev/null | awk '/^Presets/ { p = 1; next } p && NF { print $1 }' | grep -v classical)
[ -n "$presets" ] || presets="tenhou tenhou-sanma majsoul ema2016 wrc2015"
for p in $presets "tenhou --set renhou=mangan" "tenhou --set kuitan=no" "tenhou --set double-yakuman=yes"; do
  # shellcheck disable=SC2086
  "$tensu" yaku --rules $p --format json > "$work/y.json" 2> "$work/err"
  check "[ \$? -eq 0 ]" "tensu yaku --rules $p: $(cat "$work/err")"
  python3 - "$work/y.json" > "$work/rec.jsonl" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for y in d["yaku"]:
    r = dict(y["example"]); r["id"] = y["id"]
    print(json.dumps(r))
# the open examples after, in the same order
for y in d["yaku"]:
    if y.get("example_open"):
        r = dict(y["example_open"]); r["id"] = y["id"] + ".open"
        print(json.dumps(r))
PY
  # shellcheck disable=SC2086
  "$tensu" score --jsonl "$work/rec.jsonl" --rules $p > "$work/scored.jsonl" 2>/dev/null
  python3 - "$work/y.json" "$work/scored.jsonl" "$p" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); scored = [json.loads(l) for l in open(sys.argv[2])]
rules = d["rules"]; bad = []
# a double form worth what its base is worth is said in the base's entry
ids = [y["id"] for y in d["yaku"]] + [y["includes"] for y in d["yaku"] if y.get("includes")]
# every yaku the scorer knows is listed, but those the rules do not have
every = ("menzen_tsumo riichi double_riichi ippatsu haitei houtei rinshan chankan tenhou chiihou "
         "renhou haku hatsu chun seat_wind round_wind pinfu tanyao iipeikou sanshoku ittsu chanta "
         "chiitoitsu toitoi sanankou sankantsu sanshoku_doukou honroutou shousangen honitsu junchan "
         "ryanpeikou chinitsu kokushi kokushi_13 suuankou suuankou_tanki daisangen daisuushii "
         "shousuushii tsuuiisou ryuuiisou chinroutou suukantsu chuuren junsei_chuuren").split()
for y in every:
    absent = ((y == "renhou" and rules["renhou"] == "off") or (y == "sanshoku" and rules["players"] == "3")
              or (y == "ippatsu" and rules.get("ippatsu") == "no"))
    if (y in ids) == absent:
        bad.append("listed" if absent else "missing: " + y)
opens = [y for y in d["yaku"] if y.get("example_open")]
if rules["players"] != "3" and not any(y["id"] == "sanshoku" for y in opens):
    bad.append("no open example for sanshoku")
if not any(y["id"] == "honitsu" for y in opens):
    bad.append("no open example for honitsu")
for y, s in zip(opens, scored[len(d["yaku"]):]):
    item = [i for i in s.get("yaku_detail", []) if i["name"] == y["id"]]
    if not any(m["type"] != "ankan" for m in y["example_open"].get("melds", [])):
        bad.append(y["id"] + ": the open example is closed")
    if not item or item[0]["han"] != y["han_open"]:
        bad.append("%s open: %s, listed %s" % (y["id"], item and item[0]["han"], y["han_open"]))
for y in d["yaku"]:
    if not (y["romaji"] and y["name_fr"] and y["name_en"] and y["description"]):
        bad.append(y["id"] + ": a name or the description is missing")
for y, s in zip(d["yaku"], scored):
    if not s.get("ok"):
        bad.append(y["id"] + ": " + str(s.get("error"))); continue
    item = [i for i in s["yaku_detail"] if i["name"] == y["id"]]
    if not item:
        bad.append(y["id"] + " not in " + str(s["yaku"])); continue
    if y["yakuman"]:
        if item[0]["yakuman"] != y["yakuman"]: bad.append(y["id"] + " yakuman")
    else:
        opened = any(m["type"] != "ankan" for m in y["example"].get("melds", []))
        want = y["han_open"] if opened else y["han_closed"]
        if item[0]["han"] != want: bad.append("%s: %s han, listed %s" % (y["id"], item[0]["han"], want))
if rules["kuitan"] == "no":
    t = [y for y in d["yaku"] if y["id"] == "tanyao"][0]
    if t["han_open"] is not None: bad.append("tanyao open under kuitan=no")
if rules["double-yakuman"] == "yes":
    k = [y for y in d["yaku"] if y["id"] == "kokushi_13"][0]
    if k["yakuman"] != 2: bad.append("kokushi_13 not double")
if bad:
    print(sys.argv[3], bad); sys.exit(1)
PY
  check "[ \$? -eq 0 ]" "yaku examples under $p"
done
expect 2 'classical game has no yaku' -- yaku --rules classical

# text in the language; CSV with a description and the example records
expect 0 'Les yaku sous les règles tenhou \(42\)' -- yaku --lang fr
expect 0 '2.{1,2}han \(ouverte.{1,2}: 1\)' -- yaku --lang fr
expect 0 'Sept paires différentes' -- yaku --lang fr
expect 0 'The yaku under the rules majsoul' -- yaku --rules majsoul
"$tensu" yaku --lang fr --format csv > "$work/y.csv"
python3 - "$work/y.csv" <<'PY'
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
bad = []
if len(rows) != 42: bad.append("%d rows" % len(rows))
for r in rows:
    if not r["description"] or json.loads(r["example"]).get("hand") is None:
        bad.append(r["id"])
    if r["id"] in ("sanshoku", "honitsu") and not json.loads(r["example_open"])["melds"]:
        bad.append(r["id"] + " open")
if bad:
    print(bad); sys.exit(1)
PY
check "[ \$? -eq 0 ]" "tensu yaku --format csv"

# the yaku sheet, both languages
for lang in fr en; do
  out="$work/s-$lang"
  "$tensu" sheets --template yaku --lang "$lang" --format pdf --format svg -o "$out" > /dev/null 2>&1
  check "[ -s '$out/yaku-$lang.pdf' ]" "yaku sheet $lang"
  check "qpdf --check '$out/yaku-$lang.pdf' >/dev/null 2>&1" "qpdf yaku $lang"
  n=$(pdfinfo "$out/yaku-$lang.pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
  check "[ '$n' = 2 ]" "yaku sheet $lang: $n pages, want 2"
  t=$(pdftotext "$out/yaku-$lang.pdf" - 2>/dev/null | sed 's/\xc2\xa0/ /g')
  for w in Riichi Pinfu Tanyao Chiitoitsu Chinitsu "Kokushi musou" Daisangen "6 han" Yakuman; do
    check "grep -qF '$w' <<< \"\$t\"" "yaku sheet $lang: no '$w'"
  done
  check "pdffonts '$out/yaku-$lang.pdf' 2>/dev/null | grep -q TensuTiles" "yaku sheet $lang: the tile font"
  check "[ \$(stat -c %s '$out/yaku-$lang.pdf') -lt 153600 ]" "yaku sheet $lang over 150 KB"
done
# without --format: PDF and SVG in both languages (no HTML page: the yaku
# and study sheets have no point table); --format html for them is refused
# before anything is written
for t in yaku study; do
  out="$work/d-$t"
  "$tensu" sheets --template "$t" -o "$out" > /dev/null 2> "$work/err"
  check "[ \$? -eq 0 ]" "sheets --template $t without --format: $(cat "$work/err")"
  check "[ -s '$out/$t-fr.pdf' ] && [ -s '$out/$t-en.pdf' ] && [ -s '$out/$t-en-1.svg' ]" "sheets --template $t: fr and en, PDF and SVG"
  check "[ -z \"\$(ls '$out'/*.html 2>/dev/null)\" ]" "sheets --template $t wrote an HTML page"
  expect 2 "the $t sheet has no HTML page" -- sheets --template "$t" --format html -o "$work/h-$t"
  check "[ ! -e '$work/h-$t' ]" "sheets --template $t --format html wrote something"
  expect 2 "the $t sheet has no HTML page" -- sheets --template "$t" --format pdf --format html -o "$work/h-$t"
  check "[ ! -e '$work/h-$t' ]" "sheets --template $t --format pdf --format html wrote something"
done
expect 0 'card-en.html' -- sheets --template card --lang en -o "$work/d-card"
# a sheet with an example that lies fails, naming it, and writes nothing
mkdir -p "$work/data/templates"
cp -r "$src/fonts" "$work/data/"
cp "$src"/templates/*.json "$work/data/templates/"
sed -i '/"id": "menzen_tsumo"/s/"tsumo": true/"tsumo": false/' "$work/data/templates/yaku-data.json"
TENSU_DATA_DIR="$work/data" expect 2 'example of menzen_tsumo does not score under these rules: a winning shape without any yaku' -- sheets --template yaku -o "$work/bad"
check "[ -z \"\$(ls '$work/bad' 2>/dev/null)\" ]" "a failed yaku sheet left files"

# a yaku the scorer has, with no entry: the sheet and tensu yaku fail naming it
cp "$src/templates/yaku-data.json" "$work/data/templates/yaku-data.json"
grep -v '"id": "chinitsu"' "$src/templates/yaku-data.json" > "$work/data/templates/yaku-data.json"
TENSU_DATA_DIR="$work/data" expect 2 'no entry for chinitsu' -- yaku
TENSU_DATA_DIR="$work/data" expect 2 'no entry for chinitsu' -- sheets --template yaku -o "$work/bad2"
check "[ -z \"\$(ls '$work/bad2' 2>/dev/null)\" ]" "a yaku sheet missing a yaku left files"
# renhou is off under tenhou: its entry may go
grep -v '"id": "renhou"' "$src/templates/yaku-data.json" > "$work/data/templates/yaku-data.json"
TENSU_DATA_DIR="$work/data" expect 0 'Pinfu' -- yaku
TENSU_DATA_DIR="$work/data" expect 2 'no entry for renhou' -- yaku --rules tenhou --set renhou=mangan
# an example that scores other han than printed (its record asks for double yakuman)
sed 's/"hand": "19m19p19s1234567z"/"rules": {"double-yakuman": "yes"}, "hand": "19m19p19s1234567z"/' "$src/templates/yaku-data.json" > "$work/data/templates/yaku-data.json"
TENSU_DATA_DIR="$work/data" expect 2 'example of kokushi_13 pays 2 yakuman \(kokushi_13\), the sheet would print 1' -- yaku
TENSU_DATA_DIR="$work/data" expect 2 'example of kokushi_13 pays 2 yakuman' -- sheets --template yaku --format pdf -o "$work/bad3"
check "[ -z \"\$(ls '$work/bad3' 2>/dev/null)\" ]" "a yaku sheet with a wrong value left files"
# a yakuman example worth more than printed (review A1): a closed daisuushii
# won on the pair is suuankou tanki too
sed 's/"hand": "111z222z333z5p", "melds": \[{"type": "pon", "tiles": "444z"}\]/"hand": "111z222z333z444z5p"/' "$src/templates/yaku-data.json" > "$work/data/templates/yaku-data.json"
TENSU_DATA_DIR="$work/data" expect 2 'example of daisuushii pays 2 yakuman \(suuankou_tanki, daisuushii\), the sheet would print 1' -- yaku
TENSU_DATA_DIR="$work/data" expect 2 'example of daisuushii pays 4 yakuman \(suuankou_tanki, daisuushii\), the sheet would print 2' -- yaku --rules majsoul
TENSU_DATA_DIR="$work/data" expect 2 'example of daisuushii pays 2 yakuman' -- sheets --template card --format pdf -o "$work/bad4"
check "[ -z \"\$(ls '$work/bad4' 2>/dev/null)\" ]" "a card with a yakuman example worth more left files"
# an open example must be open, and prove the open value
sed 's/"open_example": {"hand": "123p123s789s5p", "melds": \[{"type": "chi", "tiles": "123m"}\]/"open_example": {"hand": "123m123p123s789s5p"/' "$src/templates/yaku-data.json" > "$work/data/templates/yaku-data.json"
TENSU_DATA_DIR="$work/data" expect 2 'open example of sanshoku has no called meld' -- yaku
cp "$src/templates/yaku-data.json" "$work/data/templates/yaku-data.json"
# the header of tensu score keeps the red fives of the melds
expect 0 "chi 406s  ankan 0555m" -- score 11m340p+5p --chi 406s --ankan 0555m --pon 777z
finish yaku
