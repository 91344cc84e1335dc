/* Worksheets: the exercises on the learner's pages (the hand as it lies on
 * the table, its winning tile and dora indicator drawn and named, the
 * situation, the question, lines to answer on), and the key on pages of
 * its own with the working: every fu with its reason, the rounding, the
 * han of each yaku, the formula line, honba and sticks, and what each trap
 * is.  The answers are the scorer's and the engine's (tensu_quiz_make);
 * the pages take as many exercises as fit ("flow" in the templates). */
#include "sheet.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double num(json_t *b, const char *key, double dflt)
{
    json_t *v = json_object_get(b, key);
    return json_is_number(v) ? json_number_value(v) : dflt;
}

static const char wind_codes[] = "ESWN";

void quiz_vars(sheet_ctx *c, const tensu_quiz_spec *q)
{
    char key[64];
    snprintf(key, sizeof key, "quiz.kind.%s", tensu_quiz_kind_name(q->kind));
    var_set(c->vars, "quiz_kind", "%s", cat_str(c, key));
    var_set(c->vars, "quiz_level", "%d", q->level);
    var_set(c->vars, "quiz_count", "%d", q->count);
    var_set(c->vars, "quiz_seed", "%llu", (unsigned long long)q->seed);
}

/* Append text to a fixed line. */
static void cat_line(char *line, size_t size, size_t *len, const char *sep, const char *text)
{
    if (*len < size)
        *len += (size_t)snprintf(line + *len, size - *len, "%s%s", *len ? sep : "", text);
}

/* "Ron · you are South · East round · riichi" and, for a payment, the
 * honba and riichi sticks on the table (said even when there are none). */
static char *situation(sheet_ctx *c, const tensu_exercise *e)
{
    char line[512] = "", key[64];
    size_t len = 0;
    const tensu_hand *h = &e->hand;
    const char *sep = cat_str(c, "quiz.sep");
    cat_line(line, sizeof line, &len, sep, cat_str(c, h->tsumo ? "quiz.tsumo" : "quiz.ron"));
    snprintf(key, sizeof key, "quiz.seat.%c", wind_codes[h->seat]);
    cat_line(line, sizeof line, &len, sep, cat_str(c, key));
    snprintf(key, sizeof key, "quiz.round.%c", wind_codes[h->round]);
    cat_line(line, sizeof line, &len, sep, cat_str(c, key));
    if (h->riichi)
        cat_line(line, sizeof line, &len, sep, cat_str(c, "quiz.riichi"));
    if (e->kind == TENSU_QUIZ_PAYMENT) {
        json_t *v = json_object();
        char *s;
        var_set(v, "n", "%d", h->honba);
        s = cat_expand(c, h->honba ? "quiz.counters.honba" : "quiz.counters.honba.0", v);
        cat_line(line, sizeof line, &len, sep, s);
        free(s);
        var_set(v, "n", "%d", h->sticks);
        /* in riichi, the winner's own stick is among them: said */
        snprintf(key, sizeof key, "quiz.counters.sticks.%s%s",
                 h->sticks == 0 ? "0" : h->sticks == 1 ? "1" : "n",
                 h->riichi && h->sticks > 0 ? ".own" : "");
        s = cat_expand(c, key, v);
        cat_line(line, sizeof line, &len, sep, s);
        free(s);
        json_decref(v);
    }
    {
        char *s = malloc(len + 1);
        if (s)
            memcpy(s, line, len + 1);
        return s;
    }
}

static void who_how(sheet_ctx *c, json_t *v, bool dealer, bool tsumo)
{
    var_set(v, "who", "%s", cat_str(c, dealer ? "word.dealer" : "word.nondealer"));
    var_set(v, "how", "%s", cat_str(c, tsumo ? "word.tsumo" : "word.ron"));
}

/* A small label centred under [x, x + w], its top at y; its height. */
static double label_under(sheet_ctx *c, double x, double w, double y, double size,
                          const char *text)
{
    double s = size * c->scale, tw = text_width(c, TENSU_FONT_REGULAR, s, text);
    double lx = x + w / 2 - tw / 2;
    if (lx < x - 40 * c->scale)
        lx = x - 40 * c->scale;
    put_text(c, lx, y + s * 0.93, tw + 1, 'l', TENSU_FONT_REGULAR, s, 0.35, text);
    return s * 1.2;
}

