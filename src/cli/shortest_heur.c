/* shortest_heur.c - pegsol shortest --heuristic: a short solution found by
 * beam search and local improvement, not proved minimal (heuristic.h).
 * cmd_shortest() hands over here when --heuristic is given. */
#include "cli.h"

#include "pegsol/heuristic.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cmd_shortest_heuristic(int argc, char **argv);

static const char usage[] =
	"usage: pegsol shortest BOARD [--vacate H | --position P]\n"
	"                       [--finish F | --anywhere] --heuristic\n"
	"                       [--seconds N] [--nodes N] [--seed S]\n"
	"                       [--threads N] [--width W] [--progress]\n"
	"                       [--json]\n\n"
	"Search for a short solution (fewest moves; a move is one peg's\n"
	"consecutive jumps) without proving it minimal: beam searches over\n"
	"moves ranked by Merson-region lower bounds, restarted with noise\n"
	"and wider beams, and local improvement of the best solution (moves\n"
	"merged by reordering, windows of moves replaced by exact shorter\n"
	"paths).  Boards of up to 192 holes.  Without a start every single\n"
	"vacancy (up to symmetry) that can reach the finish shares the time.\n"
	"--seconds N stops after N seconds (default 10 when no --nodes);\n"
	"--nodes N stops after about N positions generated: with --nodes\n"
	"and no --seconds the answer depends only on the board, the\n"
	"problem, --seed (default 1) and --width (first beam width, default\n"
	"256), not on --threads (workers on each beam layer, default 2).\n"
	"--progress reports each beam and each new best on stderr.  The\n"
	"solution printed has been replayed by the library.\n"
	"Exit 0 with a solution, 1 when none was found in the budget, 2 on\n"
	"bad input, 3 when memory runs out.\n";

static int parse_u64(const char *opt, const char *s, unsigned long long max,
		     unsigned long long *out)
{
	char *end;
	unsigned long long v;

	if (!s)
		return 0;
	errno = 0;
	if (*s < '0' || *s > '9') {
		cli_error("%s wants a number, got '%s'", opt, s);
		return -1;
	}
	v = strtoull(s, &end, 10);
	if (errno || *end || v > max) {
		cli_error("%s wants a number from 0 to %llu, got '%s'", opt, max,
			  s);
		return -1;
	}
	*out = v;
	return 1;
}

static void on_progress(void *ctx, const struct peg_heur_progress *p)
{
	const struct peg_board *b = ctx;
	char name[32] = "position";

	if (p->start >= 0)
		peg_board_hole_name(b, p->start, name, sizeof(name));
	if (strcmp(p->what, "improve"))
	{
		char got[32] = "no better solution";

		if (p->beam_moves >= 0)
			snprintf(got, sizeof(got), "%d moves", p->beam_moves);
		fprintf(stderr,
			"%7.1f s  %s %d, vacate %s, width %d: %s, best %d, "
			"%llu nodes\n",
			p->seconds, p->what, p->beams, name, p->beam_width, got,
			p->best_moves, (unsigned long long)p->nodes);
	}
	else
		fprintf(stderr,
			"%7.1f s  new best: %d moves (vacate %s, after local "
			"improvement)\n",
			p->seconds, p->best_moves, name);
}

