/* winwork_walk.c - with the W levels of a work directory on disk
 * (winwork.c): the fastest dead end (seed 001 Table 6) and the number of
 * solutions (Table 7), as winwork.h defines them. */
#include "winwork_int.h"

#include "pegsol/solution.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The codes under G of the orbit of c under fdir's larger group FK into
 * o[] (distinct): their number. */
static int f_orbit(const struct pegww *ww, uint64_t c, uint64_t *o)
{
	int k = 0;

	for (int i = 0; i < ww->FK.t->n_syms; i++) {
		uint64_t v = peg_symtab64_canon(ww->gt,
						peg_symtab64_apply(ww->FK.t, i, c));
		int j = 0;

		while (j < k && o[j] != v)
			j++;
		if (j == k)
			o[k++] = v;
	}
	return k;
}

/* fdir's group larger than G: the first G-code of f's orbits not in w
 * (*x: 1), or its count in G-codes (x NULL: *cnt).  0 none, -1 a block
 * fails. */
static int f_coarse(const struct pegww *ww, const struct peg_level *f,
		    const struct peg_level *w, uint64_t *x, uint64_t *cnt)
{
	struct pegww_rd rf;
	uint64_t a, o[PEGWW_MAX_GROUP];
	int g, rc = 0;

	if (pegww_rd_open(&rf, f->pack))
		return -1;
	while (!rc && (g = pegww_rd_next(&rf, &a)) == 1) {
		int k = f_orbit(ww, a, o);

		for (int i = 0; x && i < k && !rc; i++) {
			int h = peg_lpack_has(w->pack, ww->lf, o[i]);

			if (h < 0) /* a block that does not decode */
				rc = -1;
			else if (h == 0) {
				*x = o[i];
				rc = 1;
			}
		}
		if (cnt)
			*cnt += (uint64_t)k;
	}
	if (!rc && g < 0)
		rc = -1;
	pegww_rd_close(&rf);
	return rc;
}

/* The first code of f not in w (both packed, w a subset of f): 1 and *x,
 * 0 when there is none, -1 when a block fails. */
static int first_missing(const struct pegww *ww, const struct peg_level *f,
			 const struct peg_level *w, uint64_t *x)
{
	struct pegww_rd rf, rw;
	uint64_t a, c = 0;
	int gf, gw = 0, rc = -1;

	if (ww->FK.coarse)
		return f_coarse(ww, f, w, x, NULL);
	if (pegww_rd_open(&rf, f->pack))
		return -1;
	if (pegww_rd_open(&rw, w->pack)) {
		pegww_rd_close(&rf);
		return -1;
	}
	gw = pegww_rd_next(&rw, &c);
	while ((gf = pegww_rd_next(&rf, &a)) == 1 && gw >= 0) {
		while (gw == 1 && c < a)
			gw = pegww_rd_next(&rw, &c);
		if (gw == 0 || (gw == 1 && c != a)) {
			*x = a;
			rc = 1;
			goto out;
		}
	}
	rc = gf < 0 || gw < 0 ? -1 : 0;
out:
	pegww_rd_close(&rf);
	pegww_rd_close(&rw);
	return rc;
}

/* A path from the start to the raw position q of `pegs` pegs through
 * the F levels: jumps[0 .. start_pegs - pegs).  0, or -1 with err. */
static int trace_back(struct pegww *w, uint64_t q, int pegs,
		      struct peg_jump *jumps, struct peg_err *err)
{
	int ns = w->s->start_pegs;

	for (int k = pegs + 1; k <= ns; k++) {
		struct peg_level f;
		int found = -1;

		if (pegww_load(w, 'F', k, &f, err))
			return -1;
		for (int j = 0; j < w->nj && found < 0; j++) {
			uint64_t par = q ^ w->jm[2 * j] ^ w->jm[2 * j + 1];

			if ((q & w->jm[2 * j + 1]) && !(q & w->jm[2 * j]) &&
			    peg_lpack_has(f.pack, w->lf,
					  peg_symtab64_canon(w->FK.t, par)) == 1)
				found = j;
		}
		pegww_level_free(&f);
		if (found < 0) {
			peg_err_set(err, "no parent of a forward position in "
				    "the level of %d pegs: the work directory "
				    "is not this problem's", k);
			return -1;
		}
		jumps[ns - k] = w->b->jumps[found];
		q ^= w->jm[2 * found] ^ w->jm[2 * found + 1];
	}
	if (q != (uint64_t)w->s->start) {
		peg_err_set(err, "a forward path does not lead back to the "
				 "start");
		return -1;
	}
	return 0;
}

