/* cmd_strand.c - pegsol strand: the worst game, most pegs left stuck. */
#include "cli.h"

#include "pegsol/analyse.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <stdio.h>
#include <stdlib.h>

static const char usage[] =
	"usage: pegsol strand BOARD [--vacate H] [--json]\n\n"
	"The worst game: the most pegs that can be left with no jump\n"
	"possible, starting from one vacancy, which is also the fewest jumps\n"
	"to get stuck; with the game.  Without --vacate every starting\n"
	"vacancy up to symmetry is answered (seed 003's worst games).\n"
	"Boards of up to 128 holes.\n";

int cmd_strand(int argc, char **argv)
{
	int json = 0, r, vac = -1, rc = EXIT_USAGE, best = -1;
	const char *vacate = NULL;
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--vacate", CLI_STRING, &vacate}};
	struct peg_board *b;
	struct peg_strand_result res = {0};
	struct peg_err err;
	unsigned char *end = NULL;
	cJSON *o = NULL, *arr = NULL;
	char name[64];

	b = cli_parse_board(argc, argv, opts, CLI_N(opts), usage, 128, &rc);
	if (!b)
		return rc;
	if (vacate) {
		vac = peg_board_parse_hole(b, vacate, &err);
		if (vac < 0) {
			cli_error("%s", err.msg);
			goto out;
		}
	}
	end = cli_alloc((size_t)b->n_holes, &rc);
	if (!end)
		goto out;
	r = peg_strand_find(b, vac, &res, &err);
	if (r) {
		rc = cli_fail(err.msg, r == PEG_ANALYSE_ENOMEM);
		goto out;
	}
	if (json) {
		o = cJSON_CreateObject();
		cli_json_board(o, b);
		arr = cJSON_AddArrayToObject(o, "vacancies");
	} else {
		printf("%s: worst games (most pegs left with no jump)\n",
		       b->title);
	}
	for (int i = 0; i < res.n; i++) {
		const struct peg_strand *s = &res.v[i];
		char *fmt = NULL;

		peg_board_hole_name(b, s->vacancy, name, sizeof(name));
		if (s->pegs > best)
			best = s->pegs;
		if (s->pegs >= 0)
			fmt = peg_jumps_format(b, s->jumps, s->n_jumps);
		if (json) {
			cJSON *e = cJSON_CreateObject();

			cJSON_AddStringToObject(e, "vacate", name);
			cJSON_AddNumberToObject(e, "pegs", s->pegs);
			cJSON_AddNumberToObject(e, "jumps", s->n_jumps);
			if (s->pegs >= 0) {
				peg_pos_from128(s->end, b->n_holes, end);
				cJSON_AddStringToObject(e, "solution",
							fmt ? fmt : "");
				cJSON_AddItemToObject(e, "dead_position",
						      cli_json_holes(b, end));
			}
			cJSON_AddItemToArray(arr, e);
		} else if (s->pegs < 0) {
			printf("vacate %s: no dead position can be reached\n",
			       name);
		} else {
			printf("vacate %s: %d pegs stranded after %d jumps: %s\n",
			       name, s->pegs, s->n_jumps, fmt ? fmt : "");
		}
		free(fmt);
	}
	if (json) {
		cJSON_AddNumberToObject(o, "most_pegs", best);
		cli_json_u64(o, "dead_examined", res.dead);
		cli_json_u64(o, "nodes", res.nodes);
		cli_json_print(o);
	} else {
		printf("most pegs stranded: %d\n", best);
		printf("nodes: %llu (%llu dead positions examined)\n",
		       (unsigned long long)res.nodes,
		       (unsigned long long)res.dead);
	}
	rc = best >= 0 ? EXIT_YES : EXIT_NO;
out:
	peg_strand_release(&res);
	free(end);
	peg_board_free(b);
	return rc;
}
