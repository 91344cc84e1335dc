/* tensu rules [NAME] [--set K=V]...: the rule keys, the presets, and the
 * settings of one preset as data. */
#include "cli.h"

#include <string.h>

static void show_rules(const tensu_rules *r, const tensu_preset *p)
{
    char value[64];
    if (p != NULL) {
        if (r->club[0])
            printf("%s (club rules on top of %s)\n", r->club, p->name);
        printf("%s: %s\n", p->name, p->title);
        printf("source: %s\n", p->source);
        if (p->unconfirmed && p->unconfirmed[0])
            printf("not confirmed: %s\n", p->unconfirmed);
        printf("preset data: %s\n\n", p->settings);
    }
    for (size_t i = 0; i < tensu_rule_key_count(); i++) {
        const tensu_rule_key *k = tensu_rule_key_at(i);
        if (!tensu_rule_key_applies(k, r))
            continue;
        tensu_rules_get(r, k->name, value, sizeof value);
        printf("  %-17s %-16s %s\n", k->name, value, k->help);
    }
}

int cmd_rules(int argc, char **argv)
{
    tensu_rules r;
    const tensu_preset *p = NULL;
    int st;
    bool explicit_preset = false;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            printf("usage: tensu rules [PRESET|FILE] [--set KEY=VALUE]... [--export]\n"
                   "Without a preset: the rule keys with their allowed values, and the presets.\n"
                   "With one: its source, what no source read here confirms, and every key's\n"
                   "value (after any --set).  --export writes those rules as a club's rules\n"
                   "file (JSON: name, base, rules, notes) to edit and give back with --rules\n"
                   "FILE to every command.\n");
            return CLI_OK;
        }
        if (strcmp(argv[i], "--rules") == 0)
            explicit_preset = true;
    }
    /* A bare word names the preset: the same as --rules WORD. */
    char *args[64];
    static char opt[] = "--rules";
    int n = 0;
    if (argc > 60)
        return cli_error("rules", "too many arguments");
    args[n++] = argv[0];
    for (int i = 1; i < argc; i++) {
        if (i == 1 && argv[1][0] != '-') {
            args[n++] = opt;
            explicit_preset = true;
        }
        args[n++] = argv[i];
    }
    args[n] = NULL;
    argc = n;
    argv = args;
    st = cli_rules("rules", &argc, argv, &r);
    if (st != CLI_OK)
        return st;
    if (argc > 1 && strcmp(argv[1], "--export") == 0 && argc == 2) {
        for (size_t i = 0; i < tensu_preset_count(); i++)
            if (strcmp(tensu_preset_at(i)->name, r.preset) == 0)
                p = tensu_preset_at(i);
        return cli_rules_export(&r, p);
    }
    if (argc > 1)
        return cli_error("rules", "unexpected argument '%s'", argv[1]);
    for (size_t i = 0; i < tensu_preset_count(); i++)
        if (strcmp(tensu_preset_at(i)->name, r.preset) == 0)
            p = tensu_preset_at(i);
    if (explicit_preset) {
        show_rules(&r, p);
        return CLI_OK;
    }
    printf("Rule keys (set with --set KEY=VALUE on top of --rules PRESET):\n");
    for (size_t i = 0; i < tensu_rule_key_count(); i++) {
        const tensu_rule_key *k = tensu_rule_key_at(i);
        printf("  %-17s %-26s %s\n", k->name, k->values, k->help);
    }
    printf("\nPresets (default %s; 'tensu rules NAME' shows one):\n", tensu_default_preset());
    for (size_t i = 0; i < tensu_preset_count(); i++)
        printf("  %-13s %s\n", tensu_preset_at(i)->name, tensu_preset_at(i)->title);
    return CLI_OK;
}
