/* sets_prune.c - the pagoda functions of pagoda pruning (opts.prune,
 * sets.h explains the choice); sets_prune.h tests a code against them and
 * sets_prune_impl.h filters the forward levels.
 *
 * Why it is exact: a pagoda function R never increases along a jump, so a
 * position x with R(x) < R(goal) cannot reach the goal, and neither can
 * any of its descendants: dropping x from F_n drops nothing that a later
 * level would need to keep.  Every winning position passes every function;
 * so the pruned F_n still contain W_n, and W_n = F_n intersect B_n comes
 * out the same.
 *
 * The integer stage (boards of PRUNE_INT_HOLES or more, the top levels):
 * x reaching a goal g by jumps used c_j times gives g = x + sum_j c_j
 * (e_to - e_from - e_over) with integers c_j >= 0, so when GLPK proves
 * that system infeasible x cannot reach the goal; nor can a descendant
 * (its counts plus the jump to it would solve x's).  Stronger than every
 * pagoda function together (they are the real relaxation, by Farkas'
 * lemma); docs/performance.md "Integer jump counts".
 */
#include "pegsol/afile.h"
#include "pegsol/resource.h"
#include "pegsol/sets.h"

#include "sets_prune.h"
#include "sets_prune_arm.h"

#include <glpk.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum {
	PRUNE_MAXW = 16,        /* |weight| bound: sets_prune.h needs <= 16 */
	PRUNE_DEPTH_MIN = 6,    /* jumps to the sample level: at least */
	PRUNE_DEPTH_MAX = 14,   /* and at most */
	PRUNE_LEVEL = 100000,   /* positions of the sample level: at least */
	PRUNE_SAMPLES = 256,    /* positions sampled a level */
	PRUNE_MISSES = 120,     /* programs in a row finding nothing: stop */
	PRUNE_LP_MS = 2000,     /* time for one integer program */
	PRUNE_INT_BUDGET = 160000, /* integer programs: the top levels whose
				    unpruned sizes add up to at most this */
	PRUNE_INT_NODES = 2000, /* branch-and-bound nodes of one, at most */
	PRUNE_INT_HOLES = 40,   /* boards with fewer holes: no integer stage
				   (their sets are cheap; a program is not) */
	PRUNE_ARM_LPS = 200,    /* arm-table programs, at most (Wiegleb:
				   about 15 ms each) */
	PRUNE_ARM_MISSES = 60,  /* programs in a row finding nothing: stop */
	PRUNE_ARM_SAMPLES = 64  /* positions sampled a level */
};

/* Integer solutions kept from the level above (the witnesses): the
 * canonical code of a position (boards of up to 64 holes) and its jump
 * counts c_j in that code's frame, one byte a jump.  Open addressing,
 * empty key 0 (no position of a level is empty). */
struct witmap {
	uint64_t *key;
	unsigned char *sol;
	size_t cap, n;
	int pegs; /* the level's pegs, 0 none */
};

/* The integer stage's program data: the jumps and the goals, the
 * group's hole and jump permutations, and the witnesses of the level
 * above and of this one.  GLPK calls are serialised by lock (the filter
 * runs in worker threads) and each ends with glp_free_env in the thread
 * that made its problem. */
struct intprog {
	int n, nj, ngoal, ng;
	int *from, *over, *to;
	peg_u128 *goal;
	int *hperm, *jperm; /* ng * n holes, ng * nj jumps */
	struct witmap wm[2]; /* [0] the level above, [1] this level */
	uint64_t programs, shortcuts; /* positions settled each way */
	int nowit; /* no witnesses (a symmetry that does not map jumps) */
	pthread_mutex_t lock;
	struct prune_arm *arm; /* the arm tables (sets_prune_arm.c), or NULL */
};

static void witmap_release(struct witmap *m)
{
	free(m->key);
	free(m->sol);
	memset(m, 0, sizeof(*m));
}

static void intprog_free(struct intprog *ip)
{
	if (!ip)
		return;
	pthread_mutex_destroy(&ip->lock);
	free(ip->from);
	free(ip->over);
	free(ip->to);
	free(ip->goal);
	free(ip->hperm);
	free(ip->jperm);
	witmap_release(&ip->wm[0]);
	witmap_release(&ip->wm[1]);
	prune_arm_free(ip->arm);
	free(ip);
}

