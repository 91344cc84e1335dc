#!/usr/bin/python3
"""The verifier's gallery: point charts as published by others, to be read back.

usage: make.py SEED OUTDIR [--count N] [--tensu PATH] [--html-only] [--only LAYOUT,...]

Writes N charts (default 8, one of each layout) into OUTDIR, each as
  NAME.html         a self-contained web page in the layout of a real chart
  NAME.png          the page as headless Chromium shoots it (a screenshot)
  NAME.photo.jpg    a phone photo of the screenshot: tilted, keystoned, lit
                    unevenly, a little blurred and noisy, JPEG quality 60
  NAME.truth.json   what a verifier must find (see README.md)
Every true amount comes from the payment engine (tensu table --format json);
the seed decides the layout's looks, the rules preset and 0 to 4 planted
wrong cells (a digit typo, a neighbour's value, the other kiriage rule, swapped
shares, ...).  The same SEED and N give the same files on the same machine.
TENSU (or --tensu) is the tensu binary; its data is the repository's (this
file's ../..) unless TENSU_DATA_DIR says otherwise."""
import html
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

# the payment columns, named as tensu verify --report json names them
ND_RON = "nondealer_ron"
ND_TN = "nondealer_tsumo_from_nondealer"
ND_TD = "nondealer_tsumo_from_dealer"
D_RON = "dealer_ron"
D_TE = "dealer_tsumo_each"
ND_TT = "nondealer_tsumo_total"
D_TT = "dealer_tsumo_total"
LIMITS = ["mangan", "haneman", "baiman", "sanbaiman", "yakuman"]
KIRIAGE_PRESETS = ["wrc2015", "wrc2022", "mleague"]


# ---------------------------------------------------------------- the engine

class Engine:
    """The values of one preset, from tensu table --format json: by row
    (('c', han, fu) or ('l', limit)) and column, and which can occur."""

    def __init__(self, tensu, preset, sets=()):
        args = [tensu, "table", "--format", "json", "--rules", preset]
        for s in sets:
            args += ["--set", s]
        d = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
        self.preset = preset
        self.rules = d["rules"]
        self.players = int(d["rules"]["players"])
        self.kiriage = d["rules"]["kiriage"]
        self.fu_rows = d["fu_rows"]
        self.hans = list(range(1, d["han_max"] + 1))
        self.value = {}       # (row, col) -> points
        self.ron_ok = {}      # row -> a ron can occur
        self.tsumo_ok = {}    # row -> a tsumo can occur
        self.ron_ok_d = {}
        self.tsumo_ok_d = {}
        for c in d["cells"]:
            row = ("c", c["han"], c["fu"])
            self._take(row, c)
        self.limit_han = {}
        for lim in d["limits"]:
            if lim["name"] not in LIMITS:
                continue
            row = ("l", lim["name"])
            self._take(row, lim)
            self.limit_han[lim["name"]] = (lim["han_from"], lim["han_to"])

    def _take(self, row, c):
        nd, de = c["nondealer"], c["dealer"]
        self.value[(row, ND_RON)] = nd["ron"]["points"]
        self.value[(row, ND_TN)] = nd["tsumo"]["from_nondealer"]
        self.value[(row, ND_TD)] = nd["tsumo"]["from_dealer"]
        self.value[(row, ND_TT)] = nd["tsumo"]["total"]
        self.value[(row, D_RON)] = de["ron"]["points"]
        self.value[(row, D_TE)] = de["tsumo"]["each"]
        self.value[(row, D_TT)] = de["tsumo"]["total"]
        self.ron_ok[row] = nd["ron"]["reachable"]
        self.tsumo_ok[row] = nd["tsumo"]["reachable"]
        self.ron_ok_d[row] = de["ron"]["reachable"]
        self.tsumo_ok_d[row] = de["tsumo"]["reachable"]


# ---------------------------------------------------------------- the page

class Page:
    """What a layout prints: each amount asked for is recorded (the chart's
    cells), and a planted cell gives its wrong value instead of the engine's."""

    def __init__(self, eng, style, plants=None):
        self.e = eng
        self.s = style
        self.plants = plants or {}
        self.printed = []     # (row, col) in the order printed
        self.values = []      # the value printed there

    def _v(self, row, col):
        key = (row, col)
        self.printed.append(key)
        v = self.plants[key]["printed"] if key in self.plants else self.e.value[key]
        self.values.append(v)
        return v

    def rows(self):
        """The fu rows the chart prints (some charts have no 25 fu row)."""
        return [f for f in self.e.fu_rows if f != 25 or not self.s.skip25]

    def ron(self, row, dealer=False):
        ok = (self.e.ron_ok_d if dealer else self.e.ron_ok)[row]
        return self._v(row, D_RON if dealer else ND_RON) if ok else None

    def nd_tsumo(self, row):
        if not self.e.tsumo_ok[row]:
            return None
        return self._v(row, ND_TN), self._v(row, ND_TD)

    def nd_tsumo_dealer_first(self, row):
        if not self.e.tsumo_ok[row]:
            return None
        d = self._v(row, ND_TD)
        return d, self._v(row, ND_TN)

    def d_tsumo(self, row):
        return self._v(row, D_TE) if self.e.tsumo_ok_d[row] else None

    def total(self, row, dealer=False):
        ok = (self.e.tsumo_ok_d if dealer else self.e.tsumo_ok)[row]
        return self._v(row, D_TT if dealer else ND_TT) if ok else None

    def f(self, v):
        """An amount as the chart groups its digits."""
        return group(v, self.s.sep)


def group(v, sep):
    s = str(v)
    if not sep or v < 1000:
        return s
    out = []
    while len(s) > 3:
        out.insert(0, s[-3:])
        s = s[:-3]
    out.insert(0, s)
    return sep.join(out)


