#!/usr/bin/env bash
# tensu quiz end to end: a worksheet and its key as separate files in both
# languages; the worksheet holds no answer; the key's answers are what
# tensu score --jsonl says of the same records; same seed, same bytes.
set -u
tensu=$1
src=$2
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TENSU_DATA_DIR=$src
export SOURCE_DATE_EPOCH=1700000000
text() { pdftotext "$1" - 2>/dev/null | sed 's/\xe2\x80\xaf/ /g; s/\xc2\xa0/ /g'; }

# every level in the full run (TENSU_FULL=1); the first and the last in the quick one
levels="1 3"
[ "${TENSU_FULL:-}" = 1 ] && levels="1 2 3"
for kind in fu han table payment mixed; do
  for level in $levels; do
    out="$work/$kind-$level"
    log=$("$tensu" quiz --kind "$kind" --level "$level" --count 6 --seed 5 --format pdf --format svg --format json -o "$out" 2>&1)
    check "[ \$? -eq 0 ]" "quiz $kind $level: $log"
    for lang in fr en; do
      sheet="$out/quiz-$kind-$level-5-$lang.pdf"
      key="$out/quiz-$kind-$level-5-$lang-key.pdf"
      check "[ -s '$sheet' ] && [ -s '$key' ]" "quiz $kind $level $lang: sheet and key"
      # one SVG a page: NAME.svg for one page, else NAME-1.svg, NAME-2.svg ...
      for stem in "$out/quiz-$kind-$level-5-$lang" "$out/quiz-$kind-$level-5-$lang-key"; do
        n=$(pdfinfo "$stem.pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
        if [ "$n" = 1 ]; then
          check "[ -s '$stem.svg' ] && [ ! -e '$stem-1.svg' ]" "$stem: one page, one SVG without a number"
        else
          check "[ -n '$n' ] && [ -s '$stem-1.svg' ] && [ -s '$stem-$n.svg' ] && [ ! -e '$stem.svg' ]" "$stem: $n pages, numbered SVGs"
        fi
      done
      [ -s "$sheet" ] || continue
      check "qpdf --check '$sheet' >/dev/null 2>&1 && qpdf --check '$key' >/dev/null 2>&1" "qpdf $kind $level $lang"
      check_poppler "$sheet"
      check_poppler "$key"
      # the learner's pages hold no answer
      check "! text '$sheet' | grep -Eq 'Réponse|Answer|Piège|Trap|Corrigé|answer key'" "$kind $level $lang: an answer on the worksheet"
      check "text '$key' | grep -Eq 'Corrigé|Answer key'" "$kind $level $lang: the key's title"
      # the hands' winning tile and dora indicator are named; no counter
      # said when there is none
      if [ "$kind" != table ]; then
        check "text '$sheet' | grep -Eq 'winning tile|tuile gagnante'" "$kind $level $lang: the winning tile not named"
        check "text '$sheet' | grep -Eq 'dora indicator|indicateur de dora'" "$kind $level $lang: the dora indicator not named"
      fi
      check "! text '$key' | grep -Eq '(plus|\\+) 0 (honba|riichi)|pour 0|for 0'" "$kind $level $lang: a counter of 0 in the working"
    done
    # the key's answers are tensu score's on the same records
    python3 - "$out/quiz-$kind-$level-5.json" "$out/quiz-$kind-$level-5-key.json" > "$work/records.jsonl" <<'PY'
import json, sys
sheet = json.load(open(sys.argv[1])); key = json.load(open(sys.argv[2]))
assert [e["n"] for e in sheet["exercises"]] == [e["n"] for e in key["exercises"]]
for e in sheet["exercises"]:
    assert "answer" not in e
    assert "trap" not in e, "the worksheet gives the trap away"
assert "traps" not in sheet
for e in key["exercises"]:
    if "record" in e:
        print(json.dumps(e["record"]))
PY
    check "[ \$? -eq 0 ]" "$kind $level: worksheet and key JSON"
    if [ -s "$work/records.jsonl" ]; then
      "$tensu" score --jsonl "$work/records.jsonl" > "$work/scored.jsonl" 2>/dev/null
      python3 - "$out/quiz-$kind-$level-5-key.json" "$work/scored.jsonl" <<'PY'
import json, sys
key = [e for e in json.load(open(sys.argv[1]))["exercises"] if "record" in e]
scored = [json.loads(l) for l in open(sys.argv[2])]
assert len(key) == len(scored), (len(key), len(scored))
for k, s in zip(key, scored):
    a = k["answer"]
    assert s["ok"] and a["ok"], (k, s)
    for f in ("han", "fu", "yakuman", "total", "total_with_sticks", "yaku", "payment"):
        assert a[f] == s[f], (f, a[f], s[f])
PY
      check "[ \$? -eq 0 ]" "$kind $level: the key's answers differ from tensu score --jsonl"
    fi
  done
done

# the wording (review2 N13): the title names the kind once; a winner in
# riichi has put a stick on the table, said to be among those taken and
# counted so in the key; a limit's name inside a sentence is a word; French
# agreement and punctuation
"$tensu" quiz --seed 1 --format pdf -o "$work/w1" >/dev/null 2>&1
check "text '$work/w1/quiz-mixed-1-1-en.pdf' | grep -q 'Exercises – all kinds, level 1'" "the English title"
check "text '$work/w1/quiz-mixed-1-1-fr.pdf' | grep -q 'Exercices – tous les types, niveau 1'" "the French title"
check "text '$work/w1/quiz-mixed-1-1-fr-key.pdf' | grep -q 'Corrigé – tous les types, niveau 1'" "the French key's title"
check "! text '$work/w1/quiz-mixed-1-1-en.pdf' | grep -Eq 'mixed exercises'" "the title says exercises twice"
check "! text '$work/w1/quiz-mixed-1-1-fr.pdf' | grep -Eq 'exercices variés'" "the French title says exercices twice"
for seed in 1 2 3 4 5 6 7 8; do
  out="$work/w-sticks-$seed"
  "$tensu" quiz --kind payment --level 2 --count 8 --seed $seed --format pdf --format json -o "$out" >/dev/null 2>&1
  for lang in en fr; do
    text "$out/quiz-payment-2-$seed-$lang.pdf" > "$out/sheet-$lang.txt"
    text "$out/quiz-payment-2-$seed-$lang-key.pdf" > "$out/key-$lang.txt"
  done
  python3 - "$out/quiz-payment-2-$seed-key.json" "$out" <<'PY'
import json, re, sys
key = json.load(open(sys.argv[1]))["exercises"]
want = {"en": ("riichi · ", "riichi stick on the table: yours", "riichi sticks on the table, yours included",
               "for 1 riichi stick (yours)", "riichi sticks (yours included)"),
        "fr": ("riichi · ", "bâton de riichi sur la table : le vôtre", "bâtons de riichi sur la table, le vôtre compris",
               "pour 1 bâton de riichi (le vôtre)", "bâtons de riichi (le vôtre compris)")}
for lang, (mark, one, many, kone, kmany) in want.items():
    t = " ".join(open("%s/sheet-%s.txt" % (sys.argv[2], lang)).read().split())
    sheet = re.split(r"(?=(?:Ron|Tsumo) · )", t)[1:]  # each situation to the next
    keyt = " ".join(open("%s/key-%s.txt" % (sys.argv[2], lang)).read().split())
    assert len(sheet) == len(key), (lang, len(sheet), len(key))
    for line, e in zip(sheet, key):
        r = e["record"]
        n = r.get("riichi_sticks", 0)
        if r.get("riichi"):
            # the winner's own stick is on the table, and among those taken
            assert n >= 1, ("riichi without a stick on the table", r)
            assert (one if n == 1 else many) in line, (lang, line)
            assert (kone if n == 1 else kmany) in keyt, (lang, n)
            assert e["answer"]["total_with_sticks"] - e["answer"]["total"] == 1000 * n, e["answer"]
        else:
            assert "yours" not in line and "vôtre" not in line, (lang, line)
PY
  check "[ \$? -eq 0 ]" "seed $seed: the riichi sticks, the winner's own among them"
done
"$tensu" quiz --kind table --level 3 --count 12 --seed 3 --format pdf -o "$work/w3" >/dev/null 2>&1
check "text '$work/w3/quiz-table-3-3-en-key.pdf' | grep -Eq 'no longer count: [0-9]+ han is a (haneman|baiman|sanbaiman|yakuman|counted yakuman) whatever the fu'" "the limit by han, in English"
check "text '$work/w3/quiz-table-3-3-fr-key.pdf' | grep -Eq 'à partir de 5 han, les fu ne comptent plus : [0-9]+ han, c’est un (haneman|baiman|sanbaiman|yakuman)'" "the limit by han, in French"
check "! text '$work/w3/quiz-table-3-3-en-key.pdf' | grep -Eq 'is (Mangan|Haneman|Baiman|Sanbaiman|Yakuman)'" "a limit's name capitalised inside a sentence"
check "! text '$work/w3/quiz-table-3-3-fr-key.pdf' | grep -Eq 'c’est (un )?(Mangan|Haneman|Baiman|Sanbaiman|Yakuman)|5 han les fu'" "a French limit capitalised, or the comma missing"
"$tensu" quiz --kind han --level 3 --count 8 --seed 3 --format pdf -o "$work/w4" >/dev/null 2>&1
check "text '$work/w4/quiz-han-3-3-fr-key.pdf' | grep -q 'compte un han de moins qu’en main fermée'" "the open-hand trap, in French"
check "! text '$work/w4/quiz-han-3-3-fr-key.pdf' | grep -q 'de moins que fermé'" "the open-hand trap: 'que fermé'"

# same seed, same bytes; another seed, another sheet
"$tensu" quiz --seed 9 --lang fr -o "$work/s1" >/dev/null 2>&1
"$tensu" quiz --seed 9 --lang fr -o "$work/s2" >/dev/null 2>&1
"$tensu" quiz --seed 10 --lang fr -o "$work/s3" >/dev/null 2>&1
check "cmp -s '$work/s1/quiz-mixed-1-9-fr.pdf' '$work/s2/quiz-mixed-1-9-fr.pdf'" "the same seed gave another sheet"
check "[ \"\$(text '$work/s1/quiz-mixed-1-9-fr.pdf' | grep -v Feuille)\" != \"\$(text '$work/s3/quiz-mixed-1-9-fr.pdf' | grep -v Feuille)\" ]" "another seed gave the same sheet"

# HTML: a worksheet and a key per language, self-contained (no request:
# the only URLs are the SVG namespaces), every glyph reference resolved
# inside the file with no id given twice, the pages' text readable in it,
# no answer on the worksheet, each fu answer of the key in the key.
"$tensu" quiz --kind mixed --level 3 --count 8 --seed 5 --format html --format json -o "$work/h" >/dev/null 2>&1
check "[ \$? -eq 0 ]" "quiz --format html failed"
for lang in fr en; do
  for f in "quiz-mixed-3-5-$lang.html" "quiz-mixed-3-5-$lang-key.html"; do
    page="$work/h/$f"
    check "[ -s '$page' ]" "$f not written"
    [ -s "$page" ] || continue
    check "grep -q '<html lang=\"$lang\">' '$page'" "$f: no lang=$lang"
    check "[ -z \"\$(grep -o 'https\?://[^\"]*' '$page' | grep -v '^http://www.w3.org/')\" ]" "$f: an external URL"
    check "! grep -Eq '(src|href)=\"[a-z]+:' '$page'" "$f: an external file"
    python3 - "$page" <<'PY'
import re, sys
t = open(sys.argv[1], encoding="utf-8").read()
ids = re.findall(r' id="([^"]+)"', t)
assert len(ids) == len(set(ids)), "an id given twice"
refs = set(re.findall(r'href="#([^"]+)"', t))
assert refs and refs <= set(ids), sorted(refs - set(ids))[:3]
assert t.count("<svg") >= 1 and t.count("<desc>") == t.count("<svg")
PY
    check "[ \$? -eq 0 ]" "$f: glyph references"
  done
  check "! grep -Eq 'Réponse|Answer:|Piège|Trap:' '$work/h/quiz-mixed-3-5-$lang.html'" "$lang: an answer on the HTML worksheet"
  python3 - "$work/h/quiz-mixed-3-5-key.json" "$work/h/quiz-mixed-3-5-$lang-key.html" <<'PY'
import json, re, sys
key = json.load(open(sys.argv[1]))["exercises"]
text = open(sys.argv[2], encoding="utf-8").read()
desc = " ".join(re.findall(r"<desc>(.*?)</desc>", text, re.S)).replace("\u00a0", " ").replace("\u202f", " ")
n = 0
for e in key:
    a = e.get("answer", {})
    if e.get("kind") == "fu" and "fu" in a:
        assert "%d fu" % a["fu"] in desc, a["fu"]
        n += 1
assert n > 0 or all(e.get("kind") != "fu" for e in key)
PY
  check "[ \$? -eq 0 ]" "$lang: the key's fu answers are not in the HTML key"
done
"$tensu" quiz --kind mixed --level 3 --count 8 --seed 5 --lang en --format html -o "$work/h2" >/dev/null 2>&1
check "cmp -s '$work/h/quiz-mixed-3-5-en.html' '$work/h2/quiz-mixed-3-5-en.html'" "HTML: the same seed gave other bytes"

# level 3 with the default count: every trap the rules have, each on a kind
# that tests it (fu traps never on han questions; kiriage on tables and
# payments), for several presets and kinds
for rules in tenhou wrc2015 tenhou-sanma; do
  for kind in mixed table fu; do
    out="$work/l3-$rules-$kind"
    "$tensu" quiz --rules "$rules" --kind "$kind" --level 3 --seed 3 --format json -o "$out" >/dev/null 2>&1
    stem="quiz-$kind-3-3$([ "$rules" = tenhou ] || echo "-$rules")"
    python3 - "$out/$stem-key.json" "$rules" "$kind" <<'PY'
import json, sys
key = json.load(open(sys.argv[1])); rules, kind = sys.argv[2], sys.argv[3]
traps = key["traps"]
seen = [e.get("trap") for e in key["exercises"]]
assert set(traps) <= set(seen), ("missing", set(traps) - set(seen))
fu_traps = {"shanpon-ron", "pinfu-tsumo", "open-pinfu", "chiitoitsu", "two-readings"}
for e in key["exercises"]:
    t = e.get("trap")
    assert t, e
    if t in fu_traps:
        assert e["kind"] in ("fu", "payment"), e
    if t in ("kiriage", "no-kiriage", "limit-by-han"):
        assert e["kind"] in ("table", "payment"), e
    if t in ("open-han", "dora-wrap"):
        assert e["kind"] in ("han", "payment"), e
if kind == "table":
    assert ("kiriage" if rules == "wrc2015" else "no-kiriage") in traps, traps
if kind == "mixed":
    assert {"shanpon-ron", "pinfu-tsumo", "chiitoitsu", "two-readings"} <= set(traps)
    assert ("open-pinfu" in traps) == (rules != "tenhou-sanma"), traps
PY
    check "[ \$? -eq 0 ]" "level 3 $rules $kind: a trap missing or on the wrong kind"
  done
done
# trap texts under changed rules: said as the rules have it
"$tensu" quiz --set pinfu-tsumo=30 --set open-pinfu=20 --kind fu --level 3 --count 5 --seed 2 --lang en -o "$work/rt" >/dev/null 2>&1
f="$work/rt/quiz-fu-3-2-tenhou-open-pinfu-20-pinfu-tsumo-30-en-key.pdf"
check "[ -s '$f' ]" "--set in the file name: $(ls "$work/rt")"
check "text '$f' | grep -q 'keeps its 2 tsumo fu' && text '$f' | grep -q 'stays at 20 fu'" "the traps' texts under pinfu-tsumo=30 open-pinfu=20"
check "! text '$f' | grep -q 'counts 20 fu, without the 2 fu'" "pinfu tsumo said to be 20 fu under pinfu-tsumo=30"
# kiriage: the base of 1,920 is under the cap, raised by kiriage; limits by han say so
"$tensu" quiz --rules wrc2015 --kind table --level 3 --count 8 --seed 2 --lang en -o "$work/k" >/dev/null 2>&1
f="$work/k/quiz-table-3-2-wrc2015-en-key.pdf"
check "text '$f' | grep -q 'just under 2,000: rounded up to mangan by kiriage'" "kiriage working"
check "! text '$f' | grep -q '1,920, above'" "1,920 said above the cap"
check "text '$f' | grep -Eq '^[0-9]+ han: [A-Za-z]+ by the han count alone'" "a limit by han not said so"
check "! text '$f' | grep -Eq '× 2(¹[0-9]|[⁷⁸⁹]).*above the'" "a limit by han worked as fu × 2^n above the cap"
"$tensu" quiz --rules wrc2015 --kind table --level 3 --count 8 --seed 2 --lang fr -o "$work/k" >/dev/null 2>&1
check "! text '$work/k/quiz-table-3-2-wrc2015-fr-key.pdf' | grep -q 'plus que le plafond'" "fr: 1,920 said above the cap"
# three players: one non-dealer pays besides the dealer
"$tensu" quiz --rules tenhou-sanma --kind table --level 2 --count 12 --seed 4 --lang fr -o "$work/s3" >/dev/null 2>&1
f="$work/s3/quiz-table-2-4-tenhou-sanma-fr-key.pdf"
check "! text '$f' | grep -q 'chaque non-donneur'" "three players: 'each non-dealer' on a non-dealer's tsumo"
check "text '$work/s3/quiz-table-2-4-tenhou-sanma-fr.pdf' | grep -q 'l’autre non-donneur paie'" "three players: not 'the other non-dealer pays'"
# --set and a club's file never overwrite the standard sheet
"$tensu" quiz --seed 7 --lang en -o "$work/n" >/dev/null 2>&1
"$tensu" quiz --seed 7 --lang en --set aotenjou=yes -o "$work/n" >/dev/null 2>&1
check "[ -s '$work/n/quiz-mixed-1-7-en.pdf' ] && [ -s '$work/n/quiz-mixed-1-7-tenhou-aotenjou-yes-en.pdf' ]" "--set aotenjou=yes: $(ls "$work/n")"
# the han working is a sum; the key repeats how the hand was won
"$tensu" quiz --kind han --level 2 --count 6 --seed 3 --lang en -o "$work/hw" >/dev/null 2>&1
f="$work/hw/quiz-han-2-3-en-key.pdf"
check "text '$f' | grep -Eq ' = [0-9]+ han$'" "the han working is no sum"
check "! text '$f' | grep -Eq '[0-9]: [0-9]+ han$'" "the han working in the old form"
check "[ \$(text '$f' | grep -Ec '^(Ron|Tsumo) · you are') -eq 6 ]" "the key does not repeat ron/tsumo and the seat"

# refused, and nothing written
expect 2 "no language 'de'" -- quiz --lang de -o "$work/r"
expect 2 'classical game has no' -- quiz --rules classical -o "$work/r"
expect 2 'bad kind' -- quiz --kind yaku -o "$work/r"
expect 2 'level' -- quiz --level 4 -o "$work/r"
check "[ ! -e '$work/r' ]" "a refused quiz wrote files"
finish quiz
