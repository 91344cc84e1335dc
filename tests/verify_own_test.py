"""Acceptance: a chart tensu prints must verify clean (ctest verify_own).

Every chart tensu prints, under the presets tenhou, wrc2015, tenhou-sanma,
mleague and majsoul, in English and French where the output has a language,
is read back by `tensu verify --report json FILE` without --rules, and each
file must give:
  - exit status 0 (1 wrong cells, 2 unreadable, 3 not every cell read: all
    failures), and summary.complete true when the report has it;
  - no error, and no warning that a cell was misread or not read (kinds
    not_read, unreadable, missing, empty, duplicate, impossible,
    not_impossible; 'inferred' and kinds unknown here are shown, not failed);
  - every cell the file prints read: summary.cells equal to the amounts the
    file prints, worked out from `tensu table --format json --rules P` and
    what the output prints (a table: han 1-4 and every limit row, JSON also
    the cells that cannot occur; the phone page and the cards: the limit rows
    up to 2x yakuman, the pocket card 1x; the layouts' pages from their
    templates/card*.json, four copies on the pocket's A4), and every payment
    it prints read in full (summary.full_table.by_payment: read = of);
  - the variant of the preset named: every rule key the file shows (one
    whose other value would change a cell the file prints: kiriage, the
    2x yakuman rows of multiple-yakuman=stack, double-wind-fu=2 of mleague,
    three players' tsumo...; or that its words state: a table's header, the
    three players of a title) has the value of `tensu rules P` in the
    report's variant and rules; no variant guessed sure or likely against it.
Outputs: `tensu table --format text|csv|json|md|html`; the card
(`tensu sheets --template card`) in each layout (sheet, tent, pocket on A6
and on A4 four-up, poster, large) as PDF, as SVG and as PNG at 300 and at
150 dpi (the pages with tables); the phone page (`--format html`) and
Chromium screenshots of it 360 px wide, full page, one per case shown
(non-dealer ron, non-dealer tsumo, dealer ron, dealer tsumo).

The default run is quick: a sample with every output kind at least once,
both languages, every preset (the pictures spread over them, one page of a
multi-page picture, one screenshot case in each language).  TENSU_FULL=1 runs every
output, the PNG pictures of each preset in one language (the two in turn);
TENSU_OWN_ALL=1 with it, every picture in both languages too.
Every output that is not a picture must verify clean.  The pictures (PNG,
screenshots) must all verify clean too, which OCR does not do yet: they
fail the test only when fewer than PICTURE_FLOOR of them are clean (the
floor reached; raise it as the reader gets better), and the rate is printed.
TENSU_OWN_ONLY=REGEX keeps the cases whose id (preset/lang/kind) matches,
TENSU_OWN_JOBS=N runs N cases at a time (2).  The pictures are skipped when
tensu has no OCR, the screenshots when Chromium, chromedriver or selenium
is missing: exit 77 when something was skipped and nothing failed.

Each failure prints the command that reproduces it and the first lines of
the report.  The table of results goes to OUT_DIR/verify_own.md (and .json),
the reports to OUT_DIR/reports/.

usage: verify_own_test.py TENSU SOURCE_DIR [OUT_DIR]
       verify_own_test.py shot PAGE.html OUT.png [CASE]   (a phone screenshot)
"""
import base64
import concurrent.futures
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time

PRESETS = ["tenhou", "wrc2015", "tenhou-sanma", "mleague", "majsoul"]
LANGS = ["en", "fr"]
TABLE_FORMATS = ["text", "csv", "json", "md"]  # the same bytes in every language
LAYOUTS = [("sheet", None), ("tent", None), ("pocket", None), ("pocket", "a4"),
           ("poster", None), ("large", None)]
CARD_FORMATS = ["pdf", "svg", "png300", "png150"]
PHONE_CASES = ["nd-ron", "nd-tsumo", "d-ron", "d-tsumo"]  # the page's buttons
# the rule keys that can move a printed amount, and that a report may name
CELL_KEYS = ["players", "kiriage", "kazoe", "multiple-yakuman", "double-wind-fu", "open-pinfu",
             "pinfu-tsumo", "rinshan-fu", "kuitan", "sanma"]
WORD_KEYS = CELL_KEYS + ["double-yakuman"]
BAD_WARNINGS = {"not_read", "unreadable", "missing", "empty", "duplicate", "impossible",
                "not_impossible", "no_such_cell", "wrong"}
PAYS = {"nd": ("ron", "tsumo_nd", "tsumo_d"), "d": ("ron", "tsumo")}
BY_PAYMENT = {("nd", "ron"): "nondealer_ron", ("nd", "tsumo_nd"): "nondealer_tsumo_from_nondealer",
              ("nd", "tsumo_d"): "nondealer_tsumo_from_dealer", ("d", "ron"): "dealer_ron",
              ("d", "tsumo"): "dealer_tsumo_each"}
CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--disable-background-networking", "--disable-component-update", "--no-first-run",
                "--disable-sync", "--disable-dev-shm-usage"]


