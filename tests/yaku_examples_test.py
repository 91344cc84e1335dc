#!/usr/bin/env python3
"""The examples of the yaku sheet are worth what the sheet prints, and show
their yaku with as little else as possible (review A1, A6, A7).

usage: yaku_examples_test.py TENSU SOURCE_DIR

Under every preset and the four settings of double-yakuman (yes, no) and
multiple-yakuman (stack, single), `tensu yaku --format json` gives the
entries the yaku sheet prints (the sheet and the command share one list);
each example (and open example) is scored by `tensu score --jsonl`:

- a yakuman example pays exactly the yakuman printed for it (1 "yakuman",
  2 "double yakuman") and has no other yaku: four concealed triplets won on
  the pair would also be suuankou tanki, and pay 2 or 3 yakuman;
- any other example has its yaku with the han printed (open or closed as
  its melds make it), no dora, and no other yaku but the few that the named
  one brings with it (ALSO below, each with why);
- a double form (13-sided kokushi, suuankou tanki, junsei chuuren) has its
  own entry only when it is worth more than its base; otherwise its base's
  entry says it (the folded line), and the sheet names it nowhere;
- the yaku sheet (PDF, English) prints "double yakuman" once per double
  entry, and the folded line when there is one;
- no example depends on a seat or round wind that the sheet does not print
  (review N1): each is scored again in every seat (the dealer's only when
  the example is the dealer's) and every round, and has the same yaku and
  han (the same yakuman);
- beside (or under) each example, the yaku sheet prints how it was won, in
  English and French, as the example's own fields say (review N12): the
  seat and round when a wind yakuhai is among its yaku, "dealer" for an
  East seat otherwise, tsumo, riichi or double riichi, ippatsu, haitei,
  houtei, rinshan, chankan, tenhou, chiihou, renhou; and, when it has
  other yaku it cannot do without, its han in all with them; nothing for
  a non-dealer's plain ron.  tensu yaku --format json gives the same line
  ("situation", "situation_open").
"""
import json
import os
import re
import subprocess
import sys
import tempfile

tensu, src = sys.argv[1], sys.argv[2]
env = dict(os.environ, TENSU_DATA_DIR=src)
failed = passed = 0

# The yaku an example may have beside its own, and why it cannot do without
# them.  Any other yaku in an example is a bigger hand than the one shown.
ALSO = {
    # ippatsu is a win within a go-round of one's own riichi: riichi is there
    "ippatsu": {"riichi"},
    # shousangen's two dragon triplets are two yakuhai, 1 han each
    "shousangen": {"haku", "hatsu", "chun"},
    # a hand of 1s, 9s and honours only is four triplets or seven pairs
    "honroutou": {"toitoi", "chiitoitsu"},
}

PRESETS = ["tenhou", "tenhou-sanma", "majsoul", "majsoul-sanma", "mleague", "wrc2015",
           "ema2016", "jpml"]
SETTINGS = [[], ["double-yakuman=yes", "multiple-yakuman=stack"],
            ["double-yakuman=yes", "multiple-yakuman=single"],
            ["double-yakuman=no", "multiple-yakuman=stack"],
            ["double-yakuman=no", "multiple-yakuman=single"]]
VARIANTS = {"kokushi_13": "kokushi", "suuankou_tanki": "suuankou",
            "junsei_chuuren": "chuuren"}
NAMES_EN = {"kokushi_13": "Kokushi musou, 13-sided wait", "suuankou_tanki": "Suuankou tanki",
            "junsei_chuuren": "Junsei chuuren poutou"}


def check(ok, what):
    global failed, passed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what, file=sys.stderr)


