/* construct.c - the constructive solver for triangular boards
 * (construct.h, seed 000 section 3.2, docs/construct.md).
 *
 * A plan is a tree of "instances": the sub-board solution at the root, and
 * one purge per node.  Each child is attached at a step of its parent (it
 * runs after that many of the parent's jumps); running the plan is a
 * depth-first walk that emits the parent's jumps and, at each step, the
 * children attached there.  A child only touches its own region (full until
 * it starts) and its catalyst (unlike when it starts, restored when it
 * ends), so splicing it in leaves the parent's jumps legal.
 *
 * Attachment (band frame of purges.h, k = side of the triangle before the
 * band):
 *   trapezoid of band j   its catalyst is three holes along the edge it
 *                         grows from, at the trapezoid's corner; they lie in
 *                         the sub-board (j = 0), in band j-1's trapezoid
 *                         (same corner) or in the last column of band j-1's
 *                         last 6-purge (the far corner).  It starts right
 *                         after the first jump that touches them: all three
 *                         are full before, and no single jump can empty
 *                         three collinear holes, so they are then unlike.
 *   3-purge               in the trapezoid, at the first step with c4 empty
 *                         and e6 full (every trapezoid variant has one)
 *   first 6-purge         after a 3-purge: at its end, catalyst e6 f6
 *                         (full, empty); otherwise in the trapezoid at the
 *                         first step with b4 and c4 unlike
 *   next 6-purge          in the previous 6-purge, at the first step with
 *                         its top (or bottom) pair unlike
 * The corner of each band's trapezoid is chosen so that the next band's
 * catalyst lies in it or at its far end (see choose_corner).
 */
#include "pegsol/construct.h"
#include "pegsol/purges.h"

#include "construct_pairs.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* --- seed 000 Appendix B.2: solutions on T4, T5, T6 ------------------- */

struct base_sol {
	int m;
	const char *vacate;
	const char *moves;
};

static const struct base_sol base_sols[] = {
	{4, "a2", "a4-a2, a1-a3, c4-a4-a2, c3-a3-a1-c3, d4-b2"},
	{5, "a1",
	 "a3-a1, c3-a3, e5-c3, b2-d4, c5-c3, a5-c5, d5-b5-b3, d4-b2, a4-a2, "
	 "a1-a3-c3-a1"},
	/* "a2-a4, then continue as previous solution": after a2-a4 the board
	 * is the a1 solution's after its first jump */
	{5, "a4",
	 "a2-a4, c3-a3, e5-c3, b2-d4, c5-c3, a5-c5, d5-b5-b3, d4-b2, "
	 "a4-a2, a1-a3-c3-a1"},
	{5, "b3",
	 "b5-b3, d4-b4, d5-b5, b2-d4, a2-c4, a4-a2, e5-c3-c5, b5-d5, "
	 "a1-a3-c5, d5-b5, a5-c5"},
	{5, "c5",
	 "a5-c5, d5-b5, a3-c5, a1-a3, b2-b4, d4-b2, a4-a2, b5-d5, "
	 "e5-c5-c3-a1-a3-c5"},
	{6, "a1",
	 "a3-a1, c4-a2, a4-c4, d4-b4, a6-a4, a1-a3-a5, c6-c4, f6-d4, "
	 "e6-c6-a6-a4, c3-e5-c5-a5-a3-c5-c3-a1"},
	{6, "a4",
	 "a6-a4, a3-a5, a1-a3, c4-a2-a4-c4, d4-b4, c6-c4, e6-c6-a6-a4, f6-d4, "
	 "c3-e5-c5-a5-a3-c5-c3-a1"},
	{6, "b3",
	 "d5-b3, c6-c4, c3-c5, a6-c6, d6-b6, f6-d6, a4-c4, a2-a4-a6-c6-e6, "
	 "a1-c3, d4-f6-d6-b4-b2-d4-b4-b6"},
	{6, "c5",
	 "a3-c5, d4-b4, a4-c4, f6-d4, a6-a4, c3-e5, d6-b4, b6-d6-f6-d4, "
	 "a1-a3-a5-c5-e5-c3-c5-a3-c3-a1"},
	{6, "b6",
	 "d6-b6, a6-c6, f6-d6-b6, c4-e6, a4-a6-c6-c4, c3-c5, a2-a4-c4, a1-c3, "
	 "d4-b4-b2-d4-f6-d6-b4-b6"},
};

