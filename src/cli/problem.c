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
	if (threads < 0 || threads > 8) {
		cli_error("bad --threads '%d' (1 to 8)", threads);
		return -1;
	}
	if (memory) {
		char *end;
		double mb = strtod(memory, &end);

		if (end == memory || *end || !(mb > 0) || mb > 1e9) {
			cli_error("bad --memory-mb '%s' (a positive number of "
				  "MB)",
				  memory);
			return -1;
		}
		so->memory = (size_t)(mb * 1048576.0);
		if (!so->memory)
			so->memory = 1;
	}
	if (partitions < 0 || partitions > 251) {
		cli_error("bad --partitions '%d' (0 to 251)", partitions);
		return -1;
	}
	so->partitions = partitions;
	so->tmpdir = tmpdir;
	so->threads = threads;
	return 0;
}
