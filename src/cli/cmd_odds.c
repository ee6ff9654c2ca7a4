/* cmd_odds.c - pegsol odds: exact odds of a random player finishing with
 * one peg (seed 000 section 2.3, Table 2). */
#include "cli.h"

#include "pegsol/analyse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: pegsol odds BOARD --vacate H [--position P] [--player A|B|C]\n"
	"                   [--exact] [--json]\n\n"
	"The exact probability (computed over the game tree, not sampled)\n"
	"that a random player finishes with one peg.  Player A picks any\n"
	"legal jump (any board, the default); on triangle:5 player B follows\n"
	"the rule of thumb (no jump into a corner or out of b3/b4/c4) and\n"
	"player C the SAX count (seed 000 section 2.3).  --exact also gives\n"
	"the probability as a fraction (GMP; small boards).  Boards of up to\n"
	"128 holes.\n";

int cmd_odds(int argc, char **argv)
{
	int json = 0, exact = 0, r, rc = EXIT_USAGE;
	const char *player = "A";
	struct cli_problem_args pa = {0};
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--exact", CLI_FLAG, &exact},
				 CLI_START_OPTS(pa),
				 {"--player", CLI_STRING, &player}};
	struct peg_board *b;
	unsigned char *pegs = NULL;
	struct peg_odds od = {0};
	struct peg_err err;
	enum peg_player pl;
	double in;

	b = cli_parse_board(argc, argv, opts, CLI_N(opts), usage, 128, &rc);
	if (!b)
		return rc;
	if ((player[0] != 'A' && player[0] != 'B' && player[0] != 'C' &&
	     player[0] != 'a' && player[0] != 'b' && player[0] != 'c') ||
	    player[1]) {
		cli_error("unknown player '%s' (A, B or C)", player);
		goto out;
	}
	pl = (enum peg_player)((player[0] | 0x20) - 'a');
	pegs = cli_start(b, pa.position, pa.vacate, 1, &rc);
	if (!pegs)
		goto out;
	r = peg_odds_compute(b, pegs, pl, exact, &od, &err);
	if (r) {
		rc = cli_fail(err.msg, r == PEG_ANALYSE_ENOMEM);
		goto out;
	}
	in = od.p > 0 ? (double)(1.0L / od.p) : 0;
	if (json) {
		cJSON *o = cJSON_CreateObject();
		char buf[64];

		cli_json_board(o, b);
		cJSON_AddItemToObject(o, "start", cli_json_holes(b, pegs));
		buf[0] = (char)('A' + (int)pl);
		buf[1] = '\0';
		cJSON_AddStringToObject(o, "player", buf);
		cJSON_AddNumberToObject(o, "probability", (double)od.p);
		cJSON_AddNumberToObject(o, "one_in", in);
		if (od.exact)
			cJSON_AddStringToObject(o, "exact", od.exact);
		cli_json_u64(o, "nodes", od.nodes);
		cJSON_AddNumberToObject(o, "max_level", od.max_level);
		cli_json_print(o);
	} else {
		printf("%s, player %c: probability %.6Lg", b->title,
		       'A' + (int)pl, od.p);
		if (od.p > 0)
			printf(" = 1 in %.0f (%.3f)", in, in);
		printf("\n");
		if (od.exact)
			printf("exact: %s\n", od.exact);
		printf("nodes: %llu positions (largest level %d)\n",
		       (unsigned long long)od.nodes, od.max_level);
	}
	rc = EXIT_YES;
out:
	peg_odds_release(&od);
	free(pegs);
	peg_board_free(b);
	return rc;
}
