/* fast.h - the one-word and two-word fast paths of the engines.
 *
 * For a board of up to 64 holes a position is a uint64_t code (pos.h: bit i
 * = hole i, row-major).  Jump k is legal in code c when
 *
 *     (c & need[k]) == need[k]  &&  !(c & to[k])
 *
 * with need = from|over, and playing it is c ^= flip[k] (flip =
 * from|over|to).  Jumps are in board order (sorted by from hole).  The same
 * for up to 128 holes with peg_u128.  Engines build one of these per board
 * and keep their own move ordering on top.
 */
#ifndef PEGSOL_FAST_H
#define PEGSOL_FAST_H

#include "pegsol/pos.h"

#include <stdint.h>

struct peg_fast64 {
	int n_holes, n_jumps;
	uint64_t full;     /* all holes */
	uint64_t *need;    /* from | over */
	uint64_t *to;      /* to */
	uint64_t *flip;    /* from | over | to */
	const struct peg_jump *jumps; /* the board's jumps (not owned) */
};

struct peg_fast64 *peg_fast64_new(const struct peg_board *b);
void peg_fast64_free(struct peg_fast64 *f);

static inline int peg_fast64_legal(const struct peg_fast64 *f, int k,
				   uint64_t c)
{
	return (c & f->need[k]) == f->need[k] && !(c & f->to[k]);
}

struct peg_fast128 {
	int n_holes, n_jumps;
	peg_u128 full;
	peg_u128 *need, *to, *flip;
	const struct peg_jump *jumps;
};

struct peg_fast128 *peg_fast128_new(const struct peg_board *b);
void peg_fast128_free(struct peg_fast128 *f);

static inline int peg_fast128_legal(const struct peg_fast128 *f, int k,
				    peg_u128 c)
{
	return (c & f->need[k]) == f->need[k] && !(c & f->to[k]);
}

#endif
