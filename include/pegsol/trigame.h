/* trigame.h - a game of three-colour peg solitaire (seed 004; the rules in
 * tricolor.h) as the play service's faces use it: a start, the position,
 * the history with undo and redo, the legal jumps, and answers from the
 * engines - is the position still solvable, which jumps keep it so, a
 * solution from here - each within a budget, so that a face is never
 * stalled (issue 20, "Three colours").
 *
 * Answers come from the retrograde table (tricolor.h) when the board has
 * at most PEG_TRIGAME_TABLE_HOLES holes (built once per game: T5 in about
 * a second, 1.8 MB), else from the depth-first solver limited to the
 * game's state budget; past it the answer is PEG_TRIGAME_UNKNOWN.  Every
 * solution handed out has been replayed by peg_tri_verify. */
#ifndef PEGSOL_TRIGAME_H
#define PEGSOL_TRIGAME_H

#include "pegsol/board.h"

#include <stdint.h>

/* Boards up to this many holes get the exact table (2^n * 3^... bits:
 * 15 holes = 1.8 MB; 21 would be 1.3 GB, too much for a game). */
#define PEG_TRIGAME_TABLE_HOLES 16

enum peg_trigame_verdict {
	PEG_TRIGAME_LOSE = 0,    /* no one-peg state can be reached */
	PEG_TRIGAME_WIN = 1,     /* a one-peg state can be reached */
	PEG_TRIGAME_UNKNOWN = 2  /* the budget ran out first */
};

struct peg_trigame;

/* A new game on board spec (at most PEG_TRI_MAX_HOLES holes).  The start:
 * position (tricolor.h notation) when given; else every hole holds a peg
 * of a colour drawn from seed, except vacate (a hole name; NULL: a hole
 * drawn from seed).  max_states bounds each search (0: 2 million).  NULL
 * with err on bad input or no memory. */
struct peg_trigame *peg_trigame_new(const char *spec, const char *position,
				    const char *vacate, uint64_t seed,
				    uint64_t max_states, struct peg_err *err);
/* The same with the retrograde table of the same board built by the
 * caller (peg_tri_table_new(b, 0, ...); it must outlive g), so that a
 * face replaying a game on each request builds it once; NULL: build one
 * as peg_trigame_new does. */
struct peg_tri_table;
struct peg_trigame *peg_trigame_new_with(const char *spec,
					 const char *position,
					 const char *vacate, uint64_t seed,
					 uint64_t max_states,
					 const struct peg_tri_table *table,
					 struct peg_err *err);
void peg_trigame_free(struct peg_trigame *g);

const struct peg_board *peg_trigame_board(const struct peg_trigame *g);
/* The colours now (0 empty, 1, 2), n_holes bytes. */
const unsigned char *peg_trigame_colors(const struct peg_trigame *g);
const unsigned char *peg_trigame_start(const struct peg_trigame *g);
int peg_trigame_pegs(const struct peg_trigame *g);
int peg_trigame_jumps(const struct peg_trigame *g); /* played, not undone */
int peg_trigame_can_redo(const struct peg_trigame *g);
int peg_trigame_n_legal(const struct peg_trigame *g);
int peg_trigame_won(const struct peg_trigame *g); /* one peg left */
int peg_trigame_has_table(const struct peg_trigame *g);
/* The history: board jump indices, *n_hist of them; the first
 * peg_trigame_jumps(g) are played, the rest is the redo tail.  Owned by
 * g, valid until its next call (for a face's game id). */
const int *peg_trigame_history(const struct peg_trigame *g, int *n_hist);

/* The board jump from -> to (over the hole between) if it is legal now,
 * its index in the board's jumps, else -1; to = -1: the first legal jump
 * from `from`. */
int peg_trigame_legal(const struct peg_trigame *g, int from, int to);
/* Play the jump from -> to: 0, or -1 with err when it is not legal.  The
 * redo tail is dropped. */
int peg_trigame_play(struct peg_trigame *g, int from, int to,
		     struct peg_err *err);
int peg_trigame_undo(struct peg_trigame *g); /* 0, or -1 at the start */
int peg_trigame_redo(struct peg_trigame *g); /* 0, or -1 with no redo */
void peg_trigame_reset(struct peg_trigame *g); /* back to the start */

/* Can the position still reach one peg?  *nodes (may be NULL) gets the
 * states the search visited (0 from the table). */
enum peg_trigame_verdict peg_trigame_verdict(struct peg_trigame *g,
					     uint64_t *nodes);
/* The verdict after board jump k (legal now): exact from the table, else
 * a depth-first search bounded by max_states / (legal jumps now), so the
 * jumps of a position together cost at most one position verdict;
 * UNKNOWN when that share runs out (or k is not legal). */
enum peg_trigame_verdict peg_trigame_jump_verdict(struct peg_trigame *g,
						  int k);
/* A solution from the position (malloc'd board jump indices, replayed) in
 * *jumps, *n; returns the verdict (WIN with the jumps, LOSE, UNKNOWN).
 * The jumps become the redo tail: peg_trigame_redo plays them. */
enum peg_trigame_verdict peg_trigame_solve(struct peg_trigame *g, int **jumps,
					   int *n);

#endif