class Style:
    """The looks the seed varies: sizes, widths, borders, shades, fonts."""

    def __init__(self, rng, fonts, sep_choices=((",", 8), ("", 2))):
        self.rng = rng
        self.font = rng.choice(fonts)
        self.fs = rng.choice([14, 15, 16, 17, 18])
        self.small = rng.choice([0.78, 0.82, 0.86])
        self.padv = rng.choice([3, 4, 5, 6])
        self.padh = rng.choice([8, 10, 12, 14])
        self.bw = rng.choice([1, 1, 1, 2])
        self.bc = rng.choice(["#444", "#666", "#888", "#999", "#555"])
        g = rng.choice([0xd0, 0xd8, 0xdd, 0xe4, 0xea])
        self.head = "#%02x%02x%02x" % (g, g, g)
        self.limbg = rng.choice(["#fde9c8", "#fff2cc", "#e2efda", "#fce4d6", "#e8e0f0", "#ececec"])
        self.bg = rng.choice(["#ffffff", "#ffffff", "#fbfbf8", "#f7f7f7"])
        self.ink = rng.choice(["#000", "#111", "#222", "#1a1a2a"])
        self.margin = rng.choice([18, 24, 32, 40])
        self.width = rng.choice([None, None, "auto", 0.9])   # table width
        self.sep = weighted(rng, sep_choices)
        self.skip25 = rng.random() < 0.15
        self.zebra = rng.random() < 0.5
        self.dash = rng.choice(["–", "—", "-"])

    def base_css(self):
        return (f'body{{font-family:{self.font};font-size:{self.fs}px;margin:{self.margin}px;'
                f'background:{self.bg};color:{self.ink}}}'
                f'table{{border-collapse:collapse;margin:6px 0 22px 0;'
                + (f'width:{int(self.width * 100)}%;' if isinstance(self.width, float) else '')
                + f'}}td,th{{border:{self.bw}px solid {self.bc};padding:{self.padv}px {self.padh}px;'
                f'white-space:nowrap}}th{{background:{self.head};font-weight:bold}}'
                f'h1{{font-size:{round(self.fs * 1.6)}px;margin:0 0 10px 0}}'
                f'h2{{font-size:{round(self.fs * 1.25)}px;margin:14px 0 2px 0}}'
                f'p.note{{font-size:{round(self.fs * 0.85)}px;color:#555;margin:0 0 4px 0;font-style:italic}}'
                f'.lim{{background:{self.limbg}}}small{{font-size:{self.small:.2f}em}}')


def weighted(rng, choices):
    total = sum(w for _, w in choices)
    x = rng.random() * total
    for v, w in choices:
        x -= w
        if x < 0:
            return v
    return choices[-1][0]


def esc(s):
    return html.escape(s, quote=False)


def doc(title, css, body, lang="en"):
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
            f'<title>{esc(title)}</title>\n<style>{css}</style></head>\n<body>\n'
            + body + "\n</body></html>\n")


def limit_han(eng, name, fmt):
    """A limit row's han, as the engine's limits give it: fmt(a, b) for a
    range, fmt(a, None) for 'a or more', None when no count of han reaches it."""
    a, b = eng.limit_han[name]
    if a is None:
        return None
    return fmt(a, b)


# ---------------------------------------------------------------- layouts
# Each takes the Page (the values) and returns (title, html).  Every amount is
# asked of the Page, so the truth's cells are what the layout printed.

SANS = ['"DejaVu Sans",sans-serif', '"DejaVu Sans Condensed","DejaVu Sans",sans-serif']
SERIF = ['"DejaVu Serif",serif', '"DejaVu Serif Condensed","DejaVu Serif",serif']


def l_stacked(p, rng):
    """Ron over the tsumo shares in one cell (the riichi.wiki / arcturus.su
    "Scoring table", the EMA score sheet): bold ron, small tsumo beneath, an
    empty top-left corner, grey head row, shaded limit cells."""
    s, e = p.s, p.e
    fu_label = rng.choice(["{} fu", "{}", "{} Fu"])
    han_label = rng.choice(["{} han", "{} Han", "{} han"])
    dealer_all = rng.choice(["{} all", "{} all", "{} ALL"])
    sh = rng.choice(["/", "/", "-"])
    css = s.base_css() + ("td{text-align:center;vertical-align:middle}"
                          "td.fu{font-weight:bold;background:%s}td b{font-size:1.05em}"
                          "td small{color:#333}" % s.head)
    out = [f"<h1>{rng.choice(['Riichi Mahjong Scoring Table', 'Scoring table', 'Point table'])}</h1>"]
    for side in ("nd", "d"):
        out.append("<h2>%s</h2>" % ("Non-dealer" if side == "nd" else "Dealer"))
        out.append('<p class="note">%s</p>' % (
            "Top: ron. Bottom: tsumo, paid by each non-dealer / by the dealer." if side == "nd"
            else "Top: ron. Bottom: tsumo, paid by each player."))
        out.append("<table><tr><th></th>" + "".join(f"<th>{han_label.format(h)}</th>" for h in e.hans) + "</tr>")
        for fu in p.rows():
            cells = []
            for h in e.hans:
                row = ("c", h, fu)
                r = p.ron(row, side == "d")
                t = p.nd_tsumo(row) if side == "nd" else p.d_tsumo(row)
                parts = []
                if r is not None:
                    parts.append(f"<b>{p.f(r)}</b>")
                if t is not None:
                    txt = (f"{p.f(t[0])}{sh}{p.f(t[1])}" if side == "nd" else dealer_all.format(p.f(t)))
                    parts.append(f"<small>{txt}</small>")
                cells.append("<td>" + "<br>".join(parts) + "</td>")
            out.append(f'<tr><td class="fu">{fu_label.format(fu)}</td>' + "".join(cells) + "</tr>")
        out.append("</table>")
    out.append("<h2>Limits</h2>")
    out.append("<table><tr><th></th><th>Han</th><th>Non-dealer ron</th><th>Non-dealer tsumo</th>"
               "<th>Dealer ron</th><th>Dealer tsumo</th></tr>")
    for name in LIMITS:
        row = ("l", name)
        hn = limit_han(e, name, lambda a, b: f"{a}" if a == b else (f"{a}+" if b is None else f"{a}-{b}")) or ""
        r, t, dr, dt = p.ron(row), p.nd_tsumo(row), p.ron(row, True), p.d_tsumo(row)
        out.append(f'<tr><td class="fu">{name.capitalize()}</td><td class="h">{hn}</td>'
                   f'<td class="lim"><b>{p.f(r)}</b></td><td class="lim">{p.f(t[0])}{sh}{p.f(t[1])}</td>'
                   f'<td class="lim"><b>{p.f(dr)}</b></td><td class="lim">{dealer_all.format(p.f(dt))}</td></tr>')
    out.append("</table>")
    return "Scoring table", doc("Scoring table", css, "\n".join(out))


