/* problem.h - option handling shared by pegsol solve, sets and count: the
 * problem (start and goal) and the level-set engine options. */
#ifndef PEGSOL_CLI_PROBLEM_H
#define PEGSOL_CLI_PROBLEM_H

#include "pegsol/sets.h"
#include "pegsol/solve.h"

#include "cli.h"

/* A problem from the options: start = --position (or the full board) minus
 * --vacate; goal = the --finish holes, --anywhere, or by default the
 * complement of a --vacate start and one peg anywhere from a --position
 * start.  Fills *out: p points into its arrays start and goal (n_holes
 * bytes each, owned: cli_problem_release).
 * Returns 0, or -1 with the error printed and *rc set. */
struct cli_problem {
	struct peg_problem p;
	unsigned char *start, *goal;
};

int cli_problem(const struct peg_board *b, const struct cli_problem_args *a,
		struct cli_problem *out, int *rc);
void cli_problem_release(struct cli_problem *pr);

/* Check and store the level-set options --threads (0..8, 0 = 2),
 * --memory-mb (a positive number of MB up to 10^9, fractions allowed;
 * NULL = no budget),
 * --partitions (0..251) and --tmpdir.  Returns 0, or -1 with the error
 * printed. */
struct cli_sets_args {
	int threads, partitions;
	const char *memory, *tmpdir;
};

/* The struct cli_opt entries of the level-set options. */
#define CLI_SETS_OPTS(a)                                                      \
	{"--threads", CLI_INT, &(a).threads},                                 \
		{"--memory-mb", CLI_STRING, &(a).memory},                     \
		{"--partitions", CLI_INT, &(a).partitions},                   \
		{"--tmpdir", CLI_STRING, &(a).tmpdir}

int cli_sets_opts(const struct cli_sets_args *a, struct peg_sets_opts *so);

#endif
