/* The report's sentences in French (say.h).  Each English sentence the
 * core, the reader and tensu verify write is a pattern below, as its
 * printf format: %d a number, %s a phrase (said in French in turn when it
 * is one of the patterns: a payment's name, a cause), %q a name or a chart's
 * text, kept as it is.  A sentence is said in French by the first pattern
 * it matches whole; the French takes the same pieces in order, or by
 * position (%2$s).  A sentence no pattern matches stays English: the test
 * (tests/verify_lang_test.sh) reads every kind of finding in French and
 * fails on English words left. */
#include "say.h"
#include "../util/utf8.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct phrase {
    const char *en, *fr;
} phrase;

/* More particular patterns before more general ones: the first that
 * matches is taken. */
static const phrase french[] = {
    /* the report's frame (cmd_verify.c) */
    {"%q: %q chart, %d cells checked against %s",
     "%q : tableau au format %q, %d cases vérifiées selon %s"},
    {"the rules of %q (club rules on %q):%q, %d honba included",
     "les règles de %q (règles de club sur %q) :%q, %d honba inclus"},
    {"the rules of %q (club rules on %q):%q", "les règles de %q (règles de club sur %q) :%q"},
    {"rules %q:%q, %d honba included", "les règles %q :%q, %d honba inclus"},
    {"rules %q:%q", "les règles %q :%q"},
    {"rule variant:", "variante des règles :"},
    {"honba: none included", "honba : aucun inclus"},
    {"honba: %d included", "honba : %d inclus"},
    {"read of a full table (han 1-4 at every fu that can occur, and 5 limits):",
     "lu d’une table complète (1 à 4 han à chaque fu possible, et les 5 limites) :"},
    {"of", "sur"},
    {"(not in the chart)", "(absent du tableau)"},
    {"tables:", "tableaux :"},
    {"table %d, page %d (%s): %d of %d cells read",
     "tableau %d, page %d (%s) : %d cases lues sur %d"},
    {"table %d, line %d (%s): %d of %d cells read",
     "tableau %d, ligne %d (%s) : %d cases lues sur %d"},
    {"table %d (%s): %d of %d cells read", "tableau %d (%s) : %d cases lues sur %d"},
    {"summary: %d cells checked, %d of %d cells of a full table read, %d error%q, %d "
     "warning%q",
     "bilan : %d cases vérifiées, %d lues sur les %d d’une table complète, %d erreur%q, "
     "%d avertissement%q"},
    {"verdict: %d wrong, and %d cell%q not read (not checked)",
     "verdict : %d case(s) fausse(s), et %d case%q non lue%3$q (non vérifiée%3$q)"},
    {"verdict: %d wrong", "verdict : %d case(s) fausse(s)"},
    {"verdict: incomplete: %d cell%q of the chart not read (not checked); the %d read are "
     "right",
     "verdict : incomplet : %d case%q du tableau non lue%2$q (non vérifiée%2$q) ; les %3$d "
     "lues sont justes"},
    {"verdict: clean: every cell read, and right",
     "verdict : sans faute : toutes les cases lues, et justes"},
    {"error", "erreur"},
    {"warning", "avertissement"},
    {"found %d, expected %d", "lu %d, attendu %d"},
    {"also fits: %s", "convient aussi : %s"},
    {"table %d, row %d, column %d", "tableau %d, ligne %d, colonne %d"},
    {"table %d", "tableau %d"},
    {"cell %q", "case %q"},
    {"page %d", "page %d"},
    {"non-dealer and dealer", "non-donneur et donneur"},
    {"non-dealer", "non-donneur"},
    {"dealer", "donneur"},

    /* a place in the chart (core/verify.c): a row, then its payment (said
     * by the pattern "%q, %s" below) */
    {"non-dealer ron", "ron d’un non-donneur"},
    {"non-dealer tsumo, each non-dealer's share",
     "tsumo d’un non-donneur, part de chaque non-donneur"},
    {"non-dealer tsumo, the dealer's share", "tsumo d’un non-donneur, part du donneur"},
    {"non-dealer tsumo, the total", "tsumo d’un non-donneur, total"},
    {"dealer ron", "ron du donneur"},
    {"dealer tsumo, each payer's share", "tsumo du donneur, part de chacun"},
    {"dealer tsumo, the total", "tsumo du donneur, total"},

    /* the causes of a wrong cell (core/verify.c) */
    {"%s; besides, the hand cannot occur", "%s ; de plus, la main est impossible"},
    {"%s (read again: the first reading gave %d)", "%s (relue : la première lecture donnait %d)"},
    {"no simple cause explains it", "aucune cause simple ne l’explique"},
    {"copied from another payer: the same row's %s",
     "recopiée d’un autre payeur : %s, sur la même ligne"},
    {"the value of %q (one han less)", "la valeur de %q (un han de moins)"},
    {"the value of %q (one han more)", "la valeur de %q (un han de plus)"},
    {"the value of %q (the fu row above)", "la valeur de %q (la ligne de fu au-dessus)"},
    {"the value of %q (the fu row below)", "la valeur de %q (la ligne de fu au-dessous)"},
    {"the value of the %q row", "la valeur de la ligne %q"},
    {"the value with %d honba", "la valeur avec %d honba"},
    {"the value without the %d honba", "la valeur sans les %d honba"},
    {"the value without kiriage", "la valeur sans kiriage"},
    {"the kiriage value (paid as mangan)", "la valeur avec kiriage (payée comme un mangan)"},
    {"a digit typo (%s: %d for %d)", "une faute de frappe (%s : %d pour %d)"},
    {"one digit differs", "un chiffre diffère"},
    {"two digits swapped", "deux chiffres inversés"},
    {"a digit dropped", "un chiffre en moins"},
    {"a digit added", "un chiffre en trop"},
    {"a missing rounding (the exact value %d)", "un arrondi oublié (la valeur exacte : %d)"},
    {"rounded down instead of up to 100 (exact %d)",
     "arrondie à la centaine inférieure au lieu de supérieure (exacte : %d)"},
    {"rounded to the nearest 100 instead of up (exact %d)",
     "arrondie à la centaine la plus proche au lieu de supérieure (exacte : %d)"},
    {"an extra rounding up to 1000", "un arrondi en trop, au millier supérieur"},
    {"a multiple of a rounded tsumo share (rounded before multiplying)",
     "un multiple d’une part de tsumo arrondie (arrondie avant d’être multipliée)"},
    {"twice the rounded non-dealer share (rounded before doubling)",
     "deux fois la part arrondie d’un non-donneur (arrondie avant d’être doublée)"},
    {"three times the rounded tsumo share (rounded before multiplying)",
     "trois fois la part de tsumo arrondie (arrondie avant d’être multipliée)"},
    {"a wrong yakuman multiplier: pays %dx the yakuman value, not %dx",
     "un mauvais multiple de yakuman : paie %dx la valeur du yakuman, pas %dx"},
    {"the total disagrees with its own shares (%q = %d)",
     "le total ne correspond pas à ses propres parts (%q = %d)"},
    {"13 han capped at sanbaiman", "13 han plafonnés au sanbaiman"},
    {"13 han counted as yakuman", "13 han comptés comme un yakuman"},
    {"a value for a hand that cannot occur (the value agrees with the formula)",
     "une valeur pour une main impossible (la valeur suit la formule)"},
    {"given twice: %d at line %d, %d at line %d",
     "donnée deux fois : %d à la ligne %d, %d à la ligne %d"},
    {"left empty, but the hand can occur (it pays %d)",
     "laissée vide, mais la main est possible (elle paie %d)"},
    {"marked as a hand that cannot occur, but it can",
     "marquée comme une main impossible, mais elle est possible"},
    {"no such hand: %s", "pas de telle main : %s"},
    {"a row needs a han count or a limit name",
     "une ligne a besoin d’un nombre de han ou d’un nom de limite"},
    {"a row of %d han needs a fu to have a value",
     "une ligne de %d han a besoin d’un fu pour avoir une valeur"},
    {"no cell for %q han at %q fu (such hands can occur and are below mangan)",
     "aucune case pour %q han à %q fu (ces mains sont possibles et valent moins qu’un "
     "mangan)"},
    {"no %q fu rows (hands of %q han at %q fu can occur and are below mangan)",
     "pas de lignes de %q fu (des mains de %q han à %q fu sont possibles et valent moins "
     "qu’un mangan)"},
    {"no %q fu row (hands of %q han at %q fu can occur and are below mangan)",
     "pas de ligne de %q fu (des mains de %q han à %q fu sont possibles et valent moins "
     "qu’un mangan)"},
    {"inferred: the OCR read %d here, but not when it read the cell again: read as the mark "
     "of a hand that cannot occur (no payment is under 100)",
     "déduit : l’OCR a lu %d ici, mais pas en relisant la case : lu comme la marque d’une main "
     "impossible (aucun paiement n’est sous 100)"},
    {"inferred: read as the mark of a hand that cannot occur (no amount there)",
     "déduit : lu comme la marque d’une main impossible (aucun montant là)"},
    {"not read: the OCR read %d here, but not when it read the cell again, so it is not "
     "checked",
     "non lue : l’OCR a lu %d ici, mais pas en relisant la case : elle n’est pas vérifiée"},

    /* the reader's notes (src/read): "not read: WHY", "inferred: WHY" */
    {"not read: %s", "non lue : %s"},
    {"inferred: %s", "déduit : %s"},
    {"a line with numbers, not read as part of a table: %s",
     "une ligne de nombres, lue hors de tout tableau : %s"},
    {"the OCR is not sure of it (confidence %d of 100, under %d), so it is not checked",
     "l’OCR n’en est pas sûr (confiance %d sur 100, sous %d) : elle n’est pas vérifiée"},
    {"expected a dealer cell such as 1500 (500), - (700) or -",
     "attendu une case de donneur comme 1500 (500), - (700) ou -"},
    {"expected a non-dealer cell such as 1000 (300/500), - (400/700) or -",
     "attendu une case de non-donneur comme 1000 (300/500), - (400/700) ou -"},
    {"expected a fu (or han) label, then the cells",
     "attendu un nombre de fu (ou de han) en tête, puis les cases"},
    {"expected a fu count (20, 25, 30 ... 110) or nothing",
     "attendu un nombre de fu (20, 25, 30 ... 110) ou rien"},
    {"expected a han count or a limit name (mangan, haneman, baiman, sanbaiman, yakuman, "
     "2x_yakuman ...) in the han column",
     "attendu un nombre de han ou un nom de limite (mangan, haneman, baiman, sanbaiman, "
     "yakuman, 2x_yakuman ...) dans la colonne des han"},
    {"expected a limit cell such as 8000 (2000/4000) or 12000 (4000)",
     "attendu une case de limite comme 8000 (2000/4000) ou 12000 (4000)"},
    {"expected a number of points (7700, 7,700, 7 700) or an empty mark (-, ---, null, 0, "
     "nothing)",
     "attendu un nombre de points (7700, 7,700, 7 700) ou une marque de case vide (-, ---, "
     "null, 0, rien)"},
    {"expected one tsumo amount for the dealer (each payer's share, as 500 all)",
     "attendu un montant de tsumo pour le donneur (la part de chacun, comme 500 all)"},
    {"expected two tsumo amounts for a non-dealer (each non-dealer/dealer, as 300/500)",
     "attendu deux montants de tsumo pour un non-donneur (chaque non-donneur/le donneur, "
     "comme 300/500)"},
    {"expected the ron amount, as 7700 (a table of rons)",
     "attendu le montant du ron, comme 7700 (une table de rons)"},
    {"expected the ron amount, as 7700, or a mark such as -",
     "attendu le montant du ron, comme 7700, ou une marque comme -"},
    {"expected the tsumo amounts, as 300/500 (a table of tsumo)",
     "attendu les montants du tsumo, comme 300/500 (une table de tsumo)"},
    {"expected the tsumo's total, as 1100", "attendu le total du tsumo, comme 1100"},
    {"'all' after a non-dealer's tsumo: expected two amounts, as 300/500",
     "« all » après le tsumo d’un non-donneur : attendu deux montants, comme 300/500"},
    {"a fu count out of the rows' order (read again, still out of it): its row is not read",
     "un nombre de fu hors de l’ordre des lignes (relu, toujours hors de l’ordre) : sa ligne "
     "n’est pas lue"},
    {"a han count out of the rows' order (read again, still out of it): its row is not read",
     "un nombre de han hors de l’ordre des lignes (relu, toujours hors de l’ordre) : sa "
     "ligne n’est pas lue"},
    {"no heading says whose table this is: read as the dealer's (%s)",
     "aucun titre ne dit de qui est ce tableau : lu comme celui du donneur (%s)"},
    {"no heading says whose table this is: read as the non-dealer's (%s)",
     "aucun titre ne dit de qui est ce tableau : lu comme celui d’un non-donneur (%s)"},
    {"its ron amounts are a non-dealer's", "ses rons sont ceux d’un non-donneur"},
    {"its ron amounts are the dealer's, 1.5 times a non-dealer's",
     "ses rons sont ceux du donneur, 1,5 fois ceux d’un non-donneur"},
    {"a limit's name not read: read as %s, from the rows around it",
     "le nom d’une limite n’est pas lu : lu comme %s, d’après les lignes autour"},
    {"a column's head not read: read as the %s (the one payment no other column gives)",
     "le titre d’une colonne n’est pas lu : lue comme %s (le seul paiement qu’aucune autre "
     "colonne ne donne)"},
    {"a column's head read as the %s, as another's: read as the %s (its amounts are)",
     "le titre d’une colonne est lu comme %s, comme celui d’une autre : lue comme %s (ses "
     "montants le sont)"},
    {"non-dealer's ron", "le ron d’un non-donneur"},
    {"dealer's ron", "le ron du donneur"},
    {"a column of amounts whose head names no payment (non-dealer or dealer, ron or tsumo): "
     "its cells are not read",
     "une colonne de montants dont le titre ne nomme aucun paiement (non-donneur ou donneur, "
     "ron ou tsumo) : ses cases ne sont pas lues"},
    {"a fu label read as %d: read as %d (its rons are those of %d fu)",
     "une étiquette de fu lue %d : lue comme %d (ses rons sont ceux de %d fu)"},
    {"a %s label not read: read as %d, the first row, before %d",
     "une étiquette de %s n’est pas lue : lue comme %d, la première ligne, avant %d"},
    {"a fu label not read: read as 110, the row after 100 fu that ends the table",
     "une étiquette de fu n’est pas lue : lue comme 110, la ligne après 100 fu qui termine le "
     "tableau"},
    {"a %s label not read: read as %d, the one between the rows around it",
     "une étiquette de %s n’est pas lue : lue comme %d, la seule entre les lignes autour"},
    {"a han label not read: read as %d, from the runs of fu around it",
     "une étiquette de han n’est pas lue : lue comme %d, d’après les suites de fu autour"},
    {"a column's head not read: read as the %s (%s)",
     "le titre d’une colonne n’est pas lu : lue comme %s (%s)"},
    {"non-dealer's tsumo", "le tsumo d’un non-donneur"},
    {"dealer's tsumo", "le tsumo du donneur"},
    {"its cells hold two amounts each", "ses cases ont deux montants chacune"},
    {"its cells hold one amount each", "ses cases ont un montant chacune"},
    {"its tsumo cells hold one amount each", "ses cases de tsumo ont un montant chacune"},
    {"its tsumo cells hold two amounts each", "ses cases de tsumo ont deux montants chacune"},
    {"the first table; no tsumo cells tell",
     "le premier tableau ; aucune case de tsumo ne le dit"},
    {"the second table; no tsumo cells tell",
     "le second tableau ; aucune case de tsumo ne le dit"},
    {"its tsumo amounts not read (the limits beside it give theirs)",
     "ses montants de tsumo non lus (les limites à côté donnent les leurs)"},
    {"its ron amount not read (the limits beside it give theirs)",
     "son montant de ron non lu (les limites à côté donnent le leur)"},
    {"its tsumo amounts not read (the cells beside it give theirs)",
     "ses montants de tsumo non lus (les cases à côté donnent les leurs)"},
    {"its ron amount not read (the cells beside it give theirs)",
     "son montant de ron non lu (les cases à côté donnent le leur)"},
    {"a non-dealer's tsumo shares read the dealer's first: the first is the larger in %d "
     "cells (the dealer pays more), the smaller in %d",
     "les parts du tsumo d’un non-donneur lues celle du donneur en premier : la première est "
     "la plus grande dans %d cases (le donneur paie plus), la plus petite dans %d"},
    {"the first amount of each cell read as the tsumo total, as in the chart's other tables "
     "(a ron and a total agree in every cell here)",
     "le premier montant de chaque case lu comme le total du tsumo, comme dans les autres "
     "tableaux (un ron et un total s’accordent dans chaque case ici)"},
    {"the first amount of each cell read as the tsumo total, not a ron: it is the sum of the "
     "cell's shares in %d of the %d cells where a ron differs",
     "le premier montant de chaque case lu comme le total du tsumo, pas comme un ron : c’est "
     "la somme des parts de la case dans %d des %d cases où un ron serait différent"},

    /* the variant inferred (core/verify.c) */
    {"sure: the %d cells that tell (%s) all pay it",
     "sûr : les %d cases qui le disent (%s) le paient toutes"},
    {"likely: %d of the %d cells that tell (%s) pay it, %d neither value",
     "probable : %d des %d cases qui le disent (%s) le paient, %d aucune des deux valeurs"},
    {"likely: the one cell that tells (%s) pays it",
     "probable : la seule case qui le dit (%s) le paie"},
    {"likely: %s; no cell tells (%s)", "probable : %s ; aucune case ne le dit (%s)"},
    {"mixed: %d cells that tell (%s) pay %q, %d the other value, %d neither",
     "partagé : %d cases qui le disent (%s) paient la valeur %q, %d l’autre valeur, %d aucune "
     "des deux"},
    {"not decided: none of the %d cells that tell (%s) pays either value; kept %q=%q of the "
     "base rules",
     "non tranché : aucune des %d cases qui le diraient (%s) ne paie l’une des deux valeurs ; "
     "gardé %q=%q des règles de base"},
    {"not decided: the chart has no cells that tell (%s); kept %q=%q of the base rules",
     "non tranché : le tableau n’a aucune case qui le dise (%s) ; gardé %q=%q des règles de "
     "base"},
    {"given (the chart has no cells that tell: %s)",
     "donné (le tableau n’a aucune case qui le dise : %s)"},
    {"given; of the %d cells that tell (%s), %d pay it, %d the other value, %d neither",
     "donné ; des %d cases qui le disent (%s), %d le paient, %d l’autre valeur, %d aucune "
     "des deux"},
    {"not used: a four-player chart", "sans objet : un tableau à quatre joueurs"},
    {"the chart's words say three players ('%q', line %d)",
     "les mots du tableau disent trois joueurs (« %q », ligne %d)"},
    {"%s; checked under %q", "%s ; vérifié selon %q"},
    {"%s; %d honba: every ron +%d, every tsumo share +%d",
     "%s ; %d honba : chaque ron +%d, chaque part de tsumo +%d"},
    {"4 han 30 fu and 3 han 60 fu cells", "cases de 4 han 30 fu et 3 han 60 fu"},
    {"cells of 13 han or more", "cases de 13 han ou plus"},
    {"multiple-yakuman rows (2x, 26 han ...)", "lignes de yakuman multiples (2x, 26 han ...)"},
    {"tsumo totals, a North's share split", "totaux de tsumo, part du Nord partagée"},
    {"every cell", "chaque case"},
    {"the cells of hands that need 4 fu for the pair (1 han 110 fu)",
     "les cases des mains qui demandent 4 fu pour la paire (1 han 110 fu)"},
    {"non-dealer and dealer tsumo cells", "cases de tsumo d’un non-donneur et du donneur"},
    {"%dx pays %dx, %s", "%dx paie %dx, %s"},
    {"%dx pays %dx", "%dx paie %dx"},
    {"%dx row pays different multiples, %s", "la ligne %dx paie des multiples différents, %s"},
    {"%dx row pays different multiples", "la ligne %dx paie des multiples différents"},
    {"%dx row pays no multiple, %s", "la ligne %dx ne paie aucun multiple, %s"},
    {"%dx row pays no multiple", "la ligne %dx ne paie aucun multiple"},

    /* causes and notes in a row ("a; b"): each said */
    {"...", "..."},
    {"%s; %s", "%s ; %s"},
    /* a row and its payment ("2 han 60 fu, dealer ron"): the payment said
     * (last: a sentence with a comma has its own pattern above) */
    {"%q, %s", "%q, %s"},
};

