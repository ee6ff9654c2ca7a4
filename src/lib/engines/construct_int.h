/* construct_int.h - internals of the constructive solver shared by its
 * driver (construct.c: base and pair solutions, the plan entry points),
 * the band planner (construct_bands.c: purges, catalyst moments, Figure 9
 * steps) and the runner (construct_run.c: playing, describing and
 * verifying a plan).  See construct.h and docs/construct.md.
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
#ifndef PEGSOL_CONSTRUCT_INT_H
#define PEGSOL_CONSTRUCT_INT_H

#include "pegsol/construct.h"
#include "pegsol/purges.h"

#include "construct_pairs.h"

#include <stdlib.h>

#define MAX_SUB_JUMPS 34 /* T(8) - 2: the pair table goes to T8 */

/* --- symmetries of T_K (seed 000 Appendix A) --------------------------- */

/* g = 0..5 is r^(g mod 3) after f^(g / 3): i, r, r^2, f, rf, r^2f with
 * f(x,y) = (y-x, y) and r(x,y) = (y-x, K-1-x). */
static inline void sym_apply(int g, int K, int *x, int *y)
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

/* A frame of the depth-first walk that plays a plan (construct_run.c)
 * or watches it (construct_bands.c): instance, jumps of it played, the
 * next child to start (-1 none). */
struct walk_frame {
	int inst, pos, next;
};

/* Board coordinates of band-frame hole (x, y) of a purge shifted by shift. */
static inline void band_to_board(const struct band *b, int shift, int x, int y,
			  int *X, int *Y)
{
	int u = x + shift, v = y + b->k - 3;

	sym_apply(b->g, b->K, &u, &v);
	*X = u + b->nx;
	*Y = v + b->ny;
}

static inline void sub_to_board(const struct peg_construct *c, int x, int y, int *X,
			 int *Y)
{
	sym_apply(c->sub_g, c->m, &x, &y);
	*X = x + c->sox;
	*Y = y + c->soy;
}

/* Jump t of instance i in board coordinates (from and to). */
static inline void inst_jump(const struct peg_construct *c, const struct inst *in,
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

static inline int inst_len(const struct peg_construct *c, const struct inst *in)
{
	return in->p ? in->p->n_jumps : in->f9 ? in->f9->n_jumps : c->n_sub;
}

/* A depth-first walk of the instance tree below root, jump by jump, each
 * child spliced in at its moment: walk_init, then walk_next until it
 * returns 0; walk_free (also after -2). */
struct walk {
	struct walk_frame *stk;
	long depth, cap;
};

/* 0, or -2 out of memory. */
static inline int walk_init(struct walk *w, const struct peg_construct *c,
			    int root)
{
	w->cap = 64;
	w->depth = 0;
	w->stk = malloc((size_t)w->cap * sizeof(*w->stk));
	if (!w->stk)
		return -2;
	w->stk[w->depth++] = (struct walk_frame){root, 0, c->inst[root].child};
	return 0;
}

/* The next jump in board coordinates: 1 with *at its frame (inst, and pos
 * just past the jump), 0 at the end, -2 out of memory. */
static inline int walk_next(struct walk *w, const struct peg_construct *c,
			    int *fx, int *fy, int *tx, int *ty,
			    const struct walk_frame **at)
{
	while (w->depth) {
		struct walk_frame *f = &w->stk[w->depth - 1];
		const struct inst *in = &c->inst[f->inst];

		if (f->next >= 0 && c->inst[f->next].at == f->pos) {
			int ch = f->next;

			f->next = c->inst[ch].sibling;
			if (w->depth == w->cap) {
				struct walk_frame *ns;

				ns = realloc(w->stk,
					     (size_t)w->cap * 2 * sizeof(*ns));
				if (!ns)
					return -2;
				w->stk = ns;
				w->cap *= 2;
			}
			w->stk[w->depth++] =
				(struct walk_frame){ch, 0, c->inst[ch].child};
			continue;
		}
		if (f->pos == inst_len(c, in)) {
			w->depth--;
			continue;
		}
		inst_jump(c, in, f->pos++, fx, fy, tx, ty);
		*at = f;
		return 1;
	}
	return 0;
}

static inline void walk_free(struct walk *w)
{
	free(w->stk);
	w->stk = NULL;
}

/* --- corners of a band ---------------------------------------------------- */

static inline enum corner shared_corner(enum peg_construct_edge a,
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

static inline void corner_xy(enum corner k, int K, int *x, int *y)
{
	*x = k == CORNER_BR ? K - 1 : 0;
	*y = k == CORNER_TOP ? 0 : K - 1;
}

static inline enum corner other_corner(enum peg_construct_edge e, enum corner k)
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

static inline enum corner default_corner(enum peg_construct_edge e)
{
	return e == PEG_EDGE_RIGHT ? CORNER_BR : CORNER_BL;
}

/* construct_bands.c */
int pegcx_new_inst(struct peg_construct *c, const struct peg_purge *p,
		   const struct peg_fig9 *f9, int band, int shift);
void pegcx_attach(struct peg_construct *c, int parent, int child, int at,
		  int before);
int pegcx_plan_bands(struct peg_construct *c, int root, int vx, int vy,
		     int k, int ox, int oy, int nb, int nl, int nr,
		     enum corner corner0, struct peg_err *err);
int pegcx_plan_fig9(struct peg_construct *c, int K, int cx, int cy, int vx,
		    int vy, int fx, int fy, int *root, int *bi,
		    struct peg_err *err);

#endif
