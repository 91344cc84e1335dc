#define _POSIX_C_SOURCE 200809L
/* tensu score: one hand for a person (compact command line), or JSON lines
 * in and out (../shared/formats/hands.md, read and scored by batch.c). */
#include "cli.h"
#include "pool.h"
#include "../record/score_json.h"
#include "../render/render.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void help(void)
{
    printf(
        "usage: tensu score HAND [options]\n"
        "       tensu score --jsonl [FILE|-] [--jobs N] [--rules NAME|FILE]\n"
        "                           [--set KEY=VALUE]...\n\n"
        "HAND is the concealed tiles in mpsz notation (0 = red five), then '+' and the\n"
        "winning tile: 234m1122z+1z.  Without '+', the last tile written is the winning\n"
        "tile.  The concealed tiles may include the winning tile or not.  Spaces and\n"
        "commas between tiles are skipped: \"234m 1122z + 1z\", --dora 3m,7z.\n\n"
        "options:\n"
        "  --chi T, --pon T, --minkan T, --ankan T, --shouminkan T (or --kakan T)\n"
        "                      a called meld (or closed kan), e.g. --ankan 1111s\n"
        "  --ron | --tsumo     how the hand was won (default: ron)\n"
        "  --seat W, --round W winds E, S, W, N (default: seat S, round E); East deals\n"
        "  --dora TILES        dora indicators, e.g. --dora 3m7z (kan dora included)\n"
        "  --ura TILES         ura dora indicators (count only with riichi)\n"
        "  --riichi --double-riichi --ippatsu --haitei --houtei --rinshan --chankan\n"
        "  --tenhou --chiihou --renhou\n"
        "  --honba N, --sticks N  counters and riichi sticks on the table\n"
        "  --nukidora N        three players: North tiles set aside\n"
        "  --lang fr|en        the yaku, fu and lines in that language\n"
        "  --draw FILE         a picture of the hand with its reading, yaku, fu and\n"
        "                      payment (FILE.svg, FILE.png or FILE.pdf)\n"
        "  --pao W             seat of the player liable for pao: the one who fed the\n"
        "                      last dragon set of daisangen, the last wind set of\n"
        "                      daisuushii, the fourth kan of suukantsu (under\n"
        "                      pao-suukantsu=yes), or the open kan of a rinshan win\n"
        "                      (under pao-kan=discarder)\n"
        "\n"
        "examples:\n"
        "  tensu score 234m1122z+1z --ankan 1111s --ankan 7777z --ron --seat S --round S\n"
        "      1 han (chun) 110 fu: 3600\n"
        "  tensu score 22334455m667788p+8p --tsumo      chiitoitsu or ryanpeikou: mangan\n"
        "  tensu score 19m19p19s1234567z+1m --tsumo --seat E     13-wait kokushi\n"
        "  tensu score 123m456p789s23s55z+1s --riichi --dora 4s --ura 1z\n\n"
        "--jsonl reads one JSON object per line (FILE, or standard input for '-' or\n"
        "none) and writes one result per line: see man tensu-hands.  Exit status 0\n"
        "when every line was read (a hand's own error is in its result line), 2 for\n"
        "a line that is not JSON or is longer than 64 KB (its error record is\n"
        "written and the batch goes on).  --jobs N: threads (default: the cores\n"
        "there are); the output is in input order and the same bytes for every N.\n");
}

static const char *const wind_names[] = {"East", "South", "West", "North"};

/* --lang: the catalog's strings (templates/LANG.json), NULL for the
 * built-in English of the lines below. */
static json_t *lang_strings;

static const char *L(const char *key, const char *english)
{
    return cli_str(lang_strings, key, english);
}

static const char *L2(const char *prefix, const char *word, const char *english)
{
    char key[128];
    snprintf(key, sizeof key, "%s%s", prefix, word);
    return lang_strings ? L(key, english) : english;
}

/* The yaku's and limits' names as players say them, in the language's
 * catalog, English when no --lang is given (NULL without templates: the
 * engine's names). */
static json_t *name_strings;

