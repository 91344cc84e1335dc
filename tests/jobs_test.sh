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
# every kind of line that cannot be scored, among good ones: each gets its
# error record with its own line number, and the batch goes on
python3 - "$tmp/kinds.jsonl" <<'PY'
import sys
good = b'{"id":"g","hand":"123m456p789s23s55z","win":"4s","tsumo":false,"riichi":true}'
bad = [b'not json', b'{"hand":', b'{"hand":"\xff"}', b'{"hand":"12\x003"}', b'[1]', b'"a string"',
       b'{"id":"c","hand":"1x"}', b'{"hand":"123m456p789s1357z","win":"2z","tsumo":false}',
       b'{"hand":"123m456p789s23s55z","win":"1s","tsumo":false}',
       b'{"hand":"123m456p789s23s55z","win":"4s","tsumo":false,"honba":1e99}',
       b'{"id":"' + b'i' * 1100 + b'","hand":"123m456p789s23s55z","win":"4s","tsumo":false}',
       b'{"hand":"123m456p789s23s55z","win":"4s","tsumo":"yes"}',
       b'{"hand":"123m456p789s23s55z","win":"4s","tsumo":false,"rules":{"nosuchkey":1}}',
       b'{"hand":"123m456p789s23s55z","win":"4s","tsumo":false,"seat":"X"}',
       b'{"hand":"123m456p789s23s55z","win":"4s","tsumo":false} trailing',
       b'x' * 70000]
with open(sys.argv[1], "wb") as f:
    f.write(b"// a comment\n\n")
    for b in bad:
        f.write(good + b"\n" + b + b"\r\n")
    f.write(good + b"\n")
PY
"$tensu" score --jsonl "$tmp/kinds.jsonl" --jobs 2 >"$tmp/kinds.out" 2>"$tmp/kinds.err"; st=$?
check "[ $st -eq 2 ]" "bad lines: status $st, expected 2 (lines that are not JSON)"
check "python3 - '$tmp/kinds.jsonl' '$tmp/kinds.out' <<'PY'
import json, sys
lines = open(sys.argv[1], 'rb').read().split(b'\n')
records = [i + 1 for i, l in enumerate(lines) if l.strip() and not l.startswith(b'//')]
out = [json.loads(l) for l in open(sys.argv[2], encoding='utf-8')]
assert len(out) == len(records), (len(out), len(records))
for n, r in zip(records, out):
    good = lines[n - 1].startswith(b'{\"id\":\"g\"')
    assert r['ok'] == good, (n, r)
    assert good or r['line'] == n, (n, r)
    assert not good or 'line' not in r, (n, r)
PY" "an error record without its line number, or the batch stopped: $(head -c 600 "$tmp/kinds.out")"
check "[ \$(grep -c 'bad JSON\|longer than' '$tmp/kinds.err') -eq 6 ]" "the lines that are not JSON said on stderr: $(cat "$tmp/kinds.err")"

for j in 1 2; do
  "$tensu" crosscheck --format csv --part 1/16 --jobs $j >"$tmp/x$j.csv" 2>/dev/null
done
check "[ -s '$tmp/x1.csv' ] && cmp -s '$tmp/x1.csv' '$tmp/x2.csv'" "crosscheck --format csv differs with --jobs"
finish jobs
