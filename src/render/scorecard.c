/* The picture a learner shares (tensu score --draw): the hand as tiles,
 * the situation, how the tiles were read, the yaku with their han, every
 * fu with its reason, and the payment worked out, in the catalog's
 * language; all from the scorer's result for the hand. */
#include "sheet.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double num(json_t *b, const char *key, double dflt)
{
    json_t *v = json_object_get(b, key);
    return json_is_number(v) ? json_number_value(v) : dflt;
}

double block_score_card(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    const tensu_score_result *s = &c->score;
    const tensu_hand *hand = c->hand;
    double size = num(b, "size", 10), th = num(b, "tile", 22) * c->scale, h = 0;
    double half = (width - 14 * c->scale) / 2;
    static const char wind[] = "ESWN";
    char key[64], *t;
    json_t *v;
    if (hand == NULL) {
        ctx_fail(c, TENSU_ERR_INVALID, "%s: a score-card block draws the hand of tensu score "
                 "--draw", c->tmpl.path);
        return 0;
    }
    draw_hand(c, hand, x, y, th);
    h += hand_height(hand, th) + 6 * c->scale;
    /* the situation and the reading */
    v = json_object();
    var_set(v, "how", "%s", cat_str(c, hand->tsumo ? "quiz.tsumo" : "quiz.ron"));
    snprintf(key, sizeof key, "quiz.seat.%c", wind[hand->seat]);
    var_set(v, "seat", "%s", cat_str(c, key));
    snprintf(key, sizeof key, "quiz.round.%c", wind[hand->round]);
    var_set(v, "round", "%s", cat_str(c, key));
    snprintf(key, sizeof key, "card.reading.%s",
             s->shape == TENSU_SHAPE_CHIITOITSU ? "chiitoitsu"
             : s->shape == TENSU_SHAPE_KOKUSHI  ? "kokushi"
                                                : tensu_wait_name(s->wait));
    var_set(v, "reading", "%s", cat_str(c, key));
    t = cat_expand(c, "card.situation", v);
    h += flow_text(c, x, y + h, width, size, TENSU_FONT_REGULAR, 0, t, 0) + 4 * c->scale;
    free(t);
    json_decref(v);
    /* yaku and han on the left, fu on the right */
    {
        double hl = han_working(c, s, hand->nukidora, x, y + h, half, size), hr = 0;
        if (s->yakuman == 0)
            hr = fu_working(c, s, x + half + 14 * c->scale, y + h, half, size);
        h += (hl > hr ? hl : hr) + 6 * c->scale;
    }
    /* the payment */
    if (s->yakuman == 0)
        h += draw_working(c, &s->payment, s->han, s->fu, hand->seat == TENSU_EAST, hand->tsumo,
                          true, x, y + h, width, size);
    v = json_object();
    var_amount(c, v, "total", s->total);
    t = cat_expand(c, "card.total", v);
    h += flow_text(c, x, y + h, width, size + 1, TENSU_FONT_BOLD, 0, t, 0);
    free(t);
    json_decref(v);
    return h;
}
