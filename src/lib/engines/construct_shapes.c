/* construct_shapes.c - the constructive solver on Rhombus(n) and
 * Hexagon(n) (construct.h, docs/construct.md "Rhombus and hexagon").
 *
 * Plan.  A region is a convex lattice hexagon given by bounds on the
 * three line coordinates u0 = y, u1 = x, u2 = x - y.  Starting from the
 * board, a band of three lines along one side is peeled off while the
 * vacancy is at least 3 lines from that side and the region stays at
 * least MINE lines across in that direction; what is left is the base,
 * solved by peg_solve.  The bands are then grown back in reverse order.
 *
 * Chain frame.  Every band is mapped (one of the 12 lattice isometries
 * and a translation) onto rows y = 3, 4, 5 of the frame of purges.h made
 * of the columns (c,3) (c+1,4) (c+2,5), c = 0..m-1, either alone (type P:
 * both ends parallel) or with the leftover (0,4) (0,5) (1,5) (rows widen
 * by one: type T when the solved region is on row 2, H when it is on row
 * 6, i.e. the band of a hexagon side seen rotated by 180 degrees).  The
 * corner purge clears the leftover and the first k columns with a
 * catalyst of three solved holes on row 2 or 6: T the trapezoids of
 * purges.h (k = 3, or Bell's wider one, k = 4), P and H the corners of
 * construct_shapes_data.c (k = 3 or 4, 2 or 3), k chosen so that m - k is
 * not 1.  The remaining columns are a 3-purge when their number is odd,
 * then 6-purges.
 *
 * Run.  Bell's rule, with the moments found as the solution is played: a
 * purge is "armed" (a band's corner from the start, a chain purge when the
 * one before it starts), and starts as soon as its region is full, no
 * running purge holds one of its region holes as catalyst, and its
 * catalyst is in the state of one of its variants; the newest started
 * purge plays first.  A purge touches only its region (full before,
 * empty after) and its catalyst (restored), so splicing it in anywhere
 * keeps every other jump legal.  Catalyst holes are watched, so each jump
 * costs O(1).  Any three holes that are all full go to an unlike state at
 * the first jump that touches them (a jump empties at most two holes and
 * fills an empty one), so a corner starts at the latest when the region
 * next to it is first touched.
 */
#include "construct_shapes.h"

#include "pegsol/construct.h"
#include "pegsol/problem.h"
#include "pegsol/solve.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_VARIANTS 6
#define BASE_MAX_NODES 4000000ULL

/* --- lattice isometries: (x, y) -> (a x + b y, c x + d y) ------------- */

struct iso {
	int a, b, c, d;
};

/* r^k and r^k f, with r (x, y) = (x - y, x) (60 degrees) and
 * f (x, y) = (y, x) */
static void iso_make(struct iso t[12])
{
	struct iso r = {1, -1, 1, 0}, cur = {1, 0, 0, 1};

	for (int k = 0; k < 6; k++) {
		t[k] = cur;
		/* cur * f: swap columns */
		t[6 + k] = (struct iso){cur.b, cur.a, cur.d, cur.c};
		cur = (struct iso){r.a * cur.a + r.b * cur.c,
				   r.a * cur.b + r.b * cur.d,
				   r.c * cur.a + r.d * cur.c,
				   r.c * cur.b + r.d * cur.d};
	}
}

/* --- groups of purge variants ------------------------------------------- */

enum grp {
	G_P3, G_P4, G_H2, G_H3, G_T3, G_T4, G_3, G_6, N_GROUPS
};

struct group {
	int n;
	const struct peg_purge *v[MAX_VARIANTS];
	int k; /* columns a corner clears */
	int n_watch;
	struct peg_purge_hole watch[4]; /* union of the catalysts */
};

static void group_add(struct group *g, const struct peg_purge *p)
{
	if (g->n < MAX_VARIANTS)
		g->v[g->n++] = p;
	for (int i = 0; i < p->n_cat; i++) {
		int k;

		for (k = 0; k < g->n_watch; k++)
			if (g->watch[k].x == p->cat[i].x &&
			    g->watch[k].y == p->cat[i].y)
				break;
		if (k == g->n_watch && g->n_watch < 4)
			g->watch[g->n_watch++] = p->cat[i];
	}
}

static void groups_init(struct group *g)
{
	memset(g, 0, N_GROUPS * sizeof(*g));
	for (int i = 0; i < pegcs_n_corners; i++)
		group_add(&g[G_P3 + i / 6], &pegcs_corners[i]);
	for (int i = 0; i < peg_purge_count(); i++) {
		const struct peg_purge *p = peg_purge_get(i);

		switch (p->kind) {
		case PEG_PURGE_TRAPEZOID:
			group_add(&g[G_T3], p);
			break;
		case PEG_PURGE_TRAPEZOID_WIDE:
			group_add(&g[G_T4], p);
			break;
		case PEG_PURGE_3:
			group_add(&g[G_3], p);
			break;
		default:
			group_add(&g[G_6], p);
			break;
		}
	}
	g[G_P3].k = 3;
	g[G_P4].k = 4;
	g[G_H2].k = 2;
	g[G_H3].k = 3;
	g[G_T3].k = 3;
	g[G_T4].k = 4;
}

