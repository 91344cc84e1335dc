/* Hands drawn as tiles (issue 13): the order on the table (concealed tiles
 * sorted, the winning tile apart, then the melds), the called tile turned
 * sideways, a closed kan's outer tiles face down, an added kan's tile on
 * the sideways one, red fives red and underlined; read from the page model
 * of a sheet whose template draws hands. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "../src/render/sheet.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* The tiles drawn, in the order they lie from left to right. */
typedef struct drawn {
    const tensu_item *it[40];
    int n;
} drawn;

static int by_x(const void *a, const void *b)
{
    const tensu_item *x = *(const tensu_item *const *)a, *y = *(const tensu_item *const *)b;
    double xa = x->rot != 0 ? x->x - 0.76 * x->h : x->x, xb = y->rot != 0 ? y->x - 0.76 * y->h : y->x;
    return xa < xb ? -1 : xa > xb;
}

static drawn tiles_of(const tensu_doc *d)
{
    drawn t = {{0}, 0};
    for (size_t i = 0; i < d->pages[0].n && t.n < 40; i++)
        if (d->pages[0].items[i].tag && strncmp(d->pages[0].items[i].tag, "tile.", 5) == 0)
            t.it[t.n++] = &d->pages[0].items[i];
    qsort(t.it, (size_t)t.n, sizeof t.it[0], by_x);
    return t;
}

static tensu_doc *one_hand(const char *dir, const char *block)
{
    char path[600], text[2048];
    tensu_rules r;
    tensu_error err;
    tensu_sheet_opts o = {dir, "hands", "en", "a4", "", 0};
    tensu_doc *d;
    snprintf(text, sizeof text,
             "{\"kind\": \"sheet\", \"title\": \"card.title\", \"orientation\": \"portrait\","
             " \"fonts\": {\"regular\": \"DejaVuSans.ttf\", \"bold\": \"DejaVuSans-Bold.ttf\","
             " \"italic\": \"DejaVuSans-Oblique.ttf\", \"condensed\": \"DejaVuSansCondensed.ttf\","
             " \"condensed-bold\": \"DejaVuSansCondensed-Bold.ttf\", \"tiles\": \"TensuTiles.ttf\"},"
             " \"pages\": [{\"blocks\": [%s]}]}",
             block);
    snprintf(path, sizeof path, "%s/templates/hands.json", dir);
    write_file(path, text);
    tensu_rules_preset("tenhou", &r, NULL);
    d = tensu_sheet_build(&o, &r, &err);
    if (d == NULL)
        fprintf(stderr, "%s\n", err.message);
    return d;
}

int main(void)
{
    char dir[] = "/tmp/tensu-hand-XXXXXX", path[600], target[600];
    tensu_doc *d;
    drawn t;
    if (mkdtemp(dir) == NULL)
        return 1;
    snprintf(path, sizeof path, "%s/fonts", dir);
    snprintf(target, sizeof target, "%s/fonts", TENSU_SOURCE_DIR);
    CHECK(symlink(target, path) == 0);
    snprintf(path, sizeof path, "%s/templates", dir);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/templates/en.json", dir);
    snprintf(target, sizeof target, "%s/templates/en.json", TENSU_SOURCE_DIR);
    CHECK(symlink(target, path) == 0);

    /* concealed tiles sorted, the winning tile set apart, a chi with its
     * called tile sideways, a closed kan with its outer tiles face down */
    d = one_hand(dir, "{\"type\": \"hand\", \"hand\": \"55z0p34m+2m\", \"size\": 20,"
                      " \"melds\": [{\"type\": \"chi\", \"tiles\": \"789s\"},"
                      " {\"type\": \"ankan\", \"tiles\": \"1111z\"},"
                      " {\"type\": \"pon\", \"tiles\": \"222p\"}]}");
    CHECK(d != NULL);
    if (d) {
        static const char *const want[] = {
            "tile.3m", "tile.4m", "tile.0p", "tile.5z", "tile.5z", "tile.win.2m",
            "tile.meld.7s.side", "tile.meld.8s", "tile.meld.9s",
            "tile.meld.back", "tile.meld.1z", "tile.meld.1z", "tile.meld.back",
            "tile.meld.2p.side", "tile.meld.2p", "tile.meld.2p"};
        t = tiles_of(d);
        CHECK_EQ(t.n, 16);
        for (int i = 0; i < t.n && i < 16; i++) {
            if (strcmp(t.it[i]->tag, want[i]) != 0)
                fprintf(stderr, "tile %d: %s, want %s\n", i + 1, t.it[i]->tag, want[i]);
            CHECK_STR(t.it[i]->tag, want[i]);
        }
        if (t.n == 16) {
            /* the sideways tiles lie turned a quarter; the others upright */
            CHECK(fabs(t.it[6]->rot - 90) < 1e-9 && fabs(t.it[13]->rot - 90) < 1e-9);
            CHECK(t.it[7]->rot == 0 && t.it[0]->rot == 0);
            /* the red five is red, and underlined for a grey copy */
            CHECK(t.it[2]->has_rgb && t.it[2]->rgb != 0);
            CHECK(!t.it[1]->has_rgb);
            /* the winning tile stands apart from the concealed tiles */
            CHECK(t.it[5]->x - (t.it[4]->x + t.it[4]->w) > 3);
            CHECK(fabs(t.it[1]->x - (t.it[0]->x + t.it[0]->w)) < 0.01);
            /* the face-down tiles are the back of a tile (U+E02B) */
            CHECK_STR(t.it[9]->text, "\xEE\x80\xAB");
        }
        {
            int bars = 0;
            for (size_t i = 0; i < d->pages[0].n; i++)
                bars += d->pages[0].items[i].kind == TENSU_ITEM_RECT &&
                        d->pages[0].items[i].fill == 0;
            CHECK_EQ(bars, 1);
        }
        tensu_doc_free(d);
    }
    /* an added kan: its fourth tile lies on the sideways one */
    d = one_hand(dir, "{\"type\": \"hand\", \"hand\": \"123m456p789s5z+5z\", \"size\": 20,"
                      " \"melds\": [{\"type\": \"shouminkan\", \"tiles\": \"6666s\"}]}");
    CHECK(d != NULL);
    if (d) {
        int side = 0;
        double x0 = -1, x1 = -2;
        t = tiles_of(d);
        CHECK_EQ(t.n, 15);
        for (int i = 0; i < t.n; i++)
            if (t.it[i]->rot != 0) {
                if (side++ == 0)
                    x0 = t.it[i]->x;
                else
                    x1 = t.it[i]->x;
            }
        CHECK_EQ(side, 2);
        CHECK(fabs(x0 - x1) < 0.01); /* one on the other */
        tensu_doc_free(d);
    }
    /* a bad hand in a template: the template named */
    d = one_hand(dir, "{\"type\": \"hand\", \"hand\": \"123q\"}");
    CHECK(d == NULL);
    snprintf(path, sizeof path, "rm -rf '%s'", dir);
    CHECK(system(path) == 0);
    return harness_report("test_hand");
}
