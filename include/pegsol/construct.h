/* construct.h - the constructive (search-free) solver for triangular boards
 * T_n (seed 000 section 3.2).
 *
 * A feasible single vacancy on T_n, n >= 4, is solved without search:
 *
 *   1. A sub-board T_m, m in {4, 5, 6} with m = n (mod 3), is placed so that
 *      it encloses the vacancy and its three edges lie a multiple of 3 rows
 *      from the edges of T_n.  A known solution on T_m (seed 000 Appendix
 *      B.2, rotated or reflected) solves it.
 *   2. The rest of T_n is a sequence of "bands": three rows along one edge
 *      of the triangle solved so far, each turning T_k into T_(k+3).  A band
 *      is cleared by a trapezoid purge at one corner, then a 3-purge when
 *      the band needs an odd number of columns, then 6-purges (purges.h).
 *   3. Each purge starts at a moment when its catalyst is unlike: the
 *      trapezoid when the three holes along the edge it grows from first
 *      change (a single jump cannot empty all three), the 3- and 6-purges at
 *      a fixed step of the purge to their left.  The solution is the
 *      sub-board solution with every purge spliced in at its moment, which
 *      is Bell's scheduling rule with the moments known in advance.
 *
 * Everything is linear in the number of holes T(n) = n(n+1)/2: the plan
 * holds one record per purge, the jumps are generated one by one and each is
 * checked against a byte array of the board before it is handed out.
 *
 * Pairs (vacate, finish), seed 000 section 3.3, peg_construct_plan_pair:
 * on T4..T8 a table of solutions (one per feasible pair up to symmetry,
 * found offline by the exhaustive solver); for n >= 9 an induction with
 * no search:
 *   - when start and finish both lie 3 or more rows from an edge, that edge
 *     becomes a band of the single-vacancy kind around a smaller triangle
 *     (as many as fit: a "core" T_c sharing its edges' residues with T_n);
 *   - when the core is still larger than T8, no edge has both holes 3 rows
 *     away, so (n >= 8) some edge has the start within 3 rows and the
 *     finish not: a Figure 9 purge (purges.h) around the start empties
 *     those three rows, with 3- and 6-purges to both sides, and leaves a
 *     single vacancy in the row above; the core minus those rows is solved
 *     the same way from that vacancy.
 *
 * Holes are skew coordinates (x, y), 0 <= x <= y < n, a1 = (0,0); the hole
 * index is row-major, y(y+1)/2 + x, the same as peg_board_parse("T<n>").
 */
#ifndef PEGSOL_CONSTRUCT_H
#define PEGSOL_CONSTRUCT_H

#include "pegsol/board.h"

/* Status codes; they equal the CLI exit codes (error.h). */
enum peg_construct_status {
	PEG_CONSTRUCT_OK = PEG_EXIT_YES,
	PEG_CONSTRUCT_NO = PEG_EXIT_NO,          /* unsolvable (err says why) */
	PEG_CONSTRUCT_BAD = PEG_EXIT_INPUT,      /* bad arguments */
	PEG_CONSTRUCT_NOMEM = PEG_EXIT_RESOURCE  /* out of memory */
};

/* Largest side accepted (T(n) and the jump count fit an int). */
#define PEG_CONSTRUCT_MAX_SIDE 20000

/* Hole index of (x, y) on a triangle. */
static inline long peg_tri_index(int x, int y)
{
	return (long)y * (y + 1) / 2 + x;
}

/* Is vacating (x, y) on T_n feasible (seed 000 Theorem 2.1)?  1 yes, 0 no
 * (position class EMPTY, or n < 4). */
int peg_construct_feasible(int n, int x, int y);

struct peg_construct;

/* Plan the solution of T_n from the vacancy (vx, vy).  Returns
 * PEG_CONSTRUCT_OK and *out (free with peg_construct_free), or
 * PEG_CONSTRUCT_NO with err giving the reason (Theorem 2.1), or
 * PEG_CONSTRUCT_BAD / PEG_CONSTRUCT_NOMEM. */
int peg_construct_plan(int n, int vx, int vy, struct peg_construct **out,
		       struct peg_err *err);

/* Is the pair (sx, sy) -> (fx, fy) on T_n feasible (seed 000 Theorem 2.2,
 * the position class condition)?  1 yes, 0 no.  For n >= 6 every feasible
 * pair is solvable; on T4 and T5 some are not (Table 3). */
int peg_construct_pair_feasible(int n, int sx, int sy, int fx, int fy);

/* Plan the solution of T_n from the vacancy (vx, vy) ending with one peg at
 * (fx, fy) (seed 000 section 3.3).  Returns PEG_CONSTRUCT_OK and *out, or
 * PEG_CONSTRUCT_NO with the reason (Theorem 2.1 or 2.2, or for T4/T5 a pair
 * that the exhaustive search showed unsolvable, Table 3), or
 * PEG_CONSTRUCT_BAD / PEG_CONSTRUCT_NOMEM. */
