#!/usr/bin/env python3
"""The printed key against an independent scoring of the printed hand.

1 000 seeds (200 in the quick run) of tensu quiz (every kind and level, under tenhou, wrc2015 and
tenhou-sanma), each key written as JSON, then:
 - every answer of every key (6 000) checked by quiz_keycheck, which reads
   the key's records in the players' notation and scores them with the
   library's tensu_score and tensu_pay, not through the quiz or its writer;
 - one hand per seed through the ordinary command line, `tensu score HAND
   --tsumo --seat S --dora ...` (text output), and one table question per
   seed through `tensu pay`: han, fu and the amounts must be the key's;
 - for a few seeds, the key as printed (pdftotext of the PDF) says the same
   answers as the JSON, in the same order.
The test must be able to fail: a key altered on purpose is caught.

usage: quiz_key_test.py TENSU QUIZ_KEYCHECK SOURCE_DIR
"""
import concurrent.futures as cf
import json
import os
import re
import subprocess
import sys
import tempfile

tensu, keycheck, src = sys.argv[1:4]
env = dict(os.environ, TENSU_DATA_DIR=src, SOURCE_DATE_EPOCH="1700000000")
PRESETS = ["tenhou", "wrc2015", "tenhou-sanma"]
KINDS = ["fu", "han", "table", "payment", "mixed"]
# 1 000 in the full run (TENSU_FULL=1); 200 in the quick one (every kind and
# level, every preset, the seeds taken in turn all the same)
SEEDS = 1000 if os.environ.get("TENSU_FULL", "") not in ("", "0") else 200
COUNT = 6
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg)


