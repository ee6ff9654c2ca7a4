/* tricolor.h - three-colour peg solitaire (seed 004): rules, text notation,
 * a cycle-safe solver, the retrograde "solvable" table and the survey of
 * every starting state.
 *
 * Rules (seed 004, after Davis et al. 2020).  A hole holds 0 (empty) or a
 * peg of colour 1 or 2.  A jump <v1, v2, v3> (a board jump from, over, to)
 * needs v1 and v2 pegged and v3 empty; then
 *
 *     v3 := v1,   v1 := 0,   v2 := (v1 + v2) mod 3
 *
 * so over a peg of the same colour the jumped peg changes colour and stays
 * (the peg count is kept, the game graph has cycles), over a peg of the
 * other colour it is removed.  The goal is one peg anywhere.
 *
 * Symmetry.  The board's symmetry group acts on states.  The colour swap
 * s(c) = 2c mod 3 (1 <-> 2, 0 fixed) is an automorphism of Z/3, so
 * s(a + b) = s(a) + s(b): it commutes with every jump and keeps the goal,
 * hence a state and its colour swap are both solvable or both not
 * (docs/tricolor.md).  The DFS solver keys its visited set by the minimum
 * over board symmetries x colour swap; the survey reports classes both up
 * to board symmetry (the seed's count) and up to board symmetry and swap.
 *
 * Representation.  The general API uses one byte per hole (0, 1, 2).  The
 * engines use two bit planes, one bit per hole (row-major, board.h):
 *
 *     p1 = holes with a colour-1 peg,  p2 = holes with a colour-2 peg
 *
 * The retrograde table (boards of up to PEG_TRI_TABLE_MAX_HOLES holes)
 * indexes a state by its occupancy mask m (2^n masks) and the colours of
 * its k = popcount(m) pegs taken in hole order (bit j = 1 when the j-th peg
 * of m has colour 2): block m holds 2^k bits, blocks padded to whole 64-bit
 * words, so the table holds about 3^n bits (T6: 3^21 bits = 1.31 GB).
 *
 * Text notation of a coloured position: one glyph per hole in row-major
 * order: '1' or '2' a peg of that colour, '.', '0' or 'o' empty; spaces,
 * '/' and newlines are ignored, so both a picture and a digit string such
 * as "011111111111111" (T5, a1 empty) are accepted.
 */
#ifndef PEGSOL_TRICOLOR_H
#define PEGSOL_TRICOLOR_H

#include "pegsol/board.h"

#include <stdint.h>

/* Largest board the solver handles (two 128-bit planes). */
#define PEG_TRI_MAX_HOLES 128
/* Largest board the retrograde table handles (3^24 bits = 35 GB). */
#define PEG_TRI_TABLE_MAX_HOLES 24

/* Outcome of the engines. */
enum peg_tri_status {
	PEG_TRI_OK = 0,
	PEG_TRI_EINPUT = -1,    /* bad input: err says what */
	PEG_TRI_ERESOURCE = -2  /* memory or state limit exceeded */
};

/* Parse a coloured position (notation above) into col[0..n_holes-1].
 * Returns 0, or -1 with err saying what and where. */
int peg_tri_parse(const struct peg_board *b, const char *text,
		  unsigned char *col, struct peg_err *err);

/* Picture of a coloured position (malloc'd, ends with a newline): the
 * layout of peg_pos_picture with glyphs '1', '2' and '.'.  Graph boards
 * print "label:glyph" pairs. */
char *peg_tri_picture(const struct peg_board *b, const unsigned char *col);

/* The compact form: n_holes digits 0/1/2 in row-major order (malloc'd). */
char *peg_tri_digits(const struct peg_board *b, const unsigned char *col);

int peg_tri_count(const unsigned char *col, int n);

/* Is jump j legal in col?  (from and over pegged, to empty) */
static inline int peg_tri_jump_legal(const unsigned char *col,
				     const struct peg_jump *j)
{
	return col[j->from] && col[j->over] && !col[j->to];
}

/* Play a legal jump in place. */
static inline void peg_tri_jump_apply(unsigned char *col,
				      const struct peg_jump *j)
{
	col[j->to] = col[j->from];
	col[j->over] = (unsigned char)((col[j->from] + col[j->over]) % 3);
	col[j->from] = 0;
}

/* Replay jumps from col (modified in place) under the three-colour rules.
 * Returns 0, or -1 with err naming the first illegal jump. */
int peg_tri_replay(const struct peg_board *b, const struct peg_jump *jumps,
		   int n, unsigned char *col, struct peg_err *err);

/* Replay and check that the jumps end with exactly one peg.  Returns 0 or
 * -1 with err.  Every solution the library returns has passed this. */
int peg_tri_verify(const struct peg_board *b, const unsigned char *start,
		   const struct peg_jump *jumps, int n, struct peg_err *err);

struct peg_tri_table;

/* Limits and oracle of the DFS solver. */
struct peg_tri_solve_opts {
	uint64_t max_states; /* visited-set limit, 0 = 50 million */
	/* optional: prune to states the table marks solvable (the table must
	 * be of the same board) */
	const struct peg_tri_table *oracle;
};

