/* resource.h - resource counts and pagoda functions: proofs that a problem
 * cannot be solved (seed 000 section 2.3, seed 003 "resource count",
 * Beasley's book).
 *
 * A resource count R gives every position a value that no jump can
 * increase.  If R(start) < R(goal) the goal cannot be reached from the
 * start, whatever the jumps: a proof of unsolvability that needs no search.
 * Here R is written as
 *
 *     R(P) = sum of w[h] over the pegs h of P
 *          + sum over terms t of bonus[t] * [pegs of P in region[t] >= need[t]]
 *
 * Hole weights alone with w[from] + w[over] >= w[to] for every jump are the
 * pagoda functions of Berlekamp, Conway and Guy.  Region terms express
 * counts such as the SAX count of T5 (S + A - X: +1 for each edge region
 * holding two or more pegs).  Weights are integers (scale fractions).
 *
 * Text form (peg_resource_parse), tokens separated by spaces, commas or
 * newlines, '#' starts a comment to the end of the line:
 *     HOLE=W          weight W on one hole (a name, (x,y) or #k)
 *     *=W             weight W on every hole not named (default 0)
 *     {H,H,...}>=K:B  bonus B when the holes listed hold K or more pegs
 *     W W W ...       or exactly n_holes weights in hole order (row-major:
 *                     a board picture read line by line), nothing else
 *     sax             the SAX count (T5 only)
 */
#ifndef PEGSOL_RESOURCE_H
#define PEGSOL_RESOURCE_H

#include "pegsol/board.h"

#define PEG_RESOURCE_MAX_TEXT (1 << 20) /* bytes of text parsed */
#define PEG_RESOURCE_MAX_TERMS 4096
#define PEG_RESOURCE_MAX_WEIGHT 1000000000L /* |w| and |bonus| */
#define PEG_RESOURCE_CHECK_HOLES 20 /* holes enumerated per jump check */

struct peg_resource_term {
	unsigned char *in; /* n_holes flags: the region */
	int need;          /* pegs in the region for the bonus */
	long bonus;
};

struct peg_resource {
	int n_holes;
	long *w; /* n_holes weights */
	int n_terms;
	struct peg_resource_term *t;
};

/* Parse the text form above for board b.  NULL with err filled on bad
 * input. */
struct peg_resource *peg_resource_parse(const struct peg_board *b,
					const char *text, struct peg_err *err);

/* Plain hole weights (a pagoda function), copied; no terms. */
struct peg_resource *peg_resource_from_weights(const struct peg_board *b,
					       const long *w,
					       struct peg_err *err);

void peg_resource_free(struct peg_resource *r);

/* R(pegs). */
long peg_resource_eval(const struct peg_resource *r,
		       const unsigned char *pegs);

/* The least value of R over the positions with one peg (the goal "one peg
 * anywhere"); *hole receives a hole where it is reached. */
long peg_resource_min_single(const struct peg_resource *r, int *hole);

/* A jump that increases R from some position, when R is not valid. */
struct peg_resource_witness {
	int jump;              /* index into b->jumps */
	unsigned char *pegs;   /* a position (n_holes flags, malloc'd) */
	long gain;             /* R(after) - R(before) > 0 */
};

/* Is R a valid resource count on b: does every jump from every position
 * keep or lower it?  Each jump is checked exactly: for hole weights alone
 * by w[from] + w[over] >= w[to]; with region terms over every peg pattern
 * of the holes that the jump's regions share (at most
 * PEG_RESOURCE_CHECK_HOLES of them, else an error).  Returns 1 valid, 0
 * not (wit filled when not NULL: release with
 * peg_resource_witness_release), -1 with err filled. */
int peg_resource_check(const struct peg_board *b,
		       const struct peg_resource *r,
		       struct peg_resource_witness *wit, struct peg_err *err);
void peg_resource_witness_release(struct peg_resource_witness *w);

/* The text form of R (malloc'd): the weights as a board picture, then one
 * line per region term. */
char *peg_resource_format(const struct peg_board *b,
			  const struct peg_resource *r);

/* Search for a pagoda function (hole weights only, integers in
 * [-max_weight, max_weight]) that proves start cannot reach goal:
 * w[from] + w[over] >= w[to] for every jump and R(goal) >= R(start) + 1,
 * or with goal == NULL R(one peg at h) >= R(start) + 1 for every hole h
 * (the goal "one peg anywhere").  Linear programming with GLPK: the LP
 * says whether any (rational) pagoda function proves it; an integer
 * program then finds one with the least total |w|, within time_ms
 * milliseconds (0 = 10 s).  Returns 1 found (*out set, checked with
 * peg_resource_check), 0 none exists (no pagoda function, of any weights,
 * proves it: the LP is infeasible), -1 with err filled (bad input, or an
 * LP that GLPK could not settle: then nothing is claimed). */
int peg_pagoda_find(const struct peg_board *b, const unsigned char *start,
		    const unsigned char *goal, long max_weight, int time_ms,
		    struct peg_resource **out, struct peg_err *err);

#endif
