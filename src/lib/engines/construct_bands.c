/* construct_bands.c - the band planner of the constructive solver
 * (construct_int.h): the plan tree's nodes, catalyst moments, the bands of
 * trapezoid, 3- and 6-purges around the sub-board, and Figure 9 steps. */
#include "construct_int.h"

#include <stdlib.h>
#include <string.h>

int pegcx_new_inst(struct peg_construct *c, const struct peg_purge *p,
		    const struct peg_fig9 *f9, int band, int shift)
{
	struct inst *in;

	if (c->n_inst == c->cap_inst) {
		long nc = c->cap_inst ? 2 * c->cap_inst : 64;
		struct inst *ni = realloc(c->inst, (size_t)nc * sizeof(*ni));

		if (!ni)
			return -1;
		c->inst = ni;
		c->cap_inst = nc;
	}
	in = &c->inst[c->n_inst];
	memset(in, 0, sizeof(*in));
	in->p = p;
	in->f9 = f9;
	in->band = band;
	in->shift = shift;
	in->child = in->sibling = -1;
	return (int)c->n_inst++;
}

/* Run child after `at` jumps of parent: after the children already there at
 * the same step, or (before = 1) ahead of them. */
void pegcx_attach(struct peg_construct *c, int parent, int child, int at,
		   int before)
{
	int *link = &c->inst[parent].child;

	while (*link >= 0 && (c->inst[*link].at < at ||
			      (!before && c->inst[*link].at == at)))
		link = &c->inst[*link].sibling;
	c->inst[child].at = (short)at;
	c->inst[child].sibling = *link;
	*link = child;
}

static struct band *new_band(struct peg_construct *c)
{
	struct band *b;

	if (c->n_bands == c->cap_bands)
		return NULL; /* sized in advance */
	b = &c->bands[c->n_bands++];
	memset(b, 0, sizeof(*b));
	return b;
}

/* --- catalyst moments ---------------------------------------------------- */

enum watch_rule {
	W_UNLIKE2, /* two holes unlike */
	W_EMPTY_FULL, /* first empty, second full */
	W_UNLIKE3  /* three holes neither all empty nor all full */
};

static int watch_ok(enum watch_rule r, const unsigned char *st)
{
	switch (r) {
	case W_UNLIKE2:
		return st[0] != st[1];
	case W_EMPTY_FULL:
		return !st[0] && st[1];
	default:
		return st[0] + st[1] + st[2] > 0 && st[0] + st[1] + st[2] < 3;
	}
}

static void watch_jump(int fx, int fy, int tx, int ty, const int *wx,
		       const int *wy, int nw, unsigned char *st)
{
	int ox = (fx + tx) / 2, oy = (fy + ty) / 2;

	for (int i = 0; i < nw; i++) {
		if ((wx[i] == fx && wy[i] == fy) ||
		    (wx[i] == ox && wy[i] == oy))
			st[i] = 0;
		else if (wx[i] == tx && wy[i] == ty)
			st[i] = 1;
	}
}

static void watch_init(const int *wx, const int *wy, int nw, int vx, int vy,
		       unsigned char *st)
{
	for (int i = 0; i < nw; i++)
		st[i] = !(wx[i] == vx && wy[i] == vy);
}

/* First step of instance ii's own jumps (0 = before the first) at which the
 * board holes (wx, wy) satisfy rule; they start full except the vacancy
 * (vx, vy) (vx = -1: none); st gets their state.  -1 if never. */
static int inst_moment(const struct peg_construct *c, int ii,
		       enum watch_rule r, const int *wx, const int *wy,
		       int vx, int vy, unsigned char *st)
{
	const struct inst *in = &c->inst[ii];
	int nw = r == W_UNLIKE3 ? 3 : 2, len = inst_len(c, in);

	watch_init(wx, wy, nw, vx, vy, st);
	if (watch_ok(r, st))
		return 0;
	for (int t = 0; t < len; t++) {
		int fx, fy, tx, ty;

		inst_jump(c, in, t, &fx, &fy, &tx, &ty);
		watch_jump(fx, fy, tx, ty, wx, wy, nw, st);
		if (watch_ok(r, st))
			return t + 1;
	}
	return -1;
}

/* The same over the whole subtree of root in the order it is played (its
 * jumps with every child spliced in): *at_inst, *at_step get the moment.
 * Returns 0, -1 if never, -2 out of memory. */
