/* count.h - the exact number of solutions (jump sequences) of a problem,
 * by counting paths through the winning graph (seed 001 section 7.2).
 *
 * The winning sets W_n (sets.h) are reduced by a group H that fixes the
 * start and the goal set.  For an H-orbit O let T(O) be the number of jump
 * sequences from the start to any member of O.  Then T(start) = 1 and
 *
 *     T(O') = sum over orbits O in W_(n+1), over the jumps from the
 *             representative of O whose child lies in O', of T(O)
 *
 * (each raw position p of O has the same number of paths, and the jumps
 * from p into O' are the images of those from the representative).  The
 * count is T of the finish (a single raw position, since H fixes it), or
 * the sum over W_1 for "one peg anywhere".  Counts are unsigned __int128
 * with overflow detection; past 128 bits the same walk runs on GMP.
 *
 * Boards of up to 128 holes: the walk follows the width of the sets
 * (sets.h: 64-bit codes up to 64 holes, 128-bit codes past that or under
 * the testing switch PEGSOL_WIDE).  Testing switch: PEGSOL_COUNT_GMP set
 * in the environment (not "0") takes the GMP walk even when 128 bits
 * suffice.
 */
#ifndef PEGSOL_COUNT_H
#define PEGSOL_COUNT_H

#include "pegsol/board.h"
#include "pegsol/pos.h"
#include "pegsol/sets.h"
#include "pegsol/solve.h"

struct peg_count_result {
	char *text;       /* the count in decimal (malloc'd) */
	peg_u128 value;   /* the count when it fits in 128 bits (wide == 0) */
	int wide;         /* 1: more than 128 bits, only text is valid */
	uint64_t edges;   /* edges of the winning graph walked */
	size_t positions; /* sum of |W_n| (H-reduced) */
};

/* Count from computed sets (their group must fix start and finish: the
 * PEG_GROUP_STAB or PEG_GROUP_NONE sets).  The walk runs on s->threads
 * workers (2 for loaded sets); the result and edges do not depend on it.
 * 0, or -1 with err. */
int peg_count_sets(const struct peg_board *b, const struct peg_sets *s,
		   struct peg_count_result *r, struct peg_err *err);

/* Compute the winning sets of p (threads workers, 0 = 2) and count.  If
 * sets_out is not NULL the sets are handed to the caller there. */
int peg_count_solutions(const struct peg_board *b, const struct peg_problem *p,
			int threads, struct peg_count_result *r,
			struct peg_sets **sets_out, struct peg_err *err);

/* The same with sets options: threads, memory, partitions, tmpdir and
 * progress are taken from o (NULL: defaults); the rest is set for
 * counting.  o->progress reports the sets' phases, then each level of the
 * count walk (PEG_PHASE_COUNT: the positions of W_n walked into). */
int peg_count_solutions_opts(const struct peg_board *b,
			     const struct peg_problem *p,
			     const struct peg_sets_opts *o,
			     struct peg_count_result *r,
			     struct peg_sets **sets_out, struct peg_err *err);

void peg_count_result_release(struct peg_count_result *r);

/* Every start at once (pegsol count BOARD --all-starts): for each hole h,
 * the problem with h vacant and every other hole full, with the goal one
 * peg anywhere (anywhere = 1) or the complement (one peg at h).  Holes in
 * one orbit of the board's symmetry group have the same count, so each
 * class is solved once, at its lowest hole.  Complement: one count a
 * class (peg_count_solutions_opts).  Anywhere: the forward sets of every
 * class under the whole board group (down to one peg), merged level by
 * level, and one walk from one peg upwards that counts, for every
 * position of the union, its jump sequences to one peg; every start's
 * count is then read off the top level (past 128 bits: one count a class
 * on GMP).  Sets options as peg_count_solutions_opts. */
struct peg_count_start {
	char *text;     /* the count in decimal (malloc'd) */
	peg_u128 value; /* when it fits in 128 bits (wide == 0) */
	int wide;
	int rep;        /* the lowest hole of its symmetry class */
};

struct peg_count_all {
	int n;                         /* holes: start[h] vacates hole h */
	struct peg_count_start *start; /* n entries (malloc'd) */
	int classes;                   /* symmetry classes of holes */
	char *sum;                     /* the sum over all n starts, decimal */
	size_t positions; /* positions walked: the union of the forward
			     sets (anywhere) or the sum of the classes'
			     winning sets (complement) */
	uint64_t edges;   /* edges walked */
};

int peg_count_all_starts(const struct peg_board *b, int anywhere,
			 const struct peg_sets_opts *o,
			 struct peg_count_all *r, struct peg_err *err);

void peg_count_all_release(struct peg_count_all *r);

#endif
