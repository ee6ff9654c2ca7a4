/* solutions.h - the solutions of a problem as objects: counted under four
 * notions of "distinct", listed, and classified up to symmetry and jump
 * reordering (seed 000 section 2.3 and seed 003 "The Triangle(5) Board":
 * the a1-complement's 6,816 jump sequences and "essentially two"
 * solutions; seed 003 "Stellar Boards": Star(2)'s 7-move solutions).
 *
 * A solution is a jump sequence from the start to the goal.  Two solutions
 * are the same
 *   JUMPS      when their jump sequences are equal;
 *   MOVES      when they cut into the same sequence of moves, a move being
 *              a maximal run of consecutive jumps by one peg identified by
 *              the boards before and after it (two multi-jumps of one peg
 *              along the same loop in opposite directions are one move);
 *   BOARDS     when their sequences of boards (one a jump) agree position
 *              by position up to the symmetries that fix the start and the
 *              goal (each board up to symmetry on its own: paths in the
 *              graph of positions up to symmetry, seed 003's T4 graph);
 *   UNORDERED  when one is a permutation of the other's jumps (equal
 *              multisets of jumps).
 * docs/solutions.md has the definitions with examples.
 *
 * Classification: two solutions are in one class when the multiset of
 * jumps of one is the image of the other's under a symmetry of the problem
 * (a symmetry of the board fixing the start and the goal); two classes are
 * in one line class when the same holds of their multisets of jump lines
 * (jumps with their direction forgotten).
 *
 * Counting is exact: JUMPS through the count engine (count.h, GMP past
 * 128 bits) or, under max_moves, a memoised count on (position, last
 * landing hole, moves left); MOVES and BOARDS by memoised counts on
 * (position, landing holes) and on canonical codes; UNORDERED and the
 * classes by enumerating every jump sequence (bounded by max_enum).
 * Every solution handed out (listed or a class representative) has been
 * replayed from the start by peg_jumps_replay.  Boards of up to 64 holes.
 *
 * Listing keeps the first realisation (in depth-first order, jumps in
 * board order) of each distinct solution; the keys of the solutions seen
 * are kept as 128-bit hashes (a collision, about 2^-100 for the sizes
 * allowed, could only hide a listed solution, never change a count).
 */
#ifndef PEGSOL_SOLUTIONS_H
#define PEGSOL_SOLUTIONS_H

#include "pegsol/board.h"
#include "pegsol/pos.h"
#include "pegsol/problem.h"

#include <stdint.h>

enum peg_distinct {
	PEG_DISTINCT_JUMPS,
	PEG_DISTINCT_MOVES,
	PEG_DISTINCT_BOARDS,
	PEG_DISTINCT_UNORDERED
};

/* "jumps", "moves", "boards", "unordered": 0 and *out, or -1. */
int peg_distinct_parse(const char *text, enum peg_distinct *out);
const char *peg_distinct_name(enum peg_distinct d);

enum {
	PEG_SOLUTIONS_OK = 0,
	PEG_SOLUTIONS_BAD = -1,      /* bad input (err filled) */
	PEG_SOLUTIONS_RESOURCES = -2 /* a budget or memory ran out */
};

#define PEG_SOLUTIONS_MAX_HOLES 64
#define PEG_SOLUTIONS_MAX_MOVES 200

struct peg_solutions_opts {
	enum peg_distinct distinct;
	int max_moves;       /* 1..PEG_SOLUTIONS_MAX_MOVES: only solutions
				of at most this many moves; 0 = any
				(BOARDS does not take it) */
	uint64_t limit;      /* distinct solutions to list; 0 = none */
	int classify;        /* fill the classes */
	uint64_t max_states; /* memo entries; 0 = 4 million */
	uint64_t max_enum;   /* jump sequences enumerated for UNORDERED and
				classes; 0 = 10 million */
	int threads;         /* the count engine's workers (0 = 2) */
};

struct peg_solution {
	struct peg_jump *jumps; /* replayed (malloc'd) */
	int n_jumps, n_moves;
};

struct peg_solution_class {
	struct peg_solution rep; /* the first member found */
	uint64_t sequences;      /* jump sequences in the class */
	uint64_t unordered;      /* distinct jump multisets in it */
	int line_class;          /* index of its line class */
};

struct peg_solutions_result {
	char *count;            /* distinct solutions, decimal (malloc'd) */
	char *sequences;        /* jump sequences, decimal (malloc'd) */
	int n_syms;             /* symmetries of the problem (>= 1) */
	struct peg_solution *list; /* up to opts->limit */
	uint64_t n_list;
	struct peg_solution_class *classes; /* opts->classify */
	int n_classes, n_line_classes;
	uint64_t states;        /* memo entries stored */
	uint64_t enumerated;    /* jump sequences walked by the listing */
};

/* Count (and list, classify) the solutions of p (goal PEG_GOAL_ANYWHERE
 * or PEG_GOAL_POSITION).  Returns PEG_SOLUTIONS_OK with r filled, or an
 * error code with err filled.  opts may be NULL (count jump sequences). */
int peg_solutions(const struct peg_board *b, const struct peg_problem *p,
		  const struct peg_solutions_opts *opts,
		  struct peg_solutions_result *r, struct peg_err *err);
void peg_solutions_result_release(struct peg_solutions_result *r);

/* The longest sweep (jumps in one move) over every solution of exactly
 * `moves` moves from start to one peg at finish, where no solution has
 * fewer moves (a catalog minimum, shortest.h): *len gets it, or -1 when
 * there is no such solution.  max_states caps the memo (0 = 4 million).
 * Returns PEG_SOLUTIONS_OK or an error code with err filled. */
int peg_solutions_sweep(const struct peg_board *b, uint64_t start,
			int finish, int moves, uint64_t max_states, int *len,
			struct peg_err *err);

#endif