#define N_BASE ((int)(sizeof(base_sols) / sizeof(base_sols[0])))
#define MAX_SUB_JUMPS 34 /* T(8) - 2: the pair table goes to T8 */

/* "c5" -> (2, 4); one letter, one digit (boards up to T9). */
static int parse_small_hole(const char **s, int *x, int *y)
{
	const char *p = *s;

	if (p[0] < 'a' || p[0] > 'i' || p[1] < '1' || p[1] > '9')
		return -1;
	*x = p[0] - 'a';
	*y = p[1] - '1';
	*s = p + 2;
	return 0;
}

/* Parse a base solution into jumps (fx, fy, tx, ty); returns the count. */
static int parse_base(const char *text, struct peg_purge_jump *out, int max)
{
	const char *s = text;
	int n = 0, x, y, px, py;

	while (*s) {
		if (parse_small_hole(&s, &px, &py))
			return -1;
		while (*s == '-') {
			s++;
			if (parse_small_hole(&s, &x, &y) || n == max)
				return -1;
			out[n].fx = (signed char)px;
			out[n].fy = (signed char)py;
			out[n].tx = (signed char)x;
			out[n].ty = (signed char)y;
			n++;
			px = x;
			py = y;
		}
		while (*s == ',' || *s == ' ')
			s++;
	}
	return n;
}

/* --- symmetries of T_K (seed 000 Appendix A) --------------------------- */

/* g = 0..5 is r^(g mod 3) after f^(g / 3): i, r, r^2, f, rf, r^2f with
 * f(x,y) = (y-x, y) and r(x,y) = (y-x, K-1-x). */
static void sym_apply(int g, int K, int *x, int *y)
{
	int a = *x, b = *y, t;

	if (g >= 3)
		a = b - a;
	for (int s = 0; s < g % 3; s++) {
		t = b - a;
		b = K - 1 - a;
		a = t;
	}
	*x = a;
	*y = b;
}

/* --- the plan ----------------------------------------------------------- */

enum corner { CORNER_TOP, CORNER_BL, CORNER_BR };

enum band_kind {
	BAND_TRAP, /* T_k grows to T_(k+3): trapezoid, 3- and 6-purges */
	BAND_FIG9, /* a Figure 9 step: T_K loses these rows (pairs) */
	BAND_MIRROR /* the same rows seen from the other corner (its left
		       side purges) */
};

struct band {
	enum band_kind kind;
	enum peg_construct_edge edge;
	enum corner corner;
	int k, K;       /* side before and after (BAND_FIG9: after, before) */
	int ox, oy;     /* top corner of T_k */
	int nx, ny;     /* top corner of T_K */
	int g;          /* band frame -> T_K symmetry */
	int trap;       /* instance of the trapezoid or Figure 9 purge */
	int n3, n6;
	/* BAND_FIG9 */
	int a, n_left, n_right;
	int vx, vy, ux, uy;
};

/* An instance: the base solution, a purge or a Figure 9 purge, placed in a
 * band frame.  Children form a list sorted by `at`. */
struct inst {
	const struct peg_purge *p; /* a purge, or */
	const struct peg_fig9 *f9; /* a Figure 9 purge; neither: the base */
	int band;                  /* -1 for the base */
	int shift;                 /* purges: column - 3; Figure 9: a */
	int child, sibling;        /* first child, next sibling, -1 none */
	short at;                  /* runs after this many parent jumps */
	unsigned char seq; /* position in its 6-purge chain, for the map */
};

