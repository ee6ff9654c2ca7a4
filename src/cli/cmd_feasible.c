/* cmd_feasible.c - pegsol feasible: is a single vacancy to single survivor
 * problem feasible by position class, or list the distinct feasible
 * (vacate, finish) pairs up to symmetry (theory.h). */
#include "cli.h"

#include "pegsol/solve.h"
#include "pegsol/theory.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIST_MAX 1000000 /* more pairs than this: use --count */

static const char usage[] =
	"usage: pegsol feasible BOARD [--vacate H] [--finish F] [--count]\n"
	"                       [--json]\n"
	"\n"
	"Feasibility of single vacancy to single survivor problems by\n"
	"position class: the start (full board minus H) must be in the\n"
	"class of a single peg at F (seed 000 Theorems 2.1, 2.2; seed 003\n"
	"null-class rules; the rule of three on the square lattice).\n"
	"Feasible is necessary; on T_n with n >= 6 it is also sufficient\n"
	"(Theorem 2.2).  These are the lattice's (coarse) classes; on a\n"
	"small board its own jump lines can split them further (the fine\n"
	"classes that `pegsol solve` tests first): a pair feasible here but\n"
	"split by the board's own jumps is marked \"fine: no\" (boards up\n"
	"to 128 holes).\n"
	"  --vacate H --finish F  one problem: exit 0 feasible, 1 not\n"
	"  --vacate H             is H a feasible vacancy; its finishes\n"
	"  --finish F             the vacancies that can finish at F\n"
	"  (neither)              the distinct feasible pairs up to symmetry,\n"
	"                         with the effective slack on T5 (Table 1)\n"
	"  --count                only the number of distinct pairs\n"
	"JSON keys: board, title, holes, null_class, vacate, finish,\n"
	"feasible, start_class, finish_class, reason, solvable, slack,\n"
	"effective_slack, fine_class, finish_holes, vacate_holes, count,\n"
	"pairs [{vacate, finish, effective_slack, fine_class}].\n";

/* Where the rule comes from, for the reason line. */
static const char *source(const struct peg_board *b, int theorem)
{
	if (peg_theory_triangle_side(b))
		return theorem == 1 ? "Theorem 2.1" : "Theorem 2.2";
	if (b->lattice == PEG_LATTICE_TRI)
		return "seed 003 null-class rules";
	return "rule of three, seed 001 section 3";
}

static void hname(const struct peg_board *b, int h, char *buf)
{
	peg_board_hole_name(b, h, buf, 64);
}

/* The fine test of `pegsol solve` (solve.h): is the start (full board
 * minus s) in the class of one peg at f by the GF(2) span of this
 * board's own jump lines?  1 yes, 0 no, -1 not computed (over 128
 * holes, where the lattice classes are the fine ones, or no memory). */
static int fine_class(const struct peg_board *b, int s, int f)
{
	int n = b->n_holes, r = -1;
	unsigned char *p, *q;

	if (n > 128)
		return -1;
	p = malloc((size_t)n);
	q = calloc((size_t)n, 1);
	if (p && q) {
		memset(p, 1, (size_t)n);
		p[s] = 0;
		q[f] = 1;
		r = peg_solve_same_class(b, p, q);
	}
	free(p);
	free(q);
	return r;
}

static const char fine_note[] =
	"  (fine: no - this board's own jumps separate them; pegsol solve "
	"says 'position class')";