/* --- the plan ------------------------------------------------------------ */

struct place {
	int tx, ty;        /* translation (the column shift folded in) */
	int succ;          /* armed when this one starts, -1 none */
	unsigned char grp; /* enum grp */
	unsigned char iso; /* frame -> board */
	unsigned char corner; /* armed from the start */
};

struct region {
	int lo[3], hi[3]; /* u0 = y, u1 = x, u2 = x - y */
};

struct peg_construct_shape_plan {
	enum peg_construct_shape shape;
	int n, S, vx, vy, fx, fy;
	long holes;
	long *row_off; /* S + 1: first hole index of each row */
	struct iso iso[12];
	struct group grp[N_GROUPS];
	struct region board, base;
	int n_base;     /* jumps of the base solution */
	int *base_jump; /* 4 per jump: fx fy tx ty on the board */
	int base_holes;
	long base_nodes;
	long n_pl, cap_pl;
	struct place *pl;
	int n_bands, band_types[3];
	long n_corner, n_3, n_6;
};

static int in_region(const struct region *r, int x, int y)
{
	return y >= r->lo[0] && y <= r->hi[0] && x >= r->lo[1] &&
	       x <= r->hi[1] && x - y >= r->lo[2] && x - y <= r->hi[2];
}

/* Make every bound attained (difference constraints, two passes). */
static void tighten(struct region *r)
{
	for (int pass = 0; pass < 3; pass++) {
		int *lo = r->lo, *hi = r->hi;

		if (lo[0] < lo[1] - hi[2])
			lo[0] = lo[1] - hi[2];
		if (hi[0] > hi[1] - lo[2])
			hi[0] = hi[1] - lo[2];
		if (lo[1] < lo[0] + lo[2])
			lo[1] = lo[0] + lo[2];
		if (hi[1] > hi[0] + hi[2])
			hi[1] = hi[0] + hi[2];
		if (lo[2] < lo[1] - hi[0])
			lo[2] = lo[1] - hi[0];
		if (hi[2] > hi[1] - lo[0])
			hi[2] = hi[1] - lo[0];
	}
}

static int region_empty(const struct region *r)
{
	for (int j = 0; j < 3; j++)
		if (r->lo[j] > r->hi[j])
			return 1;
	return 0;
}

long peg_construct_shape_holes(enum peg_construct_shape s, int n)
{
	if (n < 1)
		return 0;
	return s == PEG_SHAPE_RHOMBUS ? (long)n * n
				      : 3L * n * (n - 1) + 1;
}

static void board_region(enum peg_construct_shape s, int n, struct region *r)
{
	int k = s == PEG_SHAPE_RHOMBUS ? n - 1 : 2 * (n - 1);

	r->lo[0] = r->lo[1] = 0;
	r->hi[0] = r->hi[1] = k;
	r->lo[2] = s == PEG_SHAPE_RHOMBUS ? -k : -(n - 1);
	r->hi[2] = s == PEG_SHAPE_RHOMBUS ? k : n - 1;
}

/* first x of row y and its width */
static void row_span(enum peg_construct_shape s, int n, int y, int *x0,
		     int *w)
{
	if (s == PEG_SHAPE_RHOMBUS) {
		*x0 = 0;
		*w = n;
	} else {
		int r = n - 1;

		*x0 = y > r ? y - r : 0;
		*w = (y + r < 2 * r ? y + r : 2 * r) - *x0 + 1;
	}
}

long peg_construct_shape_index(enum peg_construct_shape s, int n, int x,
			       int y)
{
	struct region r;
	long idx = 0;
	int x0, w;

	if (n < 1)
		return -1;
	board_region(s, n, &r);
	if (!in_region(&r, x, y))
		return -1;
	if (s == PEG_SHAPE_RHOMBUS)
		return (long)y * n + x;
	/* row y has n + y holes up to the middle row r = n - 1, then
	 * 3n - 2 - y */
	{
		long rr = n - 1, yy = y < rr ? y : rr;

		idx = yy * n + yy * (yy - 1) / 2;
		if (y > rr)
			idx += (y - rr) * (3L * n - 2) -
			       ((long)(y - 1) * y / 2 - (rr - 1) * rr / 2);
	}
	row_span(s, n, y, &x0, &w);
	return idx + (x - x0);
}

/* Upper half of a hexagon (rows 0..n-1, row y holding n + y holes, the
 * first at x = 0): the row of index i, from y n + y(y-1)/2 <= i. */
static void hex_upper_xy(int n, long i, int *x, int *y)
{
	double b = n - 0.5;
	long yy = (long)(sqrt(b * b + 2.0 * (double)i) - b);

	while (yy > 0 && yy * n + yy * (yy - 1) / 2 > i)
		yy--;
	while ((yy + 1) * n + (yy + 1) * yy / 2 <= i)
		yy++;
	*y = (int)yy;
	*x = (int)(i - (yy * n + yy * (yy - 1) / 2));
}