int peg_construct_plan_pair(int n, int vx, int vy, int fx, int fy,
			    struct peg_construct **out, struct peg_err *err);

/* The base table: one entry per feasible pair up to symmetry on T4..T8
 * (seed 000 Table 3: 3, 17, 29, 27, 80), moves in Bell's notation or NULL
 * when the pair is unsolvable (only on T4 and T5). */
struct peg_pair_sol {
	int m;              /* board side */
	const char *vacate; /* "b2" */
	const char *finish;
	const char *moves;
};

int peg_construct_pair_count(void);
const struct peg_pair_sol *peg_construct_pair_get(int i);

void peg_construct_free(struct peg_construct *c);

/* Peak bytes planning and running T_n take, from n alone (1 <= n <=
 * PEG_CONSTRUCT_MAX_SIDE), so a caller can refuse a run before it
 * allocates: the byte board (T(n) bytes), the plan (one record per purge,
 * about T(n)/6 of them) and, with collect set, the jump list of
 * peg_construct_jumps (T(n) - 2 jumps).  An estimate a few percent above
 * the measured peak (T5000: 96 MB running, 250 MB collecting). */
size_t peg_construct_memory(int n, int collect);

/* Called once per jump, in order; a nonzero return stops the run. */
typedef int (*peg_construct_cb)(const struct peg_jump *j, void *ctx);

/* Generate the solution: every jump is checked on a byte array of the board
 * (start = full minus the vacancy) before cb sees it, and at the end exactly
 * one peg must remain.  cb may be NULL.  Returns PEG_CONSTRUCT_OK, or
 * PEG_CONSTRUCT_BAD if a jump is illegal or the end is not one peg (a bug:
 * err says where), or PEG_CONSTRUCT_NOMEM, or the callback's nonzero value
 * when it stops the run. */
int peg_construct_run(const struct peg_construct *c, peg_construct_cb cb,
		      void *ctx, struct peg_err *err);

/* Generate and collect: *jumps (malloc'd, *n_jumps = T(n) - 2) after the
 * whole list has been verified. */
int peg_construct_jumps(const struct peg_construct *c, struct peg_jump **jumps,
			long *n_jumps, struct peg_err *err);

/* Replay jumps (hole indices) on T_n from the full board minus (vx, vy)
 * with a byte array: 0 when every jump is legal and exactly one peg is left
 * (at (fx, fy) unless fx < 0), else PEG_CONSTRUCT_BAD with err saying which
 * jump or what is left, or PEG_CONSTRUCT_NOMEM. */
int peg_construct_verify(int n, int vx, int vy, const struct peg_jump *jumps,
			 long n_jumps, int fx, int fy, struct peg_err *err);

/* What a plan is made of, for --explain and --stats. */
struct peg_construct_info {
	int n;              /* board side */
	int vx, vy;         /* the vacancy */
	int fx, fy;         /* where the last peg ends */
	int m;              /* sub-board side (4, 5 or 6) */
	int sub_x, sub_y;   /* its top corner on T_n */
	const char *sub_base; /* the Appendix B.2 vacancy used, e.g. "a1";
				 for a pair the base table's vacancy */
	const char *sub_finish; /* pairs: the base table's finish, else NULL */
	int pair;           /* planned by peg_construct_plan_pair */
	int n_fig9;         /* Figure 9 steps (pairs) */
	int sub_sym;        /* symmetry applied to it: 0..5 = i, r, r^2, f,
			       rf, r^2f (seed 000 Appendix A) */
	int n_bands;
	long n_purges;      /* every purge, trapezoids included */
	long n_trapezoid, n_3purge, n_6purge;
	long n_jumps;       /* T(n) - 2 */
	size_t plan_bytes;  /* memory held by the plan */
};

void peg_construct_get_info(const struct peg_construct *c,
			    struct peg_construct_info *info);

/* Edges of the triangle solved so far, along which a band is added. */
enum peg_construct_edge {
	PEG_EDGE_BOTTOM, /* rows below */
	PEG_EDGE_LEFT,   /* columns x = 0 side */
	PEG_EDGE_RIGHT   /* the x = y side */
};

/* One band: T_k at (ox, oy) grows to T_(k+3) at (nx, ny). */
struct peg_construct_band {
	enum peg_construct_edge edge;
	int k;             /* side before */
	int ox, oy;        /* top corner before */
	int nx, ny;        /* top corner after */
	int corner_x, corner_y; /* the corner of T_(k+3) at the trapezoid */
	const char *trapezoid; /* variant name, "trapezoid-011" */
	int n_3purge, n_6purge;
	int cat_x[3], cat_y[3]; /* the trapezoid's catalyst holes */
};

/* Band i (0 <= i < n_bands) in the order they are grown. */
void peg_construct_get_band(const struct peg_construct *c, int i,
			    struct peg_construct_band *band);

/* One Figure 9 step of a pair plan: T_K at (nx, ny) loses the three rows
 * along `edge` and keeps T_(K-3). */