int cmd_shortest_heuristic(int argc, char **argv)
{
	int json = 0, heuristic = 0, progress = 0, np, r;
	int rc = EXIT_USAGE, finish_h = -1;
	const char *pos[1];
	struct cli_problem_args pa = {0};
	const char *seconds = NULL, *nodes = NULL, *seed = NULL;
	const char *threads = NULL, *width = NULL;
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--heuristic", CLI_FLAG, &heuristic},
				 {"--progress", CLI_FLAG, &progress},
				 CLI_PROBLEM_OPTS(pa),
				 {"--seconds", CLI_STRING, &seconds},
				 {"--nodes", CLI_STRING, &nodes},
				 {"--seed", CLI_STRING, &seed},
				 {"--threads", CLI_STRING, &threads},
				 {"--width", CLI_STRING, &width}};
	struct peg_board *b = NULL;
	unsigned char *pegs = NULL;
	struct peg_heur_opts ho = {0};
	struct peg_heur_result res = {0};
	struct peg_err err;
	unsigned long long v;
	char *sol = NULL, name[32];

	r = cli_parse(argc, argv, opts, CLI_N(opts), pos, 1, &np, usage);
	if (r)
		return r > 0 ? EXIT_YES : EXIT_USAGE;
	ho.seed = 1;
	ho.threads = 2;
	if (seconds) {
		char *end;
		double s;

		errno = 0;
		s = strtod(seconds, &end);
		if (errno || *end || end == seconds || !isfinite(s) ||
		    s <= 0 || s > 1e7) {
			cli_error("--seconds wants a positive number of "
				  "seconds, got '%s'",
				  seconds);
			return EXIT_USAGE;
		}
		ho.seconds = s;
	}
	if ((r = parse_u64("--nodes", nodes, 1ULL << 62, &v)) < 0)
		return EXIT_USAGE;
	if (r)
		ho.max_nodes = v;
	if ((r = parse_u64("--seed", seed, ~0ULL, &v)) < 0)
		return EXIT_USAGE;
	if (r)
		ho.seed = v;
	if ((r = parse_u64("--threads", threads, 16, &v)) < 0)
		return EXIT_USAGE;
	if (r)
		ho.threads = (int)v;
	if ((r = parse_u64("--width", width, 1 << 22, &v)) < 0)
		return EXIT_USAGE;
	if (r)
		ho.width = (int)v;
	if (nodes && !ho.max_nodes) {
		cli_error("--nodes must be at least 1");
		return EXIT_USAGE;
	}
	if (threads && !ho.threads) {
		cli_error("--threads must be 1 to 16");
		return EXIT_USAGE;
	}
	if (!seconds && !nodes)
		ho.seconds = 10;
	if (width && ho.width < 1) {
		cli_error("--width must be at least 1");
		return EXIT_USAGE;
	}
	b = cli_board(np ? pos[0] : NULL);
	if (!b)
		return cli_exit_code();
	r = cli_finish_hole(b, pa.finish, pa.anywhere, &finish_h);
	if (r > 0)
		cli_error("give the end: --finish F or --anywhere");
	if (r)
		goto out;
	if (pa.vacate || pa.position) {
		pegs = cli_alloc((size_t)b->n_holes, &rc);
		if (!pegs ||
		    cli_start_position(b, pa.position, pa.vacate, pegs))
			goto out;
	}
	if (progress) {
		ho.progress = on_progress;
		ho.progress_ctx = b;
	}
	r = peg_heuristic(b, pegs, finish_h, &ho, &res, &err);
	if (r != PEG_HEUR_OK) {
		cli_error("%s", err.msg);
		rc = r == PEG_HEUR_BAD ? EXIT_USAGE : EXIT_RESOURCES;
		goto out;
	}
	if (res.found) {
		sol = peg_jumps_format(b, res.jumps, res.n_jumps);
		if (!sol) {
			rc = cli_oom();
			goto out;
		}
	}
	if (json) {
		cJSON *o = cJSON_CreateObject();
		char sb[24];

		cli_json_board(o, b);
		if (res.start >= 0) {
			cli_json_hole(o, "vacate", b, res.start);
		} else if (pegs) {
			char *list = peg_pos_list(b, pegs);

			cJSON_AddStringToObject(o, "position",
						list ? list : "");
			free(list);
		}
		cJSON_AddStringToObject(o, "method", "heuristic");
		cJSON_AddBoolToObject(o, "solved", res.found);
		cJSON_AddBoolToObject(o, "proved",
				      res.found && res.moves <= res.lower_bound);
		if (res.found) {
			cli_json_hole(o, "finish", b, res.finish);
			cJSON_AddNumberToObject(o, "moves", res.moves);
			cJSON_AddNumberToObject(o, "jumps", res.n_jumps);
			cJSON_AddStringToObject(o, "solution", sol);
		}
		cJSON_AddNumberToObject(o, "lower_bound", res.lower_bound);
		cJSON_AddNumberToObject(o, "starts", res.starts);
		snprintf(sb, sizeof(sb), "%llu", (unsigned long long)ho.seed);
		cJSON_AddStringToObject(o, "seed", sb);
		cJSON_AddNumberToObject(o, "threads", ho.threads);
		cJSON_AddNumberToObject(o, "nodes", (double)res.nodes);
		cJSON_AddNumberToObject(o, "beams", res.beams);
		cJSON_AddNumberToObject(o, "improved", res.improved);
		cJSON_AddNumberToObject(o, "best_seconds", res.best_seconds);
		cJSON_AddNumberToObject(o, "seconds", res.seconds);
		cli_json_print(o);
	} else if (res.found) {
		if (res.start >= 0)
			printf("vacate %s, ",
			       peg_board_hole_name(b, res.start, name,
						   sizeof(name)));
		printf("finish %s: %d moves (%d jumps), not proved minimal "
		       "(lower bound %d)\n",
		       peg_board_hole_name(b, res.finish, name, sizeof(name)),
		       res.moves, res.n_jumps, res.lower_bound);
		printf("%s\n", sol);
		printf("seed %llu, %d beams, %llu nodes, best after %.2f s, "
		       "%.2f s\n",
		       (unsigned long long)ho.seed, res.beams,
		       (unsigned long long)res.nodes, res.best_seconds,
		       res.seconds);
	} else {
		printf("no solution found (%d beams, %llu nodes, %.2f s)\n",
		       res.beams, (unsigned long long)res.nodes, res.seconds);
	}
	rc = res.found ? EXIT_YES : EXIT_NO;
out:
	peg_heur_result_release(&res);
	free(sol);
	free(pegs);
	peg_board_free(b);
	return rc;
}