void peg_construct_shape_xy(enum peg_construct_shape s, int n, long i,
			    int *x, int *y)
{
	long r = n - 1, holes = peg_construct_shape_holes(s, n);

	if (s == PEG_SHAPE_RHOMBUS) {
		*y = (int)(i / n);
		*x = (int)(i % n);
		return;
	}
	/* rows up to the middle one directly; the lower half by the half
	 * turn (x, y) -> (2r - x, 2r - y), which reverses the index order */
	if (i < r * n + r * (r - 1) / 2 + n + r) {
		hex_upper_xy(n, i, x, y);
		return;
	}
	hex_upper_xy(n, holes - 1 - i, x, y);
	*x = (int)(2 * r - *x);
	*y = (int)(2 * r - *y);
}

void peg_construct_shape_free(struct peg_construct_shape_plan *c)
{
	if (!c)
		return;
	free(c->row_off);
	free(c->base_jump);
	free(c->pl);
	free(c);
}

size_t peg_construct_shape_memory(enum peg_construct_shape s, int n,
				  int collect)
{
	double holes = (double)peg_construct_shape_holes(s, n);
	double S = s == PEG_SHAPE_RHOMBUS ? n : 2.0 * n - 1, bytes;

	/* grid: pegs, locks, watch heads; placements (about holes / 6) with
	 * their run state and watch entries; the run stack */
	bytes = S * S * (2 + sizeof(int)) + S * sizeof(long) +
		(holes / 6 + 64) * (sizeof(struct place) + 2 + 4 * 8 + 16) +
		65536;
	if (collect)
		bytes += holes * sizeof(struct peg_jump);
	return (size_t)bytes;
}

static int add_place(struct peg_construct_shape_plan *c, int grp, int iso,
		     int tx, int ty, int corner)
{
	if (c->n_pl == c->cap_pl) {
		long nc = c->cap_pl ? 2 * c->cap_pl : 256;
		struct place *np = realloc(c->pl, (size_t)nc * sizeof(*np));

		if (!np)
			return -1;
		c->pl = np;
		c->cap_pl = nc;
	}
	c->pl[c->n_pl] = (struct place){tx, ty, -1, (unsigned char)grp,
					(unsigned char)iso,
					(unsigned char)corner};
	return (int)c->n_pl++;
}

/* --- bands ---------------------------------------------------------------- */

/* The cells of line u_j = v inside r: first cell and count. */
static int line_cells(const struct region *r, int j, int v, int *fx, int *fy)
{
	int a, b;

	if (j == 0) { /* y = v: x in [max(lo1, lo2 + v), min(hi1, hi2 + v)] */
		a = r->lo[1] > r->lo[2] + v ? r->lo[1] : r->lo[2] + v;
		b = r->hi[1] < r->hi[2] + v ? r->hi[1] : r->hi[2] + v;
		*fx = a;
		*fy = v;
	} else if (j == 1) { /* x = v: y in [max(lo0, v - hi2), ...] */
		a = r->lo[0] > v - r->hi[2] ? r->lo[0] : v - r->hi[2];
		b = r->hi[0] < v - r->lo[2] ? r->hi[0] : v - r->lo[2];
		*fx = v;
		*fy = a;
	} else { /* x - y = v */
		a = r->lo[0] > r->lo[1] - v ? r->lo[0] : r->lo[1] - v;
		b = r->hi[0] < r->hi[1] - v ? r->hi[0] : r->hi[1] - v;
		*fx = a + v;
		*fy = a;
	}
	if (v < r->lo[j] || v > r->hi[j] || b < a)
		return 0;
	return b - a + 1;
}

struct band_try {
	int j, dir;          /* side: coordinate and low (0) / high (1) */
	struct region outer; /* before peeling */
	struct region inner; /* after */
	int type;            /* 0 P, 1 T, 2 H */
	int m, grp, iso, tx, ty;
};

static int in_band(const struct band_try *b, int x, int y)
{
	int u[3] = {y, x, x - y};
	int v = u[b->j];

	if (!in_region(&b->outer, x, y))
		return 0;
	return b->dir ? v > b->outer.hi[b->j] - 3 : v < b->outer.lo[b->j] + 3;
}

static void apply(const struct iso *t, int x, int y, int tx, int ty, int *X,
		  int *Y)
{
	*X = t->a * x + t->b * y + tx;
	*Y = t->c * x + t->d * y + ty;
}

/* Find a chain frame for the band b (cells: count, lex-min (y, x) cell
 * mx, my).  Fills type, m, grp, iso, tx, ty; 0 or -1 when none fits. */
