/* sets_prune_arm.c - arm-table functions of pagoda pruning: the board's
 * core and arms, the functions found by LP (GLPK) on sample positions,
 * rounded to integers and checked jump by jump, and their test
 * (sets_prune_arm.h explains the functions; docs/performance.md "Arm
 * tables").
 *
 * Why it is exact: a function passes the check only if, for every jump
 * and every pattern of the arm the jump touches in which the jump can be
 * made, f after the jump is at most f before (integer arithmetic, no
 * rounding).  So f never grows along a line of play, and a position with
 * f(x) below the least f over the goals cannot reach one; nor can its
 * descendants.  Its images under the group are functions of the same
 * kind (the group maps the partition onto itself, else no functions). */
#include "sets_prune_arm.h"

#include "pegsol/afile.h"

#include <glpk.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
	PA_BOUND = 64, /* |w|, |T| in the LP */
	PA_CORE_MAX = 12, /* core holes, at most (its table: 2^12) */
	PA_DEN = 64,      /* denominators of the LP's values, at most */
	PA_LCM_MAX = 4096 /* and of their least common multiple (the
			     tables' entries stay within 64 * 4096) */
};

static long gcd(long a, long b)
{
	while (b) {
		long t = a % b;

		a = b;
		b = t;
	}
	return a;
}

struct prune_arm {
	const struct peg_board *b;
	int n, nreg, nbytes, ng, ngoal;
	int rsize[PA_REG_MAX];          /* holes; region 0 is the core */
	int rhole[PA_REG_MAX][PA_CORE_MAX];
	int region[64], rbit[64];       /* a hole's region and its bit */
	int off[PA_REG_MAX + 1];        /* a function's table: region r at
					   off[r], off[nreg] entries */
	int *rmap;                      /* ng * nreg: region r's image */
	const int *group;
	uint64_t *goal;
	uint16_t *gat;                  /* nreg * nbytes * 256 patterns */
	/* functions: base ones in tab[0 .. nbase), then every distinct
	 * image (the base ones included) in fn[0 .. nfn) */
	int nbase, nfn, cap;
	int32_t *base;                  /* nbase * off[nreg] */
	int32_t *fn;                    /* nfn * off[nreg] */
	int32_t *gv;                    /* nfn: least value over the goals */
	glp_prob *lp;                   /* the LP, kept for warm starts */
	int tcol;                       /* its goal-value column */
};

static int pat_of(const struct prune_arm *pa, uint64_t x, int r)
{
	int p = 0;

	for (int k = 0; k < pa->rsize[r]; k++)
		p |= (int)((x >> pa->rhole[r][k]) & 1) << k;
	return p;
}

static void pats(const struct prune_arm *pa, uint64_t x, int *p)
{
	for (int r = 0; r < pa->nreg; r++) {
		const uint16_t *g = pa->gat + (size_t)r * (size_t)pa->nbytes * 256;
		int v = 0;

		for (int k = 0; k < pa->nbytes; k++)
			v |= g[k * 256 + (int)((x >> (8 * k)) & 0xff)];
		p[r] = v;
	}
}

static long fval(const struct prune_arm *pa, const int32_t *t, const int *p)
{
	long v = 0;

	for (int r = 0; r < pa->nreg; r++)
		v += t[pa->off[r] + p[r]];
	return v;
}

int prune_arm_cut(const struct prune_arm *pa, uint64_t x)
{
	int p[PA_REG_MAX];

	if (!pa || !pa->nfn)
		return 0;
	pats(pa, x, p);
	for (int f = 0; f < pa->nfn; f++)
		if (fval(pa, pa->fn + (size_t)f * (size_t)pa->off[pa->nreg], p) <
		    pa->gv[f])
			return 1;
	return 0;
}

void prune_arm_free(struct prune_arm *pa)
{
	if (!pa)
		return;
	prune_arm_end_search(pa);
	free(pa->rmap);
	free(pa->goal);
	free(pa->gat);
	free(pa->base);
	free(pa->fn);
	free(pa->gv);
	free(pa);
}

void prune_arm_end_search(struct prune_arm *pa)
{
	if (pa && pa->lp) {
		glp_delete_prob(pa->lp);
		pa->lp = NULL;
		glp_free_env(); /* as every other GLPK caller: nothing left */
	}
}

int prune_arm_count(const struct prune_arm *pa)
{
	return pa ? pa->nbase : 0;
}

