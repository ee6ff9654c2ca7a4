/* purges.h - block removals (purges) on the triangular lattice, as data.
 *
 * A purge clears a region of pegs using a catalyst: a few holes that must be
 * "unlike" (not all empty, not all full) and are restored at the end (seed
 * 000 section 3.1, Figure 5).  No jump touches a hole outside region and
 * catalyst.  These are the building blocks of the constructive solver
 * (construct.h).
 *
 * All purges are given in one frame, the "band frame": skew coordinates
 * (x, y) of a board T6 extended to the right, where rows y = 3, 4, 5 are the
 * three rows to clear and row y = 2 is the last row of the board above them.
 * Names are Bell's (a3 = (0,2)):
 *
 *   y=2   a3 b3 c3                       U U U  trapezoid catalyst
 *   y=3   a4 b4 c4 | d4 e4 f4 g4 ...     trapezoid: a4..c4, a5..d5, a6..e6
 *   y=4   a5 b5 c5 d5 | e5 f5 g5 ...
 *   y=5   a6 b6 c6 d6 e6 | f6 g6 h6 ...
 *
 * The rest of the three rows is a parallelogram of "columns": column c is
 * (c,3), (c+1,4), (c+2,5), so column 3 is d4 e5 f6.  The 3-purge clears
 * column 3, the 6-purge columns 3 and 4; to use them at column c shift every
 * x by c - 3.
 *
 *   trapezoid  region a4..c4, a5..d5, a6..e6, catalyst a3 b3 c3: six states
 *              (seed 000 Appendix B.1 gives three, the other three are the
 *              same jumps in reverse order: the time-reversal trick, a jump
 *              list taking A to B takes complement(B) to complement(A))
 *   3-purge    region d4 e5 f6, catalyst c4 empty + e4 full (e4 lies in the
 *              next column, so the 3-purge cannot end a row), or the
 *              alternative catalyst e6 empty + g6 full
 *   6-purge    region d4 e4 e5 f5 f6 g6, catalyst the pair to the left of
 *              its top row (b4 c4) or of its bottom row (d6 e6), either
 *              unlike state
 *
 * The 3- and 6-purge sequences were found by a small exhaustive search and
 * chosen so that the pair the next 6-purge needs (d4 e4 or f6 g6) is unlike
 * at some moment: that is what lets 6-purges be chained along a row.
 */
#ifndef PEGSOL_PURGES_H
#define PEGSOL_PURGES_H

enum peg_purge_kind {
	PEG_PURGE_TRAPEZOID, /* 12 holes, catalyst of 3 */
	PEG_PURGE_3,         /* 3 holes, catalyst empty + full */
	PEG_PURGE_6_TOP,     /* 6 holes, catalyst pair left of the top row */
	PEG_PURGE_6_BOTTOM,  /* 6 holes, catalyst pair left of the bottom row */
	PEG_PURGE_TRAPEZOID_WIDE /* Bell's wider trapezoid (seed 000 section
				    3.2, his program's T5-T7): a4..d4,
				    a5..e5, a6..f6 under a3 b3 c3, 15 holes;
				    data only, not used by construct */
};

struct peg_purge_hole {
	signed char x, y;
};

/* A jump from (fx, fy) to (tx, ty); the hole jumped over is the midpoint. */
struct peg_purge_jump {
	signed char fx, fy, tx, ty;
};

struct peg_purge {
	const char *name; /* "trapezoid-011", "6-purge-top-01" */
	enum peg_purge_kind kind;
	int n_region;
	const struct peg_purge_hole *region; /* full before, empty after */
	int n_cat;
	const struct peg_purge_hole *cat;
	const char *cat_state; /* '0'/'1' per catalyst hole, before = after */
	int n_jumps;
	const struct peg_purge_jump *jumps;
	const char *source; /* where the sequence comes from */
};

/* Figure 9 purges (seed 000 section 3.3, "left as an exercise"): the
 * trapezoid region a4..c4, a5..d5, a6..e6 together with the row a3 b3 c3
 * above it, all full except one vacancy in the trapezoid.  The jumps empty
 * the trapezoid and leave a3 b3 c3 full except `finish`, the hole of that
 * row in the vacancy's position class.  One entry per vacancy (12), found
 * offline (tools/gen_construct_pairs.py) and chosen so that the side purges
 * can start from it: at some step b4 c4 are unlike (a 6-purge to the
 * right), c4 is empty with e6 full (a 3-purge to the right), and likewise
 * mirrored a4 b4 unlike and a4 empty with a6 full (to the left). */
struct peg_fig9 {
	const char *name;               /* "fig9-c5": named for the vacancy */
	struct peg_purge_hole vacancy;  /* in the trapezoid */
	struct peg_purge_hole finish;   /* the hole of a3 b3 c3 left empty */
	int n_jumps;                    /* 12 */
	const struct peg_purge_jump *jumps;
};

int peg_fig9_count(void);
const struct peg_fig9 *peg_fig9_get(int i);
/* The Figure 9 purge for vacancy (x, y) of the band frame, or NULL. */
const struct peg_fig9 *peg_fig9_find(int x, int y);

/* The purges, indexed 0 .. peg_purge_count() - 1. */
int peg_purge_count(void);
const struct peg_purge *peg_purge_get(int i);

/* The purge of a kind whose catalyst state is state[0..n_cat-1] (0 or 1
 * each), or NULL when there is none (a like catalyst).  For PEG_PURGE_3 the
 * primary catalyst (c4, e4) is searched first. */
const struct peg_purge *peg_purge_find(enum peg_purge_kind kind,
				       const unsigned char *state);

#endif