struct peg_construct {
	int n, vx, vy;
	int pair;
	int m, sox, soy, sub_g;
	const char *sub_name, *sub_finish;
	int n_sub;
	struct peg_purge_jump sub[MAX_SUB_JUMPS];
	int fx, fy;
	int n_bands, cap_bands;
	struct band *bands;
	int n_trap_bands, n_fig9;
	int *trap_band, *fig9_band; /* indices into bands */
	long n_inst, cap_inst;
	struct inst *inst;
	long n_trap, n_3, n_6;
};

int peg_construct_feasible(int n, int x, int y)
{
	if (n < 4 || x < 0 || y < 0 || x > y || y >= n)
		return 0;
	return !(n % 3 == 1 && (x + y) % 3 == 0);
}

int peg_construct_pair_feasible(int n, int sx, int sy, int fx, int fy)
{
	if (!peg_construct_feasible(n, sx, sy) || fx < 0 || fy < 0 ||
	    fx > fy || fy >= n)
		return 0;
	if (n % 3 == 1)
		return (sx + sy + fx + fy) % 3 == 0;
	return (sx + sy) % 3 == (fx + fy) % 3;
}

int peg_construct_pair_count(void)
{
	return peg_cp_n_pairs;
}

const struct peg_pair_sol *peg_construct_pair_get(int i)
{
	return i >= 0 && i < peg_cp_n_pairs ? &peg_cp_pairs[i] : NULL;
}

/* Board coordinates of band-frame hole (x, y) of a purge shifted by shift. */
static void band_to_board(const struct band *b, int shift, int x, int y,
			  int *X, int *Y)
{
	int u = x + shift, v = y + b->k - 3;

	sym_apply(b->g, b->K, &u, &v);
	*X = u + b->nx;
	*Y = v + b->ny;
}

static void sub_to_board(const struct peg_construct *c, int x, int y, int *X,
			 int *Y)
{
	sym_apply(c->sub_g, c->m, &x, &y);
	*X = x + c->sox;
	*Y = y + c->soy;
}

/* Jump t of instance i in board coordinates (from and to). */
static void inst_jump(const struct peg_construct *c, const struct inst *in,
		      int t, int *fx, int *fy, int *tx, int *ty)
{
	const struct peg_purge_jump *j;

	if (!in->p && !in->f9) {
		j = &c->sub[t];
		sub_to_board(c, j->fx, j->fy, fx, fy);
		sub_to_board(c, j->tx, j->ty, tx, ty);
		return;
	}
	j = in->p ? &in->p->jumps[t] : &in->f9->jumps[t];
	band_to_board(&c->bands[in->band], in->shift, j->fx, j->fy, fx, fy);
	band_to_board(&c->bands[in->band], in->shift, j->tx, j->ty, tx, ty);
}

static int inst_len(const struct peg_construct *c, const struct inst *in)
{
	return in->p ? in->p->n_jumps : in->f9 ? in->f9->n_jumps : c->n_sub;
}

