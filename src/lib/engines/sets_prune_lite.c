/* sets_prune_lite.c - a few pagoda functions from a level the forward pass
 * already made (sets_prune_lite.h; opts.prune == 2).
 *
 * LITE_SAMPLES positions of the level, evenly spaced; one that passes
 * every function found so far goes to peg_pagoda_find (GLPK), and a
 * function it finds joins the list, until LITE_FN functions or LITE_LP
 * programs.  On the English central game, sampling F_21 (229,614
 * positions): 4 functions from about 10 programs (20 ms), cutting 47 % of
 * the unpruned F_17 directly, against 0.3 s and 94 programs for the 11 of
 * peg_prune_new (docs/performance.md "Pagoda pruning").  Exactness is the
 * same as for those: a pagoda function R never grows along a jump, so a
 * position below R(goal) cannot reach the goal (sets_prune.c).
 *
 * The tests follow sets_prune.h: each function with its distinct images
 * under the group, against its least value over the goals, four at a
 * time in 16-bit lanes, one table of 256 entries a byte of the code. */
#include "pegsol/resource.h"
#include "pegsol/sets.h"

#include "sets_prune.h"
#include "sets_prune_lite.h"

#include <stdlib.h>
#include <string.h>

enum {
	LITE_SAMPLES = 32, /* positions of the level given to the search */
	LITE_FN = 4,       /* functions, at most */
	LITE_LP = 24,      /* programs, at most */
	LITE_MAXW = 16,    /* |weight| bound: sets_prune.h needs <= 16 */
	LITE_LP_MS = 2000  /* time for one integer program */
};

/* The value of weights w, seen through symmetry img (w'[h] = w[img[h]]),
 * over the pegs of code x. */
static long lite_value(const long *w, const int *img, int n, uint64_t x)
{
	long v = 0;

	for (int h = 0; h < n; h++)
		if (x >> h & 1)
			v += w[img[h]];
	return v;
}

/* The least value of weights w (through img) over goal[0 .. ngoal). */
static long lite_least(const long *w, const int *img, int n,
		       const uint64_t *goal, int ngoal)
{
	long t = lite_value(w, img, n, goal[0]);

	for (int k = 1; k < ngoal; k++) {
		long v = lite_value(w, img, n, goal[k]);

		t = v < t ? v : t;
	}
	return t;
}

/* The tests of pr's base functions (pr->w, n_base) with their distinct
 * images, each against its least value over goal[0 .. ngoal), into the
 * lane tables.  0, or -1 out of memory. */
static int lite_tables(struct peg_prune *pr, const struct peg_board *b,
		       const int *group, int ng, const uint64_t *goal,
		       int ngoal)
{
	int n = b->n_holes, nt = 0, cap = pr->n_base * ng;
	long *tw = malloc(sizeof(long) * (size_t)(cap + 1) * (size_t)n);
	long *lim = malloc(sizeof(long) * (size_t)(cap + 1));

	free(pr->fn_base);
	free(pr->tab);
	free(pr->init);
	pr->fn_base = malloc(sizeof(int) * (size_t)(cap + 1));
	pr->nbytes = (n + 7) / 8;
	pr->ngrp = (cap + 3) / 4;
	pr->tab = calloc((size_t)pr->ngrp * (size_t)pr->nbytes * 256 + 1,
			 sizeof(uint64_t));
	pr->init = calloc((size_t)pr->ngrp + 1, sizeof(uint64_t));
	if (!tw || !lim || !pr->fn_base || !pr->tab || !pr->init) {
		free(tw);
		free(lim);
		return -1;
	}
	for (int q = 0; q < pr->n_base; q++)
		for (int g = 0; g < ng; g++) {
			const int *img = b->sym + (size_t)group[g] * (size_t)n;
			long *w = tw + (size_t)nt * (size_t)n;
			int seen = 0;

			for (int h = 0; h < n; h++)
				w[h] = pr->w[(size_t)q * (size_t)n +
					     (size_t)img[h]];
			for (int j = 0; j < nt && !seen; j++)
				seen = !memcmp(tw + (size_t)j * (size_t)n, w,
					       sizeof(long) * (size_t)n);
			if (seen)
				continue;
			lim[nt] = lite_least(w, b->sym, n, goal, ngoal);
			pr->fn_base[nt++] = q;
		}
	pr->fn_base[nt] = pr->n_base; /* the integer stage's slot (none) */
	pr->n_fn = nt;
	pr->ngrp = (nt + 3) / 4;
	/* lane l of group g: test 4g + l (unused lanes: weights 0, limit 0,
	 * always passing) */
	for (int f = 0; f < 4 * pr->ngrp; f++) {
		int g = f / 4, sh = 16 * (f % 4);
		uint64_t *t = pr->tab + (size_t)g * (size_t)pr->nbytes * 256;
		const long *w = tw + (size_t)f * (size_t)n;

		pr->init[g] += (uint64_t)(0x4000 - (f < nt ? lim[f] : 0) -
					  128L * pr->nbytes)
			       << sh;
		for (int k = 0; k < pr->nbytes; k++)
			for (int v = 0; v < 256; v++) {
				long e = 128;

				for (int bit = 0; bit < 8 && f < nt; bit++)
					if ((v >> bit & 1) && 8 * k + bit < n)
						e += w[8 * k + bit];
				t[k * 256 + v] += (uint64_t)e << sh;
			}
	}
	free(tw);
	free(lim);
	return 0;
}

