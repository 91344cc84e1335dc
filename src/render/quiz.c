/* Worksheets: the exercises on the learner's pages (the hand and its
 * situation, the question, a line to answer on), and the key on pages of
 * its own with the working: every fu with its reason, the rounding, the han
 * of each yaku, the formula line, honba and sticks.  The answers are the
 * scorer's and the engine's (tensu_quiz_make). */
#include "internal.h"

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

/* "Ron · you are South · East round · riichi · dora indicator 3s". */
static char *situation(sheet_ctx *c, const tensu_exercise *e)
{
    char line[512], key[64], t[4];
    size_t len = 0;
    const tensu_hand *h = &e->hand;
    const char *sep = cat_str(c, "quiz.sep");
    json_t *v = json_object();
    char *s;
    len += (size_t)snprintf(line + len, sizeof line - len, "%s",
                            cat_str(c, h->tsumo ? "quiz.tsumo" : "quiz.ron"));
    snprintf(key, sizeof key, "quiz.seat.%c", wind_codes[h->seat]);
    len += (size_t)snprintf(line + len, sizeof line - len, "%s%s", sep, cat_str(c, key));
    snprintf(key, sizeof key, "quiz.round.%c", wind_codes[h->round]);
    len += (size_t)snprintf(line + len, sizeof line - len, "%s%s", sep, cat_str(c, key));
    if (h->riichi)
        len += (size_t)snprintf(line + len, sizeof line - len, "%s%s", sep,
                                cat_str(c, "quiz.riichi"));
    {
        char ind[64] = "";
        size_t il = 0;
        for (int i = 0; i < h->ndora; i++)
            il += (size_t)snprintf(ind + il, sizeof ind - il, "%s%s", i ? " " : "",
                                   tensu_tile_name(h->dora[i], false, t));
        var_set(v, "tiles", "%s", ind);
        s = cat_expand(c, h->ndora > 1 ? "quiz.dora.n" : "quiz.dora", v);
        len += (size_t)snprintf(line + len, sizeof line - len, "%s%s", sep, s);
        free(s);
    }
    if (e->kind == TENSU_QUIZ_PAYMENT) {
        var_set(v, "honba", "%d", h->honba);
        var_set(v, "sticks", "%d", h->sticks);
        s = cat_expand(c, "quiz.table.counters", v);
        len += (size_t)snprintf(line + len, sizeof line - len, "%s%s", sep, s);
        free(s);
    }
    json_decref(v);
    s = malloc(len + 1);
    if (s)
        memcpy(s, line, len + 1);
    return s;
}

static void who_how(sheet_ctx *c, json_t *v, bool dealer, bool tsumo)
{
    var_set(v, "who", "%s", cat_str(c, dealer ? "word.dealer" : "word.nondealer"));
    var_set(v, "how", "%s", cat_str(c, tsumo ? "word.tsumo" : "word.ron"));
}

