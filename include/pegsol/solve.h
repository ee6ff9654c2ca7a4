/* solve.h - solve one peg solitaire problem: cheap proofs, then a
 * depth-first search with a table of dead positions.
 *
 * A problem is a start position and a goal: either an exact final position
 * (--finish: pegs exactly on the given holes, e.g. the complement of the
 * start) or "one peg anywhere".  Before searching, peg_solve tries the cheap
 * proofs of unsolvability:
 *
 *   peg count       the goal has more pegs than the start (or as many, and
 *                   differs from it);
 *   position class  the start and the goal differ by a vector outside the
 *                   GF(2) span of the board's jump lines.  A jump toggles
 *                   exactly the three holes of one line, so start XOR end
 *                   always lies in that span; this is the "rule of three"
 *                   (mod-3 colour parities) on lattice boards and works on
 *                   graph boards too.
 *
 * The search is a DFS over jumps in board order.  A position from which the
 * goal cannot be reached is stored in an open-addressing set (hashset.h)
 * under its canonical code: the minimum code over the subgroup of the board
 * symmetries that maps the goal set onto itself (the whole group for "one
 * peg anywhere", the stabiliser of the final position otherwise), since a
 * symmetry of the goal maps dead positions to dead positions.  Boards of up
 * to 64 holes run on uint64_t codes, up to 128 holes on peg_u128.
 *
 * Every solution returned has been replayed with peg_jumps_replay and ends
 * at the goal.
 */
#ifndef PEGSOL_SOLVE_H
#define PEGSOL_SOLVE_H

#include "pegsol/board.h"
#include "pegsol/problem.h"

#include <stddef.h>
#include <stdint.h>

struct peg_solve_opts {
	size_t table_mb;    /* memory budget of the dead table; 0 = 512 MB */
	uint64_t max_nodes; /* stop after this many expanded nodes; 0 = none */
};

enum peg_solve_status {
	PEG_SOLVE_FOUND = PEG_EXIT_YES,    /* res->jumps: a verified solution */
	PEG_SOLVE_NONE = PEG_EXIT_NO,      /* proved unsolvable: reason, why */
	PEG_SOLVE_ERROR = PEG_EXIT_INPUT,  /* bad problem, err filled */
	PEG_SOLVE_LIMIT = PEG_EXIT_RESOURCE /* node limit or out of memory */
};

enum peg_solve_reason {
	PEG_REASON_NONE,   /* (solved) */
	PEG_REASON_PEGS,   /* peg count */
	PEG_REASON_CLASS,  /* position class */
	PEG_REASON_SEARCH  /* exhaustive search */
};

struct peg_solve_result {
	enum peg_solve_status status;
	enum peg_solve_reason reason;
	struct peg_jump *jumps; /* FOUND: n_jumps jumps (malloc'd) */
	int n_jumps;
	uint64_t nodes;         /* positions expanded by the DFS */
	size_t dead;            /* dead positions stored in the table */
	int n_group;            /* symmetries used for canonical codes */
	char why[PEG_ERR_MAX];  /* NONE: the reason in words */
};

/* Solve.  Returns res->status (also on error).  res must be released with
 * peg_solve_result_release. */
int peg_solve(const struct peg_board *b, const struct peg_problem *p,
	      const struct peg_solve_opts *opts, struct peg_solve_result *res,
	      struct peg_err *err);

void peg_solve_result_release(struct peg_solve_result *res);

/* Do positions p and q (n_holes bytes each) lie in the same position
 * class (p XOR q in the GF(2) span of the jump lines)?  Any board size. */
int peg_solve_same_class(const struct peg_board *b, const unsigned char *p,
			 const unsigned char *q);

/* The symmetries s (indices into b->sym, identity first) that map each of
 * the n positions pos[0..n-1] onto itself.  Writes them to syms (room for
 * b->n_syms) and returns their number (>= 1). */
int peg_solve_stabilizer(const struct peg_board *b,
			 const unsigned char *const *pos, int n, int *syms);

#endif
