/* shortest_bfhs.c - breadth-first heuristic search over moves: the
 * layered table, one layer expanded in parallel, the depth-first
 * completion when the table fills, and the loop over bounds
 * (shortest_int.h, shortest.h).  The code is shortest_bfhs_impl.h,
 * compiled for both code widths. */
#include "shortest_int.h"

#include "pegsol/pos.h"

#include "bigmem.h"
#include "pool.h"

#include <pthread.h>
#include <string.h>
#include <time.h>

#define TT_MIN_BITS 16
#define TT_LOAD 0.7
#define TT_HARD 0.9
#define TT_PREDICT 0.8 /* of the cap: go depth first before a layer
			  predicted to pass it */
#define CHUNK 64       /* states a worker takes at a time */
#define PAR_MIN 2048   /* smaller layers are expanded by one thread */
#define PROOF_SLACK 2  /* bounds past the start's before the jump-level
			  solvability check (SH(_bfhs)) */

/* Seconds on the monotonic clock (the depth-first marks' pace). */
static double sh_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

#define WBITS 64
#include "shortest_bfhs_impl.h"
#undef WBITS
#define WBITS 128
#include "shortest_bfhs_impl.h"
#undef WBITS
