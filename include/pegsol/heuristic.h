/* heuristic.h - short solutions (in moves) by heuristic search, without a
 * proof of minimality, on boards of up to 192 holes (Triangle(11) to
 * Triangle(19)), and the table of best known solutions (records).
 *
 * A move is one peg's consecutive jumps (moves.h).  The exact engine
 * (shortest.h) proves minima up to Triangle(10); past it only upper bounds
 * are within reach (seed 000 section 4: 19 <= S(11) <= 28,
 * 21 <= S(12) <= 29).  This engine finds them:
 *
 *   1. beam search layered by pegs left: layer p holds at most `width`
 *      positions with p pegs (canonical codes under the symmetries
 *      fixing the finish, so symmetric positions are kept once), each
 *      with the fewest moves g found for it; a move of k jumps leads to
 *      layer p - k.  At equal pegs the ranking is g + h (h the
 *      Merson-region lower bound of shortest.h, a move weighing 1.5
 *      regions) plus lone pegs, clusters of pegs and a seeded noise.
 *      A child is dropped when g + h reaches the best solution known,
 *      when it has at most 10 pegs and cannot be reduced to one (exact
 *      search), or, with a finish, when no peg is in the finish's landing
 *      class or its golden-ratio pagoda value is below the finish's; a
 *      child one move can clear is a solution at once;
 *   2. restarts: each round a wider beam (x2) with a new noise seed from
 *      every start, then beams from positions of the best solution (a
 *      new suffix spliced in when shorter);
 *   3. local improvement of the best solution: moves of the same peg are
 *      brought together by reordering (each reordering replayed), every
 *      window of k <= 7 consecutive moves is replaced by an exact
 *      shortest path between its two end positions when one with fewer
 *      moves exists (iterative deepening restricted to the holes the
 *      window touches, Merson regions of the end position as lower
 *      bound), and the last positions are finished by an exact search;
 *      repeated until nothing improves.
 *
 * Every solution returned has been replayed by peg_jumps_replay.  The
 * search is deterministic for a given seed and node budget (max_nodes;
 * the layers are expanded by `threads` workers whose results are merged
 * in a fixed order, so the thread count does not change the answer);
 * with a time limit it stops when the time is up.
 */
#ifndef PEGSOL_HEURISTIC_H
#define PEGSOL_HEURISTIC_H

#include "pegsol/board.h"

#include <stdint.h>

#define PEG_HEUR_MAX_HOLES 192

enum {
	PEG_HEUR_OK = 0,
	PEG_HEUR_BAD = -1,      /* bad input (err filled) */
	PEG_HEUR_RESOURCES = -2 /* out of memory */
};

/* Reported after every beam and every improvement. */
struct peg_heur_progress {
	int start;          /* vacated hole of the current search, or -1 */
	int best_moves;     /* best solution so far (all starts), -1 none */
	int beam_width;     /* width of the beam just run */
	int beam_moves;     /* its solution, -1 when it found none */
	int beams;          /* beams run so far */
	uint64_t nodes;     /* positions generated so far */
	double seconds;
	const char *what;   /* "beam", "improve", "start" */
};

struct peg_heur_opts {
	double seconds;      /* wall-clock limit; 0 = none */
	uint64_t max_nodes;  /* node budget (children generated); 0 = none.
				One of the two must be set. */
	uint64_t seed;       /* noise seed */
	int threads;         /* workers expanding each layer; 0 = 1 */
	int width;           /* first beam width; 0 = 256 */
	int max_width;       /* widest beam; 0 = 1 << 18 */
	void (*progress)(void *ctx, const struct peg_heur_progress *p);
	void *progress_ctx;
};

struct peg_heur_result {
	int found;              /* a solution was found */
	int moves;
	int start;              /* vacated hole (single-vacancy starts), or
				   -1 for a given position that is not one */
	int finish;             /* hole of the last peg */
	int lower_bound;        /* Merson bound at the start (the least over
				   the starts searched) */
	struct peg_jump *jumps; /* the solution, replayed (malloc'd) */
	int n_jumps;
	uint64_t nodes;         /* positions generated, all phases */
	int beams;              /* beam searches run */
	int improved;           /* moves saved by local improvement */
	int starts;             /* start classes searched */
	double seconds;         /* time used */
	double best_seconds;    /* time when the best solution was found */
};

void peg_heur_result_release(struct peg_heur_result *r);

/* Search for a short solution.  start: n_holes bytes (pos.h), or NULL for
 * every single-vacancy start up to symmetry that can reach the finish
 * (position classes), sharing the budget between them.  finish: the hole
 * of the last peg, or -1 for anywhere.  Returns PEG_HEUR_OK with res
 * filled (res->found 0 when no solution turned up in the budget),
 * PEG_HEUR_BAD (board too large, no budget, start and finish in
 * different position classes, ...) or PEG_HEUR_RESOURCES, err filled. */
int peg_heuristic(const struct peg_board *b, const unsigned char *start,
		  int finish, const struct peg_heur_opts *opts,
		  struct peg_heur_result *res, struct peg_err *err);

/* The Merson-region lower bound of a position (pegs: n_holes bytes) on
 * moves to one peg: the greedy packing of disjoint full regions of
 * shortest.h, for boards of up to PEG_HEUR_MAX_HOLES holes; -1 when the
 * board is larger or memory runs out. */
int peg_heur_merson_bound(const struct peg_board *b,
			  const unsigned char *pegs);

/* Seed 000 eq. (2): T(floor((n-4)/3)) + floor((3n-2)/2) <= S(n) on
 * Triangle(n), n >= 4 (5 6 8 10 12 13 17 18 20 for n = 4..12). */
int peg_heur_seed_bound(int n);

/* The best known solutions (records), shipped with the library
 * (src/lib/engines/heur_records_data.h): the fewest moves known from one single
 * vacancy to one peg on each board, any vacancy and any finish. */
struct peg_record {
	const char *board;    /* board spec, "triangle:11" */
	const char *vacate;   /* starting vacancy */
	const char *finish;   /* hole of the last peg */
	int moves;
	int lower_bound;      /* seed 000 eq. (2) (its Table 4 column) */
	int known_lower;      /* best proved lower bound on S(n) */
	int proved;           /* moves is the minimum S(n) */
	const char *solution; /* Bell notation */
	const char *how;      /* how it was found (command or source) */
};

/* The records; *n receives their number.  Static data. */
const struct peg_record *peg_records(int *n);

#endif