uint64_t prune_arm_hash(const struct prune_arm *pa)
{
	if (!pa || !pa->nbase)
		return 0;
	return peg_afile_hash(pa->base, sizeof(int32_t) * (size_t)pa->nbase *
						(size_t)pa->off[pa->nreg]);
}

/* The arm a jump touches (1 .. nreg-1), 0 none, -1 two. */
static int jump_arm(const struct prune_arm *pa, const struct peg_jump *j)
{
	int h[3] = {j->from, j->over, j->to}, a = 0;

	for (int u = 0; u < 3; u++) {
		int r = pa->region[h[u]];

		if (r && a && r != a)
			return -1;
		if (r)
			a = r;
	}
	return a;
}

/* Union-find over the holes, for the arms. */
static int uf_root(int *up, int h)
{
	while (up[h] != h)
		h = up[h] = up[up[h]];
	return h;
}

/* The core (holes in a longest row and a longest column) and the arms;
 * 0 when b splits, -1 when not. */
static int partition(struct prune_arm *pa, const struct peg_board *b)
{
	int n = b->n_holes, rowlen[64] = {0}, collen[64] = {0}, mr = 0, mc = 0;
	int up[64], root[64], nr = 1;

	if (b->height > 64 || b->width > 64)
		return -1;
	for (int h = 0; h < n; h++) {
		rowlen[b->hy[h]]++;
		collen[b->hx[h]]++;
	}
	for (int i = 0; i < 64; i++) {
		mr = rowlen[i] > mr ? rowlen[i] : mr;
		mc = collen[i] > mc ? collen[i] : mc;
	}
	for (int h = 0; h < n; h++) {
		up[h] = h;
		pa->region[h] = rowlen[b->hy[h]] == mr && collen[b->hx[h]] == mc
					? 0
					: -1;
	}
	for (int j = 0; j < b->n_jumps; j++) {
		int f = b->jumps[j].from, o = b->jumps[j].over,
		    t = b->jumps[j].to;

		if (pa->region[f] && pa->region[o])
			up[uf_root(up, f)] = uf_root(up, o);
		if (pa->region[t] && pa->region[o])
			up[uf_root(up, t)] = uf_root(up, o);
	}
	for (int h = 0; h < n; h++)
		root[h] = -1;
	for (int h = 0; h < n; h++) {
		int r;

		if (!pa->region[h])
			continue;
		r = uf_root(up, h);
		if (root[r] < 0) {
			if (nr == PA_REG_MAX)
				return -1;
			root[r] = nr++;
		}
		pa->region[h] = root[r];
	}
	pa->nreg = nr;
	for (int h = 0; h < n; h++) {
		int r = pa->region[h];

		if (pa->rsize[r] == (r ? PA_ARM_MAX : PA_CORE_MAX))
			return -1;
		pa->rbit[h] = pa->rsize[r];
		pa->rhole[r][pa->rsize[r]++] = h;
	}
	if (nr < 2 || !pa->rsize[0])
		return -1;
	for (int j = 0; j < b->n_jumps; j++)
		if (jump_arm(pa, &b->jumps[j]) < 0)
			return -1;
	pa->off[0] = 0;
	for (int r = 0; r < nr; r++)
		pa->off[r + 1] = pa->off[r] + (1 << pa->rsize[r]);
	return 0;
}