static int match_band(const struct peg_construct_shape_plan *c,
		      struct band_try *b, long count, int mx, int my)
{
	for (int shape = 0; shape < 2; shape++) {
		int m = shape == 0 ? (int)(count / 3) : (int)(count / 3) - 1;

		if (count % 3 || m < 2)
			continue;
		for (int g = 0; g < 12; g++) {
			const struct iso *t = &c->iso[g];
			int vx[4] = {0, m - 1, shape ? 0 : 2, m + 1};
			int vy[4] = {3, 3, 5, 5};
			int bx = INT_MAX, by = INT_MAX, tx, ty, ok = 1;

			for (int k = 0; k < 4; k++) {
				int X, Y;

				apply(t, vx[k], vy[k], 0, 0, &X, &Y);
				if (Y < by || (Y == by && X < bx)) {
					bx = X;
					by = Y;
				}
			}
			tx = mx - bx;
			ty = my - by;
			for (int col = 0; col < m && ok; col++)
				for (int r = 0; r < 3 && ok; r++) {
					int X, Y;

					apply(t, col + r, 3 + r, tx, ty, &X, &Y);
					ok = in_band(b, X, Y);
				}
			if (shape == 1) {
				static const int lx[3] = {0, 0, 1}, ly[3] = {4, 5, 5};

				for (int k = 0; k < 3 && ok; k++) {
					int X, Y;

					apply(t, lx[k], ly[k], tx, ty, &X, &Y);
					ok = in_band(b, X, Y);
				}
			}
			if (!ok)
				continue;
			/* corner options of this shape, catalyst solved */
			for (int opt = 0; opt < 2; opt++) {
				int grp, type;
				const struct group *gr;

				if (shape == 0) {
					if (opt)
						break;
					grp = m == 4 ? G_P4 : G_P3;
					type = 0;
				} else if (opt == 0) {
					grp = m == 4 ? G_T4 : G_T3;
					type = 1;
				} else {
					grp = m == 3 ? G_H3 : G_H2;
					type = 2;
				}
				gr = &c->grp[grp];
				if (m < gr->k || m - gr->k == 1 || gr->n != 6)
					continue;
				ok = 1;
				for (int k = 0; k < gr->n_watch && ok; k++) {
					int X, Y;

					apply(t, gr->watch[k].x, gr->watch[k].y,
					      tx, ty, &X, &Y);
					ok = in_region(&b->inner, X, Y);
				}
				if (!ok)
					continue;
				b->type = type;
				b->m = m;
				b->grp = grp;
				b->iso = g;
				b->tx = tx;
				b->ty = ty;
				return 0;
			}
		}
	}
	return -1;
}

/* Try to peel side (j, dir) of r: 0 with b filled, -1 not possible. */
static int try_peel(const struct peg_construct_shape_plan *c,
		    const struct region *r, int j, int dir, int mine,
		    struct band_try *b)
{
	int u[3] = {c->vy, c->vx, c->vx - c->vy}, d, mx = INT_MAX,
	    my = INT_MAX;
	long count = 0;

	d = dir ? r->hi[j] - u[j] : u[j] - r->lo[j];
	if (d < 3 || r->hi[j] - r->lo[j] + 1 - 3 < mine)
		return -1;
	b->j = j;
	b->dir = dir;
	b->outer = *r;
	b->inner = *r;
	if (dir)
		b->inner.hi[j] -= 3;
	else
		b->inner.lo[j] += 3;
	tighten(&b->inner);
	if (region_empty(&b->inner))
		return -1;
	for (int k = 0; k < 3; k++) {
		int v = dir ? r->hi[j] - k : r->lo[j] + k, fx, fy, w;

		w = line_cells(r, j, v, &fx, &fy);
		if (!w)
			return -1;
		count += w;
		/* the lex-min cell of a line is its first cell, except a
		 * line of constant x, whose first cell is its lowest y */
		if (fy < my || (fy == my && fx < mx)) {
			mx = fx;
			my = fy;
		}
	}
	return match_band(c, b, count, mx, my);
}

/* Placements of band b: corner, then 3- and 6-purges. */
static int plan_band(struct peg_construct_shape_plan *c,
		     const struct band_try *b)
{
	const struct iso *t = &c->iso[b->iso];
	int col = c->grp[b->grp].k, prev, p;

	prev = add_place(c, b->grp, b->iso, b->tx, b->ty, 1);
	if (prev < 0)
		return -1;
	c->n_corner++;
	while (col < b->m) {
		int g = (b->m - col) % 2 ? G_3 : G_6, X, Y;

		/* the purges.h data is at column 3: shift by col - 3 */
		apply(t, col - 3, 0, b->tx, b->ty, &X, &Y);
		p = add_place(c, g, b->iso, X, Y, 0);
		if (p < 0)
			return -1;
		c->pl[prev].succ = p;
		prev = p;
		if (g == G_3) {
			c->n_3++;
			col++;
		} else {
			c->n_6++;
			col += 2;
		}
	}
	c->band_types[b->type]++;
	c->n_bands++;
	return 0;
}

/* --- the base ------------------------------------------------------------ */

/* Solve the base region from the vacancy.  PEG_CONSTRUCT_OK, or NO with
 * reason set (*why 1 position class, 2 search), or NOMEM. */
static int solve_base(struct peg_construct_shape_plan *c, int *why,
		      struct peg_err *err)
{
	const struct region *r = &c->base;
	int n = 0, cap = 0, *xs = NULL, *ys = NULL, minx = INT_MAX,
	    miny = INT_MAX, bminx = INT_MAX, bminy = INT_MAX, rc, v = -1;
	struct peg_board *bd = NULL;
	unsigned char *start = NULL;
	struct peg_problem pr;
	struct peg_solve_opts opts = {0, BASE_MAX_NODES};
	struct peg_solve_result res;

