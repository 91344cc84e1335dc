/* fuzz-with: src/render/[a-z]*.c src/record/[a-z]*.c -ljansson -lfreetype -lhpdf -lcairo -lm
 * libFuzzer target: a sheet template and a language catalog, as tensu reads
 * them from templates/.  The first byte chooses: even, the input is the
 * template "fuzz" (drawn in English); odd, it is the catalog "fz" (the
 * card drawn in it).  Every other file is the repository's own.  Nothing
 * may crash, hang or read out of bounds; a refusal carries a message. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "render/render.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[128];

static void setup(void)
{
    static const char *const keep[] = {"en.json", "fr.json", "card.json", "yaku-data.json"};
    char a[512], b[512];
    snprintf(dir, sizeof dir, "/tmp/tensu-fuzz-tpl-%ld", (long)getpid());
    snprintf(a, sizeof a, "%s/templates", dir);
    mkdir(dir, 0777);
    mkdir(a, 0777);
    snprintf(a, sizeof a, "%s/fonts", TENSU_SOURCE_DIR);
    snprintf(b, sizeof b, "%s/fonts", dir);
    if (symlink(a, b) != 0 && access(b, F_OK) != 0)
        abort();
    for (size_t i = 0; i < sizeof keep / sizeof *keep; i++) {
        snprintf(a, sizeof a, "%s/templates/%s", TENSU_SOURCE_DIR, keep[i]);
        snprintf(b, sizeof b, "%s/templates/%s", dir, keep[i]);
        if (symlink(a, b) != 0 && access(b, F_OK) != 0)
            abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[256];
    FILE *f;
    bool catalog;
    tensu_rules r;
    tensu_error err;
    tensu_doc *d;
    if (size < 1)
        return 0;
    if (dir[0] == '\0')
        setup();
    catalog = data[0] & 1;
    snprintf(path, sizeof path, "%s/templates/%s.json", dir, catalog ? "fz" : "fuzz");
    f = fopen(path, "wb");
    if (f == NULL)
        return 0;
    fwrite(data + 1, 1, size - 1, f);
    fclose(f);
    tensu_rules_preset(tensu_default_preset(), &r, NULL);
    {
        tensu_sheet_opts o = {dir, catalog ? "card" : "fuzz", catalog ? "fz" : "en", "a4", ""};
        memset(&err, 0, sizeof err);
        d = tensu_sheet_build(&o, &r, &err);
        if (d == NULL && err.message[0] == '\0')
            abort(); /* a refusal without a message */
        tensu_doc_free(d);
    }
    return 0;
}
