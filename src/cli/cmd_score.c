#define _POSIX_C_SOURCE 200809L
/* tensu score: one hand for a person (compact command line), or JSON lines
 * in and out (../shared/formats/hands.md). */
#include "cli.h"
#include "../render/score_json.h"
#include "../render/render.h"

#include <errno.h>
#include <pthread.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void help(void)
{
    printf(
        "usage: tensu score HAND [options]\n"
        "       tensu score --jsonl [FILE|-] [--jobs N] [--rules NAME] [--set KEY=VALUE]...\n\n"
        "HAND is the concealed tiles in mpsz notation (0 = red five), then '+' and the\n"
        "winning tile: 234m1122z+1z.  Without '+', the last tile written is the winning\n"
        "tile.  The concealed tiles may include the winning tile or not.\n\n"
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

/* The longest --jsonl line read (bounded work; LIMITS in tensu(1)). */
#define JSONL_MAX_LINE 65536

/* --jsonl reads the input a block at a time, straight into the block, and
 * cuts each block at line ends into pieces of about JSONL_PIECE bytes.  The
 * pieces are scored by N threads (the main one among them), each taking
 * the next piece free, so that a core that another program slows holds
 * nobody up; each piece keeps its results in its own buffer.  The main
 * thread reads the next block while the threads score this one, and
 * writes the pieces in input order: the output is the same bytes for
 * every N, and memory stays that of two blocks. */
#define JSONL_BLOCK (1u << 20)
#define JSONL_PIECE (16u << 10)
#define JSONL_PIECES (JSONL_BLOCK / JSONL_PIECE + 1)

typedef struct jbuf {
    char *s;
    size_t n, cap;
} jbuf;

/* A line that is no record: its error record names its line, which only
 * the writer knows (a piece counts its lines from its start), so the
 * writer makes it. */
typedef struct jbad {
    size_t off;       /* where its result goes in the piece's output */
    long line;        /* 0 for the piece's first line */
    const char *text; /* the line; NULL: longer than JSONL_MAX_LINE */
    size_t len;
} jbad;

typedef struct jpiece {
    const char *s, *e; /* whole lines, the last one's newline may be missing */
    bool overlong;     /* one line longer than a block, not kept */
    bool nomem;
    long nlines;       /* lines read, blank ones and comments too */
    jbuf out;          /* result lines, newline after each */
    jbuf bad;          /* its jbad entries, one after the other */
} jpiece;

typedef struct jblock {
    char *buf; /* JSONL_BLOCK bytes */
    jpiece piece[JSONL_PIECES];
    size_t npieces, next, done;
} jblock;

typedef struct jpool {
    pthread_mutex_t mu;
    pthread_cond_t work, done;
    jblock blk[2];
    long head, tail; /* blocks [head, tail) are out, block i in blk[i % 2] */
    bool quit;
    const tensu_rules *r;
} jpool;

static bool jbuf_room(jbuf *b, size_t n)
{
    if (b->n + n > b->cap) {
        size_t cap = (b->n + n) * 2;
        char *p = realloc(b->s, cap);
        if (p == NULL)
            return false;
        b->s = p;
        b->cap = cap;
    }
    return true;
}

static bool add_bad(jpiece *pc, long line, const char *text, size_t len)
{
    jbad b = {pc->out.n, line, text, len};
    if (!jbuf_room(&pc->bad, sizeof b))
        return false;
    memcpy(pc->bad.s + pc->bad.n, &b, sizeof b);
    pc->bad.n += sizeof b;
    return true;
}

/* Blank, or a comment: no record (and no result). */
static bool no_record(const char *s, const char *e)
{
    for (; s < e; s++)
        if (*s != ' ' && *s != '\t' && *s != '\r')
            return *s == '/' && s + 1 < e && s[1] == '/';
    return true;
}

static void score_piece(jpiece *pc, jr_doc *doc, const tensu_rules *r)
{
    pc->out.n = 0;
    pc->bad.n = 0;
    pc->nlines = 0;
    if (pc->overlong) {
        pc->nlines = 1;
        pc->nomem = !add_bad(pc, 0, NULL, 0);
        return;
    }
    for (const char *p = pc->s; p < pc->e && !pc->nomem;) {
        const char *nl = memchr(p, '\n', (size_t)(pc->e - p)), *end = nl ? nl : pc->e;
        size_t len = (size_t)(end - p);
        long line = pc->nlines++;
        if (len > JSONL_MAX_LINE) {
            pc->nomem = !add_bad(pc, line, NULL, 0);
        } else if (!no_record(p, end)) {
            score_outcome outcome;
            size_t n;
            if (!jbuf_room(&pc->out, SCORE_LINE_MAX + 1)) {
                pc->nomem = true;
                break;
            }
            n = score_json_text(doc, p, len, 0, r, pc->out.s + pc->out.n, SCORE_LINE_MAX,
                                &outcome);
            if (outcome != SCORE_SCORED) {
                /* an error record names its line, which only the writer
                 * knows: made again there (errors are few) */
                pc->nomem = !add_bad(pc, line, p, len);
            } else {
                pc->out.n += n < SCORE_LINE_MAX ? n : SCORE_LINE_MAX - 1;
                pc->out.s[pc->out.n++] = '\n';
            }
        }
        p = end + 1;
    }
}

/* The next piece of the oldest block out that has one (mu held), or NULL;
 * *b its block. */
static jpiece *take_piece(jpool *pool, long only, jblock **b)
{
    for (long k = pool->head; k < pool->tail; k++) {
        jblock *blk = &pool->blk[k % 2];
        if (only >= 0 && k != only)
            continue;
        if (blk->next < blk->npieces) {
            *b = blk;
            return &blk->piece[blk->next++];
        }
    }
    return NULL;
}

/* Score pieces until there is none (only: of that block, or any if < 0);
 * a worker thread waits for more until the pool is closed. */
static void run_pieces(jpool *pool, jr_doc *doc, long only, bool wait)
{
    pthread_mutex_lock(&pool->mu);
    for (;;) {
        jblock *b;
        jpiece *pc = take_piece(pool, only, &b);
        if (pc == NULL) {
            if (!wait || pool->quit)
                break;
            pthread_cond_wait(&pool->work, &pool->mu);
            continue;
        }
        pthread_mutex_unlock(&pool->mu);
        score_piece(pc, doc, pool->r);
        pthread_mutex_lock(&pool->mu);
        if (++b->done == b->npieces)
            pthread_cond_broadcast(&pool->done);
    }
    pthread_mutex_unlock(&pool->mu);
}

static void *jsonl_worker(void *arg)
{
    jpool *pool = arg;
    jr_doc doc = {0};
    run_pieces(pool, &doc, -1, true);
    jr_free(&doc);
    return NULL;
}

/* The input, read a block at a time. */
typedef struct jin {
    int fd;
    bool eof;
    int err;          /* errno of a failed read */
    const char *carry; /* the start of a line the last block cut */
    size_t ncarry;
    bool skipping;    /* in a line longer than a block: until its end */
} jin;

static size_t fill(jin *in, char *buf, size_t have)
{
    while (have < JSONL_BLOCK && !in->eof) {
        ssize_t n = read(in->fd, buf + have, JSONL_BLOCK - have);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            in->err = n < 0 ? errno : 0;
            in->eof = true;
            break;
        }
        have += (size_t)n;
    }
    return have;
}

/* Reads the next block into b and cuts it into pieces; false when the
 * input is over. */
static bool read_block(jin *in, jblock *b)
{
    size_t have, end;
    if (in->ncarry > 0)
        memmove(b->buf, in->carry, in->ncarry); /* the other block's bytes, read only */
    have = fill(in, b->buf, in->ncarry);
    in->ncarry = 0;
    b->npieces = b->next = b->done = 0;
    while (in->skipping) { /* the rest of a line longer than a block */
        const char *nl = memchr(b->buf, '\n', have);
        if (nl != NULL) {
            size_t rest = have - (size_t)(nl + 1 - b->buf);
            memmove(b->buf, nl + 1, rest);
            have = fill(in, b->buf, rest);
            in->skipping = false;
        } else if (in->eof) {
            have = 0;
            in->skipping = false;
        } else {
            have = fill(in, b->buf, 0);
        }
    }
    if (have == 0)
        return false;
    for (end = have; end > 0 && b->buf[end - 1] != '\n'; end--)
        ;
    if (end == 0 && !in->eof) {
        /* no line end in a whole block: a line too long to keep */
        b->piece[0].overlong = true;
        b->npieces = 1;
        in->skipping = true;
        return true;
    }
    if (end == 0 || in->eof)
        end = have; /* the last line, without its newline */
    in->carry = b->buf + end;
    in->ncarry = have - end;
    for (size_t at = 0; at < end;) {
        jpiece *pc = &b->piece[b->npieces++];
        const char *nl = at + JSONL_PIECE < end
                             ? memchr(b->buf + at + JSONL_PIECE, '\n', end - at - JSONL_PIECE)
                             : NULL;
        size_t stop = nl ? (size_t)(nl + 1 - b->buf) : end;
        pc->s = b->buf + at;
        pc->e = b->buf + stop;
        pc->overlong = false;
        at = stop;
    }
    return true;
}

/* Block b's results in input order, the error records made here with
 * their line numbers (the lines that are not JSON said on stderr too);
 * *lineno counts the lines before the block. */
static int write_block(jblock *b, long *lineno, jr_doc *doc, const tensu_rules *r, int status)
{
    char res[SCORE_LINE_MAX];
    for (size_t i = 0; i < b->npieces; i++) {
        const jpiece *pc = &b->piece[i];
        size_t at = 0;
        if (pc->nomem)
            return CLI_SOFTWARE;
        for (size_t k = 0; k < pc->bad.n; k += sizeof(jbad)) {
            jbad bad0, *bad = &bad0;
            long line;
            memcpy(bad, pc->bad.s + k, sizeof *bad);
            line = *lineno + bad->line + 1;
            size_t len;
            score_outcome outcome = SCORE_NOT_JSON;
            if (bad->text == NULL) {
                char why[200];
                snprintf(why, sizeof why,
                         "line %ld: longer than %d bytes, the most a record may be (a hand is a "
                         "few hundred)",
                         line, JSONL_MAX_LINE);
                len = score_write_error(res, sizeof res, NULL, line, TENSU_ERR_INVALID, why);
            } else {
                len = score_json_text(doc, bad->text, bad->len, line, r, res, sizeof res,
                                      &outcome);
            }
            if (len >= sizeof res)
                len = sizeof res - 1;
            if (outcome == SCORE_NOT_JSON) {
                /* a line that is no record: said on stderr too, in input
                 * order, and the exit status is 2 (a hand's own error is
                 * only in its result line) */
                const char *e = strstr(res, "invalid_input: "), *end = e ? strchr(e, '"') : NULL;
                if (e && end)
                    cli_error("score", "%.*s", (int)(end - e - 15), e + 15);
                status = CLI_USAGE;
            }
            if (bad->off > at)
                fwrite(pc->out.s + at, 1, bad->off - at, stdout);
            fwrite(res, 1, len, stdout);
            fputc('\n', stdout);
            at = bad->off;
        }
        if (pc->out.n > at)
            fwrite(pc->out.s + at, 1, pc->out.n - at, stdout);
        *lineno += pc->nlines;
    }
    return status;
}

static int jsonl(const char *path, const tensu_rules *r, int jobs)
{
    jpool pool;
    jin in = {0};
    jr_doc doc = {0};
    pthread_t tid[64];
    FILE *f = stdin;
    int status = CLI_OK, nt = 0;
    long lineno = 0, k;

    if (path != NULL && strcmp(path, "-") != 0) {
        f = fopen(path, "r");
        if (f == NULL)
            return cli_error("score", "cannot open '%s': %s", path, strerror(errno));
    }
    in.fd = fileno(f);
    memset(&pool, 0, sizeof pool);
    pool.r = r;
    pool.blk[0].buf = malloc(JSONL_BLOCK);
    pool.blk[1].buf = malloc(JSONL_BLOCK);
    if (pool.blk[0].buf == NULL || pool.blk[1].buf == NULL) {
        status = CLI_SOFTWARE;
        goto out;
    }
    pthread_mutex_init(&pool.mu, NULL);
    pthread_cond_init(&pool.work, NULL);
    pthread_cond_init(&pool.done, NULL);
    /* the main thread is one of the N: it scores when it is not reading
     * or writing */
    for (int t = 1; t < jobs && t < 64; t++) {
        if (pthread_create(&tid[nt], NULL, jsonl_worker, &pool) != 0)
            break; /* fewer threads: the main one scores the rest */
        nt++;
    }
    if (read_block(&in, &pool.blk[0]))
        pool.tail = 1;
    for (k = 0; k < pool.tail && status != CLI_SOFTWARE; k++) {
        jblock *b = &pool.blk[k % 2];
        pthread_mutex_lock(&pool.mu);
        pthread_cond_broadcast(&pool.work);
        pthread_mutex_unlock(&pool.mu);
        /* the next block is read while this one is scored; its buffer's
         * results were written */
        if (pool.tail == k + 1 && read_block(&in, &pool.blk[(k + 1) % 2])) {
            pthread_mutex_lock(&pool.mu);
            pool.tail = k + 2;
            pthread_cond_broadcast(&pool.work);
            pthread_mutex_unlock(&pool.mu);
        }
        run_pieces(&pool, &doc, k, false);
        pthread_mutex_lock(&pool.mu);
        while (b->done < b->npieces)
            pthread_cond_wait(&pool.done, &pool.mu);
        pthread_mutex_unlock(&pool.mu);
        status = write_block(b, &lineno, &doc, r, status);
        pthread_mutex_lock(&pool.mu);
        pool.head = k + 1;
        pthread_mutex_unlock(&pool.mu);
    }
    pthread_mutex_lock(&pool.mu);
    pool.quit = true;
    pool.head = pool.tail; /* on an error, nothing more to take */
    pthread_cond_broadcast(&pool.work);
    pthread_mutex_unlock(&pool.mu);
    for (int t = 0; t < nt; t++)
        pthread_join(tid[t], NULL);
    pthread_mutex_destroy(&pool.mu);
    pthread_cond_destroy(&pool.work);
    pthread_cond_destroy(&pool.done);
    if (in.err != 0 && status != CLI_SOFTWARE)
        status = cli_error("score", "cannot read '%s': %s", path ? path : "-", strerror(in.err));
out:
    for (int i = 0; i < 2; i++) {
        for (size_t p = 0; p < JSONL_PIECES; p++) {
            free(pool.blk[i].piece[p].out.s);
            free(pool.blk[i].piece[p].bad.s);
        }
        free(pool.blk[i].buf);
    }
    jr_free(&doc);
    if (f != stdin)
        fclose(f);
    if (status == CLI_SOFTWARE)
        return cli_error("score", "out of memory");
    if (fflush(stdout) != 0)
        return cli_error("score", "cannot write the output");
    return status;
}

static const char *const wind_names[] = {"East", "South", "West", "North"};

/* --lang: the catalog's strings (templates/LANG.json), NULL for the
 * built-in English of the lines below. */
static json_t *lang_strings;

static const char *L(const char *key, const char *english)
{
    const char *s = json_string_value(json_object_get(lang_strings, key));
    return s ? s : english;
}

static const char *L2(const char *prefix, const char *word, const char *english)
{
    char key[128];
    snprintf(key, sizeof key, "%s%s", prefix, word);
    return lang_strings ? L(key, english) : english;
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
    for (int i = 0; i < res->nyaku; i++) {
        if (res->yaku[i].yakuman > 0)
            printf("  %-18s %s\n", L2("yaku.", res->yaku[i].name, res->yaku[i].name),
                   res->yaku[i].yakuman > 1 ? "double yakuman" : "yakuman");
        else
            printf("  %-18s %d han\n", L2("yaku.", res->yaku[i].name, res->yaku[i].name),
                   res->yaku[i].han);
    }
    if (res->yakuman == 0) {
        if (res->dora)
            printf("  %-18s %d han\n", "dora", res->dora);
        if (res->aka)
            printf("  %-18s %d han\n", "aka dora", res->aka);
        if (res->ura)
            printf("  %-18s %d han\n", "ura dora", res->ura);
        int width = 44;
        printf("fu:\n");
        for (int i = 0; i < res->nfu; i++) {
            score_fu_text(&res->fu_detail[i], buf, sizeof buf);
            if (lang_strings)
                snprintf(buf, sizeof buf, "%s", L2("fu.reason.", res->fu_detail[i].reason,
                                                   res->fu_detail[i].reason));
            if (cli_display_width(buf) > width)
                width = cli_display_width(buf);
        }
        for (int i = 0; i < res->nfu; i++) {
            score_fu_text(&res->fu_detail[i], buf, sizeof buf);
            if (lang_strings)
                snprintf(buf, sizeof buf, "%s", L2("fu.reason.", res->fu_detail[i].reason,
                                                   res->fu_detail[i].reason));
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
            const char *l = score_limit_text(res, buf, sizeof buf);
            if (l != NULL)
                printf(" (%s)", l);
        }
    } else {
        printf("%s", score_limit_text(res, buf, sizeof buf));
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
                    printf("%s%s", first ? "" : " ", tensu_yaku_name((tensu_yaku_id)id));
                    first = 0;
                }
            printf(", %s wait)\n", tensu_wait_name(al->wait));
        }
    }
}

