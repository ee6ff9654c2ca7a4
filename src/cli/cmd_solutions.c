/* cmd_solutions.c - pegsol solutions: count, list and classify the
 * solutions of a problem (solutions.h, docs/solutions.md). */
#include "cli.h"
#include "problem.h"

#include "pegsol/solution.h"
#include "pegsol/solutions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: pegsol solutions BOARD --vacate H,... | --position P\n"
	"                        [--finish H,... | --anywhere]\n"
	"                        [--distinct jumps|moves|boards|unordered]\n"
	"                        [--limit N] [--classify] [--max-moves N]\n"
	"                        [--max-states N] [--max-enum N]\n"
	"                        [--threads N] [--json]\n\n"
	"Count the solutions of a problem exactly and list the first ones,\n"
	"each replayed by the library (boards of up to 64 holes).  The\n"
	"problem options are those of pegsol solve (default: the complement\n"
	"problem of the --vacate holes).  --distinct says when two solutions\n"
	"are the same (docs/solutions.md):\n"
	"  jumps      equal jump sequences (the default)\n"
	"  moves      equal sequences of moves (maximal runs of one peg's\n"
	"             jumps, a move known by the boards before and after it)\n"
	"  boards     equal sequences of boards, each up to the symmetries\n"
	"             of the problem\n"
	"  unordered  equal multisets of jumps (one is a reordering of the\n"
	"             other)\n"
	"--limit N lists the first N distinct solutions (default 10, 0 none;\n"
	"at most 1000000).  --classify groups every solution up to the\n"
	"problem's symmetries and jump reordering (equal multisets of jumps\n"
	"after a symmetry) and prints one representative a class with the\n"
	"class sizes, and how many line classes remain when the direction of\n"
	"each jump is forgotten too.  --max-moves N counts and lists only\n"
	"the solutions of at most N moves (not with --distinct boards).\n"
	"Budgets: --max-states N memo entries (default 4 million),\n"
	"--max-enum N jump sequences walked by --classify and --distinct\n"
	"unordered, which walk every solution (default 10 million); past a\n"
	"budget the command stops with exit 3.  --threads: the count\n"
	"engine's workers (0..8).\n"
	"Exit 0 when there is a solution, 1 when there is none.\n"
	"JSON keys: board, title, holes, distinct, count, sequences,\n"
	"symmetries, max_moves, solutions (solution, jumps, moves), listed,\n"
	"classes (solution, sequences, unordered, line_class), n_classes,\n"
	"line_classes, states, enumerated.\n";

static cJSON *json_solution(const struct peg_board *b,
			    const struct peg_solution *s, const char *text)
{
	cJSON *e = cJSON_CreateObject();

	cJSON_AddStringToObject(e, "solution", text ? text : "");
	cJSON_AddNumberToObject(e, "jumps", s->n_jumps);
	cJSON_AddNumberToObject(e, "moves", s->n_moves);
	return e;
}

static void print_json(const struct peg_board *b,
		       const struct peg_solutions_opts *o,
		       const struct peg_solutions_result *r, char **lt,
		       char **ct)
{
	cJSON *obj = cJSON_CreateObject(), *a;

	cli_json_board(obj, b);
	cJSON_AddStringToObject(obj, "distinct",
				peg_distinct_name(o->distinct));
	cli_json_digits(obj, "count", r->count);
	cli_json_digits(obj, "sequences", r->sequences);
	cJSON_AddNumberToObject(obj, "symmetries", r->n_syms);
	cJSON_AddNumberToObject(obj, "max_moves", o->max_moves);
	a = cJSON_AddArrayToObject(obj, "solutions");
	for (uint64_t i = 0; i < r->n_list; i++)
		cJSON_AddItemToArray(a, json_solution(b, &r->list[i], lt[i]));
	cli_json_u64(obj, "listed", r->n_list);
	if (o->classify) {
		a = cJSON_AddArrayToObject(obj, "classes");
		for (int i = 0; i < r->n_classes; i++) {
			const struct peg_solution_class *c = &r->classes[i];
			cJSON *e = json_solution(b, &c->rep, ct[i]);

			cli_json_u64(e, "sequences", c->sequences);
			cli_json_u64(e, "unordered", c->unordered);
			cJSON_AddNumberToObject(e, "line_class",
						c->line_class + 1);
			cJSON_AddItemToArray(a, e);
		}
		cJSON_AddNumberToObject(obj, "n_classes", r->n_classes);
		cJSON_AddNumberToObject(obj, "line_classes",
					r->n_line_classes);
	}
	cli_json_u64(obj, "states", r->states);
	cli_json_u64(obj, "enumerated", r->enumerated);
	cli_json_print(obj);
}