# -- the phone screenshot (also a command of its own, to reproduce a failure)

class Shooter:
    """One headless Chromium (selenium), its own fresh profile; one shot at a time."""

    def __init__(self):
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
        self.by = By
        self.profile = tempfile.mkdtemp(prefix="tensu-own-chromium-")
        opts = Options()
        for a in CHROME_FLAGS + [f"--user-data-dir={self.profile}"]:
            opts.add_argument(a)
        opts.binary_location = shutil.which("chromium")
        self.drv = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=opts)
        self.lock = threading.Lock()

    def shot(self, page, out, case=None):
        """PAGE.html 360 CSS px wide (device scale 1), CASE's button tapped
        (none: the page as it opens), the whole page's height, as OUT.png."""
        with self.lock:
            d = self.drv
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                              {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": True})
            d.get("file://" + os.path.abspath(page))
            if case:
                b = [b for b in d.find_elements(self.by.CSS_SELECTOR, "nav button")
                     if b.get_attribute("aria-controls") == case]
                if len(b) != 1:
                    raise RuntimeError(f"no button for the case '{case}' on {page}")
                b[0].click()
            h = d.execute_script("return Math.ceil(document.documentElement.scrollHeight)")
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                              {"width": 360, "height": h, "deviceScaleFactor": 1, "mobile": True})
            r = d.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})
            with open(out, "wb") as f:
                f.write(base64.b64decode(r["data"]))

    def close(self):
        try:
            self.drv.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)


def browser_missing():
    if shutil.which("chromium") is None or shutil.which("chromedriver") is None:
        return "chromium or chromedriver is not installed (scripts/deps installs them)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "python3-selenium is not installed (scripts/deps installs it)"
    return None


if len(sys.argv) >= 4 and sys.argv[1] == "shot":
    why = browser_missing()
    if why:
        sys.exit("verify_own_test.py shot: " + why)
    s = Shooter()
    try:
        s.shot(sys.argv[2], sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else None)
    finally:
        s.close()
    sys.exit(0)

if len(sys.argv) < 3:
    sys.exit(__doc__)
tensu, src = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
out_dir = os.path.abspath(sys.argv[3]) if len(sys.argv) > 3 else None
full = os.environ.get("TENSU_FULL", "") not in ("", "0")
every = os.environ.get("TENSU_OWN_ALL", "") not in ("", "0")
only = re.compile(os.environ["TENSU_OWN_ONLY"]) if os.environ.get("TENSU_OWN_ONLY") else None
jobs = max(1, int(os.environ.get("TENSU_OWN_JOBS", "2")))
env = dict(os.environ, TENSU_DATA_DIR=src)
me = os.path.abspath(__file__)


def run(args, **kw):
    return subprocess.run([tensu] + args, env=env, capture_output=True, **kw)


# -- the engine's side: the rules of a preset, its table, what an output prints

def rules_of(preset):
    """Every key's value as `tensu rules P` gives it."""
    out = run(["rules", preset], text=True, check=True).stdout
    rules = {}
    for line in out.split("\n"):
        m = re.match(r"^  ([a-z][a-z-]*) +(\S+) {2,}", line)
        if m:
            rules[m.group(1)] = m.group(2)
    if "kiriage" not in rules:
        raise RuntimeError(f"tensu rules {preset}: no key read in: {out[:300]}")
    return rules


def allowed_values():
    """The values of each key that has a list of them (`tensu rules`)."""
    out = run(["rules"], text=True, check=True).stdout
    vals = {}
    for line in out.split("\n"):
        m = re.match(r"^  ([a-z][a-z-]*) +([a-z0-9-]+(\|[a-z0-9-]+)+) ", line)
        if m:
            vals[m.group(1)] = m.group(2).split("|")
    return vals


_tables, _tables_lock = {}, threading.Lock()


def table_json(preset, sets=()):
    key = (preset, tuple(sets))
    with _tables_lock:
        if key not in _tables:
            args = ["table", "--format", "json", "--rules", preset]
            for s in sets:
                args += ["--set", s]
            r = run(args, text=True)
            _tables[key] = json.loads(r.stdout) if r.returncode == 0 else None
        return _tables[key]


def amounts(entry, side):
    if side == "nd":
        r, t = entry["nondealer"]["ron"], entry["nondealer"]["tsumo"]
        return {"ron": (r["points"], r["reachable"]), "tsumo_nd": (t["from_nondealer"], t["reachable"]),
                "tsumo_d": (t["from_dealer"], t["reachable"])}
    r, t = entry["dealer"]["ron"], entry["dealer"]["tsumo"]
    return {"ron": (r["points"], r["reachable"]), "tsumo": (t["each"], t["reachable"])}


def sec(kind, side, pays=None, han=4, max_y=99):
    """One printed table: kind point (han 1..han) or limit (rows up to max_y
    yakuman), side nd or d, the payments it prints."""
    return {"kind": kind, "side": side, "pays": tuple(pays or PAYS[side]), "han": han,
            "max_y": max_y}


