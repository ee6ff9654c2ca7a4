/* theory.h - position classes, null-class boards, SVSS feasibility, feasible
 * pairs up to symmetry, hole orbits, Bell's maps f and r, the T5 SAX count.
 *
 * Position classes (seed 000 section 2.1, seed 003 "Position Class and
 * Null-Class Boards", seed 001 section 3).  A labelling gives every hole a
 * label 0, 1 or 2 such that every jump line holds one hole of each label.
 * With c_i the number of pegs on label i, the parity vector
 *
 *     (c1 + c2, c0 + c2, c0 + c1) mod 2        bit 2, bit 1, bit 0
 *
 * never changes during play.  It takes four values:
 *
 *     EMPTY = 000   PEG_0 = 011 (3)   PEG_1 = 101 (5)   PEG_2 = 110 (6)
 *
 * and it is linear over GF(2): the class of a position is the XOR of the
 * classes of its pegs, a single peg on label i being PEG_i.
 *
 *   triangular lattice: one labelling, (x + y) mod 3 in skew coordinates
 *                       (4 classes; class value = the 3-bit vector)
 *   square lattice:     two labellings (Beasley's diagonal labellings),
 *                       A = (x + y) mod 3 and B = (x - y) mod 3 (16 classes;
 *                       class value = A vector | B vector << 3)
 *   square lattice with diagonal jumps, graph boards: not defined (no
 *                       labelling is invariant; the functions return -1).
 *
 * Coordinates are the board's (board.h: shifted so the smallest x and y are
 * 0), so on T_n the labels are Bell's and a1 has label 0.
 *
 * A board is null-class when the full board is in class EMPTY (the full and
 * the empty board are in the same class).  A single vacancy to single
 * survivor (SVSS) problem (vacate s, finish f) is feasible when the start
 * (full minus s) is in the class of a single peg at f.  Feasible is a
 * necessary condition for solvability; on T_n it is also sufficient for
 * n >= 6 (seed 000 Theorem 2.2).
 */
#ifndef PEGSOL_THEORY_H
#define PEGSOL_THEORY_H

#include "pegsol/board.h"

/* Class vectors of the triangular labelling (see above). */
enum {
	PEG_CLASS_EMPTY = 0,
	PEG_CLASS_PEG0 = 3,
	PEG_CLASS_PEG1 = 5,
	PEG_CLASS_PEG2 = 6
};

/* Number of labellings of the board: 1 triangular, 2 square (orthogonal
 * jumps only), 0 when position classes are not defined. */
int peg_theory_labellings(const struct peg_board *b);

/* Label (0, 1, 2) of hole h in labelling k (0 = (x+y) mod 3, 1 = (x-y)
 * mod 3).  The board must have more than k labellings. */
int peg_theory_label(const struct peg_board *b, int h, int k);

/* Class of a single peg in hole h (board with labellings). */
unsigned peg_theory_hole_class(const struct peg_board *b, int h);

/* Class of a position (n_holes bytes; NULL = the full board).  Returns 0,
 * or -1 with err filled when classes are not defined on the board. */
int peg_theory_class(const struct peg_board *b, const unsigned char *pegs,
		     unsigned *cls, struct peg_err *err);

/* Name of a class: "EMPTY", "PEG_0".. on the triangular lattice; on the
 * square lattice "EMPTY" for the class of the empty board, else
 * "(A,B)" with A and B the names of the two parts, e.g. "(PEG_1,EMPTY)".
 * Writes into buf (at least 32 bytes) and returns it. */
char *peg_theory_class_name(const struct peg_board *b, unsigned cls,
			    char *buf, size_t size);

/* 1 when the board is null-class, 0 when not, -1 when not defined. */
int peg_theory_null_class(const struct peg_board *b);

/* Holes where a single survivor is possible from pegs: out[h] = 1 when a
 * single peg at h is in the class of pegs.  Returns their number, or -1
 * with err filled when classes are not defined. */
int peg_theory_finish_holes(const struct peg_board *b,
			    const unsigned char *pegs, unsigned char *out,
			    struct peg_err *err);

/* Why an SVSS problem is infeasible. */
enum peg_feas {
	PEG_FEAS_OK = 0,      /* feasible */
	PEG_FEAS_EMPTY_START, /* start (full minus s) is in class EMPTY */
	PEG_FEAS_NO_SINGLE,   /* start class has no single-peg member here */
	PEG_FEAS_MISMATCH     /* f is not in the class of the start */
};