/* One problem (f >= 0) or one vacancy (f < 0). */
static int one_problem(const struct peg_board *b, int s, int f, int json)
{
	struct peg_err err;
	enum peg_feas why;
	unsigned full, start, fcls = 0;
	char sn[64], fn[64], scl[64], fcl[64], reason[512] = "";
	int ok, n = peg_theory_triangle_side(b), slack = 0, eff = 0;
	int have_slack = 0, solvable = -1, count = 0, fine;
	unsigned char *fin;

	ok = peg_theory_svss(b, s, f, &why, &err);
	if (ok < 0) {
		return cli_fail(err.msg, 0);
	}
	fin = calloc((size_t)b->n_holes, 1);
	if (!fin) {
		cli_error("out of memory");
		return EXIT_RESOURCES;
	}
	peg_theory_class(b, NULL, &full, &err);
	start = full ^ peg_theory_hole_class(b, s);
	hname(b, s, sn);
	peg_theory_class_name(b, start, scl, sizeof(scl));
	if (f >= 0) {
		hname(b, f, fn);
		fcls = peg_theory_hole_class(b, f);
		peg_theory_class_name(b, fcls, fcl, sizeof(fcl));
	}
	for (int h = 0; h < b->n_holes; h++) {
		fin[h] = peg_theory_hole_class(b, h) == start && start;
		count += fin[h];
	}
	if (why == PEG_FEAS_EMPTY_START)
		snprintf(reason, sizeof(reason),
			 "position class EMPTY (%s): vacating %s leaves the "
			 "class of the empty board",
			 source(b, 1), sn);
	else if (why == PEG_FEAS_NO_SINGLE)
		snprintf(reason, sizeof(reason),
			 "position class %s has no single-peg position on "
			 "this board (%s)",
			 scl, source(b, 2));
	else if (why == PEG_FEAS_MISMATCH)
		snprintf(reason, sizeof(reason),
			 "start in position class %s, a peg at %s in class %s "
			 "(%s)",
			 scl, fn, fcl, source(b, 2));
	fine = ok && f >= 0 ? fine_class(b, s, f) : -1;
	if (fine == 0)
		solvable = 0; /* the board's own jumps split the class */
	else if (ok && f >= 0 && n >= 6)
		solvable = 1; /* Theorem 2.2, sufficiency */
	if (f >= 0 && n == 5 && ok) {
		peg_theory_slack(b, s, f, &slack, &eff, &err);
		have_slack = 1;
		if (eff < 0)
			solvable = 0; /* the SAX count cannot increase */
	}
	if (json) {
		cJSON *o = cJSON_CreateObject();

		cli_json_board(o, b);
		cJSON_AddBoolToObject(o, "null_class", full == 0);
		cJSON_AddStringToObject(o, "vacate", sn);
		if (f >= 0)
			cJSON_AddStringToObject(o, "finish", fn);
		cJSON_AddBoolToObject(o, "feasible", ok);
		cJSON_AddStringToObject(o, "start_class", scl);
		if (f >= 0)
			cJSON_AddStringToObject(o, "finish_class", fcl);
		cJSON_AddStringToObject(o, "reason", reason);
		if (fine >= 0)
			cJSON_AddBoolToObject(o, "fine_class", fine);
		if (f >= 0)
			cJSON_AddItemToObject(
				o, "solvable",
				solvable < 0 ? cJSON_CreateNull()
					     : cJSON_CreateBool(solvable));
		if (have_slack) {
			cJSON_AddNumberToObject(o, "slack", slack);
			cJSON_AddNumberToObject(o, "effective_slack", eff);
		}
		if (f < 0)
			cJSON_AddItemToObject(o, "finish_holes",
					      cli_json_holes(b, fin));
		cli_json_print(o);
	} else if (f >= 0) {
		printf("%s: vacate %s, finish %s: %s\n", b->title, sn, fn,
		       ok ? "feasible" : "infeasible");
		if (ok)
			printf("start and finish in position class %s\n", scl);
		else
			printf("reason: %s\n", reason);
		if (have_slack)
			printf("SAX slack %d, effective slack %d%s\n", slack,
			       eff,
			       eff < 0 ? ": not solvable, the SAX count "
					 "cannot increase (seed 000 "
					 "section 2.3)"
				       : "");
		if (fine == 0)
			printf("not solvable: this board's own jump lines put "
			       "start and finish in different fine classes "
			       "(what pegsol solve reports as 'position "
			       "class')\n");
		if (solvable == 1)
			printf("solvable: every feasible pair on T_n, n >= 6, "
			       "is (Theorem 2.2)\n");
	} else {
		char *list = NULL;

		printf("%s: vacate %s: %s\n", b->title, sn,
		       ok ? "feasible starting vacancy" : "infeasible");
		if (ok) {
			size_t len = 1;

			for (int h = 0; h < b->n_holes; h++)
				len += fin[h] ? 64 : 0;
			list = malloc(len);
			if (list) {
				list[0] = '\0';
				for (int h = 0; h < b->n_holes; h++)
					if (fin[h]) {
						hname(b, h, fn);
						if (list[0])
							strcat(list, ",");
						strcat(list, fn);
					}
			}
			printf("start in position class %s; single survivor "
			       "possible at %d hole%s: %s\n",
			       scl, count, count == 1 ? "" : "s",
			       list ? list : "?");
		} else {
			printf("reason: %s\n", reason);
		}
		free(list);
	}
	free(fin);
	return ok ? EXIT_YES : EXIT_NO;
}

