#!/usr/bin/env bash
# Every situation the scorer refuses (issue 19) has a test on both paths:
# each message of check_numbers() and check_situation() in src/core/tiles.c
# must be expected by a case of tests/data/hands.jsonl (the JSONL path,
# run by test_score_cases) and by a line of tests/score_cli_test.sh (the
# command line).  A new refusal without its two tests fails here.
# usage: situations_test.sh SOURCE_DIR
src=${1:?source dir}
python3 - "$src" <<'PY'
import json, re, sys
src = sys.argv[1]
code = open(f"{src}/src/core/tiles.c").read()
# the two functions that hold the rules of the game
parts = []
for fn in ("check_numbers", "check_situation"):
    start = code.index(f"tensu_status {fn}(")
    end = code.index("\n}\n", start)
    parts.append(code[start:end])
body = "\n".join(parts)
# only reachable through the C API: numbers out of range that the readers
# of the notation and of JSONL refuse before the scorer sees them (with
# their own tests: --honba 101, "honba": 101)
api_only = ("honba and riichi sticks", "bad meld count", "no winning tile given", "bad seat or round wind",
            "too many dora indicators", "bad dora indicator", "bad ura dora indicator")
messages = []
for m in re.finditer(r"(?:error_fill\(err,\s*TENSU_ERR_INVALID,|BAD_FLAGS\()", body):
    # the format: the first string literals of the call, side by side
    i = body.index('"', m.end())
    lits = []
    while body[i] == '"':
        j = i + 1
        while body[j] != '"':
            j += 2 if body[j] == "\\" else 1
        lits.append(body[i + 1:j])
        i = j + 1
        while body[i] in " \n":
            i += 1
    msg = "".join(lits)
    if msg in ("%s", ""):
        continue
    if not any(msg.startswith(a) for a in api_only):
        messages.append(msg)

def norm(s):
    s = re.sub(r"\d[mpsz]", "#", s)  # a tile name in a test, %s in the code
    return re.sub(r"%[dsc]|\d+", "#", s.replace("\\", ""))

def covers(test, msg):
    # the test's words appear in the message, in order (numbers are free)
    pieces = [p for p in norm(test).split("#") if p]
    at, m = 0, norm(msg)
    for p in pieces:
        at = m.find(p, at)
        if at < 0:
            return False
        at += len(p)
    return sum(len(p) for p in pieces) >= 8

jsonl = []
for line in open(f"{src}/tests/data/hands.jsonl"):
    if not line.strip() or line.startswith("//"):
        continue
    e = json.loads(line).get("expect", {})
    if e.get("ok") is False and "error_contains" in e:
        jsonl.append(e["error_contains"])
cli = re.findall(r"^expect 2 '([^']*)' -- score", open(f"{src}/tests/score_cli_test.sh").read(), re.M)
fail = 0
for msg in messages:
    for name, tests in (("tests/data/hands.jsonl", jsonl), ("tests/score_cli_test.sh", cli)):
        if not any(covers(t, msg) for t in tests):
            print(f"FAIL: no case in {name} for: {msg}", file=sys.stderr)
            fail += 1
print(f"situations: {len(messages)} rules, {2 * len(messages) - fail} of {2 * len(messages)} tests found")
sys.exit(1 if fail or len(messages) < 20 else 0)
PY