void peg_prune_free(struct peg_prune *pr)
{
	if (!pr)
		return;
	free(pr->w);
	free(pr->goal);
	free(pr->fn_base);
	free(pr->tab);
	free(pr->init);
	intprog_free(pr->ip);
	free(pr);
}

/* The value of weights w over the pegs of code x. */
static long value(const long *w, int n, peg_u128 x)
{
	long v = 0;

	for (int h = 0; h < n; h++)
		if ((x >> h) & 1)
			v += w[h];
	return v;
}

/* The least value of weights w over the goals. */
static long least(const long *w, int n, const peg_u128 *goal, int ngoal)
{
	long t = value(w, n, goal[0]);

	for (int k = 1; k < ngoal; k++) {
		long v = value(w, n, goal[k]);

		if (v < t)
			t = v;
	}
	return t;
}

/* The goals: the finish's images under the group (ng[0] codes), or with
 * goal anywhere every single peg.  Returns the count. */
static int goals(const struct peg_board *b, const struct peg_problem *p,
		 const int *group, int ng, peg_u128 *out)
{
	int n = b->n_holes, k = 0;

	if (p->goal == PEG_GOAL_ANYWHERE) {
		for (int h = 0; h < n; h++)
			out[k++] = (peg_u128)1 << h;
		return k;
	}
	for (int i = 0; i < ng; i++) {
		peg_u128 y = 0;
		int dup = 0;

		for (int h = 0; h < n; h++)
			if (p->finish[h])
				y |= (peg_u128)1 << b->sym[group[i] * n + h];
		for (int j = 0; j < k; j++)
			dup |= out[j] == y;
		if (!dup)
			out[k++] = y;
	}
	return k;
}

/* The tested functions from the base ones: each with its images under
 * the group (image weights w'[h] = w[g(h)], R'(x) = R(g x)), distinct,
 * each against its least value over the goals; then the tables. */
static int build(struct peg_prune *pr, const struct peg_board *b,
		 const int *group, int ng, const peg_u128 *goal, int ngoal)
{
	int n = b->n_holes, nf = 0, cap = pr->n_base * ng + 1;
	long *fw = malloc(sizeof(long) * (size_t)cap * (size_t)n);
	long *ft = malloc(sizeof(long) * (size_t)cap);
	int *fb = malloc(sizeof(int) * (size_t)cap);

	free(pr->fn_base);
	free(pr->tab);
	free(pr->init);
	pr->fn_base = NULL;
	pr->tab = pr->init = NULL;
	if (!fw || !ft || !fb)
		goto nomem;
	for (int q = 0; q < pr->n_base; q++)
		for (int i = 0; i < ng; i++) {
			long *w = fw + (size_t)nf * (size_t)n;
			int dup = 0;

			for (int h = 0; h < n; h++)
				w[h] = pr->w[(size_t)q * (size_t)n +
					     (size_t)b->sym[group[i] * n + h]];
			for (int j = 0; j < nf && !dup; j++)
				dup = !memcmp(fw + (size_t)j * (size_t)n, w,
					      sizeof(long) * (size_t)n);
			if (dup)
				continue;
			ft[nf] = least(w, n, goal, ngoal);
			fb[nf++] = q;
		}
	fb[nf] = pr->n_base; /* the integer stage (sets_prune.h) */
	pr->n_fn = nf;
	pr->fn_base = fb;
	fb = NULL;
	pr->nbytes = (n + 7) / 8;
	pr->ngrp = (nf + 3) / 4;
	pr->tab = calloc((size_t)pr->ngrp * (size_t)pr->nbytes * 256 + 1,
			 sizeof(uint64_t));
	pr->init = calloc((size_t)pr->ngrp + 1, sizeof(uint64_t));
	if (!pr->tab || !pr->init)
		goto nomem;
	for (int g = 0; g < pr->ngrp; g++)
		for (int lane = 0; lane < 4; lane++) {
			int f = 4 * g + lane;
			long t = f < nf ? ft[f] : 0;
			uint64_t *tb = pr->tab +
				       (size_t)g * (size_t)pr->nbytes * 256;

			pr->init[g] += (uint64_t)(0x4000 - t -
						  128L * pr->nbytes)
				       << (16 * lane);
			for (int k = 0; k < pr->nbytes; k++)
				for (int v = 0; v < 256; v++) {
					long e = 128;

					for (int bit = 0; bit < 8 && f < nf;
					     bit++)
						if (((v >> bit) & 1) &&
						    8 * k + bit < n)
							e += fw[(size_t)f * (size_t)n +
								(size_t)(8 * k + bit)];
					tb[k * 256 + v] += (uint64_t)e
							   << (16 * lane);
				}
		}
	free(fw);
	free(ft);
	return 0;
nomem:
	free(fw);
	free(ft);
	free(fb);
	return -1;
}

