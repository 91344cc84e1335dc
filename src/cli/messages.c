/* What the commands say: an error on standard error, a JSON document on
 * standard output.  Below every other file of the command line (cli.c and
 * club.c both call it, it calls neither). */
#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int cli_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "tensu%s%s: ", cmd ? " " : "", cmd ? cmd : "");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return CLI_USAGE;
}

int cli_core_error(const char *cmd, const tensu_error *err)
{
    if (err->line > 0 && err->column > 0)
        return cli_error(cmd, "line %d, column %d: %s", err->line, err->column, err->message);
    if (err->column > 0)
        return cli_error(cmd, "column %d: %s", err->column, err->message);
    return cli_error(cmd, "%s", err->message);
}

int cli_json_print(const char *cmd, json_t *root)
{
    char *text = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    json_decref(root);
    if (text == NULL)
        return cli_error(cmd, "out of memory writing JSON");
    puts(text);
    free(text);
    return CLI_OK;
}
