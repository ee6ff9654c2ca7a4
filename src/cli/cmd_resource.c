/* cmd_resource.c - pegsol resource (check and evaluate a resource count a
 * user writes) and pegsol pagoda (find a pagoda function proving a problem
 * unsolvable by linear programming); resource.h does the work. */
#include "cli.h"
#include "problem.h"

#include "pegsol/pos.h"
#include "pegsol/resource.h"
#include "pegsol/solution.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char resource_usage[] =
	"usage: pegsol resource BOARD --weights TEXT|@FILE [POSITION]\n"
	"                       [--vacate H | --position P]\n"
	"                       [--finish F | --anywhere] [--json]\n\n"
	"Check a resource count (a function of the position that no jump can\n"
	"increase) and evaluate it.  Given a problem, say whether it proves\n"
	"the problem unsolvable: R(start) < R(goal).  TEXT (docs/theory.md):\n"
	"  HOLE=W ... *=W     hole weights (holes not named: *, default 0)\n"
	"  W W W ...          all weights in hole order (a board picture)\n"
	"  {H,H,...}>=K:B     plus B when those holes hold K or more pegs\n"
	"  sax                the SAX count of T5 (seed 000 section 2.3)\n"
	"@FILE (or a readable file's path) reads TEXT from a file.\n"
	"POSITION (or --position) alone: its value and the goal one peg\n"
	"anywhere; --vacate alone: the complement problem.\n"
	"Exit 0 valid (and, with a problem, it proves it unsolvable), 1 not\n"
	"a valid resource count or no proof, 2 bad input.\n"
	"JSON keys: board, title, holes, weights, terms, valid, witness\n"
	"{jump, position, gain}, start_value, goal_value, goal_hole,\n"
	"proves_unsolvable.\n";

static const char pagoda_usage[] =
	"usage: pegsol pagoda BOARD [--vacate H | --from P]\n"
	"                     [--finish F | --to Q | --anywhere]\n"
	"                     [--max-weight M] [--seconds S] [--json]\n\n"
	"Find a pagoda function (hole weights w with w[from] + w[over] >=\n"
	"w[to] for every jump) proving that the start cannot reach the goal:\n"
	"R(goal) > R(start).  Linear programming (GLPK) decides whether any\n"
	"pagoda function proves it; an integer program then finds one with\n"
	"integer weights in [-M, M] (default 16) and the least total |w|.\n"
	"The start is the full board minus --vacate, or position --from; the\n"
	"goal --finish holes, position --to, or one peg --anywhere (default:\n"
	"the complement of --vacate, or anywhere from --from).\n"
	"Exit 0 found (the problem is unsolvable), 1 no pagoda function\n"
	"proves it (the problem may still be unsolvable), 2 bad input, 3 the\n"
	"solver ran out of time (--seconds, default 10).\n"
	"JSON keys: board, title, holes, found, weights, start_value,\n"
	"goal_value, goal_hole, seconds.\n";

/* The start and goal (NULL = one peg anywhere) from the options. */
static int problem_of(const struct peg_board *b,
		      const struct cli_problem_args *pa, const char *to,
		      unsigned char **start, unsigned char **goal, int *rc)
{
	struct cli_problem_args a = *pa;
	struct cli_problem pr = {0};
	struct peg_err err;

	if (to && (a.finish || a.anywhere)) {
		cli_error("give one goal: --finish, --to or --anywhere");
		return -1;
	}
	if (to) {
		a.finish = NULL;
		a.anywhere = 1;
	}
	*start = NULL;
	*goal = NULL;
	if (cli_problem(b, &a, &pr, rc)) {
		cli_problem_release(&pr);
		return -1;
	}
	*start = pr.start;
	*goal = pr.goal;
	if (to) {
		char *text = cli_text_arg(to);

		if (!text)
			return -1;
		if (peg_pos_parse(b, text, *goal, &err)) {
			free(text);
			cli_error("%s", err.msg);
			return -1;
		}
		free(text);
	} else if (pr.p.goal == PEG_GOAL_ANYWHERE) {
		free(*goal);
		*goal = NULL;
	}
	return 0;
}

