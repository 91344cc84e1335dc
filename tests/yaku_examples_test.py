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
  entry, and the folded line when there is one.
"""
import json
import os
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
            for (y, k), s in zip(whose, scored):
                what = "%s: the %s of %s (%s)" % (label, k.replace("_", " "), y["id"],
                                                  json.dumps(y[k]))
                if not s.get("ok"):
                    check(False, "%s: %s" % (what, s.get("error")))
                    continue
                names = s["yaku"]
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
            # the double forms: an entry of their own only when worth more
            ids = {y["id"]: y for y in d["yaku"]}
            for v, base in VARIANTS.items():
                if double:
                    check(v in ids and ids[v]["yakuman"] == 2 and ids[base]["includes"] is None,
                          "%s: %s not its own double yakuman" % (label, v))
                else:
                    check(v not in ids and ids[base]["includes"] == v,
                          "%s: %s not said in %s's entry" % (label, v, base))
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