int prune_arm_new(const struct peg_board *b, const peg_u128 *goal, int ngoal,
		  const int *group, int ng, struct prune_arm **out)
{
	struct prune_arm *pa;
	int n = b->n_holes;

	*out = NULL;
	if (n > 64 || b->lattice == PEG_LATTICE_GRAPH)
		return 0;
	pa = calloc(1, sizeof(*pa));
	if (!pa)
		return -1;
	if (partition(pa, b)) {
		free(pa);
		return 0;
	}
	pa->b = b;
	pa->n = n;
	pa->ng = ng;
	pa->group = group;
	pa->ngoal = ngoal;
	pa->nbytes = (n + 7) / 8;
	pa->rmap = malloc(sizeof(int) * (size_t)ng * (size_t)pa->nreg);
	pa->goal = malloc(sizeof(uint64_t) * (size_t)ngoal);
	pa->gat = calloc((size_t)pa->nreg * (size_t)pa->nbytes * 256,
			 sizeof(uint16_t));
	if (!pa->rmap || !pa->goal || !pa->gat)
		goto nomem;
	for (int k = 0; k < ngoal; k++)
		pa->goal[k] = (uint64_t)goal[k];
	for (int r = 0; r < pa->nreg; r++)
		for (int k = 0; k < pa->nbytes; k++)
			for (int v = 0; v < 256; v++) {
				uint16_t m = 0;

				for (int bit = 0; bit < 8; bit++) {
					int h = 8 * k + bit;

					if (((v >> bit) & 1) && h < n &&
					    pa->region[h] == r)
						m |= (uint16_t)(1u << pa->rbit[h]);
				}
				pa->gat[((size_t)r * (size_t)pa->nbytes +
					 (size_t)k) * 256 + (size_t)v] = m;
			}
	/* the group must map regions onto regions */
	for (int i = 0; i < ng; i++) {
		const int *pm = b->sym + (size_t)group[i] * (size_t)n;

		for (int r = 0; r < pa->nreg; r++) {
			int s = pa->region[pm[pa->rhole[r][0]]];

			for (int k = 0; k < pa->rsize[r]; k++)
				if (pa->region[pm[pa->rhole[r][k]]] != s ||
				    pa->rsize[s] != pa->rsize[r]) {
					prune_arm_free(pa);
					return 0;
				}
			pa->rmap[i * pa->nreg + r] = s;
		}
	}
	*out = pa;
	return 0;
nomem:
	prune_arm_free(pa);
	return -1;
}

/* Double the three arrays of lp_build's matrix (cap entries past the
 * 1-based first): each kept as it was when its realloc fails.  0, or -1
 * out of memory. */
static int grow3(int **ia, int **ja, double **ar, size_t *cap)
{
	size_t c = *cap * 2;
	int *a = realloc(*ia, sizeof(int) * (c + 1)), *b;
	double *d;

	if (!a)
		return -1;
	*ia = a;
	b = realloc(*ja, sizeof(int) * (c + 1));
	if (!b)
		return -1;
	*ja = b;
	d = realloc(*ar, sizeof(double) * (c + 1));
	if (!d)
		return -1;
	*ar = d;
	*cap = c;
	return 0;
}

/* ---- the LP: columns w (core), T_A (arms), t; rows: every jump at
 * every arm pattern it can be made in, and t <= f(goal_k) ---- */

static int col_of(const struct prune_arm *pa, int r, int p)
{
	return r ? pa->rsize[0] + (pa->off[r] - pa->off[1]) + p + 1 : 0;
}

static int lp_silent(void *info, const char *s)
{
	(void)info;
	(void)s;
	return 1;
}

static int lp_build(struct prune_arm *pa)
{
	const struct peg_board *b = pa->b;
	int ncore = pa->rsize[0], narm = pa->off[pa->nreg] - pa->off[1];
	int ncol = ncore + narm + 1, nrow = 0;
	size_t cap = 4096, k = 0;
	int *ia = malloc(sizeof(int) * (cap + 1)), *ja = malloc(sizeof(int) * (cap + 1));
	double *ar = malloc(sizeof(double) * (cap + 1));
	glp_prob *lp = glp_create_prob();

#define PUT(R, C, V)                                                          \
	do {                                                                  \
		if (k + 1 >= cap && grow3(&ia, &ja, &ar, &cap))               \
			goto nomem;                                           \
		k++;                                                          \
		ia[k] = (R), ja[k] = (C), ar[k] = (V);                        \
	} while (0)
	if (!ia || !ja || !ar)
		goto nomem;
	glp_set_obj_dir(lp, GLP_MAX);
	glp_add_cols(lp, ncol);
	for (int c = 1; c <= ncol; c++)
		glp_set_col_bnds(lp, c, GLP_DB, -PA_BOUND, PA_BOUND);
	for (int r = 1; r < pa->nreg; r++) /* T_A[empty] = 0 */
		glp_set_col_bnds(lp, col_of(pa, r, 0), GLP_FX, 0, 0);
	glp_set_col_bnds(lp, ncol, GLP_FR, 0, 0);
	pa->tcol = ncol;
	for (int j = 0; j < b->n_jumps; j++) {
		const struct peg_jump *jp = &b->jumps[j];
		int h[3] = {jp->from, jp->over, jp->to}, a = jump_arm(pa, jp);
		int fix = 0, val = 0;

		for (int u = 0; u < 3; u++)
			if (a && pa->region[h[u]] == a) {
				fix |= 1 << pa->rbit[h[u]];
				val |= u < 2 ? 1 << pa->rbit[h[u]] : 0;
			}
		for (int p = 0; p < (a ? 1 << pa->rsize[a] : 1); p++) {
			if (a && (p & fix) != val)
				continue;
			glp_add_rows(lp, 1);
			nrow++;
			glp_set_row_bnds(lp, nrow, GLP_UP, 0, 0);
			if (a) {
				PUT(nrow, col_of(pa, a, p ^ fix), 1);
				PUT(nrow, col_of(pa, a, p), -1);
			}
			for (int u = 0; u < 3; u++)
				if (!pa->region[h[u]])
					PUT(nrow, pa->rbit[h[u]] + 1,
					    u < 2 ? -1 : 1);
		}
	}
	for (int g = 0; g < pa->ngoal; g++) { /* t - f(goal_g) <= 0 */
		glp_add_rows(lp, 1);
		nrow++;
		glp_set_row_bnds(lp, nrow, GLP_UP, 0, 0);
		PUT(nrow, ncol, 1);
		for (int r = 0; r < pa->nreg; r++) {
			int p = pat_of(pa, pa->goal[g], r);

			if (!r) {
				for (int q = 0; q < pa->rsize[0]; q++)
					if ((p >> q) & 1)
						PUT(nrow, q + 1, -1);
			} else if (p) {
				PUT(nrow, col_of(pa, r, p), -1);
			}
		}
	}
#undef PUT
	glp_load_matrix(lp, (int)k, ia, ja, ar);
	free(ia);
	free(ja);
	free(ar);
	pa->lp = lp;
	return 0;
nomem:
	free(ia);
	free(ja);
	free(ar);
	glp_delete_prob(lp);
	return -1;
}

