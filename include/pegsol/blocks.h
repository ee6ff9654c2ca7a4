/* blocks.h - block removals (named macro-moves) as data: a pattern of holes
 * plus the jumps that perform it, placed anywhere on a board under the
 * lattice's symmetries; solutions written as blocks; a search for them.
 *
 * A block is a list of cells in its own frame (skew coordinates on the
 * triangular lattice, Cartesian on the square one), each with a role:
 *
 *   'R' region    full before, empty after (the pegs removed)
 *   'U' catalyst  "unlike": not all pegs, not all empty; restored after
 *   'E' empty     empty before and after (room the jumps pass through)
 *   'T' target    empty before, a peg after (a package's landing hole)
 *
 * A block has one variant per catalyst state it handles (state[k] is '0'
 * or '1' for the k-th 'U' cell); a variant is the jump list that takes the
 * "before" pattern to the "after" one touching no hole outside the block.
 * When only one of two complementary states is written down, the other is
 * the same jumps played in reverse order (the time-reversal trick of seed
 * 000 Appendix B.1: jumps taking A to B, played backwards, take
 * complement(B) to complement(A)).
 *
 * The blocks (docs/blocks.md): seed 003's tri-cycle, Triangle4, small
 * trapezoid and large trapezoid removals and its 4-package, the 3- and
 * 6-removals (seed 000 Figure 5, the purges of purges.h reused, not copied),
 * Bell's wide trapezoid (purges.h) and the square-lattice 3- and 6-removals.
 *
 * Placement.  "NAME@HOLE/O": the block's anchor cell (cells[0]) goes to
 * HOLE and orientation O (0..11 on the triangular lattice: O mod 6
 * rotations by 60 degrees after a mirror when O >= 6; 0..7 on the square
 * one: rotations by 90 degrees, mirrored when O >= 4) maps the other
 * cells.  "/O" may be left out for O = 0.  The variant is chosen by the
 * position: the one whose "before" pattern the position shows.
 */
#ifndef PEGSOL_BLOCKS_H
#define PEGSOL_BLOCKS_H

#include "pegsol/board.h"

#include <stdint.h>

#define PEG_BLOCK_MAX_CELLS 24
#define PEG_BLOCK_MAX_JUMPS 16
#define PEG_BLOCK_MAX_VARIANTS 8
#define PEG_BLOCK_MAX_TEXT 65536 /* block solution text, bytes */

struct peg_block_cell {
	signed char x, y;
	char role; /* 'R', 'U', 'E', 'T' */
};

/* a jump from (fx, fy) to (tx, ty) of the block frame, over the midpoint */
struct peg_block_jump {
	signed char fx, fy, tx, ty;
};

struct peg_block_variant {
	char state[PEG_BLOCK_MAX_CELLS + 1]; /* '0'/'1' per 'U' cell, "" */
	int reversed;                         /* made by time reversal */
	int n_jumps;
	struct peg_block_jump jumps[PEG_BLOCK_MAX_JUMPS];
};

struct peg_block {
	const char *name;   /* "tri-cycle" */
	const char *title;  /* "Tri-cycle removal" */
	const char *source; /* where it comes from */
	enum peg_lattice lattice;
	const char *frame; /* the board its cells are named on: "T6",
			      "T6 extended right" (purges.h's band frame) */
	int n_cells;       /* cells[0] is the anchor */
	struct peg_block_cell cells[PEG_BLOCK_MAX_CELLS];
	int n_region, n_cat, n_removed; /* pegs removed = jumps */
	int n_variants;
	struct peg_block_variant variants[PEG_BLOCK_MAX_VARIANTS];
};

/* The blocks, built once per caller (no globals): every variant is
 * replayed in the block frame when the set is made.  NULL with err on an
 * allocation failure or a bad table entry.  Free with peg_blockset_free
 * (NULL accepted). */