/* The hand as it lies on the table, "winning tile" under the tile set
 * apart, and at the right the dora indicator drawn as a tile (in the key:
 * the indicator, an arrow and the dora it shows).  Returns the height. */
static double exercise_hand(sheet_ctx *c, const tensu_exercise *e, double x, double y,
                            double width, double th, double label, bool key)
{
    const tensu_hand *h = &e->hand;
    size_t n0 = c->page->n;
    double hh = hand_height(h, th), w = draw_hand(c, h, x, y, th), lh = 0;
    double tile_top = y + hh - th, below = y + hh + 1.5 * c->scale;
    double win_x = x, win_w = 0, gap = th * 0.6, dx, dw = 0, adv = th * 0.75;
    char *t;
    for (size_t i = n0; i < c->page->n; i++) {
        const tensu_item *it = &c->page->items[i];
        if (it->tag && strncmp(it->tag, "tile.win", 8) == 0) {
            win_x = it->x;
            win_w = it->w;
            adv = it->w;
        }
    }
    if (win_w > 0)
        lh = label_under(c, win_x, win_w, below, label, cat_str(c, "quiz.label.win"));
    /* the indicators: measured, then set at the right edge */
    dw = h->ndora * adv + (key ? adv * 2 + 14 * c->scale : 0);
    t = cat_expand(c, key ? "quiz.label.dora.key" : h->ndora > 1 ? "quiz.label.dora.n"
                                                                 : "quiz.label.dora",
                   NULL);
    {
        double tw = text_width(c, TENSU_FONT_REGULAR, label * c->scale, t);
        double room = dw > tw ? dw : tw;
        double win_end = win_x + win_w / 2 + text_width(c, TENSU_FONT_REGULAR, label * c->scale,
                                                        cat_str(c, "quiz.label.win")) / 2;
        dx = x + width - room + (room - dw) / 2;
        if (dx < x + w + gap || dx < win_end + gap) /* never over the hand or its label */
            dx = (x + w > win_end ? x + w : win_end) + gap;
        {
            double px = dx;
            for (int i = 0; i < h->ndora; i++)
                px += draw_tile(c, h->dora[i], false, px, tile_top, th) + 1.5 * c->scale;
            if (key) {
                double as = th * 0.55;
                put_text(c, px, tile_top + th * 0.5 + as * 0.35, 14 * c->scale, 'c',
                         TENSU_FONT_REGULAR, as, 0, "\u2192");
                px += 14 * c->scale;
                for (int i = 0; i < h->ndora; i++)
                    px += draw_tile(c, tensu_dora_tile(c->rules, h->dora[i]), false, px, tile_top,
                                    th) +
                          1.5 * c->scale;
            }
            {
                double l2 = label_under(c, dx, px - dx, below, label, t);
                if (l2 > lh)
                    lh = l2;
            }
        }
    }
    free(t);
    return hh + 1.5 * c->scale + lh;
}

/* The lines to answer on: each label with a line to write on, side by
 * side when the lines stay long enough, else one under the other. */
static double answer_fields(sheet_ctx *c, const char *const *keys, int n, double x, double y,
                            double width, double size)
{
    double s = size * c->scale, pad = 4 * c->scale, sep = 12 * c->scale, least = 90 * c->scale;
    double lw[4], sum = 0, most = 0, line, h = 0, fx = x;
    bool row;
    for (int i = 0; i < n; i++) {
        lw[i] = text_width(c, TENSU_FONT_REGULAR, s, cat_str(c, keys[i]));
        sum += lw[i];
        most = lw[i] > most ? lw[i] : most;
    }
    line = (width - sum - n * pad - (n - 1) * sep) / n;
    row = line >= least;
    for (int i = 0; i < n; i++) {
        double base = y + h + s * 0.93 + 4 * c->scale, end;
        double lx = fx + lw[i] + pad;
        if (!row) { /* the lines one under the other, begun at one place */
            fx = x;
            lx = x + most + pad;
            line = width * 0.62 - most - pad;
        }
        put_text(c, fx, base, lw[i] + 1, 'l', TENSU_FONT_REGULAR, s, 0, cat_str(c, keys[i]));
        end = lx + line;
        page_line(c->page, lx, base + s * 0.15, end, base + s * 0.15, 0.5 * c->scale, 0.4);
        fx = end + sep;
        if (!row || i == n - 1)
            h += s * 1.4 + 4 * c->scale;
    }
    return h;
}

