/* construct.c - the constructive solver for triangular boards, its
 * driver (construct.h, seed 000 section 3.2, docs/construct.md): the base
 * and pair solutions of the sub-board, feasibility, and the two plan entry
 * points, which place the sub-board and hand the bands around it to
 * construct_bands.c.  Running and describing a plan: construct_run.c.
 * The plan itself is described in construct_int.h. */
#include "construct_int.h"

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
	if (pegcx_new_inst(c, NULL, NULL, -1, 0) < 0) {
		peg_construct_free(c);
		peg_err_set(err, "out of memory");
		return PEG_CONSTRUCT_NOMEM;
	}
	rc = pegcx_plan_bands(c, 0, vx, vy, c->m, c->sox, c->soy, nb, nl, nr,
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
			root = pegcx_new_inst(c, NULL, NULL, -1, 0);
			if (root < 0)
				goto nomem;
		} else {
			rc = pegcx_plan_fig9(c, core, cx, cy, sx, sy, fx, fy, &root,
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
			pegcx_attach(c, parent, root,
			       inst_len(c, &c->inst[parent]), 0);
		rc = pegcx_plan_bands(c, root, sx, sy, core, cx, cy, D / 3, L / 3,
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