static int new_inst(struct peg_construct *c, const struct peg_purge *p,
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
static void attach(struct peg_construct *c, int parent, int child, int at,
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

struct walk_frame {
	int inst, pos, next;
};

/* The same over the whole subtree of root in the order it is played (its
 * jumps with every child spliced in): *at_inst, *at_step get the moment.
 * Returns 0, -1 if never, -2 out of memory. */
static int tree_moment(const struct peg_construct *c, int root,
		       const int *wx, const int *wy, int vx, int vy,
		       unsigned char *st, int *at_inst, int *at_step)
{
	struct walk_frame *stk;
	long depth = 0, cap = 64;
	int rc = -1;

	watch_init(wx, wy, 3, vx, vy, st);
	if (watch_ok(W_UNLIKE3, st)) {
		*at_inst = root;
		*at_step = 0;
		return 0;
	}
	stk = malloc((size_t)cap * sizeof(*stk));
	if (!stk)
		return -2;
	stk[depth++] = (struct walk_frame){root, 0, c->inst[root].child};
	while (depth) {
		struct walk_frame *f = &stk[depth - 1];
		const struct inst *in = &c->inst[f->inst];
		int fx, fy, tx, ty;

		if (f->next >= 0 && c->inst[f->next].at == f->pos) {
			int ch = f->next;

			f->next = c->inst[ch].sibling;
			if (depth == cap) {
				struct walk_frame *ns;

				cap *= 2;
				ns = realloc(stk, (size_t)cap * sizeof(*ns));
				if (!ns) {
					rc = -2;
					break;
				}
				stk = ns;
			}
			stk[depth++] =
				(struct walk_frame){ch, 0, c->inst[ch].child};
			continue;
		}
		if (f->pos == inst_len(c, in)) {
			depth--;
			continue;
		}
		inst_jump(c, in, f->pos++, &fx, &fy, &tx, &ty);
		watch_jump(fx, fy, tx, ty, wx, wy, 3, st);
		if (watch_ok(W_UNLIKE3, st)) {
			*at_inst = f->inst;
			*at_step = f->pos;
			rc = 0;
			break;
		}
	}
	free(stk);
	return rc;
}

/* --- bands ---------------------------------------------------------------- */

static enum corner shared_corner(enum peg_construct_edge a,
				 enum peg_construct_edge b)
{
	if ((a == PEG_EDGE_BOTTOM && b == PEG_EDGE_LEFT) ||
	    (a == PEG_EDGE_LEFT && b == PEG_EDGE_BOTTOM))
		return CORNER_BL;
	if ((a == PEG_EDGE_BOTTOM && b == PEG_EDGE_RIGHT) ||
	    (a == PEG_EDGE_RIGHT && b == PEG_EDGE_BOTTOM))
		return CORNER_BR;
	return CORNER_TOP;
}

static void corner_xy(enum corner k, int K, int *x, int *y)
{
	*x = k == CORNER_BR ? K - 1 : 0;
	*y = k == CORNER_TOP ? 0 : K - 1;
}

static enum corner other_corner(enum peg_construct_edge e, enum corner k)
{
	switch (e) {
	case PEG_EDGE_BOTTOM:
		return k == CORNER_BL ? CORNER_BR : CORNER_BL;
	case PEG_EDGE_LEFT:
		return k == CORNER_BL ? CORNER_TOP : CORNER_BL;
	default:
		return k == CORNER_BR ? CORNER_TOP : CORNER_BR;
	}
}

static enum corner default_corner(enum peg_construct_edge e)
{
	return e == PEG_EDGE_RIGHT ? CORNER_BR : CORNER_BL;
}

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
		i3 = new_inst(c, peg_purge_find(PEG_PURGE_3,
						(const unsigned char *)"\0\1"),
			      NULL, bi, col0 - 3);
		if (i3 < 0)
			goto nomem;
		attach(c, parent, i3, at, 0);
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
		i6 = new_inst(c, p, NULL, bi, col - 3);
		if (i6 < 0)
			goto nomem;
		c->inst[i6].seq = (unsigned char)(n6 & 1);
		attach(c, prev, i6, at, 0);
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
	t = new_inst(c, p, NULL, bi, 0);
	if (t < 0)
		goto nomem;
	b->trap = t;
	c->n_trap++;
	/* the first band goes ahead of the core's own children at that step,
	 * since the walk saw the catalyst unlike before them */
	attach(c, owner, t, at, first);
	/* the parallelogram: columns 3 .. k */
	return plan_columns(c, bi, t, -1, -1, 3, b->k - 2, last, err);
nomem:
	peg_err_set(err, "out of memory");
	return PEG_CONSTRUCT_NOMEM;
}

/* Grow the solved core T_core at (cx, cy), played from root with vacancy
 * (vx, vy), by nb bands below, then nl to the left, then nr to the right.
 * The first band's trapezoid sits at corner0. */
static int plan_bands(struct peg_construct *c, int root, int vx, int vy,
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

/* Find a table solution and symmetry for the pair (lx, ly) -> (mx, my) on
 * T_m, fill c->sub.  Returns 1, 0 when the table has no solution (the pair
 * is unsolvable), -1 when the table lacks the pair (a bug). */
static int pick_pair(struct peg_construct *c, int lx, int ly, int mx, int my)
{
	for (int i = 0; i < peg_cp_n_pairs; i++) {
		const struct peg_pair_sol *e = &peg_cp_pairs[i];
		const char *v = e->vacate, *f = e->finish;
		int bx, by, ex, ey;

		if (e->m != c->m || parse_small_hole(&v, &bx, &by) ||
		    parse_small_hole(&f, &ex, &ey))
			continue;
		for (int g = 0; g < 6; g++) {
			int x = bx, y = by, x2 = ex, y2 = ey;

			sym_apply(g, c->m, &x, &y);
			sym_apply(g, c->m, &x2, &y2);
			if (x != lx || y != ly || x2 != mx || y2 != my)
				continue;
			c->sub_name = e->vacate;
			c->sub_finish = e->finish;
			c->sub_g = g;
			if (!e->moves)
				return 0;
			c->n_sub = parse_base(e->moves, c->sub, MAX_SUB_JUMPS);
			return c->n_sub == c->m * (c->m + 1) / 2 - 2 ? 1 : -1;
		}
	}
	return -1;
}

/* A Figure 9 step on the core T_K at (cx, cy) with vacancy (vx, vy) and
 * finish (fx, fy): the three rows along an edge that is within 3 rows of
 * the vacancy but not of the finish are cleared by a Figure 9 purge around
 * the vacancy (root, returned in *root) with 3- and 6-purges to both sides;
 * *bi gets the band, whose ux, uy, ox, oy are the new vacancy and the top
 * corner of T_(K-3). */
static int plan_fig9(struct peg_construct *c, int K, int cx, int cy, int vx,
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
	*root = new_inst(c, NULL, f9, *bi, a);
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

/* Place the sub-board: distances to the left, right and bottom edges keep
 * their residues mod 3 and sum to m - 1; the extra 3 goes to the bottom
 * first (Figure 8 uses the a1 vacancy of T5 for g10 on T20). */
static void place_sub(struct peg_construct *c, int *nb, int *nl, int *nr)
{
	int a = c->vx, b = c->vy - c->vx, d = c->n - 1 - c->vy;
	int a1 = a % 3, b1 = b % 3, d1 = d % 3;

	if (a1 + b1 + d1 < c->m - 1) {
		if (d - d1 >= 3)
			d1 += 3;
		else if (a - a1 >= 3)
			a1 += 3;
		else
			b1 += 3;
	}
	c->sox = c->vx - a1;
	c->soy = c->vy - (a1 + b1);
	*nl = (a - a1) / 3;
	*nr = (b - b1) / 3;
	*nb = (d - d1) / 3;
}

/* Find a base solution and symmetry for local vacancy (lx, ly). */
static int pick_base(struct peg_construct *c, int lx, int ly)
{
	for (int i = 0; i < N_BASE; i++) {
		const char *v = base_sols[i].vacate;
		int bx = 0, by = 0;

		if (base_sols[i].m != c->m || parse_small_hole(&v, &bx, &by))
			continue;
		for (int g = 0; g < 6; g++) {
			int x = bx, y = by;

			sym_apply(g, c->m, &x, &y);
			if (x == lx && y == ly) {
				c->sub_name = base_sols[i].vacate;
				c->sub_g = g;
				c->n_sub = parse_base(base_sols[i].moves, c->sub,
						      MAX_SUB_JUMPS);
				return c->n_sub == c->m * (c->m + 1) / 2 - 2;
			}
		}
	}
	return 0;
}

void peg_construct_free(struct peg_construct *c)
{
	if (!c)
		return;
	free(c->bands);
	free(c->trap_band);
	free(c->fig9_band);
	free(c->inst);
	free(c);
}

size_t peg_construct_memory(int n, int collect)
{
	double holes = (double)peg_tri_index(0, n), bytes;

	/* pegs; the plan: a purge clears about 6 holes, 5% spare; the bands
	 * and the run's stack are small */
	bytes = holes + (holes / 6 * 1.05 + 1024) * sizeof(struct inst) +
		(double)(2 * (n / 3) + 4) * (sizeof(struct band) + 16) + 65536;
	if (collect)
		bytes += holes * sizeof(struct peg_jump);
	return (size_t)bytes;
}

/* Common checks and allocation; NULL with rc set on failure. */
static struct peg_construct *plan_new(int n, int vx, int vy, int *rc,
				      struct peg_err *err)
{
	struct peg_construct *c;
	size_t nb = (size_t)(2 * (n / 3) + 4);

	if (n < 1 || n > PEG_CONSTRUCT_MAX_SIDE) {
		peg_err_set(err, "board side %d out of range 1..%d", n,
			    PEG_CONSTRUCT_MAX_SIDE);
		*rc = PEG_CONSTRUCT_BAD;
		return NULL;
	}
	if (vx < 0 || vy < 0 || vx > vy || vy >= n) {
		peg_err_set(err, "hole (%d,%d) is not on T%d", vx, vy, n);
		*rc = PEG_CONSTRUCT_BAD;
		return NULL;
	}
	if (n < 4) {
		peg_err_set(err, "T%d cannot be solved to one peg from any "
				 "single vacancy (seed 000 Table 3: no "
				 "solvable pairs below T4)",
			    n);
		*rc = PEG_CONSTRUCT_NO;
		return NULL;
	}
	if (!peg_construct_feasible(n, vx, vy)) {
		char col[16];

		peg_column_letters(vx, col, sizeof(col));
		peg_err_set(err, "vacancy %s%d = (%d,%d) on T%d is in position "
				 "class EMPTY (n = 1 mod 3 and x+y = 0 mod 3): "
				 "no solution (seed 000 Theorem 2.1)",
			    col, vy + 1, vx, vy, n);
		*rc = PEG_CONSTRUCT_NO;
		return NULL;
	}
	c = calloc(1, sizeof(*c));
	if (c) {
		c->bands = calloc(nb, sizeof(*c->bands));
		c->trap_band = calloc(nb, sizeof(*c->trap_band));
		c->fig9_band = calloc(nb, sizeof(*c->fig9_band));
	}
	if (!c || !c->bands || !c->trap_band || !c->fig9_band) {
		peg_construct_free(c);
		peg_err_set(err, "out of memory");
		*rc = PEG_CONSTRUCT_NOMEM;
		return NULL;
	}
	c->cap_bands = (int)nb;
	c->n = n;
	c->vx = vx;
	c->vy = vy;
	*rc = PEG_CONSTRUCT_OK;
	return c;
}

int peg_construct_plan(int n, int vx, int vy, struct peg_construct **out,
		       struct peg_err *err)
{
	struct peg_construct *c;
	int nb, nl, nr, rc;
	unsigned char board[21];

	*out = NULL;
	c = plan_new(n, vx, vy, &rc, err);
	if (!c)
		return rc;
	c->m = n <= 6 ? n : (n % 3 == 1 ? 4 : n % 3 == 2 ? 5 : 6);
	place_sub(c, &nb, &nl, &nr);
	if (!pick_base(c, vx - c->sox, vy - c->soy)) {
		peg_err_set(err, "internal error: no T%d base solution for "
				 "(%d,%d)",
			    c->m, vx - c->sox, vy - c->soy);
		peg_construct_free(c);
		return PEG_CONSTRUCT_BAD;
	}
	/* where the last peg of the sub-board solution lands */
	memset(board, 1, sizeof(board));
	{
		int lx = vx - c->sox, ly = vy - c->soy, last = 0;

		/* undo the symmetry: replay in base coordinates */
		for (int y = 0; y < c->m; y++)
			for (int x = 0; x <= y; x++) {
				int X = x, Y = y;

				sym_apply(c->sub_g, c->m, &X, &Y);
				if (X == lx && Y == ly)
					board[peg_tri_index(x, y)] = 0;
			}
		for (int t = 0; t < c->n_sub; t++) {
			const struct peg_purge_jump *j = &c->sub[t];

			board[peg_tri_index(j->fx, j->fy)] = 0;
			board[peg_tri_index((j->fx + j->tx) / 2,
					    (j->fy + j->ty) / 2)] = 0;
			board[peg_tri_index(j->tx, j->ty)] = 1;
		}
		for (int y = 0; y < c->m; y++)
			for (int x = 0; x <= y; x++)
				if (board[peg_tri_index(x, y)]) {
					sub_to_board(c, x, y, &c->fx, &c->fy);
					last++;
				}
		if (last != 1) {
			peg_err_set(err, "internal error: base solution");
			peg_construct_free(c);
			return PEG_CONSTRUCT_BAD;
		}
	}
	if (new_inst(c, NULL, NULL, -1, 0) < 0) {
		peg_construct_free(c);
		peg_err_set(err, "out of memory");
		return PEG_CONSTRUCT_NOMEM;
	}
	rc = plan_bands(c, 0, vx, vy, c->m, c->sox, c->soy, nb, nl, nr,
			default_corner(nb	? PEG_EDGE_BOTTOM
				       : nl ? PEG_EDGE_LEFT
					    : PEG_EDGE_RIGHT),
			err);
	if (rc) {
		peg_construct_free(c);
		return rc;
	}
	*out = c;
	return PEG_CONSTRUCT_OK;
}

int peg_construct_plan_pair(int n, int vx, int vy, int fx, int fy,
			    struct peg_construct **out, struct peg_err *err)
{
	struct peg_construct *c;
	int rc, K = n, ox = 0, oy = 0, sx = vx, sy = vy, parent = -1;
	char sname[16], fname[16];

	*out = NULL;
	if (fx < 0 || fy < 0 || fx > fy || fy >= n) {
		peg_err_set(err, "hole (%d,%d) is not on T%d", fx, fy, n);
		return PEG_CONSTRUCT_BAD;
	}
	c = plan_new(n, vx, vy, &rc, err);
	if (!c)
		return rc;
	c->pair = 1;
	c->fx = fx;
	c->fy = fy;
	peg_column_letters(vx, sname, sizeof(sname));
	peg_column_letters(fx, fname, sizeof(fname));
	if (!peg_construct_pair_feasible(n, vx, vy, fx, fy)) {
		peg_err_set(err, "no solution from %s%d to %s%d on T%d: "
				 "the finish is not in the position class of "
				 "the start (seed 000 Theorem 2.2)",
			    sname, vy + 1, fname, fy + 1, n);
		peg_construct_free(c);
		return PEG_CONSTRUCT_NO;
	}
	for (;;) {
		/* distances of start and finish to the left, right and bottom
		 * edges of T_K; every edge that both are 3 or more rows from
		 * gives bands around a smaller core */
		int s_a = sx - ox, s_b = (sy - oy) - (sx - ox);
		int s_d = K - 1 - (sy - oy), f_a = fx - ox;
		int f_b = (fy - oy) - (fx - ox), f_d = K - 1 - (fy - oy);
		int L = (s_a < f_a ? s_a : f_a) / 3 * 3;
		int R = (s_b < f_b ? s_b : f_b) / 3 * 3;
		int D = (s_d < f_d ? s_d : f_d) / 3 * 3;
		int m = 6 + (K - 6) % 3, core, cx, cy, root, bi = -1;
		enum corner corner0;
		enum peg_construct_edge e0;

		if (K <= 8)
			L = R = D = 0;
		/* never below T6 (T4 and T5 are not freely solvable) */
		while (K - L - R - D < m && K > 8) {
			if (R)
				R -= 3;
			else if (L)
				L -= 3;
			else
				D -= 3;
		}
		core = K - L - R - D;
		cx = ox + L;
		cy = oy + L + R;
		e0 = D ? PEG_EDGE_BOTTOM : L ? PEG_EDGE_LEFT : PEG_EDGE_RIGHT;
		corner0 = default_corner(e0);
		if (core <= 8) {
			c->m = core;
			c->sox = cx;
			c->soy = cy;
			rc = pick_pair(c, sx - cx, sy - cy, fx - cx, fy - cy);
			if (rc <= 0) {
				if (rc == 0)
					peg_err_set(err, "no solution from "
							 "%s%d to %s%d on T%d "
							 "(exhaustive search; "
							 "seed 000 Table 3)",
						    sname, vy + 1, fname,
						    fy + 1, n);
				else
					peg_err_set(err, "internal error: no "
							 "T%d pair solution",
						    core);
				peg_construct_free(c);
				return rc == 0 ? PEG_CONSTRUCT_NO
					       : PEG_CONSTRUCT_BAD;
			}
			root = new_inst(c, NULL, NULL, -1, 0);
			if (root < 0)
				goto nomem;
		} else {
			rc = plan_fig9(c, core, cx, cy, sx, sy, fx, fy, &root,
				       &bi, err);
			if (rc) {
				peg_construct_free(c);
				return rc;
			}
			/* the first band's catalyst must lie in the rows the
			 * Figure 9 step clears */
			if (c->bands[bi].edge != e0)
				corner0 = shared_corner(e0, c->bands[bi].edge);
		}
		if (parent >= 0)
			attach(c, parent, root,
			       inst_len(c, &c->inst[parent]), 0);
		rc = plan_bands(c, root, sx, sy, core, cx, cy, D / 3, L / 3,
				R / 3, corner0, err);
		if (rc) {
			peg_construct_free(c);
			return rc;
		}
		if (bi < 0)
			break;
		parent = root;
		K = core - 3;
		ox = c->bands[bi].ox;
		oy = c->bands[bi].oy;
		sx = c->bands[bi].ux;
		sy = c->bands[bi].uy;
	}
	*out = c;
	return PEG_CONSTRUCT_OK;
nomem:
	peg_construct_free(c);
	peg_err_set(err, "out of memory");
	return PEG_CONSTRUCT_NOMEM;
}

/* --- running a plan ------------------------------------------------------ */

struct frame {
	int inst, pos, next; /* next: the next child to start, -1 none */
};

int peg_construct_run(const struct peg_construct *c, peg_construct_cb cb,
		      void *ctx, struct peg_err *err)
{
	long holes = peg_tri_index(0, c->n), left;
	unsigned char *pegs = malloc((size_t)holes);
	struct frame *stack = NULL;
	long depth = 0, cap = 0, count = 0;
	int rc = PEG_CONSTRUCT_OK;

	if (!pegs)
		goto nomem;
	memset(pegs, 1, (size_t)holes);
	pegs[peg_tri_index(c->vx, c->vy)] = 0;
	left = holes - 1;
	cap = 64;
	stack = malloc((size_t)cap * sizeof(*stack));
	if (!stack)
		goto nomem;
	stack[depth++] = (struct frame){0, 0, c->inst[0].child};
	while (depth) {
		struct frame *f = &stack[depth - 1];
		const struct inst *in = &c->inst[f->inst];
		struct peg_jump jp;
		int fx, fy, tx, ty;

		if (f->next >= 0 && c->inst[f->next].at == f->pos) {
			int ch = f->next;

			f->next = c->inst[ch].sibling;
			if (depth == cap) {
				struct frame *ns;

				cap *= 2;
				ns = realloc(stack, (size_t)cap * sizeof(*ns));
				if (!ns)
					goto nomem;
				stack = ns;
			}
			stack[depth++] = (struct frame){ch, 0, c->inst[ch].child};
			continue;
		}
		if (f->pos == inst_len(c, in)) {
			depth--;
			continue;
		}
		inst_jump(c, in, f->pos++, &fx, &fy, &tx, &ty);
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
	if (left != 1 || !pegs[peg_tri_index(c->fx, c->fy)]) {
		peg_err_set(err, "internal error: %ld pegs left", left);
		rc = PEG_CONSTRUCT_BAD;
	}
out:
	free(stack);
	free(pegs);
	return rc;
nomem:
	free(stack);
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
