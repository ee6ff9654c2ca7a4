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
#define MAX_SUB_JUMPS 19 /* T(6) - 2 */

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

struct band {
	enum peg_construct_edge edge;
	enum corner corner;
	int k, K;       /* side before and after */
	int ox, oy;     /* top corner before */
	int nx, ny;     /* top corner after */
	int g;          /* band frame -> T_K symmetry */
	int trap;       /* instance of the trapezoid */
	int n3, n6;
};

struct inst {
	const struct peg_purge *p; /* NULL: the sub-board solution */
	int band;                  /* -1 for the sub-board */
	int shift;                 /* column - 3 */
	int child[2];
	unsigned char at[2];
	unsigned char n_child;
	unsigned char seq; /* position in its 6-purge chain, for the map */
};

struct peg_construct {
	int n, vx, vy;
	int m, sox, soy, sub_g, sub_base;
	int n_sub;
	struct peg_purge_jump sub[MAX_SUB_JUMPS];
	int fx, fy;
	int n_bands;
	struct band *bands;
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

	if (!in->p) {
		j = &c->sub[t];
		sub_to_board(c, j->fx, j->fy, fx, fy);
		sub_to_board(c, j->tx, j->ty, tx, ty);
		return;
	}
	j = &in->p->jumps[t];
	band_to_board(&c->bands[in->band], in->shift, j->fx, j->fy, fx, fy);
	band_to_board(&c->bands[in->band], in->shift, j->tx, j->ty, tx, ty);
}

static int inst_len(const struct peg_construct *c, const struct inst *in)
{
	return in->p ? in->p->n_jumps : c->n_sub;
}

static int new_inst(struct peg_construct *c, const struct peg_purge *p,
		    int band, int shift)
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
	in->band = band;
	in->shift = shift;
	in->child[0] = in->child[1] = -1;
	return (int)c->n_inst++;
}

static void attach(struct peg_construct *c, int parent, int child, int at)
{
	struct inst *in = &c->inst[parent];

	/* at most two children: keep them sorted by step */
	if (in->n_child == 1 && in->at[0] > at) {
		in->child[1] = in->child[0];
		in->at[1] = in->at[0];
		in->child[0] = child;
		in->at[0] = (unsigned char)at;
	} else {
		in->child[in->n_child] = child;
		in->at[in->n_child] = (unsigned char)at;
	}
	in->n_child++;
}

/* Watched holes during a purge's own jumps (band frame, unshifted). */
static int hole_is(int x, int y, const struct peg_purge_hole *h)
{
	return x == h->x && y == h->y;
}

static void play_watch(const struct peg_purge_jump *j,
		       const struct peg_purge_hole *w, int nw,
		       unsigned char *st)
{
	int ox = (j->fx + j->tx) / 2, oy = (j->fy + j->ty) / 2;

	for (int i = 0; i < nw; i++) {
		if (hole_is(j->fx, j->fy, &w[i]) || hole_is(ox, oy, &w[i]))
			st[i] = 0;
		else if (hole_is(j->tx, j->ty, &w[i]))
			st[i] = 1;
	}
}

/* First step of p (0 = before its first jump) at which the two watched
 * holes are unlike; st gets their state.  -1 if never. */
static int first_unlike(const struct peg_purge *p,
			const struct peg_purge_hole *w, unsigned char *st)
{
	st[0] = st[1] = 1;
	for (int t = 0; t < p->n_jumps; t++) {
		play_watch(&p->jumps[t], w, 2, st);
		if (st[0] != st[1])
			return t + 1;
	}
	return -1;
}

/* First step of a trapezoid with c4 empty and e6 full (3-purge start). */
static int first_c4_e6(const struct peg_purge *p)
{
	static const struct peg_purge_hole w[2] = {{2, 3}, {4, 5}};
	unsigned char st[2] = {1, 1};

	for (int t = 0; t < p->n_jumps; t++) {
		play_watch(&p->jumps[t], w, 2, st);
		if (!st[0] && st[1])
			return t + 1;
	}
	return -1;
}

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

/* Step of instance i right after its first jump touching any of the three
 * holes (hx, hy), or 0 when they are unlike before it starts; st gets their
 * state then.  -1 when they never become unlike (cannot happen). */
static int triple_moment(const struct peg_construct *c, const struct inst *in,
			 const int *hx, const int *hy, unsigned char *st)
{
	int len = inst_len(c, in);

	for (int i = 0; i < 3; i++)
		st[i] = !in->p && hx[i] == c->vx && hy[i] == c->vy ? 0 : 1;
	if (st[0] + st[1] + st[2] != 3)
		return 0;
	for (int t = 0; t < len; t++) {
		int fx, fy, tx, ty, ox, oy, hit = 0;

		inst_jump(c, in, t, &fx, &fy, &tx, &ty);
		ox = (fx + tx) / 2;
		oy = (fy + ty) / 2;
		for (int i = 0; i < 3; i++) {
			if ((hx[i] == fx && hy[i] == fy) ||
			    (hx[i] == ox && hy[i] == oy)) {
				st[i] = 0;
				hit = 1;
			} else if (hx[i] == tx && hy[i] == ty) {
				st[i] = 1;
				hit = 1;
			}
		}
		if (hit) {
			int sum = st[0] + st[1] + st[2];

			return sum > 0 && sum < 3 ? t + 1 : -1;
		}
	}
	return -1;
}

