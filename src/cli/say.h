/* The text report of tensu verify in the reader's language (say.c).  The
 * core and the reader write their findings in English, and the JSON report
 * keeps them so (programs read it); a person reads the text report, said
 * again in French with --lang fr.  Below cmd_verify.c, calls nothing of
 * the command line. */
#ifndef TENSU_CLI_SAY_H
#define TENSU_CLI_SAY_H

#include <stdbool.h>
#include <stddef.h>

/* Can the report be said in lang ("en", "fr")? */
bool say_knows(const char *lang);

/* english (a sentence of the report, or a word of it) in lang: buf, filled,
 * when lang is not English and the sentence is one say.c knows (its
 * numbers, names and quoted chart text kept as they are, the phrases in it
 * said in lang too); else english itself. */
const char *say(const char *lang, const char *english, char *buf, size_t size);

/* The number of columns text takes on a terminal (its UTF-8 characters). */
size_t say_width(const char *text);

#endif
