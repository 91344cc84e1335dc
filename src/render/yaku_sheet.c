/* The yaku: every yaku the scorer knows, with what it is worth under the
 * rules (tensu_yaku_value, the scorer's own table), its names and one line
 * in the catalog's language, and an example hand from
 * templates/yaku-data.json that is scored here: an example that does not
 * have its yaku with the han printed stops the sheet (and tensu yaku). */
#define _POSIX_C_SOURCE 200809L
#include "sheet.h"
#include "../record/score_jansson.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double num(json_t *b, const char *key, double dflt)
{
    json_t *v = json_object_get(b, key);
    return json_is_number(v) ? json_number_value(v) : dflt;
}

const char *tensu_yaku_group_name(tensu_yaku_group g)
{
    static const char *const names[] = {"1", "2", "3", "6", "rule", "yakuman", "double"};
    return (unsigned)g <= TENSU_YAKU_GROUP_DOUBLE ? names[g] : NULL;
}

static tensu_yaku_group group_of(int closed, int units)
{
    if (units >= 2)
        return TENSU_YAKU_GROUP_DOUBLE;
    if (units == 1)
        return TENSU_YAKU_GROUP_YAKUMAN;
    if (closed >= 4 && closed != 6)
        return TENSU_YAKU_GROUP_RULE; /* renhou as a limit or a count */
    return closed == 1 ? TENSU_YAKU_GROUP_1 : closed == 2 ? TENSU_YAKU_GROUP_2
           : closed == 3 ? TENSU_YAKU_GROUP_3 : TENSU_YAKU_GROUP_6;
}

const char *tensu_yaku_group_key(const tensu_rules *r, const tensu_yaku_entry *first,
                                 char *buf, size_t size)
{
    if (first->group != TENSU_YAKU_GROUP_RULE)
        snprintf(buf, size, "yaku.group.%s", tensu_yaku_group_name(first->group));
    else /* its heading is its value, as the others' ("Mangan", "5 han") */
        snprintf(buf, size, "%s", first->id == TENSU_YAKU_RENHOU &&
                                      r->renhou == TENSU_RENHOU_MANGAN
                                      ? "yaku.group.rule.mangan" : "yaku.group.rule.han");
    return buf;
}

size_t yaku_group_order(const tensu_yaku_entry *list, size_t n, json_t *groups,
                        const char **out, size_t max)
{
    size_t k = 0, gi;
    json_t *g;
    const tensu_yaku_entry *rule = NULL;
    bool has_rule = false, has_six = false, move;
    for (size_t i = 0; i < n; i++)
        if (list[i].group == TENSU_YAKU_GROUP_RULE)
            rule = &list[i];
    json_array_foreach(groups, gi, g) {
        has_rule |= json_is_string(g) && strcmp(json_string_value(g), "rule") == 0;
        has_six |= json_is_string(g) && strcmp(json_string_value(g), "6") == 0;
    }
    /* mangan, 4 or 5 han: between 3 and 6 han */
    move = has_rule && has_six && rule && rule->closed < 6;
    json_array_foreach(groups, gi, g) {
        const char *name = json_string_value(g);
        if (name == NULL || k >= max || (move && strcmp(name, "rule") == 0))
            continue;
        if (move && strcmp(name, "6") == 0 && k + 1 < max)
            out[k++] = "rule";
        out[k++] = name;
    }
    return k;
}

