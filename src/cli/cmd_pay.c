/* tensu pay: one payment, with the working a learner can follow. */
#include "cli.h"

#include <inttypes.h>
#include <string.h>

static void help(void)
{
    printf("usage: tensu pay FU HAN [--dealer] [--tsumo] [--honba N] [--sticks N]\n"
           "       tensu pay --fu F --han H [--dealer] [--tsumo] [--honba N] [--sticks N]\n"
           "       tensu pay --yakuman N [--dealer] [--tsumo] [--honba N] [--sticks N]\n"
           "       [--rules NAME|FILE] [--set KEY=VALUE]... [--lang fr|en]\n\n"
           "Prints who pays what, with the working: base points = fu x 2^(%d+han),\n"
           "the limit if one applies, the multiplier of each payer, the rounding up to\n"
           "%d, then honba and riichi sticks.\n\n"
           "FU HAN: the fu, then the han (tensu pay 30 2), as --fu 30 --han 2.  A hand's\n"
           "fu are rounded up to 10 (25 stays 25): give 40 for 32 fu.  --lang fr: the\n"
           "lines in French.\n",
           tensu_base_exponent(0), TENSU_PAY_UNIT);
}

/* --lang: the catalog's strings (templates/LANG.json), NULL for the
 * built-in English of the lines below. */
static json_t *pay_strings;

static const char *T(const char *key, const char *english)
{
    return cli_str(pay_strings, key, english);
}

static void explain_value(const tensu_rules *r, const tensu_value *v, const tensu_payment *p)
{
    char a[TENSU_BIG_DIGITS];
    const int64_t mangan = tensu_limit_base(TENSU_LIMIT_MANGAN);
    const int mangan_han = tensu_limit_han(TENSU_LIMIT_MANGAN);
    if (v->limit == TENSU_LIMIT_YAKUMAN) {
        printf("%d yakuman%s %d x %" PRId64 " = %" PRId64 "\n", v->yakuman,
               T("pay.base.yakuman", ": base points ="), v->yakuman,
               tensu_limit_base(TENSU_LIMIT_YAKUMAN), v->base);
        return;
    }
    printf("%s = fu x 2^(%d+han) = %d x 2^%d = %s\n", T("pay.base", "base points"),
           tensu_base_exponent(0), v->fu,
           tensu_base_exponent(v->han),
           v->raw_base >= 0 ? (snprintf(a, sizeof a, "%" PRId64, v->raw_base), a)
                            : (p->big ? p->exact.base : "(very large)"));
    switch (v->limit) {
    case TENSU_LIMIT_NONE:
        if (r->aotenjou)
            printf("%s\n", T("pay.aotenjou", "aotenjou: no limit applies"));
        else if (v->han < mangan_han)
            printf("%s %" PRId64 " %s %d han%s\n", T("pay.under", "under"), mangan,
                   T("pay.and_under", "and under"), mangan_han, T("pay.no_limit", ": no limit"));
        break;
    case TENSU_LIMIT_MANGAN:
        if (v->kiriage)
            printf("kiriage%s %" PRId64 " %s %" PRId64 "\n", T("pay.colon", ":"), v->raw_base,
                   T("pay.kiriage", "is rounded up to mangan, base"), mangan);
        else if (v->han >= mangan_han)
            printf("%d han%s mangan, base %" PRId64 "\n", v->han, T("pay.colon", ":"), mangan);
        else
            printf("%s %" PRId64 "%s %" PRId64 "\n", T("pay.over", "over"), mangan,
                   T("pay.capped", ": capped at mangan, base"), mangan);
        break;
    default:
        printf("%d han%s %s, base %" PRId64 "%s\n", v->han, T("pay.colon", ":"),
               tensu_limit_name(v->limit), v->base,
               v->limit == TENSU_LIMIT_SANBAIMAN &&
                       v->han >= tensu_limit_han(TENSU_LIMIT_KAZOE_YAKUMAN)
                   ? T("pay.kazoe_caps", " (kazoe=sanbaiman caps 13+ han)")
                   : "");
        break;
    }
}

