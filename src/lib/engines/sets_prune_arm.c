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
	PA_BOUND = 64, /* |w| in the LP */
	PA_TBOUND = 64 * 64, /* |an anchor|, |s_A| in the LP */
	PA_ANCHOR_MAX = 64, /* goal patterns of an arm, at most */
	PA_ROUNDS = 1000, /* LP solves (cut rounds) a position, at most */
	PA_CORE_MAX = 12, /* core holes, at most (its table: 2^12) */
	PA_DEN = 64,      /* denominators of the LP's values, at most */
	PA_LCM_MAX = 4096, /* and of their least common multiple (the
			     core's entries stay within 12 * 64 * 4096) */
	PA_LANES = 16,    /* functions tested at once (prune_arm_cut) */
	PA_ENTRY_MAX = 1 << 22 /* |an arm entry|, at most (else no function:
				  a position's sum of nine stays in int32) */
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

/* A jump made in pattern p of an arm, leaving q; cf, ct the core's pegs
 * it takes and the one it adds (bits of the core's pattern). */
struct arm_edge {
	int p, q, cf, ct;
};

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
	struct arm_edge *edge[PA_REG_MAX]; /* arm a's jumps at its patterns
					      (the search's, arm_edges) */
	int nedge[PA_REG_MAX];
	int glp;                        /* GLPK used: free its environment */
	/* the test's layout: the functions side by side, entry (e, f) at
	 * tt[e * nfp + f] for table entry e and function f, nfp = nfn
	 * rounded up to PA_LANES (padding: 0 and a goal value that never
	 * cuts), so a position's values are PA_LANES at a time */
	int nfp;
	int32_t *tt, *tg;
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

/* Lay fn and gv out side by side (tt, tg) after the functions change.
 * 0, or -1 out of memory (the old layout then stays). */
static int transpose(struct prune_arm *pa)
{
	size_t sz = (size_t)pa->off[pa->nreg];
	int nfp = (pa->nfn + PA_LANES - 1) / PA_LANES * PA_LANES;
	int32_t *tt = calloc(sz * (size_t)nfp, sizeof(int32_t));
	int32_t *tg = malloc(sizeof(int32_t) * (size_t)nfp);

	if (!tt || !tg) {
		free(tt);
		free(tg);
		return -1;
	}
	for (int f = 0; f < nfp; f++) {
		/* a padding function is 0 everywhere: never below INT32_MIN */
		tg[f] = f < pa->nfn ? pa->gv[f] : INT32_MIN;
		for (size_t e = 0; f < pa->nfn && e < sz; e++)
			tt[e * (size_t)nfp + (size_t)f] =
				pa->fn[(size_t)f * sz + e];
	}
	free(pa->tt);
	free(pa->tg);
	pa->tt = tt;
	pa->tg = tg;
	pa->nfp = nfp;
	return 0;
}

/* The hot test of every position kept (sets_prune_impl.h): each
 * function's value is the sum of one entry a region, PA_LANES functions
 * at a time from the rows of the side-by-side layout (the compiler's
 * vector adds; an arm entry is within PA_ENTRY_MAX = 2^22 and the
 * core's within 12 * 64 * 4096, so a sum over the regions fits int32). */
int prune_arm_cut(const struct prune_arm *pa, uint64_t x)
{
	int p[PA_REG_MAX];
	const int32_t *row[PA_REG_MAX];

	if (!pa || !pa->nfn)
		return 0;
	pats(pa, x, p);
	for (int r = 0; r < pa->nreg; r++)
		row[r] = pa->tt + (size_t)(pa->off[r] + p[r]) * (size_t)pa->nfp;
	for (int f = 0; f < pa->nfp; f += PA_LANES) {
		int32_t v[PA_LANES];
		int cut = 0;

		for (int l = 0; l < PA_LANES; l++)
			v[l] = row[0][f + l];
		for (int r = 1; r < pa->nreg; r++)
			for (int l = 0; l < PA_LANES; l++)
				v[l] += row[r][f + l];
		for (int l = 0; l < PA_LANES; l++)
			cut |= v[l] < pa->tg[f + l];
		if (cut)
			return 1;
	}
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
	free(pa->tt);
	free(pa->tg);
	free(pa);
}