static int tree_moment(const struct peg_construct *c, int root,
		       const int *wx, const int *wy, int vx, int vy,
		       unsigned char *st, int *at_inst, int *at_step)
{
	const struct walk_frame *f;
	struct walk w;
	int rc = -1, r, fx, fy, tx, ty;

	watch_init(wx, wy, 3, vx, vy, st);
	if (watch_ok(W_UNLIKE3, st)) {
		*at_inst = root;
		*at_step = 0;
		return 0;
	}
	if (walk_init(&w, c, root))
		return -2;
	while ((r = walk_next(&w, c, &fx, &fy, &tx, &ty, &f)) > 0) {
		watch_jump(fx, fy, tx, ty, wx, wy, 3, st);
		if (watch_ok(W_UNLIKE3, st)) {
			*at_inst = f->inst;
			*at_step = f->pos;
			rc = 0;
			break;
		}
	}
	if (r < 0)
		rc = -2;
	walk_free(&w);
	return rc;
}

/* --- bands ---------------------------------------------------------------- */

/* The symmetry of T_K taking the band frame's bottom-left corner to the
 * trapezoid corner and its bottom-right corner to the band's other
 * corner. */
static int band_sym(const struct band *b)
{
	int cx, cy, ex, ey;

	corner_xy(b->corner, b->K, &cx, &cy);
	corner_xy(other_corner(b->edge, b->corner), b->K, &ex, &ey);
	for (int g = 0; g < 6; g++) {
		int x0 = 0, y0 = b->K - 1, x1 = b->K - 1, y1 = b->K - 1;

		sym_apply(g, b->K, &x0, &y0);
		sym_apply(g, b->K, &x1, &y1);
		if (x0 == cx && y0 == cy && x1 == ex && y1 == ey)
			return g;
	}
	return -1;
}

/* Fill the geometry of a band along edge e of T_K whose top corner is
 * (nx, ny); k = K - 3. */
static void band_geometry(struct band *b, enum peg_construct_edge e,
			  enum corner corner, int K, int nx, int ny)
{
	b->edge = e;
	b->corner = corner;
	b->K = K;
	b->k = K - 3;
	b->nx = nx;
	b->ny = ny;
	b->ox = nx + (e == PEG_EDGE_LEFT ? 3 : 0);
	b->oy = ny + (e == PEG_EDGE_BOTTOM ? 0 : 3);
	b->g = band_sym(b);
}

/* Does instance i's region contain board hole (X, Y)? */
static int inst_has(const struct peg_construct *c, const struct inst *in,
		    int X, int Y)
{
	int x, y;

	for (int r = 0; r < in->p->n_region; r++) {
		band_to_board(&c->bands[in->band], in->shift,
			      in->p->region[r].x, in->p->region[r].y, &x, &y);
		if (x == X && y == Y)
			return 1;
	}
	return 0;
}

static int internal(struct peg_err *err, const char *what, int band)
{
	peg_err_set(err, "internal error: %s in band %d", what, band);
	return PEG_CONSTRUCT_BAD;
}

/* Columns col0 .. col0 + ncols - 1 of band bi (purges.h: column c is
 * (c,3) (c+1,4) (c+2,5)), cleared by a 3-purge when ncols is odd, then
 * 6-purges, the first started by parent (whose vacancy, if any, is (vx,
 * vy)).  *last gets the last instance.  ncols must not be 1. */
static int plan_columns(struct peg_construct *c, int bi, int parent, int vx,
			int vy, int col0, int ncols, int *last,
			struct peg_err *err)
{
	struct band *b = &c->bands[bi];
	int wx[2], wy[2], at, prev = parent, n6 = 0, i3, i6;
	unsigned char st[2];
	const struct peg_purge *p;
	enum peg_purge_kind kind6 = PEG_PURGE_6_TOP;

	*last = parent;
	if (ncols == 0)
		return PEG_CONSTRUCT_OK;
	if (ncols == 1)
		return internal(err, "a single column", bi);
	if (ncols % 2) {
		/* c4 empty and e6 full, relative to the column */
		band_to_board(b, 0, col0 - 1, 3, &wx[0], &wy[0]);
		band_to_board(b, 0, col0 + 1, 5, &wx[1], &wy[1]);
		at = inst_moment(c, parent, W_EMPTY_FULL, wx, wy, vx, vy, st);
		if (at < 0)
			return internal(err, "no 3-purge catalyst", bi);
		i3 = pegcx_new_inst(c, peg_purge_find(PEG_PURGE_3,
						(const unsigned char *)"\0\1"),
			      NULL, bi, col0 - 3);
		if (i3 < 0)
			goto nomem;
		pegcx_attach(c, parent, i3, at, 0);
		c->n_3++;
		b->n3++;
		prev = i3;
		col0++;
		ncols--;
		kind6 = PEG_PURGE_6_BOTTOM;
	}
	for (int col = col0; col < col0 + ncols; col += 2) {
		if (col == col0 && kind6 == PEG_PURGE_6_BOTTOM) {
			st[0] = 1; /* e6 full at the 3-purge's start */
			st[1] = 0; /* f6 just emptied by it */
			at = c->inst[prev].p->n_jumps;
		} else {
			/* the catalyst pair left of the top or bottom row */
			if (kind6 == PEG_PURGE_6_TOP) {
				band_to_board(b, 0, col - 2, 3, &wx[0], &wy[0]);
				band_to_board(b, 0, col - 1, 3, &wx[1], &wy[1]);
			} else {
				band_to_board(b, 0, col, 5, &wx[0], &wy[0]);
				band_to_board(b, 0, col + 1, 5, &wx[1], &wy[1]);
			}
			at = inst_moment(c, prev, W_UNLIKE2, wx, wy,
					 prev == parent ? vx : -1,
					 prev == parent ? vy : -1, st);
		}
		p = at >= 0 ? peg_purge_find(kind6, st) : NULL;
		if (!p)
			return internal(err, "no 6-purge catalyst", bi);
		i6 = pegcx_new_inst(c, p, NULL, bi, col - 3);
		if (i6 < 0)
			goto nomem;
		c->inst[i6].seq = (unsigned char)(n6 & 1);
		pegcx_attach(c, prev, i6, at, 0);
		prev = i6;
		n6++;
	}
	b->n6 += n6;
	c->n_6 += n6;
	*last = prev;
	return PEG_CONSTRUCT_OK;
nomem:
	peg_err_set(err, "out of memory");
	return PEG_CONSTRUCT_NOMEM;
}