static void explain_share(const char *who, int64_t base, int64_t raw, int64_t rounded,
                          const char *exact)
{
    int64_t mult2 = base > 0 ? (raw * 2 + base - 1) / base : 0;
    const char *colon = T("pay.colon", ":");
    if (exact != NULL && rounded < 0) {
        printf("%s%s %s\n", who, colon, exact);
        return;
    }
    if (mult2 % 2 == 0)
        printf("%s%s %" PRId64 " x %" PRId64 " = %" PRId64, who, colon, mult2 / 2, base, raw);
    else
        printf("%s%s %" PRId64 ".5 x %" PRId64 " = %" PRId64, who, colon, mult2 / 2, base, raw);
    if (raw != rounded)
        printf("%s %" PRId64, T("pay.rounded", ", rounded up to"), rounded);
    putchar('\n');
}

/* FU HAN given as operands (tensu pay 30 2): CLI_OK, or the exit status
 * after a message.  options: --fu or --han given too; yakuman: --yakuman. */
static int fu_han(const char *const pos[2], bool options, bool yakuman, int *fu, int *han)
{
    if (yakuman)
        return cli_error("pay", "'%s': FU HAN are for a hand of fu and han, --yakuman N for "
                                "a yakuman: not both", pos[0]);
    if (options)
        return cli_error("pay", "'%s': the fu and han are given once, as FU HAN (tensu pay 30 "
                                "2) or as --fu and --han, not both", pos[0]);
    if (pos[1] == NULL)
        return cli_error("pay", "'%s' alone: give the fu, then the han (tensu pay 30 2)",
                         pos[0]);
    if (!cli_int("pay", "FU (the fu, first)", pos[0], -1000, 1000, fu) ||
        !cli_int("pay", "HAN (the han, after the fu)", pos[1], -1000, 1000, han))
        return CLI_USAGE;
    return CLI_OK;
}

/* A fu count no hand has, said with what it is rounded up to when that is
 * all that is wrong (32 fu: round up to 40). */
static int bad_fu(int fu, const char *opt)
{
    int up = (fu + 9) / 10 * 10;
    if (fu > 20 && up <= TENSU_FU_MAX)
        return cli_error("pay", "bad value '%d' for %s: fu are rounded up to 10 (25 stays 25): "
                                "round up to %d", fu, opt, up);
    return cli_error("pay", "bad value '%d' for %s: fu is 20, 25, or a multiple of 10 from 30 "
                            "to %d", fu, opt, TENSU_FU_MAX);
}