def printed(table, sections, all_values=False):
    """{(side, row, payment): amount, or None where '-' is printed}; with
    all_values (JSON) every amount with its 'can occur' flag."""
    out = {}
    for s in sections:
        side = s["side"]
        if s["kind"] == "point":
            rows = [(("fu", c["fu"], c["han"]), c) for c in table["cells"] if c["han"] <= s["han"]]
        else:
            rows = [(("limit", l["name"]), l) for l in table["limits"]
                    if (l.get("yakuman") or 0) <= s["max_y"]]
        for key, entry in rows:
            am = amounts(entry, side)
            for p in s["pays"]:
                v, reach = am[p]
                out[(side,) + key + (p,)] = (v, reach) if all_values else (v if reach else None)
    return out


def count(pr):
    return sum(1 for v in pr.values() if v is not None)


# -- what each output prints

TEMPLATE_TABLES = {"point-table", "limit-table"}


def when_true(cond, rules):
    if not cond:
        return True
    for part in cond.split("&"):
        m = re.match(r"^\s*([a-z_-]+)\s*(!?=)\s*(\S+)\s*$", part)
        if not m:
            raise RuntimeError(f"a template's condition not understood: '{cond}'")
        k, op, v = m.groups()
        have = {"honba_count": "0"}.get(k, rules.get(k))
        if have is None:
            return None  # a key of the sheet's own (table_rules ...): known only to it
        if (have == v) != (op == "="):
            return False
    return True


def has_table(node):
    if isinstance(node, dict):
        return node.get("type") in TEMPLATE_TABLES or any(has_table(v) for v in node.values())
    return isinstance(node, list) and any(has_table(v) for v in node)


def template_pages(layout, paper, rules):
    """[sections of page 1, of page 2 ...] and the copies on a sheet of the
    paper, from templates/card[-LAYOUT].json (the first choice of each page,
    not its 'or' fallbacks: the same tables, smaller)."""
    t = json.load(open(os.path.join(src, "templates",
                                    "card.json" if layout == "sheet" else f"card-{layout}.json")))
    pages = []

    def walk(node, acc):
        if isinstance(node, list):
            for x in node:
                walk(x, acc)
            return
        if not isinstance(node, dict):
            return
        w = when_true(node.get("when"), rules)
        if w is None and has_table(node):
            raise RuntimeError(f"a table under a condition this test cannot tell: '{node['when']}'")
        if not w:
            return
        typ = node.get("type")
        if typ in TEMPLATE_TABLES:
            sides = {"non-dealer": ["nd"], "dealer": ["d"], None: ["nd", "d"]}[node.get("side")]
            for side in sides:
                if typ == "point-table":
                    acc.append(sec("point", side, han=int(node.get("han", 4))))
                else:  # block_limit_table: max_yakuman 2 unless given
                    acc.append(sec("limit", side, max_y=int(node.get("max_yakuman", 2))))
        elif typ is not None and "limit" in typ or typ == "table":
            raise RuntimeError(f"a table block this test does not know: {typ}")
        for k, v in node.items():
            if k != "or" and isinstance(v, (list, dict)):
                walk(v, acc)

    for p in t["pages"]:
        acc = []
        walk(p, acc)
        pages.append(acc)
    imp = t.get("impose") or {}
    copies = imp.get("across", 1) * imp.get("down", 1) if paper and paper == imp.get("paper") else 1
    return pages, copies


BOTH = [sec("point", "nd"), sec("point", "d"), sec("limit", "nd"), sec("limit", "d")]
PHONE = [sec("point", "nd"), sec("point", "d"), sec("limit", "nd", max_y=2),
         sec("limit", "d", max_y=2)]  # src/render/html.c: max_yakuman = 2
PHONE_CASE = {"nd-ron": [sec("point", "nd", ["ron"]), sec("limit", "nd", ["ron"], max_y=2)],
              "nd-tsumo": [sec("point", "nd", ["tsumo_nd", "tsumo_d"]),
                           sec("limit", "nd", ["tsumo_nd", "tsumo_d"], max_y=2)],
              "d-ron": [sec("point", "d", ["ron"]), sec("limit", "d", ["ron"], max_y=2)],
              "d-tsumo": [sec("point", "d", ["tsumo"]), sec("limit", "d", ["tsumo"], max_y=2)]}


# -- the cases

class Case:
    def __init__(self, preset, lang, kind, fmt, layout=None, paper=None):
        self.preset, self.lang, self.kind, self.fmt = preset, lang, kind, fmt
        self.layout, self.paper = layout, paper
        self.picture = fmt.startswith("png") or fmt == "shot"
        self.pages = None  # which pages (or phone cases) to verify; None: all
        self.id = f"{preset}/{lang}/{kind}/{fmt}"


def all_cases():
    cases = []
    for p in PRESETS:
        for f in TABLE_FORMATS:
            cases.append(Case(p, "-", "table", f))
        for lang in LANGS:
            cases.append(Case(p, lang, "table", "html"))
            for layout, paper in LAYOUTS:
                for f in CARD_FORMATS:
                    cases.append(Case(p, lang, "card-" + layout + ("-" + paper if paper else ""), f,
                                      layout, paper))
            cases.append(Case(p, lang, "phone", "html"))
            cases.append(Case(p, lang, "phone", "shot"))
    return cases