def l_tworow(p, rng):
    """A ron row, then a tsumo row in parentheses, the fu label spanning both
    (Riichi Book 1's tables, typeset like a book: serif, rules only)."""
    s, e = p.s, p.e
    sep = rng.choice(["-", "-", "/"])
    dealer = rng.choice(["({})", "({})", "({} all)"])
    dash = "---"
    css = s.base_css() + (
        "table{border:none;border-top:2px solid #000;border-bottom:2px solid #000}"
        "td,th{border:none;text-align:right}th{background:none;border-bottom:1px solid #000}"
        "th.fu{text-align:center;vertical-align:middle;border-bottom:none}"
        "tr.ts td{padding-top:0;font-size:%.2fem;color:#333}tr.rn td{padding-bottom:0}"
        "tr.gap td,tr.gap th{border-top:1px solid #bbb}caption{caption-side:top;text-align:left;"
        "font-weight:bold;padding:6px 0}" % s.small)
    out = [f"<h1>{rng.choice(['Scores', 'Score tables', 'Scoring'])}</h1>"]
    n = rng.choice([6, 7])
    for k, side in enumerate(("nd", "d")):
        who = "non-dealer" if side == "nd" else "dealer"
        cap = f"Table {n}.{k + 1}: Scores for {who}"
        out.append(f"<table><caption>{cap}</caption><tr><th>Fu</th>"
                   + "".join(f"<th>{h} han</th>" for h in e.hans) + "</tr>")
        for i, fu in enumerate(p.rows()):
            rons, tss = [], []
            for h in e.hans:
                row = ("c", h, fu)
                r = p.ron(row, side == "d")
                t = p.nd_tsumo(row) if side == "nd" else p.d_tsumo(row)
                rons.append(p.f(r) if r is not None else dash)
                if t is None:
                    tss.append(dash)
                else:
                    tss.append(f"({p.f(t[0])}{sep}{p.f(t[1])})" if side == "nd" else dealer.format(p.f(t)))
            g = ' class="rn gap"' if i else ' class="rn"'
            out.append(f'<tr{g}><th class="fu" rowspan="2">{fu}</th>'
                       + "".join(f"<td>{x}</td>" for x in rons) + "</tr>")
            out.append('<tr class="ts">' + "".join(f"<td>{x}</td>" for x in tss) + "</tr>")
        out.append("</table>")
    out.append(f"<table><caption>Table {n}.3: Limit hands</caption>"
               "<tr><th>Limit</th><th>Han</th><th>Non-dealer</th><th>Dealer</th></tr>")
    for name in LIMITS:
        row = ("l", name)
        hn = limit_han(e, name, lambda a, b: f"{a}" if a == b else (f"{a}+" if b is None else f"{a}-{b}")) or "-"
        r, t, dr, dt = p.ron(row), p.nd_tsumo(row), p.ron(row, True), p.d_tsumo(row)
        out.append(f'<tr class="rn gap"><th class="fu" rowspan="2">{name.capitalize()}</th>'
                   f'<th class="fu" rowspan="2">{hn}</th><td>{p.f(r)}</td><td>{p.f(dr)}</td></tr>')
        out.append(f'<tr class="ts"><td>({p.f(t[0])}{sep}{p.f(t[1])})</td><td>{dealer.format(p.f(dt))}</td></tr>')
    out.append("</table>")
    return "Score tables", doc("Score tables", css, "\n".join(out))


def l_oneline(p, rng):
    """One line per cell, '1,000 (300/500)', dealer '1,500 (500)' (tensu's
    own text table, the Mahjong Soul and club charts on the web)."""
    s, e = p.s, p.e
    dealer = rng.choice(["({})", "({})", "({} all)"])
    css = s.base_css() + "td{text-align:right}td.fu,th{text-align:center}td.fu{font-weight:bold}"
    if s.zebra:
        css += "tr:nth-child(even) td{background:#f2f4f7}"
    out = [f"<h1>{rng.choice(['Point chart', 'Riichi point chart', 'Hand values'])}</h1>",
           f'<p class="note">{esc("Each cell: ron (tsumo). Non-dealer tsumo: each non-dealer/dealer.")}</p>']
    for side in ("nd", "d"):
        out.append("<h2>%s</h2>" % ("Non-dealer" if side == "nd" else "Dealer"))
        out.append("<table><tr><th>fu</th>" + "".join(f"<th>{h} han</th>" for h in e.hans) + "</tr>")
        for fu in p.rows():
            cells = []
            for h in e.hans:
                row = ("c", h, fu)
                r = p.ron(row, side == "d")
                t = p.nd_tsumo(row) if side == "nd" else p.d_tsumo(row)
                txt = p.f(r) if r is not None else s.dash
                if t is not None:
                    txt += " " + (f"({p.f(t[0])}/{p.f(t[1])})" if side == "nd" else dealer.format(p.f(t)))
                elif r is None:
                    txt = s.dash
                cells.append(f"<td>{txt}</td>")
            out.append(f'<tr><td class="fu">{fu}</td>' + "".join(cells) + "</tr>")
        out.append("</table>")
    out.append("<h2>Limits</h2><table><tr><th>limit</th><th>han</th><th>non-dealer</th><th>dealer</th></tr>")
    for name in LIMITS:
        row = ("l", name)
        hn = limit_han(e, name, lambda a, b: f"{a} han" if a == b else (f"{a}+ han" if b is None else f"{a}-{b} han")) or ""
        r, t, dr, dt = p.ron(row), p.nd_tsumo(row), p.ron(row, True), p.d_tsumo(row)
        out.append(f'<tr><td class="fu">{name}</td><td class="h">{hn}</td><td class="lim">{p.f(r)} ({p.f(t[0])}/{p.f(t[1])})</td>'
                   f'<td class="lim">{p.f(dr)} {dealer.format(p.f(dt))}</td></tr>')
    out.append("</table>")
    return "Point chart", doc("Point chart", css, "\n".join(out))


