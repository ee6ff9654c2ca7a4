/* sets_byindex.c - pegsol sets --by-index: the combined winning sets of
 * seed 001 sections 5-6 (Table 5 per peg count and index, Table 8's code
 * totals), as a table or as JSON. */
#include "sets_byindex.h"

#include "cli.h"

#include "pegsol/sets.h"
#include "pegsol/theory.h"

#include <stdio.h>
#include <stdlib.h>

/* The default vacancy: the first hole a single vacancy can be solved from
 * by position class (on T4, a1 is not: its class is EMPTY); hole 0 where
 * classes are not defined. */
static int first_feasible(const struct peg_board *b)
{
	struct peg_err err;
	enum peg_feas why;

	for (int h = 0; h < b->n_holes; h++) {
		int r = peg_theory_svss(b, h, -1, &why, &err);

		if (r < 0)
			return 0;
		if (r > 0)
			return h;
	}
	return 0;
}

static void print_json(const struct peg_board *b,
		       const struct peg_byindex *x)
{
	cJSON *o = cJSON_CreateObject(), *a = cJSON_CreateArray();
	int p = x->n_problems;
	char nb[32], key[24];

	cli_json_board(o, b);
	for (int i = 0; i < p; i++) {
		cJSON *e = cJSON_CreateObject();

		cJSON_AddNumberToObject(e, "index", i + 1);
		cJSON_AddStringToObject(
			e, "vacate",
			peg_board_hole_name(b, x->hole[i], nb, sizeof(nb)));
		cJSON_AddBoolToObject(e, "degenerate", i < x->n_degenerate);
		cJSON_AddBoolToObject(e, "solvable", x->solvable[i]);
		cJSON_AddItemToArray(a, e);
	}
	cJSON_AddItemToObject(o, "problems", a);
	a = cJSON_CreateArray();
	for (int n = 1; n <= x->half; n++) {
		cJSON *e = cJSON_CreateObject(), *by = cJSON_CreateObject();

		cJSON_AddNumberToObject(e, "pegs", n);
		cli_json_u64(e, "any", x->any[n]);
		for (size_t k = 0; k < (size_t)1 << p; k++)
			if (x->count[(size_t)n << p | k]) {
				snprintf(key, sizeof(key), "%zu", k);
				cli_json_u64(by, key,
					     x->count[(size_t)n << p | k]);
			}
		cJSON_AddItemToObject(e, "by_index", by);
		cJSON_AddItemToArray(a, e);
	}
	cJSON_AddItemToObject(o, "levels", a);
	cli_json_u64(o, "codes_any_finish", x->total_any);
	cli_json_u64(o, "codes_any_complement", x->total_index);
	cli_json_print(o);
}

int cli_sets_by_index(const struct peg_board *b, const char *vacate,
		      int threads, int json)
{
	struct peg_byindex *x = NULL;
	struct peg_err err;
	int h = -1, p;

	if (vacate) {
		unsigned char *v = calloc((size_t)b->n_holes, 1);

		if (!v)
			return cli_oom();
		if (peg_board_parse_holes(b, vacate, v, &err) < 0) {
			cli_error("%s", err.msg);
			free(v);
			return EXIT_USAGE;
		}
		for (int i = b->n_holes - 1; i >= 0; i--)
			if (v[i])
				h = i;
		free(v);
	}
	if (h < 0)
		h = first_feasible(b);
	if (peg_sets_byindex(b, h, threads, &x, &err))
		return cli_fail(err.msg, 0);
	if (json) {
		print_json(b, x);
		peg_byindex_free(x);
		return EXIT_YES;
	}
	p = x->n_problems;
	printf("problems:");
	for (int i = 0; i < p; i++) {
		char nb[32];

		printf(" %d=%s%s%s", i + 1,
		       peg_board_hole_name(b, x->hole[i], nb, sizeof(nb)),
		       i < x->n_degenerate ? " (degenerate)" : "",
		       x->solvable[i] ? "" : " (unsolvable)");
	}
	printf("\n pegs   any   by index (index: count, nonzero only)\n");
	for (int n = 1; n <= x->half; n++) {
		printf("%5d %5zu  ", n, x->any[n]);
		for (size_t k = 0; k < (size_t)1 << p; k++)
			if (x->count[(size_t)n << p | k])
				printf(" %zu:%zu", k,
				       x->count[(size_t)n << p | k]);
		printf("\n");
	}
	printf("codes needed: any finish %zu, any complement problem %zu\n",
	       x->total_any, x->total_index);
	peg_byindex_free(x);
	return EXIT_YES;
}