struct peg_tri_result {
	int solvable;           /* 1 yes, 0 no (the whole reachable set was
				   searched, or the oracle said no) */
	struct peg_jump *jumps; /* solution (malloc'd), verified */
	int n_jumps;
	uint64_t nodes;         /* distinct states visited (up to symmetry
				   and colour swap) */
	int min_pegs;           /* fewest pegs over the visited states */
};

void peg_tri_result_release(struct peg_tri_result *r);

/* Solve from col: depth-first search, removal jumps first, with a visited
 * set of canonical states, so cycles of same-colour jumps are cut and a
 * failed search has visited the whole reachable set (a proof of
 * deadness).  Returns PEG_TRI_OK with *res filled, PEG_TRI_EINPUT (board
 * over PEG_TRI_MAX_HOLES holes), or PEG_TRI_ERESOURCE (max_states hit). */
int peg_tri_solve(const struct peg_board *b, const unsigned char *col,
		  const struct peg_tri_solve_opts *opts,
		  struct peg_tri_result *res, struct peg_err *err);

/* Statistics of a table build. */
struct peg_tri_table_stats {
	int n_holes;
	uint64_t bytes;                       /* bitmap size */
	uint64_t states[PEG_TRI_TABLE_MAX_HOLES + 1];   /* per peg count */
	uint64_t solvable[PEG_TRI_TABLE_MAX_HOLES + 1]; /* per peg count */
	int sweeps[PEG_TRI_TABLE_MAX_HOLES + 1]; /* passes to the fixpoint */
	uint64_t jump_checks; /* successor look-ups (deterministic for one
				 thread; a work measure otherwise) */
	double seconds;
};

/* Bytes the table of board b needs (0 when b has too many holes). */
uint64_t peg_tri_table_bytes(const struct peg_board *b);

/* Build the retrograde table: level 1 (one peg) is solvable; a state with
 * k pegs is solvable iff some jump leads to a solvable state; removal
 * jumps lead to level k-1 (done), same-colour jumps stay at level k, so
 * each level is iterated to its fixpoint (blocks rechecked only when a
 * same-level neighbour block changed).  Levels up to max_level are built
 * (0 or >= n_holes: all but the full board).  threads >= 1.  NULL with err
 * on a board over PEG_TRI_TABLE_MAX_HOLES holes or out of memory. */
struct peg_tri_table *peg_tri_table_new(const struct peg_board *b,
					int max_level, int threads,
					struct peg_err *err);
void peg_tri_table_free(struct peg_tri_table *t);

/* Is the state solvable?  (col over the table's board; levels above
 * max_level answer 0) */
int peg_tri_table_solvable(const struct peg_tri_table *t,
			   const unsigned char *col);
const struct peg_tri_table_stats *peg_tri_table_stats(
	const struct peg_tri_table *t);

/* Number of starting holes up to the board's symmetry (seed 004: on T_n
 * this is ceil(n/2) + |T_(n-3)|). */
int peg_tri_hole_classes(const struct peg_board *b);

/* One class of starting states around one hole orbit. */
struct peg_tri_orbit {
	int hole;                /* orbit representative (smallest index) */
	int size;                /* holes in the orbit */
	uint64_t starts;         /* starting states up to board symmetry */
	uint64_t solvable;       /* of these, solvable */
};

struct peg_tri_survey {
	int n_holes;
	uint64_t starts_raw;     /* n * 2^(n-1) */
	uint64_t starts;         /* up to board symmetry */
	uint64_t solvable;
	uint64_t starts_swap;    /* up to board symmetry and colour swap */
	uint64_t solvable_swap;
	int n_orbits;
	struct peg_tri_orbit *orbits;
	/* the unsolvable starts up to board symmetry, the first max_list of
	 * them (each n_holes bytes), in order of (hole, colour code) */
	int n_listed;
	unsigned char *listed;
	struct peg_tri_table_stats table;
};

/* How to survey. */
struct peg_tri_survey_opts {
	int threads;         /* table build threads (>= 1) */
	uint64_t max_bytes;  /* table memory limit, 0 = none */
	int max_list;        /* unsolvable starts to keep */
	int dfs;             /* 1: solve every start class with the DFS solver
				(each solution replayed, each failure an
				exhausted reachable set) instead of the table */
	uint64_t max_states; /* DFS visited-set limit per start, 0 = default */
};

/* Survey every starting state (one empty hole, each other hole colour 1
 * or 2) up to board symmetry, with the retrograde table or (opts->dfs) one
 * DFS per start.  Fails with PEG_TRI_ERESOURCE when the table would need
 * more than max_bytes or a DFS passes max_states.  s->table is filled only
 * by the table method. */
int peg_tri_survey_run(const struct peg_board *b,
		       const struct peg_tri_survey_opts *opts,
		       struct peg_tri_survey *s, struct peg_err *err);
void peg_tri_survey_release(struct peg_tri_survey *s);

#endif
