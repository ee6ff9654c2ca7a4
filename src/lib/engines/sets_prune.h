/* sets_prune.h - the test of pagoda pruning (opts.prune; sets_prune.c
 * finds the pagoda functions, sets_prune_impl.h filters the levels).
 *
 * Evaluation, 4 pagoda functions at a time (SWAR): a lane of 16 bits per
 * function; for each byte of a code a table of 256 uint64_t adds, per
 * lane, the weights of that byte's pegs plus 128 (weights are within
 * [-16, 16], so a byte's sum is within [-128, 128] and the entry within
 * [0, 256]); the lanes start at 0x4000 - goal - 128 * bytes.  A lane ends
 * at 0x4000 + R(x) - R(goal), inside [0, 0x8000) (|R| <= 16 * 128), so no
 * lane carries into the next and bit 14 is set exactly when R(x) >=
 * R(goal): the position may reach the goal as far as that function
 * knows.  Unused lanes start at 0x4000 - 128 * bytes with entries 128. */
#ifndef PEGSOL_SETS_PRUNE_H
#define PEGSOL_SETS_PRUNE_H

#include "pegsol/sets.h"

#include <stdint.h>

#define SETS_PRUNE_LANES 0x4000400040004000ULL

/* The integer stage (sets_prune.c): 1 when the integer program of x's
 * jump counts is infeasible (x cannot reach a goal), 0 feasible or
 * undecided (kept).  A position whose parent (in the level before, if
 * that level went through this test just before) left a solution using
 * the jump to it is kept without a program (a witness): the same
 * verdicts, fewer programs. */
int sets_prune_integer(const struct peg_prune *pr, uint64_t lo, uint64_t hi);

/* peg_prune_new with arms = 1; arms = 0 skips the search for arm tables
 * (about 100 small programs, 1.7 s of CPU on Wiegleb), so the integer stage
 * runs as on a board without arms (tests/test_prune.c). */
int sets_prune_new(const struct peg_board *b, const struct peg_problem *p,
		   enum peg_group kind, const int *group, int ng, int threads,
		   int arms, struct peg_prune **out, struct peg_err *err);

/* The arm tables (sets_prune_arm.h): 1 when one of the functions found
 * proves x cannot reach the goal. */
int sets_prune_arms(const struct peg_prune *pr, uint64_t lo, uint64_t hi);

/* The lines a work directory's manifest names the pruning by (pr not
 * NULL): "prune HASH int N" (the pagodas' weights hashed, the integer
 * stage's reach) and, with arm tables, "arm N HASH", each ending in a
 * newline, written into t[0 .. cap) as snprintf does; the length they
 * need.  pegsol's and pegsol-mpi's manifests both use it, so neither
 * resumes levels made with other pruning. */
size_t sets_prune_manifest(const struct peg_prune *pr, char *t, size_t cap);

/* The arm functions found (0 none) and a hash of their tables (0 none):
 * a work directory's manifest must name it with the pagodas'. */
int sets_prune_arm_count(const struct peg_prune *pr);
uint64_t sets_prune_arm_hash(const struct peg_prune *pr);

/* The integer stage's positions settled by a program and by a witness,
 * so far. */
void sets_prune_int_stats(const struct peg_prune *pr, uint64_t *programs,
			  uint64_t *shortcuts);

/* Index (into pr->fn) of the first function whose lane says x cannot
 * reach the goal, n_fn when they all keep x but an arm table or the
 * integer stage cuts it, or -1 when x is kept. */
static inline int sets_prune_cut(const struct peg_prune *pr, uint64_t lo,
				 uint64_t hi)
{
	const uint64_t *t = pr->tab;
	int nb = pr->nbytes;

	for (int g = 0; g < pr->ngrp; g++, t += (size_t)nb * 256) {
		uint64_t acc = pr->init[g], x = lo;

		for (int k = 0; k < nb; k++) {
			if (k == 8)
				x = hi;
			acc += t[k * 256 + (x & 0xff)];
			x >>= 8;
		}
		if ((acc & SETS_PRUNE_LANES) != SETS_PRUNE_LANES) {
			int lane = 0;

			while ((acc >> (16 * lane + 14)) & 1)
				lane++;
			return 4 * g + lane;
		}
	}
	if (pr->ip && sets_prune_arms(pr, lo, hi))
		return pr->n_fn;
	if (pr->int_pegs &&
	    __builtin_popcountll(lo) + __builtin_popcountll(hi) >=
		    pr->int_pegs &&
	    sets_prune_integer(pr, lo, hi))
		return pr->n_fn;
	return -1;
}

#endif