int tensu_yaku_situation(const tensu_hand *h, const tensu_yaku_proof *p, const char **keys,
                         int max)
{
    static const char *const seats[] = {"yaku.sit.seat.E", "yaku.sit.seat.S",
                                        "yaku.sit.seat.W", "yaku.sit.seat.N"};
    static const char *const rounds[] = {"yaku.sit.round.E", "yaku.sit.round.S",
                                         "yaku.sit.round.W", "yaku.sit.round.N"};
    const char *all[16];
    int n = 0;
    if (p->winds && h->seat >= 0 && h->seat < 4 && h->round >= 0 && h->round < 4) {
        all[n++] = seats[h->seat];
        all[n++] = rounds[h->round];
    } else if (h->seat == TENSU_EAST) {
        all[n++] = "yaku.sit.dealer";
    }
    if (h->tsumo)
        all[n++] = "yaku.sit.tsumo";
    if (h->double_riichi)
        all[n++] = "yaku.sit.double_riichi";
    else if (h->riichi)
        all[n++] = "yaku.sit.riichi";
    if (h->ippatsu)
        all[n++] = "yaku.sit.ippatsu";
    if (h->haitei)
        all[n++] = "yaku.sit.haitei";
    if (h->houtei)
        all[n++] = "yaku.sit.houtei";
    if (h->rinshan)
        all[n++] = "yaku.sit.rinshan";
    if (h->chankan)
        all[n++] = "yaku.sit.chankan";
    if (h->tenhou)
        all[n++] = "yaku.sit.tenhou";
    if (h->chiihou)
        all[n++] = "yaku.sit.chiihou";
    if (h->renhou)
        all[n++] = "yaku.sit.renhou";
    for (int i = 0; i < n && i < max; i++)
        keys[i] = all[i];
    return n < max ? n : max;
}

/* Score an example record: it must have the yaku with the value the sheet
 * prints (open or closed as its melds make it); a yakuman's hand must pay
 * that many yakuman and no more (four triplets won on the pair are also
 * suuankou tanki).  false with err filled. */
static bool prove(const tensu_rules *r, const tensu_yaku_entry *e, const char *what, json_t *rec,
                  tensu_hand *h, char **json, tensu_yaku_proof *proof, tensu_error *err)
{
    const char *id = tensu_yaku_name(e->id);
    tensu_rules rr;
    tensu_score_result res;
    char why[256] = "";
    if (score_json_read_json(rec, r, &rr, h, why, sizeof why) != TENSU_OK ||
        tensu_score(&rr, h, &res, err) != TENSU_OK) {
        if (why[0] == '\0' && err)
            snprintf(why, sizeof why, "%s", err->message); /* err is written below */
        error_fill(err, TENSU_ERR_INVALID, "yaku-data.json: the %s of %s does not score "
                   "under these rules: %s", what, id, why);
        return false;
    }
    for (int i = 0; i < res.nyaku; i++) {
        int want = e->yakuman > 0 ? e->yakuman : tensu_hand_open(h) ? e->open : e->closed;
        /* the yakuman the hand pays (counted as 13 han each under aotenjou) */
        int paid = res.yakuman > 0 ? res.yakuman : res.counted_yakuman;
        if (res.yaku[i].id != e->id)
            continue;
        if (e->yakuman > 0 ? paid == e->yakuman : res.yaku[i].han == want) {
            memset(proof, 0, sizeof *proof);
            proof->han = res.yakuman > 0 ? 0 : res.han;
            for (int k = 0; k < res.nyaku; k++) {
                tensu_yaku_id y = res.yaku[k].id;
                proof->winds |= y == TENSU_YAKU_SEAT_WIND || y == TENSU_YAKU_ROUND_WIND;
                if (y != e->id && proof->nwith < (int)(sizeof proof->with /
                                                       sizeof proof->with[0]))
                    proof->with[proof->nwith++] = y;
            }
            *json = json_dumps(rec, JSON_COMPACT | JSON_PRESERVE_ORDER);
            return true;
        }
        if (e->yakuman > 0) {
            char names[160] = "";
            size_t len = 0;
            for (int k = 0; k < res.nyaku && len < sizeof names; k++)
                len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", k ? ", " : "",
                                        tensu_yaku_name(res.yaku[k].id));
            error_fill(err, TENSU_ERR_INVALID, "yaku-data.json: the %s of %s pays %d yakuman "
                       "(%s), the sheet would print %d", what, id, paid, names, want);
            return false;
        }
        error_fill(err, TENSU_ERR_INVALID, "yaku-data.json: the %s of %s scores %d han, "
                   "the sheet would print %d han", what, id, res.yaku[i].han, want);
        return false;
    }
    error_fill(err, TENSU_ERR_INVALID, "yaku-data.json: the %s of %s does not have %s under "
               "these rules", what, id, id);
    return false;
}

/* One entry: its value, and its examples scored.  false with err filled
 * when an example fails; *skip when the yaku does not exist under the
 * rules (e->id is set whenever the entry names a yaku). */
