/* merson.c - the fewest-moves lower bound (Merson regions, seed 000
 * section 4.1) and the position-class test by a GF(2) basis of the jumps
 * (shortest_int.h).  The code is merson_impl.h, compiled for both code
 * widths; the public functions here pick one by board size. */
#include "shortest_int.h"

#include "pegsol/pos.h"

#include <string.h>

#define WBITS 64
#include "merson_impl.h"
#undef WBITS
#define WBITS 128
#include "merson_impl.h"
#undef WBITS

int peg_class_feasible(const struct peg_board *b, int s, int f)
{
	if (b->n_holes > 128)
		return -1;
	return symv_wide(b->n_holes) ? pegsh128_class_feasible(b, s, f)
				     : pegsh64_class_feasible(b, s, f);
}

int peg_shortest_bound_pos(const struct peg_board *b,
			   const unsigned char *pegs, int finish)
{
	if (b->n_holes > 128)
		return -1;
	if (symv_wide(b->n_holes))
		return pegsh128_shortest_bound(
			b, peg_pos_to128(pegs, b->n_holes), finish);
	return pegsh64_shortest_bound(b, peg_pos_to64(pegs, b->n_holes),
				      finish);
}

int peg_shortest_bound(const struct peg_board *b, uint64_t pos, int finish)
{
	if (b->n_holes > 64)
		return -1;
	return pegsh64_shortest_bound(b, pos, finish);
}
