/* count.c - number of solutions by paths through the winning graph
 * (count.h).
 *
 * Each winning level W_m gets an open-addressing table of its codes (slot
 * array of 2^k codes, 0 = empty, at most half full) with the path counts
 * kept beside the slots, so a child costs one probe sequence.  For a
 * complement problem the walk stops half way (meet in the middle): the
 * number of paths from x to the finish is the number of paths from the
 * start to the complement of x, so with t(x) = T(O)/|O| per position
 *
 *     count = sum over orbits O in W_m of T(O) / |O| * T(orbit of ~x)
 *
 * at m = floor(N/2), and only the levels from the start down to m are
 * walked.  The workers take slices of a level and add into the next
 * level's counts atomically (add128_atomic); the meet too is split.  The counts are unsigned __int128 with overflow checks; on
 * overflow the full walk runs again on GMP integers.
 *
 * The walk is src/lib/engines/count_impl.h, compiled for 64-bit codes (boards of
 * up to 64 holes) and for 128-bit codes (wide sets: 65 to 128 holes, or
 * the testing switch of sets.h).
 */
#include "pegsol/count.h"

#include "pegsol/fast.h"

#include "symv.h"

#include <gmp.h>
#include <stdlib.h>
#include <string.h>

static size_t hash64(uint64_t x, int bits)
{
	x ^= x >> 29;
	return (size_t)((x * 0x9e3779b97f4a7c15ULL) >> (64 - bits));
}

static size_t hash128(peg_u128 x, int bits)
{
	return hash64((uint64_t)x ^ ((uint64_t)(x >> 64) * 0xc2b2ae3d27d4eb4fULL),
		      bits);
}

/* Levels with fewer slots are walked by one worker. */
enum { WALK_MIN_SLOTS = 1 << 14 };

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
enum { LO = 0, HI = 1 };
#else
enum { LO = 1, HI = 0 };
#endif

/* *w += a for a 128-bit count held as two words w[LO], w[HI], while other
 * workers add to it too: two atomic adds, the low word's carry going into
 * the high one (additions commute, so the sum is exact).  1 when the
 * count passes 2^128 (some add then sees the high word wrap). */
static inline int add128_atomic(uint64_t *w, peg_u128 a)
{
	uint64_t lo = (uint64_t)a, hi = (uint64_t)(a >> 64), old;

	old = __atomic_fetch_add(&w[LO], lo, __ATOMIC_RELAXED);
	if (old + lo < old) {
		if (hi == UINT64_MAX)
			return 1;
		hi++;
	}
	if (!hi)
		return 0;
	old = __atomic_fetch_add(&w[HI], hi, __ATOMIC_RELAXED);
	return old + hi < old;
}

/* Progress (count.h): one report after each level of the walk. */
static void walk_progress(peg_progress_fn *fn, void *ctx, int pegs, size_t n,
			  uint64_t *total)
{
	struct peg_progress p = {0};

	*total += n;
	p.phase = PEG_PHASE_COUNT;
	p.pegs = pegs;
	p.positions = n;
	p.total = *total;
	fn(ctx, &p);
}

#define WBITS 64
#include "count_impl.h"
#undef WBITS
#define WBITS 128
#include "count_impl.h"

void peg_count_result_release(struct peg_count_result *r)
{
	if (!r)
		return;
	free(r->text);
	r->text = NULL;
}

int peg_count_sets(const struct peg_board *b, const struct peg_sets *s,
		   struct peg_count_result *r, struct peg_err *err)
{
	memset(r, 0, sizeof(*r));
	return s->wide ? count_sets_128(b, s, r, NULL, NULL, err)
		       : count_sets_64(b, s, r, NULL, NULL, err);
}

int peg_count_solutions(const struct peg_board *b, const struct peg_problem *p,
			int threads, struct peg_count_result *r,
			struct peg_sets **sets_out, struct peg_err *err)
{
	struct peg_sets_opts o = {0};

	o.threads = threads;
	return peg_count_solutions_opts(b, p, &o, r, sets_out, err);
}

int peg_count_solutions_opts(const struct peg_board *b,
			     const struct peg_problem *p,
			     const struct peg_sets_opts *oin,
			     struct peg_count_result *r,
			     struct peg_sets **sets_out, struct peg_err *err)
{
	struct peg_sets_opts o = {0};
	struct peg_sets *s;
	int rc;

	memset(r, 0, sizeof(*r));
	if (oin) {
		o.threads = oin->threads;
		o.memory = oin->memory;
		o.partitions = oin->partitions;
		o.tmpdir = oin->tmpdir;
		o.wide = oin->wide;
		o.progress = oin->progress;
		o.progress_ctx = oin->progress_ctx;
	}
	o.group = PEG_GROUP_STAB;
	o.no_losers = 1;
	o.half = 1;
	o.lift = 1;
	if (peg_sets_compute(b, p, &o, &s, err))
		return -1;
	rc = s->wide ? count_sets_128(b, s, r, o.progress, o.progress_ctx, err)
		     : count_sets_64(b, s, r, o.progress, o.progress_ctx, err);
	if (sets_out && !rc)
		*sets_out = s;
	else
		peg_sets_free(s);
	return rc;
}
