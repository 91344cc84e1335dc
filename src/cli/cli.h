/* The command-line layer: the only part of tensu that reads arguments,
 * prints, and writes files. */
#ifndef TENSU_CLI_H
#define TENSU_CLI_H

#include "../tensu.h"

#include <jansson.h>
#include <stdio.h>

/* Exit statuses shared by every command. */
/* CLI_INCOMPLETE: tensu verify read fewer cells than the chart prints, and
 * found none wrong among those it read; CLI_DONE: the command had nothing
 * more to do (it printed its --help): exit status 0 */
enum {
    CLI_DONE = -1,
    CLI_OK = 0,
    CLI_FOUND = 1,
    CLI_USAGE = 2,
    CLI_INCOMPLETE = 3,
    CLI_SOFTWARE = 70
};

/* A cursor over a command's arguments. */
typedef struct cli_args {
    const char *cmd;   /* "table", for messages */
    int argc;
    char **argv;
    int i;             /* next argument */
    const char *arg;   /* the argument being read, as written ("--seat=E") */
} cli_args;

/* Print "tensu CMD: message" to stderr; returns CLI_USAGE. */
int cli_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
int cli_core_error(const char *cmd, const tensu_error *err);

/* Options (options.c): if argv[i] is --name (followed by a value) or
 * --name=value, store the value, advance and return 1; 0 if it is another
 * argument; -1 (message printed) if the value is missing. */
int cli_opt_value(cli_args *a, const char *name, const char **value);
/* Parse an integer option value in [lo, hi]; message and false if not. */
bool cli_int(const char *cmd, const char *opt, const char *text, int lo, int hi, int *out);
/* Rules from --rules NAME and --set KEY=VALUE anywhere in argv (the preset
 * first, then each --set in order).  These options are removed from argv.
 * Returns CLI_OK or CLI_USAGE (message printed). */
int cli_rules(const char *cmd, int *argc, char **argv, tensu_rules *r);
/* The language of a command's text: --lang when given, else $TENSU_LANG
 * when it names a catalog shipped (fr, en), else fallback (may be NULL). */
const char *cli_lang(const char *given, const char *fallback);
/* A catalog's string (strings: its "strings" object, may be NULL), else
 * the built-in English. */
const char *cli_str(const json_t *strings, const char *key, const char *english);
/* The keys (static strings, in `tensu rules` order) that --set changed on
 * top of the club's file the last cli_rules read; how many. */
size_t cli_rules_set_on_club(const char **keys, size_t max);
/* Note them: the keys whose value in r differs from before (the club's
 * file as it reads; NULL: no club file, none). */
void cli_note_set_on_club(const tensu_rules *before, const tensu_rules *r);

/* One option of a command's table, and what reading it does. */
typedef enum cli_opt_kind {
    CLI_FLAG,  /* no value: *(bool *)out = true */
    CLI_SET,   /* no value: *(int *)out = lo */
    CLI_MAYBE, /* a value when the next argument is no option (a file, or '-'):
                  *(const char **)out = it; seen tells the option was given */
    CLI_TEXT,  /* *(const char **)out = the value */
    CLI_INT,   /* *(int *)out = the value, an integer in [lo, hi] */
    CLI_WORD,  /* *(int *)out = the index of the value in words */
    CLI_BITS,  /* *(int *)out |= 1 << the index of the value in words */
    CLI_CALL   /* call(a, opt, value): CLI_OK, or the exit status (message printed) */
} cli_opt_kind;

typedef struct cli_opt {
    const char *name;         /* "--han-max"; NULL ends a table */
    cli_opt_kind kind;
    void *out;                /* where the value goes (a callback's own) */
    int lo, hi;               /* CLI_INT: the range; CLI_SET: the value; a callback's own */
    const char *const *words; /* CLI_WORD, CLI_BITS: the words allowed, NULL-terminated */
    const char *what;         /* CLI_WORD, CLI_BITS: "format" in "bad format 'x': allowed
                                 a, b" */
    int (*call)(const cli_args *a, const struct cli_opt *o, const char *value);
    bool *seen;               /* set when the option is given; NULL: not asked */
} cli_opt;