static int cut_code(const struct peg_prune *pr, peg_u128 x)
{
	return sets_prune_cut(pr, (uint64_t)x, (uint64_t)(x >> 64));
}

/* The codes of level l (either width). */
static peg_u128 level_code(const struct peg_sets *s, const struct peg_level *l,
			   size_t i)
{
	return s->wide ? l->code128[i] : (peg_u128)l->code[i];
}

/* Order the base functions greedily by the positions of the sample level
 * each cuts (with its images) that the ones before it do not, most first,
 * and drop those that cut none of them: the test stops at the first
 * function that cuts.  0, or -1 out of memory. */
static int order(struct peg_prune *pr, const struct peg_board *b,
		 const int *group, int ng, const peg_u128 *goal, int ngoal,
		 const struct peg_sets *s, int pegs)
{
	int n = b->n_holes, nb = pr->n_base, k = 0;
	size_t nl = s->F[pegs].n;
	long *w = malloc(sizeof(long) * (size_t)n * PEG_PRUNE_BASE_MAX);
	uint16_t *cut = calloc(nl + 1, sizeof(uint16_t)), done = 0;
	struct peg_prune one = {0};
	int rc = -1;

	if (!w || !cut)
		goto out;
	memcpy(w, pr->w, sizeof(long) * (size_t)n * (size_t)nb);
	one.n_base = 1;
	for (int q = 0; q < nb; q++) {
		one.w = w + (size_t)q * (size_t)n;
		if (build(&one, b, group, ng, goal, ngoal))
			goto out;
		for (size_t i = 0; i < nl; i++)
			if (cut_code(&one, level_code(s, &s->F[pegs], i)) >= 0)
				cut[i] |= (uint16_t)(1u << q);
	}
	for (;;) {
		size_t cnt[PEG_PRUNE_BASE_MAX] = {0};
		int best = -1;

		for (size_t i = 0; i < nl; i++)
			if (!(cut[i] & done))
				for (int q = 0; q < nb; q++)
					cnt[q] += (cut[i] >> q) & 1;
		for (int q = 0; q < nb; q++)
			if (!((done >> q) & 1) && cnt[q] &&
			    (best < 0 || cnt[q] > cnt[best]))
				best = q;
		if (best < 0)
			break;
		done |= (uint16_t)(1u << best);
		memcpy(pr->w + (size_t)k++ * (size_t)n,
		       w + (size_t)best * (size_t)n, sizeof(long) * (size_t)n);
	}
	pr->n_base = k;
	rc = build(pr, b, group, ng, goal, ngoal);
out:
	free(w);
	free(cut);
	free(one.fn_base);
	free(one.tab);
	free(one.init);
	return rc;
}

/* The integer stage's data for board b, goals goal[0 .. ngoal) and the
 * group group[0 .. ng) (indices into b->sym).  NULL out of memory. */