/* --draw FILE: the hand's picture (the hand-card template) as SVG, PNG or
 * PDF, by the name's ending; written to a temporary name and renamed. */
static int draw_hand_file(const tensu_rules *r, const tensu_hand *h, const char *path,
                          const char *lang)
{
    char dbuf[1200], tmp[1400];
    const char *dir = cli_data_dir(dbuf, sizeof dbuf), *dot = strrchr(path, '.');
    tensu_sheet_opts o = {dir, "hand-card", lang, NULL, "", 0, NULL, h};
    tensu_error err;
    tensu_doc *d;
    tensu_status st;
    const char *slash = strrchr(path, '/');
    if (dot == NULL || (strcmp(dot, ".svg") != 0 && strcmp(dot, ".png") != 0 &&
                        strcmp(dot, ".pdf") != 0))
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
    /* the temporary file beside the final one, so that rename stays on its disk */
    cli_tmp_path(path, tmp, sizeof tmp);
    st = strcmp(dot, ".pdf") == 0   ? tensu_pdf_write(d, tmp, &err)
         : strcmp(dot, ".svg") == 0 ? tensu_svg_write(d, 0, tmp, &err)
                                    : tensu_png_write(d, 0, 300, tmp, &err);
    tensu_doc_free(d);
    if (st != TENSU_OK) {
        remove(tmp);
        return cli_core_error("score", &err);
    }
    if (rename(tmp, path) != 0) {
        int e = errno;
        remove(tmp);
        return cli_error("score", "cannot write %s: %s", path, strerror(e));
    }
    return CLI_OK;
}