/* The fields an exercise asks for. */
static int fields_of(const tensu_exercise *e, const tensu_rules *r, const char **keys)
{
    switch (e->kind) {
    case TENSU_QUIZ_FU: keys[0] = "quiz.field.fu"; return 1;
    case TENSU_QUIZ_HAN:
        keys[0] = "quiz.field.yaku";
        keys[1] = "quiz.field.han";
        return 2;
    case TENSU_QUIZ_TABLE:
        if (!e->tsumo) {
            keys[0] = "quiz.field.ron";
            return 1;
        }
        if (e->dealer) {
            keys[0] = "quiz.field.each";
            keys[1] = "quiz.field.total";
            return 2;
        }
        keys[0] = "quiz.field.dealer";
        keys[1] = r->players == 3 ? "quiz.field.other" : "quiz.field.each";
        keys[2] = "quiz.field.total";
        return 3;
    default:
        keys[0] = "quiz.field.han";
        keys[1] = "quiz.field.fu";
        keys[2] = "quiz.field.total";
        return 3;
    }
}

/* The exercise number in the margin. */
static void number(sheet_ctx *c, int i, double x, double y, double ind, double size)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%d.", i + 1);
    put_text(c, x, y + size * c->scale * 0.93, ind, 'l', TENSU_FONT_BOLD, size * c->scale, 0, buf);
}

/* Flowing pages: does the exercise just drawn overrun the page?  Then it
 * is taken off and the page ends before it. */
static bool overrun(sheet_ctx *c, int i, double y_end, size_t mark)
{
    if (!c->quiz_flow || i == c->quiz_from || y_end <= c->quiz_bottom)
        return false;
    page_truncate(c->page, mark);
    c->quiz_to = i;
    return true;
}

double block_quiz_sheet(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    double size = num(b, "size", 10), h = 0, ind = 22 * c->scale;
    double label = num(b, "label", 7.5), gap = num(b, "gap", 10) * c->scale;
    int to = c->quiz_to;
    for (int i = c->quiz_from; i < to && c->status == TENSU_OK; i++) {
        const tensu_exercise *e = &c->quiz[i];
        json_t *v = json_object();
        char key[64], *t;
        const char *fields[3];
        size_t mark = c->page->n;
        double h0 = h;
        int nf;
        if (i > c->quiz_from)
            h += gap;
        number(c, i, x, y + h, ind, size);
        snprintf(key, sizeof key, "quiz.ask.%s", tensu_quiz_kind_name(e->kind));
        if (e->kind == TENSU_QUIZ_TABLE) {
            var_set(v, "han", "%d", e->han);
            var_set(v, "fu", "%d", e->fu);
            who_how(c, v, e->dealer, e->tsumo);
        }
        t = cat_expand(c, key, v);
        h += flow_text(c, x + ind, y + h, width - ind, size, TENSU_FONT_REGULAR, 0, t, 0);
        free(t);
        if (e->kind != TENSU_QUIZ_TABLE) {
            char *sit = situation(c, e);
            h += 4 * c->scale;
            h += exercise_hand(c, e, x + ind, y + h, width - ind, num(b, "tile", 22) * c->scale,
                               label, false);
            h += 2 * c->scale;
            if (sit)
                h += flow_text(c, x + ind, y + h, width - ind, size, TENSU_FONT_REGULAR, 0, sit,
                               0);
            free(sit);
        }
        nf = fields_of(e, c->rules, fields);
        h += answer_fields(c, fields, nf, x + ind, y + h, width - ind, size);
        json_decref(v);
        if (overrun(c, i, y + h, mark)) {
            h = h0;
            break;
        }
    }
    return h;
}

/* The fu working: each fu with its reason, the sum and the rounding
 * (also the picture of tensu score --draw). */