	memset(&res, 0, sizeof(res));
	*why = 0;
	for (int y = r->lo[0]; y <= r->hi[0]; y++)
		for (int x = r->lo[1]; x <= r->hi[1]; x++) {
			if (!in_region(r, x, y))
				continue;
			if (n == cap) {
				int *nx, *ny;

				cap = cap ? 2 * cap : 64;
				nx = realloc(xs, (size_t)cap * sizeof(int));
				ny = nx ? realloc(ys, (size_t)cap * sizeof(int))
					: NULL;
				if (nx)
					xs = nx;
				if (!ny)
					goto nomem;
				ys = ny;
			}
			xs[n] = x;
			ys[n] = y;
			minx = x < minx ? x : minx;
			miny = y < miny ? y : miny;
			n++;
		}
	c->base_holes = n;
	bd = peg_board_from_cells(PEG_LATTICE_TRI, 0, n, xs, ys, "base",
				  "base", err);
	if (!bd) {
		free(xs);
		free(ys);
		return PEG_CONSTRUCT_BAD;
	}
	start = malloc((size_t)bd->n_holes);
	if (!start)
		goto nomem;
	for (int i = 0; i < bd->n_holes; i++) {
		bminx = bd->hx[i] < bminx ? bd->hx[i] : bminx;
		bminy = bd->hy[i] < bminy ? bd->hy[i] : bminy;
	}
	for (int i = 0; i < bd->n_holes; i++) {
		start[i] = 1;
		if (bd->hx[i] - bminx + minx == c->vx &&
		    bd->hy[i] - bminy + miny == c->vy) {
			start[i] = 0;
			v = i;
		}
	}
	if (v < 0) {
		peg_err_set(err, "internal error: the vacancy is not in the "
				 "base");
		rc = PEG_CONSTRUCT_BAD;
		goto out;
	}
	pr = (struct peg_problem){start, PEG_GOAL_ANYWHERE, NULL};
	rc = peg_solve(bd, &pr, &opts, &res, err);
	c->base_nodes = (long)res.nodes;
	if (rc == PEG_SOLVE_FOUND) {
		unsigned char *pegs = start;

		c->base_jump = malloc((size_t)(res.n_jumps > 0 ? res.n_jumps : 1) *
				      4 * sizeof(int));
		if (!c->base_jump)
			goto nomem;
		c->n_base = res.n_jumps;
		for (int t = 0; t < res.n_jumps; t++) {
			const struct peg_jump *j = &res.jumps[t];

			c->base_jump[4 * t] = bd->hx[j->from] - bminx + minx;
			c->base_jump[4 * t + 1] = bd->hy[j->from] - bminy + miny;
			c->base_jump[4 * t + 2] = bd->hx[j->to] - bminx + minx;
			c->base_jump[4 * t + 3] = bd->hy[j->to] - bminy + miny;
			pegs[j->from] = pegs[j->over] = 0;
			pegs[j->to] = 1;
		}
		for (int i = 0; i < bd->n_holes; i++)
			if (pegs[i]) {
				c->fx = bd->hx[i] - bminx + minx;
				c->fy = bd->hy[i] - bminy + miny;
			}
		rc = PEG_CONSTRUCT_OK;
	} else if (rc == PEG_SOLVE_NONE) {
		*why = res.reason == PEG_REASON_SEARCH ? 2 : 1;
		peg_err_set(err, "%s", res.why);
		rc = PEG_CONSTRUCT_NO;
	} else if (rc == PEG_SOLVE_LIMIT) {
		peg_err_set(err, "the base board (%d holes) was not solved "
				 "within %llu nodes",
			    n, (unsigned long long)BASE_MAX_NODES);
		rc = PEG_CONSTRUCT_NOMEM;
	} else {
		rc = PEG_CONSTRUCT_BAD;
	}
out:
	peg_solve_result_release(&res);
	free(start);
	peg_board_free(bd);
	free(xs);
	free(ys);
	return rc;
nomem:
	peg_err_set(err, "out of memory");
	rc = PEG_CONSTRUCT_NOMEM;
	goto out;
}

static const char *shape_title(enum peg_construct_shape s)
{
	return s == PEG_SHAPE_RHOMBUS ? "Rhombus" : "Hexagon";
}

/* Peel bands from the board down to a base at least mine lines across;
 * the bands are planned innermost first.  0, or -1 out of memory. */
static int peel(struct peg_construct_shape_plan *c, int mine)
{
	struct band_try *bt = NULL;
	long nb = 0, cap = 0;
	struct region r = c->board;

	for (;;) {
		struct band_try best, b;
		int found = 0, bestd = -1;

		for (int j = 0; j < 3; j++)
			for (int dir = 0; dir < 2; dir++) {
				int u[3] = {c->vy, c->vx, c->vx - c->vy}, d;

				if (try_peel(c, &r, j, dir, mine, &b))
					continue;
				d = dir ? r.hi[j] - u[j] : u[j] - r.lo[j];
				if (d > bestd) {
					best = b;
					bestd = d;
					found = 1;
				}
			}
		if (!found)
			break;
		if (nb == cap) {
			struct band_try *n2;

			cap = cap ? 2 * cap : 16;
			n2 = realloc(bt, (size_t)cap * sizeof(*n2));
			if (!n2) {
				free(bt);
				return -1;
			}
			bt = n2;
		}
		bt[nb++] = best;
		r = best.inner;
	}
	c->base = r;
	for (long i = nb - 1; i >= 0; i--)
		if (plan_band(c, &bt[i])) {
			free(bt);
			return -1;
		}
	free(bt);
	return 0;
}