def quick_sample(cases):
    """Every output kind at least once, both languages, every preset: the
    quick outputs under every preset, in both languages; each picture format
    but PNG at 300 dpi once (PNG at 150 dpi, the screenshot in each
    language), the presets and languages taken in turn, one page of
    several.  The full run has every picture."""
    kept, turn = [], 0
    combos = [(p, lang) for lang in LANGS for p in PRESETS]
    combos = [combos[(i * 3) % len(combos)] for i in range(len(combos))]  # mix presets and langs
    kept = [c for c in cases if not c.picture]
    # one picture of each format, each of another layout: the k-th layout
    # for the k-th format
    fmts, kinds, chosen = [], {}, []
    for c in cases:
        # PNG at 300 dpi (the slowest to read) only in the full run
        if c.picture and c.fmt != "png300":
            if c.fmt not in fmts:
                fmts.append(c.fmt)
            kinds.setdefault(c.fmt, [])
            if c.kind not in [x.kind for x in kinds[c.fmt]]:
                kinds[c.fmt].append(c)
    for k, f in enumerate(fmts):
        chosen.append(kinds[f][k % len(kinds[f])])
    for c in chosen:
        langs = set()
        for _ in range(2 if c.fmt == "shot" else 1):  # the screenshot in both languages
            while combos[turn % len(combos)][1] in langs:
                turn += 1
            p, lang = combos[turn % len(combos)]
            langs.add(lang)
            turn += 1
            s = Case(p, lang, c.kind, c.fmt, c.layout, c.paper)
            s.pages = ("sample", turn)
            kept.append(s)
    return kept


# -- making an output, verifying it

def q(args):
    return " ".join(shlex.quote(a) for a in args)


def make(case, d):
    """Write CASE's output into D: [(file, page or phone case)], the command
    that makes it (to reproduce), the sections of each file."""
    P, lang = case.preset, case.lang
    tx = f"TENSU_DATA_DIR={shlex.quote(src)} {shlex.quote(tensu)}"
    if case.kind == "table":
        ext = {"text": "txt"}.get(case.fmt, case.fmt)
        f = os.path.join(d, f"table-{P}.{ext}")
        args = ["table", "--rules", P, "--format", case.fmt] + (["--lang", lang] if lang != "-" else [])
        r = run(args)
        if r.returncode != 0:
            raise RuntimeError(f"tensu {q(args)}: exit {r.returncode}: {r.stderr.decode()[:300]}")
        open(f, "wb").write(r.stdout)
        cmd = f"{tx} {q(args)} > {os.path.basename(f)}"
        secs = PHONE if case.fmt == "html" else BOTH
        return [(f, None, secs)], cmd
    if case.kind == "phone":
        args = ["sheets", "--template", "card", "--format", "html", "--lang", lang, "--rules", P, "-o", "."]
        r = run(args[:-1] + [d])
        pages = glob.glob(os.path.join(d, "*.html"))
        if r.returncode != 0 or len(pages) != 1:
            raise RuntimeError(f"tensu {q(args)}: exit {r.returncode}, {len(pages)} pages: {r.stderr.decode()[:300]}")
        cmd = f"{tx} {q(args)}"
        if case.fmt == "html":
            return [(pages[0], None, PHONE)], cmd
        todo = PHONE_CASES
        if case.pages:
            todo = [PHONE_CASES[case.pages[1] % len(PHONE_CASES)]]
        files = []
        for c in todo:
            png = os.path.join(d, f"phone-{c}.png")
            shooter().shot(pages[0], png, c)
            files.append((png, c, PHONE_CASE[c]))
        cmd += " && " + " && ".join(
            f"/usr/bin/python3 {shlex.quote(me)} shot {shlex.quote(os.path.basename(pages[0]))} phone-{c}.png {c}"
            for c in todo)
        return files, cmd
    # the card in a layout
    fmt, dpi = (case.fmt[:3], case.fmt[3:]) if case.fmt.startswith("png") else (case.fmt, "")
    args = ["sheets", "--template", "card", "--layout", case.layout, "--lang", lang, "--rules", P,
            "--format", fmt] + (["--paper", case.paper] if case.paper else []) + \
        (["--dpi", dpi] if dpi else []) + ["-o", "."]
    r = run(args[:-1] + [d])
    if r.returncode != 0:
        raise RuntimeError(f"tensu {q(args)}: exit {r.returncode}: {r.stderr.decode()[:300]}")
    cmd = f"{tx} {q(args)}"
    rules = rules_of(P)
    pages, copies = template_pages(case.layout, case.paper, rules)
    names = sorted(glob.glob(os.path.join(d, "*." + fmt)))
    if not names:
        raise RuntimeError(f"tensu {q(args)} wrote no .{fmt}: {os.listdir(d)}")
    if fmt == "pdf":
        secs = [s for p in pages for s in p]
        return [(names[0], None, [dict(s, copies=copies) for s in secs])], cmd
    files = []
    for n in names:
        m = re.search(r"-(\d+)\.\w+$", n)
        page = int(m.group(1)) if len(names) > 1 and m else 1
        if page > len(pages):
            raise RuntimeError(f"{os.path.basename(n)}: page {page}, the template has {len(pages)}")
        if pages[page - 1]:  # a page with tables
            files.append((n, page, [dict(s, copies=copies) for s in pages[page - 1]]))
    if case.pages and len(files) > 1:
        files = [files[case.pages[1] % len(files)]]
    return files, cmd