double fu_working(sheet_ctx *c, const tensu_score_result *s, double x, double y, double width,
                  double size)
{
    double h = 0, lh = size * c->scale * 1.28;
    char key[160], buf[64];
    json_t *v;
    char *t;
    for (int i = 0; i < s->nfu; i++) {
        const char *reason;
        tensu_font_role f = TENSU_FONT_REGULAR;
        snprintf(key, sizeof key, "fu.reason.%s", tensu_fu_reason_id(s->fu_detail[i].reason));
        reason = cat_str(c, key);
        /* a long reason in a narrow card: condensed rather than under the least size */
        if (text_width(c, f, size * c->scale, reason) > width * 0.86)
            f = TENSU_FONT_CONDENSED;
        put_text(c, x, y + h + size * c->scale * 0.93, width * 0.86, 'l', f, size * c->scale, 0,
                 reason);
        snprintf(buf, sizeof buf, "%s%d", i ? "+" : "", s->fu_detail[i].fu);
        put_text(c, x + width * 0.86, y + h + size * c->scale * 0.93, width * 0.14, 'r',
                 TENSU_FONT_REGULAR, size * c->scale, 0, buf);
        h += lh;
    }
    v = json_object();
    var_set(v, "raw", "%d", s->fu_raw);
    var_set(v, "fu", "%d", s->fu);
    t = cat_expand(c, s->shape == TENSU_SHAPE_CHIITOITSU ? "quiz.key.fu.flat"
                      : s->fu_raw == s->fu               ? "quiz.key.fu.exact"
                                                         : "quiz.key.fu.round",
                   v);
    h += flow_text(c, x, y + h, width, size, TENSU_FONT_REGULAR, 0, t, 0);
    free(t);
    json_decref(v);
    return h;
}

/* A yaku's name in the catalog's words: the short form when there is one
 * ("Yakuhai (green dragon)"), else the name, else the romaji name. */
static void yaku_words(sheet_ctx *c, const char *name, char *out, size_t size)
{
    char key[96];
    snprintf(key, sizeof key, "yaku.short.%s", name);
    if (!cat_has(c, key))
        snprintf(key, sizeof key, "yaku.%s", name);
    if (cat_has(c, key)) {
        snprintf(out, size, "%s", cat_str(c, key));
    } else { /* "menzen_tsumo" -> "menzen tsumo" */
        snprintf(out, size, "%s", name);
        for (char *q = out; *q; q++)
            if (*q == '_')
                *q = ' ';
    }
}

/* The han working as a sum: "Riichi 1 + Yakuhai (green dragon) 1 + dora 2
 * + aka 1 = 5 han"; dora, red fives, ura dora and the North tiles set aside
 * (nukidora of them, counted among the dora by the scorer) each apart. */
double han_working(sheet_ctx *c, const tensu_score_result *s, int nukidora, double x, double y,
                   double width, double size)
{
    char line[1024] = "", nm[96];
    size_t len = 0;
    json_t *v = json_object();
    char *t;
    const char *plus = cat_str(c, "quiz.key.plus");
    for (int i = 0; i < s->nyaku; i++) {
        json_t *y2 = json_object();
        char *item;
        yaku_words(c, s->yaku[i].name, nm, sizeof nm);
        var_set(y2, "name", "%s", nm);
        var_set(y2, "han", "%d", s->yaku[i].han);
        var_set(y2, "n", "%d", s->yaku[i].yakuman);
        item = cat_expand(c, s->yaku[i].yakuman > 0 ? "quiz.key.yaku.yakuman" : "quiz.key.yaku",
                          y2);
        cat_line(line, sizeof line, &len, plus, item);
        free(item);
        json_decref(y2);
    }
    if (s->yakuman == 0) {
        static const char *const keys[4] = {"quiz.key.dora", "quiz.key.aka", "quiz.key.ura",
                                            "quiz.key.nukidora"};
        int nuki = nukidora < 0 ? 0 : nukidora > s->dora ? s->dora : nukidora;
        int n[4] = {s->dora - nuki, s->aka, s->ura, nuki};
        for (int k = 0; k < 4; k++) {
            json_t *d;
            char *item;
            if (n[k] == 0)
                continue;
            d = json_object();
            var_set(d, "n", "%d", n[k]);
            item = cat_expand(c, keys[k], d);
            cat_line(line, sizeof line, &len, plus, item);
            free(item);
            json_decref(d);
        }
    }
    var_set(v, "yaku", "%s", line);
    var_set(v, "han", "%d", s->han);
    var_set(v, "n", "%d", s->yakuman);
    t = cat_expand(c, s->yakuman > 0 ? "quiz.key.han.yakuman" : "quiz.key.han", v);
    json_decref(v);
    {
        double h = flow_text(c, x, y, width, size, TENSU_FONT_REGULAR, 0, t, 0);
        free(t);
        return h;
    }
}