static int plan_band(struct peg_construct *c, int j, int prev_trap,
		     int prev_last6, struct peg_err *err)
{
	static const struct peg_purge_hole top_next[2] = {{3, 3}, {4, 3}};
	static const struct peg_purge_hole bot_next[2] = {{5, 5}, {6, 5}};
	static const struct peg_purge_hole top_first[2] = {{1, 3}, {2, 3}};
	struct band *b = &c->bands[j];
	int hx[3], hy[3], owner, at, t, w, prev, first_col, n6;
	unsigned char st[3];
	const struct peg_purge *p;
	const struct peg_purge_hole *next;
	enum peg_purge_kind kind6;

	b->g = band_sym(b);
	for (int i = 0; i < 3; i++)
		band_to_board(b, 0, i, 2, &hx[i], &hy[i]);
	/* who owns the catalyst */
	if (j == 0) {
		owner = 0;
	} else {
		owner = prev_trap;
		for (int i = 0; i < 3; i++)
			if (!inst_has(c, &c->inst[prev_trap], hx[i], hy[i]))
				owner = prev_last6;
		for (int i = 0; i < 3 && owner >= 0; i++)
			if (!inst_has(c, &c->inst[owner], hx[i], hy[i]))
				owner = -1;
	}
	at = owner >= 0 ? triple_moment(c, &c->inst[owner], hx, hy, st) : -1;
	p = at >= 0 ? peg_purge_find(PEG_PURGE_TRAPEZOID, st) : NULL;
	if (!p) {
		peg_err_set(err, "internal error: no catalyst for band %d", j);
		return PEG_CONSTRUCT_BAD;
	}
	t = new_inst(c, p, j, 0);
	if (t < 0)
		goto nomem;
	b->trap = t;
	c->n_trap++;
	attach(c, owner, t, at);

	/* the parallelogram: columns 3 .. k */
	w = b->k - 2;
	prev = t;
	if (w % 2) {
		int i3 = new_inst(c, peg_purge_find(PEG_PURGE_3,
						    (const unsigned char *)"\0\1"),
				  j, 0);

		if (i3 < 0)
			goto nomem;
		at = first_c4_e6(c->inst[t].p);
		if (at < 0) {
			peg_err_set(err, "internal error: no 3-purge catalyst "
					 "in band %d",
				    j);
			return PEG_CONSTRUCT_BAD;
		}
		attach(c, t, i3, at);
		c->n_3++;
		b->n3 = 1;
		prev = i3;
		first_col = 4;
		kind6 = PEG_PURGE_6_BOTTOM;
		next = bot_next;
	} else {
		first_col = 3;
		kind6 = PEG_PURGE_6_TOP;
		next = top_next;
	}
	n6 = 0;
	for (int col = first_col; col < b->k; col += 2) {
		int i6;

		if (col == first_col && b->n3) {
			st[0] = 1; /* e6 full at the 3-purge's start */
			st[1] = 0; /* f6 just emptied by it */
			at = c->inst[prev].p->n_jumps;
		} else if (col == first_col) {
			at = first_unlike(c->inst[prev].p, top_first, st);
		} else {
			at = first_unlike(c->inst[prev].p, next, st);
		}
		p = at >= 0 ? peg_purge_find(kind6, st) : NULL;
		if (!p) {
			peg_err_set(err, "internal error: no 6-purge catalyst "
					 "in band %d",
				    j);
			return PEG_CONSTRUCT_BAD;
		}
		i6 = new_inst(c, p, j, col - 3);
		if (i6 < 0)
			goto nomem;
		c->inst[i6].seq = (unsigned char)(n6 & 1);
		attach(c, prev, i6, at);
		prev = i6;
		n6++;
	}
	b->n6 = n6;
	c->n_6 += n6;
	return PEG_CONSTRUCT_OK;
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
				c->sub_base = i;
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
	free(c->inst);
	free(c);
}

int peg_construct_plan(int n, int vx, int vy, struct peg_construct **out,
		       struct peg_err *err)
{
	struct peg_construct *c;
	int nb, nl, nr, rc, prev_trap = -1, prev_last6 = -1;
	unsigned char board[21];