/* A command's options. */
typedef struct cli_command {
    const char *name;         /* "table": messages begin "tensu table: " */
    void (*help)(void);       /* --help, -h */
    const cli_opt *opts;
    const char **operand;     /* where the one argument that is no option goes (a file, a
                                 hand; after "--" even if it starts with '-'); NULL: the
                                 command takes none */
    const char *operand_name; /* "chart": "one chart at a time: 'b' after 'a'" */
    int operands;             /* how many operands it takes, in operand[0 ..] in order (0: one) */
    bool terse;               /* "one file at a time" alone, and '-' is an option */
    const char *see;          /* "pay --rules classical" in "unknown option 'x' (see tensu
                                 pay --rules classical --help)"; NULL: the name */
} cli_command;

/* Read argv[1 ..] by the command's table, in order, each value checked as
 * it is read: CLI_OK, CLI_DONE after --help, else the exit status after
 * the message (an unknown option, a missing or bad value ...). */
int cli_parse(const cli_command *c, int argc, char **argv);
/* The rules (cli_rules), then the options (cli_parse). */
int cli_start(const cli_command *c, int argc, char **argv, tensu_rules *r);

/* The first key changed from r's preset that does nothing under r's family
 * (a classical key under riichi rules, or the reverse), NULL when none. */
const char *cli_rule_inert(const tensu_rules *r);
/* The rules' name for a line of output: the preset ("tenhou"), or the
 * club's name and its base ("Club X (club rules on top of tenhou)"). */
const char *cli_rules_name(const tensu_rules *r, char *buf, size_t size);
/* A club's rules file (club.c): --rules FILE when FILE holds '/' or ends
 * in .json.  Errors print FILE:LINE:COL and give CLI_USAGE. */
bool cli_is_rules_file(const char *name);
/* Set OMP_THREAD_LIMIT for tesseract (unless the user did): the machine's
 * idle cores, at least 1.  Before the first picture is read. */
void cli_ocr_threads(void);
int cli_rules_file(const char *cmd, const char *path, tensu_rules *r);
/* A preset (or rules) as a club's rules file, on standard output. */
int cli_rules_export(const tensu_rules *r, const tensu_preset *p);

/* The part of an output file's name that tells the rules: "-SLUG" (a
 * short form of a club's name) for a club's rules file; else "-PRESET"
 * when named_preset, then "-KEY-VALUE" for each key --set changed, so that
 * changed rules never take the standard file's name.  Returns its length. */
size_t cli_rules_tag(const tensu_rules *r, bool named_preset, char *out, size_t size);

/* The rules in force as a JSON object: "preset" and every key that
 * applies to the rules' family. */
json_t *cli_json_rules(const tensu_rules *r);
/* Print a JSON document (indented, keys in order) and free it. */
int cli_json_print(const char *cmd, json_t *root);

/* Where templates/ and fonts/ are: $TENSU_DATA_DIR, else <prefix>/share/tensu
 * beside the executable, else the source tree (for a build directory).
 * NULL when none holds templates/.  buf receives the path when built. */
const char *cli_data_dir(char *buf, size_t size);
/* "cannot find the templates: set TENSU_DATA_DIR ..."; returns CLI_USAGE. */
int cli_no_data_dir(const char *cmd);
/* The WebAssembly scorer's script for --with-scorer (malloc'd), from
 * DATA_DIR/wasm/ or this build's folder; NULL after saying why. */
char *cli_scorer_js(const char *cmd, const char *data_dir);

/* Language lang's catalog (templates/LANG.json of the data folder): the
 * catalog, which the caller frees, with its "strings" object in *strings.
 * NULL after a message naming the language and the file (cmd: ...) when
 * lang is no language name (a-z, '-', '_', under 16), or there is no data
 * folder or no such catalog (cmd NULL: no message). */
json_t *cli_catalog(const char *cmd, const char *lang, json_t **strings);
/* The width of UTF-8 text on a terminal, in characters (not bytes: French
 * text lines up too). */
int cli_display_width(const char *s);
/* Files (write.c).  The formats a command writes, as bits. */
struct tensu_doc;
enum { CLI_PDF = 1, CLI_SVG = 2, CLI_PNG = 4, CLI_HTML = 8, CLI_JSON = 16 };

