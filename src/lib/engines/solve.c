/* solve.c - one problem: cheap proofs (peg count, position class), then a
 * DFS with a table of dead canonical positions (solve.h). */
#include "pegsol/solve.h"
#include "symmetry.h"

#include "pegsol/fast.h"
#include "pegsol/hashset.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WBITS 64
#include "solve_dfs.h"
#undef WBITS

#define WBITS 128
#include "solve_dfs.h"
#undef WBITS

/* Bit vectors of n_holes bits in words of 64, for the GF(2) span of the
 * jump lines (any board size). */
struct span {
	int words, rank;
	uint64_t *rows;  /* rank rows of `words` words, reduced */
	int *pivot;      /* highest set bit of each row */
};

static int vec_top(const uint64_t *v, int words)
{
	for (int w = words - 1; w >= 0; w--)
		if (v[w])
			return 64 * w + 63 - __builtin_clzll(v[w]);
	return -1;
}

static void span_reduce(const struct span *s, uint64_t *v)
{
	for (int r = 0; r < s->rank; r++) {
		int p = s->pivot[r];

		if (v[p / 64] >> (p % 64) & 1)
			for (int w = 0; w < s->words; w++)
				v[w] ^= s->rows[(size_t)r * s->words + w];
	}
}

static int span_build(const struct peg_board *b, struct span *s)
{
	int words = (b->n_holes + 63) / 64;
	uint64_t *v = calloc((size_t)words, sizeof(uint64_t));

	s->words = words;
	s->rank = 0;
	s->rows = calloc((size_t)b->n_holes * words, sizeof(uint64_t));
	s->pivot = calloc((size_t)b->n_holes + 1, sizeof(int));
	if (!v || !s->rows || !s->pivot) {
		free(v);
		return -1;
	}
	for (int k = 0; k < b->n_jumps; k++) {
		const struct peg_jump *j = &b->jumps[k];
		int top;

		memset(v, 0, sizeof(uint64_t) * (size_t)words);
		v[j->from / 64] |= (uint64_t)1 << (j->from % 64);
		v[j->over / 64] |= (uint64_t)1 << (j->over % 64);
		v[j->to / 64] |= (uint64_t)1 << (j->to % 64);
		/* keep rows sorted by pivot, descending, so one pass reduces */
		for (;;) {
			int r;

			top = vec_top(v, words);
			if (top < 0)
				break;
			for (r = 0; r < s->rank && s->pivot[r] != top; r++)
				;
			if (r == s->rank)
				break;
			for (int w = 0; w < words; w++)
				v[w] ^= s->rows[(size_t)r * words + w];
		}
		if (top < 0)
			continue;
		{
			int r = s->rank, i;

			for (i = r; i > 0 && s->pivot[i - 1] < top; i--) {
				s->pivot[i] = s->pivot[i - 1];
				memcpy(s->rows + (size_t)i * words,
				       s->rows + (size_t)(i - 1) * words,
				       sizeof(uint64_t) * (size_t)words);
			}
			s->pivot[i] = top;
			memcpy(s->rows + (size_t)i * words, v,
			       sizeof(uint64_t) * (size_t)words);
			s->rank++;
		}
	}
	free(v);
	return 0;
}

static void span_free(struct span *s)
{
	free(s->rows);
	free(s->pivot);
}

/* Is p XOR q in the span?  -1 out of memory. */
static int span_same(const struct peg_board *b, const struct span *s,
		     const unsigned char *p, const unsigned char *q)
{
	uint64_t *v = calloc((size_t)s->words, sizeof(uint64_t));
	int same = 1;

	if (!v)
		return -1;
	for (int i = 0; i < b->n_holes; i++)
		if (!p[i] != !q[i])
			v[i / 64] |= (uint64_t)1 << (i % 64);
	span_reduce(s, v);
	for (int w = 0; w < s->words; w++)
		if (v[w])
			same = 0;
	free(v);
	return same;
}

int peg_solve_same_class(const struct peg_board *b, const unsigned char *p,
			 const unsigned char *q)
{
	struct span s;
	int r;

	if (span_build(b, &s)) {
		span_free(&s);
		return -1;
	}
	r = span_same(b, &s, p, q);
	span_free(&s);
	return r;
}

int peg_solve_stabilizer(const struct peg_board *b,
			 const unsigned char *const *pos, int n, int *syms)
{
	int m = 0;

	for (int s = 0; s < b->n_syms; s++) {
		int fixed = 1;

		for (int k = 0; k < n && fixed; k++)
			fixed = pegsym_fixes(b, s, -1, pos[k]);
		if (fixed)
			syms[m++] = s;
	}
	return m;
}

void peg_solve_result_release(struct peg_solve_result *res)
{
	if (!res)
		return;
	free(res->jumps);
	res->jumps = NULL;
	res->n_jumps = 0;
}

static int unsolvable(struct peg_solve_result *res, enum peg_solve_reason r,
		      const char *why)
{
	res->status = PEG_SOLVE_NONE;
	res->reason = r;
	snprintf(res->why, sizeof(res->why), "%s", why);
	return res->status;
}