/* A yaku's name in words ("Menzen tsumo", not menzen_tsumo). */
static const char *yaku_words(const char *id, char *buf, size_t size)
{
    char key[96];
    const char *s;
    snprintf(key, sizeof key, "yaku.%s", id);
    s = json_string_value(json_object_get(name_strings, key));
    if (s != NULL)
        return s;
    snprintf(buf, size, "%s", id);
    for (char *q = buf; *q; q++)
        if (*q == '_')
            *q = ' ';
    return buf;
}

/* The hand's limit in words ("mangan", "2× yakuman"), NULL below mangan. */
static const char *limit_words(const tensu_score_result *res, char *buf, size_t size)
{
    char key[64];
    const char *s, *id = score_limit_text(res, buf, size);
    if (res->limit == TENSU_LIMIT_YAKUMAN && res->yakuman > 1) {
        const char *m = json_string_value(json_object_get(name_strings, "limit.multi"));
        const char *at = m ? strstr(m, "{n}") : NULL;
        if (at != NULL)
            snprintf(buf, size, "%.*s%d%s", (int)(at - m), m, res->yakuman, at + 3);
        else
            snprintf(buf, size, "%d× yakuman", res->yakuman);
        return buf;
    }
    if (id == NULL)
        return NULL;
    snprintf(key, sizeof key, "limit.word.%s", id);
    s = json_string_value(json_object_get(name_strings, key));
    return s ? s : id;
}

/* A fu item's reason in the catalog's words (without its tiles). */
static const char *fu_words(const tensu_fu_item *it)
{
    return L2("fu.reason.", tensu_fu_reason_id(it->reason), tensu_fu_reason_name(it->reason));
}