static struct intprog *intprog_new(const struct peg_board *b,
				   const peg_u128 *goal, int ngoal,
				   const int *group, int ng)
{
	struct intprog *ip = calloc(1, sizeof(*ip));
	int nj = b->n_jumps, n = b->n_holes;

	if (!ip)
		return NULL;
	if (pthread_mutex_init(&ip->lock, NULL)) {
		free(ip);
		return NULL;
	}
	ip->n = n;
	ip->nj = nj;
	ip->ngoal = ngoal;
	ip->ng = ng;
	ip->from = malloc(sizeof(int) * (size_t)nj + 1);
	ip->over = malloc(sizeof(int) * (size_t)nj + 1);
	ip->to = malloc(sizeof(int) * (size_t)nj + 1);
	ip->goal = malloc(sizeof(peg_u128) * (size_t)ngoal);
	ip->hperm = malloc(sizeof(int) * (size_t)ng * (size_t)n + 1);
	ip->jperm = malloc(sizeof(int) * (size_t)ng * (size_t)nj + 1);
	if (!ip->from || !ip->over || !ip->to || !ip->goal || !ip->hperm ||
	    !ip->jperm) {
		intprog_free(ip);
		return NULL;
	}
	for (int j = 0; j < nj; j++) {
		ip->from[j] = b->jumps[j].from;
		ip->over[j] = b->jumps[j].over;
		ip->to[j] = b->jumps[j].to;
	}
	memcpy(ip->goal, goal, sizeof(peg_u128) * (size_t)ngoal);
	/* symmetry i moves a peg on hole h to hperm[i][h], and jump j to
	 * the jump jperm[i][j] on the moved holes */
	for (int i = 0; i < ng; i++) {
		const int *pm = b->sym + (size_t)group[i] * (size_t)n;

		memcpy(ip->hperm + (size_t)i * (size_t)n, pm,
		       sizeof(int) * (size_t)n);
		for (int j = 0; j < nj; j++) {
			int f = pm[ip->from[j]], o = pm[ip->over[j]],
			    t = pm[ip->to[j]], k = b->jump_first[f];

			while (k < b->jump_first[f + 1] &&
			       (ip->over[k] != o || ip->to[k] != t))
				k++;
			ip->nowit |= k == b->jump_first[f + 1];
			ip->jperm[(size_t)i * (size_t)nj + (size_t)j] = k;
		}
	}
	return ip;
}

static int int_silent(void *info, const char *s)
{
	(void)info;
	(void)s;
	return 1;
}

/* Stop a branch and bound past PRUNE_INT_NODES nodes: the answer is then
 * "undecided" whatever the machine's speed. */
static void int_nodes(glp_tree *t, void *info)
{
	int total = 0;

	(void)info;
	glp_ios_tree_size(t, NULL, NULL, &total);
	if (total > PRUNE_INT_NODES)
		glp_ios_terminate(t);
}

/* Is there an integer vector of jump counts c_j >= 0 with
 *     goal = x + sum_j c_j (e_to(j) - e_from(j) - e_over(j))
 * for one of the goals?  Rows: one per hole; columns: the jump counts,
 * then (several goals) one binary z_k per goal with sum z_k = 1 and
 * goal = sum_k z_k goal_k.  1 infeasible, 0 feasible or undecided; when
 * feasible and sol is not NULL, sol gets the counts (each at most 255)
 * and *have 1. */
