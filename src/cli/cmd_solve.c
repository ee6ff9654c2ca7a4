/* cmd_solve.c - pegsol solve: solve one problem (solve.h) and print a
 * verified solution or the reason it is unsolvable. */
#include "cli.h"
#include "problem.h"
#include "svgout.h"

#include "pegsol/blocks.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"
#include "pegsol/solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char usage[] =
	"usage: pegsol solve BOARD [--vacate H,...] [--position P]\n"
	"                    [--finish H,... | --anywhere] [--max-nodes N]\n"
	"                    [--table-mb MB] [--svg FILE [--names]\n"
	"                    [--animate]] [--json]\n"
	"                    [--by-blocks [--max-singles N] [--use B,...]]\n\n"
	"Solve a peg solitaire problem by depth-first search with a table of\n"
	"dead positions, after the cheap proofs (peg count, position class).\n"
	"The start is the full board minus the --vacate holes, or position P\n"
	"(minus --vacate).  --finish H,... asks to end with pegs exactly on\n"
	"those holes; --anywhere with one peg anywhere.  Default: with\n"
	"--vacate alone the complement problem (finish on the vacated holes),\n"
	"with --position one peg anywhere.\n"
	"--max-nodes stops the search (exit 3); --table-mb bounds the dead\n"
	"table (default 512).\n"
	"Exit 0 solved (the solution is replayed and verified), 1 unsolvable,\n"
	"2 bad input, 3 out of resources.\n"
	"JSON keys: board, title, holes, start, goal (\"anywhere\" or list),\n"
	"solvable, solution, jumps, moves, reason (pegs|class|search), why,\n"
	"nodes, dead, symmetries, seconds.\n"
	"--by-blocks searches instead for a hand-style solution made of block\n"
	"removals (pegsol blocks, docs/blocks.md) and at most --max-singles\n"
	"plain jumps (default 4; the fewest are tried first), with --use only\n"
	"the blocks named, on boards of up to 64 holes.  It prints the steps\n"
	"as blocks (NAME@HOLE/O, for check --blocks) and as jumps\n"
	"(replayed).  --max-nodes bounds it (default 10^7; exit 3 past it).\n"
	"Exit 1 then means no such solution, not that the problem is\n"
	"unsolvable.  JSON: board, title, holes, start, found, blocks,\n"
	"steps, solution, jumps (or why), nodes, seconds.\n" SVGOUT_USAGE
	"The picture of a solution is a grid of frames, one a move;\n"
	"--animate makes it one board that plays the moves.\n";

static const char *reason_name(enum peg_solve_reason r)
{
	switch (r) {
	case PEG_REASON_PEGS:
		return "pegs";
	case PEG_REASON_CLASS:
		return "class";
	case PEG_REASON_SEARCH:
		return "search";
	default:
		return "none";
	}
}

/* --by-blocks: a solution made of block removals (blocks.h) */
static int solve_blocks(const struct peg_board *b, const struct cli_problem *pr,
			uint64_t max_nodes, int singles, const char *use,
			int json, const char *svg, int names, int animate)
{
	struct peg_blocks_solve_opts o = {.max_singles = singles,
					  .max_nodes = max_nodes};
	struct peg_block_solution bs = {0};
	struct peg_blockset *s;
	struct peg_err err;
	char *fmt = NULL, *bfmt = NULL;
	double secs = cli_now();
	int r, rc;

	s = peg_blockset_new(&err);
	if (!s)
		return cli_fail(err.msg, 1);
	for (const char *p = use; p && *p;) {
		size_t n = strcspn(p, ", ");
		char name[64];
		int k;

		snprintf(name, sizeof(name), "%.*s", (int)(n < 63 ? n : 63),
			 p);
		k = peg_blockset_find(s, name);
		if (n && k < 0) {
			cli_error("--use: unknown block %s (pegsol blocks "
				  "lists them)",
				  cli_q(name));
			peg_blockset_free(s);
			return EXIT_USAGE;
		}
		if (n)
			o.use |= 1u << k;
		p += n + (p[n] != 0);
	}
	r = peg_blocks_solve(b, s, pr->start,
			     pr->p.goal == PEG_GOAL_ANYWHERE ? NULL : pr->goal,
			     &o, &bs, &err);
	secs = cli_now() - secs;
	if (r >= 2) {
		rc = cli_fail(err.msg, r == 3);
		goto out;
	}
	if (r == 0) {
		fmt = peg_jumps_format(b, bs.jumps, bs.n_jumps);
		bfmt = peg_blocks_format(b, s, &bs);
		if (!fmt || !bfmt) {
			rc = cli_oom();
			goto out;
		}
		if (svg) {
			struct peg_svg_opts sv = {.names = names,
						  .animate = animate};

			rc = svgout_draw(svg, b, pr->start, bs.jumps,
					 bs.n_jumps, &sv);
			if (rc || !strcmp(svg, "-"))
				goto out;
		}
	}
	if (json) {
		cJSON *o_json = cJSON_CreateObject();

		cli_json_board(o_json, b);
		cJSON_AddItemToObject(o_json, "start",
				      cli_json_holes(b, pr->start));
		cJSON_AddBoolToObject(o_json, "found", r == 0);
		if (r == 0) {
			cJSON_AddStringToObject(o_json, "blocks", bfmt);
			cJSON_AddNumberToObject(o_json, "steps", bs.n_steps);
			cJSON_AddStringToObject(o_json, "solution", fmt);
			cJSON_AddNumberToObject(o_json, "jumps", bs.n_jumps);
		} else {
			cJSON_AddStringToObject(o_json, "why", err.msg);
		}
		cli_json_u64(o_json, "nodes", bs.nodes);
		cJSON_AddNumberToObject(o_json, "seconds", secs);
		cli_json_print(o_json);
	} else if (r == 0) {
		printf("solved by blocks: %d steps: %s\n", bs.n_steps, bfmt);
		printf("as jumps (replayed): %d jumps, %d moves: %s\n",
		       bs.n_jumps, peg_jumps_count_moves(bs.jumps, bs.n_jumps),
		       fmt);
		printf("nodes %llu, %.3f s\n", bs.nodes, secs);
	} else {
		printf("not found: %s\nnodes %llu, %.3f s\n", err.msg,
		       bs.nodes, secs);
	}
	rc = r == 0 ? EXIT_YES : EXIT_NO;
out:
	free(fmt);
	free(bfmt);
	peg_block_solution_release(&bs);
	peg_blockset_free(s);
	return rc;
}