static void print_result(const tensu_rules *r, const tensu_hand *h, const char *text,
                         const tensu_score_result *res)
{
    char buf[96], a[TENSU_BIG_DIGITS], name[160];
    const tensu_payment *p = &res->payment;

    printf("%s", text);
    for (int i = 0; i < h->nmelds; i++) {
        const tensu_meld *m = &h->melds[i];
        char t[8];
        tensu_meld_write(m, t, sizeof t); /* its red fives, as given */
        printf("  %s %s", tensu_meld_type_name(m->type), t);
    }
    if (lang_strings) {
        char k1[32], k2[32];
        snprintf(k1, sizeof k1, "quiz.seat.%c", "ESWN"[h->seat]);
        snprintf(k2, sizeof k2, "quiz.round.%c", "ESWN"[h->round]);
        printf("\n%s, %s, %s, %s %s\n", L(h->tsumo ? "quiz.tsumo" : "quiz.ron", ""), L(k1, ""),
               L(k2, ""), L("score.rules", "rules"), cli_rules_name(r, name, sizeof name));
        printf("%s: %s\n", L("score.reading", "reading"),
               L2("card.reading.",
                  res->shape == TENSU_SHAPE_CHIITOITSU ? "chiitoitsu"
                  : res->shape == TENSU_SHAPE_KOKUSHI  ? "kokushi"
                                                       : tensu_wait_name(res->wait),
                  tensu_wait_name(res->wait)));
    } else {
    printf("\n%s, %s seat, %s round, rules %s\n", h->tsumo ? "tsumo" : "ron",
           wind_names[h->seat], wind_names[h->round], cli_rules_name(r, name, sizeof name));
    printf("reading: %s, %s wait\n",
           res->shape == TENSU_SHAPE_CHIITOITSU ? "seven pairs"
           : res->shape == TENSU_SHAPE_KOKUSHI  ? "thirteen orphans"
                                                : "four sets and a pair",
           tensu_wait_name(res->wait));
    }
    printf("%s:\n", L("score.yaku", "yaku"));
    int ywidth = 22; /* the names' column: as wide as the widest */
    for (int i = 0; i < res->nyaku; i++) {
        char yb[64];
        int wd = cli_display_width(yaku_words(res->yaku[i].name, yb, sizeof yb));
        ywidth = wd > ywidth ? wd : ywidth;
    }
    for (int i = 0; i < res->nyaku; i++) {
        char yb[64];
        const char *yw = yaku_words(res->yaku[i].name, yb, sizeof yb);
        int pad = ywidth - cli_display_width(yw);
        if (res->yaku[i].yakuman > 0)
            printf("  %s%*s %s\n", yw, pad > 0 ? pad : 0, "",
                   res->yaku[i].yakuman > 1 ? L("score.double_yakuman", "double yakuman")
                                            : L("limit.word.yakuman", "yakuman"));
        else
            printf("  %s%*s %d han\n", yw, pad > 0 ? pad : 0, "", res->yaku[i].han);
    }
    if (res->yakuman == 0) {
        if (res->dora)
            printf("  %-*s %d han\n", ywidth, "dora", res->dora);
        if (res->aka)
            printf("  %-*s %d han\n", ywidth, "aka dora", res->aka);
        if (res->ura)
            printf("  %-*s %d han\n", ywidth, "ura dora", res->ura);
        int width = 44;
        printf("fu:\n");
        for (int i = 0; i < res->nfu; i++) {
            score_fu_text(&res->fu_detail[i], buf, sizeof buf);
            if (lang_strings)
                snprintf(buf, sizeof buf, "%s", fu_words(&res->fu_detail[i]));
            if (cli_display_width(buf) > width)
                width = cli_display_width(buf);
        }
        for (int i = 0; i < res->nfu; i++) {
            score_fu_text(&res->fu_detail[i], buf, sizeof buf);
            if (lang_strings)
                snprintf(buf, sizeof buf, "%s", fu_words(&res->fu_detail[i]));
            printf("  %s%*s %3d\n", buf, width - cli_display_width(buf), "", res->fu_detail[i].fu);
        }
        if (res->shape == TENSU_SHAPE_CHIITOITSU)
            printf("  %s\n", L("score.total.flat", "total 25 (not rounded)"));
        else if (res->fu_raw != res->fu)
            printf("  %s %d, %s %d\n", L("score.total", "total"), res->fu_raw,
                   L("score.rounded", "rounded up to"), res->fu);
        else
            printf("  %s %d\n", L("score.total", "total"), res->fu);
        printf("%d han %d fu", res->han, res->fu);
        if (res->counted_yakuman > 0)
            printf(" (%d \u00d7 %d han: %s)", res->counted_yakuman, TENSU_AOTENJOU_YAKUMAN_HAN,
                   L("score.counted", "yakuman counted as han, aotenjou"));
        {
            const char *l = limit_words(res, buf, sizeof buf);
            if (l != NULL)
                printf(" (%s)", l);
        }
    } else {
        printf("%s", limit_words(res, buf, sizeof buf));
    }
    /* under pao-split=yakuman the payment is the part not charged to the
     * liable player: the hand's value is the whole */
    printf(": %s\n", res->pao_seat >= 0
                         ? cli_amount(a, sizeof a, res->total - tensu_honba_points(r, h->honba), NULL)
                         : cli_amount(a, sizeof a, p->total, p->exact.total));
    if (res->pao_seat >= 0) {
        if (h->tsumo && res->pao_pays < res->total) {
            printf("pao: the %s player pays %" PRId64 " for the yakuman it caused; "
                   "the rest is an ordinary tsumo: ",
                   wind_names[res->pao_seat], res->pao_pays);
            if (p->dealer)
                printf("each of the others pays %" PRId64 "\n", p->from_non_dealer_honba);
            else
                printf("the dealer pays %" PRId64 ", each other non-dealer %" PRId64 "\n",
                       p->from_dealer_honba, p->from_non_dealer_honba);
        } else if (h->tsumo)
            printf("pao: the %s player pays it all: %" PRId64 "\n", wind_names[res->pao_seat],
                   res->pao_pays);
        else
            printf("pao: the %s player pays %" PRId64 ", the discarder %" PRId64 "\n",
                   wind_names[res->pao_seat], res->pao_pays, res->discarder_pays);
    } else if (!h->tsumo) {
        printf("%s %s", L("score.pay.ron", "payment: the discarder pays"),
               cli_amount(a, sizeof a, p->ron_honba, p->exact.ron));
        if (p->honba > 0)
            printf(" (%" PRId64 " for %d honba)", p->honba_each, p->honba);
        putchar('\n');
    } else if (p->dealer) {
        if (lang_strings)
            printf("%s (%d) : %s\n", L("score.pay.each", "payment: each of the others pays"),
                   p->non_dealer_payers,
                   cli_amount(a, sizeof a, p->from_non_dealer_honba, p->exact.from_non_dealer));
        else
            printf("payment: each of the %d others pays %s\n", p->non_dealer_payers,
                   cli_amount(a, sizeof a, p->from_non_dealer_honba, p->exact.from_non_dealer));
    } else {
        printf("%s %s", L("score.pay.dealer", "payment: the dealer pays"),
               cli_amount(a, sizeof a, p->from_dealer_honba, p->exact.from_dealer));
        printf(", %s %s\n", L("score.pay.other", "each other non-dealer"),
               cli_amount(a, sizeof a, p->from_non_dealer_honba, p->exact.from_non_dealer));
    }
    printf("%s %s", L("score.receives", "the winner receives"),
           cli_amount(a, sizeof a, res->total, p->exact.total));
    if (h->sticks > 0)
        printf(", %" PRId64 " with %d riichi stick%s", res->total_with_sticks, h->sticks,
               h->sticks == 1 ? "" : "s");
    putchar('\n');
    if (res->nalternatives > 0) {
        printf("other readings (the best one is scored):\n");
        for (int i = 0; i < res->nalternatives; i++) {
            const tensu_alternative *al = &res->alternatives[i];
            printf("  ");
            if (al->yakuman)
                printf("%d yakuman", al->yakuman);
            else
                printf("%d han %d fu", al->han, al->fu);
            printf(": %" PRId64 " (", al->total);
            for (int id = 0, first = 1; id < TENSU_YAKU_COUNT; id++)
                if (al->yaku & ((uint64_t)1 << id)) {
                    char yb[64];
                    printf("%s%s", first ? "" : ", ",
                           yaku_words(tensu_yaku_name((tensu_yaku_id)id), yb, sizeof yb));
                    first = 0;
                }
            printf(", %s wait)\n", tensu_wait_name(al->wait));
        }
    }
}

