/* A JSON chart (what `tensu table --format json` writes, "tensu-table-1")
 * read with jansson and fed to the core's chart model cell by cell: the
 * core has no JSON parser. */
#include "cli.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static tensu_status fail(tensu_error *err, int line, int column, const char *fmt, const char *a,
                         const char *b)
{
    if (err != NULL) {
        err->status = TENSU_ERR_INVALID;
        err->line = line;
        err->column = column;
        snprintf(err->message, sizeof err->message, fmt, a, b);
    }
    return TENSU_ERR_INVALID;
}

/* An amount: a JSON integer, or a string of digits (big amounts). */
static bool amount(json_t *v, int64_t *out)
{
    if (json_is_integer(v) && json_integer_value(v) >= 0) {
        *out = (int64_t)json_integer_value(v);
        return true;
    }
    if (json_is_string(v)) {
        const char *s = json_string_value(v);
        char *end;
        long long x = strtoll(s, &end, 10);
        if (*s != '\0' && *end == '\0' && x >= 0) {
            *out = x;
            return true;
        }
    }
    return false;
}

typedef struct ctx {
    tensu_chart *chart;
    tensu_error *err;
    char where[64];
} ctx;

/* One payment of a side: obj[name] into column pay; reachable false marks
 * the value as "cannot occur". */
static tensu_status put(ctx *C, int han, int fu, tensu_limit limit, int yakuman,
                        tensu_chart_pay pay, json_t *obj, const char *name, bool reachable)
{
    tensu_chart_cell c;
    json_t *v = json_object_get(obj, name);
    memset(&c, 0, sizeof c);
    c.han = han;
    c.fu = fu;
    c.limit = limit;
    c.yakuman = yakuman;
    c.pay = pay;
    if (v == NULL || json_is_null(v)) {
        c.empty = true;
    } else if (!amount(v, &c.value)) {
        return fail(C->err, 0, 0, "%s: expected a number of points in \"%s\"", C->where, name);
    }
    c.mark = reachable ? TENSU_MARK_NONE : TENSU_MARK_IMPOSSIBLE;
    return tensu_chart_add(C->chart, &c, C->err);
}

static tensu_status side(ctx *C, int han, int fu, tensu_limit limit, int yakuman, json_t *row,
                         bool dealer)
{
    json_t *s = json_object_get(row, dealer ? "dealer" : "nondealer");
    json_t *ron, *tsumo;
    tensu_status st;
    bool rr, rt;
    if (!json_is_object(s))
        return fail(C->err, 0, 0, "%s: expected an object \"%s\"", C->where,
                    dealer ? "dealer" : "nondealer");
    ron = json_object_get(s, "ron");
    tsumo = json_object_get(s, "tsumo");
    if (!json_is_object(ron) || !json_is_object(tsumo))
        return fail(C->err, 0, 0, "%s: expected \"ron\" and \"tsumo\" objects in \"%s\"",
                    C->where, dealer ? "dealer" : "nondealer");
    rr = !json_is_false(json_object_get(ron, "reachable"));
    rt = !json_is_false(json_object_get(tsumo, "reachable"));
    if (dealer) {
        st = put(C, han, fu, limit, yakuman, TENSU_CHART_DEALER_RON, ron, "points", rr);
        if (st == TENSU_OK)
            st = put(C, han, fu, limit, yakuman, TENSU_CHART_DEALER_TSUMO_EACH, tsumo, "each", rt);
        return st;
    }
    st = put(C, han, fu, limit, yakuman, TENSU_CHART_NONDEALER_RON, ron, "points", rr);
    if (st == TENSU_OK)
        st = put(C, han, fu, limit, yakuman, TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER, tsumo,
                 "from_nondealer", rt);
    if (st == TENSU_OK)
        st = put(C, han, fu, limit, yakuman, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER, tsumo,
                 "from_dealer", rt);
    return st;
}