static int int_infeasible(const struct intprog *ip, peg_u128 x,
			  unsigned char *sol, int *have)
{
	int n = ip->n, nj = ip->nj, ng = ip->ngoal, multi = ng > 1;
	size_t cap = 3 * (size_t)nj + (size_t)(n + 1) * (size_t)ng + 1;
	int *ia = malloc(sizeof(int) * (cap + 1));
	int *ja = malloc(sizeof(int) * (cap + 1));
	double *ar = malloc(sizeof(double) * (cap + 1));
	glp_prob *lp;
	glp_iocp io;
	int k = 0, r, cut = 0;

	if (!ia || !ja || !ar)
		goto out; /* no memory: keep x */
	glp_term_hook(int_silent, NULL);
	lp = glp_create_prob();
	glp_add_rows(lp, n + multi);
	glp_add_cols(lp, nj + (multi ? ng : 0));
	for (int h = 0; h < n; h++) {
		double v = -(double)((x >> h) & 1);

		if (!multi)
			v += (double)((ip->goal[0] >> h) & 1);
		glp_set_row_bnds(lp, h + 1, GLP_FX, v, v);
	}
	for (int j = 0; j < nj; j++) {
		glp_set_col_bnds(lp, j + 1, GLP_LO, 0, 0);
		glp_set_col_kind(lp, j + 1, GLP_IV);
		ia[++k] = ip->from[j] + 1, ja[k] = j + 1, ar[k] = -1;
		ia[++k] = ip->over[j] + 1, ja[k] = j + 1, ar[k] = -1;
		ia[++k] = ip->to[j] + 1, ja[k] = j + 1, ar[k] = 1;
	}
	if (multi) {
		glp_set_row_bnds(lp, n + 1, GLP_FX, 1, 1);
		for (int g = 0; g < ng; g++) {
			int col = nj + g + 1;

			glp_set_col_kind(lp, col, GLP_BV);
			ia[++k] = n + 1, ja[k] = col, ar[k] = 1;
			for (int h = 0; h < n; h++)
				if ((ip->goal[g] >> h) & 1)
					ia[++k] = h + 1, ja[k] = col, ar[k] = -1;
		}
	}
	glp_load_matrix(lp, k, ia, ja, ar);
	glp_init_iocp(&io);
	io.msg_lev = GLP_MSG_OFF;
	io.presolve = GLP_ON;
	io.gmi_cuts = GLP_ON; /* Gomory cuts settle most within the limit */
#ifdef GLP_BR_MFV /* (not in the WebAssembly stand-in) */
	io.br_tech = GLP_BR_MFV; /* most fractional first: 0.7 of the time */
#endif
	io.cb_func = int_nodes;
	r = glp_intopt(lp, &io);
	if (r == GLP_ENOPFS)
		cut = 1; /* not even fractional counts exist */
	else if (r == 0 && glp_mip_status(lp) == GLP_NOFEAS)
		cut = 1;
	else if (sol && (glp_mip_status(lp) == GLP_OPT ||
			 glp_mip_status(lp) == GLP_FEAS)) {
		*have = 1;
		for (int j = 0; j < nj; j++) {
			double v = glp_mip_col_val(lp, j + 1) + 0.5;

			*have &= v >= 0 && v < 256;
			sol[j] = *have ? (unsigned char)v : 0;
		}
	}
	glp_delete_prob(lp);
	glp_free_env();
out:
	free(ia);
	free(ja);
	free(ar);
	return cut;
}

/* ---- witnesses: a parent's integer solution settles its child ----
 *
 * If parent p reaches a goal with jump counts c and c uses the jump j
 * from p to x (c_j >= 1), then c - e_j is a solution for x: x is kept
 * without a program.  Every position settled so (or by a program that
 * finds a solution) leaves its solution for the level below.  The
 * verdicts are the programs' own: a witness only settles positions that
 * are feasible, so the pruned levels do not depend on which positions
 * found one (nor on the order the workers take them in). */

/* witnesses kept a level, at most: 256 Ki slots of 8 + n_jumps bytes
 * (Wiegleb: 30 MB a map, two maps), enough for F_35 there */
enum { WIT_MAX = 1 << 17 };

static uint64_t wit_hash(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 33;
	return k;
}

/* The slot of key k in m: where it is, or the empty slot it would take
 * (m->cap a power of two, never full). */
static size_t wit_slot(const struct witmap *m, uint64_t k)
{
	size_t i = wit_hash(k) & (m->cap - 1);

	while (m->key[i] && m->key[i] != k)
		i = (i + 1) & (m->cap - 1);
	return i;
}

/* The canonical code of x (least image) and the symmetry giving it. */
static uint64_t wit_canon(const struct intprog *ip, uint64_t x, int *sym)
{
	uint64_t best = UINT64_MAX;

	*sym = 0;
	for (int i = 0; i < ip->ng; i++) {
		const int *pm = ip->hperm + (size_t)i * (size_t)ip->n;
		uint64_t y = 0;

		for (uint64_t z = x; z; z &= z - 1)
			y |= 1ULL << pm[__builtin_ctzll(z)];
		if (y < best) {
			best = y;
			*sym = i;
		}
	}
	return best;
}