/* --draw FILE: the hand's picture (the hand-card template) as SVG, PNG or
 * PDF, by the name's ending. */
static int draw_hand_file(const tensu_rules *r, const tensu_hand *h, const char *path,
                          const char *lang)
{
    static const struct {
        const char *ext;
        int format;
    } kinds[] = {{".svg", CLI_SVG}, {".png", CLI_PNG}, {".pdf", CLI_PDF}};
    char dbuf[1200];
    const char *dir = cli_data_dir(dbuf, sizeof dbuf), *dot = strrchr(path, '.');
    tensu_sheet_opts o = {dir, "hand-card", lang, NULL, "", 0, NULL, h};
    tensu_error err;
    tensu_doc *d;
    cli_content c = {0, NULL, 0, 300};
    const char *slash = strrchr(path, '/');
    int st;
    for (size_t k = 0; dot != NULL && k < sizeof kinds / sizeof kinds[0]; k++)
        if (strcmp(dot, kinds[k].ext) == 0)
            c.format = kinds[k].format;
    if (c.format == 0)
        return cli_error("score", "--draw %s: the name must end in .svg, .png or .pdf", path);
    if (dir == NULL)
        return cli_error("score", "cannot find the templates: set TENSU_DATA_DIR");
    {
        /* the folder first: a clear word rather than a back end's */
        char folder[1400];
        snprintf(folder, sizeof folder, "%.*s", slash ? (int)(slash - path) : 1,
                 slash ? path : ".");
        if (access(folder[0] ? folder : "/", W_OK | X_OK) != 0)
            return cli_error("score", "cannot write %s: %s", path, strerror(errno));
    }
    d = tensu_sheet_build(&o, r, &err);
    if (d == NULL)
        return cli_core_error("score", &err);
    c.doc = d;
    st = cli_write("score", path, &c);
    tensu_doc_free(d);
    return st;
}

static int indicators(const char *opt, const char *text, int *out, int *n)
{
    tensu_error err;
    bool red[TENSU_MAX_INDICATORS];
    int kinds[TENSU_MAX_INDICATORS], got;
    if (tensu_tiles_parse(text, kinds, red, TENSU_MAX_INDICATORS - *n, &got, &err) != TENSU_OK)
        return cli_error("score", "%s '%s', column %d: %s", opt, text, err.column, err.message);
    for (int i = 0; i < got; i++)
        out[(*n)++] = kinds[i];
    return CLI_OK;
}

