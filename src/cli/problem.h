/* problem.h - option handling shared by pegsol solve, sets and count: the
 * problem (start and goal) and the level-set engine options. */
#ifndef PEGSOL_CLI_PROBLEM_H
#define PEGSOL_CLI_PROBLEM_H

#include "pegsol/sets.h"
#include "pegsol/solve.h"

/* A problem from the options: start = --position (or the full board) minus
 * --vacate; goal = the --finish holes, --anywhere, or by default the
 * complement of a --vacate start and one peg anywhere from a --position
 * start.  Allocates *start and *goal (n_holes bytes each, free them).
 * Returns 0, or -1 with the error printed and *rc set. */
int cli_problem(const struct peg_board *b, const char *position,
		const char *vacate, const char *finish, int anywhere,
		unsigned char **start, unsigned char **goal,
		struct peg_problem *p, int *rc);

/* Check and store the level-set options --threads (0..8, 0 = 2),
 * --memory-mb (a positive number of MB up to 10^9, fractions allowed;
 * NULL = no budget),
 * --partitions (0..251) and --tmpdir.  Returns 0, or -1 with the error
 * printed. */
int cli_sets_opts(int threads, const char *memory, int partitions,
		  const char *tmpdir, struct peg_sets_opts *so);

/* cli_board for a command limited to max_holes holes: the spec's size is
 * found without building it (peg_board_spec_holes) and a bigger board is
 * refused with one line, "board 'T16' has 136 holes; sets handles at most
 * 128 holes".  NULL with the error printed (exit with cli_exit_code()). */
struct peg_board *cli_board_max(const char *spec, long max_holes);

#endif
