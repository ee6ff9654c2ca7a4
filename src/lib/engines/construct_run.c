/* construct_run.c - playing a plan of the constructive solver (a
 * depth-first walk of its instance tree, every jump checked as it is
 * made), collecting its jumps, describing it, and the independent
 * verifier of a jump list (construct.h, construct_int.h). */
#include "construct_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
/* --- running a plan ------------------------------------------------------ */

int peg_construct_run(const struct peg_construct *c, peg_construct_cb cb,
		      void *ctx, struct peg_err *err)
{
	long holes = peg_tri_index(0, c->n), left;
	unsigned char *pegs = malloc((size_t)holes);
	struct walk w = {0};
	const struct walk_frame *at;
	long count = 0;
	int rc = PEG_CONSTRUCT_OK, r, fx, fy, tx, ty;

	if (!pegs)
		goto nomem;
	memset(pegs, 1, (size_t)holes);
	pegs[peg_tri_index(c->vx, c->vy)] = 0;
	left = holes - 1;
	if (walk_init(&w, c, 0))
		goto nomem;
	while ((r = walk_next(&w, c, &fx, &fy, &tx, &ty, &at)) > 0) {
		struct peg_jump jp;

		jp.from = (int)peg_tri_index(fx, fy);
		jp.over = (int)peg_tri_index((fx + tx) / 2, (fy + ty) / 2);
		jp.to = (int)peg_tri_index(tx, ty);
		if (fx < 0 || tx < 0 || fy >= c->n || ty >= c->n || fx > fy ||
		    tx > ty || !pegs[jp.from] || !pegs[jp.over] ||
		    pegs[jp.to]) {
			peg_err_set(err, "internal error: jump %ld "
					 "(%d,%d)-(%d,%d) is illegal",
				    count + 1, fx, fy, tx, ty);
			rc = PEG_CONSTRUCT_BAD;
			goto out;
		}
		pegs[jp.from] = 0;
		pegs[jp.over] = 0;
		pegs[jp.to] = 1;
		left--;
		count++;
		if (cb) {
			rc = cb(&jp, ctx);
			if (rc)
				goto out;
		}
	}
	if (r < 0)
		goto nomem;
	if (left != 1 || !pegs[peg_tri_index(c->fx, c->fy)]) {
		peg_err_set(err, "internal error: %ld pegs left", left);
		rc = PEG_CONSTRUCT_BAD;
	}
out:
	walk_free(&w);
	free(pegs);
	return rc;
nomem:
	walk_free(&w);
	free(pegs);
	peg_err_set(err, "out of memory");
	return PEG_CONSTRUCT_NOMEM;
}

struct collect {
	struct peg_jump *j;
	long n;
};

static int collect_cb(const struct peg_jump *j, void *ctx)
{
	struct collect *k = ctx;

	k->j[k->n++] = *j;
	return 0;
}

int peg_construct_jumps(const struct peg_construct *c, struct peg_jump **jumps,
			long *n_jumps, struct peg_err *err)
{
	long total = peg_tri_index(0, c->n) - 2;
	struct collect k;
	int rc;

	*jumps = NULL;
	*n_jumps = 0;
	k.j = malloc((size_t)(total > 0 ? total : 1) * sizeof(*k.j));
	k.n = 0;
	if (!k.j) {
		peg_err_set(err, "out of memory");
		return PEG_CONSTRUCT_NOMEM;
	}
	rc = peg_construct_run(c, collect_cb, &k, err);
	if (rc) {
		free(k.j);
		return rc;
	}
	*jumps = k.j;
	*n_jumps = k.n;
	return PEG_CONSTRUCT_OK;
}

/* --- describing a plan --------------------------------------------------- */

void peg_construct_get_info(const struct peg_construct *c,
			    struct peg_construct_info *info)
{
	memset(info, 0, sizeof(*info));
	info->n = c->n;
	info->vx = c->vx;
	info->vy = c->vy;
	info->fx = c->fx;
	info->fy = c->fy;
	info->m = c->m;
	info->sub_x = c->sox;
	info->sub_y = c->soy;
	info->sub_base = c->sub_name;
	info->sub_finish = c->sub_finish;
	info->pair = c->pair;
	info->n_fig9 = c->n_fig9;
	info->sub_sym = c->sub_g;
	info->n_bands = c->n_trap_bands;
	info->n_purges = c->n_inst - 1;
	info->n_trapezoid = c->n_trap;
	info->n_3purge = c->n_3;
	info->n_6purge = c->n_6;
	info->n_jumps = peg_tri_index(0, c->n) - 2;
	info->plan_bytes = sizeof(*c) + (size_t)c->cap_inst * sizeof(*c->inst) +
			   (size_t)c->cap_bands *
				   (sizeof(*c->bands) + 2 * sizeof(int));
}

void peg_construct_get_band(const struct peg_construct *c, int i,
			    struct peg_construct_band *out)
{
	const struct band *b = &c->bands[c->trap_band[i]];
	int x, y;