static int dora(const cli_args *a, const cli_opt *o, const char *v)
{
    tensu_hand *h = o->out;
    (void)a;
    return indicators(o->name, v, h->dora, &h->ndora);
}

static int ura(const cli_args *a, const cli_opt *o, const char *v)
{
    tensu_hand *h = o->out;
    (void)a;
    return indicators(o->name, v, h->ura, &h->nura);
}

/* --chi T ... --ankan T: a meld of type o->lo. */
static int meld(const cli_args *a, const cli_opt *o, const char *v)
{
    tensu_error err;
    if (tensu_hand_add_meld(o->out, (tensu_meld_type)o->lo, v, &err) != TENSU_OK)
        return cli_error(a->cmd, "%s %s: %s", o->name, v, err.message);
    return CLI_OK;
}

static int wind_to(const char *cmd, const char *v, const char *opt, int *out)
{
    int w = tensu_wind_parse(v);
    if (w < 0)
        return cli_error(cmd, "bad wind '%s' for %s: allowed E, S, W, N", v, opt);
    *out = w;
    return CLI_OK;
}

/* --seat W, --round W: said as written */
static int wind(const cli_args *a, const cli_opt *o, const char *v)
{
    return wind_to(a->cmd, v, a->arg, o->out);
}

static int pao(const cli_args *a, const cli_opt *o, const char *v)
{
    return wind_to(a->cmd, v, o->name, o->out);
}

static int win(const cli_args *a, const cli_opt *o, const char *v)
{
    tensu_error err;
    if (tensu_hand_set_win(o->out, v, &err) != TENSU_OK)
        return cli_error(a->cmd, "--win %s: %s", v, err.message);
    return CLI_OK;
}

