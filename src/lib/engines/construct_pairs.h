/* construct_pairs.h - internal: the generated data of the pair
 * constructions (src/lib/engines/construct_pairs.c, written by
 * tools/gen_construct_pairs.py).  The public views are
 * peg_construct_pair_get (construct.h) and peg_fig9_get (purges.h). */
#ifndef PEGSOL_CONSTRUCT_PAIRS_H
#define PEGSOL_CONSTRUCT_PAIRS_H

#include "pegsol/construct.h"
#include "pegsol/purges.h"

#include <stddef.h>

extern const struct peg_pair_sol peg_cp_pairs[];
extern const int peg_cp_n_pairs;
extern const struct peg_fig9 peg_cp_fig9[];
extern const int peg_cp_n_fig9;
extern const struct peg_purge peg_cp_wide[];
extern const int peg_cp_n_wide;

#endif