/* --weights: "@FILE", "-", a readable file, or the text itself. */
static char *weights_text(const char *arg)
{
	if (arg[0] != '@' && strcmp(arg, "-") && strcmp(arg, "sax") &&
	    !strpbrk(arg, "= \n,{") && access(arg, R_OK) == 0) {
		char *at = malloc(strlen(arg) + 2);
		char *t;

		if (!at) {
			cli_error("out of memory");
			return NULL;
		}
		at[0] = '@';
		strcpy(at + 1, arg);
		t = cli_text_arg(at);
		free(at);
		return t;
	}
	return cli_text_arg(arg);
}

static cJSON *weights_json(const struct peg_resource *r)
{
	cJSON *a = cJSON_CreateArray();

	for (int h = 0; h < r->n_holes; h++)
		cJSON_AddItemToArray(a, cJSON_CreateNumber((double)r->w[h]));
	return a;
}

/* Values at the start and the goal; *gh the goal's best hole when the goal
 * is one peg anywhere. */
static void values(const struct peg_resource *r, const unsigned char *start,
		   const unsigned char *goal, long *vs, long *vg, int *gh)
{
	*vs = peg_resource_eval(r, start);
	*gh = -1;
	*vg = goal ? peg_resource_eval(r, goal)
		   : peg_resource_min_single(r, gh);
}

static void print_values(const struct peg_board *b, long vs, long vg,
			 const unsigned char *goal, int gh)
{
	char name[64];

	printf("start value: %ld\n", vs);
	if (goal)
		printf("goal value: %ld\n", vg);
	else
		printf("goal value: %ld (one peg anywhere: least at %s)\n", vg,
		       peg_board_hole_name(b, gh, name, sizeof(name)));
}

static void json_values(cJSON *o, const struct peg_board *b, long vs,
			long vg, int gh)
{
	cli_json_i64(o, "start_value", vs);
	cli_json_i64(o, "goal_value", vg);
	if (gh >= 0)
		cli_json_hole(o, "goal_hole", b, gh);
}

int cmd_resource(int argc, char **argv)
{
	int json = 0, n_pos = 0, rc = EXIT_USAGE, valid, r;
	int have_problem, gh = -1, proves = 0;
	const char *posv[2] = {0}, *weights = NULL;
	struct cli_problem_args pa = {0};
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--weights", CLI_STRING, &weights},
				 CLI_PROBLEM_OPTS(pa)};
	struct peg_board *b = NULL;
	struct peg_resource *res = NULL;
	struct peg_resource_witness wit = {0};
	struct peg_err err;
	unsigned char *start = NULL, *goal = NULL;
	char *text = NULL, *fmt = NULL, *wpos = NULL;
	long vs = 0, vg = 0;

	r = cli_parse(argc, argv, opts, CLI_N(opts), posv, 2, &n_pos,
		      resource_usage);
	if (r)
		return r > 0 ? EXIT_YES : EXIT_USAGE;
	if (n_pos < 1 || !weights) {
		cli_error("need a board and --weights (see --help)");
		return EXIT_USAGE;
	}
	if (n_pos == 2) {
		if (pa.position) {
			cli_error("give the position once");
			return EXIT_USAGE;
		}
		pa.position = posv[1];
	}
	b = cli_board(posv[0]);
	if (!b)
		return EXIT_USAGE;
	text = weights_text(weights);
	if (!text)
		goto out;
	res = peg_resource_parse(b, text, &err);
	if (!res) {
		cli_error("%s", err.msg);
		goto out;
	}
	valid = peg_resource_check(b, res, &wit, &err);
	if (valid < 0) {
		cli_error("%s", err.msg);
		goto out;
	}
	have_problem = pa.vacate || pa.position;
	if (have_problem && problem_of(b, &pa, NULL, &start, &goal, &rc))
		goto out;
	if (!have_problem && (pa.finish || pa.anywhere)) {
		cli_error("--finish and --anywhere need a start (--vacate or "
			  "--position)");
		goto out;
	}
	if (have_problem) {
		values(res, start, goal, &vs, &vg, &gh);
		proves = valid == 1 && vs < vg;
	}
	fmt = peg_resource_format(b, res);
	if (!valid)
		wpos = peg_pos_list(b, wit.pegs);
	if (!fmt || (!valid && !wpos)) {
		rc = cli_oom();
		goto out;
	}
	if (json) {
		cJSON *o = cJSON_CreateObject();

		cli_json_board(o, b);
		cJSON_AddItemToObject(o, "weights", weights_json(res));
		cJSON_AddNumberToObject(o, "terms", res->n_terms);
		cJSON_AddBoolToObject(o, "valid", valid == 1);
		if (!valid) {
			cJSON *w = cJSON_AddObjectToObject(o, "witness");
			char *j = peg_jumps_format(b, &b->jumps[wit.jump], 1);

			cJSON_AddStringToObject(w, "jump", j ? j : "");
			free(j);
			cJSON_AddStringToObject(w, "position", wpos);
			cli_json_i64(w, "gain", wit.gain);
		}
		if (have_problem) {
			json_values(o, b, vs, vg, gh);
			cJSON_AddBoolToObject(o, "proves_unsolvable", proves);
		}
		cli_json_print(o);
	} else {
		fputs(fmt, stdout);
		if (valid) {
			puts("valid resource count: no jump can increase it");
		} else {
			char *j = peg_jumps_format(b, &b->jumps[wit.jump], 1);

			printf("not a resource count: jump %s increases it by "
			       "%ld from the position with pegs %s\n",
			       j ? j : "?", wit.gain, wpos);
			free(j);
		}
		if (have_problem) {
			print_values(b, vs, vg, goal, gh);
			printf("%s\n",
			       proves ? "proves the problem unsolvable "
					"(start value < goal value)"
				      : "proves nothing about this problem");
		}
	}
	rc = valid == 1 && (!have_problem || proves) ? EXIT_YES : EXIT_NO;