double block_quiz_sheet(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    double size = num(b, "size", 10), h = 0, ind = 18 * c->scale;
    for (int i = c->quiz_from; i < c->quiz_to && c->status == TENSU_OK; i++) {
        const tensu_exercise *e = &c->quiz[i];
        json_t *v = json_object();
        char key[64], *t, buf[32];
        var_set(v, "n", "%d", i + 1);
        snprintf(key, sizeof key, "quiz.ask.%s", tensu_quiz_kind_name(e->kind));
        if (e->kind == TENSU_QUIZ_TABLE) {
            var_set(v, "han", "%d", e->han);
            var_set(v, "fu", "%d", e->fu);
            who_how(c, v, e->dealer, e->tsumo);
        }
        t = cat_expand(c, key, v);
        snprintf(buf, sizeof buf, "%d.", i + 1);
        put_text(c, x, y + h + size * c->scale * 0.93, ind, 'l', TENSU_FONT_BOLD,
                 size * c->scale, 0, buf);
        h += flow_text(c, x + ind, y + h, width - ind, size, TENSU_FONT_REGULAR, 0, t, 0);
        free(t);
        if (e->kind != TENSU_QUIZ_TABLE) {
            char *sit = situation(c, e);
            /* the hand, as it lies on the table */
            double th = num(b, "tile", 22) * c->scale;
            h += 3 * c->scale;
            draw_hand(c, &e->hand, x + ind, y + h, th);
            h += hand_height(&e->hand, th) + 3 * c->scale;
            if (sit)
                h += flow_text(c, x + ind, y + h, width - ind, size, TENSU_FONT_REGULAR, 0, sit,
                               0);
            free(sit);
        }
        /* the line to answer on */
        h += 6 * c->scale;
        snprintf(key, sizeof key, "quiz.answer.%s", tensu_quiz_kind_name(e->kind));
        t = cat_expand(c, key, NULL);
        {
            tensu_item *it = put_text(c, x + ind, y + h + size * c->scale * 0.93, width * 0.4,
                                      'l', TENSU_FONT_REGULAR, size * c->scale, 0, t);
            double lx = it ? it->x + it->w + 4 * c->scale : x + ind;
            page_line(c->page, lx, y + h + size * c->scale * 1.05, x + width,
                      y + h + size * c->scale * 1.05, 0.5 * c->scale, 0.4);
        }
        free(t);
        h += size * c->scale * 1.4 + num(b, "gap", 10) * c->scale;
        json_decref(v);
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
        snprintf(key, sizeof key, "fu.reason.%s", s->fu_detail[i].reason);
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

/* The han working: each yaku with its han, the dora, the total. */
double han_working(sheet_ctx *c, const tensu_score_result *s, double x, double y, double width,
                   double size)
{
    char line[1024] = "", key[96];
    size_t len = 0;
    json_t *v = json_object();
    char *t;
    for (int i = 0; i < s->nyaku && len < sizeof line; i++) {
        json_t *y2 = json_object();
        char *item;
        snprintf(key, sizeof key, "yaku.%s", s->yaku[i].name);
        if (cat_has(c, key)) {
            var_set(y2, "name", "%s", cat_str(c, key));
        } else { /* the romaji name: "menzen_tsumo" -> "menzen tsumo" */
            char nm[48];
            snprintf(nm, sizeof nm, "%s", s->yaku[i].name);
            for (char *q = nm; *q; q++)
                if (*q == '_')
                    *q = ' ';
            var_set(y2, "name", "%s", nm);
        }
        var_set(y2, "han", "%d", s->yaku[i].han);
        item = cat_expand(c, "quiz.key.yaku", y2);
        len += (size_t)snprintf(line + len, sizeof line - len, "%s%s",
                                i ? cat_str(c, "fmt.list.sep") : "", item);
        free(item);
        json_decref(y2);
    }
    if (s->dora + s->aka + s->ura > 0 && len < sizeof line) {
        json_t *d = json_object();
        char *item;
        var_set(d, "n", "%d", s->dora + s->aka + s->ura);
        item = cat_expand(c, "quiz.key.dora", d);
        len += (size_t)snprintf(line + len, sizeof line - len, "%s%s", cat_str(c, "fmt.list.sep"),
                                item);
        free(item);
        json_decref(d);
    }
    var_set(v, "yaku", "%s", line);
    var_set(v, "han", "%d", s->han);
    t = cat_expand(c, "quiz.key.han", v);
    json_decref(v);
    {
        double h = flow_text(c, x, y, width, size, TENSU_FONT_REGULAR, 0, t, 0);
        free(t);
        return h;
    }
}

double block_quiz_key(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    double size = num(b, "size", 10), h = 0, ind = 18 * c->scale;
    for (int i = c->quiz_from; i < c->quiz_to && c->status == TENSU_OK; i++) {
        const tensu_exercise *e = &c->quiz[i];
        const tensu_payment *p = &e->payment;
        char buf[32], key[64];
        json_t *v = json_object();
        char *t;
        snprintf(buf, sizeof buf, "%d.", i + 1);
        put_text(c, x, y + h + size * c->scale * 0.93, ind, 'l', TENSU_FONT_BOLD,
                 size * c->scale, 0, buf);
        if (e->kind != TENSU_QUIZ_TABLE) {
            double th = num(b, "tile", 15) * c->scale;
            draw_hand(c, &e->hand, x + ind, y + h, th);
            h += hand_height(&e->hand, th) + 3 * c->scale;
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
        h += flow_text(c, x + ind, y + h, width - ind, size, TENSU_FONT_REGULAR, 0, t, 0);
        free(t);
        if (e->kind == TENSU_QUIZ_FU)
            h += fu_working(c, &e->result, x + ind, y + h, width - ind, size);
        if (e->kind == TENSU_QUIZ_HAN)
            h += han_working(c, &e->result, x + ind, y + h, width - ind, size);
        if (e->kind == TENSU_QUIZ_TABLE || e->kind == TENSU_QUIZ_PAYMENT) {
            if (e->kind == TENSU_QUIZ_PAYMENT) {
                h += han_working(c, &e->result, x + ind, y + h, width - ind, size);
                h += fu_working(c, &e->result, x + ind, y + h, width - ind, size);
            }
            h += draw_working(c, p, e->han, e->fu, e->dealer, e->tsumo, false, x + ind, y + h,
                              width - ind, size);
            if (e->kind == TENSU_QUIZ_PAYMENT &&
                (e->hand.honba > 0 || e->hand.sticks > 0)) {
                json_t *w = json_object();
                var_set(w, "honba", "%d", e->hand.honba);
                var_set(w, "sticks", "%d", e->hand.sticks);
                var_amount(c, w, "before", p->total);
                var_amount(c, w, "with_honba", e->result.total);
                var_amount(c, w, "all", e->result.total_with_sticks);
                t = cat_expand(c, "quiz.key.counters", w);
                h += flow_text(c, x + ind, y + h, width - ind, size, TENSU_FONT_REGULAR, 0, t, 0);
                free(t);
                json_decref(w);
            }
        }
        if (e->trap != TENSU_TRAP_NONE) {
            snprintf(key, sizeof key, "quiz.trap.%s", tensu_quiz_trap_name(e->trap));
            t = cat_expand(c, key, NULL);
            h += flow_text(c, x + ind, y + h, width - ind, size, TENSU_FONT_ITALIC, 0, t, 0);
            free(t);
        }
        h += num(b, "gap", 8) * c->scale;
        json_decref(v);
    }
    return h;
}
