/* The option grammar every command shares (--name VALUE or --name=VALUE,
 * flags, --help and -h, "--" before an operand that starts with '-'): the
 * rules every command takes (--rules, --set), then the command's own
 * options, read by its table. */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int cli_opt_value(cli_args *a, const char *name, const char **value)
{
    const char *arg = a->argv[a->i];
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0)
        return 0;
    if (arg[n] == '=') {
        *value = arg + n + 1;
        a->i++;
        return 1;
    }
    if (arg[n] != '\0')
        return 0;
    if (a->i + 1 >= a->argc) {
        cli_error(a->cmd, "option %s needs a value", name);
        return -1;
    }
    *value = a->argv[a->i + 1];
    a->i += 2;
    return 1;
}

bool cli_int(const char *cmd, const char *opt, const char *text, int lo, int hi, int *out)
{
    char *end;
    long v;
    errno = 0;
    v = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || errno != 0 || v < lo || v > hi) {
        cli_error(cmd, "bad value '%s' for %s: allowed %d..%d", text, opt, lo, hi);
        return false;
    }
    *out = (int)v;
    return true;
}

/* The index of v in a NULL-terminated list of words; -1 (message "bad
 * WHAT 'v': allowed a, b, c" printed) if it is not there. */
static int word_index(const char *cmd, const char *what, const char *const *words,
                      const char *v)
{
    char list[256];
    size_t n = 0;
    for (int i = 0; words[i] != NULL; i++)
        if (strcmp(v, words[i]) == 0)
            return i;
    list[0] = '\0';
    for (int i = 0; words[i] != NULL && n < sizeof list; i++)
        n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", words[i]);
    cli_error(cmd, "bad %s '%s': allowed %s", what, v, list);
    return -1;
}

/* Remove argv[i .. i+n-1]. */
static void drop(int *argc, char **argv, int i, int n)
{
    memmove(&argv[i], &argv[i + n], (size_t)(*argc - i - n + 1) * sizeof argv[0]);
    *argc -= n;
}

int cli_rules(const char *cmd, int *argc, char **argv, tensu_rules *r)
{
    tensu_rules club; /* a club's file as it reads, before --set */
    bool from_file = false;
    tensu_error err;
    const char *preset = tensu_default_preset();
    cli_args a = {cmd, *argc, argv, 0};

    /* The preset first, wherever it stands; then each --set in order. */
    for (int pass = 0; pass < 2; pass++) {
        const char *opt = pass == 0 ? "--rules" : "--set";
        if (pass == 1 && cli_is_rules_file(preset)) {
            int st = cli_rules_file(cmd, preset, r);
            if (st != CLI_OK)
                return st;
            club = *r;
            from_file = true;
        } else if (pass == 1 && tensu_rules_preset(preset, r, &err) != TENSU_OK) {
            return cli_core_error(cmd, &err);
        }
        for (a.i = 0; a.i < *argc;) {
            int at = a.i;
            const char *v;
            int got = cli_opt_value(&a, opt, &v);
            if (got < 0)
                return CLI_USAGE;
            if (got == 0) {
                if (strcmp(argv[a.i], "--") == 0)
                    break;
                a.i++;
                continue;
            }
            if (pass == 0)
                preset = v;
            else if (tensu_rules_assign(r, v, &err) != TENSU_OK)
                return cli_core_error(cmd, &err);
            drop(argc, argv, at, a.i - at);
            a.argc = *argc;
            a.i = at;
        }
    }
    cli_note_set_on_club(from_file ? &club : NULL, r);
    {
        const char *key = cli_rule_inert(r);
        if (key != NULL)
            return cli_error(cmd, "rule '%s' does nothing under %s rules (%s)", key,
                             r->family == TENSU_FAMILY_CLASSICAL ? "classical" : "riichi",
                             r->family == TENSU_FAMILY_CLASSICAL
                                 ? "a riichi rule: start from a riichi preset"
                                 : "a classical rule: --rules classical");
    }
    return CLI_OK;
}

enum { OTHER = -1 }; /* the argument is not this option */

/* Read the option o at a->i if the argument is one of its forms: CLI_OK
 * when read (a->i past it), OTHER when it is not, else the exit status
 * (message printed). */
static int read_opt(cli_args *a, const cli_opt *o)
{
    const char *v = NULL;
    int got, k;
    if (o->kind == CLI_FLAG || o->kind == CLI_SET || o->kind == CLI_MAYBE) {
        if (strcmp(a->argv[a->i], o->name) != 0)
            return OTHER;
        a->i++;
        if (o->kind == CLI_MAYBE && a->i < a->argc &&
            (a->argv[a->i][0] != '-' || strcmp(a->argv[a->i], "-") == 0))
            v = a->argv[a->i++]; /* a file name, or '-' */
    } else if ((got = cli_opt_value(a, o->name, &v)) <= 0) {
        return got < 0 ? CLI_USAGE : OTHER;
    }
    if (o->seen != NULL)
        *o->seen = true;
    switch (o->kind) {
    case CLI_FLAG: *(bool *)o->out = true; break;
    case CLI_SET: *(int *)o->out = o->lo; break;
    case CLI_MAYBE:
        if (v != NULL)
            *(const char **)o->out = v;
        break;
    case CLI_TEXT: *(const char **)o->out = v; break;
    case CLI_INT: return cli_int(a->cmd, o->name, v, o->lo, o->hi, o->out) ? CLI_OK : CLI_USAGE;
    case CLI_WORD:
    case CLI_BITS:
        if ((k = word_index(a->cmd, o->what, o->words, v)) < 0)
            return CLI_USAGE;
        if (o->kind == CLI_WORD)
            *(int *)o->out = k;
        else
            *(int *)o->out |= 1 << k;
        break;
    case CLI_CALL: return o->call(a, o, v);
    }
    return CLI_OK;
}

int cli_parse(const cli_command *c, int argc, char **argv)
{
    cli_args a = {c->name, argc, argv, 1, NULL};
    bool ended = false; /* "--" seen: what follows is the operand */
    while (a.i < argc) {
        const char *arg = argv[a.i];
        a.arg = arg;
        if (c->operand != NULL && !ended && strcmp(arg, "--") == 0) {
            ended = true;
            a.i++;
            continue;
        }
        if (!ended) {
            int st = OTHER;
            if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
                c->help();
                return CLI_DONE;
            }
            for (const cli_opt *o = c->opts; o->name != NULL && st == OTHER; o++)
                st = read_opt(&a, o);
            if (st == CLI_OK)
                continue;
            if (st != OTHER)
                return st;
            if (c->operand == NULL || (arg[0] == '-' && (arg[1] != '\0' || c->terse)))
                return cli_error(c->name, "unknown option '%s' (see tensu %s --help)", arg,
                                 c->see ? c->see : c->name);
        }
        int k = 0, max = c->operands > 1 ? c->operands : 1;
        while (k < max && c->operand[k] != NULL)
            k++;
        if (k == max && c->terse)
            return cli_error(c->name, "one %s at a time", c->operand_name);
        if (k == max)
            return cli_error(c->name, "one %s at a time: '%s' after '%s'", c->operand_name, arg,
                             c->operand[max - 1]);
        c->operand[k] = arg;
        a.i++;
    }
    return CLI_OK;
}

int cli_start(const cli_command *c, int argc, char **argv, tensu_rules *r)
{
    int st = cli_rules(c->name, &argc, argv, r);
    return st != CLI_OK ? st : cli_parse(c, argc, argv);
}