_shooter, _shooter_lock = None, threading.Lock()


def shooter():
    global _shooter
    with _shooter_lock:
        if _shooter is None:
            _shooter = Shooter()
        return _shooter


def words_of(case, path):
    """The rule keys the file's words state (besides its cells)."""
    if case.kind == "table" and case.fmt == "csv":
        return set()
    if case.kind == "table" and case.fmt == "json":
        return set(WORD_KEYS) & set(json.load(open(path)).get("rules", {}))
    if case.kind == "table" and case.fmt in ("text", "md"):
        head = "\n".join(open(path, encoding="utf-8").read().split("\n")[:5])
        return set(WORD_KEYS) & set(re.findall(r"\b([a-z][a-z-]*)=\S", head))
    return {"players"}  # a title or footer names the preset: 'Tenhou, three players'


def shown_keys(preset, secs, all_values):
    """The keys whose other value would change an amount the file prints
    (or print '-' where it prints one, or the reverse)."""
    rules, allowed = rules_of(preset), ALLOWED
    base = printed(table_json(preset), secs, all_values)
    shown = set()
    for k in CELL_KEYS:
        for alt in allowed.get(k, []):
            if alt == rules.get(k):
                continue
            t = table_json(preset, [f"{k}={alt}"])
            if t is None:
                continue
            other = printed(t, secs, all_values)
            if any(key not in other or other[key] != v for key, v in base.items()):
                shown.add(k)
                break
    return shown


def verify(case, path, secs):
    """Verify one file: (facts for the table, [failure reasons], report lines)."""
    rules = rules_of(case.preset)
    all_values = case.kind == "table" and case.fmt == "json"
    copies = secs[0].get("copies", 1) if secs else 1
    expected = count(printed(table_json(case.preset), secs, all_values)) * copies
    t0 = time.time()
    r = run(["verify", "--report", "json", path], text=True)
    took = time.time() - t0
    fails = []
    res = {"expected": expected, "read": None, "errors": None, "bad_warnings": None,
           "variant_ok": None, "time": took, "status": r.returncode, "tolerated": []}
    if r.returncode != 0:
        fails.append(f"exit status {r.returncode}" + (f": {r.stderr.strip()[:300]}" if r.stderr.strip() else ""))
    try:
        rep = json.loads(r.stdout)
        if not isinstance(rep, dict):
            raise ValueError("not an object")
    except ValueError as e:
        fails.append(f"the report is not JSON ({e}): {r.stdout[:200]!r}")
        return res, fails, [l for l in r.stderr.split("\n") if l][:10], None
    summ = rep.get("summary") if isinstance(rep.get("summary"), dict) else {}
    errs = [e for e in rep.get("errors") or [] if isinstance(e, dict)]
    warns = [w for w in rep.get("warnings") or [] if isinstance(w, dict)]
    res["read"] = summ.get("cells")
    res["errors"] = summ.get("errors", len(errs))
    bad = [w for w in warns if w.get("kind") in BAD_WARNINGS]
    res["bad_warnings"] = len(bad)
    res["tolerated"] = sorted({w.get("kind", "?") for w in warns if w.get("kind") not in BAD_WARNINGS})
    if res["errors"] or errs:
        fails.append(f"{max(res['errors'] or 0, len(errs))} errors")
    if bad:
        kinds = {}
        for w in bad:
            kinds[w.get("kind")] = kinds.get(w.get("kind"), 0) + 1
        fails.append("warnings: " + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())))
    if summ.get("complete", True) is not True:
        fails.append(f"summary.complete is {summ.get('complete')!r}")
    if res["read"] != expected:
        fails.append(f"{res['read']} cells read, the file prints {expected}")
    byp = (summ.get("full_table") or {}).get("by_payment") if isinstance(summ.get("full_table"), dict) else {}
    byp = byp if isinstance(byp, dict) else {}
    unread = []
    for side, pay in sorted({(s["side"], p) for s in secs for p in s["pays"]}):
        name = BY_PAYMENT[(side, pay)]
        b = byp.get(name)
        # what this page prints of a full table: the five limits (mangan to
        # yakuman) on a page of limits, the rest on a page of fu and han
        want = b.get("of") if isinstance(b, dict) and isinstance(b.get("of"), int) else None
        kinds = {s["kind"] for s in secs if s["side"] == side and pay in s["pays"]}
        if want is not None and "limit" not in kinds:
            want -= 5
        elif want is not None and "point" not in kinds:
            want = 5
        if not isinstance(b, dict) or b.get("read") != want:
            unread.append(f"{name} {b.get('read') if isinstance(b, dict) else '?'} of "
                         f"{b.get('of') if isinstance(b, dict) else '?'}")
    if unread:
        msg = "not read in full: " + ", ".join(unread)
        if case.layout == "tent":  # one face upright, the far one upside down
            for side, face in (("nd", "non-dealer's"), ("d", "dealer's")):
                reads = [(byp.get(BY_PAYMENT[(side, p)]) or {}).get("read") for p in PAYS[side]]
                if all(not r for r in reads):
                    msg += f" (the {face} face not read at all)"
        fails.append(msg)
    # the variant
    variant, rrules = rep.get("variant"), rep.get("rules")
    variant = variant if isinstance(variant, dict) else {}
    rrules = rrules if isinstance(rrules, dict) else {}
    need = shown_keys(case.preset, secs, all_values) | words_of(case, path)
    wrong, short = [], []
    for k in sorted(need):
        want = rules.get(k)
        said = []
        if isinstance(variant.get(k), dict):
            said.append(("variant", str(variant[k].get("value"))))
        if k in rrules:
            said.append(("rules", str(rrules[k])))
        if not said:
            wrong.append(f"{k}: not named (want {want})")
            short.append(f"{k}?")
        for where, v in said:
            if v != want:
                wrong.append(f"{k}={v} in {where} (want {want})")
                short.append(f"{k}={v}")
    for k, v in variant.items():
        if not isinstance(v, dict) or v.get("guess") not in ("sure", "likely"):
            continue
        want = "0" if k == "honba-included" else rules.get(k)
        if want is not None and str(v.get("value")) != want and k not in need:
            wrong.append(f"{k}={v.get('value')} {v.get('guess')} (want {want})")
            short.append(f"{k}={v.get('value')}")
    res["variant_ok"] = not wrong
    res["variant_wrong"] = sorted(set(short))
    res["need"] = sorted(need)
    res["variant"] = {k: f"{v.get('value')}:{v.get('guess')}" for k, v in variant.items()
                      if isinstance(v, dict)}
    res["report_preset"] = rrules.get("preset")
    if wrong:
        fails.append("variant: " + "; ".join(wrong))
    return res, fails, report_lines(rep, path), rep


