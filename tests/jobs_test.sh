#!/usr/bin/env bash
# The same bytes for every --jobs (issue 16): tensu score --jsonl on the
# corpus and on the test records (bad lines among them), tensu crosscheck's
# CSV (its examples and least han), with 1, 2 and 3 threads.
# usage: jobs_test.sh TENSU SOURCE_DIR SHARED_DIR
set -u
tensu=$1
src=$2
shared=$3
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{ cat "$src/tests/data/hands.jsonl"; echo 'not json'; head -c 70000 /dev/zero | tr '\0' 'x'; echo; cat "$shared/corpus/tenhou_agari.jsonl"; } >"$tmp/in.jsonl"
for j in 1 2 3; do
  "$tensu" score --jsonl "$tmp/in.jsonl" --jobs $j >"$tmp/out$j" 2>"$tmp/err$j"; echo $? >"$tmp/st$j"
done
lines=$(grep -vcE '^\s*(//|$)' "$tmp/in.jsonl")
check "[ \$(wc -l <'$tmp/out1') -eq $lines ]" "--jobs 1: $(wc -l <"$tmp/out1") result lines for $lines records"
check "cmp -s '$tmp/out1' '$tmp/out2' && cmp -s '$tmp/out1' '$tmp/out3'" "score --jsonl: the output differs with --jobs"
check "cmp -s '$tmp/err1' '$tmp/err2' && cmp -s '$tmp/st1' '$tmp/st2'" "score --jsonl: messages or status differ with --jobs"
check "[ \$(cat '$tmp/st1') -eq 2 ] && grep -q 'bad JSON' '$tmp/err1' && grep -q 'longer than 65536' '$tmp/err1'" \
  "the bad lines: status $(cat "$tmp/st1"), $(cat "$tmp/err1")"
for j in 1 2; do
  "$tensu" crosscheck --format csv --part 1/16 --jobs $j >"$tmp/x$j.csv" 2>/dev/null
done
check "[ -s '$tmp/x1.csv' ] && cmp -s '$tmp/x1.csv' '$tmp/x2.csv'" "crosscheck --format csv differs with --jobs"
finish jobs