int sets_prune_lite(const struct peg_board *b, const struct peg_problem *p,
		    const int *group, int ng, const uint64_t *code, size_t n,
		    struct peg_prune **out)
{
	int nh = b->n_holes, ngoal = 0, rc = -1;
	struct peg_prune *pr = calloc(1, sizeof(*pr));
	uint64_t *goal = malloc(sizeof(uint64_t) * (size_t)(ng > nh ? ng : nh));
	unsigned char *pegs = malloc((size_t)nh);
	const unsigned char *fin =
		p->goal == PEG_GOAL_ANYWHERE ? NULL : p->finish;
	size_t step = n / LITE_SAMPLES + 1;

	*out = NULL;
	if (!pr || !goal || !pegs || nh > 64)
		goto out;
	pr->n_holes = nh;
	pr->w = malloc(sizeof(long) * (size_t)nh * LITE_FN);
	pr->goal = malloc(sizeof(long) * LITE_FN);
	if (!pr->w || !pr->goal)
		goto out;
	/* the goals: the finish's distinct images, or every single peg */
	for (int g = 0; g < (fin ? ng : nh); g++) {
		uint64_t y = 0;
		int dup = 0;

		for (int h = 0; fin && h < nh; h++)
			if (fin[h])
				y |= (uint64_t)1 << b->sym[group[g] * nh + h];
		if (!fin)
			y = (uint64_t)1 << g;
		for (int k = 0; k < ngoal; k++)
			dup |= goal[k] == y;
		if (!dup)
			goal[ngoal++] = y;
	}
	if (lite_tables(pr, b, group, ng, goal, ngoal))
		goto out;
	for (size_t i = 0; i < n && pr->n_base < LITE_FN &&
			   pr->lp_calls < LITE_LP;
	     i += step) {
		struct peg_resource *r = NULL;
		struct peg_err e;

		if (sets_prune_cut(pr, code[i], 0) >= 0)
			continue;
		for (int h = 0; h < nh; h++)
			pegs[h] = (unsigned char)(code[i] >> h & 1);
		pr->lp_calls++;
		if (peg_pagoda_find(b, pegs, fin, LITE_MAXW, LITE_LP_MS, &r,
				    &e) != 1)
			continue; /* none proves it, or no time */
		memcpy(pr->w + (size_t)pr->n_base * (size_t)nh, r->w,
		       sizeof(long) * (size_t)nh);
		peg_resource_free(r);
		pr->goal[pr->n_base] =
			lite_least(pr->w + (size_t)pr->n_base * (size_t)nh,
				   b->sym, nh, goal, ngoal);
		pr->n_base++;
		if (lite_tables(pr, b, group, ng, goal, ngoal))
			goto out;
	}
	pr->sample_pegs = n ? __builtin_popcountll(code[0]) : 0;
	if (pr->n_base) {
		*out = pr;
		pr = NULL;
	}
	rc = 0;
out:
	peg_prune_free(pr);
	free(goal);
	free(pegs);
	return rc;
}