/* The vacancies from which a single survivor at f is feasible. */
static int to_finish(const struct peg_board *b, int f, int json)
{
	struct peg_err err;
	unsigned full, fc;
	unsigned char *vac = calloc((size_t)b->n_holes, 1);
	char fn[64], fcl[64], hn[64];
	int count = 0;

	if (!vac) {
		cli_error("out of memory");
		return EXIT_RESOURCES;
	}
	if (peg_theory_class(b, NULL, &full, &err)) {
		cli_error("%s", err.msg);
		free(vac);
		return EXIT_USAGE;
	}
	fc = peg_theory_hole_class(b, f);
	for (int s = 0; s < b->n_holes; s++) {
		vac[s] = (full ^ peg_theory_hole_class(b, s)) == fc;
		count += vac[s];
	}
	hname(b, f, fn);
	peg_theory_class_name(b, fc, fcl, sizeof(fcl));
	if (json) {
		cJSON *o = cJSON_CreateObject();

		cli_json_board(o, b);
		cJSON_AddBoolToObject(o, "null_class", full == 0);
		cJSON_AddStringToObject(o, "finish", fn);
		cJSON_AddStringToObject(o, "finish_class", fcl);
		cJSON_AddBoolToObject(o, "feasible", count > 0);
		cJSON_AddItemToObject(o, "vacate_holes",
				      cli_json_holes(b, vac));
		cli_json_print(o);
	} else {
		printf("%s: finish %s (class %s): %d feasible vacanc%s",
		       b->title, fn, fcl, count, count == 1 ? "y" : "ies");
		for (int s = 0, first = 1; s < b->n_holes; s++)
			if (vac[s]) {
				hname(b, s, hn);
				printf("%s%s", first ? ": " : ",", hn);
				first = 0;
			}
		printf("\n");
	}
	free(vac);
	return count ? EXIT_YES : EXIT_NO;
}

