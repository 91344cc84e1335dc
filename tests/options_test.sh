#!/usr/bin/env bash
# One option grammar (issue 17): every option each command's --help lists
# is one its parser knows (never "unknown option"); "--" ends the options;
# "-" reads standard input where a file is read.
# usage: options_test.sh TENSU SOURCE_DIR SHARED_DIR
set -u
tensu=$(readlink -f "$1")
src=$2
shared=$3
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TENSU_DATA_DIR=$src
cd "$tmp"
commands=$("$tensu" help | awk '/^commands:/ { c = 1; next } /^$/ { c = 0 } c && $1 != "help" && $1 != "version" { print $1 }')
check "[ \$(wc -w <<<'$commands') -ge 10 ]" "tensu help lists $(wc -w <<<"$commands") commands"
n=0
for cmd in $commands; do
  # the usage block and the lines of an option table
  opts=$("$tensu" "$cmd" --help | awk 'NR == 1 || u { u = ($0 != ""); print; next } /^ +--/ { print }' |
         grep -oE -- '(^|[ [|(])--[a-z][a-z-]*' | tr -d ' [|(' | sort -u)
  check "[ -n '$opts' ]" "tensu $cmd --help lists no option"
  for o in $opts; do
    [ "$o" = --help ] && continue
    n=$((n + 1))
    timeout 3 "$tensu" "$cmd" "$o" x >/dev/null 2>"$tmp/err" </dev/null
    check "! grep -qF \"unknown option '$o'\" '$tmp/err'" "tensu $cmd --help lists $o, which it does not know: $(head -1 "$tmp/err")"
    rm -rf "$tmp/output" "$tmp"/*.pdf "$tmp"/*.svg 2>/dev/null
  done
done
check "[ $n -ge 60 ]" "only $n options tried"
# "--" ends the options: a file or a hand that starts with '-'
cp "$shared/charts/reachy_on_rails_scoring.csv" "$tmp/-chart.csv"
expect 1 'summary: 132 cells checked' -- verify -- -chart.csv
expect 2 "unknown option '-chart.csv'" -- verify -chart.csv
expect 2 "one hand at a time: '--riichi'" -- score -- 123m456p789s23s55z+4s --riichi
expect 0 'the winner receives 1300' -- score --riichi -- 123m456p789s23s55z+4s
# "-": standard input
out=$("$tensu" verify - <"$shared/charts/reachy_on_rails_scoring.csv" 2>&1)
check "grep -q 'summary: 132 cells checked' <<<\"\$out\"" "verify - did not read standard input: $(tail -1 <<<"$out")"
out=$(echo '{"hand":"123m456p789s23s55z","win":"4s","tsumo":false,"riichi":true}' | "$tensu" score --jsonl - 2>&1)
check "grep -q '\"total\":1300' <<<\"\$out\"" "score --jsonl - did not read standard input: $out"
finish options
