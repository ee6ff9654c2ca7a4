/* blocks_solve.c - search for a solution made of block removals
 * (peg_blocks_solve, blocks.h): seed 003's hand-style solutions.
 *
 * Every placement of every block variant that fits the board becomes an
 * "option": masks of the holes that must hold pegs, that must be empty,
 * and that flip.  Options equal in all three masks are one (a symmetric
 * block placed in two orientations).  The search is a depth-first walk
 * over options, larger blocks first, then plain jumps, allowing 0, 1, ...
 * max_singles plain jumps in turn (so the solution found has the fewest),
 * with a table of dead (position, plain jumps left) pairs: a position that
 * failed with r jumps left fails with fewer too.  Boards of up to 64
 * holes (one uint64_t a position).
 */
#include "pegsol/blocks.h"

#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DEAD_BITS_MAX 22 /* dead table: at most 4M entries, 36 MB */

struct option {
	uint64_t full, empty, flip;
	int block, variant, orient, anchor, n_jumps;
};

struct search {
	const struct peg_board *b;
	struct option *opt;
	int n_opt;
	uint64_t goal;  /* exact final position, or 0 for one peg anywhere */
	int any;        /* one peg anywhere */
	int goal_pegs;
	unsigned long long nodes, max_nodes;
	double deadline;
	int stop; /* 3: out of nodes / time */
	uint64_t *key;
	unsigned char *val; /* plain jumps left + 1, 0 = empty slot */
	size_t mask, used;
	int *path; /* option index, or -1 - jump index */
	int depth;
};

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	return x ^ (x >> 33);
}

static size_t slot(const struct search *s, uint64_t pos)
{
	size_t i = (size_t)mix(pos) & s->mask;

	while (s->val[i] && s->key[i] != pos)
		i = (i + 1) & s->mask;
	return i;
}

static int cmp_masks(const void *a, const void *b)
{
	const struct option *x = a, *y = b;

	if (x->full != y->full)
		return x->full < y->full ? -1 : 1;
	if (x->empty != y->empty)
		return x->empty < y->empty ? -1 : 1;
	if (x->flip != y->flip)
		return x->flip < y->flip ? -1 : 1;
	if (x->block != y->block)
		return x->block - y->block;
	if (x->orient != y->orient)
		return x->orient - y->orient;
	return x->anchor - y->anchor;
}

static int cmp_order(const void *a, const void *b)
{
	const struct option *x = a, *y = b;

	if (x->n_jumps != y->n_jumps)
		return y->n_jumps - x->n_jumps;
	if (x->block != y->block)
		return x->block - y->block;
	if (x->anchor != y->anchor)
		return x->anchor - y->anchor;
	if (x->orient != y->orient)
		return x->orient - y->orient;
	return x->variant - y->variant;
}