/* Keep solution sol of x (x's frame). */
static void wit_put(struct intprog *ip, uint64_t x, const unsigned char *sol)
{
	struct witmap *m = &ip->wm[1];
	int sym, nj = ip->nj;
	uint64_t k = wit_canon(ip, x, &sym);
	const int *jp = ip->jperm + (size_t)sym * (size_t)nj;
	size_t i;

	if (m->n >= WIT_MAX)
		return;
	if (2 * (m->n + 1) > m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 4096;
		uint64_t *key = calloc(cap, sizeof(uint64_t));
		unsigned char *s2 = malloc(cap * (size_t)nj);
		struct witmap old = *m;

		if (!key || !s2) {
			free(key);
			free(s2);
			return; /* no witness: only more programs */
		}
		m->key = key;
		m->sol = s2;
		m->cap = cap;
		for (size_t a = 0; a < old.cap; a++)
			if (old.key[a]) {
				i = wit_slot(m, old.key[a]);
				m->key[i] = old.key[a];
				memcpy(m->sol + i * (size_t)nj,
				       old.sol + a * (size_t)nj, (size_t)nj);
			}
		free(old.key);
		free(old.sol);
	}
	i = wit_slot(m, k);
	if (m->key[i])
		return;
	m->key[i] = k;
	m->n++;
	for (int j = 0; j < nj; j++)
		m->sol[i * (size_t)nj + (size_t)jp[j]] = sol[j];
}

/* A parent's witness for x: 1 and sol (x's frame) when found. */
static int wit_find(const struct intprog *ip, uint64_t x, unsigned char *sol)
{
	const struct witmap *m = &ip->wm[0];
	int nj = ip->nj;

	if (!m->n)
		return 0;
	for (int j = 0; j < nj; j++) {
		uint64_t f = 1ULL << ip->from[j], o = 1ULL << ip->over[j],
			 t = 1ULL << ip->to[j], p, k;
		const int *jp;
		size_t i;
		int sym;

		if (!(x & t) || (x & (f | o)))
			continue;
		p = (x & ~t) | f | o; /* the parent, by jump j */
		k = wit_canon(ip, p, &sym);
		i = wit_slot(m, k);
		if (!m->key[i])
			continue;
		jp = ip->jperm + (size_t)sym * (size_t)nj;
		if (!m->sol[i * (size_t)nj + (size_t)jp[j]])
			continue; /* its solution does not use jump j */
		for (int q = 0; q < nj; q++)
			sol[q] = m->sol[i * (size_t)nj + (size_t)jp[q]];
		sol[j]--;
		return 1;
	}
	return 0;
}

int sets_prune_integer(const struct peg_prune *pr, uint64_t lo, uint64_t hi)
{
	struct intprog *ip = pr->ip;
	unsigned char sol[512];
	int cut = 0, have = 0, pegs;

	if (!ip)
		return 0;
	pegs = __builtin_popcountll(lo) + __builtin_popcountll(hi);
	pthread_mutex_lock(&ip->lock);
	if (hi || ip->n > 64 || ip->nj > 512 || ip->nowit) {
		cut = int_infeasible(ip, (peg_u128)lo | (peg_u128)hi << 64,
				     NULL, NULL);
		ip->programs++;
		goto out;
	}
	if (pegs != ip->wm[1].pegs) {
		/* a new level: this one's witnesses serve the next */
		witmap_release(&ip->wm[0]);
		if (pegs == ip->wm[1].pegs - 1)
			ip->wm[0] = ip->wm[1];
		else
			witmap_release(&ip->wm[1]);
		memset(&ip->wm[1], 0, sizeof(ip->wm[1]));
		ip->wm[1].pegs = pegs;
	}
	if (wit_find(ip, lo, sol)) {
		ip->shortcuts++;
		have = 1;
	} else {
		cut = int_infeasible(ip, (peg_u128)lo, sol, &have);
		ip->programs++;
	}
	if (have)
		wit_put(ip, lo, sol);
out:
	pthread_mutex_unlock(&ip->lock);
	return cut;
}

int sets_prune_arms(const struct peg_prune *pr, uint64_t lo, uint64_t hi)
{
	const struct intprog *ip = pr->ip;

	return !hi && ip && prune_arm_cut(ip->arm, lo);
}

int sets_prune_arm_count(const struct peg_prune *pr)
{
	const struct intprog *ip = pr->ip;

	return ip ? prune_arm_count(ip->arm) : 0;
}

uint64_t sets_prune_arm_hash(const struct peg_prune *pr)
{
	const struct intprog *ip = pr->ip;

	return ip ? prune_arm_hash(ip->arm) : 0;
}