int cmd_solve(int argc, char **argv)
{
	int json = 0, table_mb = 0, r;
	int names = 0, animate = 0, by_blocks = 0, singles = 4;
	const char *use = NULL;
	const char *svg = NULL;
	int rc = EXIT_USAGE;
	const char *max_nodes = NULL;
	struct cli_problem_args pa = {0};
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 CLI_PROBLEM_OPTS(pa),
				 {"--max-nodes", CLI_STRING, &max_nodes},
				 {"--by-blocks", CLI_FLAG, &by_blocks},
				 {"--max-singles", CLI_INT, &singles},
				 {"--use", CLI_STRING, &use},
				 {"--table-mb", CLI_INT, &table_mb},
				 {"--svg", CLI_STRING, &svg},
				 {"--names", CLI_FLAG, &names},
				 {"--animate", CLI_FLAG, &animate}};
	struct peg_board *b = NULL;
	struct cli_problem pr = {0};
	struct peg_solve_opts so = {0};
	struct peg_solve_result res = {0};
	struct peg_err err = {{0}};
	char *fmt = NULL;
	double secs;

	b = cli_parse_board(argc, argv, opts, CLI_N(opts), usage, 128, &rc);
	if (!b)
		return rc;
	so.table_mb = (size_t)table_mb;
	if ((max_nodes && cli_parse_u64("--max-nodes", max_nodes, 0,
					UINT64_MAX, &so.max_nodes)) ||
	    cli_problem(b, &pa, &pr, &rc))
		goto out;
	if (by_blocks) {
		rc = cli_int_range("--max-singles", singles, 0, 64)
			     ? EXIT_USAGE
			     : solve_blocks(b, &pr, so.max_nodes, singles, use,
					    json, svg, names, animate);
		goto out;
	}
	secs = cli_now();
	r = peg_solve(b, &pr.p, &so, &res, &err);
	secs = cli_now() - secs;
	if (r == PEG_SOLVE_ERROR || r == PEG_SOLVE_LIMIT) {
		rc = cli_fail(err.msg, r == PEG_SOLVE_LIMIT);
		goto out;
	}
	if (r == PEG_SOLVE_FOUND) {
		fmt = peg_jumps_format(b, res.jumps, res.n_jumps);
		if (!fmt) {
			rc = cli_oom();
			goto out;
		}
		if (svg) {
			struct peg_svg_opts sv = {.names = names,
						  .animate = animate};

			rc = svgout_draw(svg, b, pr.start, res.jumps, res.n_jumps,
					 &sv);
			if (rc || !strcmp(svg, "-"))
				goto out;
		}
	}
	if (json) {
		cJSON *o = cJSON_CreateObject();

		cli_json_board(o, b);
		cJSON_AddItemToObject(o, "start", cli_json_holes(b, pr.start));
		if (pr.p.goal == PEG_GOAL_ANYWHERE)
			cJSON_AddStringToObject(o, "goal", "anywhere");
		else
			cJSON_AddItemToObject(o, "goal",
					      cli_json_holes(b, pr.goal));
		cJSON_AddBoolToObject(o, "solvable", r == PEG_SOLVE_FOUND);
		if (fmt) {
			cJSON_AddStringToObject(o, "solution", fmt);
			cJSON_AddNumberToObject(o, "jumps", res.n_jumps);
			cJSON_AddNumberToObject(
				o, "moves",
				peg_jumps_count_moves(res.jumps, res.n_jumps));
		} else {
			cJSON_AddStringToObject(o, "reason",
						reason_name(res.reason));
			cJSON_AddStringToObject(o, "why", res.why);
		}
		cli_json_u64(o, "nodes", res.nodes);
		cli_json_u64(o, "dead", res.dead);
		cJSON_AddNumberToObject(o, "symmetries", res.n_group);
		cJSON_AddNumberToObject(o, "seconds", secs);
		cli_json_print(o);
	} else if (fmt) {
		printf("solved: %d jumps, %d moves: %s\n", res.n_jumps,
		       peg_jumps_count_moves(res.jumps, res.n_jumps), fmt);
		printf("nodes %llu, dead positions %zu, %.3f s\n",
		       (unsigned long long)res.nodes, res.dead, secs);
	} else {
		printf("unsolvable: %s\n", res.why);
		printf("nodes %llu, %.3f s\n", (unsigned long long)res.nodes,
		       secs);
	}
	rc = r == PEG_SOLVE_FOUND ? EXIT_YES : EXIT_NO;
out:
	free(fmt);
	peg_solve_result_release(&res);
	cli_problem_release(&pr);
	peg_board_free(b);
	return rc;
}