def combo(seed):
    return PRESETS[seed % 3], KINDS[seed // 3 % 5], 1 + seed // 15 % 3


def run(args):
    return subprocess.run([tensu] + args, env=env, capture_output=True, text=True)


work = tempfile.mkdtemp(prefix="quizkey")


def make(seed):
    preset, kind, level = combo(seed)
    out = os.path.join(work, str(seed))
    p = run(["quiz", "--rules", preset, "--kind", kind, "--level", str(level), "--count",
             str(COUNT), "--seed", str(seed), "--format", "json", "-o", out])
    name = "quiz-%s-%d-%d%s-key.json" % (kind, level, seed,
                                         "" if preset == "tenhou" else "-" + preset)
    path = os.path.join(out, name)
    if p.returncode != 0 or not os.path.exists(path):
        return seed, None, p.stderr.strip()
    return seed, path, ""


with cf.ThreadPoolExecutor(2) as pool:
    made = list(pool.map(make, range(SEEDS)))
keys = {}
for seed, path, err in made:
    if path is None:
        fail("seed %d %s: %s" % (seed, combo(seed), err))
    else:
        keys[seed] = path
if len(keys) != SEEDS:
    sys.exit(1)

# every answer, independently scored from the records
p = subprocess.run([keycheck] + [keys[s] for s in sorted(keys)], capture_output=True, text=True)
print(p.stdout.strip())
if p.returncode != 0:
    fail("quiz_keycheck: " + p.stderr.strip()[:2000])
m = re.search(r"(\d+) answers checked", p.stdout)
if not m or int(m.group(1)) != SEEDS * COUNT:
    fail("quiz_keycheck checked %s answers, not %d" % (m and m.group(1), SEEDS * COUNT))


def score_args(rec, preset):
    a = ["score", rec["hand"] + "+" + rec["win"], "--rules", preset,
         "--tsumo" if rec["tsumo"] else "--ron", "--seat", rec["seat"], "--round", rec["round"],
         "--dora", "".join(rec["dora"])]
    for m in rec["melds"]:
        a += ["--" + m["type"], m["tiles"]]
    if rec.get("riichi"):
        a.append("--riichi")
    if rec.get("honba"):
        a += ["--honba", str(rec["honba"])]
    if rec.get("riichi_sticks"):
        a += ["--sticks", str(rec["riichi_sticks"])]
    return a


def check_cli(seed):
    """One hand and one table question of the seed's key, by the command line."""
    preset = combo(seed)[0]
    ex = json.load(open(keys[seed]))["exercises"]
    errs = []
    hands = [e for e in ex if "record" in e]
    tables = [e for e in ex if "record" not in e]
    if hands:
        e = hands[seed % len(hands)]
        a = e["answer"]
        args = score_args(e["record"], preset)
        p = run(args)
        out = p.stdout
        got = re.search(r"^(\d+) han (\d+) fu(?: \([^)]*\))?: (\d+)$", out, re.M)
        ykm = re.search(r"^yakuman: (\d+)$", out, re.M)
        recv = re.search(r"^the winner receives (\d+)(?:, (\d+) with)?", out, re.M)
        if p.returncode != 0 or recv is None or (got is None and ykm is None):
            errs.append("seed %d: tensu %s: %s" % (seed, " ".join(args), p.stderr or out))
        else:
            if got and (int(got.group(1)), int(got.group(2))) != (a["han"], a["fu"]):
                errs.append("seed %d #%d: the key says %d han %d fu, tensu score %s han %s fu"
                            % (seed, e["n"], a["han"], a["fu"], got.group(1), got.group(2)))
            if ykm and a["yakuman"] == 0:
                errs.append("seed %d #%d: tensu score says yakuman" % (seed, e["n"]))
            with_sticks = int(recv.group(2) or recv.group(1))
            if int(recv.group(1)) != a["total"] or with_sticks != a["total_with_sticks"]:
                errs.append("seed %d #%d: the key says %d (%d with sticks), tensu score %s"
                            % (seed, e["n"], a["total"], a["total_with_sticks"], recv.group(0)))
    if tables:
        e = tables[seed % len(tables)]
        args = ["pay", "--han", str(e["han"]), "--fu", str(e["fu"]), "--rules", preset]
        if e["dealer"]:
            args.append("--dealer")
        if e["tsumo"]:
            args.append("--tsumo")
        p = run(args)
        recv = re.search(r"^the winner receives (\d+)", p.stdout, re.M)
        payline = re.search(r"^payment: (.*)$", p.stdout, re.M)
        if recv is None or payline is None:
            errs.append("seed %d: tensu %s: %s" % (seed, " ".join(args), p.stderr))
        else:
            shares = set(int(x) for x in re.findall(r"\d+", payline.group(1)))
            want = e["answer"]
            if int(recv.group(1)) != want["total"]:
                errs.append("seed %d #%d: the key says %d, tensu pay %s"
                            % (seed, e["n"], want["total"], recv.group(1)))
            for k in ("ron", "dealer", "non_dealer"):
                if k in want and want[k] not in shares:
                    errs.append("seed %d #%d: the key's %s %d is not in tensu pay's '%s'"
                                % (seed, e["n"], k, want[k], payline.group(1)))
    return errs


with cf.ThreadPoolExecutor(2) as pool:
    n_cli = 0
    for errs in pool.map(check_cli, range(SEEDS)):
        n_cli += 1
        for e in errs:
            fail(e)
print("%d seeds: a hand and a table question each through tensu score / tensu pay" % n_cli)

# the test can fail: a key with one answer changed is caught
victim = json.load(open(keys[4]))
for e in victim["exercises"]:
    if "record" in e:
        e["answer"]["fu"] += 10
        break
altered = os.path.join(work, "altered-key.json")
json.dump(victim, open(altered, "w"))
p = subprocess.run([keycheck, altered], capture_output=True, text=True)
if p.returncode == 0:
    fail("quiz_keycheck did not catch a changed answer")


# the key as printed says what the JSON says
def printed_answers(pdf):
    text = subprocess.run(["pdftotext", pdf, "-"], capture_output=True, text=True).stdout
    got = []
    for line in text.splitlines():
        # amounts as plain digits: "20 000", "20,000" -> "20000"
        line = re.sub(r"(?<=\d)[,\u202f\u00a0 ](?=\d{3}\b)", "", line.strip())
        line = line.replace("\u00a0", " ")
        m = re.match(r"^(?:Answer|Réponse) ?: (\d+) (fu|han)$", line)
        if m:
            got.append((m.group(2), int(m.group(1))))
            continue
        m = re.match(r"^(?:Answer|Réponse) ?: (\d+) (?:to the winner|pour le gagnant), honba", line)
        if m:
            got.append(("payment", int(m.group(1))))
            continue
        m = re.match(r"^Yakuman ?: (\d+)", line)
        if m:
            got.append(("yakuman", int(m.group(1))))
            continue
        m = re.match(r"^(\d+) han (\d+) fu, [^:]*: (\d+) (?:to the winner|pour le gagnant)$", line)
        if m:
            got.append(("table", int(m.group(1)), int(m.group(2)), int(m.group(3))))
    return got


def expected_answers(key):
    want = []
    for e in json.load(open(key))["exercises"]:
        a = e["answer"]
        if e["kind"] == "table":
            want.append(("table", e["han"], e["fu"], a["total"]))
        elif a.get("yakuman"):
            want.append(("yakuman", a["total_with_sticks"] if e["kind"] == "payment"
                         else a["total"]))
        elif e["kind"] == "fu":
            want.append(("fu", a["fu"]))
        elif e["kind"] == "han":
            want.append(("han", a["han"]))
        else:
            want.append(("payment", a["total_with_sticks"]))
    return want


for seed in (15, 31, 47, 100, 131):
    preset, kind, level = combo(seed)
    out = os.path.join(work, "pdf-%d" % seed)
    for lang in ("en", "fr"):
        p = run(["quiz", "--rules", preset, "--kind", kind, "--level", str(level), "--count",
                 str(COUNT), "--seed", str(seed), "--lang", lang, "--format", "pdf",
                 "--format", "json", "-o", out])
        stem = "quiz-%s-%d-%d%s" % (kind, level, seed, "" if preset == "tenhou" else "-" + preset)
        pdf = os.path.join(out, "%s-%s-key.pdf" % (stem, lang))
        if p.returncode != 0 or not os.path.exists(pdf):
            fail("seed %d %s: no PDF key: %s" % (seed, lang, p.stderr))
            continue
        got, want = printed_answers(pdf), expected_answers(os.path.join(out, stem + "-key.json"))
        if got != want:
            fail("seed %d %s: the PDF key prints %s, the JSON key says %s" % (seed, lang, got, want))
        # the working as on the study sheet: an arrow only where rounding
        # changes the amount, never "6,000 → 6,000"
        text = subprocess.run(["pdftotext", pdf, "-"], capture_output=True, text=True).stdout
        text = " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())
        same = re.findall(r"(?<![\d,])(\d{1,3}(?:[, ]\d{3})*) → \1(?!\d|[, ]\d{3})", text)
        if same:
            fail("seed %d %s: the key rounds an amount to itself: %s" % (seed, lang, same[:3]))
        if "→" not in text and kind in ("table", "payment"):
            fail("seed %d %s: no rounding arrow at all in a %s key" % (seed, lang, kind))
print("PDF keys: the printed answers are the JSON's")

subprocess.run(["rm", "-rf", work])
print("quiz_key: %d failures" % len(failures))
sys.exit(1 if failures else 0)