/* Does the integer function t (region tables, the core's the sums of its
 * weights) never grow along a jump?  Checked on every jump at every
 * pattern of its arm. */
static int valid(const struct prune_arm *pa, const int32_t *t)
{
	const struct peg_board *b = pa->b;

	for (int j = 0; j < b->n_jumps; j++) {
		const struct peg_jump *jp = &b->jumps[j];
		int h[3] = {jp->from, jp->over, jp->to}, a = jump_arm(pa, jp);
		int fix = 0, val = 0, cf = 0, ct = 0;
		long lin = 0;

		for (int u = 0; u < 3; u++) {
			int bit = 1 << pa->rbit[h[u]];

			if (a && pa->region[h[u]] == a) {
				fix |= bit;
				val |= u < 2 ? bit : 0;
			} else if (u < 2) {
				cf |= bit; /* core pegs before */
			} else {
				ct |= bit; /* core peg after */
			}
		}
		/* the core part: the table is linear (sums of weights) */
		lin = (long)t[ct] - (long)t[cf];
		for (int p = 0; p < (a ? 1 << pa->rsize[a] : 1); p++) {
			long d = lin;

			if (a && (p & fix) != val)
				continue;
			if (a)
				d += (long)t[pa->off[a] + (p ^ fix)] -
				     (long)t[pa->off[a] + p];
			if (d > 0)
				return 0;
		}
	}
	return 1;
}

static long least_goal(const struct prune_arm *pa, const int32_t *t)
{
	long best = 0;

	for (int g = 0; g < pa->ngoal; g++) {
		int p[PA_REG_MAX];
		long v;

		for (int r = 0; r < pa->nreg; r++)
			p[r] = pat_of(pa, pa->goal[g], r);
		v = fval(pa, t, p);
		if (!g || v < best)
			best = v;
	}
	return best;
}

