/* problem.c - option handling shared by pegsol solve, sets and count
 * (problem.h). */
#include "problem.h"

#include "cli.h"

#include <stdlib.h>

int cli_problem(const struct peg_board *b, const char *position,
		const char *vacate, const char *finish, int anywhere,
		unsigned char **startp, unsigned char **goalp,
		struct peg_problem *p, int *rc)
{
	struct peg_err err;
	unsigned char *start, *goal;

	*rc = EXIT_USAGE;
	*startp = start = malloc((size_t)b->n_holes);
	*goalp = goal = calloc((size_t)b->n_holes, 1);
	if (!start || !goal) {
		cli_error("out of memory");
		*rc = EXIT_RESOURCES;
		return -1;
	}

	if (finish && anywhere) {
		cli_error("give --finish or --anywhere, not both");
		return -1;
	}
	if (!vacate && !position) {
		cli_error("give the start: --vacate H or --position P");
		return -1;
	}
	if (cli_start_position(b, position, vacate, start))
		return -1;
	p->start = start;
	p->finish = NULL;
	p->goal = PEG_GOAL_ANYWHERE;
	if (finish) {
		if (peg_board_parse_holes(b, finish, goal, &err) < 0) {
			cli_error("%s", err.msg);
			return -1;
		}
		p->goal = PEG_GOAL_POSITION;
		p->finish = goal;
	} else if (!anywhere && !position) {
		for (int i = 0; i < b->n_holes; i++)
			goal[i] = !start[i];
		p->goal = PEG_GOAL_POSITION;
		p->finish = goal;
	}
	return 0;
}

int cli_sets_opts(int threads, const char *memory, int partitions,
		  const char *tmpdir, struct peg_sets_opts *so)
{
	if (cli_int_range("--threads", threads, 0, 8))
		return -1;
	if (memory && cli_parse_mb("--memory-mb", memory, 1e9, &so->memory))
		return -1;
	if (cli_int_range("--partitions", partitions, 0, 251))
		return -1;
	so->partitions = partitions;
	so->tmpdir = tmpdir;
	so->threads = threads;
	return 0;
}

struct peg_board *cli_board_max(const char *spec, long max_holes)
{
	struct peg_err err;
	long long holes;

	if (!spec)
		return cli_board(NULL); /* says that a board is missing */
	holes = peg_board_spec_holes(spec, &err);
	if (holes < 0) {
		cli_fail(err.msg, 0);
		return NULL;
	}
	if (holes > max_holes) {
		cli_error("board '%s' has %lld holes; %s handles at most %ld "
			  "holes",
			  cli_q(spec), holes, cli_cmd, max_holes);
		return NULL;
	}
	return cli_board(spec);
}