static bool entry(const tensu_rules *r, json_t *item, tensu_yaku_entry *e, bool *skip,
                  tensu_error *err)
{
    const char *id = json_string_value(json_object_get(item, "id"));
    json_t *rec = json_object_get(item, "example"), *players = json_object_get(item, "players");
    json_t *orec = json_object_get(item, "open_example");
    int yid = id ? tensu_yaku_lookup(id) : -1;
    memset(e, 0, sizeof *e);
    *skip = false;
    if (yid < 0 || !json_is_object(rec) || (orec && !json_is_object(orec))) {
        error_fill(err, TENSU_ERR_INVALID, "yaku-data.json: an entry needs a known \"id\" and an "
                   "\"example\" record (got \"%s\")", id ? id : "");
        return false;
    }
    e->id = (tensu_yaku_id)yid;
    snprintf(e->romaji, sizeof e->romaji, "%s",
             json_is_string(json_object_get(item, "romaji"))
                 ? json_string_value(json_object_get(item, "romaji")) : id);
    e->folded = -1;
    if (!tensu_yaku_value(r, e->id, &e->closed, &e->open, &e->yakuman)) {
        *skip = true;
        return true;
    }
    /* what a hand with it pays (one yakuman at most when yakuman do not
     * add up, a double one too) */
    e->yakuman = tensu_yakuman_paid(r, e->yakuman);
    if (json_is_array(players)) {
        size_t i;
        json_t *p;
        bool ok = false;
        json_array_foreach(players, i, p)
            ok |= json_integer_value(p) == r->players;
        if (!ok) {
            *skip = true; /* cannot happen with this many players */
            return true;
        }
    }
    e->group = group_of(e->closed, e->yakuman);
    if (!prove(r, e, "example", rec, &e->hand, &e->example_json, &e->proof, err))
        return false;
    if (orec == NULL)
        return true;
    if (e->yakuman > 0 || e->open == 0 || e->open == e->closed) {
        error_fill(err, TENSU_ERR_INVALID, "yaku-data.json: %s has an \"open_example\": only a "
                   "yaku worth other han open has one", id);
        goto fail;
    }
    if (!prove(r, e, "open example", orec, &e->open_hand, &e->open_json, &e->open_proof, err))
        goto fail;
    if (!tensu_hand_open(&e->open_hand)) {
        error_fill(err, TENSU_ERR_INVALID, "yaku-data.json: the open example of %s has no "
                   "called meld (a chi, pon or open kan)", id);
        goto fail;
    }
    return true;
fail: /* the caller frees only the entries that were made whole */
    free(e->example_json);
    free(e->open_json);
    e->example_json = e->open_json = NULL;
    return false;
}

static json_t *load_data(const char *data_dir, tensu_error *err)
{
    char path[1100];
    json_error_t je;
    json_t *root;
    snprintf(path, sizeof path, "%s/templates/yaku-data.json", data_dir);
    root = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
    if (root == NULL)
        error_fill(err, TENSU_ERR_INVALID, "%s:%d:%d: %s", path, je.line, je.column, je.text);
    else if (!json_is_array(json_object_get(root, "yaku"))) {
        error_fill(err, TENSU_ERR_INVALID, "%s:1: no \"yaku\" list", path);
        json_decref(root);
        root = NULL;
    }
    return root;
}