static int all_pairs(const struct peg_board *b, int count_only, int json)
{
	struct peg_err err;
	struct peg_pair *list = NULL;
	long long n;
	int t5 = peg_theory_triangle_side(b) == 5;
	char sn[64], fn[64];

	n = peg_theory_count_pairs(b, &err);
	if (n < 0) {
		return cli_fail(err.msg, 0);
	}
	if (!count_only) {
		if (n > LIST_MAX) {
			cli_error("%lld pairs are too many to list (use "
				  "--count)",
				  n);
			return EXIT_RESOURCES;
		}
		if (peg_theory_list_pairs(b, &list, &err) < 0) {
			cli_error("%s", err.msg);
			return EXIT_RESOURCES;
		}
	}
	if (json) {
		cJSON *o = cJSON_CreateObject(), *a;
		unsigned full;

		cli_json_board(o, b);
		peg_theory_class(b, NULL, &full, &err);
		cJSON_AddBoolToObject(o, "null_class", full == 0);
		cli_json_u64(o, "count", n);
		if (!count_only) {
			a = cJSON_AddArrayToObject(o, "pairs");
			for (long long i = 0; i < n; i++) {
				cJSON *p = cJSON_CreateObject();
				int slack, eff;

				hname(b, list[i].vacate, sn);
				hname(b, list[i].finish, fn);
				cJSON_AddStringToObject(p, "vacate", sn);
				cJSON_AddStringToObject(p, "finish", fn);
				int fine = fine_class(b, list[i].vacate,
						      list[i].finish);

				if (t5 && !peg_theory_slack(b, list[i].vacate,
							    list[i].finish,
							    &slack, &eff, &err))
					cJSON_AddNumberToObject(
						p, "effective_slack", eff);
				if (fine >= 0)
					cJSON_AddBoolToObject(p, "fine_class",
							      fine);
				cJSON_AddItemToArray(a, p);
			}
		}
		cli_json_print(o);
	} else {
		printf("%s: %lld distinct feasible (vacate, finish) pair%s up "
		       "to symmetry (%d symmetries)\n",
		       b->title, n, n == 1 ? "" : "s", b->n_syms);
		if (!count_only && n) {
			printf("vacate  finish%s\n",
			       t5 ? "  effective slack" : "");
			for (long long i = 0; i < n; i++) {
				int slack, eff;

				hname(b, list[i].vacate, sn);
				hname(b, list[i].finish, fn);
				printf(t5 ? "%-7s %-7s" : "%-7s %s", sn, fn);
				if (t5 && !peg_theory_slack(b, list[i].vacate,
							    list[i].finish,
							    &slack, &eff, &err))
					printf(" %2d", eff);
				printf("%s\n", fine_class(b, list[i].vacate,
							  list[i].finish) == 0
							? fine_note
							: "");
			}
			printf("%lld pair%s\n", n, n == 1 ? "" : "s");
		}
	}
	free(list);
	return n ? EXIT_YES : EXIT_NO;
}

int cmd_feasible(int argc, char **argv)
{
	int json = 0, count_only = 0, np, r, s = -1, f = -1, rc;
	const char *pos[1], *vacate = NULL, *finish = NULL;
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--count", CLI_FLAG, &count_only},
				 {"--vacate", CLI_STRING, &vacate},
				 {"--finish", CLI_STRING, &finish}};
	struct peg_board *b;
	struct peg_err err;
	unsigned full;

	r = cli_parse(argc, argv, opts, 4, pos, 1, &np, usage);
	if (r)
		return r > 0 ? EXIT_YES : EXIT_USAGE;
	if (!np) {
		cli_error("missing BOARD (try 'pegsol feasible --help')");
		return EXIT_USAGE;
	}
	b = cli_board(pos[0]);
	if (!b)
		return cli_exit_code();
	if (peg_theory_class(b, NULL, &full, &err)) {
		cli_error("%s", err.msg);
		peg_board_free(b);
		return EXIT_USAGE;
	}
	if (vacate && (s = peg_board_parse_hole(b, vacate, &err)) < 0) {
		cli_error("--vacate: %s", err.msg);
		peg_board_free(b);
		return EXIT_USAGE;
	}
	if (finish && (f = peg_board_parse_hole(b, finish, &err)) < 0) {
		cli_error("--finish: %s", err.msg);
		peg_board_free(b);
		return EXIT_USAGE;
	}
	if (count_only && (vacate || finish)) {
		cli_error("--count lists no problem; drop --vacate/--finish");
		peg_board_free(b);
		return EXIT_USAGE;
	}
	if (s >= 0)
		rc = one_problem(b, s, f, json);
	else if (f >= 0)
		rc = to_finish(b, f, json);
	else
		rc = all_pairs(b, count_only, json);
	peg_board_free(b);
	return rc;
}
