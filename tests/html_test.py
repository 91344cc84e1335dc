"""The phone page (tensu sheets --format html) in a real browser: headless
Chromium through selenium (Debian's chromium, chromium-driver and
python3-selenium, installed by scripts/deps).

usage: html_test.py TENSU SOURCE_DIR OUT_DIR
Exit 77 (skipped, with the reason) when the browser or selenium is missing.
Checks, under several rule sets, in French and English, in light and dark
mode: nothing overflows sideways at 360 px for any case, the values in the
DOM equal `tensu table --format json`, contrast >= 4.5:1, a tapped cell
highlights its han and fu, the page is whole without its script, has no
external reference and weighs under 100 KB.  Screenshots go to OUT_DIR."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

tensu, src, out = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import By, chromium  # noqa: E402

passed = failed = 0


def check(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what)


def luminance(rgb):
    def chan(v):
        v /= 255.0
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = rgb
    return 0.2126 * chan(r) + 0.7152 * chan(g) + 0.0722 * chan(b)


def parse_rgb(s):
    m = re.match(r"rgba?\((\d+), (\d+), (\d+)", s)
    return tuple(int(x) for x in m.groups()) if m else None


def contrast(a, b):
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


env = dict(os.environ, TENSU_DATA_DIR=src)
work = tempfile.mkdtemp()
os.makedirs(out, exist_ok=True)
drv = chromium()

rulesets = [[], ["--rules", "tenhou-sanma"], ["--set", "aotenjou=yes"], ["--rules", "wrc2015"]]
cases = {"nd-ron": ("nondealer", "ron"), "nd-tsumo": ("nondealer", "tsumo"),
         "d-ron": ("dealer", "ron"), "d-tsumo": ("dealer", "tsumo")}
try:
    for rs in rulesets:
        name = "-".join(x.lstrip("-") for x in rs) or "tenhou"
        table = json.loads(subprocess.run([tensu, "table", "--format", "json"] + rs, env=env,
                                          check=True, capture_output=True, text=True).stdout)
        for lang in ["fr", "en"]:
            d = os.path.join(work, name, lang)
            os.makedirs(d)
            r = subprocess.run([tensu, "sheets", "--template", "card", "--format", "html",
                                "--lang", lang, "-o", d] + rs, env=env, capture_output=True,
                               text=True)
            check(r.returncode == 0, f"{name} {lang}: tensu sheets --format html: {r.stderr}")
            pages = [f for f in os.listdir(d) if f.endswith(".html")] if r.returncode == 0 else []
            check(len(pages) == 1, f"{name} {lang}: one page, got {pages}")
            if not pages:
                continue
            path = os.path.join(d, pages[0])
            html = open(path, encoding="utf-8").read()
            what = f"{name} {lang}"
            check(len(html.encode()) < 100 * 1024, f"{what}: {len(html.encode())} bytes (limit 100 KB)")
            check(f'<html lang="{lang}"' in html, f"{what}: lang attribute")
            check(not re.search(r'(src|href)\s*=|url\(|@import|https?:', html),
                  f"{what}: an external reference")
            # without the script every case is shown and the switch is hidden
            check(not re.search(r'<section class="case"[^>]*hidden', html),
                  f"{what}: a case hidden without the script")
            check('<nav hidden' in html, f"{what}: the switch shows without the script")
            check(html.count('<th scope="col">') >= 20 and '<caption>' in html,
                  f"{what}: real table headers and captions")
            # who pays a non-dealer's tsumo: each non-dealer, or with three
            # players the one other (review A11), in the legend and the labels
            three = name == "rules-tenhou-sanma"
            other, each = {"en": ("the other non-dealer", "each non-dealer"),
                           "fr": ("l’autre non-donneur", "chaque non-donneur")}[lang]
            check((other if three else each) in html and (each if three else other) not in html,
                  f"{what}: the non-dealer's tsumo paid by {other if three else each}")
            check(not re.search(r"[a-z]+(-[a-z]+)*=[a-z0-9]",
                                re.sub(r"<[^>]*>", "", html.split("<main>")[1].split("</main>")[0])),
                  f"{what}: a key=value in the text")
            for mode in ["light", "dark"]:
                drv.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": 360, "height": 740, "deviceScaleFactor": 1,
                                     "mobile": True})
                drv.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                    "features": [{"name": "prefers-color-scheme", "value": mode}]})
                drv.get("file://" + path)
                buttons = drv.find_elements(By.CSS_SELECTOR, "nav button")
                check(len(buttons) == 4, f"{what} {mode}: 4 buttons")
                for b in buttons:
                    b.click()
                    cid = b.get_attribute("aria-controls")
                    sw, iw = drv.execute_script(
                        "return [document.documentElement.scrollWidth, window.innerWidth]")
                    check(sw <= iw, f"{what} {mode} {cid}: {sw} px wide at {iw} px")
                    shown = drv.execute_script(
                        "return [...document.querySelectorAll('.case')].filter(s => !s.hidden)"
                        ".map(s => s.id)")
                    check(shown == [cid], f"{what} {mode}: one tap shows {cid}, shown {shown}")
                    if mode == "light" and lang == "fr" and cid in ("nd-ron", "nd-tsumo"):
                        drv.save_screenshot(os.path.join(out, f"phone-{name}-{cid}.png"))
                # contrast of every kind of text on its background
                pairs = drv.execute_script("""
                  var out = [], sel = ['body', 'thead th', 'tbody th', 'td', 'td.lim', 'caption small',
                                       'nav button[aria-selected=true]', 'nav button', 'td.no', 'tr.limrow small'];
                  for (var s of sel) { var e = document.querySelector('.case:not([hidden]) ' + s) || document.querySelector(s);
                    if (!e) continue; var st = getComputedStyle(e), bg = st.backgroundColor, n = e;
                    while (bg === 'rgba(0, 0, 0, 0)' && n.parentElement) { n = n.parentElement; bg = getComputedStyle(n).backgroundColor; }
                    out.push([s, st.color, bg]); }
                  return out;""")
                for sel, fg, bg in pairs:
                    ratio = contrast(parse_rgb(fg), parse_rgb(bg))
                    check(ratio >= 4.5, f"{what} {mode}: contrast of {sel} {ratio:.2f} ({fg} on {bg})")
                if mode == "dark":
                    bg = parse_rgb(drv.execute_script("return getComputedStyle(document.body).backgroundColor"))
                    check(luminance(bg) < 0.05, f"{what}: dark mode follows the phone ({bg})")
                    if lang == "fr":
                        drv.find_elements(By.CSS_SELECTOR, "nav button")[1].click()
                        drv.save_screenshot(os.path.join(out, f"phone-{name}-dark.png"))
            # the values in the DOM are the table's
            cells = drv.execute_script("""
              return [...document.querySelectorAll('td[data-han]')].map(td =>
                [td.closest('section').id, +td.dataset.han, +td.dataset.fu, td.dataset.v,
                 td.textContent.replace(/\\D/g, ''), td.getAttribute('aria-label')]);""")
            expect = {}
            for c in table["cells"]:
                for cid, (side, how) in cases.items():
                    p = c[side][how]
                    if not p["reachable"]:
                        v = ""
                    elif how == "ron":
                        v = str(p["points"])
                    elif side == "dealer":
                        v = str(p["each"])
                    else:
                        v = f'{p["from_nondealer"]}/{p["from_dealer"]}'
                    expect[(cid, c["han"], c["fu"])] = v
            got = {(s, h, f): v for s, h, f, v, _, _ in cells}
            check(len(got) == len(expect), f"{what}: {len(got)} cells, table has {len(expect)}")
            wrong = [(k, got.get(k), v) for k, v in expect.items() if got.get(k) != v]
            check(not wrong, f"{what}: cells differ from tensu table: {wrong[:5]}")
            shown_wrong = [c for c in cells if c[3] and c[4] != c[3].replace("/", "")]
            check(not shown_wrong, f"{what}: shown text differs from the value: {shown_wrong[:3]}")
            # a screen reader hears han, fu, case and amount
            label = next((c[5] for c in cells if c[0] == "nd-ron" and c[1] == 3 and c[2] == 30), None)
            if name == "tenhou":
                want = "3\u00a0han, 30\u00a0fu, Non-donneur, ron\u00a0: 3\u202f900" if lang == "fr" \
                    else "3 han, 30 fu, Non-dealer, ron: 3,900"
                check(label == want, f"{what}: aria-label {label!r}, want {want!r}")
            # the limit rows of each case
            lims = drv.execute_script("""
              return [...document.querySelectorAll('tr.limrow')].map(tr =>
                [tr.closest('section').id, tr.dataset.limit, +tr.dataset.yakuman, tr.querySelector('td').dataset.v]);""")
            want_l = []
            for cid, (side, how) in cases.items():
                for l in table["limits"]:
                    if l["yakuman"] > 2:
                        continue
                    p = l[side][how]
                    v = str(p["points"]) if how == "ron" else str(p["each"]) if side == "dealer" \
                        else f'{p["from_nondealer"]}/{p["from_dealer"]}'
                    want_l.append([cid, l["name"].replace("2x_", "").replace("3x_", ""), l["yakuman"], v])
            check([x[3] for x in lims] == [x[3] for x in want_l],
                  f"{what}: limit rows differ: {lims[:3]} vs {want_l[:3]}")
            # a tapped cell lights its han and its fu
            drv.get("file://" + path)
            drv.find_elements(By.CSS_SELECTOR, "nav button")[0].click()
            td = drv.find_element(By.CSS_SELECTOR, "#nd-ron td[data-han='3'][data-fu='40']")
            td.click()
            lit = drv.execute_script("return [...document.querySelectorAll('#nd-ron .hl')].map(e => e.textContent)")
            check(len(lit) == 3 and any("40" in x for x in lit) and any("3" in x and "han" in x for x in lit),
                  f"{what}: tapped 3 han 40 fu lights {lit}")
            # a desk screen: nothing overflows either
            drv.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
            drv.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": "light"}]})
            drv.get("file://" + path)
            sw, iw = drv.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
            check(sw <= iw, f"{what} 1280 px: {sw} px wide")
            if name == "tenhou" and lang == "fr":
                drv.save_screenshot(os.path.join(out, "desk-tenhou-fr.png"))
finally:
    drv.quit()
    shutil.rmtree(work, ignore_errors=True)

print(f"html_test: {passed} passed, {failed} failed")
sys.exit(1 if failed or not passed else 0)
