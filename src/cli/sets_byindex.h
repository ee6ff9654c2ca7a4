/* sets_byindex.h - pegsol sets --by-index (sets_byindex.c): seed 001
 * Tables 5 and 8, text or JSON. */
#ifndef PEGSOL_CLI_SETS_BYINDEX_H
#define PEGSOL_CLI_SETS_BYINDEX_H

#include "pegsol/board.h"

/* The by-index sets of the type of vacancy `vacate` (NULL: the first
 * hole that is a feasible vacancy), printed; returns the exit code. */
int cli_sets_by_index(const struct peg_board *b, const char *vacate,
		      int threads, int json);

#endif