static void stated_rules(tensu_chart *chart, json_t *rules)
{
    tensu_rules r;
    const char *k;
    json_t *v;
    json_t *preset = json_object_get(rules, "preset");
    if (!json_is_object(rules))
        return;
    if (!json_is_string(preset) ||
        tensu_rules_preset(json_string_value(preset), &r, NULL) != TENSU_OK)
        tensu_rules_preset(tensu_default_preset(), &r, NULL);
    json_object_foreach(rules, k, v)
    {
        if (strcmp(k, "preset") != 0 && json_is_string(v))
            tensu_rules_set(&r, k, json_string_value(v), NULL); /* unknown keys: ignored */
    }
    tensu_chart_set_rules(chart, &r);
}

tensu_status cli_chart_from_json(const char *data, size_t len, const char *name,
                                 tensu_chart **out, tensu_error *err)
{
    json_error_t je;
    json_t *root, *cells, *limits, *row;
    size_t i;
    ctx C;
    tensu_status st = TENSU_OK;

    *out = NULL;
    root = json_loadb(data, len, 0, &je);
    if (root == NULL)
        return fail(err, je.line > 0 ? je.line : 1, je.column > 0 ? je.column : 1,
                    "expected JSON as tensu table --format json writes it: %s%s", je.text, "");
    cells = json_object_get(root, "cells");
    limits = json_object_get(root, "limits");
    if (!json_is_object(root) || (!json_is_array(cells) && !json_is_array(limits))) {
        json_decref(root);
        return fail(err, 1, 1, "expected a JSON object with a \"cells\" array (%s%s)",
                    "tensu table --format json", "");
    }
    C.chart = tensu_chart_new(name, TENSU_CHART_JSON);
    C.err = err;
    if (C.chart == NULL) {
        json_decref(root);
        return fail(err, 0, 0, "out of memory%s%s", "", "");
    }
    stated_rules(C.chart, json_object_get(root, "rules"));
    json_array_foreach(cells, i, row)
    {
        json_t *h = json_object_get(row, "han"), *f = json_object_get(row, "fu");
        snprintf(C.where, sizeof C.where, "cells[%zu]", i);
        if (!json_is_integer(h) || !json_is_integer(f) || json_integer_value(h) < 1 ||
            json_integer_value(h) > 1000 || json_integer_value(f) < 1 ||
            json_integer_value(f) > 1000) {
            st = fail(err, 0, 0, "%s: expected \"han\" and \"fu\" numbers (1..1000)%s", C.where,
                      "");
            break;
        }
        for (int d = 0; d < 2 && st == TENSU_OK; d++)
            st = side(&C, (int)json_integer_value(h), (int)json_integer_value(f), TENSU_LIMIT_NONE,
                      0, row, d == 1);
        if (st != TENSU_OK)
            break;
    }
    json_array_foreach(limits, i, row)
    {
        json_t *n = json_object_get(row, "name"), *y = json_object_get(row, "yakuman");
        tensu_limit limit = TENSU_LIMIT_NONE;
        int yk = json_is_integer(y) ? (int)json_integer_value(y) : 0;
        if (st != TENSU_OK)
            break;
        snprintf(C.where, sizeof C.where, "limits[%zu]", i);
        if (yk >= 1 && yk <= 100) {
            limit = TENSU_LIMIT_YAKUMAN;
        } else if (json_is_string(n)) {
            for (int l = TENSU_LIMIT_MANGAN; l <= TENSU_LIMIT_SANBAIMAN; l++)
                if (strcmp(json_string_value(n), tensu_limit_name((tensu_limit)l)) == 0)
                    limit = (tensu_limit)l;
        }
        if (limit == TENSU_LIMIT_NONE) {
            st = fail(err, 0, 0, "%s: expected a limit \"name\" (mangan .. sanbaiman) or a "
                      "\"yakuman\" count%s", C.where, "");
            break;
        }
        for (int d = 0; d < 2 && st == TENSU_OK; d++)
            st = side(&C, 0, 0, limit, yk, row, d == 1);
    }
    json_decref(root);
    if (st != TENSU_OK) {
        tensu_chart_free(C.chart);
        return st;
    }
    *out = C.chart;
    return TENSU_OK;
}