	*out = NULL;
	if (n < 1 || n > PEG_CONSTRUCT_MAX_SIDE) {
		peg_err_set(err, "board side %d out of range 1..%d", n,
			    PEG_CONSTRUCT_MAX_SIDE);
		return PEG_CONSTRUCT_BAD;
	}
	if (vx < 0 || vy < 0 || vx > vy || vy >= n) {
		peg_err_set(err, "hole (%d,%d) is not on T%d", vx, vy, n);
		return PEG_CONSTRUCT_BAD;
	}
	if (n < 4) {
		peg_err_set(err, "T%d cannot be solved to one peg from any "
				 "single vacancy (seed 000 Table 3: no "
				 "solvable pairs below T4)",
			    n);
		return PEG_CONSTRUCT_NO;
	}
	if (!peg_construct_feasible(n, vx, vy)) {
		char col[16];

		peg_column_letters(vx, col, sizeof(col));
		peg_err_set(err, "vacancy %s%d = (%d,%d) on T%d is in position "
				 "class EMPTY (n = 1 mod 3 and x+y = 0 mod 3): "
				 "no solution (seed 000 Theorem 2.1)",
			    col, vy + 1, vx, vy, n);
		return PEG_CONSTRUCT_NO;
	}
	c = calloc(1, sizeof(*c));
	if (!c)
		goto nomem;
	c->n = n;
	c->vx = vx;
	c->vy = vy;
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
	c->n_bands = nb + nl + nr;
	c->bands = calloc((size_t)c->n_bands + 1, sizeof(*c->bands));
	if (!c->bands)
		goto nomem;
	if (new_inst(c, NULL, -1, 0) < 0)
		goto nomem;
	{
		int ox = c->sox, oy = c->soy, k = c->m;

		for (int j = 0; j < c->n_bands; j++) {
			struct band *b = &c->bands[j];

			b->edge = j < nb			? PEG_EDGE_BOTTOM
				  : j < nb + nl ? PEG_EDGE_LEFT
						: PEG_EDGE_RIGHT;
			b->k = k;
			b->K = k + 3;
			b->ox = ox;
			b->oy = oy;
			b->nx = ox - (b->edge == PEG_EDGE_LEFT ? 3 : 0);
			b->ny = oy - (b->edge == PEG_EDGE_BOTTOM ? 0 : 3);
			if (j > 0 && b->edge != b[-1].edge)
				b->corner = shared_corner(b[-1].edge, b->edge);
			else if (j > 0)
				b->corner = b[-1].corner;
			else if (b->edge == PEG_EDGE_RIGHT)
				b->corner = CORNER_BR;
			else
				b->corner = CORNER_BL;
			rc = plan_band(c, j, prev_trap, prev_last6, err);
			if (rc) {
				peg_construct_free(c);
				return rc;
			}
			prev_trap = b->trap;
			prev_last6 = (int)c->n_inst - 1;
			ox = b->nx;
			oy = b->ny;
			k += 3;
		}
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
	int inst;
	unsigned char pos, next;
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
	stack[depth++] = (struct frame){0, 0, 0};
	while (depth) {
		struct frame *f = &stack[depth - 1];
		const struct inst *in = &c->inst[f->inst];
		struct peg_jump jp;
		int fx, fy, tx, ty;

		if (f->next < in->n_child && in->at[f->next] == f->pos) {
			int ch = in->child[f->next++];

			if (depth == cap) {
				struct frame *ns;

				cap *= 2;
				ns = realloc(stack, (size_t)cap * sizeof(*ns));
				if (!ns)
					goto nomem;
				stack = ns;
			}
			stack[depth++] = (struct frame){ch, 0, 0};
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
	info->sub_base = base_sols[c->sub_base].vacate;
	info->sub_sym = c->sub_g;
	info->n_bands = c->n_bands;
	info->n_purges = c->n_inst - 1;
	info->n_trapezoid = c->n_trap;
	info->n_3purge = c->n_3;
	info->n_6purge = c->n_6;
	info->n_jumps = peg_tri_index(0, c->n) - 2;
	info->plan_bytes = sizeof(*c) + (size_t)c->cap_inst * sizeof(*c->inst) +
			   ((size_t)c->n_bands + 1) * sizeof(*c->bands);
}

void peg_construct_get_band(const struct peg_construct *c, int i,
			    struct peg_construct_band *out)
{
	const struct band *b = &c->bands[i];
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

void peg_construct_region_map(const struct peg_construct *c, char *labels)
{
	for (int y = 0; y < c->m; y++)
		for (int x = 0; x <= y; x++) {
			int X, Y;

			sub_to_board(c, x, y, &X, &Y);
			labels[peg_tri_index(X, Y)] = 'S';
		}
	for (long i = 1; i < c->n_inst; i++) {
		const struct inst *in = &c->inst[i];
		char ch = in->p->kind == PEG_PURGE_TRAPEZOID ? 'T'
			  : in->p->kind == PEG_PURGE_3	     ? '3'
			  : in->seq			     ? 'o'
							     : '6';

		for (int r = 0; r < in->p->n_region; r++) {
			int X, Y;

			band_to_board(&c->bands[in->band], in->shift,
				      in->p->region[r].x, in->p->region[r].y,
				      &X, &Y);
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