def report_lines(rep, path, n=10):
    """The report's first lines, as the text report puts them."""
    s = rep.get("summary") if isinstance(rep.get("summary"), dict) else {}
    ft = s.get("full_table") if isinstance(s.get("full_table"), dict) else {}
    rr = rep.get("rules") if isinstance(rep.get("rules"), dict) else {}
    out = [f"{os.path.basename(path)}: {rep.get('format')} chart, {s.get('cells')} cells checked "
           f"against rules {rr.get('preset')}: " +
           " ".join(f"{k}={v.get('value')} ({v.get('guess')})" for k, v in
                    (rep.get("variant") if isinstance(rep.get("variant"), dict) else {}).items()
                    if isinstance(v, dict))]
    finds = [("error", e) for e in rep.get("errors") or [] if isinstance(e, dict)] + \
            [("warning", w) for w in rep.get("warnings") or [] if isinstance(w, dict)]
    for what, f in finds[:n]:
        loc = ""
        if f.get("page") is not None:
            loc = f"page {f['page']}"
        elif f.get("row") is not None:
            loc = f"row {f['row']} (x={f.get('x')}, y={f.get('y')})"
        elif f.get("line") is not None:
            loc = f"line {f['line']}" + (f", col {f['col']}" if f.get("col") else "")
        msg = f.get("message") or (f"found {f.get('found')}, expected {f.get('expected')}: "
                                   f"{f.get('explanation') or f.get('cause')}")
        out.append(f"{loc}: {what}: {f.get('kind')}: {f.get('where')}: {msg}")
    if len(finds) > n:
        out.append(f"... {len(finds) - n} more")
    out.append(f"summary: {s.get('cells')} cells checked, {ft.get('read')} of {ft.get('of')} cells of a "
               f"full table read, {s.get('errors')} errors, {s.get('warnings')} warnings"
               + (f", complete {s['complete']}" if "complete" in s else ""))
    return out