int peg_construct_shape_plan(enum peg_construct_shape s, int n, int vx,
			     int vy, struct peg_construct_shape_plan **out,
			     struct peg_err *err)
{
	struct peg_construct_shape_plan *c;
	int rc = PEG_CONSTRUCT_OK, why = 0, last = PEG_CONSTRUCT_OK;
	char col[16];
	/* base extents tried: small first, larger when the small base has
	 * no solution from the vacancy */
	static const int mine_rh[] = {4, 5, 7}, mine_hx[] = {4, 5, 6};

	*out = NULL;
	if ((s != PEG_SHAPE_RHOMBUS && s != PEG_SHAPE_HEXAGON) || n < 1 ||
	    n > PEG_CONSTRUCT_SHAPE_MAX_SIDE) {
		peg_err_set(err, "board side %d out of range 1..%d", n,
			    PEG_CONSTRUCT_SHAPE_MAX_SIDE);
		return PEG_CONSTRUCT_BAD;
	}
	if (peg_construct_shape_index(s, n, vx, vy) < 0) {
		peg_err_set(err, "hole (%d,%d) is not on %s(%d)", vx, vy,
			    shape_title(s), n);
		return PEG_CONSTRUCT_BAD;
	}
	peg_column_letters(vx, col, sizeof(col));
	for (int attempt = 0; attempt < 3; attempt++) {
		c = calloc(1, sizeof(*c));
		if (!c)
			goto nomem;
		c->shape = s;
		c->n = n;
		c->S = s == PEG_SHAPE_RHOMBUS ? n : 2 * n - 1;
		c->vx = vx;
		c->vy = vy;
		c->holes = peg_construct_shape_holes(s, n);
		iso_make(c->iso);
		groups_init(c->grp);
		board_region(s, n, &c->board);
		c->row_off = malloc((size_t)(c->S + 1) * sizeof(long));
		if (!c->row_off)
			goto nomem;
		c->row_off[0] = 0;
		for (int y = 0; y < c->S; y++) {
			int x0, w;

			row_span(s, n, y, &x0, &w);
			c->row_off[y + 1] = c->row_off[y] + w;
		}
		if (add_place(c, N_GROUPS, 0, 0, 0, 0) < 0 ||
		    peel(c, s == PEG_SHAPE_RHOMBUS ? mine_rh[attempt]
						    : mine_hx[attempt]))
			goto nomem;
		rc = solve_base(c, &why, err);
		if (rc == PEG_CONSTRUCT_OK) {
			*out = c;
			return rc;
		}
		if (rc == PEG_CONSTRUCT_NO &&
		    (why == 1 || c->base_holes == c->holes)) {
			if (why == 1)
				peg_err_set(err,
					    "vacancy %s%d on %s(%d): no single "
					    "peg is in the start's position "
					    "class (position classes, seed 000 "
					    "Theorem 2.1; checked on the %d-hole "
					    "base, the bands of three lines "
					    "being class-neutral)",
					    col, vy + 1, shape_title(s), n,
					    c->base_holes);
			else
				peg_err_set(err,
					    "vacancy %s%d on %s(%d): no "
					    "solution (exhaustive search of the "
					    "whole board)",
					    col, vy + 1, shape_title(s), n);
			peg_construct_shape_free(c);
			return rc;
		}
		peg_construct_shape_free(c);
		c = NULL;
		/* no solution of this base from the vacancy, or over the
		 * node budget: the next, larger base */
		if (rc != PEG_CONSTRUCT_NO && rc != PEG_CONSTRUCT_NOMEM)
			return rc;
		last = rc;
	}
	if (last == PEG_CONSTRUCT_NOMEM) {
		peg_err_set(err, "no base board around %s%d on %s(%d) was "
				 "solved within %llu search nodes",
			    col, vy + 1, shape_title(s), n,
			    (unsigned long long)BASE_MAX_NODES);
		return PEG_CONSTRUCT_NOMEM;
	}
	peg_err_set(err, "internal error: no base board solved from %s%d on "
			 "%s(%d)",
		    col, vy + 1, shape_title(s), n);
	return PEG_CONSTRUCT_BAD;
nomem:
	peg_construct_shape_free(c);
	peg_err_set(err, "out of memory");
	return PEG_CONSTRUCT_NOMEM;
}

void peg_construct_shape_get_info(const struct peg_construct_shape_plan *c,
				  struct peg_construct_shape_info *in)
{
	memset(in, 0, sizeof(*in));
	in->shape = c->shape;
	in->n = c->n;
	in->vx = c->vx;
	in->vy = c->vy;
	in->fx = c->fx;
	in->fy = c->fy;
	in->base_holes = c->base_holes;
	in->base_x0 = c->base.lo[1];
	in->base_y0 = c->base.lo[0];
	in->base_w = c->base.hi[1] - c->base.lo[1] + 1;
	in->base_h = c->base.hi[0] - c->base.lo[0] + 1;
	in->base_nodes = c->base_nodes;
	in->n_bands = c->n_bands;
	in->n_purges = c->n_pl - 1;
	in->n_corner = c->n_corner;
	in->n_3purge = c->n_3;
	in->n_6purge = c->n_6;
	in->n_jumps = c->holes - 2;
	memcpy(in->band_types, c->band_types, sizeof(in->band_types));
}

