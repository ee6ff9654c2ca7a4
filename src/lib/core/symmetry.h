/* symmetry.h - the symmetry group as the engines use it (internal).
 *
 * A board's group is b->sym: n_syms permutations of the holes, identity
 * first (board.h).  The engines reduce positions by a subgroup H (the
 * symmetries that fix the goal hole, the start position, or the codes
 * of a search's start and targets) and take canonical codes as the least
 * image under H.  This header is the one place those pieces live:
 *
 *   pegsym_fixing        H as a list of symmetry indices, ascending
 *   pegsym_fixing_codes  the same for codes, by the byte tables
 *   pegsym_inverses      the inverse of every symmetry
 *   pegsym_canon64/128   the least image of a code under H
 *   pegsym_byte_table    the byte tables of one symmetry for codes of any
 *                        number of 64-bit words (the heuristic's 1..3)
 *
 * The byte tables of 64- and 128-bit codes themselves are pos.h's
 * (peg_symtab64/128, _new_sub for a subgroup); symv.h holds their
 * AVX-512 form for groups of up to 8.  The canonical code is Bell's
 * rule: the minimum code over the group (docs/ARCHITECTURE.md).
 */
#ifndef PEGSOL_SYMMETRY_H
#define PEGSOL_SYMMETRY_H

#include "pegsol/board.h"
#include "pegsol/pos.h"

#include <stdint.h>

/* Does symmetry s of b fix hole `hole` (hole < 0: no condition) and map
 * the pegs of `pegs` (NULL: no condition) onto themselves? */
int pegsym_fixes(const struct peg_board *b, int s, int hole,
		 const unsigned char *pegs);

/* The symmetries of b, ascending (identity first), that fix hole `hole`
 * (hole < 0: no condition) and map the pegs of `pegs` (one byte per hole,
 * nonzero = peg; NULL: no condition) onto themselves.  Writes them to out
 * (room for b->n_syms; NULL: only count) and returns their number. */
int pegsym_fixing(const struct peg_board *b, int hole,
		  const unsigned char *pegs, int *out);

/* inv[s] = the index of the inverse of symmetry s, for every s. */
void pegsym_inverses(const struct peg_board *b, int *inv);

/* The byte tables of permutation perm of n holes for codes of nw 64-bit
 * words (bit i = hole i): for byte k < (n + 7) / 8 of a code and byte
 * value v, the image of the holes set in v at byte k is the nw words at
 * out[((size_t)k * 256 + v) * nw], which this fills (all of them). */
void pegsym_byte_table(const int *perm, int n, int nw, uint64_t *out);

/* The symmetries s of t, ascending, with s(codes[i]) = codes[i] for
 * every i < n_codes, into out (room for t->n_syms); their number. */
int pegsym_fixing_codes64(const struct peg_symtab64 *t, const uint64_t *codes,
			  int n_codes, int *out);
int pegsym_fixing_codes128(const struct peg_symtab128 *t,
			   const peg_u128 *codes, int n_codes, int *out);

/* The least image of code under the symmetries group[0..ng) of t;
 * group[0] must be the identity (it is skipped).  pegsym_canon64 and
 * pegsym_canon128, one body. */
#define PEGSYM_CANON(W, T)                                                    \
	static inline T pegsym_canon##W(const struct peg_symtab##W *t,        \
					const int *group, int ng, T code)     \
	{                                                                     \
		T m = code;                                                   \
                                                                              \
		for (int i = 1; i < ng; i++) {                                \
			T x = peg_symtab##W##_apply(t, group[i], code);       \
                                                                              \
			if (x < m)                                            \
				m = x;                                        \
		}                                                             \
		return m;                                                     \
	}
PEGSYM_CANON(64, uint64_t)
PEGSYM_CANON(128, peg_u128)
#undef PEGSYM_CANON

#endif
