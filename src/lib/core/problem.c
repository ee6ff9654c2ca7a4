/* problem.c - goals: parsing, printing, testing (problem.h). */
#include "pegsol/problem.h"

#include "pegsol/pos.h"

#include <stdio.h>
#include <string.h>

int peg_goal_parse(const struct peg_board *b, const char *text,
		   const unsigned char *start, struct peg_goal *out,
		   struct peg_err *err)
{
	int hole, empty;

	if (!text || !*text || !strcmp(text, "anywhere") ||
	    !strcmp(text, "any")) {
		*out = (struct peg_goal){PEG_GOAL_ANYWHERE, -1};
		return 0;
	}
	if (strcmp(text, "complement")) {
		hole = peg_board_parse_hole(b, text, err);
		if (hole < 0)
			return -1;
		*out = (struct peg_goal){PEG_GOAL_HOLE, hole};
		return 0;
	}
	if (!start) {
		peg_err_set(err, "goal 'complement' needs a start");
		return -1;
	}
	empty = b->n_holes - peg_pos_count(start, b->n_holes);
	if (empty != 1) {
		peg_err_set(err,
			    "goal 'complement' needs exactly one empty hole at "
			    "the start, not %d",
			    empty);
		return -1;
	}
	hole = (int)((const unsigned char *)memchr(start, 0,
						   (size_t)b->n_holes) -
		     start);
	*out = (struct peg_goal){PEG_GOAL_COMPLEMENT, hole};
	return 0;
}

char *peg_goal_format(const struct peg_board *b, const struct peg_goal *g,
		      char *buf, size_t size)
{
	if (g->kind == PEG_GOAL_ANYWHERE)
		snprintf(buf, size, "anywhere");
	else if (g->kind == PEG_GOAL_COMPLEMENT)
		snprintf(buf, size, "complement");
	else
		peg_board_hole_name(b, g->hole, buf, size);
	return buf;
}

int peg_goal_reached(const struct peg_goal *g, const unsigned char *pegs,
		     int n_holes)
{
	if (peg_pos_count(pegs, n_holes) != 1)
		return 0;
	return g->kind == PEG_GOAL_ANYWHERE || pegs[g->hole];
}
