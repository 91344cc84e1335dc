/* The one writer of the files the commands make (sheets, worksheets, a
 * hand's picture, an annotated chart): each written under a temporary
 * name beside its own and renamed, so that no half-written file ever
 * stands under its name; the output folder; the names of a document's
 * files, one a page where a format holds one page. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "../render/render.h"

#include <sys/stat.h>
#include <dirent.h>
#include <signal.h>
#include <unistd.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void cli_page_name(const char *stem, const char *ext, size_t i, size_t n, char *buf,
                   size_t size)
{
    if (n <= 1)
        snprintf(buf, size, "%s.%s", stem, ext);
    else
        snprintf(buf, size, "%s-%zu.%s", stem, i + 1, ext);
}

void cli_tmp_path(const char *final, char *tmp, size_t size)
{
    const char *slash = strrchr(final, '/');
    const char *name = slash ? slash + 1 : final;
    char folder[1400], prefix[600];
    size_t np;
    DIR *dir;
    struct dirent *e;
    snprintf(folder, sizeof folder, "%.*s", slash ? (int)(slash - final) : 1,
             slash ? (slash == final ? "/" : final) : ".");
    snprintf(prefix, sizeof prefix, ".%s.tmp", name);
    np = strlen(prefix);
    if ((dir = opendir(folder)) != NULL) {
        while ((e = readdir(dir)) != NULL) {
            char *end;
            long pid;
            if (strncmp(e->d_name, prefix, np) != 0 || e->d_name[np] == '\0')
                continue;
            pid = strtol(e->d_name + np, &end, 10);
            if (*end != '\0' || pid <= 0 || pid == (long)getpid())
                continue;
            if (kill((pid_t)pid, 0) != 0 && errno == ESRCH) {
                char old[2100];
                snprintf(old, sizeof old, "%s/%s", folder, e->d_name);
                remove(old);
            }
        }
        closedir(dir);
    }
    snprintf(tmp, size, "%.*s%s%s%ld", slash ? (int)(slash - final + 1) : 0, final, prefix,
             "", (long)getpid());
}

tensu_status cli_render(const cli_content *c, const char *path, tensu_error *err)
{
    FILE *f;
    switch (c->format) {
    case CLI_PDF: return tensu_pdf_write(c->doc, path, err);
    case CLI_SVG: return tensu_svg_write(c->doc, c->page, path, err);
    case CLI_PNG: return tensu_png_write(c->doc, c->page, c->dpi, path, err);
    default: break;
    }
    /* text: the reason is the system's */
    f = fopen(path, "wb");
    if (f == NULL || (fwrite(c->text, 1, c->len, f) != c->len) + (fclose(f) != 0) > 0) {
        int e = errno;
        *err = (tensu_error){TENSU_ERR_INVALID};
        snprintf(err->message, sizeof err->message, "%s", strerror(e));
        return err->status;
    }
    return TENSU_OK;
}

int cli_commit(const char *cmd, const char *tmp, const char *path)
{
    if (rename(tmp, path) != 0) {
        int e = errno;
        remove(tmp);
        return cli_error(cmd, "cannot write %s: %s", path, strerror(e));
    }
    return CLI_OK;
}

int cli_write(const char *cmd, const char *path, const cli_content *c)
{
    char tmp[1500];
    tensu_error err;
    /* beside the final file, so that the rename stays on its disk */
    cli_tmp_path(path, tmp, sizeof tmp);
    if (cli_render(c, tmp, &err) != TENSU_OK) {
        remove(tmp);
        if (c->format & (CLI_HTML | CLI_JSON))
            return cli_error(cmd, "cannot write %s: %s", path, err.message);
        return cli_core_error(cmd, &err);
    }
    return cli_commit(cmd, tmp, path);
}

/* c as DIR/NAME, the name said once written. */
static int write_named(const char *cmd, const char *dir, const char *name, const cli_content *c,
                       int *count)
{
    char path[1400];
    int st;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if ((st = cli_write(cmd, path, c)) != CLI_OK)
        return st;
    printf("  %s\n", path);
    if (count != NULL)
        (*count)++;
    return CLI_OK;
}

int cli_write_text(const char *cmd, const char *dir, const char *name, const char *text,
                   int *count)
{
    cli_content c = {CLI_JSON, NULL, 0, 0, text, strlen(text)};
    return write_named(cmd, dir, name, &c, count);
}

int cli_write_doc(const cli_doc_files *f, const tensu_doc *d, int *count)
{
    /* one file a page */
    static const struct {
        int format;
        const char *ext;
    } paged[] = {{CLI_SVG, "svg"}, {CLI_PNG, "png"}};
    char name[1400];
    int st = CLI_OK;
    if (f->formats & CLI_PDF) {
        cli_content c = {CLI_PDF, d};
        snprintf(name, sizeof name, "%s.pdf", f->stem);
        st = write_named(f->cmd, f->dir, name, &c, count);
    }
    for (size_t k = 0; k < 2 && st == CLI_OK; k++) {
        if (!(f->formats & paged[k].format))
            continue;
        for (size_t p = 0; d && p < d->npages && st == CLI_OK; p++) {
            cli_content c = {paged[k].format, d, p, f->dpi};
            cli_page_name(f->stem, paged[k].ext, p, d->npages, name, sizeof name);
            st = write_named(f->cmd, f->dir, name, &c, count);
        }
    }
    if ((f->formats & CLI_HTML) && st == CLI_OK) {
        tensu_error err;
        cli_content c = {CLI_HTML};
        char *page = f->html(f->html_of, &c.len, &err);
        if (page == NULL)
            return cli_core_error(f->cmd, &err);
        c.text = page;
        snprintf(name, sizeof name, "%s%s.html", f->stem, f->html_suffix ? f->html_suffix : "");
        st = write_named(f->cmd, f->dir, name, &c, count);
        free(page);
    }
    return st;
}

int cli_out_dir(const char *cmd, const char *dir)
{
    struct stat sb;
    if (stat(dir, &sb) != 0) {
        /* another run may create it at the same moment */
        if (mkdir(dir, 0777) != 0 &&
            !(errno == EEXIST && stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode)))
            return cli_error(cmd, "cannot create the output folder %s: %s", dir,
                             strerror(errno));
    } else if (!S_ISDIR(sb.st_mode)) {
        return cli_error(cmd, "%s is not a folder", dir);
    }
    return CLI_OK;
}