/* A reading in words: "middle wait (kanchan)", "seven pairs". */
static const char *reading_words(sheet_ctx *c, tensu_shape shape, tensu_wait wait)
{
    char key[64];
    snprintf(key, sizeof key, "quiz.reading.%s",
             shape == TENSU_SHAPE_CHIITOITSU ? "chiitoitsu"
             : shape == TENSU_SHAPE_KOKUSHI  ? "kokushi"
                                             : tensu_wait_name(wait));
    return cat_str(c, key);
}

/* The reading left aside in a two-readings trap (of those that count
 * otherwise, the best), said beside the one taken.  The other reading
 * always pays less (core quiz.c, two_readings). */
static void two_readings_vars(sheet_ctx *c, const tensu_exercise *e, json_t *v)
{
    const tensu_score_result *s = &e->result;
    const tensu_alternative *alt = NULL;
    char buf[512] = "", nm[96];
    size_t len = 0;
    for (int i = 0; i < s->nalternatives; i++) {
        const tensu_alternative *a = &s->alternatives[i];
        if (a->yakuman == 0 && (a->han != s->han || a->fu != s->fu) &&
            (alt == NULL || a->total > alt->total))
            alt = a;
    }
    if (alt == NULL)
        return;
    for (int id = 0; id < TENSU_YAKU_COUNT; id++)
        if (alt->yaku >> id & 1) {
            yaku_words(c, tensu_yaku_name((tensu_yaku_id)id), nm, sizeof nm);
            cat_line(buf, sizeof buf, &len, cat_str(c, "fmt.list.sep"), nm);
        }
    var_set(v, "alt_reading", "%s", reading_words(c, alt->shape, alt->wait));
    var_set(v, "alt_yaku", "%s", buf);
    var_set(v, "alt_han", "%d", alt->han);
    var_set(v, "alt_fu", "%d", alt->fu);
    var_amount(c, v, "alt_total", alt->total);
    var_set(v, "reading", "%s", reading_words(c, s->shape, s->wait));
    var_amount(c, v, "total", e->payment.total);
}

/* The yaku of an open-han trap that count one han less open. */
static void open_han_vars(sheet_ctx *c, const tensu_exercise *e, json_t *v)
{
    const tensu_score_result *s = &e->result;
    char buf[512] = "", nm[96];
    size_t len = 0;
    for (int i = 0; i < s->nyaku; i++)
        if (tensu_yaku_worth_less_open(c->rules, s->yaku[i].id)) {
            yaku_words(c, s->yaku[i].name, nm, sizeof nm);
            cat_line(buf, sizeof buf, &len, cat_str(c, "fmt.list.sep"), nm);
        }
    var_set(v, "yaku", "%s", buf);
}

static void limit_vars(sheet_ctx *c, const tensu_exercise *e, json_t *v)
{
    if (e->payment.value.limit != TENSU_LIMIT_NONE) {
        char lk[48];
        /* a limit's name inside a sentence is a word: "haneman" */
        snprintf(lk, sizeof lk, "limit.word.%s", tensu_limit_name(e->payment.value.limit));
        var_set(v, "limit", "%s", cat_str(c, lk));
    }
}

static const char *pinfu_tsumo_variant(const tensu_rules *r, const tensu_exercise *e)
{
    (void)e;
    return r->pinfu_tsumo_fu == 30 ? "30" : NULL;
}

static const char *open_pinfu_variant(const tensu_rules *r, const tensu_exercise *e)
{
    (void)e;
    return r->open_pinfu_fu == 20 ? "20" : NULL;
}

/* The tile that wraps: a 9, North, the red dragon, or 1m with three players. */
static const char *dora_wrap_variant(const tensu_rules *r, const tensu_exercise *e)
{
    int ind = e->hand.dora[0];
    return ind == 0 && r->players == 3 ? "sanma" : ind < 27 ? "nine" : ind < 31 ? "wind" : "dragon";
}

/* What a trap's words need beyond the key quiz.trap.<name> and the numbers
 * every trap has (han, fu, han1, raw_base, cap), by the core's name of the
 * trap; a trap not listed needs nothing more. */
