/* pos.h - board positions: parsing, printing, codes and canonical codes.
 *
 * A position in the general API is an array of n_holes bytes, 1 = peg,
 * 0 = empty, indexed by hole (row-major, board.h).  Engines use bit codes:
 *
 *     code = sum over pegs of 2^i,  i = row-major hole index
 *
 *     T5:        bit  0            a1
 *                bit  1  2         a2 b2
 *                bit  3  4  5      a3 b3 c3
 *                bit  6 .. 9       a4 .. d4
 *                bit 10 .. 14      a5 .. e5
 *
 * (seed 001 section 2: the English central-game start is 2^33 - 2^16 - 1).
 * The canonical code of a position is the minimum code over the board's
 * symmetry group (Bell's mincode).  Boards of up to 64 holes use one 64-bit
 * word (peg_symtab64), up to 128 holes an unsigned __int128 (peg_symtab128);
 * both apply a symmetry with one table lookup per byte of the code.
 */
#ifndef PEGSOL_POS_H
#define PEGSOL_POS_H

#include "pegsol/board.h"

#include <stdint.h>

typedef unsigned __int128 peg_u128;

/* Parse a position.  Accepted forms:
 *   "full", "empty"
 *   a decimal code ("8455") or a hex code ("0x2107"), any size
 *   a picture: one glyph per hole in row-major order, peg = x X * @,
 *     empty = o O . ; spaces, '/' and newlines are ignored
 *   a list of pegged holes: "a1,b2 c3" or "pegs:a1,b2"
 *   a list of empty holes: "empty:a1,b2" (every other hole has a peg)
 * Fills pegs[0..n_holes-1].  Returns 0, or -1 with err filled. */
int peg_pos_parse(const struct peg_board *b, const char *text,
		  unsigned char *pegs, struct peg_err *err);

int peg_pos_count(const unsigned char *pegs, int n);

/* The code of a position as a decimal string (malloc'd; any size). */
char *peg_pos_code_string(const unsigned char *pegs, int n);

/* The canonical (minimum over symmetries) code as a decimal string. */
char *peg_pos_mincode_string(const struct peg_board *b,
			     const unsigned char *pegs);

/* A picture of the position (malloc'd, ends with a newline).  Triangular
 * boards are drawn staggered (hole (x,y) at column 2x-y), square boards as a
 * grid, graph boards as "label:glyph" pairs.  With names != 0 each hole shows
 * its name instead of a glyph; pegs may be NULL (all holes as 'o'). */
char *peg_pos_picture(const struct peg_board *b, const unsigned char *pegs,
		      int names);

/* The same layout with any text per hole: hole h shows cells[h]
 * (malloc'd picture, ends with a newline; NULL when out of memory). */
char *peg_pos_picture_cells(const struct peg_board *b,
			    const char *const *cells);

/* A comma separated list of the pegged holes (malloc'd). */
char *peg_pos_list(const struct peg_board *b, const unsigned char *pegs);

/* 64-bit codes (n_holes <= 64). */
uint64_t peg_pos_to64(const unsigned char *pegs, int n);
void peg_pos_from64(uint64_t code, int n, unsigned char *pegs);
peg_u128 peg_pos_to128(const unsigned char *pegs, int n);
void peg_pos_from128(peg_u128 code, int n, unsigned char *pegs);

/* Decimal string of a 128-bit number into buf (at least 40 bytes). */
char *peg_u128_str(peg_u128 v, char *buf);

/* Symmetry tables: apply symmetry s to a code by byte lookups. */
struct peg_symtab64 {
	int n_syms, n_bytes;
	uint64_t (*t)[8][256]; /* n_syms */
};

/* All of b's symmetries; _new_sub: syms[0..n_syms-1] only (indices into
 * b->sym, the identity first; syms NULL = all).  NULL when the board is
 * too big for the width or memory fails. */
struct peg_symtab64 *peg_symtab64_new(const struct peg_board *b);
struct peg_symtab64 *peg_symtab64_new_sub(const struct peg_board *b,
					  const int *syms, int n_syms);
void peg_symtab64_free(struct peg_symtab64 *t);

static inline uint64_t peg_symtab64_apply(const struct peg_symtab64 *t, int s,
					  uint64_t code)
{
	uint64_t r = 0;

	for (int k = 0; k < t->n_bytes; k++)
		r |= t->t[s][k][(code >> (8 * k)) & 0xff];
	return r;
}

static inline uint64_t peg_symtab64_canon(const struct peg_symtab64 *t,
					  uint64_t code)
{
	uint64_t m = code;

	for (int s = 1; s < t->n_syms; s++) {
		uint64_t c = peg_symtab64_apply(t, s, code);

		if (c < m)
			m = c;
	}
	return m;
}

struct peg_symtab128 {
	int n_syms, n_bytes;
	peg_u128 (*t)[16][256];
};

struct peg_symtab128 *peg_symtab128_new(const struct peg_board *b);
struct peg_symtab128 *peg_symtab128_new_sub(const struct peg_board *b,
					    const int *syms, int n_syms);
void peg_symtab128_free(struct peg_symtab128 *t);

static inline peg_u128 peg_symtab128_apply(const struct peg_symtab128 *t,
					   int s, peg_u128 code)
{
	peg_u128 r = 0;

	for (int k = 0; k < t->n_bytes; k++)
		r |= t->t[s][k][(unsigned)(code >> (8 * k)) & 0xff];
	return r;
}

static inline peg_u128 peg_symtab128_canon(const struct peg_symtab128 *t,
					   peg_u128 code)
{
	peg_u128 m = code;

	for (int s = 1; s < t->n_syms; s++) {
		peg_u128 c = peg_symtab128_apply(t, s, code);

		if (c < m)
			m = c;
	}
	return m;
}

#endif