int cmd_pay(int argc, char **argv)
{
    tensu_rules r;
    tensu_error err;
    tensu_payment p;
    char name[160];
    int fu = 0, han = 0, yakuman = 0, honba = 0, sticks = 0, tsumo = 0;
    bool dealer = false, have_fu = false, have_han = false;
    const char *lang = NULL, *who;
    char key[48];
    const cli_opt options[] = {
        {"--dealer", CLI_FLAG, &dealer},
        {"--tsumo", CLI_SET, &tsumo, 1},
        {"--ron", CLI_SET, &tsumo, 0},
        {"--fu", CLI_INT, &fu, -1000, 1000, .seen = &have_fu},
        {"--han", CLI_INT, &han, -1000, 1000, .seen = &have_han},
        {"--yakuman", CLI_INT, &yakuman, 1, 100},
        {"--honba", CLI_INT, &honba, 0, 100},
        {"--sticks", CLI_INT, &sticks, 0, 100},
        {"--lang", CLI_TEXT, &lang},
        {NULL}};
    const char *pos[2] = {NULL, NULL}; /* FU HAN */
    const cli_command cmd = {"pay", help, options, .operand = pos, .operand_name = "fu and han",
                             .operands = 2};
    int st = cli_rules("pay", &argc, argv, &r);
    const tensu_value *v;

    if (st != CLI_OK)
        return st;
    if (r.family == TENSU_FAMILY_CLASSICAL)
        return cli_classical_pay(&r, argc, argv);
    if ((st = cli_parse(&cmd, argc, argv)) != CLI_OK)
        return st;
    if (pos[0] != NULL &&
        (st = fu_han(pos, have_fu || have_han, yakuman > 0, &fu, &han)) != CLI_OK)
        return st;
    if (pos[0] != NULL)
        have_fu = have_han = true;
    if (yakuman == 0 && (!have_fu || !have_han))
        return cli_error("pay", "give the fu and the han (tensu pay 30 2, or --fu 30 --han 2), "
                                "or --yakuman N");
    if (yakuman > 0 && !have_fu)
        fu = 0;
    if (yakuman == 0 && han <= 0)
        return cli_error("pay", "bad value '%d' for %s: a hand has 1 han or more", han,
                         pos[0] ? "HAN" : "--han");
    if (yakuman == 0 && !tensu_fu_valid(fu))
        return bad_fu(fu, pos[0] ? "FU" : "--fu");
    if (tensu_pay(&r, han, fu, yakuman, dealer, tsumo, honba, sticks, &p, &err) != TENSU_OK)
        return cli_core_error("pay", &err);
    v = &p.value;
    lang = cli_lang(lang, NULL);
    if (lang != NULL) {
        json_t *strings, *cat = cli_catalog("pay", lang, &strings);
        if (cat == NULL)
            return CLI_USAGE;
        pay_strings = json_incref(strings);
        json_decref(cat);
    }

    /* "non-dealer ron", "dealer tsumo" */
    snprintf(key, sizeof key, "pay.who.%s_%s", dealer ? "dealer" : "nondealer",
             tsumo ? "tsumo" : "ron");
    who = T(key, dealer ? (tsumo ? "dealer tsumo" : "dealer ron")
                        : (tsumo ? "non-dealer tsumo" : "non-dealer ron"));
    if (yakuman > 0)
        printf("%d yakuman, %s (%s %s)\n", yakuman, who, T("pay.rules", "rules"),
               cli_rules_name(&r, name, sizeof name));
    else
        printf("%d fu %d han, %s (%s %s)\n", fu, han, who, T("pay.rules", "rules"),
               cli_rules_name(&r, name, sizeof name));
    explain_value(&r, v, &p);
    if (!tsumo) {
        char line[160];
        snprintf(line, sizeof line, "%s, %s %d x base", who,
                 T("pay.discarder_pays", "the discarder pays"), tensu_ron_multiplier(dealer));
        explain_share(line, v->base, p.ron_raw, p.ron, p.exact.ron);
    } else if (dealer) {
        char line[160];
        snprintf(line, sizeof line, "%s, %s", who, T("pay.each_pays", "each player pays"));
        explain_share(line, v->base, p.from_non_dealer_raw, p.from_non_dealer,
                      p.exact.from_non_dealer);
    } else {
        char line[160];
        snprintf(line, sizeof line, "%s, %s", who, T("pay.dealer_pays", "the dealer pays"));
        explain_share(line, v->base, p.from_dealer_raw, p.from_dealer, p.exact.from_dealer);
        explain_share(p.non_dealer_payers > 1
                          ? T("pay.each_other_pays", "each other non-dealer pays")
                          : T("pay.other_pays", "the other non-dealer pays"),
                      v->base, p.from_non_dealer_raw, p.from_non_dealer,
                      p.exact.from_non_dealer);
    }
    if (p.big) {
        printf("%s %s\n", T("pay.receives", "the winner receives"), p.exact.total);
        json_decref(pay_strings);
        pay_strings = NULL;
        return CLI_OK;
    }
    if (tsumo)
        printf("%s %" PRId64 "%s\n", T("pay.total", "total"), p.total,
               r.players == 3 && r.sanma == TENSU_SANMA_TSUMO_SON
                   ? T("pay.tsumo_son",
                       " (three players, tsumo-son: the missing share is not paid)")
                   : "");
    if (honba > 0)
        printf("%d honba%s +%" PRId64 " %s\n", honba, T("pay.colon", ":"), p.honba_each,
               tsumo ? T("pay.from_each_payer", "from each payer")
                     : T("pay.from_discarder", "from the discarder"));
    if (!tsumo)
        printf("%s %" PRId64 "\n", T("pay.payment", "payment:"), p.ron_honba);
    else if (dealer)
        printf("%s %" PRId64 " %s\n", T("pay.payment", "payment:"), p.from_non_dealer_honba,
               T("pay.from_each", "from each"));
    else
        printf("%s %" PRId64 " %s, %" PRId64 " %s\n", T("pay.payment", "payment:"),
               p.from_dealer_honba, T("pay.from_dealer", "from the dealer"),
               p.from_non_dealer_honba,
               p.non_dealer_payers > 1 ? T("pay.from_each_nondealer", "from each non-dealer")
                                       : T("pay.from_nondealer", "from the non-dealer"));
    if (sticks > 0)
        printf("%d %s%s +%" PRId64 "\n", sticks,
               sticks > 1 ? T("pay.sticks", "riichi sticks") : T("pay.stick", "riichi stick"),
               T("pay.colon", ":"), p.total_with_sticks - p.total_honba); /* the engine's sticks */
    printf("%s %" PRId64 "\n", T("pay.receives", "the winner receives"), p.total_with_sticks);
    json_decref(pay_strings);
    pay_strings = NULL;
    return CLI_OK;
}