int pegww_dead_end(struct pegww *w, struct peg_err *err)
{
	struct pegww_result *r = w->r;
	int ns = w->s->start_pegs, n, N = w->b->n_holes, rc = -1, k;
	struct peg_level f = {0}, wl = {0};
	struct peg_jump *jumps = NULL;
	unsigned char *pegs = NULL;
	uint64_t q = 0;

	err->msg[0] = '\0'; /* the out-of-memory fallback below reads it */
	if (!r->w[ns])
		return 0; /* unsolvable: the start is lost */
	for (n = ns - 1; n >= w->s->finish_pegs; n--) {
		uint64_t fg = 0;

		if (!r->have_f[n])
			return 0;
		if (!w->FK.coarse) {
			fg = r->f[n];
		} else { /* F_n in G-codes */
			if (pegww_load(w, 'F', n, &f, err))
				goto out;
			if (f_coarse(w, &f, &f, NULL, &fg) < 0) {
				peg_err_set(err, "the level of %d pegs fails "
					    "its check", n);
				goto out;
			}
			pegww_level_free(&f);
		}
		if (fg != r->w[n])
			break;
	}
	if (n < w->s->finish_pegs)
		return 0;
	k = ns - n;
	jumps = malloc(sizeof(*jumps) * (size_t)k);
	pegs = malloc((size_t)N);
	if (!jumps || !pegs || pegww_load(w, 'F', n, &f, err) ||
	    pegww_load(w, 'W', n, &wl, err))
		goto out;
	if (first_missing(w, &f, &wl, &q) != 1) {
		peg_err_set(err, "the level of %d pegs fails its check", n);
		goto out;
	}
	if (trace_back(w, q, n, jumps, err))
		goto out;
	/* replayed from the start before it is handed out */
	peg_pos_from64((uint64_t)w->s->start, N, pegs);
	if (peg_jumps_replay(w->b, jumps, k, pegs, err))
		goto out;
	if (peg_pos_to64(pegs, N) != q) {
		peg_err_set(err, "the dead end's jumps do not replay to it");
		goto out;
	}
	r->dead_text = peg_jumps_format(w->b, jumps, k);
	if (!r->dead_text) {
		peg_err_set(err, "out of memory");
		goto out;
	}
	r->dead_pegs = n;
	r->dead_jumps = k;
	r->dead_code = q;
	rc = 0;
out:
	if (rc && !err->msg[0])
		peg_err_set(err, "out of memory");
	pegww_level_free(&f);
	pegww_level_free(&wl);
	free(jumps);
	free(pegs);
	return rc;
}

/* ---- the count ---- */

typedef unsigned __int128 u128;

/* One W level as an array with its path counts and a bucket index. */
struct clev {
	struct peg_level l; /* l.code */
	u128 *t;
	size_t *idx; /* 1 << IB buckets + 1 */
	int shift;
};

enum { IB = 18 };

static void clev_free(struct clev *c)
{
	pegww_level_free(&c->l);
	free(c->t);
	free(c->idx);
	memset(c, 0, sizeof(*c));
}

static int clev_load(struct pegww *w, int pegs, struct clev *c,
		     struct peg_err *err)
{
	char path[3100];
	size_t nb = (size_t)1 << IB, i = 0;
	int bits = w->b->n_holes;

	memset(c, 0, sizeof(*c));
	pegww_path(path, sizeof(path), w->wdir, 'W', pegs);
	if (peg_sets_level_load(w->s, path, pegs, w->wtag, 1, &c->l, err))
		return -1;
	c->t = calloc(c->l.n + 1, sizeof(u128));
	c->idx = malloc((nb + 1) * sizeof(size_t));
	if (!c->t || !c->idx) {
		clev_free(c);
		peg_err_set(err, "out of memory counting the solutions");
		return -1;
	}
	c->shift = bits > IB ? bits - IB : 0;
	for (size_t bk = 0; bk <= nb; bk++) {
		while (i < c->l.n && (c->l.code[i] >> c->shift) < bk)
			i++;
		c->idx[bk] = i;
	}
	return 0;
}

/* The index of x in c, or (size_t)-1. */
static size_t clev_find(const struct clev *c, uint64_t x)
{
	size_t bk = (size_t)(x >> c->shift), lo, hi;

	if (bk >= (size_t)1 << IB)
		return (size_t)-1;
	lo = c->idx[bk];
	hi = c->idx[bk + 1];
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (c->l.code[mid] < x)
			lo = mid + 1;
		else if (c->l.code[mid] > x)
			hi = mid;
		else
			return mid;
	}
	return (size_t)-1;
}

