/* fuzz-with: src/cli/club.c src/cli/cli.c src/cli/messages.c -DTENSU_INSTALL_DATADIR="share" -ljansson
 * libFuzzer target: a club's rules file (--rules FILE).  The input is
 * written to a file and read as tensu reads it.  Nothing may crash, hang or
 * read out of bounds; a file that is accepted gives rules the payment
 * engine takes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include "cli/cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[64];
    static int quiet = -1, keep = -1;
    tensu_rules r;
    FILE *f;
    int ok;
    if (path[0] == '\0') {
        snprintf(path, sizeof path, "/tmp/tensu-fuzz-club-%ld.json", (long)getpid());
        quiet = open("/dev/null", O_WRONLY);
        keep = dup(2);
    }
    f = fopen(path, "wb");
    if (f == NULL)
        return 0;
    fwrite(data, 1, size, f);
    fclose(f);
    memset(&r, 0, sizeof r);
    /* tensu's messages go to /dev/null while it reads, libFuzzer's own
     * (its figures, a crash) to the real stderr */
    fflush(stderr);
    if (quiet >= 0)
        dup2(quiet, 2);
    ok = cli_rules_file("fuzz", path, &r) == CLI_OK;
    fflush(stderr);
    if (keep >= 0)
        dup2(keep, 2);
    if (ok) {
        tensu_payment p;
        tensu_error err;
        if (tensu_pay(&r, 3, 30, 0, false, false, 0, 0, &p, &err) != TENSU_OK)
            abort(); /* accepted rules the engine refuses */
    }
    return 0;
}
