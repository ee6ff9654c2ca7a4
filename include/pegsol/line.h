/* line.h - "solve from here": the best line the engines can afford from a
 * position of a game (issue 7), for both games.
 *
 * Three engines, tried in this order:
 *
 *   shortest      the fewest moves (shortest.h), when the board has at most
 *                 opts.shortest_holes holes or the position at most
 *                 opts.shortest_pegs pegs (boards of up to 128 holes), with
 *                 a cap on the states stored; past the cap it falls through
 *   constructive  the search-free solution of T_n (construct.h), when the
 *                 board is a triangle T_n, n >= 4, and the position is the
 *                 full board minus one hole (any size)
 *   oracle        the never-lose oracle's first winning line (oracle.h,
 *                 from the winning sets when w is given), boards of up to
 *                 63 holes
 *
 * Every line handed out has been replayed from the position and ends at
 * the goal.
 */
#ifndef PEGSOL_LINE_H
#define PEGSOL_LINE_H

#include "pegsol/board.h"
#include "pegsol/oracle.h"

#include <stdint.h>

enum peg_line_kind {
	PEG_LINE_NONE,         /* no line (lost, or undecided) */
	PEG_LINE_SHORTEST,     /* fewest moves from the position */
	PEG_LINE_CONSTRUCTIVE, /* T_n constructive solution */
	PEG_LINE_ORACLE        /* the oracle's winning line */
};

/* "none", "shortest", "constructive", "oracle". */
const char *peg_line_kind_name(enum peg_line_kind k);

struct peg_line_opts {
	int shortest_holes;  /* 0 = 21 */
	int shortest_pegs;   /* 0 = 12 */
	uint64_t max_states; /* shortest.h cap; 0 = 2,000,000 */
	uint64_t dfs_budget; /* shortest.h depth-first cap (states expanded
				in one bound past the state cap); 0 = none */
	long budget;         /* oracle nodes; 0 = 2,000,000 */
};

struct peg_line {
	enum peg_line_kind kind;
	enum peg_verdict verdict; /* WIN (jumps set), LOSE or UNKNOWN */
	struct peg_jump *jumps;   /* malloc'd; NULL when n == 0 */
	int n;                    /* jumps */
	int moves;                /* moves of the line */
	char note[128];           /* why a cheaper engine was not used */
};

/* Find a line from pegs to goal g on b.  o (for b and g) may be NULL
 * (then no oracle line); w as for peg_oracle_solve_played (positions
 * played from its start only).  Returns 0 with *out filled (release with
 * peg_line_release), or -1 with err when memory fails. */
int peg_line_find(const struct peg_board *b, const unsigned char *pegs,
		  const struct peg_goal *g, struct peg_oracle *o,
		  const struct peg_winsets *w, const struct peg_line_opts *opts,
		  struct peg_line *out, struct peg_err *err);

void peg_line_release(struct peg_line *l);

#endif