/* --- running --------------------------------------------------------------- */

struct frame {
	int pl, pos;
	unsigned char var;
};

struct run {
	const struct peg_construct_shape_plan *c;
	unsigned char *pegs, *lock, *state; /* state: 1 armed, 2 started */
	int *head;            /* S*S: first watch entry of a cell */
	struct watch {
		int next, pl;
	} *w;                 /* watch entries */
	long n_w, cap_w;
	int *queue, *deferred;
	long nq, capq, nd, capd;
	struct frame *stk;
	long depth, cap;
};

static int grow(void **p, long *cap, long need, size_t size)
{
	long nc;
	void *np;

	if (need <= *cap)
		return 0;
	nc = *cap ? *cap : 64;
	while (nc < need)
		nc *= 2;
	np = realloc(*p, (size_t)nc * size);
	if (!np)
		return -1;
	*p = np;
	*cap = nc;
	return 0;
}

static long cell(const struct run *r, int x, int y)
{
	return (long)y * r->c->S + x;
}

static void place_cell(const struct peg_construct_shape_plan *c,
		       const struct place *p, int x, int y, int *X, int *Y)
{
	apply(&c->iso[p->iso], x, y, p->tx, p->ty, X, Y);
}

static int push_q(struct run *r, int pl)
{
	if (grow((void **)&r->queue, &r->capq, r->nq + 1, sizeof(int)))
		return -1;
	r->queue[r->nq++] = pl;
	return 0;
}

/* Arm placement pl: watch its catalyst holes, queue it. */
static int arm(struct run *r, int pl)
{
	const struct peg_construct_shape_plan *c = r->c;
	const struct place *p = &c->pl[pl];
	const struct group *g = &c->grp[p->grp];

	r->state[pl] = 1;
	for (int k = 0; k < g->n_watch; k++) {
		int X, Y;
		long h;

		place_cell(c, p, g->watch[k].x, g->watch[k].y, &X, &Y);
		if (X < 0 || Y < 0 || X >= c->S || Y >= c->S)
			continue;
		h = cell(r, X, Y);
		if (grow((void **)&r->w, &r->cap_w, r->n_w + 1,
			 sizeof(*r->w)))
			return -1;
		r->w[r->n_w].pl = pl;
		r->w[r->n_w].next = r->head[h];
		r->head[h] = (int)r->n_w++;
	}
	return push_q(r, pl);
}

/* Can pl start now?  Returns the variant, -1 not now, -2 blocked by a
 * lock (retry when a purge ends). */
static int can_start(const struct run *r, int pl)
{
	const struct peg_construct_shape_plan *c = r->c;
	const struct place *p = &c->pl[pl];
	const struct group *g = &c->grp[p->grp];
	const struct peg_purge *v0 = g->v[0];

	for (int k = 0; k < v0->n_region; k++) {
		int X, Y;
		long h;

		place_cell(c, p, v0->region[k].x, v0->region[k].y, &X, &Y);
		h = cell(r, X, Y);
		if (!r->pegs[h])
			return -1;
		if (r->lock[h])
			return -2;
	}
	for (int v = 0; v < g->n; v++) {
		const struct peg_purge *q = g->v[v];
		int k;

		for (k = 0; k < q->n_cat; k++) {
			int X, Y;

			place_cell(c, p, q->cat[k].x, q->cat[k].y, &X, &Y);
			if (X < 0 || Y < 0 || X >= c->S || Y >= c->S ||
			    r->pegs[cell(r, X, Y)] != (q->cat_state[k] == '1'))
				break;
		}
		if (k == q->n_cat)
			return v;
	}
	return -1;
}

static void lock_cat(struct run *r, const struct frame *f, int d)
{
	const struct peg_construct_shape_plan *c = r->c;
	const struct place *p = &c->pl[f->pl];
	const struct peg_purge *q = c->grp[p->grp].v[f->var];

	for (int k = 0; k < q->n_cat; k++) {
		int X, Y;

		place_cell(c, p, q->cat[k].x, q->cat[k].y, &X, &Y);
		r->lock[cell(r, X, Y)] += (unsigned char)d;
	}
}

/* Start what can start; -1 out of memory. */
static int drain(struct run *r)
{
	while (r->nq) {
		int pl = r->queue[--r->nq], v;

		if (r->state[pl] != 1)
			continue;
		v = can_start(r, pl);
		if (v == -2) {
			if (grow((void **)&r->deferred, &r->capd, r->nd + 1,
				 sizeof(int)))
				return -1;
			r->deferred[r->nd++] = pl;
			continue;
		}
		if (v < 0)
			continue;
		if (grow((void **)&r->stk, &r->cap, r->depth + 1,
			 sizeof(*r->stk)))
			return -1;
		r->stk[r->depth] = (struct frame){pl, 0, (unsigned char)v};
		lock_cat(r, &r->stk[r->depth], 1);
		r->depth++;
		r->state[pl] = 2;
		if (r->c->pl[pl].succ >= 0 && arm(r, r->c->pl[pl].succ))
			return -1;
	}
	return 0;
}

static int watchers(struct run *r, long h)
{
	for (int w = r->head[h]; w >= 0; w = r->w[w].next)
		if (r->state[r->w[w].pl] == 1 && push_q(r, r->w[w].pl))
			return -1;
	return 0;
}