struct peg_construct_fig9 {
	enum peg_construct_edge edge;
	int K;             /* side before */
	int nx, ny;        /* top corner of T_K */
	const char *purge; /* "fig9-c5" */
	int vx, vy;        /* the vacancy in the three rows */
	int ux, uy;        /* the vacancy left in the row above */
	int n_left, n_right; /* columns cleared by 3-/6-purges on each side */
};

/* Figure 9 step i (0 <= i < n_fig9), outermost first. */
void peg_construct_get_fig9(const struct peg_construct *c, int i,
			    struct peg_construct_fig9 *out);

/* Region map: for every hole (index order) a code: 'S' sub-board, 'T'
 * trapezoid, 'F' Figure 9 purge, '3' 3-purge, '6' and 'o' alternate
 * 6-purges; labels has T(n) bytes (no terminator). */
void peg_construct_region_map(const struct peg_construct *c, char *labels);

/* --- Rhombus(n) and Hexagon(n) (seed 000 section 5, Conclusions: "these solution
 * extension techniques can also be applied to other board shapes ...
 * such as rhombus and hexagonal"; docs/construct.md) ---------------------
 *
 * The board is reduced, three lattice lines at a time, by "bands" along
 * its sides (rhombus: three rows or three columns; hexagon: three lines
 * along any of its six sides, so that six bands peel a ring of width 3)
 * down to a small base board around the vacancy (a parallelogram of sides
 * 4..6, or a hexagon-like region of extent 5..7 along each lattice
 * direction), which is solved by the exhaustive solver (bounded).  Each
 * band is cleared by a corner purge (catalyst: three holes of the solved
 * region next to it) followed by the 3- and 6-purges of purges.h along
 * its columns.  A purge starts as soon as its catalyst is in one of its
 * states and its region is full (Bell's rule, played as the solution is
 * generated), so the run is linear in the holes.  Every jump is checked on
 * a byte array of the board before the callback sees it, and the end must
 * be one peg.
 *
 * Coordinates are those of the board family: rhombus (x, y), 0 <= x, y <
 * n; hexagon (x, y), 0 <= x, y <= 2(n-1), |x - y| <= n - 1; hole index
 * row-major, the same as peg_board_parse("rhombus:N" / "hexagon:N"). */
enum peg_construct_shape {
	PEG_SHAPE_RHOMBUS,
	PEG_SHAPE_HEXAGON
};

/* Largest side accepted (hexagon: 12 million holes). */
#define PEG_CONSTRUCT_SHAPE_MAX_SIDE 2000

/* Holes of the board (n >= 1). */
long peg_construct_shape_holes(enum peg_construct_shape s, int n);

/* Hole index of (x, y), or -1 when (x, y) is not on the board. */
long peg_construct_shape_index(enum peg_construct_shape s, int n, int x,
			       int y);

/* (x, y) of hole index i (0 <= i < holes). */
void peg_construct_shape_xy(enum peg_construct_shape s, int n, long i,
			    int *x, int *y);

struct peg_construct_shape_plan;

/* Plan the solution from the vacancy (vx, vy) to one peg anywhere.
 * PEG_CONSTRUCT_OK and *out (free with peg_construct_shape_free);
 * PEG_CONSTRUCT_NO with err saying why (no single peg in the start's
 * position class, or the board is small and the exhaustive search of the
 * whole board finds none); PEG_CONSTRUCT_BAD; PEG_CONSTRUCT_NOMEM (memory
 * or the base search's node budget). */
int peg_construct_shape_plan(enum peg_construct_shape s, int n, int vx,
			     int vy, struct peg_construct_shape_plan **out,
			     struct peg_err *err);

void peg_construct_shape_free(struct peg_construct_shape_plan *c);

/* Generate and check the solution (as peg_construct_run). */
int peg_construct_shape_run(const struct peg_construct_shape_plan *c,
			    peg_construct_cb cb, void *ctx,
			    struct peg_err *err);

/* Peak bytes of planning and running (collect: plus the jump list), from
 * n alone, so a run can be refused before it allocates. */
size_t peg_construct_shape_memory(enum peg_construct_shape s, int n,
				  int collect);

struct peg_construct_shape_info {
	enum peg_construct_shape shape;
	int n, vx, vy;
	int fx, fy;            /* where the last peg ends */
	int base_holes;        /* the base board solved by search */
	int base_x0, base_y0;  /* its lowest row's first hole ... */
	int base_w, base_h;    /* ... and its extent in x and y */
	long base_nodes;       /* nodes of that search */
	int n_bands;
	long n_purges;         /* corner, 3- and 6-purges */
	long n_corner, n_3purge, n_6purge;
	long n_jumps;          /* holes - 2 */
	int band_types[3];     /* bands by type: P (parallel ends), T
				  (trapezoid corner), H (hexagon corner) */
};

void peg_construct_shape_get_info(const struct peg_construct_shape_plan *c,
				  struct peg_construct_shape_info *info);

#endif
