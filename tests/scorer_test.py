"""The scorer of the phone page (tensu sheets --format html --with-scorer) in
a real browser: headless Chromium through selenium.

usage: scorer_test.py TENSU SOURCE_DIR SHARED_DIR OUT_DIR
Exit 77 (skipped, with the reason) when the browser or selenium is missing,
or when this tensu was built without emcc (the option then says why; the
test checks that it does).  Checks:
- the WebAssembly engine gives, for 600 hands of ../shared/corpus (450
  four-player, 150 three-player, every kind of call and flag among them)
  and a few that do not score, the very line `tensu score --jsonl` gives;
- the page makes no request at all (everything is in it);
- tapping a hand's tiles and its situation shows its yaku and payment, in
  French and English, and nothing overflows sideways at 360 px;
- the three-player page has no chi and no 2m-8m tiles.
Screenshots of the scorer, light and dark, go to OUT_DIR."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

tensu, src, shared, out = sys.argv[1:5]
env = dict(os.environ, TENSU_DATA_DIR=src)
work = tempfile.mkdtemp()
os.makedirs(out, exist_ok=True)

probe = subprocess.run([tensu, "sheets", "--format", "html", "--with-scorer", "--template", "card",
                        "--lang", "en", "-o", work], capture_output=True, text=True, env=env)
if probe.returncode != 0:
    if "built without the WebAssembly scorer" in probe.stderr:
        print("SKIPPED: " + probe.stderr.strip())
        sys.exit(77)
    print("FAIL: tensu sheets --with-scorer:", probe.stderr.strip())
    sys.exit(1)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import By, Keys, chromium  # noqa: E402

passed = failed = 0


def check(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what)


FLAGS = ["riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
         "tenhou", "chiihou", "renhou"]


def convert(c):
    """A corpus record in the layout of shared/formats/hands.md."""
    h = c["hand"]
    rec = {"hand": h["closed_without_win_tile"], "win": h["win_tile"],
           "melds": [{"type": m["type"], "tiles": m["tiles"]} for m in h["melds"]
                     if m["type"] != "nuki"],  # North tiles set aside: nukidora below
           "tsumo": c["is_tsumo"], "seat": c["seat_wind"], "round": c["round_wind"],
           "dora": c["dora_indicators"], "ura": c["ura_indicators"],
           "honba": c["round"]["honba"], "riichi_sticks": c["round"]["riichi_sticks"]}
    nuki = sum(1 for m in h["melds"] if m["type"] == "nuki")
    if nuki:
        rec["nukidora"] = nuki
    for f in FLAGS:
        if c["flags"].get(f):
            rec[f] = True
    return rec


def sample(path, n):
    """n records spread over the file, and one of each kind of call and
    flag that these lack."""
    lines = open(path).read().splitlines()
    step = max(1, len(lines) // n)
    picked = [json.loads(l) for l in lines[::step]][:n]
    seen = {m["type"] for r in picked for m in r["hand"]["melds"]}
    seen |= {f for r in picked for f in FLAGS if r["flags"].get(f)}
    for l in lines:  # one of each kind of call the sample lacks
        r = json.loads(l)
        kinds = ({m["type"] for m in r["hand"]["melds"]} |
                 {f for f in FLAGS if r["flags"].get(f)}) - seen
        if kinds:
            picked.append(r)
            seen |= kinds
    return [convert(r) for r in picked]


def cli_lines(records, preset):
    text = "".join(json.dumps(r) + "\n" for r in records)
    res = subprocess.run([tensu, "score", "--jsonl", "-", "--rules", preset], input=text,
                         capture_output=True, text=True, env=env)
    # an error record of a batch names its line; the page scores one record
    # at a time, without one
    return [re.sub(r',"line":[0-9]+,', ',', l, count=1) for l in res.stdout.splitlines()]


four = sample(os.path.join(shared, "corpus/tenhou_agari.jsonl"), 450)
three = sample(os.path.join(shared, "corpus/tenhou_agari_sanma.jsonl"), 150)
# and hands that do not score: not a winning shape, no yaku, a refusal
bad = [{"hand": "123m456p789s1357z", "win": "2z", "tsumo": False},
       {"hand": "234m456p678s2288p", "win": "8p", "tsumo": False, "melds": []},
       {"hand": "123m456p789s111z3z", "win": "3z", "tsumo": False, "chankan": True},
       {"hand": "123m456p789s23s55z", "win": "4s", "tsumo": False, "riichi": True,
        "dora": ["1m", "2m", "3m", "4m", "5m", "6m"]}]

drv = chromium()
drv.set_script_timeout(120)


def page(args, lang):
    d = os.path.join(work, "-".join([lang] + [a.strip("-") for a in args]) or "p")
    r = subprocess.run([tensu, "sheets", "--format", "html", "--with-scorer", "--template", "card",
                        "--lang", lang, "-o", d] + args, capture_output=True, text=True, env=env)
    check(r.returncode == 0, f"sheets --with-scorer {args} {lang}: {r.stderr.strip()}")
    return os.path.join(d, f"card-{lang}-scorer.html" if not args else
                        [f for f in os.listdir(d) if f.endswith(".html")][0])


def load(path, width=360, height=740):
    drv.set_window_size(width, height)
    drv.get("file://" + path)
    drv.execute_async_script("var done = arguments[0]; window.tensuReady.then(function () { done(); });")


def engine_lines(records, preset):
    return drv.execute_script(
        "return arguments[0].map(function (r) { return tensuScoreText(r, arguments[1]); });"
        .replace("arguments[1]", json.dumps(preset)), records)


try:
    # ---- the engine against the command line ----
    en = page([], "en")
    load(en)
    for name, recs, preset in (("four-player", four + bad, "tenhou"),
                               ("three-player", three, "tenhou-sanma")):
        want, got = cli_lines(recs, preset), engine_lines(recs, preset)
        same = sum(1 for a, b in zip(want, got) if a == b)
        check(len(want) == len(recs) and len(got) == len(recs),
              f"{name}: {len(recs)} hands, {len(want)} lines from the CLI, {len(got)} from the page")
        check(same == len(recs), f"{name}: {same} of {len(recs)} lines equal")
        for a, b in zip(want, got):
            if a != b:
                print("  CLI :", a[:300])
                print("  page:", b[:300])
                break
        print(f"{name}: {same} of {len(recs)} hands scored alike by the page and tensu score")
    check(len(four) + len(three) >= 500, f"only {len(four) + len(three)} corpus hands compared")
    check(drv.execute_script("return performance.getEntriesByType('resource').length") == 0,
          "the page made a request: " + json.dumps(drv.execute_script(
              "return performance.getEntriesByType('resource').map(function (e) { return e.name; })")))

    # ---- tapping a hand ----
    def tap_hand(tiles, flags=()):
        for t in tiles:
            drv.find_element(By.CSS_SELECTOR, f'.sc-tile[data-tile="{t}"]').click()
        for f in flags:
            for lab in drv.find_elements(By.CSS_SELECTOR, ".sc-flag"):
                if f in lab.text.lower():
                    lab.find_element(By.TAG_NAME, "input").click()
                    break

    hand = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "2s", "3s", "5z", "5z", "4s"]
    for lang, want_total, want_yaku in (("en", "1,300", "Riichi"), ("fr", "1\u202f300", "Riichi")):
        path = en if lang == "en" else page([], "fr")
        for dark in (False, True):
            drv.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
                {"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
            load(path)
            tap_hand(hand, ["riichi"])
            res = drv.find_element(By.CSS_SELECTOR, ".sc-out").text
            check(want_total in res and want_yaku in res,
                  f"{lang}: the tapped hand shows {res!r}, want {want_total} and {want_yaku}")
            check("40 fu" in res, f"{lang}: no '40 fu' in {res!r}")
            width = drv.execute_script("return document.documentElement.scrollWidth")
            check(width <= 360, f"{lang}: the page is {width} px wide at 360 px")
            # targets a thumb can tap (44 x 44 CSS px, WCAG 2.5.5), from the layout
            small = drv.execute_script(
                "var out = [];"
                " document.querySelectorAll('.sc-tile, .sc-to button, .sc-how button,"
                " .sc-ctl button, .sc-flag, .sc-sit select').forEach(function (e) {"
                "   var r = e.getBoundingClientRect();"
                "   if (r.width < 44 || r.height < 44) out.push(e.className + ' ' +"
                "     (e.textContent || e.dataset.tile || '').trim().slice(0, 12) + ' ' +"
                "     Math.round(r.width) + 'x' + Math.round(r.height)); });"
                " return out;")
            check(not small, f"{lang} {'dark' if dark else 'light'}: targets under 44 px: {small[:6]}")
            # the chosen mode told from the others by its colour (3:1 at least)
            ratio = drv.execute_script(
                "function lum(c) { var m = c.match(/[0-9.]+/g).slice(0, 3).map(function (v) {"
                "   v = v / 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });"
                "   return 0.2126 * m[0] + 0.7152 * m[1] + 0.0722 * m[2]; }"
                " var on = document.querySelector('.sc-to button[aria-checked=true]'),"
                "     off = document.querySelector('.sc-to button[aria-checked=false]');"
                " var a = lum(getComputedStyle(on).backgroundColor),"
                "     b = lum(getComputedStyle(off).backgroundColor);"
                " return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);")
            check(ratio >= 3, f"{lang} {'dark' if dark else 'light'}: the chosen mode's contrast "
                              f"with the others is {ratio:.2f}:1")
            drv.set_window_size(360, 2600)  # the whole section in one picture
            drv.find_element(By.ID, "scorer").screenshot(
                os.path.join(out, f"scorer-{lang}-{'dark' if dark else 'light'}.png"))
        drv.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    # a way to the scorer from the top of the page; the result in view
    load(en)
    top = drv.find_elements(By.CSS_SELECTOR, 'main > p:first-child a[href="#scorer"]')
    check(len(top) == 1 and "Score a hand" in top[0].text and top[0].size["height"] >= 44,
          f"a link to the scorer at the top: {[(a.text, a.size) for a in top]}")
    tap_hand(hand, ["riichi"])
    seen = drv.execute_script(
        "var r = document.querySelector('.sc-out').getBoundingClientRect();"
        " return r.top < window.innerHeight && r.bottom > 0;")
    check(seen, "the result is off screen once the hand is whole")
    # riichi sticks on the table: the winner's total takes them, said so
    sticks = [n for n in drv.find_elements(By.CSS_SELECTOR, ".sc-sit input[type=number]")
              if "Riichi sticks" in n.find_element(By.XPATH, "..").text]
    check(len(sticks) == 1, "no riichi sticks field")
    if sticks:
        sticks[0].send_keys(Keys.BACKSPACE, "2")
        gets = drv.find_element(By.CSS_SELECTOR, ".sc-gets").text
        check("3,300" in gets and "2 riichi sticks" in gets,
              f"1300 and two sticks on the table: the page says {gets!r}")
    # a call and the tsumo
    load(en)
    drv.find_element(By.CSS_SELECTOR, '.sc-to [data-to="pon"]').click()
    drv.find_element(By.CSS_SELECTOR, '.sc-tile[data-tile="7z"]').click()
    # the call made, the next tiles go to the hand (no second pon by mistake)
    check(drv.find_element(By.CSS_SELECTOR, '.sc-to [data-to="hand"]')
          .get_attribute("aria-checked") == "true", "after a pon the call mode stays on")
    tap_hand(["2m", "3m", "4m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z"])
    drv.find_element(By.CSS_SELECTOR, '.sc-how [data-tsumo="1"]').click()
    res = drv.find_element(By.CSS_SELECTOR, ".sc-out").text
    want = json.loads(cli_lines([{"hand": "234m456p789s1z", "win": "1z", "tsumo": True,
                                  "melds": [{"type": "pon", "tiles": "777z"}]}], "tenhou")[0])
    check(want["ok"] and f"{want['han']} han {want['fu']} fu" in res and "Yakuhai" in res,
          f"pon 777z, tsumo: the page shows {res!r}; tensu score: {want}")
    # a non-dealer's tsumo says who pays, with no placeholder left
    check("{" not in res and "from each non-dealer" in res and "from the dealer" in res,
          f"non-dealer tsumo: who pays, in {res!r}")
    # the seat's East is the dealer; a round's East is not
    opts = drv.execute_script(
        "return ['seat', 'round'].map(function (w) { var s = document.querySelectorAll("
        "'.sc-sit select')[w === 'seat' ? 0 : 1]; return Array.prototype.map.call(s.options,"
        " function (o) { return o.text; }); })")
    check(opts[0][0] == "East (dealer)" and opts[1] == ["East", "South", "West", "North"],
          f"seat and round choices: {opts}")
    # the three-player page
    sanma = page(["--rules", "tenhou-sanma"], "en")
    load(sanma)
    tiles = drv.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('.sc-tile'),"
        " function (b) { return b.dataset.tile; })")
    check("2m" not in tiles and "1m" in tiles and "9m" in tiles and len(tiles) == 29,
          f"three players: {len(tiles)} tiles {tiles}")
    check(not drv.find_elements(By.CSS_SELECTOR, '.sc-to [data-to="chi"]'),
          "three players: a chi button")
    check(drv.execute_script("return window.TENSU.ndPayer") == "the other non-dealer",
          "three players: the share of a non-dealer's tsumo is paid by the other non-dealer")
    # no red five offered under rules without them (EMA 2016: aka=0)
    load(page(["--rules", "ema2016"], "fr"))
    tiles = drv.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('.sc-tile'),"
        " function (b) { return b.dataset.tile; })")
    check(len(tiles) == 34 and not any(t[0] == "0" for t in tiles),
          f"no red fives under ema2016: {len(tiles)} tiles {tiles}")
finally:
    drv.quit()
    shutil.rmtree(work, ignore_errors=True)

print(f"scorer: {passed} passed, {failed} failed")
sys.exit(1 if failed or not passed else 0)
