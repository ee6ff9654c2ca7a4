/* sets_winwork.h - pegsol sets ... --work DIR --winning (sets_winwork.c). */
#ifndef PEGSOL_CLI_SETS_WINWORK_H
#define PEGSOL_CLI_SETS_WINWORK_H

#include "progress.h"

#include "pegsol/board.h"
#include "pegsol/problem.h"

#include <stddef.h>

struct cli_winwork {
	const char *work, *wdir; /* the F directory; the W one (NULL: work) */
	const char *rwork;       /* --reverse-work GDIR, or NULL */
	size_t memory;           /* --memory-mb, 0 = the default */
	int prune, count, json, progress;
};

/* Compute, print and return the exit code (0 solvable, 1 not). */
int cli_sets_winning(const struct peg_board *b, const struct peg_problem *p,
		     const struct cli_winwork *a);

#endif