/* Add base function t (valid) and its distinct images. */
static int add(struct prune_arm *pa, const int32_t *t)
{
	size_t sz = (size_t)pa->off[pa->nreg];
	int n = pa->n;
	int32_t *nb = realloc(pa->base, sizeof(int32_t) * sz *
						(size_t)(pa->nbase + 1));

	if (!nb)
		return -1;
	pa->base = nb;
	memcpy(pa->base + sz * (size_t)pa->nbase, t, sizeof(int32_t) * sz);
	pa->nbase++;
	if (pa->nfn + pa->ng > pa->cap) {
		int c = pa->cap ? 2 * pa->cap : 64;
		int32_t *f, *g;

		while (c < pa->nfn + pa->ng)
			c *= 2;
		f = realloc(pa->fn, sizeof(int32_t) * sz * (size_t)c);
		if (!f)
			return -1;
		pa->fn = f;
		g = realloc(pa->gv, sizeof(int32_t) * (size_t)c);
		if (!g)
			return -1;
		pa->gv = g;
		pa->cap = c;
	}
	for (int i = 0; i < pa->ng; i++) {
		/* image i: f_i(x) = f(sigma_i x), sigma_i moving a peg on h to
		 * pm[h]; region r of f_i reads region rmap[i][r] of f */
		const int *pm = pa->b->sym + (size_t)pa->group[i] * (size_t)n;
		int32_t *im = pa->fn + sz * (size_t)pa->nfn;
		int dup = 0;

		for (int r = 0; r < pa->nreg; r++) {
			int s = pa->rmap[i * pa->nreg + r];

			for (int p = 0; p < 1 << pa->rsize[r]; p++) {
				uint64_t y = 0;

				for (int q = 0; q < pa->rsize[r]; q++)
					if ((p >> q) & 1)
						y |= 1ULL << pm[pa->rhole[r][q]];
				im[pa->off[r] + p] = t[pa->off[s] + pat_of(pa, y, s)];
			}
		}
		for (int f = 0; f < pa->nfn && !dup; f++)
			dup = !memcmp(pa->fn + sz * (size_t)f, im,
				      sizeof(int32_t) * sz);
		if (dup)
			continue;
		pa->gv[pa->nfn] = (int32_t)least_goal(pa, im);
		pa->nfn++;
	}
	return 0;
}

int prune_arm_find(struct prune_arm *pa, uint64_t x)
{
	long lcm = 1;
	size_t sz = (size_t)pa->off[pa->nreg];
	int ncol, p[PA_REG_MAX], rc = 0;
	int32_t *t = NULL;
	double *v = NULL;
	glp_smcp sm;

	if (pa->nbase >= PA_FN_MAX)
		return 0;
	glp_term_hook(lp_silent, NULL);
	if (!pa->lp && lp_build(pa))
		return -1;
	ncol = pa->tcol;
	for (int c = 1; c <= ncol; c++)
		glp_set_obj_coef(pa->lp, c, 0);
	glp_set_obj_coef(pa->lp, ncol, 1);
	for (int r = 0; r < pa->nreg; r++)
		p[r] = pat_of(pa, x, r);
	for (int q = 0; q < pa->rsize[0]; q++)
		if ((p[0] >> q) & 1)
			glp_set_obj_coef(pa->lp, q + 1, -1);
	for (int r = 1; r < pa->nreg; r++)
		if (p[r])
			glp_set_obj_coef(pa->lp, col_of(pa, r, p[r]), -1);
	glp_init_smcp(&sm);
	sm.msg_lev = GLP_MSG_OFF;
	if (glp_simplex(pa->lp, &sm) || glp_get_status(pa->lp) != GLP_OPT ||
	    glp_get_obj_val(pa->lp) < 1e-6)
		return 0;
	t = malloc(sizeof(int32_t) * sz);
	v = malloc(sizeof(double) * (size_t)(ncol + 1));
	if (!t || !v) {
		rc = -1;
		goto out;
	}
	for (int c = 1; c <= ncol; c++)
		v[c] = glp_get_col_prim(pa->lp, c);
	/* a vertex of the LP is rational: scale by the least common
	 * multiple of the denominators (each at most PA_DEN) */
	for (int c = 1; c <= ncol && lcm; c++) {
		long d = 1;

		while (d <= PA_DEN && fabs(v[c] * (double)d -
					  nearbyint(v[c] * (double)d)) > 1e-7)
			d++;
		if (d > PA_DEN)
			lcm = 0; /* not a small rational: no function */
		else
			lcm = lcm / gcd(lcm, d) * d;
		if (lcm > PA_LCM_MAX)
			lcm = 0;
	}
	if (!lcm)
		goto out;
	for (int r = 0; r < pa->nreg; r++)
		for (int q = 0; q < 1 << pa->rsize[r]; q++) {
			long e = 0;

			if (r)
				e = lrint(v[col_of(pa, r, q)] * (double)lcm);
			else
				for (int u = 0; u < pa->rsize[0]; u++)
					if ((q >> u) & 1)
						e += lrint(v[u + 1] * (double)lcm);
			t[pa->off[r] + q] = (int32_t)e;
		}
	if (valid(pa, t) && fval(pa, t, p) < least_goal(pa, t))
		rc = add(pa, t) ? -1 : 1;
out:
	free(t);
	free(v);
	return rc;
}
