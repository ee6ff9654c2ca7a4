/* trigame.c - a three-colour game for the faces (trigame.h): position,
 * history, legal jumps, and the engines' answers within a budget. */
#include "pegsol/trigame.h"

#include "pegsol/tricolor.h"

#include "mix.h"

#include <stdlib.h>
#include <string.h>

#define DEFAULT_STATES 2000000

struct peg_trigame {
	struct peg_board *b;
	unsigned char *start, *col;
	int *hist;   /* board jump indices, n_hist of them, cur played */
	int n_hist, cur, cap;
	uint64_t max_states;
	/* boards up to PEG_TRIGAME_TABLE_HOLES: the caller's or own */
	const struct peg_tri_table *table;
	struct peg_tri_table *own;
};

static void replay(struct peg_trigame *g)
{
	memcpy(g->col, g->start, (size_t)g->b->n_holes);
	for (int i = 0; i < g->cur; i++)
		peg_tri_jump_apply(g->col, &g->b->jumps[g->hist[i]]);
}

struct peg_trigame *peg_trigame_new(const char *spec, const char *position,
				    const char *vacate, uint64_t seed,
				    uint64_t max_states, struct peg_err *err)
{
	return peg_trigame_new_with(spec, position, vacate, seed, max_states,
				    NULL, err);
}

struct peg_trigame *peg_trigame_new_with(const char *spec,
					 const char *position,
					 const char *vacate, uint64_t seed,
					 uint64_t max_states,
					 const struct peg_tri_table *table,
					 struct peg_err *err)
{
	struct peg_trigame *g = calloc(1, sizeof(*g));
	int n;

	if (!g) {
		peg_err_set(err, "out of memory");
		return NULL;
	}
	g->b = peg_board_parse(spec, err);
	if (!g->b)
		goto fail;
	n = g->b->n_holes;
	if (n > PEG_TRI_MAX_HOLES) {
		peg_err_set(err, "three-colour games take boards of up to %d "
			    "holes, '%s' has %d", PEG_TRI_MAX_HOLES, spec, n);
		goto fail;
	}
	g->start = calloc((size_t)n, 1);
	g->col = calloc((size_t)n, 1);
	if (!g->start || !g->col) {
		peg_err_set(err, "out of memory");
		goto fail;
	}
	if (position && *position) {
		if (peg_tri_parse(g->b, position, g->start, err))
			goto fail;
	} else {
		uint64_t x = seed;
		int hole;

		for (int h = 0; h < n; h++) {
			x += 0x9e3779b97f4a7c15ULL;
			g->start[h] = (unsigned char)(1 + (mix_splitmix64(x) & 1));
		}
		if (vacate && *vacate) {
			unsigned char *v = calloc((size_t)n, 1);
			int k = v ? peg_board_parse_holes(g->b, vacate, v, err)
				  : -1;

			if (!v)
				peg_err_set(err, "out of memory");
			else if (k != 1 && k >= 0)
				peg_err_set(err, "give one hole to vacate, "
					    "not %d", k);
			for (int h = 0; v && k == 1 && h < n; h++)
				if (v[h])
					g->start[h] = 0;
			free(v);
			if (k != 1)
				goto fail;
		} else {
			x += 0x9e3779b97f4a7c15ULL;
			hole = (int)(mix_splitmix64(x) % (uint64_t)n);
			g->start[hole] = 0;
		}
	}
	memcpy(g->col, g->start, (size_t)n);
	g->max_states = max_states ? max_states : DEFAULT_STATES;
	if (n <= PEG_TRIGAME_TABLE_HOLES) {
		g->table = table;
		if (!table)
			g->table = g->own = peg_tri_table_new(g->b, 0, 1, err);
		if (!g->table)
			goto fail;
	}
	return g;
fail:
	peg_trigame_free(g);
	return NULL;
}

void peg_trigame_free(struct peg_trigame *g)
{
	if (!g)
		return;
	peg_tri_table_free(g->own);
	peg_board_free(g->b);
	free(g->start);
	free(g->col);
	free(g->hist);
	free(g);
}

const struct peg_board *peg_trigame_board(const struct peg_trigame *g)
{
	return g->b;
}

