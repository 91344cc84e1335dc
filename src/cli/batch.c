#define _POSIX_C_SOURCE 200809L
/* The batch of tensu score --jsonl: JSON lines in, one result line each
 * out (../shared/formats/hands.md), scored on several threads, written in
 * input order. */
#include "cli.h"
#include "pool.h"
#include "../record/score_json.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The longest --jsonl line read (bounded work; LIMITS in tensu(1)). */
#define JSONL_MAX_LINE 65536

/* --jsonl reads the input a block at a time, straight into the block, and
 * cuts each block at line ends into pieces of about JSONL_PIECE bytes.  The
 * pieces are scored by N threads (the main one among them, pool.h), each
 * taking the next piece free, so that a core that another program slows
 * holds nobody up; each piece keeps its results in its own buffer.  The
 * main thread reads the next block while the threads score this one, and
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

typedef struct jbatch jbatch;

typedef struct jblock {
    char *buf; /* JSONL_BLOCK bytes */
    jpiece piece[JSONL_PIECES];
    size_t npieces;
    cli_run run; /* its pieces, given to the pool */
    jbatch *batch;
} jblock;

struct jbatch {
    jblock blk[2]; /* block i in blk[i % 2] */
    const tensu_rules *r;
    jr_doc *doc; /* one per worker of the pool: the threads', then the main one's */
};

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

/* A task of the pool: piece i of the block. */
static void score_task(void *user, int worker, size_t i)
{
    jblock *b = user;
    score_piece(&b->piece[i], &b->batch->doc[worker], b->batch->r);
}

static void give_block(cli_pool *pool, jblock *b)
{
    cli_pool_give(pool, &b->run, score_task, b, b->npieces);
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
    b->npieces = 0;
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

int cli_score_batch(const char *path, const tensu_rules *r, int jobs)
{
    jbatch batch;
    jin in = {0};
    cli_pool *pool = NULL;
    FILE *f = stdin;
    int status = CLI_OK, main_worker = 0;
    long lineno = 0, tail = 0, k = 0;

    if (path != NULL && strcmp(path, "-") != 0) {
        f = fopen(path, "r");
        if (f == NULL)
            return cli_error("score", "cannot open '%s': %s", path, strerror(errno));
    }
    in.fd = fileno(f);
    memset(&batch, 0, sizeof batch);
    batch.r = r;
    for (int i = 0; i < 2; i++) {
        batch.blk[i].batch = &batch;
        batch.blk[i].buf = malloc(JSONL_BLOCK);
    }
    /* the main thread is one of the N (at most 64, as --jobs allows): it
     * scores when it is not reading or writing */
    pool = cli_pool_new((jobs < 64 ? jobs : 64) - 1);
    if (pool != NULL) {
        main_worker = cli_pool_threads(pool);
        batch.doc = calloc((size_t)main_worker + 1, sizeof *batch.doc);
    }
    if (batch.blk[0].buf == NULL || batch.blk[1].buf == NULL || batch.doc == NULL) {
        status = CLI_SOFTWARE;
        goto out;
    }
    if (read_block(&in, &batch.blk[0])) {
        give_block(pool, &batch.blk[0]);
        tail = 1;
    }
    for (k = 0; k < tail && status != CLI_SOFTWARE; k++) {
        jblock *b = &batch.blk[k % 2];
        /* the next block is read while this one is scored; its buffer's
         * results were written */
        if (tail == k + 1 && read_block(&in, &batch.blk[(k + 1) % 2])) {
            give_block(pool, &batch.blk[(k + 1) % 2]);
            tail = k + 2;
        }
        cli_pool_wait(pool, &b->run, true);
        status = write_block(b, &lineno, &batch.doc[main_worker], r, status);
    }
    for (; k < tail; k++) /* after an error, the block given still scored: its buffers freed */
        cli_pool_wait(pool, &batch.blk[k % 2].run, true);
    if (in.err != 0 && status != CLI_SOFTWARE)
        status = cli_error("score", "cannot read '%s': %s", path ? path : "-", strerror(in.err));
out:
    cli_pool_free(pool);
    for (int i = 0; i < 2; i++) {
        for (size_t p = 0; p < JSONL_PIECES; p++) {
            free(batch.blk[i].piece[p].out.s);
            free(batch.blk[i].piece[p].bad.s);
        }
        free(batch.blk[i].buf);
    }
    for (int w = 0; batch.doc != NULL && w <= main_worker; w++)
        jr_free(&batch.doc[w]);
    free(batch.doc);
    if (f != stdin)
        fclose(f);
    if (status == CLI_SOFTWARE)
        return cli_error("score", "out of memory");
    if (fflush(stdout) != 0)
        return cli_error("score", "cannot write the output");
    return status;
}
