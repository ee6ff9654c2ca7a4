/* shortest_int.h - internals shared by the fewest-moves engine's files
 * (not installed): the Merson regions and position-class basis
 * (merson.c), the search context, move generator and memo tables
 * (shortest_core.c), the layered breadth-first search with its
 * depth-first completion (shortest_bfhs.c), the public searches and
 * catalogs (shortest.c) and the longest sweeps (sweep.c).  shortest.h
 * describes the method.
 *
 * Code widths.  Each of those files is a small .c holding what does not
 * depend on the width, and a body (merson_impl.h, shortest_core_impl.h,
 * shortest_bfhs_impl.h, shortest_impl.h, sweep_impl.h) that the .c
 * includes twice, with WBITS 64 (boards of up to 64 holes, uint64_t
 * codes) and 128 (up to 128, peg_u128 codes); codew.h maps WBITS to the
 * code type CW, NAME(x) and the width's fast.h / pos.h names.  The types
 * and functions shared between the files are declared once per width by
 * shortest_w.h, included twice below; the macros here name them for the
 * width being compiled: SEARCH is struct pegsh_search_64 or _128,
 * SH(_bound) is pegsh64_bound or pegsh128_bound.  The public functions
 * pick the body by board size (symv_wide: 128 bits past 64 holes, or on
 * any board under the testing switch PEGSOL_WIDE=1). */
#ifndef PEGSOL_SHORTEST_INT_H
#define PEGSOL_SHORTEST_INT_H

#include "pegsol/moves.h"
#include "pegsol/shortest.h"

#include "mix.h"
#include "symv.h"

#include <sched.h>
#include <stdint.h>
#include <stdlib.h>

#define MAX_REGION 7        /* largest Merson region grown */
#define DEFAULT_MAX_STATES 100000000ULL

/* ---- width-independent ---------------------------------------------- */

/* The hash of a code of each width (HASH below). */
static inline uint64_t mix64(uint64_t x)
{
	return mix_fmix64(x);
}

static inline uint64_t mix128(peg_u128 x)
{
	return mix_fmix64((uint64_t)x ^
			  (uint64_t)(x >> 64) * 0x9e3779b97f4a7c15ULL);
}

/* One found target orbit. */
struct hit {
	int moves;
	struct peg_jump *jumps;
	int n_jumps, hole;
};

static inline uint64_t opt_max_states(const struct peg_shortest_opts *o)
{
	return o && o->max_states ? o->max_states : DEFAULT_MAX_STATES;
}

/* Map a jump list by symmetry s. */
void pegsh_map_jumps(const struct peg_board *b, int s, struct peg_jump *j,
		     int n);

/* Is b over limit holes?  Then err says "board 'T16' has 136 holes,
 * <what> at most <limit>". */
int pegsh_too_big(const struct peg_board *b, int limit, const char *what,
		  struct peg_err *err);

/* The jumps in the longest move of a solution. */
int pegsh_longest_move(const struct peg_jump *j, int n);

/* A spin lock (an int, 0 = free) for the 128-bit tables, whose entries
 * cannot be read or written in one atomic step without libatomic: held
 * for a few loads and stores, so waiting is short; a waiter yields now
 * and then in case the holder's thread is not running. */
static inline void sh_lock(int *l)
{
	for (unsigned spins = 0;
	     __atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE); spins++)
		while (__atomic_load_n(l, __ATOMIC_RELAXED))
			if (++spins % 1024 == 0)
				sched_yield();
}

static inline void sh_unlock(int *l)
{
	__atomic_store_n(l, 0, __ATOMIC_RELEASE);
}

/* ---- names of the width being compiled (codew.h's SFX) --------------- */

#define SH(x) CAT(CAT(pegsh, SFX), x)
#define REGIONS struct NAME(pegsh_regions_)
#define BASIS struct NAME(pegsh_basis_)
#define FMEMO struct NAME(pegsh_fmemo_)
#define TT struct NAME(pegsh_tt_)
#define XJ struct NAME(pegsh_xj_)
#define XGEN struct NAME(pegsh_xgen_)
#define KIDS struct NAME(pegsh_kids_)
#define SEARCH struct NAME(pegsh_search_)
#define MVGEN struct CAT(peg_mvgen, SFX)
#define MVGEN_FN(x) CAT(CAT(peg_mvgen, SFX), x)
#define HASH NAME(mix)
#define BIT(h) ((CW)1 << (h))
#define FULL(n) ((n) >= WBITS ? ~(CW)0 : BIT(n) - 1)
#define BOUND_OVER NAME(bound_over_)
#define KIDS_PUSH NAME(kids_push_)
#define CANON NAME(canon_)
#define DT_HOLES (WBITS - 8) /* depth-first table: codes of <= DT_HOLES */
#define TT_LOCKS 4096        /* spin locks of the 128-bit layered table */
#define DT_LOCKS 1024        /* and of its depth-first table */

#define WBITS 64
#include "shortest_w.h"
#undef WBITS
#define WBITS 128
#include "shortest_w.h"
#undef WBITS

#endif
