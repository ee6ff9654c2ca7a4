/* problem.c - option handling shared by pegsol solve, sets and count
 * (problem.h). */
#include "problem.h"

#include "cli.h"

#include <stdlib.h>

int cli_problem(const struct peg_board *b, const struct cli_problem_args *a,
		struct cli_problem *out, int *rc)
{
	struct peg_problem *p = &out->p;
	const char *position = a->position, *vacate = a->vacate;
	const char *finish = a->finish;
	int anywhere = a->anywhere;
	struct peg_err err;
	unsigned char *start, *goal;

	*rc = EXIT_USAGE;
	out->start = start = malloc((size_t)b->n_holes);
	out->goal = goal = calloc((size_t)b->n_holes, 1);
	if (!start || !goal) {
		*rc = cli_oom();
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

void cli_problem_release(struct cli_problem *pr)
{
	free(pr->start);
	free(pr->goal);
	pr->start = pr->goal = NULL;
}

int cli_sets_opts(const struct cli_sets_args *a, struct peg_sets_opts *so)
{
	if (cli_int_range("--threads", a->threads, 0, 8))
		return -1;
	if (a->memory &&
	    cli_parse_mb("--memory-mb", a->memory, 1e9, &so->memory))
		return -1;
	if (cli_int_range("--partitions", a->partitions, 0, 251))
		return -1;
	so->partitions = a->partitions;
	so->tmpdir = a->tmpdir;
	so->threads = a->threads;
	return 0;
}
