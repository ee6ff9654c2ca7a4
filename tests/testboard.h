/* testboard.h - the board helpers the C tests share (after check.h). */
#ifndef PEGSOL_TESTBOARD_H
#define PEGSOL_TESTBOARD_H

#include "check.h"
#include "pegsol/board.h"

/* The board of spec; a failed CHECK (and NULL) when it does not parse. */
static inline struct peg_board *board(const char *spec)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(spec, &err);

	CHECK(b != NULL, "board %s", spec);
	return b;
}

/* The hole named name on b, or -1. */
static inline int hole(const struct peg_board *b, const char *name)
{
	struct peg_err err;

	return peg_board_parse_hole(b, name, &err);
}

#endif
