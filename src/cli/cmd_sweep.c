/* cmd_sweep.c - pegsol sweep: the longest sweep (jumps in one move) in any
 * single vacancy to single survivor solution (seed 003). */
#include "cli.h"

#include "pegsol/shortest.h"
#include "pegsol/solution.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: pegsol sweep BOARD [--construct] [--max-states N] [--json]\n\n"
	"Find the longest sweep (the most jumps by one peg in one move) that\n"
	"can occur in any single vacancy to single survivor solution, the\n"
	"problems (vacate, finish; up to symmetry) in which it can occur,\n"
	"and one such solution, built with the time-reversal trick and\n"
	"replayed.  Every position reachable from each vacancy is examined,\n"
	"so this is for small boards (Triangle(5), Triangle(6), ...).\n"
	"--construct instead builds every sweep position from the longest\n"
	"walk down and tests it by time reversal (large boards: Triangle(8),\n"
	"Triangle(10)); it lists the witness's problem only.  Boards of up\n"
	"to 128 holes.\n"
	"Exit 0 when some solution exists, 1 when the board has none.\n";

int cmd_sweep(int argc, char **argv)
{
	int json = 0, max_states = 0, construct = 0, r, rc = EXIT_USAGE;
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--max-states", CLI_INT, &max_states},
				 {"--construct", CLI_FLAG, &construct}};
	struct peg_board *b;
	struct peg_shortest_opts so = {0};
	struct peg_sweep_result res;
	struct peg_err err;
	char *sol = NULL, s[32], f[32];

	b = cli_parse_board(argc, argv, opts, CLI_N(opts), usage, 128, &rc);
	if (!b)
		return rc;
	so.max_states = (uint64_t)max_states;
	r = construct ? peg_sweep_construct(b, &so, &res, &err)
		      : peg_sweep_longest(b, &so, &res, &err);
	if (r != PEG_SHORTEST_OK) {
		rc = cli_fail(err.msg, r == PEG_SHORTEST_RESOURCES);
		goto out;
	}
	if (res.length)
		sol = peg_jumps_format(b, res.jumps, res.n_jumps);
	if (json) {
		cJSON *o = cJSON_CreateObject(), *a;

		cli_json_board(o, b);
		cJSON_AddNumberToObject(o, "longest_sweep", res.length);
		a = cJSON_AddArrayToObject(o, "problems");
		for (int i = 0; i < res.n_problems; i++) {
			cJSON *e = cJSON_CreateObject();

			cli_json_hole(e, "vacate", b, res.start[i]);
			cli_json_hole(e, "finish", b, res.finish[i]);
			cJSON_AddItemToArray(a, e);
		}
		if (sol) {
			cli_json_hole(o, "vacate", b, res.start_hole);
			cli_json_hole(o, "finish", b, res.finish_hole);
			cJSON_AddStringToObject(o, "solution", sol);
			cJSON_AddNumberToObject(o, "sweep_first_jump",
						res.sweep_first + 1);
		}
		cli_json_u64(o, "positions", res.positions);
		cli_json_print(o);
	} else if (res.length) {
		char *sw = peg_jumps_format(b, res.jumps + res.sweep_first,
					    res.length);

		printf("%s: longest sweep %d jumps (%s)\n", b->title,
		       res.length, sw ? sw : "");
		printf("it occurs in %d problem%s:", res.n_problems,
		       res.n_problems == 1 ? "" : "s");
		for (int i = 0; i < res.n_problems; i++)
			printf(" %s->%s",
			       peg_board_hole_name(b, res.start[i], s,
						   sizeof(s)),
			       peg_board_hole_name(b, res.finish[i], f,
						   sizeof(f)));
		printf("\nsolution (vacate %s, finish %s): %s\n",
		       peg_board_hole_name(b, res.start_hole, s, sizeof(s)),
		       peg_board_hole_name(b, res.finish_hole, f, sizeof(f)),
		       sol ? sol : "");
		printf("%llu positions examined\n",
		       (unsigned long long)res.positions);
		free(sw);
	} else {
		printf("%s: no single vacancy to single survivor solution\n",
		       b->title);
	}
	rc = res.length ? EXIT_YES : EXIT_NO;
	peg_sweep_result_release(&res);
out:
	free(sol);
	peg_board_free(b);
	return rc;
}
