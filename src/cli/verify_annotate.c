/* tensu verify --annotate FILE.pdf|FILE.svg: the chart redrawn as a sheet
 * with its wrong cells marked (src/render/annotate.c lays it out; the
 * back ends of the sheets draw it). */
#define _POSIX_C_SOURCE 200809L
#include "verify_annotate.h"
#include "cli.h"
#include "../render/annotate.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

int cli_annotate_kind(const char *path)
{
    size_t n = strlen(path);
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    if (strlen(base) < 5)
        return 0;
    if (strcasecmp(path + n - 4, ".pdf") == 0)
        return 1;
    if (strcasecmp(path + n - 4, ".svg") == 0)
        return 2;
    return 0;
}


/* The name of page i (from 0) of n: the name itself for a single page,
 * else NAME-1.svg, NAME-2.svg ... (the extension as given), as tensu
 * sheets names the pages of a multi-page sheet. */
static void page_name(const char *path, size_t i, size_t n, char *buf, size_t size)
{
    char stem[4200];
    size_t len = strlen(path);
    snprintf(stem, sizeof stem, "%.*s", (int)(len - 4), path);
    cli_page_name(stem, path + len - 3, i, n, buf, size);
}

/* Remove the temporary files of pages [0, n). */
static void remove_temps(const char *path, size_t n, size_t npages)
{
    char name[4200], tmp[4300];
    for (size_t i = 0; i < n; i++) {
        page_name(path, i, npages, name, sizeof name);
        cli_tmp_path(name, tmp, sizeof tmp);
        remove(tmp);
    }
}

int cli_annotate_write(const char *path, const char *lang, const char *paper,
                       const char *file, const tensu_chart *chart, const tensu_verdict *v)
{
    char dbuf[1200], tmp[4300], name[4200];
    const char *dir = cli_data_dir(dbuf, sizeof dbuf);
    int kind = cli_annotate_kind(path);
    tensu_annotate_opts o = {dir, lang, paper, file};
    tensu_error err;
    tensu_doc *d;
    size_t files, done = 0;
    FILE *probe;
    int st;

    if (kind == 0)
        return cli_error("verify", "--annotate %s: the name must end in .pdf or .svg", path);
    if (dir == NULL)
        return cli_no_data_dir("verify");
    if (strlen(path) > 4000)
        return cli_error("verify", "--annotate: the name is too long");
    /* the temporary file beside the final one, so that rename() is atomic */
    cli_tmp_path(path, tmp, sizeof tmp);
    probe = fopen(tmp, "wb");
    if (probe == NULL)
        return cli_error("verify", "cannot write %s: %s", path, strerror(errno));
    fclose(probe);
    remove(tmp);

    d = tensu_annotate_build(&o, chart, v, &err);
    if (d == NULL)
        return cli_core_error("verify", &err);
    /* a PDF holds every page; an SVG is one page, so one file per page */
    files = kind == 1 ? 1 : d->npages;
    for (; done < files; done++) {
        cli_content c = {kind == 1 ? CLI_PDF : CLI_SVG, d, done};
        page_name(path, done, files, name, sizeof name);
        cli_tmp_path(name, tmp, sizeof tmp);
        if (cli_render(&c, tmp, &err) != TENSU_OK) {
            tensu_doc_free(d);
            remove_temps(path, done + 1, files);
            return cli_error("verify", "cannot write %s: %s", name, err.message);
        }
    }
    tensu_doc_free(d);
    /* every page written: now under their names */
    for (size_t i = 0; i < files; i++) {
        page_name(path, i, files, name, sizeof name);
        cli_tmp_path(name, tmp, sizeof tmp);
        if ((st = cli_commit("verify", tmp, name)) != CLI_OK) {
            /* no chart half written: the pages already renamed go too */
            for (size_t j = 0; j < i; j++) {
                char done_name[4200];
                page_name(path, j, files, done_name, sizeof done_name);
                remove(done_name);
            }
            remove_temps(path, files, files);
            return st;
        }
    }
    return CLI_OK;
}
