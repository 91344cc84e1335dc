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


int cli_annotate_write(const char *path, const char *lang, const char *paper,
                       const char *file, const tensu_chart *chart, const tensu_verdict *v)
{
    char dbuf[1200], tmp[4200];
    const char *dir = cli_data_dir(dbuf, sizeof dbuf);
    int kind = cli_annotate_kind(path);
    tensu_annotate_opts o = {dir, lang, paper, file, kind == 2};
    tensu_error err;
    tensu_doc *d;
    tensu_status st;
    FILE *probe;

    if (kind == 0)
        return cli_error("verify", "--annotate %s: the name must end in .pdf or .svg", path);
    if (dir == NULL)
        return cli_error("verify", "cannot find the templates: set TENSU_DATA_DIR to the "
                                   "folder that holds templates/ and fonts/");
    /* the temporary file beside the final one, so that rename() is atomic */
    cli_tmp_path(path, tmp, sizeof tmp);
    probe = fopen(tmp, "wb");
    if (probe == NULL)
        return cli_error("verify", "cannot write %s: %s", path, strerror(errno));
    fclose(probe);

    d = tensu_annotate_build(&o, chart, v, &err);
    if (d == NULL) {
        remove(tmp);
        return cli_core_error("verify", &err);
    }
    st = kind == 1 ? tensu_pdf_write(d, tmp, &err) : tensu_svg_write(d, 0, tmp, &err);
    tensu_doc_free(d);
    if (st != TENSU_OK) {
        remove(tmp);
        return cli_error("verify", "cannot write %s: %s", path, err.message);
    }
    if (rename(tmp, path) != 0) {
        int e = errno;
        remove(tmp);
        return cli_error("verify", "cannot write %s: %s", path, strerror(e));
    }
    return CLI_OK;
}