size_t sets_prune_manifest(const struct peg_prune *pr, char *t, size_t cap)
{
	size_t k = (size_t)snprintf(
		t, cap, "prune %016llx int %d\n",
		(unsigned long long)peg_afile_hash(
			pr->w, sizeof(long) * (size_t)pr->n_base *
				       (size_t)pr->n_holes),
		pr->int_pegs);

	if (sets_prune_arm_count(pr))
		k += (size_t)snprintf(
			k < cap ? t + k : NULL, k < cap ? cap - k : 0,
			"arm %d %016llx\n", sets_prune_arm_count(pr),
			(unsigned long long)sets_prune_arm_hash(pr));
	return k;
}

/* The arm tables (sets_prune_arm.h): functions found by LP on the
 * positions of the sample levels (deepest first, PRUNE_ARM_SAMPLES a
 * level) that pass the pagodas and the tables so far, until
 * PRUNE_ARM_LPS programs or PRUNE_ARM_MISSES in a row find nothing.
 * Then the integer stage is not run: the tables are stronger and cheap
 * (docs/performance.md "Arm tables").  0, or -1 out of memory. */
static int find_arms(struct peg_prune *pr, const struct peg_board *b,
		     const peg_u128 *goal, int ngoal, const int *group, int ng,
		     const struct peg_sets *s, int lowest, int top)
{
	struct prune_arm *pa = NULL;
	int lps = 0, miss = 0;

	if (prune_arm_new(b, goal, ngoal, group, ng, &pa))
		return -1;
	if (!pa)
		return 0;
	for (int m = lowest; m < top && lps < PRUNE_ARM_LPS &&
			     miss < PRUNE_ARM_MISSES;
	     m++) {
		const struct peg_level *l = &s->F[m];
		size_t step = l->n / PRUNE_ARM_SAMPLES + 1;

		for (size_t i = 0; i < l->n && lps < PRUNE_ARM_LPS &&
				   miss < PRUNE_ARM_MISSES;
		     i += step) {
			peg_u128 x = level_code(s, l, i);
			int f;

			if (x >> 64 || cut_code(pr, x) >= 0 ||
			    prune_arm_cut(pa, (uint64_t)x))
				continue;
			lps++;
			f = prune_arm_find(pa, (uint64_t)x);
			if (f < 0) {
				prune_arm_free(pa);
				return -1;
			}
			miss = f ? 0 : miss + 1;
		}
	}
	prune_arm_end_search(pa);
	if (!prune_arm_count(pa)) {
		prune_arm_free(pa);
		return 0;
	}
	pr->ip = intprog_new(b, goal, ngoal, group, ng);
	if (!pr->ip) {
		prune_arm_free(pa);
		return -1;
	}
	((struct intprog *)pr->ip)->arm = pa;
	pr->int_pegs = 0;
	return 0;
}

void sets_prune_int_stats(const struct peg_prune *pr, uint64_t *programs,
			  uint64_t *shortcuts)
{
	const struct intprog *ip = pr->ip;

	*programs = ip ? ip->programs : 0;
	*shortcuts = ip ? ip->shortcuts : 0;
}

int peg_prune_new(const struct peg_board *b, const struct peg_problem *p,
		  enum peg_group kind, const int *group, int ng, int threads,
		  struct peg_prune **out, struct peg_err *err)
{
	return sets_prune_new(b, p, kind, group, ng, threads, 1, out, err);
}

