/* playmisc.c - the game service's calls outside a game (play.h): the
 * offered boards, new games on generated puzzles, the board editor's
 * analysis, and the constructive demo. */
#include "play_int.h"

#include "pegsol/construct.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"
#include "pegsol/theory.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PUZZLE_ENTRIES ((size_t)1 << 20) /* puzzle.c's oracle */

/* Every a1 start of T4 and T7 is lost, trunc-triangle:5 has no a1. */
static const struct peg_play_offer offers[] = {
	{"triangle:4", "a2", "anywhere"},
	{"triangle:5", "a1", "anywhere"},
	{"triangle:6", "a1", "anywhere"},
	{"triangle:7", "a2", "anywhere"},
	{"trunc-triangle:5", "b3", "anywhere"},
	{"trunc-triangle:6", "b3", "anywhere"},
	{"english", "d4", "complement"},
	{NULL, NULL, NULL},
};

const struct peg_play_offer *peg_play_offers(void)
{
	return offers;
}

/* A board under the context's hole limit. */
static struct peg_board *board_parse(struct peg_play_ctx *c, const char *spec,
				     struct peg_err *err)
{
	if (c->o.max_holes > 0)
		return peg_board_parse_max(spec, c->o.max_holes, err);
	return peg_board_parse(spec, err);
}

/* What a puzzle's oracle may hold. */
static size_t puzzle_bytes(const struct peg_board *b)
{
	size_t e = PUZZLE_ENTRIES;

	if (b->n_holes > 63)
		return 0;
	if (b->n_holes < 20 && ((size_t)1 << b->n_holes) < e)
		e = (size_t)1 << b->n_holes;
	return peg_oracle_max_memory(b, e);
}

int peg_play_puzzle(struct peg_play_ctx *c, const char *spec,
		    const struct peg_puzzle_opts *opts, struct peg_session **out,
		    struct peg_puzzle *pz, const char **reason,
		    struct peg_err *err)
{
	struct peg_board *b = board_parse(c, spec, err);
	struct peg_goal g;
	size_t mem;
	int r;

	*out = NULL;
	*reason = NULL;
	memset(pz, 0, sizeof(*pz));
	if (!b)
		return -1;
	mem = c->o.reserve ? puzzle_bytes(b) : 0;
	if (mem && peg_play_reserve(c, mem)) {
		peg_board_free(b);
		peg_err_set(err, "the server's memory budget is in use; try "
				 "again");
		*reason = "memory";
		return PEG_PLAY_RESOURCES;
	}
	r = peg_puzzle_generate(b, opts, pz, err);
	if (mem)
		peg_play_unreserve(c, mem);
	if (r) {
		peg_board_free(b);
		if (r != PEG_PUZZLE_RESOURCES)
			return -1;
		*reason = c->o.stop && *c->o.stop		 ? "stopping"
			  : strstr(err->msg, "oracle nodes") ? "nodes"
							     : "time";
		return PEG_PLAY_RESOURCES;
	}
	g.kind = PEG_GOAL_HOLE;
	g.hole = pz->finish;
	*out = peg_session_new(b, pz->start, &g, err);
	if (!*out) {
		peg_puzzle_release(pz);
		return -1;
	}
	return 0;
}

/* ---- the board editor ---- */

/* The class of pegs and where a last peg can be; the class verdict. */
static void analyse_class(const struct peg_board *b, const unsigned char *pegs,
			  const struct peg_goal *g,
			  struct peg_play_analysis *out)
{
	struct peg_err err;
	unsigned cls;
	int nf;

	if (peg_theory_class(b, pegs, &cls, &err))
		return;
	nf = peg_theory_finish_holes(b, pegs, out->finish, &err);
	out->have_class = 1;
	out->n_finish = nf;
	peg_theory_class_name(b, cls, out->class_name,
			      sizeof(out->class_name));
	/* the class rules out a goal hole outside the finish set */
	if (nf == 0 ||
	    (g->kind != PEG_GOAL_ANYWHERE && nf > 0 && !out->finish[g->hole]))
		out->class_lose = 1;
}