struct peg_blockset;
struct peg_blockset *peg_blockset_new(struct peg_err *err);
void peg_blockset_free(struct peg_blockset *s);
int peg_blockset_count(const struct peg_blockset *s);
const struct peg_block *peg_blockset_get(const struct peg_blockset *s, int i);
/* index of the block named name, or -1 */
int peg_blockset_find(const struct peg_blockset *s, const char *name);

/* Orientations of a lattice: 12 triangular, 8 square, 0 graph. */
int peg_block_orients(enum peg_lattice lat);

/* Map the block's cells onto board holes (holes[n_cells]) with the anchor
 * cell on hole anchor and orientation o.  0, or -1 when a cell falls off
 * the board (or the lattices differ). */
int peg_block_place(const struct peg_board *b, const struct peg_block *k,
		    int o, int anchor, int *holes);

/* The board jumps of variant v placed at (o, anchor): 0 and jumps[0 ..
 * n_jumps-1], or -1 when a cell is off the board or a jump is not one of
 * the board's (a restricted board). */
int peg_block_place_jumps(const struct peg_board *b, const struct peg_block *k,
			  int v, int o, int anchor, struct peg_jump *jumps);

/* One step of a block solution: a block placement or one move (a peg's
 * consecutive jumps) written plainly. */
struct peg_block_step {
	int block;            /* index in the set, -1 for a plain move */
	int orient, anchor;   /* block steps */
	int variant;          /* block steps: the variant played */
	int first, n_jumps;   /* its jumps in the result's jump list */
};

struct peg_block_solution {
	int n_steps;
	struct peg_block_step *steps;
	int n_jumps;
	struct peg_jump *jumps;
	unsigned long long nodes; /* peg_blocks_solve: search nodes */
};

void peg_block_solution_release(struct peg_block_solution *r);

/* Expand a solution written with blocks: steps separated by ',' ';' or
 * new lines, each "NAME@HOLE[/O]" or a plain move "a3-c5-c3".  Plays
 * from pegs (modified in place) and fills out.  Returns 0 when every step
 * is legal; 1 (PEG_EXIT_NO) when a step cannot be played (a block whose
 * pattern the position does not show, an illegal jump): err says which,
 * out holds the steps before it and pegs the position there; 2 on bad text
 * (unknown block, bad hole or orientation, a block that does not fit the
 * board), 3 out of memory. */
int peg_blocks_expand(const struct peg_board *b, const struct peg_blockset *s,
		      const char *text, unsigned char *pegs,
		      struct peg_block_solution *out, struct peg_err *err);

/* "tri-cycle@a1/0, c3-a1, ..." (malloc'd, NULL when out of memory). */
char *peg_blocks_format(const struct peg_board *b,
			const struct peg_blockset *s,
			const struct peg_block_solution *r);

struct peg_blocks_solve_opts {
	int max_singles;          /* plain jumps allowed; < 0: 4 */
	unsigned long long max_nodes; /* 0: 10^7 */
	double max_seconds;       /* 0: no time limit */
	uint32_t use;             /* bit i: block i may be used; 0: all */
};

/* Search for a solution made of blocks and at most max_singles plain jumps
 * from start to goal (NULL: one peg anywhere), on a board of at most 64
 * holes: the fewest plain jumps first (0, 1, ... max_singles), each a
 * depth-first search, larger blocks first, with a table of dead
 * (position, jumps left) pairs.  The jumps found are replayed before they
 * are returned.  Returns 0 found, 1 none within max_singles, 2 bad input
 * (no lattice, over 64 holes), 3 past max_nodes / max_seconds or out of
 * memory; out->nodes is set in every case. */
int peg_blocks_solve(const struct peg_board *b, const struct peg_blockset *s,
		     const unsigned char *start, const unsigned char *goal,
		     const struct peg_blocks_solve_opts *o,
		     struct peg_block_solution *out, struct peg_err *err);

#endif