def l_french(p, rng):
    """French (the FFMJ / EMA French charts): '7 700' grouped by a space,
    dealer tsumo '(3 900 chacun)', headings Non-donneur / Donneur."""
    s, e = p.s, p.e
    stacked = rng.random() < 0.5
    css = s.base_css() + ("td{text-align:center;vertical-align:middle}td.fu{font-weight:bold}"
                          "td small{color:#444}")
    out = [f"<h1>{rng.choice(['Barème des points', 'Tableau des points', 'Table de score'])}</h1>"]
    for side in ("nd", "d"):
        out.append("<h2>%s</h2>" % ("Non-donneur" if side == "nd" else "Donneur"))
        out.append('<p class="note">%s</p>' % (
            "Ron : paiement du perdant ; tsumo : (part de chaque non-donneur/part du donneur)"
            if side == "nd" else "Ron : paiement du perdant ; tsumo : part de chaque joueur"))
        out.append("<table><tr><th></th>" + "".join(f"<th>{h} han</th>" for h in e.hans) + "</tr>")
        for fu in p.rows():
            cells = []
            for h in e.hans:
                row = ("c", h, fu)
                r = p.ron(row, side == "d")
                t = p.nd_tsumo(row) if side == "nd" else p.d_tsumo(row)
                parts = [p.f(r)] if r is not None else ([] if stacked else [s.dash])
                if t is not None:
                    tt = f"({p.f(t[0])}/{p.f(t[1])})" if side == "nd" else f"({p.f(t)} chacun)"
                    parts.append(f"<small>{tt}</small>" if stacked else tt)
                elif r is None:
                    parts = [s.dash]
                cells.append("<td>" + ("<br>" if stacked else " ").join(parts) + "</td>")
            out.append(f'<tr><td class="fu">{fu} fu</td>' + "".join(cells) + "</tr>")
        out.append("</table>")
    out.append("<h2>Limites</h2><table><tr><th></th><th>Han</th><th>Non-donneur ron</th>"
               "<th>Non-donneur tsumo</th><th>Donneur ron</th><th>Donneur tsumo</th></tr>")
    for name in LIMITS:
        row = ("l", name)
        hn = limit_han(e, name, lambda a, b: f"{a}" if a == b else (f"{a} et plus" if b is None else f"{a} à {b}")) or ""
        r, t, dr, dt = p.ron(row), p.nd_tsumo(row), p.ron(row, True), p.d_tsumo(row)
        out.append(f'<tr><td class="fu">{name.capitalize()}</td><td class="h">{hn}</td><td class="lim">{p.f(r)}</td>'
                   f'<td class="lim">({p.f(t[0])}/{p.f(t[1])})</td><td class="lim">{p.f(dr)}</td>'
                   f'<td class="lim">({p.f(dt)} chacun)</td></tr>')
    out.append("</table>")
    return "Barème des points", doc("Barème des points", css, "\n".join(out), lang="fr")