const unsigned char *peg_trigame_colors(const struct peg_trigame *g)
{
	return g->col;
}

const unsigned char *peg_trigame_start(const struct peg_trigame *g)
{
	return g->start;
}

int peg_trigame_pegs(const struct peg_trigame *g)
{
	return peg_tri_count(g->col, g->b->n_holes);
}

int peg_trigame_jumps(const struct peg_trigame *g)
{
	return g->cur;
}

int peg_trigame_can_redo(const struct peg_trigame *g)
{
	return g->cur < g->n_hist;
}

int peg_trigame_has_table(const struct peg_trigame *g)
{
	return g->table != NULL;
}

const int *peg_trigame_history(const struct peg_trigame *g, int *n_hist)
{
	*n_hist = g->n_hist;
	return g->hist;
}

int peg_trigame_legal(const struct peg_trigame *g, int from, int to)
{
	const struct peg_board *b = g->b;

	if (from < 0 || from >= b->n_holes)
		return -1;
	for (int k = b->jump_first[from]; k < b->jump_first[from + 1]; k++)
		if ((to < 0 || b->jumps[k].to == to) &&
		    peg_tri_jump_legal(g->col, &b->jumps[k]))
			return k;
	return -1;
}

/* The index of board jump j (from, over and to: a graph board can have two
 * jumps between the same holes) when it is legal now, else -1. */
static int exact_jump(const struct peg_trigame *g, const struct peg_jump *j)
{
	const struct peg_board *b = g->b;

	for (int k = b->jump_first[j->from]; k < b->jump_first[j->from + 1];
	     k++)
		if (b->jumps[k].over == j->over && b->jumps[k].to == j->to &&
		    peg_tri_jump_legal(g->col, &b->jumps[k]))
			return k;
	return -1;
}

int peg_trigame_n_legal(const struct peg_trigame *g)
{
	int m = 0;

	for (int k = 0; k < g->b->n_jumps; k++)
		m += peg_tri_jump_legal(g->col, &g->b->jumps[k]);
	return m;
}

int peg_trigame_won(const struct peg_trigame *g)
{
	return peg_trigame_pegs(g) == 1;
}

/* Append jump k at cur (dropping the redo tail when keep is 0). */
static int push(struct peg_trigame *g, int k, int keep)
{
	if (!keep)
		g->n_hist = g->cur;
	if (g->cur >= g->cap) {
		int cap = g->cap ? 2 * g->cap : 32;
		int *h = realloc(g->hist, sizeof(int) * (size_t)cap);

		if (!h)
			return -1;
		g->hist = h;
		g->cap = cap;
	}
	g->hist[g->cur++] = k;
	if (g->cur > g->n_hist)
		g->n_hist = g->cur;
	peg_tri_jump_apply(g->col, &g->b->jumps[k]);
	return 0;
}

int peg_trigame_play(struct peg_trigame *g, int from, int to,
		     struct peg_err *err)
{
	int k = to >= 0 ? peg_trigame_legal(g, from, to) : -1;

	if (k < 0) {
		peg_err_set(err, "that jump is not legal here");
		return -1;
	}
	if (g->cur < g->n_hist && g->hist[g->cur] == k) {
		/* the same jump as the redo tail's next: keep the tail */
		g->cur++;
		peg_tri_jump_apply(g->col, &g->b->jumps[k]);
		return 0;
	}
	if (push(g, k, 0)) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	return 0;
}

int peg_trigame_undo(struct peg_trigame *g)
{
	if (!g->cur)
		return -1;
	g->cur--;
	replay(g); /* a same-colour jump cannot be undone locally */
	return 0;
}

int peg_trigame_redo(struct peg_trigame *g)
{
	if (g->cur >= g->n_hist)
		return -1;
	peg_tri_jump_apply(g->col, &g->b->jumps[g->hist[g->cur++]]);
	return 0;
}

void peg_trigame_reset(struct peg_trigame *g)
{
	g->cur = 0;
	replay(g);
}

/* The DFS answer from col within max_states; res filled on WIN. */
static enum peg_trigame_verdict search(struct peg_trigame *g,
				       const unsigned char *col,
				       uint64_t max_states,
				       struct peg_tri_result *res)
{
	struct peg_tri_solve_opts o = {0};
	struct peg_err err;
	int r;