tensu_status tensu_yaku_list(const char *data_dir, const tensu_rules *r, tensu_yaku_entry *out,
                             size_t max, size_t *n, tensu_error *err)
{
    json_t *root, *item;
    size_t i, len = 0;
    bool listed[TENSU_YAKU_COUNT] = {false};
    char missing[1024];
    *n = 0;
    if (r->family != TENSU_FAMILY_RIICHI)
        return error_fill(err, TENSU_ERR_INVALID,
                          "the classical game has no yaku: it counts basic points and doubles "
                          "(see tensu table --rules classical)");
    root = load_data(data_dir, err);
    if (root == NULL)
        return err ? err->status : TENSU_ERR_INVALID;
    json_array_foreach(json_object_get(root, "yaku"), i, item) {
        bool skip;
        if (*n >= max)
            break;
        if (!entry(r, item, &out[*n], &skip, err))
            goto fail;
        if (listed[out[*n].id]) {
            error_fill(err, TENSU_ERR_INVALID, "yaku-data.json: %s has two entries",
                       tensu_yaku_name(out[*n].id));
            (*n)++;
            goto fail;
        }
        listed[out[*n].id] = true;
        if (!skip && json_is_string(json_object_get(item, "variant_of"))) {
            /* a variant worth what its base is worth: said in the base's
             * entry (its example was scored all the same) */
            int base = tensu_yaku_lookup(json_string_value(json_object_get(item, "variant_of")));
            for (size_t k = 0; k < *n; k++)
                if ((int)out[k].id == base && out[k].yakuman == out[*n].yakuman &&
                    out[k].folded < 0) {
                    out[k].folded = (int)out[*n].id;
                    tensu_yaku_list_free(&out[*n], 1);
                    skip = true;
                    break;
                }
        }
        if (!skip)
            (*n)++;
    }
    json_decref(root);
    /* every yaku the scorer has under these rules is on the sheet */
    for (int id = 0; id < TENSU_YAKU_COUNT; id++)
        if (!listed[id] && tensu_yaku_value(r, (tensu_yaku_id)id, NULL, NULL, NULL) &&
            len < sizeof missing)
            len += (size_t)snprintf(missing + len, sizeof missing - len, "%s%s",
                                    len ? ", " : "", tensu_yaku_name((tensu_yaku_id)id));
    if (len > 0) {
        tensu_yaku_list_free(out, *n);
        *n = 0;
        return error_fill(err, TENSU_ERR_INVALID, "yaku-data.json: no entry for %s (the scorer "
                          "has %s under these rules): add %s with an example hand", missing,
                          strchr(missing, ',') ? "them" : "it", strchr(missing, ',') ? "them"
                                                                                  : "it");
    }
    return TENSU_OK;
fail:
    tensu_yaku_list_free(out, *n);
    *n = 0;
    json_decref(root);
    return err ? err->status : TENSU_ERR_INVALID;
}

void tensu_yaku_list_free(tensu_yaku_entry *e, size_t n)
{
    for (size_t i = 0; e && i < n; i++) {
        free(e[i].example_json);
        free(e[i].open_json);
        e[i].example_json = e[i].open_json = NULL;
    }
}

void tensu_yaku_desc_key(const tensu_yaku_entry *e, char *buf, size_t size)
{
    snprintf(buf, size, "yaku.desc.%s%s", tensu_yaku_name(e->id), e->folded >= 0 ? ".folded" : "");
}

/* The value in words: "2 han (1 open)", "1 han, closed", "yakuman". */
const char *tensu_yaku_value_key(const tensu_rules *r, const tensu_yaku_entry *e)
{
    if (e->yakuman >= 2)
        return "yaku.han.double";
    if (e->yakuman == 1)
        return "yaku.han.yakuman";
    if (e->id == TENSU_YAKU_RENHOU && r->renhou == TENSU_RENHOU_MANGAN)
        return "yaku.han.mangan";
    if (e->open == 0)
        return "yaku.han.closed";
    return e->open == e->closed ? "yaku.han" : "yaku.han.open";
}

char *yaku_value_text(sheet_ctx *c, const tensu_yaku_entry *e)
{
    json_t *v = json_object();
    char *t;
    var_set(v, "han", "%d", e->closed);
    var_set(v, "open", "%d", e->open);
    t = cat_expand(c, tensu_yaku_value_key(c->rules, e), v);
    json_decref(v);
    return t;
}

/* The heading of the group whose first entry is e: "1 han", "Yakuman";
 * for the group whose value the rules set, that value ("Mangan", "5 han").
 * malloc'd. */
static char *yaku_group_text(sheet_ctx *c, const tensu_yaku_entry *e)
{
    char key[48];
    json_t *v = json_object();
    char *t;
    var_set(v, "han", "%d", e->closed);
    t = cat_expand(c, tensu_yaku_group_key(c->rules, e, key, sizeof key), v);
    json_decref(v);
    return t;
}

