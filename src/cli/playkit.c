/* playkit.c - helpers shared by the two games (playkit.h). */
#include "playkit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int playkit_sets_parse(const char *text)
{
	if (!strcmp(text, "off"))
		return PLAYKIT_SETS_OFF;
	if (!strcmp(text, "auto"))
		return PLAYKIT_SETS_AUTO;
	if (!strcmp(text, "all"))
		return PLAYKIT_SETS_ALL;
	return -1;
}

const char *playkit_cache_dir(const char *opt, char *buf, size_t size)
{
	const char *e;

	if (opt && *opt) {
		snprintf(buf, size, "%s", opt);
		return buf;
	}
	if ((e = getenv("PEGSOL_CACHE")) && *e) {
		snprintf(buf, size, "%s", e);
		return buf;
	}
	if ((e = getenv("XDG_CACHE_HOME")) && *e) {
		snprintf(buf, size, "%s/pegsol", e);
		return buf;
	}
	if ((e = getenv("HOME")) && *e) {
		snprintf(buf, size, "%s/.cache/pegsol", e);
		return buf;
	}
	return NULL;
}

int playkit_sets_wanted(const struct peg_session *s, int mode)
{
	if (mode == PLAYKIT_SETS_OFF ||
	    s->b->n_holes > PEG_WINSETS_MAX_HOLES)
		return 0;
	return mode == PLAYKIT_SETS_ALL || peg_winsets_auto(s->b);
}

int playkit_finish(const struct peg_session *s)
{
	return s->goal.kind == PEG_GOAL_ANYWHERE ? -1 : s->goal.hole;
}

int playkit_sets_fit(const struct peg_session *s, size_t budget,
		     struct peg_winsets_cost *cost, char *note, size_t size)
{
	struct peg_err err;

	if (peg_winsets_estimate(s->b, s->start, playkit_finish(s), cost,
				 &err)) {
		snprintf(note, size, "%s", err.msg);
		return 0;
	}
	if (cost->bytes <= (double)budget)
		return 1;
	snprintf(note, size,
		 "the winning sets would need about %.0f MB, over "
		 "--memory-mb %.0f",
		 cost->bytes / 1048576, (double)budget / 1048576);
	return 0;
}
