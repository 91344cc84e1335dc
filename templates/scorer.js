/* The scorer of the phone page (tensu sheets --format html --with-scorer):
 * tiles tapped in, the result of the same C engine as `tensu score`, built
 * to WebAssembly (src/wasm/scorer.c), out.  Works offline: the engine, the
 * tile pictures and the words are in the page.  Set before this script:
 *   TENSU = {tiles: {"1m": "<svg ...>", ..., "0m": red five}, L: catalog
 *   strings, rules: {preset: NAME, set: {KEY: VALUE, ...}}, players: 4 or 3, chi: may a
 *   run be called (the engine's tensu_chi_allowed),
 *   group: thousands separator, groupMin: 1000}
 * and the engine's factory TensuScorer (emscripten, MODULARIZE).  The engine
 * takes the record itself, as JSON text, and reads it with the reader of
 * `tensu score --jsonl`; the page's --set values go in its "rules".
 * For tests and other pages: tensuReady (a promise), tensuScoreText(record
 * [, preset]) gives the result line of `tensu score --jsonl [--rules preset]`
 * for a record of shared/formats/hands.md, byte for byte (with a preset, the
 * page's --set values are left out); tensuScore(record) parses it. */
(function () {
  'use strict';
  var T = window.TENSU, L = T.L, engine = null;
  var FLAGS = ['riichi', 'double_riichi', 'ippatsu', 'haitei', 'houtei', 'rinshan', 'chankan',
               'tenhou', 'chiihou', 'renhou'];
  var WINDS = T.players === 3 ? ['E', 'S', 'W'] : ['E', 'S', 'W', 'N'];
  var st = {hand: [], melds: [], dora: [], ura: [], to: 'hand', tsumo: false, seat: 'S',
            round: 'E', flags: {}, honba: 0, riichi_sticks: 0, nukidora: 0, done: []};

  function t(key, vars) {
    var s = L[key];
    if (s === undefined) return key;
    return s.replace(/\{(\w+)\}/g, function (m, k) { return vars && k in vars ? vars[k] : m; });
  }
  function amount(v) {
    var s = String(v);
    if (typeof v !== 'number' || v < T.groupMin) return s;
    return s.replace(/\B(?=(\d{3})+(?!\d))/g, T.group);
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  /* ---- the engine ---- */

  /* the record as JSON text, the page's --set values first in its "rules"
   * (a record's "rules" that is not an object goes as it is: refused) */
  function text(rec, preset) {
    var set = preset ? {} : T.rules.set, own = rec.rules, out = {}, rules = {}, k;
    if (!Object.keys(set).length ||
        (own != null && (typeof own !== 'object' || Array.isArray(own))))
      return JSON.stringify(rec);
    for (k in rec) out[k] = rec[k];
    for (k in set) rules[k] = set[k];
    if (own) for (k in own) { delete rules[k]; rules[k] = own[k]; }
    out.rules = rules;
    return JSON.stringify(out);
  }
  window.tensuScoreText = function (rec, preset) {
    return engine(preset || T.rules.preset, text(rec, preset));
  };
  window.tensuScore = function (rec, preset) { return JSON.parse(window.tensuScoreText(rec, preset)); };

  /* ---- tiles ---- */

  function img(tile) {
    var i = new Image();
    i.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(T.tiles[tile]);
    i.alt = tile[0] === '0' ? '5' + tile[1] + ' ' + t('scorer.red') : tile;
    i.className = 'sc-t';
    return i;
  }
  function digit(tile) { return tile[0] === '0' ? 5 : +tile[0]; }
  function order(a, b) {
    var s = 'mpsz', d = s.indexOf(a[1]) - s.indexOf(b[1]);
    return d || digit(a) - digit(b) || (a[0] === '0' ? -1 : b[0] === '0' ? 1 : 0);
  }
  function meldTiles(type, tile) {
    var d = digit(tile), s = tile[1];
    if (type === 'chi') return [tile, (d + 1) + s, (d + 2) + s];
    var n = type === 'pon' ? 3 : 4, out = [tile];
    while (out.length < n) out.push(d + s);
    return out;
  }
  function used(tile) {
    var all = st.hand.concat(st.dora, st.ura), n = 0, d = digit(tile), s = tile[1];
    st.melds.forEach(function (m) { all = all.concat(m.tiles); });
    all.forEach(function (x) { if (x[1] === s && digit(x) === d) n++; });
    if (tile[1] === 'z' && d === 4) n += st.nukidora;
    return n;
  }
  function redUsed(tile) {
    var all = st.hand.concat(st.dora, st.ura);
    st.melds.forEach(function (m) { all = all.concat(m.tiles); });
    return all.indexOf(tile) >= 0;
  }
  function need() { return 14 - 3 * st.melds.length - st.hand.length; }

  function tap(tile) {
    var to = st.to, tiles;
    if (to === 'hand') {
      if (need() <= 0 || used(tile) >= 4 || (tile[0] === '0' && redUsed(tile))) return;
      st.hand.push(tile);
    } else if (to === 'dora' || to === 'ura') {
      if (st[to].length >= 5 || used(tile) >= 4 || (to === 'ura' && st.ura.length >= st.dora.length)) return;
      st[to].push(tile);
    } else {
      if (st.melds.length >= 4 || need() < 3 + (st.hand.length ? 0 : 0)) return;
      if (to === 'chi' && (tile[1] === 'z' || digit(tile) > 7)) return;
      tiles = meldTiles(to, tile);
      for (var i = 0; i < tiles.length; i++) if (used(tiles[i]) + 1 > 4) return;
      st.melds.push({type: to, tiles: tiles});
      st.to = 'hand'; /* one call, then the hand's tiles again */
    }
    st.done.push(to);
    draw();
  }
  function undo() {
    var to = st.done.pop();
    if (!to) return;
    if (to === 'hand' || to === 'dora' || to === 'ura') st[to].pop(); else st.melds.pop();
    draw();
  }
  function clear() {
    st.hand = []; st.melds = []; st.dora = []; st.ura = []; st.done = [];
    draw();
  }

  /* ---- the page ---- */

  var ui = {};
  function button(label, on, cls) {
    var b = el('button', cls, label);
    b.type = 'button';
    b.addEventListener('click', on);
    return b;
  }
  function build(root) {
    root.appendChild(el('h2', null, t('scorer.title')));
    root.appendChild(el('p', 'sc-note', t('scorer.intro')));
    ui.hand = root.appendChild(el('div', 'sc-hand'));
    ui.hand.setAttribute('aria-live', 'polite');
    ui.to = root.appendChild(el('div', 'sc-to'));
    ui.to.setAttribute('role', 'radiogroup');
    ui.to.setAttribute('aria-label', t('scorer.to'));
    ['hand', 'chi', 'pon', 'minkan', 'ankan', 'dora', 'ura'].forEach(function (m) {
      if (m === 'chi' && !T.chi) return; /* the engine's word (no chi with three players) */
      var b = button(t('scorer.to.' + m), function () { st.to = m; draw(); });
      b.setAttribute('role', 'radio');
      b.dataset.to = m;
      ui.to.appendChild(b);
    });
    ui.pal = root.appendChild(el('div', 'sc-pal'));
    Object.keys(T.tiles).sort(order).forEach(function (tile) {
      var b = button('', function () { tap(tile); }, 'sc-tile');
      b.dataset.tile = tile;
      b.setAttribute('aria-label', tile[0] === '0' ? '5' + tile[1] + ' ' + t('scorer.red') : tile);
      b.appendChild(img(tile));
      ui.pal.appendChild(b);
    });
    var ctl = root.appendChild(el('div', 'sc-ctl'));
    ctl.appendChild(button(t('scorer.undo'), undo));
    ctl.appendChild(button(t('scorer.clear'), clear));
    ui.sit = root.appendChild(el('div', 'sc-sit'));
    var how = ui.sit.appendChild(el('div', 'sc-how'));
    how.setAttribute('role', 'radiogroup');
    [false, true].forEach(function (ts) {
      var b = button(t(ts ? 'quiz.tsumo' : 'quiz.ron'), function () { st.tsumo = ts; draw(); });
      b.setAttribute('role', 'radio');
      b.dataset.tsumo = ts ? '1' : '0';
      how.appendChild(b);
    });
    ['seat', 'round'].forEach(function (w) {
      var lab = ui.sit.appendChild(el('label', null, t('scorer.' + w) + ' ')), s = el('select');
      WINDS.forEach(function (x) {
        /* a seat's East is the dealer; a round's is not */
        var o = el('option', null, t((w === 'seat' ? 'scorer.wind.' : 'scorer.round.wind.') + x));
        o.value = x;
        s.appendChild(o);
      });
      s.value = st[w];
      s.addEventListener('change', function () { st[w] = s.value; draw(); });
      lab.appendChild(s);
      ui[w] = s;
    });
    ['riichi', 'double_riichi', 'ippatsu', 'haitei', 'houtei', 'rinshan', 'chankan'].forEach(
      function (f) {
        var lab = ui.sit.appendChild(el('label', 'sc-flag')), c = el('input');
        c.type = 'checkbox';
        c.addEventListener('change', function () { st.flags[f] = c.checked; draw(); });
        lab.appendChild(c);
        lab.appendChild(document.createTextNode(' ' + t('scorer.flag.' + f)));
      });
    [['honba', 100], ['riichi_sticks', 100]].concat(T.players === 3 ? [['nukidora', 4]] : [])
      .forEach(function (p) {
      var lab = ui.sit.appendChild(el('label', null, t('scorer.' + p[0]) + ' ')), n = el('input');
      n.type = 'number'; n.min = 0; n.max = p[1]; n.value = 0; n.inputMode = 'numeric';
      n.addEventListener('input', function () {
        st[p[0]] = Math.max(0, Math.min(p[1], parseInt(n.value, 10) || 0)); draw();
      });
      lab.appendChild(n);
    });
    ui.out = root.appendChild(el('div', 'sc-out'));
    ui.out.setAttribute('aria-live', 'polite');
  }

  function record() {
    var conc = st.hand.slice(0, -1).sort(order), rec = {
      hand: conc.join(''), win: st.hand[st.hand.length - 1],
      melds: st.melds.map(function (m) { return {type: m.type, tiles: m.tiles.join('')}; }),
      tsumo: st.tsumo, seat: st.seat, round: st.round, dora: st.dora, ura: st.ura,
      honba: st.honba, riichi_sticks: st.riichi_sticks, nukidora: st.nukidora};
    FLAGS.forEach(function (f) { if (st.flags[f]) rec[f] = true; });
    return rec;
  }

  function row(parent, label, tiles, cls) {
    var r = parent.appendChild(el('div', 'sc-line ' + (cls || '')));
    if (label) r.appendChild(el('span', 'sc-lab', label));
    tiles.forEach(function (x, i) {
      var im = img(x);
      if (cls === 'sc-conc') {
        var b = button('', function () { removeAt(i); }, 'sc-in');
        b.setAttribute('aria-label', t('scorer.remove', {tile: im.alt}));
        b.appendChild(im);
        r.appendChild(b);
      } else {
        r.appendChild(im);
      }
    });
    return r;
  }
  function removeAt(i) {
    /* the tiles are shown sorted with the winning tile last: find it */
    var shown = st.hand.slice(0, -1).sort(order).concat(st.hand.slice(-1));
    var x = shown[i], k = st.hand.lastIndexOf(x);
    if (k >= 0) st.hand.splice(k, 1);
    st.done.splice(st.done.lastIndexOf('hand'), 1);
    draw();
  }

  function result(res) {
    var o = ui.out, p;
    o.textContent = '';
    if (!res.ok) {
      var e = res.error;
      o.appendChild(el('p', 'sc-err', e === 'not_agari' ? t('scorer.not_agari')
                       : e === 'no_yaku' ? t('scorer.no_yaku')
                       : t('scorer.invalid') + ' ' + e.replace(/^invalid_input: /, '')));
      return;
    }
    o.appendChild(el('p', 'sc-read', t('score.reading') + t('scorer.colon') +
                     t('card.reading.' + (res.shape === 'standard' ? res.wait : res.shape))));
    var ul = o.appendChild(el('ul', 'sc-yaku'));
    res.yaku_detail.forEach(function (y) {
      ul.appendChild(el('li', null, t('yaku.' + y.name) + ' \u2014 ' +
                        (y.yakuman ? (y.yakuman > 1 ? t('limit.multi', {n: y.yakuman})
                                                    : t('limit.yakuman')) : y.han + ' han')));
    });
    [['dora', 'scorer.dora'], ['aka', 'scorer.aka'], ['ura', 'scorer.ura']].forEach(function (d) {
      if (res.dora[d[0]] && !res.yakuman)
        ul.appendChild(el('li', null, t(d[1]) + ' \u2014 ' + res.dora[d[0]] + ' han'));
    });
    if (!res.yakuman) {
      var fu = o.appendChild(el('ul', 'sc-fu'));
      res.fu_detail.forEach(function (f) {
        var m = /^(.*?)(?: ([0-9]+[mpsz]))?$/.exec(f.reason);
        var words = L['fu.reason.' + m[1]] || m[1];
        fu.appendChild(el('li', null, words + (m[2] ? ' ' + m[2] : '') + ' \u2014 ' + f.fu + ' fu'));
      });
    }
    var head = res.yakuman ? '' : res.han + ' han ' + res.fu + ' fu';
    if (res.limit) {
      var lim = /^([0-9]+)x_yakuman$/.exec(res.limit);
      head += (head ? ' \u2014 ' : '') + (lim ? t('limit.multi', {n: lim[1]}) : t('limit.' + res.limit));
    }
    o.appendChild(el('p', 'sc-total', head));
    p = res.payment;
    var pay = p.pao !== undefined ? t('scorer.pao', {seat: t('scorer.wind.' + p.pao_seat), pao: amount(p.pao)}) +
              (p.ron !== undefined ? '; ' + t('score.pay.ron') + ' ' + amount(p.ron) : '')
            : p.ron !== undefined ? t('score.pay.ron') + ' ' + amount(p.ron)
            : p.dealer !== undefined ? t('html.tsumo.nondealer', {nd: amount(p.non_dealer), d: amount(p.dealer),
                                                                   nd_payer: T.ndPayer})
            : t('score.pay.each') + ' ' + amount(p.non_dealer);
    o.appendChild(el('p', 'sc-pay', pay));
    o.appendChild(el('p', 'sc-gets', t('score.receives') + ' ' + amount(res.total_with_sticks) +
                     (st.riichi_sticks > 0 ? ' ' + t('scorer.with_sticks', {n: st.riichi_sticks})
                                           : '')));
  }

  function draw() {
    var h = ui.hand, n = need();
    h.textContent = '';
    var conc = st.hand.slice(0, -1).sort(order), win = st.hand.slice(-1);
    var line = row(h, '', conc.concat(win), 'sc-conc');
    if (win.length) line.lastChild.classList.add('sc-win');
    st.melds.forEach(function (m) { row(h, t('scorer.to.' + m.type), m.tiles, 'sc-meld'); });
    if (st.dora.length) row(h, t('scorer.to.dora'), st.dora);
    if (st.ura.length) row(h, t('scorer.to.ura'), st.ura);
    h.appendChild(el('p', 'sc-need', n > 0 ? t('scorer.need', {n: n}) : t('scorer.win')));
    Array.prototype.forEach.call(ui.to.children, function (b) {
      b.setAttribute('aria-checked', b.dataset.to === st.to ? 'true' : 'false');
    });
    Array.prototype.forEach.call(document.querySelectorAll('.sc-how button'), function (b) {
      b.setAttribute('aria-checked', (b.dataset.tsumo === '1') === st.tsumo ? 'true' : 'false');
    });
    Array.prototype.forEach.call(ui.pal.children, function (b) {
      var x = b.dataset.tile;
      b.disabled = used(x) >= 4 || (x[0] === '0' && redUsed(x));
    });
    if (n === 0 && engine) {
      result(window.tensuScore(record()));
      /* the payment in sight, under the tiles just tapped */
      if (ui.out.scrollIntoView) ui.out.scrollIntoView({block: 'nearest'});
    }
    else ui.out.textContent = '';
  }

  window.tensuReady = window.TensuScorer().then(function (m) {
    engine = m.cwrap('tensu_wasm_score', 'string', ['string', 'string']);
    var root = document.getElementById('scorer');
    build(root);
    root.hidden = false;
    draw();
  });
})();