/* What one file holds: a document (every page in a PDF, one page in an
 * SVG or PNG), or text (HTML, JSON). */
typedef struct cli_content {
    int format;
    const struct tensu_doc *doc;
    size_t page;
    int dpi;
    const char *text;
    size_t len;
} cli_content;

/* The temporary name a file is written under before its rename to final:
 * ".NAME.tmpPID" in final's folder (so that the rename stays on one disk).
 * Temporary files of the same name left by a run that was killed (their
 * process is gone) are removed first, so that none stays behind. */
void cli_tmp_path(const char *final, char *tmp, size_t size);
/* c written to path (a temporary one); err says why not (a document's
 * back end, or the system for text). */
tensu_status cli_render(const cli_content *c, const char *path, tensu_error *err);
/* The temporary file tmp renamed to path; when it cannot be, removed after
 * "cannot write PATH: why". */
int cli_commit(const char *cmd, const char *tmp, const char *path);
/* c written to path through a temporary file (never half a file under
 * path): CLI_OK, or CLI_USAGE after the back end's message, or "cannot
 * write PATH: why" for text and for the rename. */
int cli_write(const char *cmd, const char *path, const cli_content *c);

/* The files of one document in a folder: STEM.pdf; STEM.svg and STEM.png
 * for one page, else STEM-1.svg, STEM-2.svg ... (cli_page_name); STEM.html
 * from html(html_of).  Each name is printed once written ("  DIR/NAME"). */
typedef struct cli_doc_files {
    const char *cmd;
    const char *dir;
    const char *stem;
    int formats; /* CLI_PDF | CLI_SVG | CLI_PNG | CLI_HTML */
    int dpi;     /* PNG */
    /* the HTML page (malloc'd, *len bytes), or NULL with err filled */
    char *(*html)(const void *html_of, size_t *len, tensu_error *err);
    const void *html_of;
    /* after the stem in the HTML page's name only ("-scorer": the page with
     * the scorer never takes the name of the one without); NULL for none */
    const char *html_suffix;
} cli_doc_files;
/* d may be NULL when only HTML is asked for; *count (if not NULL) counts
 * the files written.  CLI_OK or the exit status after a message. */
int cli_write_doc(const cli_doc_files *f, const struct tensu_doc *d, int *count);
/* text as DIR/NAME, the same way. */
int cli_write_text(const char *cmd, const char *dir, const char *name, const char *text,
                   int *count);
/* The output folder, made if it is not there: CLI_OK, or the exit status
 * after "cannot create the output folder DIR: why" or "DIR is not a
 * folder". */
int cli_out_dir(const char *cmd, const char *dir);
/* The file of page i (from 0) of n: STEM.EXT for a single page, else
 * STEM-1.EXT, STEM-2.EXT ... (every command that writes one file a page). */
void cli_page_name(const char *stem, const char *ext, size_t i, size_t n, char *buf,
                   size_t size);

/* Amount as text: plain digits, or the exact text for big amounts. */
const char *cli_amount(char *buf, size_t size, int64_t v, const char *exact);

/* Commands. */
int cmd_rules(int argc, char **argv);
int cmd_table(int argc, char **argv);
int cmd_pay(int argc, char **argv);
/* -- scorer (issue 3) */
int cmd_score(int argc, char **argv);
/* tensu score --jsonl (batch.c): the records of path (NULL or "-": standard
 * input), each scored on one of jobs threads, a result line each on
 * standard output in input order. */
int cli_score_batch(const char *path, const tensu_rules *r, int jobs);
int cmd_bench(int argc, char **argv);
/* -- verifier (issue 5) */
int cmd_verify(int argc, char **argv);
/* -- sheets (issue 4) */
int cmd_sheets(int argc, char **argv);
/* -- yaku (issue 13) */
int cmd_yaku(int argc, char **argv);
/* -- worksheets (issue 18) */
int cmd_quiz(int argc, char **argv);
/* -- classical (issue 7) */
int cli_classical_table(const tensu_rules *r, const char *format);
int cli_classical_pay(const tensu_rules *r, int argc, char **argv);
/* -- cross-check (issue 6) */
int cmd_crosscheck(int argc, char **argv);

#endif