	memset(out, 0, sizeof(*out));
	out->edge = b->edge;
	out->k = b->k;
	out->ox = b->ox;
	out->oy = b->oy;
	out->nx = b->nx;
	out->ny = b->ny;
	corner_xy(b->corner, b->K, &x, &y);
	out->corner_x = x + b->nx;
	out->corner_y = y + b->ny;
	out->trapezoid = c->inst[b->trap].p->name;
	out->n_3purge = b->n3;
	out->n_6purge = b->n6;
	for (int h = 0; h < 3; h++)
		band_to_board(b, 0, h, 2, &out->cat_x[h], &out->cat_y[h]);
}

void peg_construct_get_fig9(const struct peg_construct *c, int i,
			    struct peg_construct_fig9 *out)
{
	const struct band *b = &c->bands[c->fig9_band[i]];

	memset(out, 0, sizeof(*out));
	out->edge = b->edge;
	out->K = b->K;
	out->nx = b->nx;
	out->ny = b->ny;
	out->purge = c->inst[b->trap].f9->name;
	out->vx = b->vx;
	out->vy = b->vy;
	out->ux = b->ux;
	out->uy = b->uy;
	out->n_left = b->n_left;
	out->n_right = b->n_right;
}

void peg_construct_region_map(const struct peg_construct *c, char *labels)
{
	/* the trapezoid of purges.h: a Figure 9 purge clears these */
	static const struct peg_purge_hole trap[12] = {
		{0, 3}, {1, 3}, {2, 3}, {0, 4}, {1, 4}, {2, 4},
		{3, 4}, {0, 5}, {1, 5}, {2, 5}, {3, 5}, {4, 5}};

	for (int y = 0; y < c->m; y++)
		for (int x = 0; x <= y; x++) {
			int X, Y;

			sub_to_board(c, x, y, &X, &Y);
			labels[peg_tri_index(X, Y)] = 'S';
		}
	for (long i = 0; i < c->n_inst; i++) {
		const struct inst *in = &c->inst[i];
		const struct peg_purge_hole *reg = in->p ? in->p->region : trap;
		int nr = in->p ? in->p->n_region : 12;
		char ch;

		if (!in->p && !in->f9)
			continue;
		ch = in->f9				   ? 'F'
		     : in->p->kind == PEG_PURGE_TRAPEZOID ? 'T'
		     : in->p->kind == PEG_PURGE_3	   ? '3'
		     : in->seq				   ? 'o'
							   : '6';
		for (int r = 0; r < nr; r++) {
			int X, Y;

			band_to_board(&c->bands[in->band], in->shift, reg[r].x,
				      reg[r].y, &X, &Y);
			labels[peg_tri_index(X, Y)] = ch;
		}
	}
}

/* (x, y) of hole index i on a triangle. */
static void tri_xy(long i, int *x, int *y)
{
	long r = (long)((sqrt(8.0 * (double)i + 1.0) - 1.0) / 2.0);

	while (r * (r + 1) / 2 > i)
		r--;
	while ((r + 1) * (r + 2) / 2 <= i)
		r++;
	*y = (int)r;
	*x = (int)(i - r * (r + 1) / 2);
}

/* Is (from, over, to) a jump line of the triangular lattice? */
static int tri_is_jump(const struct peg_jump *j)
{
	int fx, fy, ox, oy, tx, ty, dx, dy;

	tri_xy(j->from, &fx, &fy);
	tri_xy(j->over, &ox, &oy);
	tri_xy(j->to, &tx, &ty);
	dx = ox - fx;
	dy = oy - fy;
	if (tx - ox != dx || ty - oy != dy)
		return 0;
	return (dx == 0 && (dy == 1 || dy == -1)) ||
	       (dy == 0 && (dx == 1 || dx == -1)) ||
	       (dx == dy && (dx == 1 || dx == -1));
}

int peg_construct_verify(int n, int vx, int vy, const struct peg_jump *jumps,
			 long n_jumps, int fx, int fy, struct peg_err *err)
{
	long holes = peg_tri_index(0, n), left = holes - 1;
	unsigned char *pegs;

	if (n < 1 || vx < 0 || vx > vy || vy >= n) {
		peg_err_set(err, "bad board or vacancy");
		return PEG_CONSTRUCT_BAD;
	}
	pegs = malloc((size_t)holes);
	if (!pegs) {
		peg_err_set(err, "out of memory");
		return PEG_CONSTRUCT_NOMEM;
	}
	memset(pegs, 1, (size_t)holes);
	pegs[peg_tri_index(vx, vy)] = 0;
	for (long t = 0; t < n_jumps; t++) {
		const struct peg_jump *j = &jumps[t];

		if (j->from < 0 || j->over < 0 || j->to < 0 ||
		    j->from >= holes || j->over >= holes || j->to >= holes ||
		    !tri_is_jump(j) || !pegs[j->from] || !pegs[j->over] ||
		    pegs[j->to]) {
			peg_err_set(err, "jump %ld is illegal", t + 1);
			free(pegs);
			return PEG_CONSTRUCT_BAD;
		}
		pegs[j->from] = 0;
		pegs[j->over] = 0;
		pegs[j->to] = 1;
		left--;
	}
	if (left != 1 || (fx >= 0 && !pegs[peg_tri_index(fx, fy)])) {
		peg_err_set(err, "%ld pegs left%s", left,
			    left == 1 ? ", not at the finish" : "");
		free(pegs);
		return PEG_CONSTRUCT_BAD;
	}
	free(pegs);
	return PEG_CONSTRUCT_OK;
}