	o.max_states = max_states;
	o.oracle = g->table;
	memset(res, 0, sizeof(*res));
	r = peg_tri_solve(g->b, col, &o, res, &err);
	if (r != PEG_TRI_OK)
		return PEG_TRIGAME_UNKNOWN;
	return res->solvable ? PEG_TRIGAME_WIN : PEG_TRIGAME_LOSE;
}

enum peg_trigame_verdict peg_trigame_verdict(struct peg_trigame *g,
					     uint64_t *nodes)
{
	struct peg_tri_result res;
	enum peg_trigame_verdict v;

	if (nodes)
		*nodes = 0;
	if (peg_trigame_pegs(g) == 1)
		return PEG_TRIGAME_WIN;
	if (g->table)
		return peg_tri_table_solvable(g->table, g->col)
			       ? PEG_TRIGAME_WIN
			       : PEG_TRIGAME_LOSE;
	v = search(g, g->col, g->max_states, &res);
	if (nodes)
		*nodes = res.nodes;
	peg_tri_result_release(&res);
	return v;
}

enum peg_trigame_verdict peg_trigame_jump_verdict(struct peg_trigame *g,
						  int k)
{
	unsigned char *c;
	enum peg_trigame_verdict v;
	struct peg_tri_result res;
	uint64_t share;
	int legal;

	if (k < 0 || k >= g->b->n_jumps ||
	    !peg_tri_jump_legal(g->col, &g->b->jumps[k]))
		return PEG_TRIGAME_UNKNOWN;
	c = malloc((size_t)g->b->n_holes);
	if (!c)
		return PEG_TRIGAME_UNKNOWN;
	memcpy(c, g->col, (size_t)g->b->n_holes);
	peg_tri_jump_apply(c, &g->b->jumps[k]);
	if (peg_tri_count(c, g->b->n_holes) == 1)
		v = PEG_TRIGAME_WIN;
	else if (g->table)
		v = peg_tri_table_solvable(g->table, c) ? PEG_TRIGAME_WIN
							: PEG_TRIGAME_LOSE;
	else {
		/* a share of the budget, so all the jumps together cost no
		 * more than one verdict of the position */
		legal = peg_trigame_n_legal(g);
		share = g->max_states / (uint64_t)(legal ? legal : 1);
		/* a zero share would be the solver's default, not a bound */
		v = share ? search(g, c, share, &res) : PEG_TRIGAME_UNKNOWN;
		if (share)
			peg_tri_result_release(&res);
	}
	free(c);
	return v;
}

enum peg_trigame_verdict peg_trigame_solve(struct peg_trigame *g, int **jumps,
					   int *n)
{
	struct peg_tri_result res;
	struct peg_err err;
	enum peg_trigame_verdict v;
	int *out = NULL, save = g->cur;

	*jumps = NULL;
	*n = 0;
	if (peg_trigame_won(g))
		return PEG_TRIGAME_WIN;
	v = search(g, g->col, g->max_states, &res);
	if (v != PEG_TRIGAME_WIN) {
		peg_tri_result_release(&res);
		return v;
	}
	/* the library's solutions are verified; check again from here */
	if (peg_tri_verify(g->b, g->col, res.jumps, res.n_jumps, &err) ||
	    !(out = malloc(sizeof(int) * (size_t)(res.n_jumps + 1)))) {
		peg_tri_result_release(&res);
		return PEG_TRIGAME_UNKNOWN;
	}
	/* the solution becomes the redo tail */
	g->n_hist = g->cur;
	for (int i = 0; i < res.n_jumps; i++) {
		int k = exact_jump(g, &res.jumps[i]);

		if (k < 0 || push(g, k, 1)) {
			g->cur = save;
			g->n_hist = save;
			replay(g);
			free(out);
			peg_tri_result_release(&res);
			return PEG_TRIGAME_UNKNOWN;
		}
		out[i] = k;
	}
	g->cur = save;
	replay(g);
	*jumps = out;
	*n = res.n_jumps;
	peg_tri_result_release(&res);
	return PEG_TRIGAME_WIN;
}