JA_LIMITS = {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満", "sanbaiman": "三倍満", "yakuman": "役満"}


def l_japanese(p, rng):
    """Japanese (点数早見表 of Japanese sites): 子 / 親 headings, 30符 / 1翻
    heads, '500オール' for the dealer's tsumo, 満貫 .. 役満."""
    s, e = p.s, p.e
    sep = rng.choice(["/", "-"])
    css = s.base_css() + ("td{text-align:center;vertical-align:middle}td.fu{font-weight:bold;background:%s}"
                          "td b{font-weight:bold}td small{color:#333}" % s.head)
    out = [f"<h1>{rng.choice(['点数早見表', '麻雀点数表', '点数計算早見表'])}</h1>"]
    for side in ("nd", "d"):
        out.append("<h2>%s</h2>" % ("子の点数" if side == "nd" else "親の点数"))
        out.append('<p class="note">%s</p>' % ("上段：ロン　下段：ツモ（子の支払い%s親の支払い）" % sep
                                               if side == "nd" else "上段：ロン　下段：ツモ（各自の支払い）"))
        out.append("<table><tr><th></th>" + "".join(f"<th>{h}翻</th>" for h in e.hans) + "</tr>")
        for fu in p.rows():
            cells = []
            for h in e.hans:
                row = ("c", h, fu)
                r = p.ron(row, side == "d")
                t = p.nd_tsumo(row) if side == "nd" else p.d_tsumo(row)
                parts = []
                if r is not None:
                    parts.append(f"<b>{p.f(r)}</b>")
                if t is not None:
                    parts.append("<small>%s</small>" % (f"{p.f(t[0])}{sep}{p.f(t[1])}" if side == "nd"
                                                        else f"{p.f(t)}オール"))
                cells.append("<td>" + ("<br>".join(parts) if parts else "×") + "</td>")
            out.append(f'<tr><td class="fu">{fu}符</td>' + "".join(cells) + "</tr>")
        out.append("</table>")
    out.append("<h2>満貫以上</h2><table><tr><th></th><th>翻数</th><th>子 ロン</th><th>子 ツモ</th>"
               "<th>親 ロン</th><th>親 ツモ</th></tr>")
    for name in LIMITS:
        row = ("l", name)
        hn = limit_han(e, name, lambda a, b: f"{a}翻" if a == b else (f"{a}翻以上" if b is None else f"{a}〜{b}翻")) or "―"
        r, t, dr, dt = p.ron(row), p.nd_tsumo(row), p.ron(row, True), p.d_tsumo(row)
        out.append(f'<tr><td class="fu">{JA_LIMITS[name]}</td><td class="h">{hn}</td><td class="lim"><b>{p.f(r)}</b></td>'
                   f'<td class="lim">{p.f(t[0])}{sep}{p.f(t[1])}</td><td class="lim"><b>{p.f(dr)}</b></td>'
                   f'<td class="lim">{p.f(dt)}オール</td></tr>')
    out.append("</table>")
    return "点数早見表", doc("点数早見表", css, "\n".join(out), lang="ja")


def l_transposed(p, rng):
    """Transposed: han rows, fu columns (the Japanese Wikipedia 点数表 and
    the wide charts of game handbooks), ron over tsumo in each cell."""
    s, e = p.s, p.e
    fu_label = rng.choice(["{} fu", "{}fu", "{}"])
    dealer_all = rng.choice(["{} all", "{} all", "{} ALL"])
    css = s.base_css() + ("td{text-align:center;vertical-align:middle;padding-left:%dpx;padding-right:%dpx}"
                          "td.han{font-weight:bold;background:%s}td small{color:#333}"
                          % (max(4, s.padh - 6), max(4, s.padh - 6), s.head))
    out = [f"<h1>{rng.choice(['Han and fu', 'Score chart', 'Points by han and fu'])}</h1>"]
    fus = p.rows()
    for side in ("nd", "d"):
        out.append("<h2>%s</h2>" % ("Non-dealer" if side == "nd" else "Dealer"))
        out.append('<p class="note">%s</p>' % ("Ron above, tsumo below (non-dealer/dealer)"
                                               if side == "nd" else "Ron above, tsumo below (all)"))
        out.append("<table><tr><th></th>" + "".join(f"<th>{fu_label.format(fu)}</th>" for fu in fus) + "</tr>")
        for h in e.hans:
            cells = []
            for fu in fus:
                row = ("c", h, fu)
                r = p.ron(row, side == "d")
                t = p.nd_tsumo(row) if side == "nd" else p.d_tsumo(row)
                parts = []
                if r is not None:
                    parts.append(f"<b>{p.f(r)}</b>")
                if t is not None:
                    parts.append("<small>%s</small>" % (f"{p.f(t[0])}/{p.f(t[1])}" if side == "nd"
                                                        else dealer_all.format(p.f(t))))
                cells.append("<td>" + ("<br>".join(parts) if parts else s.dash) + "</td>")
            out.append(f'<tr><td class="han">{h} han</td>' + "".join(cells) + "</tr>")
        out.append("</table>")
    out.append("<h2>Limits</h2><table><tr><th></th><th>Han</th><th>Non-dealer ron</th><th>Non-dealer tsumo</th>"
               "<th>Dealer ron</th><th>Dealer tsumo</th></tr>")
    for name in LIMITS:
        row = ("l", name)
        hn = limit_han(e, name, lambda a, b: f"{a}" if a == b else (f"{a}+" if b is None else f"{a}-{b}")) or ""
        r, t, dr, dt = p.ron(row), p.nd_tsumo(row), p.ron(row, True), p.d_tsumo(row)
        out.append(f'<tr><td class="han">{name.capitalize()}</td><td class="h">{hn}</td><td class="lim"><b>{p.f(r)}</b></td>'
                   f'<td class="lim">{p.f(t[0])}/{p.f(t[1])}</td><td class="lim"><b>{p.f(dr)}</b></td>'
                   f'<td class="lim">{dealer_all.format(p.f(dt))}</td></tr>')
    out.append("</table>")
    return "Score chart", doc("Score chart", css, "\n".join(out))


def l_list(p, rng):
    """One row per han and fu: han, fu, non-dealer ron, non-dealer tsumo,
    dealer ron, dealer tsumo (a spreadsheet's export, the score-quiz apps'
    lists); the han cell merged over its rows on some."""
    s, e = p.s, p.e
    merge = rng.random() < 0.5
    dealer_all = rng.choice(["{} all", "{} all", "{} each"])
    css = s.base_css() + ("td{text-align:right}td.k{text-align:center;font-weight:bold}"
                          "th{text-align:center}td.k{vertical-align:middle}")
    if s.zebra and not merge:
        css += "tr:nth-child(odd) td{background:#eef3fb}"
    out = [f"<h1>{rng.choice(['Score list', 'Riichi scores', 'All hand values'])}</h1>",
           '<p class="note">Tsumo: each non-dealer/dealer; a dealer\'s tsumo is paid by all.</p>',
           "<table><tr><th>Han</th><th>Fu</th><th>Non-dealer ron</th><th>Non-dealer tsumo</th>"
           "<th>Dealer ron</th><th>Dealer tsumo</th></tr>"]
    for h in e.hans:
        rows = [fu for fu in p.rows()
                if e.ron_ok[("c", h, fu)] or e.tsumo_ok[("c", h, fu)]
                or e.ron_ok_d[("c", h, fu)] or e.tsumo_ok_d[("c", h, fu)]]
        for i, fu in enumerate(rows):
            row = ("c", h, fu)
            r, t, dr, dt = p.ron(row), p.nd_tsumo(row), p.ron(row, True), p.d_tsumo(row)
            hc = ""
            if not merge:
                hc = f'<td class="k">{h}</td>'
            elif i == 0:
                hc = f'<td class="k" rowspan="{len(rows)}">{h}</td>'
            out.append(f'<tr>{hc}<td class="k">{fu}</td>'
                       f'<td>{p.f(r) if r is not None else s.dash}</td>'
                       f'<td>{f"{p.f(t[0])}/{p.f(t[1])}" if t is not None else s.dash}</td>'
                       f'<td>{p.f(dr) if dr is not None else s.dash}</td>'
                       f'<td>{dealer_all.format(p.f(dt)) if dt is not None else s.dash}</td></tr>')
    out.append("</table>")
    out.append("<h2>Limits</h2><table><tr><th>Limit</th><th>Han</th><th>Non-dealer ron</th><th>Non-dealer tsumo</th>"
               "<th>Dealer ron</th><th>Dealer tsumo</th></tr>")
    for name in LIMITS:
        row = ("l", name)
        hn = limit_han(e, name, lambda a, b: f"{a}" if a == b else (f"{a}+" if b is None else f"{a}-{b}")) or ""
        r, t, dr, dt = p.ron(row), p.nd_tsumo(row), p.ron(row, True), p.d_tsumo(row)
        out.append(f'<tr><td class="k">{name.capitalize()}</td><td class="k">{hn}</td><td class="lim">{p.f(r)}</td>'
                   f'<td class="lim">{p.f(t[0])}/{p.f(t[1])}</td><td class="lim">{p.f(dr)}</td>'
                   f'<td class="lim">{dealer_all.format(p.f(dt))}</td></tr>')
    out.append("</table>")
    return "Score list", doc("Score list", css, "\n".join(out))


def l_sanma(p, rng):
    """A three-player chart (tenhou-sanma, the North's share lost): each han a
    ron column and a tsumo column under a two-level head, the tsumo written
    '800 [500-300]', the total then the shares (the dealer's first)."""
    s, e = p.s, p.e
    css = s.base_css() + ("td{text-align:right}td.fu,th{text-align:center}td.fu{font-weight:bold}"
                          "td.ts{font-size:%.2fem;color:#333}td.r{font-weight:bold}" % s.small)
    out = [f"<h1>{rng.choice(['Three-player (sanma) point table', 'Sanma scoring chart', '3-player riichi points'])}</h1>",
           '<p class="note">Tsumo: the total, then [the dealer\'s share-each non-dealer\'s share]. '
           'North is not at the table: its share is not paid.</p>']
    for side in ("nd", "d"):
        out.append("<h2>%s</h2>" % ("Non-dealer" if side == "nd" else "Dealer"))
        out.append('<table><tr><th rowspan="2">Fu</th>'
                   + "".join(f'<th colspan="2">{h} han</th>' for h in e.hans) + "</tr><tr>"
                   + "<th>Ron</th><th>Tsumo</th>" * len(e.hans) + "</tr>")
        for fu in p.rows():
            cells = []
            for h in e.hans:
                row = ("c", h, fu)
                r = p.ron(row, side == "d")
                tot = p.total(row, side == "d")
                if side == "nd":
                    t = p.nd_tsumo_dealer_first(row)
                    ts = f"{p.f(tot)} [{p.f(t[0])}-{p.f(t[1])}]" if t is not None else s.dash
                else:
                    t = p.d_tsumo(row)
                    ts = f"{p.f(tot)} [{p.f(t)} all]" if t is not None else s.dash
                cells.append(f'<td class="r">{p.f(r) if r is not None else s.dash}</td><td class="ts">{ts}</td>')
            out.append(f'<tr><td class="fu">{fu}</td>' + "".join(cells) + "</tr>")
        out.append("</table>")
    out.append("<h2>Limits</h2><table><tr><th>Limit</th><th>Han</th><th>Non-dealer ron</th>"
               "<th>Non-dealer tsumo</th><th>Dealer ron</th><th>Dealer tsumo</th></tr>")
    for name in LIMITS:
        row = ("l", name)
        hn = limit_han(e, name, lambda a, b: f"{a}" if a == b else (f"{a}+" if b is None else f"{a}-{b}")) or ""
        r = p.ron(row)
        tot = p.total(row)
        t = p.nd_tsumo_dealer_first(row)
        dr = p.ron(row, True)
        dtot = p.total(row, True)
        dt = p.d_tsumo(row)
        out.append(f'<tr><td class="fu">{name.capitalize()}</td><td class="fu">{hn}</td>'
                   f'<td class="lim r">{p.f(r)}</td><td class="lim">{p.f(tot)} [{p.f(t[0])}-{p.f(t[1])}]</td>'
                   f'<td class="lim r">{p.f(dr)}</td><td class="lim">{p.f(dtot)} [{p.f(dt)} all]</td></tr>')
    out.append("</table>")
    return "Sanma point table", doc("Sanma point table", css, "\n".join(out))


# name, function, fonts, digit grouping choices, CSS width of the window
LAYOUTS = [
    ("stacked", l_stacked, SANS, ((",", 8), ("", 2)), 900),
    ("tworow", l_tworow, SERIF, ((",", 3), ("", 7)), 900),
    ("oneline", l_oneline, SANS + ['"DejaVu Sans Mono",monospace'], ((",", 5), ("", 5)), 1100),
    ("french", l_french, SANS + SERIF, ((" ", 5), ("\u00a0", 4), ("\u202f", 2)), 1100),
    ("japanese", l_japanese, ['"IPAPGothic","IPAGothic",sans-serif', '"IPAGothic",sans-serif'],
     ((",", 7), ("", 3)), 900),
    ("transposed", l_transposed, SANS, ((",", 6), ("", 4)), 1400),
    ("list", l_list, SANS + ['"DejaVu Sans Condensed",sans-serif'], ((",", 6), ("", 4)), 900),
    ("sanma", l_sanma, SANS, ((",", 7), ("", 3)), 1400),
]
LAYOUT_NAMES = [x[0] for x in LAYOUTS]


def self_check(text, page, name):
    """The page's amounts, read back from its HTML the simple way (every
    number in a table cell that is no label), are the ones recorded: the
    truth's cells are what the page shows."""
    import re
    found = []
    for m in re.finditer(r'<td(?: class="([^"]*)")?[^>]*>(.*?)</td>', text, re.S):
        cls = (m.group(1) or "").split()
        if set(cls) & {"fu", "han", "k", "h"}:
            continue
        cell = html.unescape(re.sub(r"<[^>]+>", " ", m.group(2)))
        for a in re.findall(r"\d{1,3}(?:[ ,\u00a0\u202f]\d{3})+(?!\d)|\d+", cell):
            found.append(int(re.sub(r"\D", "", a)))
    if sorted(found) != sorted(page.values):
        missing = Counter(page.values) - Counter(found)
        extra = Counter(found) - Counter(page.values)
        raise AssertionError(f"{name}: the page shows {len(found)} amounts, recorded {len(page.values)}: "
                             f"not shown {dict(missing)}, not recorded {dict(extra)}")


# ---------------------------------------------------------------- plants

def typo(rng, v):
    """One digit of v changed, or two neighbouring digits swapped, keeping
    the hundreds (a chart's amounts are whole hundreds)."""
    s = str(v)
    sig = len(s) - 2 if v >= 100 else len(s)
    for _ in range(50):
        if sig >= 2 and rng.random() < 0.3:
            i = rng.randrange(sig - 1)
            if s[i] == s[i + 1] or (i == 0 and s[i + 1] == "0"):
                continue
            t = s[:i] + s[i + 1] + s[i] + s[i + 2:]
        else:
            i = rng.randrange(sig)
            d = rng.choice([c for c in "0123456789" if c != s[i] and (i or c != "0")])
            t = s[:i] + d + s[i + 1:]
        if int(t) != v:
            return int(t)
    return v + 100


MULT = {ND_RON: 4, D_RON: 6, ND_TN: 1, ND_TD: 2, D_TE: 2}
OTHER_PAYER = {ND_RON: D_RON, D_RON: ND_RON, ND_TN: ND_TD}


def neighbours(eng, key):
    """The values of the cells next to key's (one han, one fu row, the next
    limit) that differ from its own, with the kind of mistake."""
    row, col = key
    v = eng.value[key]
    out = []
    if row[0] == "c":
        _, h, fu = row
        fus = eng.fu_rows
        i = fus.index(fu)
        near = [(("c", h - 1, fu), "neighbour_han"), (("c", h + 1, fu), "neighbour_han")]
        if i > 0:
            near.append((("c", h, fus[i - 1]), "neighbour_fu"))
        if i + 1 < len(fus):
            near.append((("c", h, fus[i + 1]), "neighbour_fu"))
    else:
        i = LIMITS.index(row[1])
        near = [(("l", LIMITS[j]), "neighbour_limit") for j in (i - 1, i + 1) if 0 <= j < len(LIMITS)]
    for nrow, kind in near:
        if (nrow, col) in eng.value and eng.value[(nrow, col)] != v:
            out.append((eng.value[(nrow, col)], kind))
    return out


def unrounded(eng, key):
    """The amount before its rounding up to 100, when it differs."""
    row, col = key
    if row[0] != "c" or col not in MULT:
        return None
    base = row[2] * 2 ** (row[1] + 2)
    raw = base * MULT[col]
    if base >= 2000 or raw % 100 == 0 or -(-raw // 100) * 100 != eng.value[key]:
        return None
    return raw


def choose_plants(rng, eng, alt, printed, n, sanma):
    """n planted cells among the printed ones: {(row, col): {...}}.  The
    kind of mistake is drawn first, then a cell where it can happen."""
    plants = {}
    pset = set(printed)
    kinds = [("digit_typo", 4), ("neighbour", 4), ("rounding", 1), ("other_payer", 1),
             ("swapped_shares", 1.5), ("kiriage", 1)] + ([("total", 2)] if sanma else [])

    def put(key, val, kind):
        plants[key] = {"printed": val, "true": eng.value[key], "kind": kind}

    for _ in range(400):
        if len(plants) >= n:
            break
        kind = weighted(rng, kinds)
        free = [k for k in printed if k not in plants]
        if kind == "digit_typo":
            key = rng.choice(free)
            put(key, typo(rng, eng.value[key]), kind)
        elif kind == "neighbour":
            cands = [k for k in free if neighbours(eng, k)]
            if cands:
                key = rng.choice(cands)
                val, k = rng.choice(neighbours(eng, key))
                put(key, val, k)
        elif kind == "rounding":
            cands = [k for k in free if unrounded(eng, k) is not None]
            if cands:
                key = rng.choice(cands)
                put(key, unrounded(eng, key), kind)
        elif kind == "other_payer":
            cands = [k for k in free if k[1] in OTHER_PAYER
                     and eng.value[(k[0], OTHER_PAYER[k[1]])] != eng.value[k]]
            if cands:
                key = rng.choice(cands)
                put(key, eng.value[(key[0], OTHER_PAYER[key[1]])], kind)
        elif kind == "swapped_shares":
            cands = [k for k in free if k[1] == ND_TN and (k[0], ND_TD) in pset
                     and (k[0], ND_TD) not in plants and eng.value[k] != eng.value[(k[0], ND_TD)]]
            if n - len(plants) >= 2 and cands:
                a = rng.choice(cands)
                b = (a[0], ND_TD)
                put(a, eng.value[b], kind)
                put(b, eng.value[a], kind)
        elif kind == "kiriage":
            # one a chart at most: the chart's variant must still show
            if any(p["kind"] == "kiriage" for p in plants.values()):
                continue
            cands = [k for k in free if k[0] in (("c", 4, 30), ("c", 3, 60)) and alt.value[k] != eng.value[k]]
            if cands:
                key = rng.choice(cands)
                put(key, alt.value[key], kind)
        elif kind == "total":
            cands = [k for k in free if k[1] in (ND_TT, D_TT)]
            if cands:
                key = rng.choice(cands)
                row, col = key
                if col == ND_TT:   # the four-player total: the North's share paid
                    four = 2 * eng.value[(row, ND_TN)] + eng.value[(row, ND_TD)]
                else:
                    four = 3 * eng.value[(row, D_TE)]
                put(key, four if rng.random() < 0.6 else typo(rng, eng.value[key]), kind)
    for k, pl in plants.items():
        assert pl["printed"] != pl["true"], (k, pl)
    return plants


# ---------------------------------------------------------------- pictures

CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--disable-background-networking", "--disable-component-update", "--no-first-run",
                "--disable-sync", "--disable-dev-shm-usage", "--disable-quic"]


def chromium():
    return shutil.which("chromium") or shutil.which("chromium-browser")


def shoot(html_path, png, width, dpr, tall=3600):
    """The page as Chromium shoots it at width CSS pixels and device scale
    dpr, cropped below and right of what the page draws (a window sized to
    the page)."""
    from PIL import Image, ImageChops
    profile = tempfile.mkdtemp(prefix="tensu-gallery-chromium-")
    try:
        subprocess.run([chromium()] + CHROME_FLAGS
                       + [f"--user-data-dir={profile}", f"--force-device-scale-factor={dpr}",
                          f"--window-size={width},{tall}", f"--screenshot={png}",
                          "file://" + os.path.abspath(html_path)],
                       check=True, capture_output=True, timeout=180)
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    im = Image.open(png).convert("RGB")
    bg = Image.new("RGB", im.size, im.getpixel((im.width - 1, im.height - 1)))
    box = ImageChops.difference(im, bg).getbbox()
    if box is None:
        raise RuntimeError(f"{png}: Chromium drew nothing")
    if box[3] >= im.height - 2 and tall < 12000:
        return shoot(html_path, png, width, dpr, tall * 2)
    if box[2] >= im.width - 2 and width < 4000:
        # a table wider than the window: a wider window, not a chart cut off
        return shoot(html_path, png, int(width * 1.4), dpr, tall)
    pad = int(round(28 * dpr))
    im = im.crop((0, 0, min(im.width, box[2] + pad), min(im.height, box[3] + pad)))
    im.save(png, optimize=True)
    return im.size


def solve_perspective(dst, src):
    """PIL's PERSPECTIVE coefficients mapping each output point dst[i] to
    the input point src[i]."""
    import numpy as np
    a, b = [], []
    for (x, y), (u, v) in zip(dst, src):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b += [u, v]
    return list(np.linalg.solve(np.array(a, float), np.array(b, float)))


def photo(src_png, out_jpg, rng):
    """A phone photo of the screen showing the chart: the page a little
    turned (0-4 degrees) and keystoned, a bezel around it, the light uneven,
    the black not black, a little blur and noise, JPEG quality 60.  Returns
    what was done (for the truth file)."""
    import numpy as np
    from PIL import Image, ImageFilter
    page = Image.open(src_png).convert("RGB")
    w, h = page.size
    # the photo's size: 1500-3000 px wide, the page filling most of it
    fill = rng.uniform(0.84, 0.93)
    pw = rng.randint(1500, 3000)
    scale = fill * pw / w
    if h * scale / fill > 4032:           # a very tall page: a narrower photo of it
        scale = 4032 * fill / h
        pw = max(1500, int(w * scale / fill))
    ph = int(h * scale / fill)
    cx, cy = pw / 2 + rng.uniform(-0.02, 0.02) * pw, ph / 2 + rng.uniform(-0.02, 0.02) * ph
    tilt = rng.uniform(0, 4) * rng.choice([-1, 1])
    # the keystone: the far edge shorter, its sides leaning by 0.3-1.5 degrees
    vertical = rng.random() < 0.7         # the phone held below (top narrower) or to a side
    lean = math.tan(math.radians(rng.uniform(0.3, 1.5)))
    sgn = rng.choice([-1, 1])
    jitter = [(rng.uniform(-0.006, 0.006) * pw, rng.uniform(-0.006, 0.006) * ph) for _ in range(4)]
    t = math.radians(tilt)
    while True:     # smaller until the whole page is in the picture
        hw, hh = w * scale / 2, h * scale / 2
        keystone = min(0.08, lean * (hh / hw if vertical else hw / hh))
        out = []
        for (x, y), (jx, jy) in zip([(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)], jitter):
            if vertical:
                x = x * (1 - sgn * keystone * (y / hh))
            else:
                y = y * (1 - sgn * keystone * (x / hw))
            x, y = x + jx, y + jy
            out.append((cx + x * math.cos(t) - y * math.sin(t), cy + x * math.sin(t) + y * math.cos(t)))
        if all(0.015 * pw <= x <= 0.985 * pw and 0.015 * ph <= y <= 0.985 * ph for x, y in out):
            break
        scale *= 0.98
    coeffs = solve_perspective(out, [(0, 0), (w, 0), (w, h), (0, h)])
    bezel = tuple(int(rng.uniform(18, 60)) for _ in range(3))
    img = page.transform((pw, ph), Image.PERSPECTIVE, coeffs, Image.BICUBIC, fillcolor=bezel)
    a = np.asarray(img).astype(np.float32)
    # the screen's black is grey, its white not white; a colour cast
    black, white = rng.uniform(12, 45), rng.uniform(205, 245)
    a = black + (white - black) * a / 255.0
    a *= np.array([rng.uniform(0.94, 1.04), rng.uniform(0.96, 1.03), rng.uniform(0.95, 1.06)], np.float32)
    # uneven light: a linear gradient across the picture and a vignette
    yy, xx = np.mgrid[0:ph, 0:pw].astype(np.float32)
    ang = rng.uniform(0, 2 * math.pi)
    grad = ((xx / pw - 0.5) * math.cos(ang) + (yy / ph - 0.5) * math.sin(ang))
    amp = rng.uniform(0.12, 0.30)
    r2 = ((xx - cx) / pw) ** 2 + ((yy - cy) / ph) ** 2
    vig = rng.uniform(0.1, 0.3)
    light = (1 + amp * grad - vig * r2)
    # a soft glare of a lamp on the screen
    gx, gy = rng.uniform(0.2, 0.8) * pw, rng.uniform(0.2, 0.8) * ph
    glare = rng.uniform(0.0, 0.18) * np.exp(-(((xx - gx) / (0.25 * pw)) ** 2 + ((yy - gy) / (0.25 * ph)) ** 2))
    a = a * light[..., None] + 255 * glare[..., None]
    img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    blur = rng.uniform(0.5, 1.3)
    img = img.filter(ImageFilter.GaussianBlur(blur))
    a = np.asarray(img).astype(np.float32)
    noise = rng.uniform(3, 8)
    nrng = np.random.default_rng(rng.randrange(2 ** 32))
    a += nrng.normal(0, noise, (ph, pw, 1)).astype(np.float32)          # luminance
    a += nrng.normal(0, noise / 2, (ph, pw, 3)).astype(np.float32)      # colour
    Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)).save(out_jpg, quality=60)
    return {"width": pw, "height": ph, "tilt": round(tilt, 2), "keystone": round(keystone * sgn, 3),
            "keystone_axis": "vertical" if vertical else "horizontal", "blur": round(blur, 2),
            "noise": round(noise, 1), "light": round(amp, 2), "quality": 60}