/* Band j of a chain (c->bands[bi]): its trapezoid starts when its catalyst
 * (three holes of the edge it grows from, at its corner) is unlike: for the
 * first band of a chain somewhere in the subtree of root (the core, whose
 * vacancy is (vx, vy)), for a later one in the previous band's trapezoid
 * (same corner) or last 6-purge (its far corner). */
static int plan_band(struct peg_construct *c, int bi, int first, int root,
		     int vx, int vy, int prev_trap, int prev_last6,
		     int *last, struct peg_err *err)
{
	struct band *b = &c->bands[bi];
	int hx[3], hy[3], owner = -1, at = -1, t, rc;
	unsigned char st[3];
	const struct peg_purge *p;

	for (int i = 0; i < 3; i++)
		band_to_board(b, 0, i, 2, &hx[i], &hy[i]);
	if (first) {
		rc = tree_moment(c, root, hx, hy, vx, vy, st, &owner, &at);
		if (rc == -2)
			goto nomem;
	} else {
		owner = prev_trap;
		for (int i = 0; i < 3; i++)
			if (!inst_has(c, &c->inst[prev_trap], hx[i], hy[i]))
				owner = prev_last6;
		for (int i = 0; i < 3 && owner >= 0; i++)
			if (!c->inst[owner].p ||
			    !inst_has(c, &c->inst[owner], hx[i], hy[i]))
				owner = -1;
		if (owner >= 0)
			at = inst_moment(c, owner, W_UNLIKE3, hx, hy, -1, -1,
					 st);
	}
	p = at >= 0 ? peg_purge_find(PEG_PURGE_TRAPEZOID, st) : NULL;
	if (!p)
		return internal(err, "no trapezoid catalyst", bi);
	t = pegcx_new_inst(c, p, NULL, bi, 0);
	if (t < 0)
		goto nomem;
	b->trap = t;
	c->n_trap++;
	/* the first band goes ahead of the core's own children at that step,
	 * since the walk saw the catalyst unlike before them */
	pegcx_attach(c, owner, t, at, first);
	/* the parallelogram: columns 3 .. k */
	return plan_columns(c, bi, t, -1, -1, 3, b->k - 2, last, err);
nomem:
	peg_err_set(err, "out of memory");
	return PEG_CONSTRUCT_NOMEM;
}

/* Grow the solved core T_core at (cx, cy), played from root with vacancy
 * (vx, vy), by nb bands below, then nl to the left, then nr to the right.
 * The first band's trapezoid sits at corner0. */
int pegcx_plan_bands(struct peg_construct *c, int root, int vx, int vy,
		      int core, int cx, int cy, int nb, int nl, int nr,
		      enum corner corner0, struct peg_err *err)
{
	int ox = cx, oy = cy, k = core, prev_trap = -1, prev_last6 = -1;
	int total = nb + nl + nr, rc;
	enum peg_construct_edge pe = PEG_EDGE_BOTTOM;
	enum corner pc = corner0;