static bool indicators(const char *opt, const char *text, int *out, int *n)
{
    tensu_error err;
    bool red[TENSU_MAX_INDICATORS];
    int kinds[TENSU_MAX_INDICATORS], got;
    if (tensu_tiles_parse(text, kinds, red, TENSU_MAX_INDICATORS - *n, &got, &err) != TENSU_OK) {
        cli_error("score", "%s '%s', column %d: %s", opt, text, err.column, err.message);
        return false;
    }
    for (int i = 0; i < got; i++)
        out[(*n)++] = kinds[i];
    return true;
}

int cmd_score(int argc, char **argv)
{
    tensu_rules r;
    tensu_hand h;
    tensu_error err;
    tensu_score_result res;
    cli_args a;
    const char *hand_text = NULL, *v;
    bool use_jsonl = false, have_ron = false, have_tsumo = false;
    const char *jsonl_path = NULL, *lang = NULL, *draw = NULL;
    int jobs = (int)sysconf(_SC_NPROCESSORS_ONLN); /* --jsonl: the cores there are */
    bool ended = false;                             /* "--" seen */
    int st = cli_rules("score", &argc, argv, &r);
    static const struct {
        const char *opt;
        tensu_meld_type t;
    } meld_opts[] = {{"--chi", TENSU_MELD_CHI},       {"--pon", TENSU_MELD_PON},
                     {"--minkan", TENSU_MELD_MINKAN}, {"--ankan", TENSU_MELD_ANKAN},
                     {"--shouminkan", TENSU_MELD_SHOUMINKAN}, {"--kakan", TENSU_MELD_SHOUMINKAN}};
    static const char *const flag_opts[] = {"--riichi", "--double-riichi", "--ippatsu",
                                            "--haitei", "--houtei", "--rinshan", "--chankan",
                                            "--tenhou", "--chiihou", "--renhou"};

    if (st != CLI_OK)
        return st;
    tensu_hand_init(&h);
    /* first pass: --help, --jsonl, the hand */
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            help();
            return CLI_OK;
        }
    }
    a.cmd = "score";
    a.argc = argc;
    a.argv = argv;
    for (a.i = 1; a.i < argc;) {
        const char *arg = argv[a.i];
        bool done = false;
        int got;
        if (!ended && strcmp(arg, "--") == 0) {
            ended = true; /* what follows is the hand, even if it starts with '-' */
            a.i++;
            continue;
        }
        if (ended) {
            if (hand_text != NULL)
                return cli_error("score", "one hand at a time: '%s' after '%s'", arg, hand_text);
            hand_text = arg;
            a.i++;
            continue;
        }
        if (cli_opt_flag(&a, "--jsonl")) {
            use_jsonl = true;
            if (a.i < argc && argv[a.i][0] != '-')
                jsonl_path = argv[a.i++];
            else if (a.i < argc && strcmp(argv[a.i], "-") == 0)
                jsonl_path = argv[a.i++];
            continue;
        }
        if ((got = cli_opt_value(&a, "--jobs", &v)) != 0) {
            if (got < 0 || !cli_int("score", "--jobs", v, 1, 64, &jobs))
                return CLI_USAGE;
            continue;
        }
        if (cli_opt_flag(&a, "--ron")) {
            have_ron = true;
            continue;
        }
        if (cli_opt_flag(&a, "--tsumo")) {
            have_tsumo = true;
            continue;
        }
        for (size_t k = 0; k < sizeof meld_opts / sizeof meld_opts[0] && !done; k++) {
            got = cli_opt_value(&a, meld_opts[k].opt, &v);
            if (got < 0)
                return CLI_USAGE;
            if (got > 0) {
                if (tensu_hand_add_meld(&h, meld_opts[k].t, v, &err) != TENSU_OK)
                    return cli_error("score", "%s %s: %s", meld_opts[k].opt, v, err.message);
                done = true;
            }
        }
        for (size_t k = 0; k < sizeof flag_opts / sizeof flag_opts[0] && !done; k++) {
            if (cli_opt_flag(&a, flag_opts[k])) {
                bool *f[] = {&h.riichi, &h.double_riichi, &h.ippatsu, &h.haitei, &h.houtei,
                             &h.rinshan, &h.chankan, &h.tenhou, &h.chiihou, &h.renhou};
                *f[k] = true;
                done = true;
            }
        }
        if (done)
            continue;
        if ((got = cli_opt_value(&a, "--seat", &v)) != 0 ||
            (got = cli_opt_value(&a, "--round", &v)) != 0) {
            int w;
            if (got < 0)
                return CLI_USAGE;
            w = tensu_wind_parse(v);
            if (w < 0)
                return cli_error("score", "bad wind '%s' for %s: allowed E, S, W, N", v, arg);
            if (strcmp(arg, "--round") == 0 || strncmp(arg, "--round=", 8) == 0)
                h.round = w;
            else
                h.seat = w;
            continue;
        }
        if ((got = cli_opt_value(&a, "--pao", &v)) != 0) {
            if (got < 0)
                return CLI_USAGE;
            h.pao = tensu_wind_parse(v);
            if (h.pao < 0)
                return cli_error("score", "bad wind '%s' for --pao: allowed E, S, W, N", v);
            continue;
        }
        if ((got = cli_opt_value(&a, "--dora", &v)) != 0) {
            if (got < 0 || !indicators("--dora", v, h.dora, &h.ndora))
                return CLI_USAGE;
            continue;
        }
        if ((got = cli_opt_value(&a, "--ura", &v)) != 0) {
            if (got < 0 || !indicators("--ura", v, h.ura, &h.nura))
                return CLI_USAGE;
            continue;
        }
        if ((got = cli_opt_value(&a, "--honba", &v)) != 0) {
            if (got < 0 || !cli_int("score", "--honba", v, 0, 100, &h.honba))
                return CLI_USAGE;
            continue;
        }
        if ((got = cli_opt_value(&a, "--sticks", &v)) != 0) {
            if (got < 0 || !cli_int("score", "--sticks", v, 0, 100, &h.sticks))
                return CLI_USAGE;
            continue;
        }
        if ((got = cli_opt_value(&a, "--nukidora", &v)) != 0) {
            if (got < 0 || !cli_int("score", "--nukidora", v, 0, 4, &h.nukidora))
                return CLI_USAGE;
            continue;
        }
        if ((got = cli_opt_value(&a, "--lang", &v)) != 0) {
            if (got < 0)
                return CLI_USAGE;
            lang = v;
            continue;
        }
        if ((got = cli_opt_value(&a, "--draw", &v)) != 0) {
            if (got < 0)
                return CLI_USAGE;
            draw = v;
            continue;
        }
        if ((got = cli_opt_value(&a, "--win", &v)) != 0) {
            if (got < 0)
                return CLI_USAGE;
            if (tensu_hand_set_win(&h, v, &err) != TENSU_OK)
                return cli_error("score", "--win %s: %s", v, err.message);
            continue;
        }
        if (arg[0] == '-' && arg[1] != '\0')
            return cli_error("score", "unknown option '%s' (see tensu score --help)", arg);
        if (hand_text != NULL)
            return cli_error("score", "one hand at a time: '%s' after '%s'", arg, hand_text);
        hand_text = arg;
        a.i++;
    }
    if (use_jsonl) {
        if (hand_text != NULL)
            return cli_error("score", "--jsonl reads hands from a file, not '%s'", hand_text);
        return jsonl(jsonl_path, &r, jobs);
    }
    if (hand_text == NULL)
        return cli_error("score", "no hand given (see tensu score --help)");
    if (have_ron && have_tsumo)
        return cli_error("score", "--ron and --tsumo exclude each other");
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
    if (lang != NULL) {
        json_t *strings, *cat = cli_catalog("score", lang, &strings);
        if (cat == NULL)
            return CLI_USAGE;
        lang_strings = json_incref(strings);
        json_decref(cat);
    }
    if (draw != NULL && (st = draw_hand_file(&r, &h, draw, lang ? lang : "en")) != CLI_OK) {
        json_decref(lang_strings);
        lang_strings = NULL;
        return st;
    }
    print_result(&r, &h, hand_text, &res);
    if (draw != NULL)
        printf("%s %s\n", L("score.wrote", "wrote"), draw);
    json_decref(lang_strings);
    lang_strings = NULL;
    return CLI_OK;
}