/* The verdict on (vacate s, finish f); f = -1 asks whether s is a feasible
 * starting vacancy (some finish is feasible).  Fills *why.  Returns 1
 * feasible, 0 infeasible, -1 (err filled) when classes are not defined. */
int peg_theory_svss(const struct peg_board *b, int s, int f,
		    enum peg_feas *why, struct peg_err *err);

/* The side n when b is the triangle T_n (holes exactly 0 <= x <= y < n),
 * else 0. */
int peg_theory_triangle_side(const struct peg_board *b);

/* A (vacate, finish) pair of holes. */
struct peg_pair {
	int vacate, finish;
};

/* Number of distinct feasible pairs up to the symmetry group, by Burnside's
 * lemma: (1/|G|) sum over g of the feasible pairs fixed by g; linear in
 * n_holes per symmetry.  Returns -1 (err filled) when not defined. */
long long peg_theory_count_pairs(const struct peg_board *b,
				 struct peg_err *err);

/* The distinct feasible pairs up to symmetry, one representative per orbit:
 * the image minimising (key(vacate), key(finish)), where key orders holes by
 * label (labelling 0, then 1) then index, so on T_n with n != 1 (mod 3) the
 * representatives are in PEG_0 as in seed 000 Table 1.  Sorted by that key.
 * *out is malloc'd (caller frees).  Returns the count, or -1 with err
 * filled (not defined, out of memory). */
long long peg_theory_list_pairs(const struct peg_board *b,
				struct peg_pair **out, struct peg_err *err);

/* The representative (as above) of the pair's orbit. */
struct peg_pair peg_theory_pair_canon(const struct peg_board *b,
				      struct peg_pair p);

/* Symmetry classes (orbits) of holes: orbit[h] = number of h's orbit, the
 * orbits numbered 0.. in the order of their smallest hole.  Returns the
 * number of orbits. */
int peg_theory_hole_orbits(const struct peg_board *b, int *orbit);

/* Bell's maps on T_n (seed 000 Appendix A): which = 'f' is
 * f(x,y) = (y-x, y), which = 'r' is r(x,y) = (y-x, n-1-x).  Returns the
 * image of hole h, or -1 when b is not a triangle or which is unknown. */
int peg_theory_bell_map(const struct peg_board *b, int which, int h);

/* The orbit of a pair under the group generated by f and r (applied to both
 * holes), in the order found by a breadth-first closure from p.  out must
 * hold 12 pairs.  Returns the count, or -1 when b is not a triangle. */
int peg_theory_bell_orbit(const struct peg_board *b, struct peg_pair p,
			  struct peg_pair *out);

/* The SAX count on T5 (seed 000 section 2.3): S + A - X with S the number
 * of edge regions (the three middle holes of an edge) holding two or more
 * pegs, A the pegs on interior holes (weight +1), X the pegs on corners and
 * edge-middle holes (weight -1).  Returns 0 and fills *sax, or -1 with err
 * filled when b is not T5. */
int peg_theory_sax(const struct peg_board *b, const unsigned char *pegs,
		   int *sax, struct peg_err *err);

/* Beasley's F - E count on T5 (seed 000 addendum): fodder pegs minus
 * remaining exits from the six regions (3 corners, 3 edge regions).  Equal
 * to the SAX count.  Returns 0 or -1 as peg_theory_sax. */
int peg_theory_fe(const struct peg_board *b, const unsigned char *pegs,
		  int *fe, struct peg_err *err);

/* Weight of hole h in Figure 4c of seed 000 (-1, 0 or +1) on T5: the SAX
 * count of a single peg in h. */
int peg_theory_sax_weight(const struct peg_board *b, int h);

/* The edge region (0, 1 or 2: the three non-corner holes of an edge) that
 * hole h of T5 belongs to, or -1 (corners and interior).  With
 * peg_theory_sax_weight this defines the SAX count, so engines can build
 * their own bit masks from it. */
int peg_theory_sax_region(const struct peg_board *b, int h);

/* Slack and effective slack of (vacate s, finish f) on T5 (seed 000 Table
 * 1): slack = SAX(full minus s) - SAX(single peg at f); the effective slack
 * is one less for a corner start and one less for a corner finish.
 * Returns 0, or -1 with err filled when b is not T5. */
int peg_theory_slack(const struct peg_board *b, int s, int f, int *slack,
		     int *effective, struct peg_err *err);

#endif