/* The cheap proofs.  Returns PEG_SOLVE_NONE with res filled, -1 when they
 * say nothing, PEG_SOLVE_ERROR on out of memory. */
static int cheap_proofs(const struct peg_board *b, const struct peg_problem *p,
			struct peg_solve_result *res, struct peg_err *err)
{
	int n = b->n_holes, ns = peg_pos_count(p->start, n);
	struct span s;
	int ok = 0;

	if (p->goal == PEG_GOAL_POSITION) {
		int nf = peg_pos_count(p->finish, n);

		if (nf > ns || (nf == ns && memcmp(p->start, p->finish,
						   (size_t)n)))
			return unsolvable(res, PEG_REASON_PEGS,
					  "peg count: every jump removes one "
					  "peg and the goal needs as many pegs "
					  "or more");
	} else if (ns < 1) {
		return unsolvable(res, PEG_REASON_PEGS,
				  "peg count: the start has no peg");
	}
	if (span_build(b, &s)) {
		span_free(&s);
		peg_err_set(err, "out of memory");
		return PEG_SOLVE_ERROR;
	}
	if (p->goal == PEG_GOAL_POSITION) {
		ok = span_same(b, &s, p->start, p->finish);
	} else {
		unsigned char *one = calloc((size_t)n, 1);

		for (int h = 0; one && h < n && ok == 0; h++) {
			one[h] = 1;
			ok = span_same(b, &s, p->start, one);
			one[h] = 0;
		}
		if (!one)
			ok = -1;
		free(one);
	}
	span_free(&s);
	if (ok < 0) {
		peg_err_set(err, "out of memory");
		return PEG_SOLVE_ERROR;
	}
	if (!ok)
		return unsolvable(res, PEG_REASON_CLASS,
				  p->goal == PEG_GOAL_POSITION
					  ? "position class (fine: the span of "
					    "this board's own jump lines): start "
					    "and finish are in different classes"
					  : "position class (fine: the span of "
					    "this board's own jump lines): no "
					    "single peg is in the class of the "
					    "start");
	return -1;
}

int peg_solve(const struct peg_board *b, const struct peg_problem *p,
	      const struct peg_solve_opts *opts, struct peg_solve_result *res,
	      struct peg_err *err)
{
	int n = b->n_holes, rc, n_group;
	int *group = NULL;
	const unsigned char *fix[1];
	unsigned char *pegs = NULL;

	memset(res, 0, sizeof(*res));
	if (n > 128) {
		peg_err_set(err, "the solver handles boards of up to 128 holes, "
			    "'%s' has %d", b->spec, n);
		return res->status = PEG_SOLVE_ERROR;
	}
	rc = cheap_proofs(b, p, res, err);
	if (rc >= 0)
		return res->status = rc;
	group = malloc(sizeof(int) * (size_t)b->n_syms);
	if (!group) {
		peg_err_set(err, "out of memory");
		return res->status = PEG_SOLVE_ERROR;
	}
	/* the dead table may identify positions by the symmetries of the
	 * goal set: all of them for "anywhere", else the finish stabiliser */
	if (p->goal == PEG_GOAL_ANYWHERE) {
		n_group = b->n_syms;
		for (int s = 0; s < n_group; s++)
			group[s] = s;
	} else {
		fix[0] = p->finish;
		n_group = peg_solve_stabilizer(b, fix, 1, group);
	}
	res->n_group = n_group;
	if (n <= 64)
		rc = search_64(b, p, group, n_group, opts, res, err);
	else
		rc = search_128(b, p, group, n_group, opts, res, err);
	free(group);
	if (rc == PEG_SOLVE_NONE) {
		char why[PEG_ERR_MAX];

		snprintf(why, sizeof(why),
			 "exhaustive search: %llu positions expanded, "
			 "%zu dead positions stored",
			 (unsigned long long)res->nodes, res->dead);
		return unsolvable(res, PEG_REASON_SEARCH, why);
	}
	if (rc != PEG_SOLVE_FOUND)
		return res->status = rc;
	/* verify: replay from the start and compare with the goal */
	pegs = malloc((size_t)n);
	if (!pegs) {
		peg_err_set(err, "out of memory");
		peg_solve_result_release(res);
		return res->status = PEG_SOLVE_LIMIT;
	}
	memcpy(pegs, p->start, (size_t)n);
	if (peg_jumps_replay(b, res->jumps, res->n_jumps, pegs, err) ||
	    (p->goal == PEG_GOAL_POSITION ? memcmp(pegs, p->finish, (size_t)n)
					  : peg_pos_count(pegs, n) != 1)) {
		if (!err->msg[0])
			peg_err_set(err, "internal error: the solution found "
				    "does not reach the goal");
		free(pegs);
		peg_solve_result_release(res);
		return res->status = PEG_SOLVE_ERROR;
	}
	free(pegs);
	return res->status = PEG_SOLVE_FOUND;
}
