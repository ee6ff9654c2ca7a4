/* line.c - "solve from here": shortest, constructive or the oracle's line,
 * whichever is affordable (line.h). */
#include "pegsol/line.h"

#include "pegsol/construct.h"
#include "pegsol/pos.h"
#include "pegsol/shortest.h"
#include "pegsol/solution.h"
#include "pegsol/theory.h"

#include <stdlib.h>
#include <string.h>

const char *peg_line_kind_name(enum peg_line_kind k)
{
	switch (k) {
	case PEG_LINE_SHORTEST:
		return "shortest";
	case PEG_LINE_CONSTRUCTIVE:
		return "constructive";
	case PEG_LINE_ORACLE:
		return "oracle";
	default:
		return "none";
	}
}

void peg_line_release(struct peg_line *l)
{
	if (!l)
		return;
	free(l->jumps);
	l->jumps = NULL;
	l->n = 0;
}

/* Replay jumps from pegs and check the goal: 1 good, 0 not. */
static int line_ok(const struct peg_board *b, const unsigned char *pegs,
		   const struct peg_goal *g, const struct peg_jump *j, int n)
{
	unsigned char *p = malloc((size_t)b->n_holes);
	struct peg_err e;
	int ok;

	if (!p)
		return 0;
	memcpy(p, pegs, (size_t)b->n_holes);
	ok = !peg_jumps_replay(b, j, n, p, &e) &&
	     peg_goal_reached(g, p, b->n_holes);
	free(p);
	return ok;
}

static void take(struct peg_line *out, enum peg_line_kind k,
		 struct peg_jump *j, int n)
{
	out->kind = k;
	out->verdict = PEG_WIN;
	out->jumps = j;
	out->n = n;
	out->moves = peg_jumps_count_moves(j, n);
}

/* 1 line taken, 0 proved lost, -1 not affordable (note set). */
static int try_shortest(const struct peg_board *b, const unsigned char *pegs,
			const struct peg_goal *g, const struct peg_line_opts *o,
			int n_pegs, struct peg_line *out)
{
	struct peg_shortest_opts so = {0};
	struct peg_shortest_result res;
	struct peg_err e;
	int finish = g->kind == PEG_GOAL_ANYWHERE ? -1 : g->hole;
	struct peg_jump *j;

	if (b->n_holes > 128 ||
	    (b->n_holes > o->shortest_holes && n_pegs > o->shortest_pegs))
		return -1;
	so.threads = 1;
	so.max_states = o->max_states;
	so.dfs_budget = o->dfs_budget;
	memset(&res, 0, sizeof(res));
	if (peg_shortest_pos(b, pegs, finish, &so, &res, &e)) {
		peg_shortest_result_release(&res);
		strncpy(out->note, "fewest moves: past the state cap",
			sizeof(out->note) - 1);
		return -1;
	}
	if (!res.solved) {
		peg_shortest_result_release(&res);
		return 0;
	}
	if (!line_ok(b, pegs, g, res.jumps, res.n_jumps)) {
		peg_shortest_result_release(&res);
		return -1;
	}
	j = res.jumps;
	res.jumps = NULL;
	take(out, PEG_LINE_SHORTEST, j, res.n_jumps);
	peg_shortest_result_release(&res);
	return 1;
}

/* 1 line taken, -1 not applicable. */
static int try_construct(const struct peg_board *b,
			 const unsigned char *pegs, const struct peg_goal *g,
			 int n_pegs, struct peg_line *out)
{
	int side = peg_theory_triangle_side(b), v = -1, r;
	struct peg_construct *plan = NULL;
	struct peg_jump *j = NULL;
	long nj = 0;
	struct peg_err e;

	if (side < 4 || n_pegs != b->n_holes - 1)
		return -1;
	for (int h = 0; h < b->n_holes; h++)
		if (!pegs[h])
			v = h;
	if (g->kind == PEG_GOAL_ANYWHERE)
		r = peg_construct_plan(side, b->hx[v], b->hy[v], &plan, &e);
	else
		r = peg_construct_plan_pair(side, b->hx[v], b->hy[v],
					    b->hx[g->hole], b->hy[g->hole],
					    &plan, &e);
	if (r != PEG_CONSTRUCT_OK)
		return -1;
	r = peg_construct_jumps(plan, &j, &nj, &e);
	peg_construct_free(plan);
	if (r != PEG_CONSTRUCT_OK || nj > 1 << 30 ||
	    !line_ok(b, pegs, g, j, (int)nj)) {
		free(j);
		return -1;
	}
	take(out, PEG_LINE_CONSTRUCTIVE, j, (int)nj);
	return 1;
}

int peg_line_find(const struct peg_board *b, const unsigned char *pegs,
		  const struct peg_goal *g, struct peg_oracle *o,
		  const struct peg_winsets *w, const struct peg_line_opts *opts,
		  struct peg_line *out, struct peg_err *err)
{
	struct peg_line_opts d = {0};
	int n_pegs = peg_pos_count(pegs, b->n_holes), r;
	struct peg_jump *j = NULL;
	int n = 0;

	memset(out, 0, sizeof(*out));
	out->verdict = PEG_UNKNOWN;
	if (opts)
		d = *opts;
	if (d.shortest_holes <= 0)
		d.shortest_holes = 21;
	if (d.shortest_pegs <= 0)
		d.shortest_pegs = 12;
	if (!d.max_states)
		d.max_states = 2000000;
	if (d.budget <= 0)
		d.budget = 2000000;
	if (peg_goal_reached(g, pegs, b->n_holes)) {
		out->verdict = PEG_WIN;
		return 0;
	}
	r = try_shortest(b, pegs, g, &d, n_pegs, out);
	if (r == 0) {
		out->verdict = PEG_LOSE;
		return 0;
	}
	if (r > 0)
		return 0;
	if (try_construct(b, pegs, g, n_pegs, out) > 0)
		return 0;
	if (!o) {
		if (!out->note[0])
			strncpy(out->note, "no solver for this board",
				sizeof(out->note) - 1);
		return 0;
	}
	out->verdict = peg_oracle_solve_played(o, w, pegs, d.budget, &j, &n);
	if (out->verdict == PEG_WIN) {
		if (n > 0 && !line_ok(b, pegs, g, j, n)) {
			free(j);
			peg_err_set(err, "oracle line does not replay");
			return -1;
		}
		take(out, PEG_LINE_ORACLE, j, n);
	} else {
		free(j);
	}
	return 0;
}