static void print_text(const struct peg_solutions_opts *o,
		       const struct peg_solutions_result *r, char **lt,
		       char **ct)
{
	printf("%s jump sequence%s%s\n", r->sequences,
	       strcmp(r->sequences, "1") ? "s" : "",
	       o->max_moves ? " within the move bound" : "");
	if (o->distinct != PEG_DISTINCT_JUMPS)
		printf("%s distinct solutions (--distinct %s)\n", r->count,
		       peg_distinct_name(o->distinct));
	for (uint64_t i = 0; i < r->n_list; i++)
		printf("%llu: %s  (%d jumps, %d moves)\n",
		       (unsigned long long)i + 1, lt[i] ? lt[i] : "",
		       r->list[i].n_jumps, r->list[i].n_moves);
	if (r->n_list)
		printf("listed %llu of %s\n", (unsigned long long)r->n_list,
		       r->count);
	if (o->classify) {
		printf("%d class%s up to the problem's %d symmetr%s and jump "
		       "reordering; %d line class%s (jump direction "
		       "forgotten too)\n",
		       r->n_classes, r->n_classes == 1 ? "" : "es", r->n_syms,
		       r->n_syms == 1 ? "y" : "ies", r->n_line_classes,
		       r->n_line_classes == 1 ? "" : "es");
		for (int i = 0; i < r->n_classes; i++)
			printf("class %d: %llu sequences, %llu unordered, "
			       "line class %d: %s\n",
			       i + 1,
			       (unsigned long long)r->classes[i].sequences,
			       (unsigned long long)r->classes[i].unordered,
			       r->classes[i].line_class + 1,
			       ct[i] ? ct[i] : "");
	}
	printf("%llu states, %llu sequences walked\n",
	       (unsigned long long)r->states,
	       (unsigned long long)r->enumerated);
}

/* The options past the problem into o: 0, or the exit code. */
static int take_opts(const char *distinct, const char *limit,
		     const char *max_states, const char *max_enum,
		     int max_moves, int threads, struct peg_solutions_opts *o)
{
	o->limit = 10;
	if (distinct && peg_distinct_parse(distinct, &o->distinct)) {
		cli_error("bad --distinct %s (jumps, moves, boards or "
			  "unordered)",
			  cli_q(distinct));
		return EXIT_USAGE;
	}
	if ((limit && cli_parse_u64("--limit", limit, 0, 1000000,
				    &o->limit)) ||
	    (max_states && cli_parse_u64("--max-states", max_states, 1,
					 1000000000, &o->max_states)) ||
	    (max_enum && cli_parse_u64("--max-enum", max_enum, 1,
				       1000000000000ULL, &o->max_enum)) ||
	    cli_int_range("--max-moves", max_moves, 0,
			  PEG_SOLUTIONS_MAX_MOVES) ||
	    cli_int_range("--threads", threads, 0, 8))
		return EXIT_USAGE;
	if (max_moves && o->distinct == PEG_DISTINCT_BOARDS) {
		cli_error("--distinct boards does not take --max-moves");
		return EXIT_USAGE;
	}
	o->max_moves = max_moves;
	o->threads = threads;
	return 0;
}

int cmd_solutions(int argc, char **argv)
{
	int json = 0, classify = 0, max_moves = 0, threads = 0, r;
	int rc = EXIT_USAGE;
	const char *distinct = NULL, *limit = NULL, *max_states = NULL,
		   *max_enum = NULL;
	struct cli_problem_args pa = {0};
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--classify", CLI_FLAG, &classify},
				 {"--distinct", CLI_STRING, &distinct},
				 {"--limit", CLI_STRING, &limit},
				 {"--max-moves", CLI_INT, &max_moves},
				 {"--max-states", CLI_STRING, &max_states},
				 {"--max-enum", CLI_STRING, &max_enum},
				 {"--threads", CLI_INT, &threads},
				 CLI_PROBLEM_OPTS(pa)};
	struct peg_board *b;
	struct cli_problem pr = {0};
	struct peg_solutions_opts o = {0};
	struct peg_solutions_result res = {0};
	struct peg_err err;
	char **lt = NULL, **ct = NULL;

	b = cli_parse_board(argc, argv, opts, CLI_N(opts), usage,
			    PEG_SOLUTIONS_MAX_HOLES, &rc);
	if (!b)
		return rc;
	if ((rc = take_opts(distinct, limit, max_states, max_enum, max_moves,
			    threads, &o)))
		goto out;
	if (cli_problem(b, &pa, &pr, &rc))
		goto out;
	o.classify = classify;
	r = peg_solutions(b, &pr.p, &o, &res, &err);
	if (r) {
		rc = cli_fail(err.msg, r == PEG_SOLUTIONS_RESOURCES);
		goto out;
	}
	lt = calloc(res.n_list + 1, sizeof(*lt));
	ct = calloc((size_t)res.n_classes + 1, sizeof(*ct));
	if (!lt || !ct) {
		rc = cli_oom();
		goto out;
	}
	for (uint64_t i = 0; i < res.n_list; i++)
		lt[i] = peg_jumps_format(b, res.list[i].jumps,
					 res.list[i].n_jumps);
	for (int i = 0; i < res.n_classes; i++)
		ct[i] = peg_jumps_format(b, res.classes[i].rep.jumps,
					 res.classes[i].rep.n_jumps);
	if (json)
		print_json(b, &o, &res, lt, ct);
	else
		print_text(&o, &res, lt, ct);
	rc = strcmp(res.sequences, "0") ? EXIT_YES : EXIT_NO;
out:
	for (uint64_t i = 0; lt && i < res.n_list; i++)
		free(lt[i]);
	for (int i = 0; ct && i < res.n_classes; i++)
		free(ct[i]);
	free(lt);
	free(ct);
	peg_solutions_result_release(&res);
	cli_problem_release(&pr);
	peg_board_free(b);
	return rc;
}