bool say_knows(const char *lang)
{
    return strcmp(lang, "en") == 0 || strcmp(lang, "fr") == 0;
}

#define SAY_PIECES 12
#define SAY_DEPTH 16

typedef struct piece {
    const char *at;
    size_t len;
    bool kept; /* %q or a number: as it is */
} piece;

/* A conversion of a pattern at p ('%' at p[0]): its letter ('d', 's', 'q'),
 * its position (from 1; 0 when none), and where the pattern goes on. */
static const char *conversion(const char *p, char *letter, int *position)
{
    const char *q = p + 1;
    *position = 0;
    if (isdigit((unsigned char)*q)) {
        const char *r = q;
        int n = 0;
        while (isdigit((unsigned char)*r))
            n = n * 10 + (*r++ - '0');
        if (*r == '$') {
            *position = n;
            q = r + 1;
        }
    }
    while (*q == '-' || isdigit((unsigned char)*q))
        q++;
    while (*q == 'l' || *q == 'z' || *q == 'h')
        q++;
    *letter = *q;
    return *q ? q + 1 : q;
}

/* Does s match the pattern p whole?  The pieces from k on into pc, their
 * count into *n. */
static bool match(const char *p, const char *s, piece *pc, int k, int *n)
{
    while (*p) {
        if (p[0] == '%' && p[1] == '%') {
            if (*s != '%')
                return false;
            p += 2, s++;
            continue;
        }
        if (p[0] == '%') {
            char letter;
            int pos;
            const char *next = conversion(p, &letter, &pos);
            if (k >= SAY_PIECES)
                return false;
            if (letter == 'd' || letter == 'u') {
                const char *e = s + (*s == '-');
                if (!isdigit((unsigned char)*e))
                    return false;
                while (isdigit((unsigned char)*e))
                    e++;
                pc[k] = (piece){s, (size_t)(e - s), true};
                p = next, s = e, k++;
                continue;
            }
            /* a phrase: the shortest that lets the rest match */
            for (const char *e = s;; e++) {
                pc[k] = (piece){s, (size_t)(e - s), letter == 'q'};
                if (match(next, e, pc, k + 1, n))
                    return true;
                if (*e == '\0')
                    return false;
            }
        }
        if (*p != *s)
            return false;
        p++, s++;
    }
    if (*s != '\0')
        return false;
    *n = k;
    return true;
}

