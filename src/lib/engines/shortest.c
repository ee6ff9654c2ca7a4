/* shortest.c - fewest-move solutions and solution catalogs, the public
 * entry points of the engine (shortest.h); the search itself is in
 * shortest_bfhs.c.  The code is shortest_impl.h, compiled for both code
 * widths; the public functions here pick one by board size (symv_wide:
 * 128-bit codes past 64 holes, or under PEGSOL_WIDE=1). */
#include "shortest_int.h"

#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <pthread.h>
#include <string.h>

void peg_shortest_result_release(struct peg_shortest_result *r)
{
	free(r->jumps);
	r->jumps = NULL;
}

struct cat_job {
	int start;                      /* hole */
	struct peg_catalog_entry *e;    /* found problems of this start */
	int n, n_unsolvable, n_open;
	uint64_t nodes, peak;
	int dfs_bounds;
	int rc;
	struct peg_err err;
};

int pegsh_longest_move(const struct peg_jump *j, int n)
{
	int best = 0, run = 0;

	for (int i = 0; i < n; i++) {
		run = (i && j[i].from == j[i - 1].to) ? run + 1 : 1;
		if (run > best)
			best = run;
	}
	return best;
}

void peg_catalog_release(struct peg_catalog *cat)
{
	for (int i = 0; i < cat->n; i++)
		free(cat->e[i].jumps);
	free(cat->e);
	memset(cat, 0, sizeof(*cat));
}

#define WBITS 64
#include "shortest_impl.h"
#undef WBITS
#define WBITS 128
#include "shortest_impl.h"
#undef WBITS

/* ---- public entry points ------------------------------------------- */

int pegsh_too_big(const struct peg_board *b, int limit, const char *what,
		  struct peg_err *err)
{
	if (b->n_holes <= limit)
		return 0;
	peg_err_set(err, "board '%s' has %d holes, %s at most %d", b->spec,
		    b->n_holes, what, limit);
	return 1;
}

/* Boards of 57 to 64 holes run on 64-bit codes, whose depth-first table
 * holds codes of at most 56 holes: a search there that outgrew the state
 * cap (PEG_SHORTEST_RESOURCES, depth-first completion allowed) is run
 * again on 128-bit codes, whose table holds them. */
static int retry_wide(const struct peg_board *b,
		      const struct peg_shortest_opts *opts, int rc)
{
	return rc == PEG_SHORTEST_RESOURCES && b->n_holes > 56 &&
	       b->n_holes <= 64 && !(opts && opts->no_dfs);
}

/* The search from a 64-bit code, on the width symv_wide picks. */
static int shortest_code(const struct peg_board *b, uint64_t start,
			 int finish, const struct peg_shortest_opts *opts,
			 struct peg_shortest_result *res, struct peg_err *err)
{
	int rc;
	uint64_t nodes;

	if (symv_wide(b->n_holes))
		return pegsh128_shortest(b, start, finish, opts, res, err);
	rc = pegsh64_shortest(b, start, finish, opts, res, err);
	if (!retry_wide(b, opts, rc))
		return rc;
	nodes = res->nodes;
	peg_shortest_result_release(res);
	rc = pegsh128_shortest(b, start, finish, opts, res, err);
	res->nodes += nodes;
	return rc;
}

int peg_shortest_pos(const struct peg_board *b, const unsigned char *pegs,
		     int finish, const struct peg_shortest_opts *opts,
		     struct peg_shortest_result *res, struct peg_err *err)
{
	memset(res, 0, sizeof(*res));
	if (pegsh_too_big(b, 128, "the shortest search handles", err))
		return PEG_SHORTEST_BAD;
	if (b->n_holes > 64)
		return pegsh128_shortest(b, peg_pos_to128(pegs, b->n_holes),
					 finish, opts, res, err);
	return shortest_code(b, peg_pos_to64(pegs, b->n_holes), finish, opts,
			     res, err);
}

int peg_shortest(const struct peg_board *b, uint64_t start, int finish,
		 const struct peg_shortest_opts *opts,
		 struct peg_shortest_result *res, struct peg_err *err)
{
	memset(res, 0, sizeof(*res));
	if (pegsh_too_big(b, 64, "the shortest search handles", err))
		return PEG_SHORTEST_BAD;
	return shortest_code(b, start, finish, opts, res, err);
}

int peg_catalog_build(const struct peg_board *b,
		      const struct peg_shortest_opts *opts,
		      struct peg_catalog *cat, struct peg_err *err)
{
	int rc;

	memset(cat, 0, sizeof(*cat));
	if (pegsh_too_big(b, 128, "catalogs handle", err))
		return PEG_SHORTEST_BAD;
	if (symv_wide(b->n_holes))
		return pegsh128_catalog_build(b, opts, cat, err);
	rc = pegsh64_catalog_build(b, opts, cat, err);
	if (retry_wide(b, opts, rc))
		rc = pegsh128_catalog_build(b, opts, cat, err);
	return rc;
}
