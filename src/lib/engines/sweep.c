/* sweep.c - the longest sweep in any single vacancy to single survivor
 * solution, by enumeration or by construction (shortest.h, seed 003).
 * The code is sweep_impl.h, compiled for both code widths; the public
 * functions here pick one by board size. */
#include "shortest_int.h"

#include "pegsol/fast.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <string.h>

#define WBITS 64
#include "sweep_impl.h"
#undef WBITS
#define WBITS 128
#include "sweep_impl.h"
#undef WBITS

void peg_sweep_result_release(struct peg_sweep_result *res)
{
	free(res->start);
	free(res->finish);
	free(res->jumps);
	memset(res, 0, sizeof(*res));
}

int peg_sweep_longest(const struct peg_board *b,
		      const struct peg_shortest_opts *opts,
		      struct peg_sweep_result *res, struct peg_err *err)
{
	memset(res, 0, sizeof(*res));
	if (pegsh_too_big(b, 128, "sweep handles", err))
		return PEG_SHORTEST_BAD;
	return symv_wide(b->n_holes) ? pegsh128_sweep_longest(b, opts, res, err)
				     : pegsh64_sweep_longest(b, opts, res, err);
}

int peg_sweep_construct(const struct peg_board *b,
			const struct peg_shortest_opts *opts,
			struct peg_sweep_result *res, struct peg_err *err)
{
	memset(res, 0, sizeof(*res));
	if (pegsh_too_big(b, 128, "sweep handles", err))
		return PEG_SHORTEST_BAD;
	return symv_wide(b->n_holes)
		       ? pegsh128_sweep_construct(b, opts, res, err)
		       : pegsh64_sweep_construct(b, opts, res, err);
}
