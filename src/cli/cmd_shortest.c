/* cmd_shortest.c - pegsol shortest: a solution with the fewest moves, with
 * the proof that none shorter exists (seed 000 section 4). */
#include "cli.h"
#include "problem.h"

#include "pegsol/pos.h"
#include "pegsol/shortest.h"
#include "pegsol/solution.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char usage[] =
	"usage: pegsol shortest BOARD [--vacate H | --position P]\n"
	"                       [--finish F | --anywhere] [--max-moves N]\n"
	"                       [--max-states N] [--threads N] [--json]\n"
	"                       [--progress]\n"
	"       pegsol shortest BOARD ... --heuristic [--seconds N] ...\n"
	"                       (short solutions without proof, up to\n"
	"                       192 holes: pegsol shortest --heuristic\n"
	"                       --help)\n\n"
	"Find a solution with the fewest moves (a move is one peg's\n"
	"consecutive jumps) from the start to one peg at F, or anywhere.\n"
	"The search is breadth-first over moves with Merson-region lower\n"
	"bounds; when it ends the minimum is proved.  Without a start and\n"
	"with --anywhere every single-vacancy start is tried and the least\n"
	"(S(n) on Triangle(n), seed 000 Table 4) is reported.\n"
	"--max-moves N gives up past N moves; --max-states N caps the\n"
	"breadth-first table (13 to 34 bytes a state, default 100 million):\n"
	"a bound that outgrows it is finished depth first with a fixed\n"
	"table of 4N entries (8 bytes each, 16 past 56 holes; boards of up\n"
	"to 120 holes), still exact.  --threads N workers on each search\n"
	"(default 2).  With no start, --progress reports each (bound,\n"
	"start) search on stderr.  Boards of up to 128 holes (past 64 the\n"
	"search runs on 128-bit codes).\n"
	"Exit 0 with a solution, 1 when there is none (within --max-moves),\n"
	"2 on bad input, 3 when the state cap or memory runs out.\n";

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Every single-vacancy start, anywhere (S(n)): one bound at a time over
 * all starts, so no start is searched past the answer.  At each bound the
 * starts are first tried breadth first within the state cap; those that
 * outgrow it are retried with the depth-first completion under a node
 * budget that doubles each round, all of them in turn: once every start
 * failed at U - 1, one start solved at U proves S = U, so a start whose
 * search at U is huge (a corner with no U-move solution) need not finish
 * before another, cheaper one gives the answer.  Fills *best (the first
 * start solved at the least bound).  Returns 0 or an exit code. */
/* One line on stderr per finished (bound, start) search of all_starts. */
static void report(const struct peg_board *b, int U, int h, int round,
		   int status, const struct peg_shortest_result *res,
		   double secs)
{
	char name[32];

	peg_board_hole_name(b, h, name, sizeof(name));
	fprintf(stderr, "bound %d, vacate %s, %s: %s, %llu nodes, %.1f s\n",
		U, name, round ? "depth first" : "breadth first",
		status == PEG_SHORTEST_RESOURCES
			? (round ? "over the node budget, retried with twice"
				 : "outgrew the table, retried depth first")
		: status != PEG_SHORTEST_OK ? "error"
		: res->solved		    ? "solved"
					    : "no solution",
		(unsigned long long)res->nodes, secs);
}