static int overflow(struct peg_err *err)
{
	peg_err_set(err, "out of memory: the count passes 128 bits");
	return -1;
}

/* T of nx from T of cur (one level down). */
static int count_step(struct pegww *w, const struct clev *cur,
		      struct clev *nx, struct peg_err *err)
{
	for (size_t i = 0; i < cur->l.n; i++) {
		uint64_t p = cur->l.code[i];

		if (!cur->t[i])
			continue;
		for (int j = 0; j < w->nj; j++) {
			size_t k;

			if ((p & w->jm[2 * j]) != w->jm[2 * j] ||
			    (p & w->jm[2 * j + 1]))
				continue;
			k = clev_find(nx, peg_symtab64_canon(
						  w->gt, p ^ w->jm[2 * j] ^
								 w->jm[2 * j + 1]));
			if (k == (size_t)-1)
				continue;
			w->r->edges++;
			if (__builtin_add_overflow(nx->t[k], cur->t[i],
						   &nx->t[k]))
				return overflow(err);
		}
	}
	return 0;
}

static int orbit(const struct pegww *w, uint64_t p)
{
	int fixed = 0;

	for (int g = 0; g < w->gt->n_syms; g++)
		fixed += peg_symtab64_apply(w->gt, g, p) == p;
	return w->gt->n_syms / (fixed ? fixed : 1);
}

int pegww_count(struct pegww *w, struct peg_err *err)
{
	int ns = w->s->start_pegs, N = w->b->n_holes, m = w->m, rc = -1;
	struct clev a = {0}, b = {0}, up = {0};
	u128 sum = 0;
	char buf[48];

	/* with the reverse problem's levels the paths are walked on to
	 * the finish (no eq. 8 to meet them at the middle): T(finish) */
	if (w->rev)
		m = w->s->finish_pegs;
	w->ptotal = 0;
	if (clev_load(w, ns, &a, err))
		return -1;
	if (a.l.n != 1) { /* the start is not winning: no solution */
		clev_free(&a);
		w->r->count = strdup("0");
		if (!w->r->count) {
			peg_err_set(err, "out of memory");
			return -1;
		}
		return 0;
	}
	a.t[0] = 1;
	for (int k = ns; k > m; k--) {
		/* the budget before W_(k-1) is read (its size is known) */
		if (w->o->memory &&
		    (a.l.n + (size_t)w->r->w[k - 1] + up.l.n) * 24 >
			    w->o->memory) {
			peg_err_set(err, "out of memory: counting W_%d and W_%d "
				    "needs %zu MB (--memory-mb)", k, k - 1,
				    ((a.l.n + (size_t)w->r->w[k - 1] + up.l.n) *
					     24 >>
				     20) + 1);
			goto out;
		}
		if (clev_load(w, k - 1, &b, err))
			goto out;
		if (count_step(w, &a, &b, err))
			goto out;
		pegww_progress(w, PEG_PHASE_COUNT, k - 1, b.l.n);
		if (!w->rev && k - 1 == m && N - m == k)
			up = a; /* T of W_(N-m) */
		else
			clev_free(&a);
		a = b;
		memset(&b, 0, sizeof(b));
	}
	/* sum over O in W_m of T(O) T(sigma(~O)) / |O| */
	for (size_t i = 0; i < a.l.n && w->rev; i++)
		sum += a.t[i]; /* W_finish: the finish alone */
	for (size_t i = 0; i < a.l.n && !w->rev; i++) {
		const struct clev *u = N - m == m ? &a : &up;
		size_t k = clev_find(u, pegww_map(w, w->sigma, a.l.code[i]));
		u128 x, o;

		if (k == (size_t)-1) {
			peg_err_set(err, "W_%d and W_%d do not match under "
				    "symmetry %d", m, N - m, w->sigma);
			goto out;
		}
		/* T counts the paths into a whole orbit: those into one
		 * position of the orbit of sigma(~p) are T / |O| */
		o = (u128)orbit(w, a.l.code[i]);
		if (u->t[k] % o) {
			peg_err_set(err, "path counts not divisible by the "
				    "orbit size: the sets are not this "
				    "problem's");
			goto out;
		}
		if (__builtin_mul_overflow(a.t[i], u->t[k] / o, &x) ||
		    __builtin_add_overflow(sum, x, &sum)) {
			overflow(err);
			goto out;
		}
	}
	w->r->count = strdup(peg_u128_str(sum, buf));
	if (!w->r->count) {
		peg_err_set(err, "out of memory");
		goto out;
	}
	rc = 0;
out:
	clev_free(&a);
	clev_free(&b);
	clev_free(&up);
	return rc;
}