void prune_arm_end_search(struct prune_arm *pa)
{
	if (!pa)
		return;
	for (int a = 0; a < PA_REG_MAX; a++) {
		free(pa->edge[a]);
		pa->edge[a] = NULL;
	}
	if (pa->glp) {
		pa->glp = 0;
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

/* ---- the search.  For given core weights w the best arm tables are
 * determined: T_A[p] may be as low as the jumps allow, the most its
 * pattern's future forces (a longest path, below), with the entries of
 * the goals' patterns (the anchors) kept.  So the LP is over w, t, the
 * anchors a and s_A = T_A[x_A] (x's pattern) only: maximise
 * t - w.x_core - sum_A s_A subject to the core's own jumps, t <= f(goal)
 * for every goal, and the cuts the arms' graphs give (a cutting-plane
 * method, Kelley's): after each solve, in each arm's graph of patterns
 * (an edge p -> q a jump made in p, costing c(w) = the core weights it
 * takes less the one it adds; valid means T[q] - T[p] <= c):
 *   a cycle costing less than 0 gives the cut cost(cycle)(w) >= 0;
 *   a path P from x_A (or an anchor g) to an anchor h with
 *   a_h - cost_P(w) above s_A (a_g) gives s_A >= a_h - cost_P(w).
 * With no cut left the LP's optimum is the best function's margin for x
 * (within the bounds).  The lowest tables are at most any other valid
 * tables with the same w and anchors, so they cut every position those
 * cut: stronger functions than the whole LP's vertex (which fixes only
 * the entries x's patterns need), from 5-9 solves of an 18-column LP a
 * position on Wiegleb (about 15 ms), where the whole LP (12,301 rows, a
 * jump at an arm pattern each, 2,058 columns) took 1-3 s.  Nothing here
 * is trusted: the integer tables built from the LP's w (tables) are
 * checked by valid(). ---- */

static int lp_silent(void *info, const char *s)
{
	(void)info;
	(void)s;
	return 1;
}

/* The holes of jump jp in its arm a (fix, val: those with a peg before)
 * and in the core (cf: the core's pegs before, ct: after). */
static void jump_masks(const struct prune_arm *pa, const struct peg_jump *jp,
		       int a, int *fix, int *val, int *cf, int *ct)
{
	int h[3] = {jp->from, jp->over, jp->to};

	*fix = *val = *cf = *ct = 0;
	for (int u = 0; u < 3; u++) {
		int bit = 1 << pa->rbit[h[u]];

		if (a && pa->region[h[u]] == a) {
			*fix |= bit;
			*val |= u < 2 ? bit : 0;
		} else if (u < 2) {
			*cf |= bit;
		} else {
			*ct |= bit;
		}
	}
}

/* Each arm's edges: every jump touching it at every pattern it can be
 * made in.  0, or -1 out of memory. */
static int arm_edges(struct prune_arm *pa)
{
	const struct peg_board *b = pa->b;

	for (int a = 1; a < pa->nreg; a++) {
		int np = 1 << pa->rsize[a], ne = 0;
		struct arm_edge *e;

		for (int j = 0; j < b->n_jumps; j++) { /* a jump: np / 2^k */
			int fix, val, cf, ct;

			if (jump_arm(pa, &b->jumps[j]) == a) {
				jump_masks(pa, &b->jumps[j], a, &fix, &val, &cf,
					   &ct);
				ne += np >> __builtin_popcount((unsigned)fix);
			}
		}
		e = malloc(sizeof(*e) * (size_t)(ne ? ne : 1));
		if (!e)
			return -1;
		pa->edge[a] = e;
		ne = 0;
		for (int j = 0; j < b->n_jumps; j++) {
			int fix, val, cf, ct;

			if (jump_arm(pa, &b->jumps[j]) != a)
				continue;
			jump_masks(pa, &b->jumps[j], a, &fix, &val, &cf, &ct);
			for (int p = val; p < np; p++)
				if ((p & fix) == val) {
					e[ne].p = p;
					e[ne].q = p ^ fix;
					e[ne].cf = cf;
					e[ne].ct = ct;
					ne++;
				}
		}
		pa->nedge[a] = ne;
	}
	return 0;
}

/* Longest paths into the patterns already valued (v[q] > -HUGE_VAL):
 * v[p] = max(v[p], v[q] - cost[e]) over the edges p -> q until nothing
 * changes, par[p] the edge that last raised v[p].  -1 when settled, else
 * a pattern raised in pass np + 1 (a cycle gains: costs less than 0). */
static int longest(const struct arm_edge *e, int ne, const double *cost,
		   int np, double *v, int *par)
{
	int last = 0;

	for (int pass = 0; pass <= np; pass++) {
		last = -1;
		for (int i = 0; i < ne; i++)
			if (v[e[i].q] > -HUGE_VAL &&
			    v[e[i].q] - cost[i] > v[e[i].p] + 1e-9) {
				v[e[i].p] = v[e[i].q] - cost[i];
				par[e[i].p] = i;
				last = e[i].p;
			}
		if (last < 0)
			return -1;
	}
	return last;
}

/* Row r of the master LP: the cost of edge e in w added (columns 1 ..
 * ncore). */
static void add_cost(double *r, const struct arm_edge *e, int ncore)
{
	for (int u = 0; u < ncore; u++)
		r[u + 1] += (double)((e->cf >> u) & 1) - (double)((e->ct >> u) & 1);
}

/* The master LP and its matrix as GLPK's 1-based triplets, loaded whole
 * before each solve (glp_load_matrix: the calls the WebAssembly build's
 * stand-in has too); oom when an entry could not be kept. */
struct master_lp {
	glp_prob *lp;
	int *ia, *ja;
	double *ar;
	size_t k, cap;
	int oom;
};

/* r[1 .. nc] >= 0 as a new row (r zeroed after). */
static void add_row(struct master_lp *ml, double *r, int nc)
{
	int row = glp_add_rows(ml->lp, 1);

	glp_set_row_bnds(ml->lp, row, GLP_LO, 0, 0);
	for (int c = 1; c <= nc; c++) {
		if (r[c] == 0)
			continue;
		if (ml->k + 1 >= ml->cap) {
			size_t cap = ml->cap ? 2 * ml->cap : 1024;
			int *ia = realloc(ml->ia, sizeof(int) * (cap + 1));
			int *ja = ia ? realloc(ml->ja, sizeof(int) * (cap + 1)) : NULL;
			double *ar = ja ? realloc(ml->ar, sizeof(double) * (cap + 1))
				       : NULL;

			ml->ia = ia ? ia : ml->ia;
			ml->ja = ja ? ja : ml->ja;
			if (!ar) {
				ml->oom = 1;
				r[c] = 0;
				continue;
			}
			ml->ar = ar;
			ml->cap = cap;
		}
		ml->k++;
		ml->ia[ml->k] = row;
		ml->ja[ml->k] = c;
		ml->ar[ml->k] = r[c];
		r[c] = 0;
	}
}

/* The master LP's columns: w at 1 .. ncore, t at ncore + 1, arm a's
 * anchors from acol[a] (the first fixed at 0: a table's constant is
 * free), its s_A at scol[a]. */
struct master {
	int ncore, nc, nanc[PA_REG_MAX], acol[PA_REG_MAX], scol[PA_REG_MAX];
	int anc[PA_REG_MAX][PA_ANCHOR_MAX];
};

/* The master for x's patterns p: columns, bounds, objective and the
 * rows known before any cut.  0, or 1 when an arm has too many goal
 * patterns. */
static int master_new(const struct prune_arm *pa, const int *p,
		      struct master_lp *ml, struct master *m, double *r)
{
	glp_prob *lp = ml->lp;
	const struct peg_board *b = pa->b;
	int ncore = pa->rsize[0];

	memset(m, 0, sizeof(*m));
	m->ncore = ncore;
	m->nc = ncore + 1;
	for (int a = 1; a < pa->nreg; a++) {
		m->acol[a] = m->nc + 1;
		for (int g = 0; g < pa->ngoal; g++) {
			int q = pat_of(pa, pa->goal[g], a), dup = 0;

			for (int i = 0; i < m->nanc[a]; i++)
				dup |= m->anc[a][i] == q;
			if (dup)
				continue;
			if (m->nanc[a] == PA_ANCHOR_MAX)
				return 1;
			m->anc[a][m->nanc[a]++] = q;
		}
		if (!m->nanc[a])
			return 1;
		m->nc += m->nanc[a];
	}
	for (int a = 1; a < pa->nreg; a++)
		m->scol[a] = ++m->nc;
	glp_set_obj_dir(lp, GLP_MAX);
	glp_add_cols(lp, m->nc);
	for (int c = 1; c <= ncore; c++) {
		glp_set_col_bnds(lp, c, GLP_DB, -PA_BOUND, PA_BOUND);
		glp_set_obj_coef(lp, c, -(double)((p[0] >> (c - 1)) & 1));
	}
	glp_set_col_bnds(lp, ncore + 1, GLP_FR, 0, 0);
	glp_set_obj_coef(lp, ncore + 1, 1);
	for (int a = 1; a < pa->nreg; a++) {
		glp_set_col_bnds(lp, m->acol[a], GLP_FX, 0, 0);
		for (int i = 1; i < m->nanc[a]; i++)
			glp_set_col_bnds(lp, m->acol[a] + i, GLP_DB, -PA_TBOUND,
					 PA_TBOUND);
		glp_set_col_bnds(lp, m->scol[a], GLP_DB, -PA_TBOUND, PA_TBOUND);
		glp_set_obj_coef(lp, m->scol[a], -1);
		for (int i = 0; i < m->nanc[a]; i++)
			if (m->anc[a][i] == p[a]) { /* s_A = that anchor */
				r[m->scol[a]] = 1;
				r[m->acol[a] + i] = -1;
				add_row(ml, r, m->nc);
				r[m->scol[a]] = -1;
				r[m->acol[a] + i] = 1;
				add_row(ml, r, m->nc);
			}
	}
	for (int j = 0; j < b->n_jumps; j++) { /* the core's own jumps */
		struct arm_edge e;
		int fix, v;

		if (jump_arm(pa, &b->jumps[j]))
			continue;
		jump_masks(pa, &b->jumps[j], 0, &fix, &v, &e.cf, &e.ct);
		add_cost(r, &e, ncore);
		add_row(ml, r, m->nc);
	}
	for (int g = 0; g < pa->ngoal; g++) { /* f(goal_g) - t >= 0 */
		int gc = pat_of(pa, pa->goal[g], 0);

		r[ncore + 1] = -1;
		for (int u = 0; u < ncore; u++)
			r[u + 1] = (double)((gc >> u) & 1);
		for (int a = 1; a < pa->nreg; a++)
			for (int i = 0; i < m->nanc[a]; i++)
				if (m->anc[a][i] == pat_of(pa, pa->goal[g], a))
					r[m->acol[a] + i] += 1;
		add_row(ml, r, m->nc);
	}
	return 0;
}

/* The cuts arm a's graph gives at the master's solution v (cost: the
 * edges' costs there; d, par: scratch): the number added. */
static int arm_cuts(const struct prune_arm *pa, const struct master *m, int a,
		    int xa, struct master_lp *ml, const double *v,
		    const double *cost, double *d, int *par, double *r)
{
	const struct arm_edge *e = pa->edge[a];
	int np = 1 << pa->rsize[a], ne = pa->nedge[a], cuts = 0, u;

	/* a cycle costing less than 0, anywhere: from all at 0 */
	for (int q = 0; q < np; q++) {
		d[q] = 0;
		par[q] = -1;
	}
	u = longest(e, ne, cost, np, d, par);
	if (u >= 0) {
		int c0;

		for (int k = 0; k < np && u >= 0; k++) /* into the cycle */
			u = par[u] >= 0 ? e[par[u]].q : -1;
		if (u < 0)
			return -1;
		c0 = u;
		for (int k = 0; k <= np; k++) {
			if (par[u] < 0)
				return -1;
			add_cost(r, &e[par[u]], m->ncore);
			u = e[par[u]].q;
			if (u == c0)
				break;
		}
		add_row(ml, r, m->nc);
		return 1;
	}
	/* paths into the anchors: x's pattern, and the anchors themselves */
	for (int q = 0; q < np; q++) {
		d[q] = -HUGE_VAL;
		par[q] = -1;
	}
	for (int i = 0; i < m->nanc[a]; i++)
		d[m->anc[a][i]] = v[m->acol[a] + i];
	if (longest(e, ne, cost, np, d, par) >= 0)
		return -1; /* no cycle gains, so cannot be */
	for (int i = -1; i < m->nanc[a]; i++) {
		int s = i < 0 ? xa : m->anc[a][i];
		int col = i < 0 ? m->scol[a] : m->acol[a] + i;

		if (d[s] <= v[col] + 1e-7)
			continue;
		r[col] += 1; /* s_A (a_g) - a_h + cost_P(w) >= 0 */
		for (int k = 0; par[s] >= 0; s = e[par[s]].q)
			if (k++ > np)
				return -1; /* a path is simple */
			else
				add_cost(r, &e[par[s]], m->ncore);
		u = s;
		for (int k = 0; k < m->nanc[a]; k++)
			if (m->anc[a][k] == u)
				r[m->acol[a] + k] -= 1;
		add_row(ml, r, m->nc);
		cuts++;
	}
	return cuts;
}

/* The integer tables of weights w and anchors (integers, in t's core
 * table and anc): each arm's entries the longest paths into its anchors;
 * the patterns from which no anchor is reached (none of their positions
 * reaches a goal) from the longest paths of all at 0, moved down
 * together as far as the jumps into them need.  0, or 1 when a cycle
 * gains or an entry passes PA_ENTRY_MAX (no function). */
static int tables(const struct prune_arm *pa, const struct master *m,
		  const double *anc, int32_t *t, double *cost, double *d,
		  double *z, int *par)
{
	for (int a = 1; a < pa->nreg; a++) {
		const struct arm_edge *e = pa->edge[a];
		int np = 1 << pa->rsize[a], ne = pa->nedge[a];
		double k = 0;

		for (int i = 0; i < ne; i++)
			cost[i] = (double)t[e[i].cf] - (double)t[e[i].ct];
		for (int q = 0; q < np; q++) {
			d[q] = -HUGE_VAL;
			z[q] = 0;
		}
		for (int i = 0; i < m->nanc[a]; i++)
			d[m->anc[a][i]] = anc[m->acol[a] + i];
		if (longest(e, ne, cost, np, d, par) >= 0 ||
		    longest(e, ne, cost, np, z, par) >= 0)
			return 1;
		for (int i = 0; i < ne; i++)
			if (d[e[i].p] > -HUGE_VAL && d[e[i].q] == -HUGE_VAL)
				k = fmax(k, z[e[i].q] - d[e[i].p] - cost[i]);
		for (int q = 0; q < np; q++) {
			double y = d[q] > -HUGE_VAL ? d[q] : z[q] - k;

			if (fabs(y) > PA_ENTRY_MAX)
				return 1;
			t[pa->off[a] + q] = (int32_t)y;
		}
	}
	return 0;
}

/* Does the integer function t (region tables, the core's the sums of its
 * weights) never grow along a jump?  Checked on every jump at every
 * pattern of its arm. */
static int valid(const struct prune_arm *pa, const int32_t *t)
{
	const struct peg_board *b = pa->b;

	for (int j = 0; j < b->n_jumps; j++) {
		const struct peg_jump *jp = &b->jumps[j];
		int a = jump_arm(pa, jp), fix, val, cf, ct;
		long lin;

		jump_masks(pa, jp, a, &fix, &val, &cf, &ct);
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
	return transpose(pa);
}

int prune_arm_find(struct prune_arm *pa, uint64_t x)
{
	long lcm = 1;
	size_t sz = (size_t)pa->off[pa->nreg];
	int ncore = pa->rsize[0], np = 1 << PA_ARM_MAX, ne = 1, rc = -1;
	int p[PA_REG_MAX], mc = ncore + 1 + (PA_REG_MAX - 1) * (PA_ANCHOR_MAX + 1);
	struct master m;
	struct master_lp ml = {0};
	glp_prob *lp = NULL;
	glp_smcp sm;
	int32_t *t = malloc(sizeof(int32_t) * sz);
	double *r = calloc((size_t)mc + 1, sizeof(double));
	double *v = malloc(sizeof(double) * ((size_t)mc + 1));
	double *wt = malloc(sizeof(double) << ncore), *d = NULL, *z = NULL;
	double *cost = NULL;
	int *par = malloc(sizeof(int) * (size_t)np);

	if (pa->nbase >= PA_FN_MAX) {
		rc = 0;
		goto out;
	}
	if (!pa->edge[1] && arm_edges(pa))
		goto out;
	for (int a = 1; a < pa->nreg; a++)
		ne = pa->nedge[a] > ne ? pa->nedge[a] : ne;
	cost = malloc(sizeof(double) * (size_t)ne);
	d = malloc(sizeof(double) * (size_t)np);
	z = malloc(sizeof(double) * (size_t)np);
	if (!t || !r || !v || !wt || !d || !z || !cost || !par)
		goto out;
	rc = 0;
	for (int k = 0; k < pa->nreg; k++)
		p[k] = pat_of(pa, x, k);
	glp_term_hook(lp_silent, NULL);
	lp = ml.lp = glp_create_prob();
	pa->glp = 1;
	if (master_new(pa, p, &ml, &m, r))
		goto out;
	glp_init_smcp(&sm);
	sm.msg_lev = GLP_MSG_OFF;
	for (int round = 0;; round++) {
		int cuts = 0;

		if (ml.oom) {
			rc = -1;
			goto out;
		}
		glp_load_matrix(lp, (int)ml.k, ml.ia, ml.ja, ml.ar);
		if (round == PA_ROUNDS || glp_simplex(lp, &sm) ||
		    glp_get_status(lp) != GLP_OPT)
			goto out;
		for (int c = 1; c <= m.nc; c++)
			v[c] = glp_get_col_prim(lp, c);
		for (int q = 0; q < 1 << ncore; q++) {
			wt[q] = 0;
			for (int u = 0; u < ncore; u++)
				wt[q] += (double)((q >> u) & 1) * v[u + 1];
		}
		for (int a = 1; a < pa->nreg; a++) {
			const struct arm_edge *e = pa->edge[a];
			int k;

			for (int i = 0; i < pa->nedge[a]; i++)
				cost[i] = wt[e[i].cf] - wt[e[i].ct];
			k = arm_cuts(pa, &m, a, p[a], &ml, v, cost, d, par, r);
			if (k < 0)
				goto out;
			cuts += k;
		}
		if (!cuts)
			break;
	}
	if (glp_get_obj_val(lp) < 1e-6)
		goto out;
	/* a vertex of the LP is rational: scale w and the anchors by the
	 * least common multiple of the denominators (each at most PA_DEN) */
	for (int c = 1; c < m.scol[1] && lcm; c++) {
		long dn = 1;

		if (c == ncore + 1)
			continue; /* t */
		while (dn <= PA_DEN && fabs(v[c] * (double)dn -
					   nearbyint(v[c] * (double)dn)) > 1e-7)
			dn++;
		if (dn > PA_DEN)
			lcm = 0; /* not a small rational: no function */
		else
			lcm = lcm / gcd(lcm, dn) * dn;
		if (lcm > PA_LCM_MAX)
			lcm = 0;
	}
	if (!lcm)
		goto out;
	for (int c = 1; c < m.scol[1]; c++)
		v[c] = (double)lrint(v[c] * (double)lcm);
	for (int q = 0; q < 1 << ncore; q++) {
		long e = 0;

		for (int u = 0; u < ncore; u++)
			if ((q >> u) & 1)
				e += (long)v[u + 1];
		t[q] = (int32_t)e;
	}
	/* the tables, then the exact check: only it decides */
	if (!tables(pa, &m, v, t, cost, d, z, par) && valid(pa, t) &&
	    fval(pa, t, p) < least_goal(pa, t))
		rc = add(pa, t) ? -1 : 1;
out:
	if (lp)
		glp_delete_prob(lp);
	free(t);
	free(r);
	free(v);
	free(wt);
	free(d);
	free(z);
	free(cost);
	free(par);
	free(ml.ia);
	free(ml.ja);
	free(ml.ar);
	return rc;
}