def run_case(case, work):
    d = tempfile.mkdtemp(dir=work, prefix=re.sub(r"[^a-z0-9]+", "-", case.id.lower()) + "-")
    row = {"id": case.id, "preset": case.preset, "lang": case.lang, "kind": case.kind,
           "format": case.fmt, "files": [], "fails": [], "time": 0.0, "sample": bool(case.pages)}
    t0 = time.time()
    try:
        files, cmd = make(case, d)
    except Exception as e:  # noqa: BLE001 (a failure of the case, said)
        row["fails"].append(f"making the output: {e}")
        row["cmd"] = ""
        return row
    row["make_time"] = time.time() - t0
    row["cmd"] = f"cd \"$(mktemp -d)\" && {cmd}"
    for path, page, secs in files:
        try:
            res, fails, lines, rep = verify(case, path, secs)
        except Exception as e:  # noqa: BLE001 (a report this test cannot follow: a failure, said)
            res, fails, lines, rep = {"expected": None, "time": 0.0}, [f"the report could not be read: {e!r}"], [], None
        res["file"], res["page"] = os.path.basename(path), page
        res["fails"], res["lines"] = fails, lines
        row["files"].append(res)
        row["time"] += res["time"]
        if out_dir and rep is not None:
            rd = os.path.join(out_dir, "reports")
            os.makedirs(rd, exist_ok=True)
            name = re.sub(r"[^A-Za-z0-9.-]+", "_", case.id) + "_" + os.path.basename(path) + ".json"
            with open(os.path.join(rd, name), "w") as fh:
                json.dump(rep, fh, indent=1)
    if not files:
        row["fails"].append("no file with a table to verify")
    return row


def variant_cell(fs):
    """yes, NO (the keys named wrong), or - when no file gave a report."""
    vs = [f.get("variant_ok") for f in fs]
    if not vs or all(v is None for v in vs):
        return "-"
    wrong = sorted({w for f in fs for w in f.get("variant_wrong") or []})
    if wrong:
        return "NO (" + ", ".join(wrong) + ")"
    got = sum(1 for v in vs if v)
    return "yes" if got == len(vs) else f"yes ({got} of {len(vs)} files)"


def compact_table(rows):
    """One line an output and language, a column a preset: cells read /
    expected, errors, variant, seconds of verify."""
    by = {}
    for r in rows:
        fs = r["files"]
        read = sum(f.get("read") or 0 for f in fs) if any(f.get("read") is not None for f in fs) else "-"
        ok = not r["fails"] and all(not f["fails"] for f in fs)
        v = variant_cell(fs)
        v = "ok" if v.startswith("yes") and "of" not in v else v.replace("NO (", "NO:").rstrip(")") \
            if v.startswith("NO") else v
        cell = (f"{'' if ok else '**'}{read}/{sum(f.get('expected') or 0 for f in fs)}"
                f"{'' if ok else '**'}, {sum(f.get('errors') or 0 for f in fs)}/"
                f"{sum(f.get('bad_warnings') or 0 for f in fs)}, {v}, {r['time']:.1f}s")
        if r["fails"] and not fs:
            cell = "**not made**"
        kind = r["kind"] + "/" + r["format"]
        if r.get("sample"):  # one page (or one case of the phone page) of several
            kind += " " + ",".join((f"p{f['page']}" if isinstance(f["page"], int) else str(f["page"]))
                                   for f in fs if f.get("page") is not None)
        by.setdefault((kind_order(r), kind, r["lang"]), {})[r["preset"]] = cell
    out = ["| output | lang | " + " | ".join(PRESETS) + " |", "|---|---|" + "---|" * len(PRESETS)]
    for (_, kind, lang), cells in sorted(by.items()):
        out.append(f"| {kind} | {lang} | " + " | ".join(cells.get(p, "") for p in PRESETS) + " |")
    return out


def fmt_row(row):
    fs = row["files"]
    tot = lambda k: sum((f.get(k) or 0) for f in fs)  # noqa: E731
    read = tot("read") if any(f.get("read") is not None for f in fs) else "-"
    pages = ",".join(str(f["page"]) for f in fs if f.get("page") is not None)
    kind = row["kind"] + "/" + row["format"] + (
        "" if not pages else f" {pages}" if row["kind"] == "phone" else f" p{pages}")
    ok = not row["fails"] and all(not f["fails"] for f in fs)
    variant = variant_cell(fs)
    return (f"| {kind} | {row['lang']} | {row['preset']} | {read}/{tot('expected')} | "
            f"{tot('errors')} | {tot('bad_warnings')} | {variant} | "
            f"{'ok' if ok else 'FAIL'} | {row['time']:.1f} |")