def run(args, stdin=None):
    p = subprocess.run([tensu, *args], env=env, input=stdin, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def pdf_text(path):
    t = subprocess.run(["pdftotext", path, "-"], capture_output=True, text=True).stdout
    return " ".join(t.replace("\u00a0", " ").replace("\u202f", " ").split())


cat_en = json.load(open(os.path.join(src, "templates", "en.json"), encoding="utf-8"))["strings"]
cats = {lang: json.load(open(os.path.join(src, "templates", lang + ".json"),
                             encoding="utf-8"))["strings"] for lang in ("en", "fr")}
YAKUHAI = ["haku", "hatsu", "chun", "seat_wind", "round_wind"]
FLAGS = ["ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou"]


def norm(t):
    """Spaces of every kind as one space, the tiles (U+E000..) left out."""
    t = "".join(" " if ord(ch) >= 0xE000 and ord(ch) < 0xF900 or 0x1F000 <= ord(ch) < 0x1F030
                else ch for ch in t)
    return " ".join(t.replace("\u00a0", " ").replace("\u202f", " ").split())


def situation(cat, rec, names, y):
    """How the example was won, in the catalog's words, from its own fields
    and the yaku it was scored to."""
    words = []
    seat, rnd = rec.get("seat", "S"), rec.get("round", "E")
    if "seat_wind" in names or "round_wind" in names:
        words += [cat["yaku.sit.seat." + seat], cat["yaku.sit.round." + rnd]]
    elif seat == "E":
        words.append(cat["yaku.sit.dealer"])
    if rec.get("tsumo"):
        words.append(cat["yaku.sit.tsumo"])
    if rec.get("double_riichi"):
        words.append(cat["yaku.sit.double_riichi"])
    elif rec.get("riichi"):
        words.append(cat["yaku.sit.riichi"])
    words += [cat["yaku.sit." + f] for f in FLAGS if rec.get(f)]
    text = cat["yaku.sit.sep"].join(words)
    others = [n for n in names if n != y["id"]]
    if y["yakuman"] or not others:
        return text
    hai = [n for n in others if n in YAKUHAI]
    items = []
    for n in others:
        if n in hai and len(hai) > 1:
            w = cat["yaku.sit.yakuhai"].replace("{n}", str(len(hai)))
        else:
            w = cat.get("yaku.short." + n, cat["yaku." + n])
        if w not in items:
            items.append(w)
    with_ = "".join(("" if i == 0 else cat["yaku.sit.and"] if i + 1 == len(items)
                     else cat["yaku.sit.sep"]) + w for i, w in enumerate(items))
    return (text + (cat["yaku.sit.sep.total"] if text else "") +
            cat["yaku.sit.total"].replace("{han}", str(total[id(y), rec_key(rec)]))
            .replace("{with}", with_))


def rec_key(rec):
    return json.dumps(rec, sort_keys=True)


total = {}

with tempfile.TemporaryDirectory() as work:
    for preset in PRESETS:
        for setting in SETTINGS:
            rules = ["--rules", preset]
            for s in setting:
                rules += ["--set", s]
            label = " ".join(rules)
            st, out, err = run(["yaku", "--format", "json", *rules])
            check(st == 0, "%s: tensu yaku: %s" % (label, err.strip()))
            if st != 0:
                continue
            d = json.loads(out)
            r = d["rules"]
            double = r["double-yakuman"] == "yes" and r["multiple-yakuman"] == "stack"
            records, whose = [], []
            for y in d["yaku"]:
                for k in ("example", "example_open"):
                    if y.get(k):
                        records.append(json.dumps(y[k]))
                        whose.append((y, k))
            st, out, err = run(["score", "--jsonl", "-", *rules], "\n".join(records) + "\n")
            scored = [json.loads(line) for line in out.splitlines()]
            check(len(scored) == len(records), "%s: %d records, %d scored" % (label, len(records),
                                                                           len(scored)))
            said = {}  # (id, example or example_open) -> what the sheet must print
            for (y, k), s in zip(whose, scored):
                what = "%s: the %s of %s (%s)" % (label, k.replace("_", " "), y["id"],
                                                  json.dumps(y[k]))
                if not s.get("ok"):
                    check(False, "%s: %s" % (what, s.get("error")))
                    continue
                names = s["yaku"]
                total[id(y), rec_key(y[k])] = s["han"]
                said[y["id"], k] = {lang: situation(cats[lang], y[k], names, y)
                                    for lang in ("en", "fr")}
                check(said[y["id"], k]["en"] == (y["situation" + k[7:]] or ""),
                      "%s: tensu yaku says '%s', its fields '%s'" %
                      (what, y["situation" + k[7:]], said[y["id"], k]["en"]))
                item = [i for i in s["yaku_detail"] if i["name"] == y["id"]]
                check(bool(item), "%s: no %s in %s" % (what, y["id"], names))
                if y["yakuman"]:
                    # the hand pays the yakuman printed, no more, and has no other yaku
                    check(s["yakuman"] == y["yakuman"],
                          "%s pays %s yakuman (%s), the sheet prints %s" %
                          (what, s["yakuman"], names, y["yakuman"]))
                    check(names == [y["id"]], "%s: other yakuman %s" % (what, names))
                    check(y["group"] == ("double" if y["yakuman"] == 2 else "yakuman"),
                          "%s: in the group %s" % (what, y["group"]))
                    continue
                opened = any(m["type"] != "ankan" for m in y[k].get("melds", []))
                want = y["han_open"] if opened else y["han_closed"]
                check(bool(item) and item[0]["han"] == want,
                      "%s: %s han, the sheet prints %s" % (what, item and item[0]["han"], want))
                extra = set(names) - {y["id"]} - ALSO.get(y["id"], set())
                check(not extra, "%s: other yaku %s (a bigger hand than the yaku shown)"
                      % (what, sorted(extra)))
                check(not any(s["dora"].values()), "%s: dora %s" % (what, s["dora"]))
                check(s["yakuman"] == 0, "%s: a yakuman hand" % what)
            # no example depends on a seat or round that the sheet does not
            # print: scored again in every other seat and round, the same
            # yaku, han and yakuman
            three = str(r["players"]) == "3"
            varied, base = [], []
            for (y, k), s in zip(whose, scored):
                if not s.get("ok") or "seat_wind" in s["yaku"] or "round_wind" in s["yaku"]:
                    continue
                seat = y[k].get("seat", "S")
                seats = ["E"] if seat == "E" else ["S", "W"] if three else ["S", "W", "N"]
                for st in seats:
                    for rd in (["E", "S", "W"] if three else ["E", "S", "W", "N"]):
                        rec = dict(y[k], seat=st, round=rd)
                        varied.append(json.dumps(rec))
                        base.append((y, k, s, st, rd))
            st, out, err = run(["score", "--jsonl", "-", *rules], "\n".join(varied) + "\n")
            again = [json.loads(line) for line in out.splitlines()]
            check(len(again) == len(varied), "%s: %d records, %d scored" % (label, len(varied),
                                                                         len(again)))
            for (y, k, s, st, rd), a in zip(base, again):
                got = (a.get("ok"), sorted(a.get("yaku", [])), a.get("han"), a.get("yakuman"))
                want = (True, sorted(s["yaku"]), s["han"], s["yakuman"])
                check(got == want, "%s: the %s of %s, %s seat, %s round: %s, in the seat and "
                      "round it was scored in %s (a wind the sheet does not print)" %
                      (label, k.replace("_", " "), y["id"], st, rd, got, want))
            # the double forms: an entry of their own only when worth more
            ids = {y["id"]: y for y in d["yaku"]}
            for v, base in VARIANTS.items():
                if double:
                    check(v in ids and ids[v]["yakuman"] == 2 and ids[base]["includes"] is None,
                          "%s: %s not its own double yakuman" % (label, v))
                else:
                    check(v not in ids and ids[base]["includes"] == v,
                          "%s: %s not said in %s's entry" % (label, v, base))
            # how each example was won, printed after its line (the tiles
            # between are left out of the text), as its fields say
            st, out, err = run(["yaku", "--format", "json", "--lang", "fr", *rules])
            descs = {"en": {y["id"]: y["description"] for y in d["yaku"]},
                     "fr": {y["id"]: y["description"] for y in json.loads(out)["yaku"]}}
            for lang in ("en", "fr"):
                o = os.path.join(work, "r" + lang)
                st, out, err = run(["sheets", "--template", "yaku", "--lang", lang, "--format",
                                    "pdf", "-o", o, *rules])
                pdfs = [f for f in os.listdir(o) if f.endswith(".pdf")] if st == 0 else []
                check(len(pdfs) == 1, "%s: the %s yaku sheet: %s" % (label, lang, err.strip()))
                if len(pdfs) != 1:
                    continue
                raw = norm(subprocess.run(["pdftotext", "-raw", os.path.join(o, pdfs[0]), "-"],
                                          capture_output=True, text=True).stdout)
                os.remove(os.path.join(o, pdfs[0]))
                cat = cats[lang]
                words = sorted({norm(v) for key, v in cat.items()
                                if key.startswith("yaku.sit.") and key not in
                                ("yaku.sit.sep", "yaku.sit.and", "yaku.sit.sep.total")
                                and "{" not in v})
                for y in d["yaku"]:
                    desc = norm(descs[lang][y["id"]])
                    at = raw.find(desc + " ")
                    check(at >= 0 and raw.count(desc + " ") == 1,
                          "%s %s: the line of %s ('%s') found %d times" %
                          (label, lang, y["id"], desc, raw.count(desc + " ")))
                    if at < 0:
                        continue
                    after = raw[at + len(desc) + 1:]
                    for k in ("example", "example_open"):
                        if not y.get(k) or (y["id"], k) not in said:
                            continue
                        if k == "example_open":
                            label_open = norm(cat["yaku.open_example"]) + " "
                            check(after.startswith(label_open), "%s %s: no '%s' after %s's "
                                  "example: '%s'" % (label, lang, label_open, y["id"],
                                                     after[:60]))
                            after = after[len(label_open):]
                        want = norm(said[y["id"], k][lang])
                        if want:
                            check(after.startswith(want + " "),
                                  "%s %s: the %s of %s: '%s' printed, its fields say '%s'" %
                                  (label, lang, k.replace("_", " "), y["id"],
                                   after[:len(want) + 10], want))
                            after = after[len(want) + 1:]
                        else:
                            bad = [w for w in words if after.startswith(w + " ")
                                   or after.startswith(w + ",")]
                            bad += ["total"] if re.match(r"\d+ han (in all|en tout)", after) \
                                else []
                            check(not bad, "%s %s: the %s of %s, a non-dealer's ron: '%s' "
                                  "printed" % (label, lang, k.replace("_", " "), y["id"],
                                               after[:40]))
            # what the yaku sheet prints
            o = os.path.join(work, "s")
            st, out, err = run(["sheets", "--template", "yaku", "--lang", "en", "--format", "pdf",
                                "-o", o, *rules])
            check(st == 0, "%s: the yaku sheet: %s" % (label, err.strip()))
            pdfs = [f for f in os.listdir(o) if f.endswith(".pdf")] if st == 0 else []
            if len(pdfs) != 1:
                continue
            t = pdf_text(os.path.join(o, pdfs[0]))
            os.remove(os.path.join(o, pdfs[0]))
            ndouble = sum(1 for y in d["yaku"] if y["yakuman"] == 2)
            # the value beside a name (the title and footer name the setting:
            # "with double yakuman", "no double yakuman")
            said = (t.count("double yakuman") - t.count("with double yakuman")
                    - t.count("no double yakuman"))
            check(said == ndouble, "%s: the yaku sheet prints 'double yakuman' %d times, "
                  "%d double entries" % (label, said, ndouble))
            for v, base in VARIANTS.items():
                folded = " ".join(cat_en["yaku.desc.%s.folded" % base].split())
                check((NAMES_EN[v] in t) == double, "%s: the yaku sheet %s %s" %
                      (label, "does not name" if double else "names", NAMES_EN[v]))
                check((folded in t) != double, "%s: the yaku sheet %s '%s'" %
                      (label, "says" if double else "does not say", folded))

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
