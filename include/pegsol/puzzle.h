/* puzzle.h - new puzzles that are solvable by construction (seed 003
 * "Online Puzzles"; issue 7).
 *
 * Time reversal: a jump played backwards ("unjump": a peg at c, holes at a
 * and b become pegs at a and b and a hole at c) is a forward jump on the
 * complemented board.  Starting from one peg at the finishing hole f and
 * unjumping k - 1 times at random gives a position with k pegs that solves
 * to one peg at f by the reversed sequence, which is checked by replay.
 *
 * Difficulty: along that solution, the fraction of the legal jumps of each
 * position that lose (the never-lose oracle, goal "finish at f"), averaged
 * over the positions: 0 when every jump wins, near 1 when almost every jump
 * is a bomb.  Several candidates are drawn and the one that best fits the
 * asked level is kept:
 *
 *   easy    the lowest score      (grade "easy"   when score <  0.35)
 *   medium  the median score      (grade "medium" when score <  0.60)
 *   hard    the highest score     (grade "hard"   otherwise)
 *
 * Reproducible: all randomness comes from opts.seed (splitmix64), which the
 * faces print; the same seed, board and options give the same puzzle.
 * Boards of up to 63 holes.
 */
#ifndef PEGSOL_PUZZLE_H
#define PEGSOL_PUZZLE_H

#include "pegsol/board.h"

#include <stdint.h>

enum peg_puzzle_level {
	PEG_PUZZLE_ANY,
	PEG_PUZZLE_EASY,
	PEG_PUZZLE_MEDIUM,
	PEG_PUZZLE_HARD
};

struct peg_puzzle_opts {
	uint64_t seed;
	int pegs;     /* pegs at the start; 0 = about half the board */
	int finish;   /* finishing hole; -1 = drawn from the seed */
	enum peg_puzzle_level level;
	int tries;    /* candidates drawn; 0 = 12 */
	long budget;  /* oracle nodes per graded position; 0 = 2,000,000 */
	/* Limits of the whole generation (0 / NULL = none).  max_nodes is
	 * deterministic (the same seed passes or fails the same way);
	 * max_ms (wall time) and cancel (stop when *cancel != 0) are not. */
	long max_nodes;             /* oracle nodes over all candidates */
	double max_ms;              /* wall time */
	const volatile int *cancel;
};

struct peg_puzzle {
	unsigned char *start;       /* n_holes bytes (malloc'd) */
	int pegs;                   /* pegs at the start */
	int finish;                 /* the goal hole */
	double score;               /* mean fraction of losing jumps */
	enum peg_puzzle_level grade;/* from the score (never ANY) */
	int unknown;                /* jumps the oracle left undecided */
	struct peg_jump *solution;  /* pegs - 1 jumps, replayed (malloc'd) */
	int n_solution;
	uint64_t seed;
};

/* "any", "easy", "medium", "hard"; parse returns -1 when bad. */
const char *peg_puzzle_level_name(enum peg_puzzle_level l);
int peg_puzzle_level_parse(const char *text);

#define PEG_PUZZLE_RESOURCES (-2)

/* Make a puzzle.  Returns 0 with *out filled (release with
 * peg_puzzle_release), -1 with err (bad options, board too big, out of
 * memory), or PEG_PUZZLE_RESOURCES with err when a limit of opts
 * (max_nodes, max_ms, cancel) stopped it first. */
int peg_puzzle_generate(const struct peg_board *b,
			const struct peg_puzzle_opts *opts,
			struct peg_puzzle *out, struct peg_err *err);

void peg_puzzle_release(struct peg_puzzle *p);

#endif