int sets_prune_new(const struct peg_board *b, const struct peg_problem *p,
		   enum peg_group kind, const int *group, int ng, int threads,
		   int arms, struct peg_prune **out, struct peg_err *err)
{
	struct peg_sets_opts so = {0};
	struct peg_sets *s = NULL;
	struct peg_prune *pr;
	peg_u128 *goal = NULL;
	unsigned char *pegs = NULL;
	const unsigned char *fin = NULL;
	int n = b->n_holes, ngoal, ns, nf, rc = -1;

	*out = NULL;
	pr = calloc(1, sizeof(*pr));
	goal = malloc(sizeof(peg_u128) * (size_t)(ng > n ? ng : n));
	pegs = malloc((size_t)n);
	if (!pr || !goal || !pegs)
		goto nomem;
	pr->n_holes = n;
	pr->w = malloc(sizeof(long) * (size_t)n * PEG_PRUNE_BASE_MAX);
	pr->goal = malloc(sizeof(long) * PEG_PRUNE_BASE_MAX);
	if (!pr->w || !pr->goal)
		goto nomem;
	ngoal = goals(b, p, group, ng, goal);
	if (p->goal != PEG_GOAL_ANYWHERE)
		fin = p->finish;
	if (build(pr, b, group, ng, goal, ngoal))
		goto nomem;
	ns = peg_pos_count(p->start, n);
	nf = p->goal == PEG_GOAL_ANYWHERE ? 1 : peg_pos_count(p->finish, n);
	/* the sample level: forward, unpruned, the first of at least
	 * PRUNE_LEVEL positions within the depth bounds */
	so.group = kind;
	so.threads = threads;
	so.forward_only = 1;
	for (int d = PRUNE_DEPTH_MIN;; d++) {
		so.to = ns - d > nf ? ns - d : nf;
		if (so.to < 1)
			so.to = 1;
		peg_sets_free(s);
		s = NULL;
		if (peg_sets_compute(b, p, &so, &s, err))
			goto out;
		if (s->F[so.to].n >= PRUNE_LEVEL || so.to <= nf ||
		    so.to <= 1 || d >= PRUNE_DEPTH_MAX)
			break;
	}
	pr->sample_pegs = so.to;
	/* the deepest levels first: more of their positions are lost */
	for (int m = so.to, miss = 0;
	     m < ns && pr->n_base < PEG_PRUNE_BASE_MAX - 1 &&
	     pr->lp_calls < PEG_PRUNE_LP_MAX && miss < PRUNE_MISSES;
	     m++) {
		const struct peg_level *l = &s->F[m];
		size_t step = l->n / PRUNE_SAMPLES + 1;

		for (size_t i = 0; i < l->n && pr->n_base < PEG_PRUNE_BASE_MAX - 1 &&
				   pr->lp_calls < PEG_PRUNE_LP_MAX &&
				   miss < PRUNE_MISSES;
		     i += step) {
			peg_u128 x = level_code(s, l, i);
			struct peg_resource *r = NULL;
			struct peg_err e2 = {0};
			int found;

			if (cut_code(pr, x) >= 0)
				continue;
			peg_pos_from128(x, n, pegs);
			pr->lp_calls++;
			found = peg_pagoda_find(b, pegs, fin, PRUNE_MAXW,
						PRUNE_LP_MS, &r, &e2);
			if (found != 1) {
				miss++;
				continue; /* none proves it, or no time */
			}
			miss = 0;
			memcpy(pr->w + (size_t)pr->n_base * (size_t)n, r->w,
			       sizeof(long) * (size_t)n);
			peg_resource_free(r);
			pr->n_base++;
			if (build(pr, b, group, ng, goal, ngoal))
				goto nomem;
		}
	}
	if (order(pr, b, group, ng, goal, ngoal, s, so.to))
		goto nomem;
	for (int q = 0; q < pr->n_base; q++)
		pr->goal[q] = least(pr->w + (size_t)q * (size_t)n, n, goal,
				    ngoal);
	/* the integer stage: the top levels whose unpruned sizes (the
	 * sample's) add up to at most PRUNE_INT_BUDGET */
	{
		uint64_t sum = 0;

		for (int m = ns; n >= PRUNE_INT_HOLES && m >= so.to && m > nf;
		     m--) {
			sum += s->F[m].n;
			if (sum > PRUNE_INT_BUDGET)
				break;
			pr->int_pegs = m;
		}
	}
	if (arms && find_arms(pr, b, goal, ngoal, group, ng, s, so.to, ns))
		goto nomem;
	if (!pr->ip) /* no arm tables: sets_prune_integer */
		pr->ip = intprog_new(b, goal, ngoal, group, ng);
	if (!pr->ip)
		goto nomem;
	*out = pr;
	pr = NULL;
	rc = 0;
	goto out;
nomem:
	peg_err_set(err, "out of memory finding pagoda functions");
out:
	peg_sets_free(s);
	peg_prune_free(pr);
	free(goal);
	free(pegs);
	return rc;
}
