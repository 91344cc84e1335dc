#!/usr/bin/env bash
# Every sentence follows the rules in force (issue 11): each sheet rendered
# under several rule sets in French and English, its text extracted, and
# checked against tests/data/sheet_truths.txt; no key=value dump, no empty
# placeholder (no doubled space before punctuation), the title carries a
# --set, and a --set never overwrites the standard sheet.
set -u
tensu=$1
src=$2
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TENSU_DATA_DIR=$src
truths="$(dirname "$0")/data/sheet_truths.txt"

text() { pdftotext "$1" - 2>/dev/null | sed 's/\xe2\x80\xaf/ /g; s/\xc2\xa0/ /g' | tr '\n' ' ' | tr -s ' '; }

rulesets=("--rules tenhou" "--rules tenhou-sanma" "--rules wrc2015" "--rules ema2016"
          "--set aotenjou=yes" "--set kiriage=yes" "--rules classical" "--rules classical --set limit=0"
          "--rules classical --set east-double=no" "--rules classical --set rounding=1"
          "--rules tenhou-sanma --set sanma=north-bisection" "--rules jpml" "--rules mleague"
          "--rules majsoul" "--rules classical --set flower-points=0"
          "--rules classical --set mahjong-points=0")
for rs in "${rulesets[@]}"; do
  key=${rs// /+}
  dir="$work/$key"
  mkdir -p "$dir"
  # shellcheck disable=SC2086
  out=$("$tensu" sheets $rs --format pdf -o "$dir" 2>&1)
  check "[ \$? -eq 0 ]" "sheets $rs: $out"
  for pdf in "$dir"/*.pdf; do
    [ -e "$pdf" ] || continue
    check_poppler "$pdf"
    name=$(basename "$pdf" .pdf)
    t=$(text "$pdf")
    echo "$t" > "$dir/$name.txt"
    # a hole left by an empty value: two spaces before punctuation
    raw=$(pdftotext "$pdf" - 2>/dev/null | sed 's/\xe2\x80\xaf/ /g; s/\xc2\xa0/ /g')
    check "! grep -Eq '[^ ]  +[;:,.!?]' <<< \"\$raw\"" "$rs $name: a doubled space before punctuation: $(grep -Eo '.{15}[^ ]  +[;:,.!?]' <<< "$raw" | head -2)"
    check "! grep -Eq '[a-z]+(-[a-z]+)*=[a-z0-9]' '$dir/$name.txt'" "$rs $name: a key=value dump: $(grep -Eo '[a-z-]+=[a-z0-9-]+' "$dir/$name.txt" | head -3 | tr '\n' ' ')"
    check "! grep -q '[{}]' '$dir/$name.txt'" "$rs $name: a placeholder left in the text"
    check "! grep -Eq '(\( *\)|: *[;,.]|  [.,;:])' '$dir/$name.txt'" "$rs $name: an empty value: $(grep -Eo '.{20}(\( *\)|: *[;,.]).{0,10}' "$dir/$name.txt" | head -2)"
  done
done

# the data: must and never, per rule set, language and sheet (one Python
# process: some 30,000 checks)
counts=$(python3 - "$truths" "$work" <<'EOF'
import os, sys
truths, work = sys.argv[1], sys.argv[2]
passed = failed = 0
texts = {}
for key in sorted(os.listdir(work)):
    d = os.path.join(work, key)
    for f in sorted(os.listdir(d)) if os.path.isdir(d) else []:
        if f.endswith(".txt"):
            texts[(key, f[:-4])] = open(os.path.join(d, f), encoding="utf-8").read()
for line in open(truths, encoding="utf-8"):
    if not line.strip() or line.lstrip().startswith("#"):
        continue
    rs, lang, sheet, kind, want = (x.strip() for x in line.rstrip("\n").split("|", 4))
    for (key, name), t in texts.items():
        if rs != "*" and rs != key:
            continue
        if not (name.endswith("-" + lang) or ("-" + lang + "-") in name):
            continue
        if sheet != "*" and not (name.startswith(sheet + "-") or name.startswith("classical-" + sheet + "-")):
            continue
        # what every sheet must say is said on the card and the study sheet
        # (the yaku sheet names the yaku, not the table rules); what no sheet
        # may say, no sheet says
        if sheet == "*" and kind == "must" and name.startswith("yaku-"):
            continue
        if (want in t) == (kind == "must"):
            passed += 1
        else:
            failed += 1
            print("FAIL: %s %s: %s \"%s\"" % (key, name, "should say" if kind == "must"
                                              else "must not say", want), file=sys.stderr)
print(passed, failed)
EOF
)
pass=$((pass + ${counts% *}))
fail=$((fail + ${counts#* }))

# a --set never takes the standard sheet's name (nor the classical one's)
check "[ -e '$work/--rules+classical+--set+limit=0/classical-card-fr-limit-0.pdf' ]" "the classical card without a limit is named classical-card-fr-limit-0.pdf: $(ls "$work/--rules+classical+--set+limit=0")"
check "[ ! -e '$work/--rules+classical+--set+limit=0/classical-card-fr.pdf' ]" "the classical card without a limit took the standard card's name"
# what a screen reader gets (the SVG <desc>) and what pdftotext extracts: no
# space before a no-break space, none before a comma or a colon in English
for rs in "--rules tenhou" "--rules tenhou-sanma" "--rules wrc2015"; do
  dir="$work/svg${rs// /+}"
  mkdir -p "$dir"
  for sheet in card study; do
    # shellcheck disable=SC2086
    "$tensu" sheets --template $sheet $rs --format svg --format pdf -o "$dir" >/dev/null 2>&1
  done
  for f in "$dir"/*.svg "$dir"/*.pdf; do
    name=$(basename "$f")
    case $f in
      *.svg) t=$(sed -n '/<desc>/,/<\/desc>/p' "$f") ;;
      *) t=$(pdftotext "$f" - 2>/dev/null) ;;
    esac
    check "! grep -q \$' \\xc2\\xa0\\| \\xe2\\x80\\xaf' <<< \"\$t\"" "$rs $name: a space before a no-break space: $(grep -o $'.\{12\} \xc2\xa0.\{4\}\|.\{12\} \xe2\x80\xaf.\{4\}' <<< "$t" | head -2)"
    case $name in
      *-en*) check "! grep -q ' [,:;]' <<< \"\$t\"" "$rs $name: a space before a comma or a colon: $(grep -o '.\{12\} [,:;].\{4\}' <<< "$t" | head -2)" ;;
    esac
  done
done

# the document's title (PDF /Title) names the rules, as the printed card does
check "pdfinfo '$work/--set+kiriage=yes/study-fr-tenhou-kiriage-yes.pdf' | grep -q '^Title:.*Tenhou, quatre joueurs (parties classées), avec kiriage'" "the study sheet's /Title without its rules: $(pdfinfo "$work/--set+kiriage=yes/study-fr-tenhou-kiriage-yes.pdf" | grep Title)"
check "pdfinfo '$work/--rules+tenhou-sanma/study-en-tenhou-sanma.pdf' | grep -q '^Title:.*Tenhou, three players'" "the study sheet's /Title without its rules"

# a --set never takes the standard sheet's name
check "[ -e '$work/--set+kiriage=yes/card-fr-tenhou-kiriage-yes.pdf' ]" "the kiriage card is named card-fr-tenhou-kiriage-yes.pdf: $(ls "$work/--set+kiriage=yes")"
check "[ ! -e '$work/--set+kiriage=yes/card-fr.pdf' ]" "the kiriage card took the standard card's name"

finish sheets_rules