	for (int j = 0; j < total; j++) {
		enum peg_construct_edge e = j < nb	  ? PEG_EDGE_BOTTOM
					    : j < nb + nl ? PEG_EDGE_LEFT
							  : PEG_EDGE_RIGHT;
		enum corner corner;
		struct band *b = new_band(c);
		int bi = c->n_bands - 1, last;

		if (!b)
			return internal(err, "too many bands", bi);
		if (j == 0)
			corner = corner0;
		else if (e != pe)
			corner = shared_corner(pe, e);
		else
			corner = pc;
		b->kind = BAND_TRAP;
		band_geometry(b, e, corner, k + 3,
			      ox - (e == PEG_EDGE_LEFT ? 3 : 0),
			      oy - (e == PEG_EDGE_BOTTOM ? 0 : 3));
		c->trap_band[c->n_trap_bands++] = bi;
		rc = plan_band(c, bi, j == 0, root, vx, vy, prev_trap,
			       prev_last6, &last, err);
		if (rc)
			return rc;
		prev_trap = b->trap;
		prev_last6 = last;
		ox = b->nx;
		oy = b->ny;
		k += 3;
		pe = e;
		pc = corner;
	}
	return PEG_CONSTRUCT_OK;
}

/* A Figure 9 step on the core T_K at (cx, cy) with vacancy (vx, vy) and
 * finish (fx, fy): the three rows along an edge that is within 3 rows of
 * the vacancy but not of the finish are cleared by a Figure 9 purge around
 * the vacancy (root, returned in *root) with 3- and 6-purges to both sides;
 * *bi gets the band, whose ux, uy, ox, oy are the new vacancy and the top
 * corner of T_(K-3). */
int pegcx_plan_fig9(struct peg_construct *c, int K, int cx, int cy, int vx,
		     int vy, int fx, int fy, int *root, int *bi,
		     struct peg_err *err)
{
	int sx = vx - cx, sy = vy - cy, ex = fx - cx, ey = fy - cy;
	int bx = -1, by = -1, W = K - 2, a = -1, lo, hi, last, rc, bm;
	enum peg_construct_edge e;
	struct band *b, *m;
	const struct peg_fig9 *f9;

	if (K - 1 - sy < 3 && K - 1 - ey >= 3)
		e = PEG_EDGE_BOTTOM;
	else if (sx < 3 && ex >= 3)
		e = PEG_EDGE_LEFT;
	else if (sy - sx < 3 && ey - ex >= 3)
		e = PEG_EDGE_RIGHT;
	else
		return internal(err, "no edge for a Figure 9 purge",
				c->n_bands);
	b = new_band(c);
	m = new_band(c);
	if (!b || !m)
		return internal(err, "too many bands", c->n_bands);
	*bi = c->n_bands - 2;
	bm = c->n_bands - 1;
	/* the purge covers columns a .. a+2 of row 3 (a .. a+y-1 of row y)
	 * and a .. a+2 of the row above, which ends one column earlier: a
	 * columns are left of it and W - 3 - a >= 2 right of it (a 3-purge
	 * cannot end a row, so neither side may be 1).  A vacancy in the last
	 * columns is covered from the other corner (mirrored frame). */
	for (int side = 0; side < 2 && a < 0; side++) {
		enum corner k0 = default_corner(e);

		if (side)
			k0 = other_corner(e, k0);
		b->kind = BAND_FIG9;
		band_geometry(b, e, k0, K, cx, cy);
		m->kind = BAND_MIRROR;
		band_geometry(m, e, other_corner(e, k0), K, cx, cy);
		/* the vacancy in the band frame: row y has x = 0 .. y+K-6 */
		bx = -1;
		for (int y = 3; y <= 5 && bx < 0; y++)
			for (int x = 0; x <= y + K - 6; x++) {
				int X, Y;

				band_to_board(b, 0, x, y, &X, &Y);
				if (X == vx && Y == vy) {
					bx = x;
					by = y;
					break;
				}
			}
		if (bx < 0)
			return internal(err, "vacancy not in the band", *bi);
		lo = bx - (by - 3) - 2 > 0 ? bx - (by - 3) - 2 : 0;
		hi = bx < W - 5 ? bx : W - 5;
		for (int t = lo; t <= hi && a < 0; t++)
			if (t != 1)
				a = t;
	}
	c->fig9_band[c->n_fig9++] = *bi;
	f9 = a >= 0 ? peg_fig9_find(bx - a, by) : NULL;
	if (!f9)
		return internal(err, "no Figure 9 purge", *bi);
	*root = pegcx_new_inst(c, NULL, f9, *bi, a);
	if (*root < 0)
		goto nomem;
	b->trap = m->trap = *root;
	b->a = a;
	b->n_left = a;
	b->n_right = W - 3 - a;
	b->vx = vx;
	b->vy = vy;
	band_to_board(b, a, f9->finish.x, f9->finish.y, &b->ux, &b->uy);
	/* right: columns a+3 .. W-1; left: the same in the mirrored frame,
	 * where the purge covers a' = W - 3 - a .. */
	rc = plan_columns(c, *bi, *root, vx, vy, a + 3, W - 3 - a, &last,
			  err);
	if (!rc)
		rc = plan_columns(c, bm, *root, vx, vy, W - a, a, &last, err);
	return rc;
nomem:
	peg_err_set(err, "out of memory");
	return PEG_CONSTRUCT_NOMEM;
}