/* Append text to out (len: its length so far), {han} and {n} replaced by
 * num, {with} by with. */
static void put_words(char *out, size_t size, size_t *len, const char *text, int num,
                      const char *with)
{
    char digits[16];
    const char *vars[] = {"han", digits, "n", digits, "with", with};
    snprintf(digits, sizeof digits, "%d", num);
    tensu_text_fill(out, size, len, text, vars, 3);
}

bool tensu_yaku_situation_text(struct json_t *strings, const tensu_yaku_entry *e, bool open,
                               char *out, size_t size, const char **missing)
{
    const tensu_yaku_proof *p = open ? &e->open_proof : &e->proof;
    const char *keys[16], *w;
    int n = tensu_yaku_situation(open ? &e->open_hand : &e->hand, p, keys, 16), yakuhai = 0;
    char with[320] = "", key[8][48];
    size_t len = 0, wl = 0;
#define WORD(k) ((w = json_string_value(json_object_get(strings, (k)))) != NULL \
                     ? w : (*missing = (k), (const char *)NULL))
    out[0] = '\0';
    *missing = NULL;
    if (WORD("yaku.sit.sep") == NULL || WORD("yaku.sit.and") == NULL ||
        WORD("yaku.sit.sep.total") == NULL || WORD("yaku.sit.total") == NULL ||
        WORD("yaku.sit.yakuhai") == NULL)
        return false;
    for (int i = 0; i < n; i++) {
        if (WORD(keys[i]) == NULL)
            return false;
        if (i)
            put_words(out, size, &len, WORD("yaku.sit.sep"), 0, "");
        put_words(out, size, &len, WORD(keys[i]), 0, "");
    }
    if (e->yakuman > 0 || p->nwith == 0)
        return true;
    /* the yaku it cannot do without, and its han in all: each one's name
     * (the short form when there is one), two yakuhai or more as a count */
    for (int i = 0; i < p->nwith; i++)
        yakuhai += p->with[i] >= TENSU_YAKU_HAKU && p->with[i] <= TENSU_YAKU_ROUND_WIND;
    {
        const char *names[8];
        int nn = 0;
        bool counted = false;
        for (int i = 0; i < p->nwith && nn < 8; i++) {
            tensu_yaku_id y = p->with[i];
            if (yakuhai > 1 && y >= TENSU_YAKU_HAKU && y <= TENSU_YAKU_ROUND_WIND) {
                if (!counted)
                    names[nn++] = "yaku.sit.yakuhai";
                counted = true;
                continue;
            }
            snprintf(key[nn], sizeof key[nn], "yaku.short.%s", tensu_yaku_name(y));
            if (json_string_value(json_object_get(strings, key[nn])) == NULL)
                snprintf(key[nn], sizeof key[nn], "yaku.%s", tensu_yaku_name(y));
            names[nn] = key[nn];
            nn++;
        }
        for (int i = 0; i < nn; i++) {
            if (WORD(names[i]) == NULL)
                return false;
            if (i > 0)
                put_words(with, sizeof with, &wl,
                          WORD(i + 1 == nn ? "yaku.sit.and" : "yaku.sit.sep"), 0, "");
            put_words(with, sizeof with, &wl, WORD(names[i]), yakuhai, "");
        }
    }
    if (len > 0)
        put_words(out, size, &len, WORD("yaku.sit.sep.total"), 0, "");
    put_words(out, size, &len, WORD("yaku.sit.total"), p->han, with);
#undef WORD
    return true;
}

char *yaku_situation_text(sheet_ctx *c, const tensu_yaku_entry *e, bool open)
{
    char line[640];
    const char *missing;
    if (!tensu_yaku_situation_text(c->strings, e, open, line, sizeof line, &missing)) {
        ctx_fail(c, TENSU_ERR_INVALID, "%s: no string \"%s\"", c->cat.path, missing);
        return NULL;
    }
    return line[0] ? strdup(line) : NULL;
}

/* An example's row at the top of (x, y) in a column colw wide: "open:"
 * before an open one, the hand (its tiles smaller when it would cross the
 * column: four kans), and how it was won just after the tiles, on one line
 * or two, or under them when there is no room beside.  Its height. */