int cmd_score(int argc, char **argv)
{
    tensu_rules r;
    tensu_hand h;
    tensu_error err;
    tensu_score_result res;
    const char *hand_text = NULL;
    bool use_jsonl = false, have_ron = false, have_tsumo = false;
    const char *jsonl_path = NULL, *lang = NULL, *draw = NULL;
    int jobs = cli_pool_cores(); /* --jsonl: the cores there are */
    int st;
    const cli_opt options[] = {
        {"--jsonl", CLI_MAYBE, &jsonl_path, .seen = &use_jsonl},
        {"--jobs", CLI_INT, &jobs, 1, 64},
        {"--ron", CLI_FLAG, &have_ron},
        {"--tsumo", CLI_FLAG, &have_tsumo},
        {"--chi", CLI_CALL, &h, TENSU_MELD_CHI, .call = meld},
        {"--pon", CLI_CALL, &h, TENSU_MELD_PON, .call = meld},
        {"--minkan", CLI_CALL, &h, TENSU_MELD_MINKAN, .call = meld},
        {"--ankan", CLI_CALL, &h, TENSU_MELD_ANKAN, .call = meld},
        {"--shouminkan", CLI_CALL, &h, TENSU_MELD_SHOUMINKAN, .call = meld},
        {"--kakan", CLI_CALL, &h, TENSU_MELD_SHOUMINKAN, .call = meld},
        {"--riichi", CLI_FLAG, &h.riichi},
        {"--double-riichi", CLI_FLAG, &h.double_riichi},
        {"--ippatsu", CLI_FLAG, &h.ippatsu},
        {"--haitei", CLI_FLAG, &h.haitei},
        {"--houtei", CLI_FLAG, &h.houtei},
        {"--rinshan", CLI_FLAG, &h.rinshan},
        {"--chankan", CLI_FLAG, &h.chankan},
        {"--tenhou", CLI_FLAG, &h.tenhou},
        {"--chiihou", CLI_FLAG, &h.chiihou},
        {"--renhou", CLI_FLAG, &h.renhou},
        {"--seat", CLI_CALL, &h.seat, .call = wind},
        {"--round", CLI_CALL, &h.round, .call = wind},
        {"--pao", CLI_CALL, &h.pao, .call = pao},
        {"--dora", CLI_CALL, &h, .call = dora},
        {"--ura", CLI_CALL, &h, .call = ura},
        {"--honba", CLI_INT, &h.honba, 0, 100},
        {"--sticks", CLI_INT, &h.sticks, 0, 100},
        {"--nukidora", CLI_INT, &h.nukidora, 0, 4},
        {"--lang", CLI_TEXT, &lang},
        {"--draw", CLI_TEXT, &draw},
        {"--win", CLI_CALL, &h, .call = win},
        {NULL}};
    const cli_command cmd = {"score", help, options, .operand = &hand_text, .operand_name = "hand"};

    if ((st = cli_rules("score", &argc, argv, &r)) != CLI_OK)
        return st;
    tensu_hand_init(&h);
    /* --help wherever it stands */
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            help();
            return CLI_OK;
        }
    }
    if ((st = cli_parse(&cmd, argc, argv)) != CLI_OK)
        return st;
    if (use_jsonl) {
        if (hand_text != NULL)
            return cli_error("score", "--jsonl reads hands from a file, not '%s'", hand_text);
        return cli_score_batch(jsonl_path, &r, jobs);
    }
    if (hand_text == NULL)
        return cli_error("score", "no hand given (see tensu score --help)");
    if (have_ron && have_tsumo)
        return cli_error("score", "--ron and --tsumo exclude each other");
    /* the scorer counts no ura without riichi (a record may carry them, as a
     * game's log shows them); given by hand, they are a riichi forgotten */
    if (h.nura > 0 && !h.riichi && !h.double_riichi)
        return cli_error("score", "--ura without riichi: ura dora count only for a winner who "
                                  "declared riichi (add --riichi or --double-riichi, or leave "
                                  "--ura out)");
    h.tsumo = have_tsumo;
    {
        tensu_hand tmp = h;
        /* parse the concealed tiles; the melds were added first */
        if (tensu_hand_parse(hand_text, &tmp, &err) != TENSU_OK) {
            if (err.column > 0)
                return cli_error("score", "hand '%s', column %d: %s", hand_text, err.column,
                                 err.message);
            return cli_error("score", "hand '%s': %s", hand_text, err.message);
        }
        if (tmp.win < 0 && strchr(hand_text, '+') == NULL) {
            /* the last tile written is the winning tile */
            int kinds[20], n;
            bool red[20];
            if (tensu_tiles_parse(hand_text, kinds, red, 20, &n, &err) == TENSU_OK && n > 0) {
                tmp.win = kinds[n - 1];
                tmp.win_red = red[n - 1];
            }
        }
        h = tmp;
    }
    st = tensu_score(&r, &h, &res, &err);
    if (st != TENSU_OK) {
        if (st == TENSU_ERR_NOT_AGARI || st == TENSU_ERR_NO_YAKU)
            return cli_error("score", "%s: %s", tensu_status_name(st), err.message);
        return cli_error("score", "invalid_input: %s", err.message);
    }
    lang = cli_lang(lang, NULL);
    if (lang != NULL && strcmp(lang, "en") == 0)
        lang = NULL; /* English: the lines built in */
    if (lang != NULL) {
        json_t *strings, *cat = cli_catalog("score", lang, &strings);
        if (cat == NULL)
            return CLI_USAGE;
        lang_strings = json_incref(strings);
        json_decref(cat);
    }
    {
        /* the names in English without --lang (the engine's when the
         * templates are not there) */
        json_t *strings, *cat = lang_strings ? NULL : cli_catalog(NULL, "en", &strings);
        name_strings = json_incref(lang_strings ? lang_strings : cat ? strings : NULL);
        json_decref(cat);
    }
    if (draw != NULL && (st = draw_hand_file(&r, &h, draw, lang ? lang : "en")) != CLI_OK) {
        json_decref(lang_strings);
        json_decref(name_strings);
        lang_strings = name_strings = NULL;
        return st;
    }
    print_result(&r, &h, hand_text, &res);
    if (draw != NULL)
        printf("%s %s\n", L("score.wrote", "wrote"), draw);
    json_decref(lang_strings);
    json_decref(name_strings);
    lang_strings = name_strings = NULL;
    return CLI_OK;
}