#define ALL_STARTS_BUDGET (1ULL << 24) /* first round: 16 M states */
static int all_starts(const struct peg_board *b, struct peg_shortest_opts *so,
		      int max_moves, struct peg_shortest_result *best,
		      int *best_start, uint64_t *nodes, int *iters, int *lb,
		      int *n_starts, int *dfsb, int progress)
{
	uint64_t max_states = so->max_states;
	double t0 = now();
	int nh = b->n_holes, n_retry = 0;
	int *slb = malloc((size_t)nh * sizeof(int)), live = 0, U;
	/* vac: the start; retry, left: starts that outgrew the table */
	unsigned char *vac = malloc(3 * (size_t)nh), *retry = vac + nh;
	unsigned char *left = retry + nh;
	struct peg_err err;

	if (!slb || !vac) {
		free(slb);
		free(vac);
		cli_error("out of memory");
		return EXIT_RESOURCES;
	}
	memset(vac, 1, (size_t)nh);
	for (int h = 0; h < b->n_holes; h++) {
		slb[h] = -1;
		if (peg_board_hole_orbit_min(b, h) != h)
			continue;
		vac[h] = 0;
		slb[h] = peg_shortest_bound_pos(b, vac, -1);
		vac[h] = 1;
		(*n_starts)++;
		live++;
		if (*lb < 0 || slb[h] < *lb)
			*lb = slb[h];
	}
	for (U = *lb; live && !best->solved && U <= b->n_holes &&
		      (!max_moves || U <= max_moves);
	     U++) {
		uint64_t budget = ALL_STARTS_BUDGET;
		uint64_t cap = max_states ? max_states : 100000000;

		int round;

		n_retry = 0;
		memset(retry, 0, (size_t)nh);
		for (round = 0; !best->solved && (!round || n_retry) &&
				round < 48;
		     round++) {
			memcpy(left, retry, (size_t)nh);
			memset(retry, 0, (size_t)nh);
			n_retry = 0;
			so->no_dfs = round == 0;
			so->dfs_budget = round ? budget : 0;
			/* an eighth of the cap breadth first (a start that
			 * outgrows it is detected soon), the depth-first
			 * table as large as the whole cap allows */
			so->max_states = cap / 8 + 1;
			so->dfs_slots = 4 * cap;
			for (int h = 0; h < b->n_holes && !best->solved; h++) {
				struct peg_shortest_result res;
				int s;

				if (slb[h] < 0 || slb[h] > U ||
				    (round && !left[h]))
					continue;
				so->min_moves = U;
				so->max_moves = U;
				vac[h] = 0;
				s = peg_shortest_pos(b, vac, -1, so, &res, &err);
				vac[h] = 1;
				if (progress)
					report(b, U, h, round, s, &res,
					       now() - t0);
				if (s == PEG_SHORTEST_RESOURCES) {
					retry[h] = 1;
					n_retry++;
					continue;
				}
				if (s != PEG_SHORTEST_OK) {
					cli_error("%s", err.msg);
					free(slb);
					free(vac);
					return EXIT_USAGE;
				}
				*nodes += res.nodes;
				*iters += res.iterations;
				*dfsb += res.dfs_bounds;
				if (res.solved) {
					*best = res;
					*best_start = h;
					continue;
				}
				if (!res.capped) { /* no solution at all */
					slb[h] = -1;
					live--;
				}
				peg_shortest_result_release(&res);
			}
			if (round)
				budget *= 2;
			if (n_retry && nh > PEG_SHORTEST_DFS_HOLES)
				break; /* no depth-first completion there */
		}
		if (n_retry && !best->solved) {
			cli_error("%s", err.msg);
			free(slb);
			free(vac);
			return EXIT_RESOURCES;
		}
	}
	so->no_dfs = 0;
	so->dfs_budget = 0;
	so->dfs_slots = 0;
	so->max_states = max_states;
	free(slb);
	free(vac);
	return 0;
}

/* shortest_heur.c: the --heuristic path */
int cmd_shortest_heuristic(int argc, char **argv);