/* every fitting placement of every variant, deduplicated and ordered */
static int build_options(struct search *s, const struct peg_blockset *set,
			 uint32_t use)
{
	const struct peg_board *b = s->b;
	int cap = 1024, n = 0, w;

	s->opt = malloc((size_t)cap * sizeof(*s->opt));
	if (!s->opt)
		return -1;
	for (int k = 0; k < peg_blockset_count(set); k++) {
		const struct peg_block *bk = peg_blockset_get(set, k);

		if (use && !(use >> k & 1))
			continue;

		for (int o = 0; o < peg_block_orients(bk->lattice); o++)
			for (int a = 0; a < b->n_holes; a++) {
				int holes[PEG_BLOCK_MAX_CELLS];
				struct peg_jump js[PEG_BLOCK_MAX_JUMPS];

				if (peg_block_place(b, bk, o, a, holes))
					continue;
				for (int v = 0; v < bk->n_variants; v++) {
					const char *st = bk->variants[v].state;
					struct option op = {0, 0, 0, k, v, o,
							    a, bk->n_removed};
					int u = 0;

					if (peg_block_place_jumps(b, bk, v, o,
								  a, js))
						continue;
					for (int c = 0; c < bk->n_cells; c++) {
						uint64_t bit = 1ULL << holes[c];
						char r = bk->cells[c].role;

						if (r == 'U')
							r = st[u++] == '1' ? 'F'
									   : 'E';
						if (r == 'R' || r == 'F')
							op.full |= bit;
						else
							op.empty |= bit;
						if (r == 'R' || r == 'T')
							op.flip |= bit;
					}
					if (n == cap) {
						struct option *no = realloc(
							s->opt,
							(size_t)cap * 2 *
								sizeof(*no));

						if (!no)
							return -1;
						s->opt = no;
						cap *= 2;
					}
					s->opt[n++] = op;
				}
			}
	}
	qsort(s->opt, (size_t)n, sizeof(*s->opt), cmp_masks);
	for (int i = w = 0; i < n; i++) {
		const struct option *p = &s->opt[i], *q = &s->opt[w - !!w];

		if (w && p->full == q->full && p->empty == q->empty &&
		    p->flip == q->flip)
			continue; /* the same move placed another way */
		s->opt[w++] = *p;
	}
	qsort(s->opt, (size_t)w, sizeof(*s->opt), cmp_order);
	s->n_opt = w;
	return 0;
}

static int done(const struct search *s, uint64_t pos)
{
	return s->any ? __builtin_popcountll(pos) == 1 : pos == s->goal;
}

/* 1 found (path[0 .. depth-1]), 0 not, -1 stopped */
static int dfs(struct search *s, uint64_t pos, int singles)
{
	size_t i;

	if (done(s, pos))
		return 1;
	if (__builtin_popcountll(pos) <= s->goal_pegs)
		return 0;
	i = slot(s, pos);
	if (s->val[i] && s->val[i] - 1 >= singles)
		return 0;
	if (++s->nodes > s->max_nodes ||
	    ((s->nodes & 4095) == 0 && s->deadline > 0 &&
	     now() > s->deadline)) {
		s->stop = 1;
		return -1;
	}
	for (int k = 0; k < s->n_opt; k++) {
		const struct option *op = &s->opt[k];
		int r;

		if ((pos & op->full) != op->full || (pos & op->empty))
			continue;
		s->path[s->depth++] = k;
		r = dfs(s, pos ^ op->flip, singles);
		if (r)
			return r;
		s->depth--;
	}
	if (singles > 0)
		for (int j = 0; j < s->b->n_jumps; j++) {
			const struct peg_jump *jp = &s->b->jumps[j];
			uint64_t f = 1ULL << jp->from, o = 1ULL << jp->over,
				 t = 1ULL << jp->to;
			int r;

			if (!(pos & f) || !(pos & o) || (pos & t))
				continue;
			s->path[s->depth++] = -1 - j;
			r = dfs(s, pos ^ f ^ o ^ t, singles - 1);
			if (r)
				return r;
			s->depth--;
		}
	i = slot(s, pos); /* the table may have moved on below */
	if (!s->val[i]) {
		if (s->used * 4 >= (s->mask + 1) * 3)
			return 0; /* full: forget, still correct */
		s->used++;
		s->key[i] = pos;
	}
	if (s->val[i] < singles + 1)
		s->val[i] = (unsigned char)(singles + 1);
	return 0;
}

/* the path as steps and jumps, replayed from start */
static int emit(struct search *s, const struct peg_blockset *set,
		const unsigned char *start, struct peg_block_solution *out,
		struct peg_err *err)
{
	unsigned char *pegs = malloc((size_t)s->b->n_holes);
	int rc = 0;

