"""A point chart as a web page a user would screenshot, and its screenshot
(verify_picture_test.sh): tensu table --format text made into HTML tables
(the non-dealer's, the dealer's, the limits), with planted amounts and
smudged cells, shot by headless Chromium (PNG or JPEG by the name), and
where each planted or smudged cell is on the picture (CSS pixels = the
picture's, at a device scale of 1).

usage: picture_chart.py TABLE.txt OUT.html OUT.png|OUT.jpg RECTS.json [PLANT]...
PLANT: TABLE:ROW:COL=NEW (TABLE 1 non-dealer, 2 dealer, 3 limits; ROW the
row's first cell, "40" or "mangan"; COL the cell's column, 1 = first amount),
or TABLE:ROW:COL=~ for a smudge (the amount blurred under a coffee stain)."""
import json
import re
import shutil
import subprocess
import sys
import tempfile

src, html_out, shot, rects_out = sys.argv[1:5]
plants = {}
for p in sys.argv[5:]:
    where, new = p.split("=", 1)
    t, row, col = where.split(":")
    plants[(int(t), row, int(col))] = new

tables, rows, title = [], None, None
for line in open(src, encoding="utf-8").read().split("\n"):
    t = line.strip()
    if t in ("NON-DEALER", "DEALER") or t.startswith("LIMITS"):
        rows = []
        tables.append(("Non-dealer" if t == "NON-DEALER" else "Dealer" if t == "DEALER" else "Limits", rows))
        if t.startswith("LIMITS"):
            rows.append(["limit", "han", "non-dealer", "dealer"])
        continue
    if not t or rows is None or t.startswith("- cannot"):
        continue
    rows.append([c.strip() for c in re.split(r"\s{2,}", t)])

css = ('body{font-family:"DejaVu Sans",sans-serif;margin:24px;background:#fff;color:#111}'
       'table{border-collapse:collapse;margin:0 0 24px 0}'
       'td,th{border:1px solid #555;padding:5px 14px;font-size:19px;text-align:right}'
       'th{background:#e8e8e8}h1{font-size:26px;margin:0 0 8px 0}h2{font-size:22px;margin:6px 0}'
       '.smudge{filter:blur(2.2px);background:radial-gradient(ellipse,#a08560 30%,#d9c9a8 65%,#fff 95%)}')
out = ['<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Point chart</title>',
       f"<style>{css}</style></head><body>", "<h1>Riichi point chart</h1>"]
ids = {}
for ti, (name, rows) in enumerate(tables, 1):
    out.append(f"<h2>{name}</h2><table>")
    for ri, r in enumerate(rows):
        cells = []
        for ci, c in enumerate(r):
            tag = "th" if ri == 0 else "td"
            attr = ""
            key = (ti, r[0], ci)
            if ri > 0 and key in plants:
                new = plants.pop(key)
                cid = f"c{len(ids) + 1}"
                ids[cid] = {"table": ti, "row": r[0], "col": ci, "old": c, "new": new}
                attr = f' id="{cid}"'
                if new == "~":
                    attr += ' class="smudge"'
                else:
                    c = new
            cells.append(f"<{tag}{attr}>{c}</{tag}>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</table>")
assert not plants, f"no such cells: {plants}"
# where the marked cells are, written into the page's title once laid out
out.append("<script>const r={};for(const e of document.querySelectorAll('[id^=c]')){"
           "const b=e.getBoundingClientRect();r[e.id]=[b.left,b.top,b.right,b.bottom];}"
           "document.title=JSON.stringify(r);</script></body></html>")
open(html_out, "w", encoding="utf-8").write("\n".join(out))

browser = shutil.which("chromium")
if browser is None:
    print("SKIP: chromium is not installed (scripts/deps installs it)")
    sys.exit(77)
# a profile of its own (other tests run Chromium at the same time) and no
# background connections (the machine has no network), as tests/browser.py
profile = tempfile.mkdtemp(prefix="tensu-chromium-")
flags = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--disable-dev-shm-usage", "--force-device-scale-factor=1", "--window-size=1000,1650",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--disable-quic", f"--user-data-dir={profile}"]
url = "file://" + html_out
try:
    subprocess.run(flags + [f"--screenshot={shot}", url], check=True, capture_output=True,
                   timeout=120)
    dom = subprocess.run(flags + ["--dump-dom", url], check=True, capture_output=True, text=True,
                         timeout=120).stdout
finally:
    shutil.rmtree(profile, ignore_errors=True)
m = re.search(r"<title>(.*?)</title>", dom, re.S)
if ids and m is None:
    sys.exit("picture_chart.py: Chromium gave no page title (the cells' places): " + dom[:200])
rects = json.loads(m.group(1).replace("&quot;", '"')) if ids else {}
for cid, v in ids.items():
    v["rect"] = rects[cid]
json.dump(ids, open(rects_out, "w"), indent=1)