static double example_row(sheet_ctx *c, const tensu_yaku_entry *e, bool open, double x,
                          double y, double colw, double th, double size)
{
    const tensu_hand *h = open ? &e->open_hand : &e->hand;
    double ls = (size - 1) * c->scale, lw = 0, w, hh, gap = 6 * c->scale;
    char *label = open ? cat_expand(c, "yaku.open_example", NULL) : NULL;
    char *sit = yaku_situation_text(c, e, open);
    if (label)
        lw = text_width(c, TENSU_FONT_REGULAR, ls, label) + 4 * c->scale;
    w = hand_width(c, h, th);
    if (w > 0 && lw + w > colw) {
        th *= (colw - lw) / w * 0.999;
        w = hand_width(c, h, th);
    }
    hh = hand_height(h, th);
    if (label)
        put_text(c, x, y + hh * 0.5 + ls * 0.35, lw, 'l', TENSU_FONT_REGULAR, ls, 0.3, label);
    draw_hand(c, h, x + lw, y, th);
    if (sit) {
        /* beside the tiles: one line centred on them, or two close lines
         * from their top; else under them */
        double aw = colw - lw - w - gap, sx = x + lw + w + gap, mid = y + hh - th * 0.5;
        double lead = ls * 1.12, top = y + hh - th - 0.2 * ls;
        char *cut = NULL;
        if (text_width(c, TENSU_FONT_ITALIC, ls, sit) <= aw) {
            put_text(c, sx, mid + 0.35 * ls, aw, 'l', TENSU_FONT_ITALIC, ls, 0.2, sit);
        } else {
            /* the last space that leaves a first line that fits */
            for (char *sp = strchr(sit, ' '); sp; sp = strchr(sp + 1, ' ')) {
                *sp = '\0';
                if (text_width(c, TENSU_FONT_ITALIC, ls, sit) <= aw)
                    cut = sp;
                *sp = ' ';
            }
            if (cut && text_width(c, TENSU_FONT_ITALIC, ls, cut + 1) <= aw) {
                *cut = '\0';
                put_text(c, sx, top + 0.93 * ls, aw, 'l', TENSU_FONT_ITALIC, ls, 0.2, sit);
                put_text(c, sx, top + 0.93 * ls + lead, aw, 'l', TENSU_FONT_ITALIC, ls, 0.2,
                         cut + 1);
                *cut = ' ';
                if (top + 0.93 * ls + lead + 0.25 * ls > y + hh)
                    hh = top + 0.93 * ls + lead + 0.25 * ls - y; /* a little below the tiles */
            } else {
                hh += 1.5 * c->scale + flow_text(c, x + lw, y + hh + 1.5 * c->scale, colw - lw,
                                                 size - 1, TENSU_FONT_ITALIC, 0.2, sit, 0);
            }
        }
    }
    free(label);
    free(sit);
    return hh;
}

/* A piece of a yaku list kept in one column: entries drawn in one column
 * first, where it was drawn (top), its height and the space under it (gap:
 * dropped at a column's foot).  A group's first piece holds its heading and
 * its first two entries, so that no heading ends a column alone or with one
 * entry under it; a column that begins inside a group begins with the
 * heading said again ("2 han (cont.)"). */
typedef struct piece {
    size_t from, to;
    double top, h, gap;
    size_t group;   /* index in the block's groups */
    int entries;
    bool first;     /* under its group's heading */
} piece;

/* Where the pieces go in ncols columns no taller than cap (ch: the height
 * of a heading said again): each one's column and its y in the column when
 * col is not NULL.  false when they need more columns. */
static bool place(const piece *p, size_t n, int ncols, double cap, double ch, int *col,
                  double *at)
{
    int k = 0;
    double h = 0;
    bool fresh = true;
    for (size_t i = 0; i < n; i++) {
        if (!fresh && h + p[i].h > cap) {
            if (++k >= ncols)
                return false;
            h = p[i].first ? 0 : ch;
        }
        if (col) {
            col[i] = k;
            at[i] = h;
        }
        h += p[i].h + p[i].gap;
        fresh = false;
    }
    return true;
}