static const struct trap_words {
    const char *name;
    /* the key's last word under these rules or for this hand
     * (quiz.trap.<name>.<variant>); NULL: none */
    const char *(*variant)(const tensu_rules *r, const tensu_exercise *e);
    void (*vars)(sheet_ctx *c, const tensu_exercise *e, json_t *v);
} trap_words[] = {
    {"pinfu-tsumo", pinfu_tsumo_variant, NULL},
    {"open-pinfu", open_pinfu_variant, NULL},
    {"two-readings", NULL, two_readings_vars},
    {"open-han", NULL, open_han_vars},
    {"dora-wrap", dora_wrap_variant, NULL},
    {"limit-by-han", NULL, limit_vars},
};

/* The trap, said under the rules in force, with the numbers of this
 * exercise: malloc'd text. */
static char *trap_text(sheet_ctx *c, const tensu_exercise *e)
{
    const char *name = tensu_quiz_trap_name(e->trap);
    json_t *v = json_object();
    char key[96];
    char *t;
    snprintf(key, sizeof key, "quiz.trap.%s", name);
    var_set(v, "han", "%d", e->han);
    var_set(v, "fu", "%d", e->fu);
    var_set(v, "han1", "%d", e->han - 1);
    var_amount(c, v, "raw_base", e->payment.value.raw_base);
    var_amount(c, v, "cap", tensu_limit_base(TENSU_LIMIT_MANGAN));
    for (size_t i = 0; i < sizeof trap_words / sizeof trap_words[0]; i++) {
        const struct trap_words *w = &trap_words[i];
        const char *variant;
        if (strcmp(w->name, name) != 0)
            continue;
        variant = w->variant != NULL ? w->variant(c->rules, e) : NULL;
        if (variant != NULL)
            snprintf(key, sizeof key, "quiz.trap.%s.%s", name, variant);
        if (w->vars != NULL)
            w->vars(c, e, v);
    }
    t = cat_expand(c, key, v);
    json_decref(v);
    return t;
}

/* Honba and riichi sticks added to the payment, only those on the table:
 * "7,700 + 600 for 2 honba + 1,000 for 1 riichi stick = 9,300". */
static double counters_working(sheet_ctx *c, const tensu_exercise *e, double x, double y,
                               double width, double size)
{
    const tensu_hand *h = &e->hand;
    char line[512] = "";
    size_t len = 0;
    json_t *w = json_object();
    char *t;
    double ht;
    if (h->honba > 0) {
        json_t *p = json_object();
        var_set(p, "n", "%d", h->honba);
        var_amount(c, p, "pts", e->result.total - e->payment.total);
        t = cat_expand(c, "quiz.key.honba", p);
        cat_line(line, sizeof line, &len, cat_str(c, "quiz.key.plus"), t);
        free(t);
        json_decref(p);
    }
    if (h->sticks > 0) {
        json_t *p = json_object();
        var_set(p, "n", "%d", h->sticks);
        var_amount(c, p, "pts", e->result.total_with_sticks - e->result.total);
        t = cat_expand(c,
                       h->riichi ? (h->sticks == 1 ? "quiz.key.sticks.1.own"
                                                   : "quiz.key.sticks.n.own")
                                 : (h->sticks == 1 ? "quiz.key.sticks.1" : "quiz.key.sticks.n"),
                       p);
        cat_line(line, sizeof line, &len, cat_str(c, "quiz.key.plus"), t);
        free(t);
        json_decref(p);
    }
    var_amount(c, w, "before", e->payment.total);
    var_set(w, "added", "%s", line);
    var_amount(c, w, "all", e->result.total_with_sticks);
    t = cat_expand(c, len ? "quiz.key.counters" : "quiz.key.counters.none", w);
    ht = flow_text(c, x, y, width, size, TENSU_FONT_REGULAR, 0, t, 0);
    free(t);
    json_decref(w);
    return ht;
}

