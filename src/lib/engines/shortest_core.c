/* shortest_core.c - the search context of the fewest-moves engine: the
 * move generator over codes, canonical codes, the finish memo, the stored
 * states of the sweep search, jump-level reachability (shortest_int.h).
 * The code is shortest_core_impl.h, compiled for both code widths. */
#include "shortest_int.h"

#include "pegsol/fast.h"
#include "pegsol/pos.h"

#include <string.h>

#define WBITS 64
#include "shortest_core_impl.h"
#undef WBITS
#define WBITS 128
#include "shortest_core_impl.h"
#undef WBITS

/* Map a jump list by symmetry s. */
void pegsh_map_jumps(const struct peg_board *b, int s, struct peg_jump *j,
		      int n)
{
	const int *p = b->sym + (size_t)s * b->n_holes;

	for (int i = 0; i < n; i++) {
		j[i].from = p[j[i].from];
		j[i].over = p[j[i].over];
		j[i].to = p[j[i].to];
	}
}