int peg_play_analyse(struct peg_play_ctx *c, const struct peg_board *b,
		     const unsigned char *pegs, const struct peg_goal *g,
		     long budget, double deadline, int skip_lost,
		     struct peg_play_analysis *out, struct peg_err *err)
{
	struct pegpl_oracle *e;
	struct peg_oracle_stats st;
	const char *note = NULL;
	int r;

	memset(out, 0, sizeof(*out));
	out->verdict = -1;
	out->n_finish = -1;
	out->finish = calloc((size_t)b->n_holes + 1, 1);
	if (!out->finish) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	analyse_class(b, pegs, g, out);
	if (budget <= 0 || (skip_lost && out->class_lose))
		return 0;
	e = pegpl_oracle_get(c, b, g, &note);
	if (!e) {
		snprintf(out->note, sizeof(out->note), "%s",
			 b->n_holes > 63 ? "no search past 63 holes" : note);
		return 0;
	}
	if ((r = pegpl_oracle_lock(c, e, deadline))) {
		out->verdict = PEG_UNKNOWN;
		snprintf(out->note, sizeof(out->note), "%s",
			 r == -2 ? "the memory budget is in use; try again"
				 : "oracle busy");
	} else {
		out->verdict = peg_oracle_solvable(e->o, pegs, budget);
		peg_oracle_stats(e->o, &st);
		pegpl_oracle_unlock(c, e);
		out->nodes = st.nodes;
		if (st.stopped)
			snprintf(out->note, sizeof(out->note),
				 "the request's time budget ran out");
	}
	pegpl_oracle_put(c, e);
	return 0;
}

void peg_play_analysis_release(struct peg_play_analysis *a)
{
	free(a->finish);
	a->finish = NULL;
}

/* ---- the constructive demo ---- */

/* Replay out's jumps from the full board less the vacancy: 0 when they
 * end with one peg (out->finish set). */
static int construct_check(struct peg_play_construct *out, struct peg_err *err)
{
	const struct peg_board *b = out->b;
	unsigned char *pegs = malloc((size_t)b->n_holes);
	int r = PEG_PLAY_INTERNAL;

	if (!pegs) {
		peg_err_set(err, "out of memory");
		return PEG_PLAY_RESOURCES;
	}
	memset(pegs, 1, (size_t)b->n_holes);
	pegs[out->vacate] = 0;
	if (!peg_jumps_replay(b, out->jumps, (int)out->n, pegs, err) &&
	    peg_pos_count(pegs, b->n_holes) == 1) {
		for (int i = 0; i < b->n_holes; i++)
			if (pegs[i])
				out->finish = i;
		r = 0;
	} else {
		peg_err_set(err, "constructed solution does not replay");
	}
	free(pegs);
	return r;
}

int peg_play_construct(int n, const char *vacate,
		       struct peg_play_construct *out, struct peg_err *err)
{
	struct peg_construct *plan = NULL;
	struct peg_construct_info info;
	char spec[32];
	int h, r;

	memset(out, 0, sizeof(*out));
	out->finish = -1;
	snprintf(spec, sizeof(spec), "triangle:%d", n);
	out->b = peg_board_parse(spec, err);
	if (!out->b)
		return -1;
	h = peg_board_parse_hole(out->b, vacate && *vacate ? vacate : "a1",
				 err);
	if (h < 0 ||
	    peg_construct_plan(n, out->b->hx[h], out->b->hy[h], &plan, err) ||
	    peg_construct_jumps(plan, &out->jumps, &out->n, err)) {
		peg_construct_free(plan);
		peg_play_construct_release(out);
		return -1;
	}
	peg_construct_get_info(plan, &info);
	peg_construct_free(plan);
	out->vacate = h;
	out->purges = info.n_purges;
	out->moves = peg_jumps_count_moves(out->jumps, (int)out->n);
	r = construct_check(out, err);
	if (r)
		peg_play_construct_release(out);
	return r;
}

void peg_play_construct_release(struct peg_play_construct *c)
{
	free(c->jumps);
	peg_board_free(c->b);
	c->jumps = NULL;
	c->b = NULL;
}