/* A group's heading with its rule under it, at the top of (x, y), tagged
 * "yaku.group" ("yaku.group.cont" said again); its height with the space
 * under it. */
static double group_heading(sheet_ctx *c, double x, double y, double colw, double hs,
                            const char *t, bool cont)
{
    item_set_tag(put_text(c, x, y + hs * 0.93, colw, 'l', TENSU_FONT_BOLD, hs, 0, t),
                 cont ? "yaku.group.cont" : "yaku.group");
    page_line(c->page, x, y + hs * 1.2, x + colw, y + hs * 1.2, 0.6 * c->scale, 0.3);
    return hs * 1.2 + 3 * c->scale;
}

/* {"type": "yaku-list", "groups": ["1", "2"], "columns": 2, "examples": true,
 *  "size": 10, "tile": 11, "leading": 1.3}: the yaku of those groups (the
 *  name's line "leading" times the size high), each with its names,
 *  value, one line and its example drawn (or names and value only); an
 *  open example under the first when the data has one.  The entries are
 *  drawn in one column, then shared out among the columns by height, in
 *  order, so that the tallest column is as short as it can be. */
double block_yaku_list(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    json_t *groups = json_object_get(b, "groups");
    const char *order[16];
    char *gtext[16] = {NULL};
    int ncols = (int)num(b, "columns", 2);
    bool examples = !json_is_false(json_object_get(b, "examples"));
    double size = num(b, "size", 10), th = num(b, "tile", 11) * c->scale, s = size * c->scale;
    double gap = 12 * c->scale, colw, hs = (size + 1.5) * c->scale, cy = 0, ch = 0;
    tensu_yaku_entry list[TENSU_YAKU_COUNT];
    piece pieces[TENSU_YAKU_COUNT];
    size_t n = 0, gi, np = 0, norder;
    tensu_error err;
    if (ncols < 1 || ncols > 4)
        ncols = 2;
    colw = (width - gap * (ncols - 1)) / ncols;
    if (tensu_yaku_list(c->data_dir, c->rules, list, TENSU_YAKU_COUNT, &n, &err) != TENSU_OK) {
        ctx_fail(c, err.status, "%s: %s", c->tmpl.path, err.message);
        return 0;
    }
    norder = yaku_group_order(list, n, groups, order, 16);
    for (gi = 0; gi < norder; gi++) {
        const char *gname = order[gi];
        bool heading = false;
        for (size_t i = 0; i < n && c->status == TENSU_OK && np < TENSU_YAKU_COUNT; i++) {
            const tensu_yaku_entry *e = &list[i];
            char key[64], *t;
            piece *pc = &pieces[np];
            if (gname == NULL || strcmp(tensu_yaku_group_name(e->group), gname) != 0)
                continue;
            if (!heading && np > 0 && !examples) {
                /* some air over a heading in a compact list (dropped at a
                 * column's foot with the gap) */
                pieces[np - 1].gap += 0.3 * s;
                cy += 0.3 * s;
            }
            pc->from = c->page->n;
            pc->top = cy;
            pc->group = gi;
            pc->entries = 1;
            pc->first = !heading;
            if (!heading) {
                /* the group's heading, said again in the next column */
                gtext[gi] = yaku_group_text(c, e);
                ch = group_heading(c, x, y + cy, colw, hs, gtext[gi] ? gtext[gi] : "", false);
                cy += ch;
                heading = true; /* the first entries stay under their heading */
            }
            /* the name, and the value at the right (in a compact list, not
             * under a heading that says it: "Yakuman", "Double yakuman") */
            snprintf(key, sizeof key, "yaku.%s", tensu_yaku_name(e->id));
            t = !examples && e->group >= TENSU_YAKU_GROUP_YAKUMAN ? NULL : yaku_value_text(c, e);
            {
                /* compact lists (a card's back) in the condensed faces */
                tensu_font_role fv = examples ? TENSU_FONT_REGULAR : TENSU_FONT_CONDENSED;
                tensu_font_role fn = examples ? TENSU_FONT_BOLD : TENSU_FONT_CONDENSED_BOLD;
                double vw = t ? text_width(c, fv, s, t) : 0;
                tensu_item *it;
                if (t)
                    put_text(c, x + colw - vw, y + cy + s * 0.93, vw, 'r', fv, s, 0, t);
                it = put_text(c, x, y + cy + s * 0.93, colw - vw - 4 * c->scale, 'l', fn, s, 0,
                              cat_str(c, key));
                item_set_tag(it, "yaku.%s", tensu_yaku_name(e->id));
                /* the kanji, when a Japanese font is there and room is left */
                snprintf(key, sizeof key, "jp.yaku.%s", tensu_yaku_name(e->id));
                if (it && examples && tensu_fontset_has(c->doc->fonts, TENSU_FONT_JP) &&
                    cat_has(c, key)) {
                    double kx = it->x + it->w + s * 0.5, ks = s * 0.9;
                    double kw = text_width(c, TENSU_FONT_JP, ks, cat_str(c, key));
                    if (kx + kw < x + colw - vw - 4 * c->scale)
                        put_text(c, kx, y + cy + s * 0.93, kw + 1, 'l', TENSU_FONT_JP, ks, 0.2,
                                 cat_str(c, key));
                }
            }
            free(t);
            cy += s * num(b, "leading", 1.3);
            pc->gap = 0;
            if (examples) {
                tensu_yaku_desc_key(e, key, sizeof key);
                t = cat_expand(c, key, NULL);
                cy += flow_text(c, x, y + cy, colw, size - 1, TENSU_FONT_REGULAR, 0, t, 0);
                free(t);
                cy += 1.5 * c->scale;
                cy += example_row(c, e, false, x, y + cy, colw, th, size);
                if (e->open_json) {
                    /* the open value, proven too: "open:" and the hand */
                    cy += 3 * c->scale;
                    cy += example_row(c, e, true, x, y + cy, colw, th, size);
                }
                pc->gap = 4 * c->scale;
            }
            pc->to = c->page->n;
            pc->h = cy - pc->top;
            cy += pc->gap;
            /* a group's second entry joins the first under the heading */
            if (np > 0 && pieces[np - 1].first && pieces[np - 1].entries == 1 &&
                pieces[np - 1].group == gi) {
                piece *pv = &pieces[np - 1];
                pv->to = pc->to;
                pv->h = pc->top + pc->h - pv->top;
                pv->gap = pc->gap;
                pv->entries = 2;
            } else {
                np++;
            }
        }
    }
    tensu_yaku_list_free(list, n);
    if (c->status != TENSU_OK || np == 0) {
        for (gi = 0; gi < norder; gi++)
            free(gtext[gi]);
        return 0;
    }
    {
        /* the least column height that takes every piece, then the pieces
         * moved to their columns, and the headings said again */
        double lo = 0, hi = cy, at[TENSU_YAKU_COUNT];
        int col[TENSU_YAKU_COUNT];
        for (size_t i = 0; i < np; i++)
            if (pieces[i].h + (pieces[i].first ? 0 : ch) > lo)
                lo = pieces[i].h + (pieces[i].first ? 0 : ch);
        for (int k = 0; k < 40 && hi - lo > 0.05; k++) {
            double mid = (lo + hi) / 2;
            if (place(pieces, np, ncols, mid, ch, NULL, NULL))
                hi = mid;
            else
                lo = mid;
        }
        place(pieces, np, ncols, hi, ch, col, at);
        for (size_t i = 0; i < np; i++) {
            const piece *pc = &pieces[i];
            for (size_t k = pc->from; k < pc->to; k++) {
                c->page->items[k].x += col[i] * (colw + gap);
                c->page->items[k].y += at[i] - pc->top;
            }
        }
        for (size_t i = 1; i < np; i++)
            if (col[i] != col[i - 1] && !pieces[i].first) {
                char *t;
                const char *name = gtext[pieces[i].group];
                json_t *v = json_object();
                var_set(v, "group", "%s", name ? name : "");
                t = cat_expand(c, "yaku.group.cont", v);
                group_heading(c, x + col[i] * (colw + gap), y, colw, hs, t, true);
                free(t);
                json_decref(v);
            }
        for (gi = 0; gi < norder; gi++)
            free(gtext[gi]);
        return hi + num(b, "after", 4) * c->scale;
    }
}