# ---------------------------------------------------------------- main

def keyjson(key):
    row, col = key
    d = {"han": None, "fu": None, "limit": None, "column": col}
    if row[0] == "c":
        d["han"], d["fu"] = row[1], row[2]
    else:
        d["limit"] = row[1]
    return d


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("outdir")
    ap.add_argument("--count", type=int, default=8)
    ap.add_argument("--tensu", default=os.environ.get("TENSU", os.path.join(REPO, "build", "tensu")))
    ap.add_argument("--html-only", action="store_true", help="no screenshot, no photo")
    ap.add_argument("--only", default="", help="layouts to make, by name, comma-separated")
    args = ap.parse_args(argv)
    os.environ.setdefault("TENSU_DATA_DIR", REPO)
    os.makedirs(args.outdir, exist_ok=True)
    if not args.html_only and chromium() is None:
        print("make.py: chromium is not installed (scripts/deps installs it)", file=sys.stderr)
        return 77
    only = [x for x in args.only.split(",") if x]
    for x in only:
        if x not in LAYOUT_NAMES:
            sys.exit(f"make.py: no layout '{x}' (layouts: {', '.join(LAYOUT_NAMES)})")
    engines = {}

    def engine(preset, sets=()):
        k = (preset, tuple(sets))
        if k not in engines:
            engines[k] = Engine(args.tensu, preset, sets)
        return engines[k]

    made = 0
    i = 0
    while made < args.count:
        li = (i + args.seed) % len(LAYOUTS)
        i += 1
        lname, fn, fonts, seps, width = LAYOUTS[li]
        if only and lname not in only:
            if i > 1000:
                break
            continue
        rng = random.Random(f"tensu-gallery:{args.seed}:{i - 1}")
        # a third of each layout's charts under a kiriage preset, in turn
        kiriage = (li + (i - 1) // len(LAYOUTS)) % 3 == 0
        if lname == "sanma":
            preset = "tenhou-sanma"
        elif lname == "japanese":
            preset = "mleague" if kiriage else "tenhou"
        else:
            preset = rng.choice(KIRIAGE_PRESETS) if kiriage else "tenhou"
        eng = engine(preset)
        alt = engine(preset, ["kiriage=" + ("no" if eng.kiriage == "yes" else "yes")])
        style = Style(rng, fonts, seps)
        lay_seed = rng.randrange(2 ** 32)
        # a dry run: what the layout prints; then the plants among it
        dry = Page(eng, style)
        fn(dry, random.Random(lay_seed))
        n = weighted(rng, [(0, 2), (1, 3), (2, 3), (3, 2), (4, 2)])
        plants = choose_plants(rng, eng, alt, dry.printed, n, lname == "sanma")
        page = Page(eng, style, plants)
        title, text = fn(page, random.Random(lay_seed))
        assert page.printed == dry.printed
        name = f"g{args.seed}-{i - 1:02d}-{lname}"
        self_check(text, page, name)
        base = os.path.join(args.outdir, name)
        with open(base + ".html", "w", encoding="utf-8") as fh:
            fh.write(text)
        by_col = {}
        for _, col in page.printed:
            by_col[col] = by_col.get(col, 0) + 1
        truth = {
            "name": name, "layout": lname, "imitates": fn.__doc__.split("\n")[0].strip(),
            "preset": preset,
            "variant": {"kiriage": eng.kiriage, "players": eng.players},
            "cells": len(page.printed), "cells_by_column": by_col,
            "planted": [dict(keyjson(k), printed=v["printed"], true=v["true"], kind=v["kind"])
                        for k, v in sorted(plants.items(), key=lambda kv: page.printed.index(kv[0]))],
            "files": {"html": name + ".html"},
            "style": {"font": style.font, "font_size": style.fs, "border": style.bw,
                      "grouping": style.sep, "no_25_fu_row": style.skip25},
        }
        if not args.html_only:
            prng = random.Random(f"tensu-gallery-picture:{args.seed}:{i - 1}")
            dpr = weighted(prng, [(1, 6), (1.5, 1), (2, 3)])
            size = shoot(base + ".html", base + ".png", width, dpr)
            truth["files"]["png"] = name + ".png"
            truth["screenshot"] = {"dpr": dpr, "width": size[0], "height": size[1]}
            src = base + ".png"
            if dpr < 2:
                src = base + ".src2x.png"
                shoot(base + ".html", src, width, 2)
            truth["photo"] = photo(src, base + ".photo.jpg", prng)
            truth["files"]["photo"] = name + ".photo.jpg"
            if src != base + ".png":
                os.remove(src)
        with open(base + ".truth.json", "w", encoding="utf-8") as fh:
            json.dump(truth, fh, indent=1, ensure_ascii=False)
            fh.write("\n")
        print(f"{name}: {preset}, {len(page.printed)} cells, {len(plants)} planted", flush=True)
        made += 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