out:
	peg_resource_witness_release(&wit);
	peg_resource_free(res);
	peg_board_free(b);
	free(text);
	free(fmt);
	free(wpos);
	free(start);
	free(goal);
	return rc;
}

int cmd_pagoda(int argc, char **argv)
{
	int json = 0, rc = EXIT_USAGE, r, gh = -1;
	const char *to = NULL;
	int max_weight = 16, seconds = 10;
	struct cli_problem_args pa = {0};
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--anywhere", CLI_FLAG, &pa.anywhere},
				 {"--vacate", CLI_STRING, &pa.vacate},
				 {"--from", CLI_STRING, &pa.position},
				 {"--finish", CLI_STRING, &pa.finish},
				 {"--to", CLI_STRING, &to},
				 {"--max-weight", CLI_INT, &max_weight},
				 {"--seconds", CLI_INT, &seconds}};
	struct peg_board *b = NULL;
	struct peg_resource *res = NULL;
	struct peg_err err;
	unsigned char *start = NULL, *goal = NULL;
	char *fmt = NULL;
	long vs = 0, vg = 0;
	double secs;

	b = cli_parse_board(argc, argv, opts, CLI_N(opts), pagoda_usage, 0,
			    &rc);
	if (!b)
		return rc;
	if (cli_int_range("--max-weight", max_weight, 1, 1000000) ||
	    cli_int_range("--seconds", seconds, 1, 86400) ||
	    problem_of(b, &pa, to, &start, &goal, &rc))
		goto out;
	secs = cli_now();
	r = peg_pagoda_find(b, start, goal, max_weight, seconds * 1000, &res,
			    &err);
	secs = cli_now() - secs;
	if (r < 0) {
		cli_error("%s", err.msg);
		rc = strstr(err.msg, " ms") ? EXIT_RESOURCES : EXIT_USAGE;
		goto out;
	}
	if (r == 1) {
		values(res, start, goal, &vs, &vg, &gh);
		fmt = peg_resource_format(b, res);
		if (!fmt) {
			rc = cli_oom();
			goto out;
		}
	}
	if (json) {
		cJSON *o = cJSON_CreateObject();

		cli_json_board(o, b);
		cJSON_AddBoolToObject(o, "found", r == 1);
		if (r == 1) {
			cJSON_AddItemToObject(o, "weights", weights_json(res));
			json_values(o, b, vs, vg, gh);
		}
		cJSON_AddNumberToObject(o, "seconds", secs);
		cli_json_print(o);
	} else if (r == 1) {
		puts("a pagoda function proves the problem unsolvable:");
		fputs(fmt, stdout);
		print_values(b, vs, vg, goal, gh);
	} else {
		puts("no pagoda function proves this problem unsolvable "
		     "(linear programming: infeasible)");
	}
	rc = r == 1 ? EXIT_YES : EXIT_NO;
out:
	peg_resource_free(res);
	peg_board_free(b);
	free(fmt);
	free(start);
	free(goal);
	return rc;
}