	out->steps = calloc((size_t)s->depth + 1, sizeof(*out->steps));
	out->jumps = calloc((size_t)s->depth * PEG_BLOCK_MAX_JUMPS + 1,
			    sizeof(*out->jumps));
	if (!pegs || !out->steps || !out->jumps) {
		free(pegs);
		peg_err_set(err, "out of memory");
		return 3;
	}
	for (int d = 0; d < s->depth; d++) {
		struct peg_block_step *st = &out->steps[out->n_steps++];
		int k = s->path[d];

		st->first = out->n_jumps;
		if (k < 0) {
			st->block = -1;
			st->n_jumps = 1;
			out->jumps[out->n_jumps++] = s->b->jumps[-1 - k];
			continue;
		}
		st->block = s->opt[k].block;
		st->variant = s->opt[k].variant;
		st->orient = s->opt[k].orient;
		st->anchor = s->opt[k].anchor;
		st->n_jumps = s->opt[k].n_jumps;
		if (peg_block_place_jumps(s->b, peg_blockset_get(set, st->block),
					  st->variant, st->orient, st->anchor,
					  out->jumps + out->n_jumps))
			st->n_jumps = 0; /* cannot happen: replay fails */
		out->n_jumps += st->n_jumps;
	}
	memcpy(pegs, start, (size_t)s->b->n_holes);
	if (peg_jumps_replay(s->b, out->jumps, out->n_jumps, pegs, err) ||
	    !done(s, peg_pos_to64(pegs, s->b->n_holes))) {
		peg_err_set(err, "internal error: a block solution did not "
				 "replay");
		rc = 2;
	}
	free(pegs);
	return rc;
}

int peg_blocks_solve(const struct peg_board *b, const struct peg_blockset *set,
		     const unsigned char *start, const unsigned char *goal,
		     const struct peg_blocks_solve_opts *o,
		     struct peg_block_solution *out, struct peg_err *err)
{
	struct search s = {0};
	int singles = o && o->max_singles >= 0 ? o->max_singles : 4;
	int bits = 16, rc, r;
	uint64_t pos;

	memset(out, 0, sizeof(*out));
	if (b->lattice == PEG_LATTICE_GRAPH || b->n_holes > 64) {
		peg_err_set(err, "block search needs a lattice board of at most "
				 "64 holes ('%s' has %d)",
			    b->spec, b->n_holes);
		return 2;
	}
	if (singles > 64) {
		peg_err_set(err, "at most 64 plain jumps");
		return 2;
	}
	s.b = b;
	s.max_nodes = o && o->max_nodes ? o->max_nodes : 10000000ULL;
	s.deadline = o && o->max_seconds > 0 ? now() + o->max_seconds : 0;
	s.any = goal == NULL;
	s.goal = goal ? peg_pos_to64(goal, b->n_holes) : 0;
	s.goal_pegs = goal ? __builtin_popcountll(s.goal) : 1;
	while (bits < DEAD_BITS_MAX && (1ULL << bits) < 2 * s.max_nodes)
		bits++;
	s.mask = ((size_t)1 << bits) - 1;
	s.key = malloc((s.mask + 1) * sizeof(*s.key));
	s.val = calloc(s.mask + 1, 1);
	s.path = malloc(65 * sizeof(*s.path));
	if (!s.key || !s.val || !s.path || build_options(&s, set, o ? o->use : 0)) {
		peg_err_set(err, "out of memory");
		rc = 3;
		goto out;
	}
	pos = peg_pos_to64(start, b->n_holes);
	/* fewest plain jumps first; the dead table stays valid throughout */
	r = 0;
	for (int k = 0; k <= singles && r == 0; k++) {
		s.depth = 0;
		r = dfs(&s, pos, k);
	}
	out->nodes = s.nodes;
	if (r < 0) {
		peg_err_set(err,
			    "block search stopped after %llu nodes (the node "
			    "or time limit)",
			    s.nodes);
		rc = 3;
	} else if (r == 0) {
		peg_err_set(err,
			    "no solution made of blocks and at most %d plain "
			    "jump%s",
			    singles, singles == 1 ? "" : "s");
		rc = 1;
	} else {
		rc = emit(&s, set, start, out, err);
		out->nodes = s.nodes;
	}
out:
	free(s.key);
	free(s.val);
	free(s.path);
	free(s.opt);
	return rc;
}