/* index of an on-board hole from the row table */
static long hole_index(const struct peg_construct_shape_plan *c, int x,
		       int y)
{
	int x0, w;

	row_span(c->shape, c->n, y, &x0, &w);
	return c->row_off[y] + x - x0;
}

static int is_dir(int dx, int dy)
{
	return (dx == 0 && (dy == 1 || dy == -1)) ||
	       (dy == 0 && (dx == 1 || dx == -1)) ||
	       (dx == dy && (dx == 1 || dx == -1));
}

int peg_construct_shape_run(const struct peg_construct_shape_plan *c,
			    peg_construct_cb cb, void *ctx,
			    struct peg_err *err)
{
	struct run r;
	long cells = (long)c->S * c->S, left = c->holes - 1, count = 0;
	int rc = PEG_CONSTRUCT_OK, fx = 0, fy = 0, tx = 0, ty = 0;

	memset(&r, 0, sizeof(r));
	r.c = c;
	r.pegs = calloc((size_t)cells, 1);
	r.lock = calloc((size_t)cells, 1);
	r.state = calloc((size_t)c->n_pl, 1);
	r.head = malloc((size_t)cells * sizeof(int));
	if (!r.pegs || !r.lock || !r.state || !r.head)
		goto nomem;
	for (int y = 0; y < c->S; y++)
		for (int x = 0; x < c->S; x++) {
			r.head[cell(&r, x, y)] = -1;
			r.pegs[cell(&r, x, y)] =
				(unsigned char)in_region(&c->board, x, y);
		}
	r.pegs[cell(&r, c->vx, c->vy)] = 0;
	/* the base plays at the bottom of the stack */
	if (grow((void **)&r.stk, &r.cap, 1, sizeof(*r.stk)))
		goto nomem;
	r.stk[r.depth++] = (struct frame){0, 0, 0};
	r.state[0] = 2;
	for (long i = 1; i < c->n_pl; i++)
		if (c->pl[i].corner && arm(&r, (int)i))
			goto nomem;
	while (r.depth) {
		struct frame *f;
		int len;
		long a, o, b;
		struct peg_jump jp;

		if (drain(&r))
			goto nomem;
		f = &r.stk[r.depth - 1];
		if (f->pl == 0) {
			len = c->n_base;
		} else {
			const struct place *p = &c->pl[f->pl];
			const struct peg_purge *q = c->grp[p->grp].v[f->var];

			len = q->n_jumps;
			if (f->pos < len) {
				place_cell(c, p, q->jumps[f->pos].fx,
					   q->jumps[f->pos].fy, &fx, &fy);
				place_cell(c, p, q->jumps[f->pos].tx,
					   q->jumps[f->pos].ty, &tx, &ty);
			}
		}
		if (f->pos == len) {
			if (f->pl)
				lock_cat(&r, f, -1);
			r.depth--;
			for (long i = 0; i < r.nd; i++)
				if (push_q(&r, r.deferred[i]))
					goto nomem;
			r.nd = 0;
			continue;
		}
		if (f->pl == 0) {
			fx = c->base_jump[4 * f->pos];
			fy = c->base_jump[4 * f->pos + 1];
			tx = c->base_jump[4 * f->pos + 2];
			ty = c->base_jump[4 * f->pos + 3];
		}
		f->pos++;
		if (!in_region(&c->board, fx, fy) ||
		    !in_region(&c->board, tx, ty) || (tx - fx) % 2 ||
		    (ty - fy) % 2 || !is_dir((tx - fx) / 2, (ty - fy) / 2))
			goto illegal;
		a = cell(&r, fx, fy);
		o = cell(&r, (fx + tx) / 2, (fy + ty) / 2);
		b = cell(&r, tx, ty);
		if (!r.pegs[a] || !r.pegs[o] || r.pegs[b])
			goto illegal;
		r.pegs[a] = r.pegs[o] = 0;
		r.pegs[b] = 1;
		left--;
		count++;
		jp.from = (int)hole_index(c, fx, fy);
		jp.over = (int)hole_index(c, (fx + tx) / 2, (fy + ty) / 2);
		jp.to = (int)hole_index(c, tx, ty);
		if (cb) {
			rc = cb(&jp, ctx);
			if (rc)
				goto out;
		}
		if (watchers(&r, a) || watchers(&r, o) || watchers(&r, b))
			goto nomem;
	}
	if (left != 1 || !r.pegs[cell(&r, c->fx, c->fy)]) {
		peg_err_set(err, "internal error: %ld pegs left", left);
		rc = PEG_CONSTRUCT_BAD;
	}
	goto out;
illegal:
	peg_err_set(err, "internal error: jump %ld (%d,%d)-(%d,%d) is illegal",
		    count + 1, fx, fy, tx, ty);
	rc = PEG_CONSTRUCT_BAD;
	goto out;
nomem:
	peg_err_set(err, "out of memory");
	rc = PEG_CONSTRUCT_NOMEM;
out:
	free(r.pegs);
	free(r.lock);
	free(r.state);
	free(r.head);
	free(r.w);
	free(r.queue);
	free(r.deferred);
	free(r.stk);
	return rc;
}