static bool say_in(const char *english, size_t len, char *buf, size_t size, int depth);

/* Append text[0..len) to buf at *at. */
static void put(char *buf, size_t size, size_t *at, const char *text, size_t len)
{
    if (*at + 1 >= size)
        return;
    if (len > size - 1 - *at)
        len = size - 1 - *at;
    memcpy(buf + *at, text, len);
    *at += len;
    buf[*at] = '\0';
}

/* The French pattern fr with the pieces, phrases said in French too. */
static void fill(const char *fr, const piece *pc, int n, char *buf, size_t size, int depth)
{
    size_t at = 0;
    int next = 0;
    buf[0] = '\0';
    for (const char *p = fr; *p;) {
        char letter;
        int pos, i;
        const char *after;
        if (p[0] != '%') {
            const char *e = strchr(p, '%');
            size_t len = e ? (size_t)(e - p) : strlen(p);
            put(buf, size, &at, p, len);
            p += len;
            continue;
        }
        if (p[1] == '%') {
            put(buf, size, &at, "%", 1);
            p += 2;
            continue;
        }
        after = conversion(p, &letter, &pos);
        i = pos > 0 ? pos - 1 : next++;
        if (i < n) {
            char said[1024];
            if (!pc[i].kept && depth < SAY_DEPTH &&
                say_in(pc[i].at, pc[i].len, said, sizeof said, depth + 1))
                put(buf, size, &at, said, strlen(said));
            else
                put(buf, size, &at, pc[i].at, pc[i].len);
        }
        p = after;
    }
}

/* english[0..len) said in French into buf: false when no pattern matches. */
static bool say_in(const char *english, size_t len, char *buf, size_t size, int depth)
{
    char text[1024];
    if (len >= sizeof text)
        return false;
    memcpy(text, english, len);
    text[len] = '\0';
    for (size_t i = 0; i < sizeof french / sizeof french[0]; i++) {
        piece pc[SAY_PIECES];
        int n = 0;
        if (match(french[i].en, text, pc, 0, &n)) {
            fill(french[i].fr, pc, n, buf, size, depth);
            return true;
        }
    }
    return false;
}

const char *say(const char *lang, const char *english, char *buf, size_t size)
{
    if (size == 0 || strcmp(lang, "fr") != 0 || !say_in(english, strlen(english), buf, size, 0))
        return english;
    return buf;
}

size_t say_width(const char *text)
{
    return utf8_count(text);
}