/* Level 3: the traps the rules have, said once on the key's first page. */
static double traps_line(sheet_ctx *c, double x, double y, double width, double size)
{
    tensu_quiz_trap traps[TENSU_TRAP_COUNT];
    int n;
    char line[1024] = "", key[64];
    size_t len = 0;
    json_t *v;
    char *t;
    double h;
    if (c->quiz_from != 0 || c->nquiz == 0 || c->quiz_spec == NULL || c->quiz_spec->level != 3)
        return 0;
    n = tensu_quiz_traps(c->rules, c->quiz_spec->kind, traps, TENSU_TRAP_COUNT);
    for (int i = 0; i < n; i++) {
        snprintf(key, sizeof key, "quiz.trapname.%s", tensu_quiz_trap_name(traps[i]));
        cat_line(line, sizeof line, &len, cat_str(c, "fmt.list.sep"), cat_str(c, key));
    }
    v = json_object();
    var_set(v, "list", "%s", line);
    t = cat_expand(c, "quiz.key.traps", v);
    h = flow_text(c, x, y, width, size, TENSU_FONT_ITALIC, 0, t, 0);
    free(t);
    json_decref(v);
    return h + 6 * c->scale;
}

double block_quiz_key(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    double size = num(b, "size", 10), h = 0, ind = 22 * c->scale;
    double gap = num(b, "gap", 8) * c->scale;
    int to = c->quiz_to;
    h += traps_line(c, x, y, width, size);
    for (int i = c->quiz_from; i < to && c->status == TENSU_OK; i++) {
        const tensu_exercise *e = &c->quiz[i];
        const tensu_payment *p = &e->payment;
        char key[64];
        json_t *v = json_object();
        char *t;
        size_t mark = c->page->n;
        double h0 = h, xi = x + ind, wi = width - ind;
        if (i > c->quiz_from)
            h += gap;
        number(c, i, x, y + h, ind, size);
        if (e->kind != TENSU_QUIZ_TABLE) {
            char *sit = situation(c, e);
            h += exercise_hand(c, e, xi, y + h, wi, num(b, "tile", 16) * c->scale,
                               num(b, "label", 7), true);
            h += 1.5 * c->scale;
            if (sit) /* how it was won, and the seat: the key stands alone */
                h += flow_text(c, xi, y + h, wi, size, TENSU_FONT_REGULAR, 0.3, sit, 0);
            free(sit);
        }
        /* the answer in one line, then the working */
        var_set(v, "han", "%d", e->han);
        var_set(v, "fu", "%d", e->fu);
        who_how(c, v, e->dealer, e->tsumo);
        var_amount(c, v, "total", e->kind == TENSU_QUIZ_PAYMENT ? e->result.total_with_sticks
                                  : e->tsumo                     ? p->total
                                                                 : p->ron);
        snprintf(key, sizeof key, "quiz.line.%s", tensu_quiz_kind_name(e->kind));
        if (e->result.yakuman > 0 && e->kind != TENSU_QUIZ_TABLE)
            snprintf(key, sizeof key, "quiz.line.yakuman");
        t = cat_expand(c, key, v);
        h += flow_text(c, xi, y + h, wi, size, TENSU_FONT_REGULAR, 0, t, 0);
        free(t);
        if (e->kind == TENSU_QUIZ_FU)
            h += fu_working(c, &e->result, xi, y + h, wi, size);
        if (e->kind == TENSU_QUIZ_HAN)
            h += han_working(c, &e->result, e->hand.nukidora, xi, y + h, wi, size);
        if (e->kind == TENSU_QUIZ_TABLE || e->kind == TENSU_QUIZ_PAYMENT) {
            if (e->kind == TENSU_QUIZ_PAYMENT) {
                h += han_working(c, &e->result, e->hand.nukidora, xi, y + h, wi, size);
                if (e->result.yakuman == 0)
                    h += fu_working(c, &e->result, xi, y + h, wi, size);
            }
            h += draw_working(c, p, e->han, e->fu, e->dealer, e->tsumo, false, xi, y + h, wi,
                              size);
            if (e->kind == TENSU_QUIZ_PAYMENT)
                h += counters_working(c, e, xi, y + h, wi, size);
        }
        if (e->trap != TENSU_TRAP_NONE) {
            t = trap_text(c, e);
            h += 1.5 * c->scale;
            h += flow_text(c, xi, y + h, wi, size, TENSU_FONT_ITALIC, 0, t, 0);
            free(t);
        }
        json_decref(v);
        if (overrun(c, i, y + h, mark)) {
            h = h0;
            break;
        }
    }
    return h;
}
