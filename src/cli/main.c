/* tensu: riichi mahjong point tables and cheat sheets people can trust. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    {"table", cmd_table, "print the point table of the rules (text, csv, json, md, html)"},
    {"pay", cmd_pay, "one payment for a fu/han, with the working"},
    {"rules", cmd_rules, "list the rule keys and presets, or show one preset"},
    /* -- scorer (issue 3) */
    {"score", cmd_score, "score a winning hand: yaku, fu, payment (or JSON lines)"},
    {"bench", cmd_bench, "how many hands the scorer scores per second"},
    /* -- verifier (issue 5) */
    {"verify", cmd_verify, "check a published point chart cell by cell, name the rule variant"},
    /* -- sheets (issue 4) */
    {"sheets", cmd_sheets, "render the printable sheets (PDF, SVG, PNG, HTML) into output/"},
    {"yaku", cmd_yaku, "every yaku under the rules, with an example hand scored"},
    {"quiz", cmd_quiz, "a worksheet and its answer key, every answer computed"},
    /* -- classical (issue 7) */
    /* -- cross-check (issue 6) */
    {"crosscheck", cmd_crosscheck, "score every winning hand: which cells occur, an example each"},
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *f)
{
    fprintf(f, "usage: tensu COMMAND [options]   (tensu COMMAND --help for its options)\n\n"
               "commands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-11s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "  %-11s %s\n  %-11s %s\n", "help", "this list, or 'tensu help COMMAND' for one command",
            "version", "the version (also --version) and that of the shipped data");
    fprintf(f, "\nRules: every command takes --rules NAME|FILE (a preset, or a club's rules "
               "file) and\n--set KEY=VALUE (see 'tensu rules').\n");
}

/* A command's exit status (CLI_DONE: its help was all it had to say). */
static int run(const command *c, int argc, char **argv)
{
    int st = c->run(argc, argv);
    return st == CLI_DONE ? CLI_OK : st;
}

static int version(void)
{
    char buf[1200];
    const char *dir = cli_data_dir(buf, sizeof buf);
    printf("tensu %s\nreachability data: %s\ntemplates and fonts: %s\n", tensu_version(),
           tensu_data_version(), dir ? dir : "not found (set TENSU_DATA_DIR)");
    return CLI_OK;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return CLI_USAGE;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
        if (argc > 2)
            return cli_error(NULL, "%s takes no argument ('%s')", argv[1], argv[2]);
        return version();
    }
    if (strcmp(argv[1], "help") == 0 && argc > 2) {
        /* tensu help COMMAND: that command's --help */
        char *args[] = {argv[2], "--help", NULL};
        for (size_t i = 0; i < NCOMMANDS; i++)
            if (strcmp(argv[2], commands[i].name) == 0)
                return run(&commands[i], 2, args);
        cli_error(NULL, "help: unknown command '%s'", argv[2]);
        usage(stderr);
        return CLI_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return CLI_OK;
    }
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return run(&commands[i], argc - 1, argv + 1);
    cli_error(NULL, "unknown command '%s'", argv[1]);
    usage(stderr);
    return CLI_USAGE;
}