def main():
    global ALLOWED
    if not os.access(tensu, os.X_OK):
        sys.exit(f"verify_own: no tensu at {tensu}")
    ALLOWED = allowed_values()
    cases = all_cases()
    if not full:
        cases = quick_sample(cases)
    elif not every:
        # the full run: every output; the pictures of each preset in one
        # language, the two languages in turn (half of them: twenty minutes
        # of OCR otherwise); TENSU_OWN_ALL=1 for every one
        cases = [c for c in cases if not c.picture or c.fmt == "shot" or
                 c.lang == LANGS[PRESETS.index(c.preset) % len(LANGS)]]
    if only:
        cases = [c for c in cases if only.search(c.id)]
    skipped = []
    work = tempfile.mkdtemp(prefix="tensu-own-")
    if out_dir:
        shutil.rmtree(os.path.join(out_dir, "reports"), ignore_errors=True)
    # OCR and the browser, as verify_picture_test.sh
    probe = os.path.join(work, "probe.png")
    open(probe, "wb").write(b"\x89PNG\r\n\x1a\n")
    r = run(["verify", probe], text=True)
    if "built without OCR" in r.stdout + r.stderr:
        skipped.append("the pictures: tensu was built without tesseract (scripts/deps installs libtesseract-dev)")
        cases = [c for c in cases if not c.picture]
    why = browser_missing()
    if why:
        skipped.append("the phone screenshots: " + why)
        cases = [c for c in cases if c.fmt != "shot"]
    # the slow ones first, two at a time
    cases.sort(key=lambda c: (not c.picture, c.fmt != "png300"))
    print(f"verify_own: {'full' if full else 'quick'} run, {len(cases)} cases, {jobs} at a time", flush=True)
    t0 = time.time()
    rows = []
    try:
        with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
            futs = {ex.submit(run_case, c, work): c for c in cases}
            for fut in concurrent.futures.as_completed(futs):
                row = fut.result()
                rows.append(row)
                bad = row["fails"] or any(f["fails"] for f in row["files"])
                if bad:
                    print_failure(row)
    finally:
        if _shooter is not None:
            _shooter.close()
        shutil.rmtree(work, ignore_errors=True)
    rows.sort(key=lambda r: (kind_order(r), r["lang"], PRESETS.index(r["preset"])))
    table = ["| output | lang | preset | cells read/expected | errors | bad warnings | variant | verdict | verify s |",
             "|---|---|---|---|---|---|---|---|---|"] + [fmt_row(r) for r in rows]
    nfail = sum(1 for r in rows if r["fails"] or any(f["fails"] for f in r["files"]))
    compact = compact_table(rows)
    legend = ("Each cell: cells read / cells the file prints (bold: the output fails), errors / "
              "warnings of a misread (not_read, unreadable, missing, empty, duplicate ...), "
              "variant (ok, or NO: the keys named wrong; -: no report), seconds of tensu verify.")
    print("\n".join(compact))
    print(legend)
    if out_dir:
        os.makedirs(out_dir, exist_ok=True)
        open(os.path.join(out_dir, "verify_own.md"), "w").write(
            "\n".join(compact) + "\n\n" + legend + "\n\n" + "\n".join(table) + "\n")
        json.dump(rows, open(os.path.join(out_dir, "verify_own.json"), "w"), indent=1, default=str)
    for s in skipped:
        print("SKIPPED:", s)
    # Every text, table, PDF and SVG must verify clean.  The pictures (PNG at
    # 300 and 150 dpi, the phone screenshots) have a goal of every one and a
    # floor: OCR does not read them all clean yet (issue "Verify reads every
    # chart"); the floor is what is reached, that no change may go under.
    bad = lambda r: r["fails"] or any(f["fails"] for f in r["files"])  # noqa: E731
    pics = [r for r in rows if r["format"] in PICTURE_FORMATS]
    pic_fail = [r for r in pics if bad(r)]
    hard = [r for r in rows if bad(r) and r["format"] not in PICTURE_FORMATS]
    print(f"verify_own: {len(rows) - nfail} passed, {nfail} failed, {len(skipped)} parts skipped "
          f"({time.time() - t0:.0f} s)")
    if pics:
        ok = len(pics) - len(pic_fail)
        print(f"verify_own: pictures clean {ok} of {len(pics)} ({100 * ok / len(pics):.0f} %); "
              f"goal every one; floor {int(PICTURE_FLOOR * 100)} %")
    if hard:
        print(f"verify_own: FAILED: {len(hard)} outputs that are not pictures")
        return 1
    if pics and len(pics) - len(pic_fail) < PICTURE_FLOOR * len(pics):
        print("verify_own: FAILED: pictures under the floor")
        return 1
    return 77 if skipped else 0


PICTURE_FORMATS = ("png300", "png150", "shot")
PICTURE_FLOOR = 0.95


def kind_order(r):
    k = r["kind"]
    ks = ["table"] + ["card-" + l + ("-" + p if p else "") for l, p in LAYOUTS] + ["phone"]
    fs = TABLE_FORMATS + ["html"] + CARD_FORMATS + ["shot"]
    return (ks.index(k) if k in ks else 99, fs.index(r["format"]) if r["format"] in fs else 99)


def print_failure(row):
    lines = [f"FAIL: {row['id']}"]
    for m in row["fails"]:
        lines.append(f"  {m}")
    if row.get("cmd") and row["fails"]:
        lines.append(f"  make it: {row['cmd']}")
    for f in row["files"]:
        if not f["fails"]:
            continue
        where = "" if not f.get("page") else f" (page {f['page']})" if isinstance(f["page"], int) \
            else f" (the case {f['page']})"
        lines.append(f"  {f['file']}{where}: " +
                     "; ".join(f["fails"]))
        lines.append(f"  reproduce: {row['cmd']} && TENSU_DATA_DIR={shlex.quote(src)} "
                     f"{shlex.quote(tensu)} verify --report json {shlex.quote(f['file'])}")
        for line in f["lines"]:
            lines.append("    | " + line)
    print("\n".join(lines), flush=True)


ALLOWED = {}
sys.exit(main())
