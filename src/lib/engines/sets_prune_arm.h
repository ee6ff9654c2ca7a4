/* sets_prune_arm.h - arm-table functions of pagoda pruning (opts.prune;
 * sets_prune_arm.c finds them, docs/performance.md "Arm tables").
 *
 * A board splits into a core (the holes in both a longest row and a
 * longest column: Wiegleb d4-f6) and arms (the other holes' connected
 * pieces, at most PA_ARM_MAX holes each: Wiegleb's four 3x3 arms).  A
 * function is
 *
 *     f(x) = sum over core holes h of w[h] x_h + sum over arms A of T_A[x|A]
 *
 * with any table T_A of the arm's patterns.  When no jump raises f (for
 * every jump and every pattern of the arm it touches: no jump touches two
 * arms), a position with f(x) < f(goal) cannot reach the goal, nor can
 * its descendants: exact like a pagoda function (which is the case T_A
 * linear), but the tables see an arm's pattern whole, which is what the
 * integer program of jump counts sees and a pagoda does not.
 *
 * Evaluation: the pattern of each region (the core is one more, its table
 * the sums of w) is gathered from the code's bytes by table, once a
 * position; then a function (and each image under the group: a function
 * on the same partition) is a sum of one look-up a region. */
#ifndef PEGSOL_SETS_PRUNE_ARM_H
#define PEGSOL_SETS_PRUNE_ARM_H

#include "pegsol/board.h"
#include "pegsol/pos.h"

#include <stdint.h>

enum {
	PA_ARM_MAX = 10, /* holes of an arm, at most (tables of 2^10) */
	PA_REG_MAX = 9,  /* regions (the core and up to 8 arms) */
	PA_FN_MAX = 64   /* base functions, at most */
};

struct prune_arm;

/* The arm partition of b for goals goal[0 .. ngoal) and the symmetries
 * group[0 .. ng) (indices into b->sym), no functions yet.  *out NULL when
 * b has none (past 64 holes, no arms, an arm too big, a jump touching two
 * arms, a symmetry that does not map regions to regions).  0, or -1 out of
 * memory. */
int prune_arm_new(const struct peg_board *b, const peg_u128 *goal, int ngoal,
		  const int *group, int ng, struct prune_arm **out);
void prune_arm_free(struct prune_arm *pa);

/* Find by LP (GLPK) a function that proves x cannot reach a goal; when
 * found, round it to integers, check every jump exactly and add it with
 * its images.  1 added, 0 none (or the rounded one was not valid or did
 * not cut x), -1 out of memory. */
int prune_arm_find(struct prune_arm *pa, uint64_t x);

/* The search is over: free the arms' jump graphs and GLPK's environment
 * (the functions found stay). */
void prune_arm_end_search(struct prune_arm *pa);

/* 1 when a function (or an image) proves x cannot reach a goal. */
int prune_arm_cut(const struct prune_arm *pa, uint64_t x);

/* Base functions found, and a hash of them (for a work manifest). */
int prune_arm_count(const struct prune_arm *pa);
uint64_t prune_arm_hash(const struct prune_arm *pa);

#endif