int cmd_shortest(int argc, char **argv)
{
	int json = 0, anywhere = 0, np, r, rc = EXIT_USAGE, max_moves = 0;
	int max_states = 0, finish_h = -1, best_start = -1, threads = 0;
	int progress = 0;
	const char *pos[1], *vacate = NULL, *position = NULL, *finish = NULL;
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--anywhere", CLI_FLAG, &anywhere},
				 {"--vacate", CLI_STRING, &vacate},
				 {"--position", CLI_STRING, &position},
				 {"--finish", CLI_STRING, &finish},
				 {"--max-moves", CLI_INT, &max_moves},
				 {"--max-states", CLI_INT, &max_states},
				 {"--threads", CLI_INT, &threads},
				 {"--progress", CLI_FLAG, &progress}};
	struct peg_board *b;
	unsigned char *pegs = NULL;
	struct peg_shortest_opts so = {0};
	struct peg_shortest_result best = {0};
	struct peg_err err;
	uint64_t nodes = 0;
	int n_starts = 0, lb = -1, iters = 0, dfsb = 0;
	char *sol = NULL, name[32];
	double t0 = now();

	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--heuristic"))
			return cmd_shortest_heuristic(argc, argv);
	r = cli_parse(argc, argv, opts, 9, pos, 1, &np, usage);
	if (r)
		return r > 0 ? EXIT_YES : EXIT_USAGE;
	if (cli_int_range("--threads", threads, 0, 16))
		return EXIT_USAGE;
	b = cli_board_max(np ? pos[0] : NULL, 128);
	if (!b)
		return cli_exit_code();
	if (finish && anywhere) {
		cli_error("give --finish F or --anywhere, not both");
		goto out;
	}
	if (!finish && !anywhere) {
		cli_error("give the end: --finish F or --anywhere");
		goto out;
	}
	if (!vacate && !position && !anywhere) {
		cli_error("give the start: --vacate H or --position P");
		goto out;
	}
	if (finish) {
		finish_h = peg_board_parse_hole(b, finish, &err);
		if (finish_h < 0) {
			cli_error("%s", err.msg);
			goto out;
		}
	}
	pegs = malloc((size_t)b->n_holes);
	if (!pegs) {
		cli_error("out of memory");
		rc = EXIT_RESOURCES;
		goto out;
	}
	so.max_moves = max_moves;
	so.max_states = (uint64_t)max_states;
	so.threads = threads;
	if (!vacate && !position) {
		rc = all_starts(b, &so, max_moves, &best, &best_start, &nodes,
				&iters, &lb, &n_starts, &dfsb, progress);
		if (rc)
			goto out;
	}
	for (int h = -1; h < b->n_holes && (vacate || position); h++) {
		struct peg_shortest_result res;
		int s;

		if (h < 0 && !(vacate || position))
			continue;
		if (h >= 0 && (vacate || position))
			break;
		if (h >= 0 && peg_board_hole_orbit_min(b, h) != h)
			continue;
		if (h < 0) {
			if (cli_start_position(b, position, vacate, pegs))
				goto out;
		} else {
			memset(pegs, 1, (size_t)b->n_holes);
			pegs[h] = 0;
		}
		n_starts++;
		s = peg_shortest_pos(b, pegs, finish_h, &so, &res, &err);
		if (s != PEG_SHORTEST_OK) {
			cli_error("%s", err.msg);
			rc = s == PEG_SHORTEST_BAD ? EXIT_USAGE
						   : EXIT_RESOURCES;
			goto out;
		}
		nodes += res.nodes;
		iters += res.iterations;
		dfsb += res.dfs_bounds;
		if (lb < 0 || res.lower_bound < lb)
			lb = res.lower_bound;
		if (res.solved && (!best.solved || res.moves < best.moves)) {
			peg_shortest_result_release(&best);
			best = res;
			best_start = h;
			/* later starts only need to beat it */
			so.max_moves = res.moves - 1;
			if (so.max_moves < 1)
				so.max_moves = 1;
		} else {
			peg_shortest_result_release(&res);
		}
	}
	if (best.solved)
		sol = peg_jumps_format(b, best.jumps, best.n_jumps);
	if (json) {
		cJSON *o = cJSON_CreateObject();

		cli_json_board(o, b);
		if (best_start >= 0)
			cJSON_AddStringToObject(
				o, "vacate",
				peg_board_hole_name(b, best_start, name,
						    sizeof(name)));
		cJSON_AddNumberToObject(o, "starts", n_starts);
		cJSON_AddBoolToObject(o, "solved", best.solved);
		cJSON_AddBoolToObject(o, "proved", !max_moves || best.solved);
		if (best.solved) {
			cJSON_AddNumberToObject(o, "moves", best.moves);
			cJSON_AddNumberToObject(o, "jumps", best.n_jumps);
			cJSON_AddStringToObject(
				o, "finish",
				peg_board_hole_name(b, best.finish, name,
						    sizeof(name)));
			cJSON_AddStringToObject(o, "solution", sol ? sol : "");
		}
		cJSON_AddNumberToObject(o, "lower_bound", lb);
		cJSON_AddNumberToObject(o, "nodes", (double)nodes);
		cJSON_AddNumberToObject(o, "iterations", iters);
		cJSON_AddNumberToObject(o, "depth_first_bounds", dfsb);
		cJSON_AddNumberToObject(o, "seconds", now() - t0);
		cli_json_print(o);
	} else if (best.solved) {
		if (best_start >= 0)
			printf("vacate %s, ", peg_board_hole_name(
						      b, best_start, name,
						      sizeof(name)));
		printf("finish %s: %d moves (%d jumps), minimum proved\n",
		       peg_board_hole_name(b, best.finish, name, sizeof(name)),
		       best.moves, best.n_jumps);
		printf("%s\n", sol ? sol : "");
		printf("lower bound %d, %d bounds searched (%d depth first), "
		       "%llu nodes, %.2f s\n",
		       lb, iters, dfsb, (unsigned long long)nodes, now() - t0);
	} else {
		printf("no solution%s (%llu nodes, %.2f s)\n",
		       max_moves ? " within the move limit" : " exists",
		       (unsigned long long)nodes, now() - t0);
	}
	rc = best.solved ? EXIT_YES : EXIT_NO;
out:
	peg_shortest_result_release(&best);
	free(sol);
	free(pegs);
	peg_board_free(b);
	return rc;
}
