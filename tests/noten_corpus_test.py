"""The noten payment of the tenhou and tenhou-sanma presets against the
official scores of the corpus (no rule text read here gives Tenhou's
amount, so the preset takes it from the scores, and this test holds it to
them).

usage: noten_corpus_test.py TENSU SHARED_DIR

Within a game, when exactly one hand lies between two recorded wins
(round_index two apart) and no riichi stick lies on the table at the second
win (nobody declared riichi in the hand between), the scores before the
second win minus the scores after the first are what that hand moved. An
exhaustive draw moves points only from the players not ready (each paying
the same) to those ready (each receiving the same). The test finds every
such move, and checks that the amount most of them add up to is the
preset's noten, that it accounts for at least 95 % of the moves of that
shape (the others are wins the corpus lacks: one payer, one amount), and
that `tensu rules` says where the value comes from."""
import collections
import json
import os
import re
import subprocess
import sys

tensu, shared = sys.argv[1:3]
failed = 0


def check(cond, what):
    global failed
    if not cond:
        failed += 1
        print("FAIL:", what)


def moves(path):
    games = collections.defaultdict(list)
    for line in open(path, encoding="utf-8"):
        r = json.loads(line)
        res = r["result"]
        games[r["source"]["game_id"]].append(
            (r["source"]["round_index"], res["score_before"], res["score_delta"],
             r["round"]["riichi_sticks"]))
    totals, nothing = collections.Counter(), 0
    for hands in games.values():
        hands.sort()
        for a, b in zip(hands, hands[1:]):
            if b[0] != a[0] + 2 or b[3] != 0:
                continue
            after = [x + y for x, y in zip(a[1], a[2])]
            d = [y - x for x, y in zip(after, b[1])]
            neg, pos = [v for v in d if v < 0], [v for v in d if v > 0]
            if not neg and not pos:
                nothing += 1
            elif len(set(neg)) == 1 and len(set(pos)) == 1 and sum(d) == 0:
                totals[-sum(neg)] += 1
    return totals, nothing


def preset_noten(preset):
    out = subprocess.run([tensu, "rules", preset], capture_output=True, text=True).stdout
    m = re.search(r"^  noten +(-?[0-9]+) ", out, re.M)
    return (int(m.group(1)) if m else None), out


for preset, name, least in (("tenhou", "tenhou_agari.jsonl", 100),
                            ("tenhou-sanma", "tenhou_agari_sanma.jsonl", 30)):
    totals, nothing = moves(os.path.join(shared, "corpus", name))
    amount, count = totals.most_common(1)[0]
    shaped = sum(totals.values())
    noten, text = preset_noten(preset)
    print(f"{preset}: {count} of {shaped} draws that moved points moved {amount} in all, "
          f"{nothing} moved nothing; the preset says noten={noten}")
    check(count >= least, f"{preset}: only {count} draws found (want {least} or more)")
    check(count >= 0.95 * shaped, f"{preset}: {count} of {shaped} moves of {amount}: no clear amount")
    check(noten == amount, f"{preset}: noten={noten}, the corpus's draws move {amount}")
    check(f"{count} exhaustive draws moved {amount:,} points" in text,
          f"{preset}: tensu rules does not give the corpus's count ({count}) and amount")

print("noten_corpus:", "ok" if failed == 0 else f"{failed} failed")
sys.exit(1 if failed else 0)
