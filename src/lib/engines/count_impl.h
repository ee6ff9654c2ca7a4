/* count_impl.h - the path count of count.c for one code width.  Included
 * twice by count.c, with WBITS 64 and 128 (codew.h gives the code type CW
 * and the other parameters; HASH is count.c's hash64 or hash128).
 * Everything here is static and named with the suffix; peg_count_sets
 * (count.c) picks the body by s->wide.  Only the 64-bit body uses the
 * AVX-512 tables of symv.h. */
#include "codew.h"
#undef HASH
#define HASH CAT(hash, SFX)

/* 32 bytes either way: code and count share a cache line. */
struct NAME(slot_) {
	CW code; /* 0 = empty */
#if WBITS == 64
	uint64_t pad;
#endif
	union {
		peg_u128 val;     /* the path count (the __int128 walk) */
		uint64_t word[2]; /* its words, for add128_atomic */
	};
};

struct NAME(table_) {
	struct NAME(slot_) *slot; /* 2^bits slots */
	int bits;
	mpz_t *z;                 /* per slot (the GMP walk), or NULL */
};

/* A spare slot array: the walk hands back the tables it is done with, so
 * the next level reuses their memory instead of faulting in new pages. */
struct NAME(spare_) {
	struct NAME(slot_) *slot;
	size_t n;
};

static void NAME(table_put_)(struct NAME(table_) *t, const CW *code, size_t n)
{
	size_t mask = ((size_t)1 << t->bits) - 1;

	for (size_t i = 0; i < n; i++) {
		size_t h = HASH(code[i], t->bits);

		while (t->slot[h].code)
			h = (h + 1) & mask;
		t->slot[h].code = code[i];
	}
}

/* The codes of a packed level (a memory budget), decoded a block at a
 * time straight into t: the level is never unpacked whole.  0 or -1. */
static int NAME(table_put_packed_)(struct NAME(table_) *t,
				   const struct peg_lpack *pk)
{
	struct peg_lf *c = peg_lf_new();
	size_t most = 0;
	CW *a = NULL;
	int rc = -1;

	for (size_t i = 0; i < pk->nblk; i++)
		if (peg_lpack_block_n(pk, i) > most)
			most = peg_lpack_block_n(pk, i);
	a = malloc((most + 1) * sizeof(CW));
	for (size_t i = 0; c && a && i < pk->nblk; i++) {
		if (peg_lpack_block(pk, c, i, a))
			goto out;
		NAME(table_put_)(t, a, peg_lpack_block_n(pk, i));
	}
	rc = c && a ? 0 : -1;
out:
	free(a);
	peg_lf_free(c);
	return rc;
}

/* The table of level l (its array, or its pack), in the spare array sp
 * when that is big enough; a spare too small is freed (the levels walked
 * grow, so it would only hold memory).  0, or -1 out of memory. */
static int NAME(table_build_)(struct NAME(table_) *t, const struct peg_level *l,
			      struct NAME(spare_) *sp)
{
	size_t nslot;

	t->bits = table_bits(l->n);
	nslot = (size_t)1 << t->bits;
	if (sp && sp->slot && sp->n >= nslot) {
		t->slot = sp->slot;
		sp->slot = NULL;
	} else {
		if (sp) {
			free(sp->slot);
			sp->slot = NULL;
		}
		t->slot = symv_big_alloc(nslot * sizeof(*t->slot));
	}
	if (!t->slot)
		return -1;
	memset(t->slot, 0, nslot * sizeof(*t->slot));
	if (l->pack)
		return NAME(table_put_packed_)(t, l->pack);
	NAME(table_put_)(t, LC(l), l->n);
	return 0;
}

/* The start's table (one code): its count 1. */
static void NAME(table_start_)(struct NAME(table_) *t, int gmp)
{
	for (size_t i = 0; i < (size_t)1 << t->bits; i++)
		if (t->slot[i].code) {
			if (gmp)
				mpz_set_ui(t->z[i], 1);
			else
				t->slot[i].val = 1;
		}
}

static long NAME(table_find_)(const struct NAME(table_) *t, CW code)
{
	size_t mask = ((size_t)1 << t->bits) - 1;

	for (size_t h = HASH(code, t->bits);; h = (h + 1) & mask) {
		CW v = t->slot[h].code;

		if (v == code)
			return (long)h;
		if (!v)
			return -1;
	}
}

static void NAME(table_release_)(struct NAME(table_) *t)
{
	size_t n = (size_t)1 << t->bits;

	if (t->z)
		for (size_t i = 0; i < n; i++)
			mpz_clear(t->z[i]);
	free(t->z);
	free(t->slot);
	memset(t, 0, sizeof(*t));
}

static int NAME(table_gmp_)(struct NAME(table_) *t)
{
	size_t n = (size_t)1 << t->bits;

	t->z = malloc(n * sizeof(mpz_t));
	if (!t->z)
		return -1;
	for (size_t i = 0; i < n; i++)
		mpz_init(t->z[i]);
	return 0;
}

struct NAME(walk_) {
	const struct peg_sets *s;
	const FAST *f;
	CW *sflip; /* nj * ng, jump-major */
	CW *img;   /* 8 * ng: each worker's images of a parent */
	int ng, nj;
	const int *from_first; /* the board's jump_first */
	uint64_t edges;
	struct symv v;
	int threads;   /* workers of a level */
};

/* The walk's tables for the sets s (their group): the jump masks' images
 * under every symmetry of the group.  0, or -1 out of memory (w is then
 * still released by walk_release_). */
static int NAME(walk_init_)(struct NAME(walk_) *w, const struct peg_board *b,
			    const struct peg_sets *s, const FAST *fast)
{
	w->s = s;
	w->f = fast;
	w->from_first = b->jump_first;
	w->ng = s->n_group;
	w->nj = b->n_jumps;
	w->threads = s->threads < 1 ? 2 : s->threads > 8 ? 8 : s->threads;
	/* symmetries x jumps: bounded (dense symmetric graph boards) */
	w->sflip = (size_t)w->ng * (size_t)w->nj > PEG_SYMJUMP_MAX
			   ? NULL
			   : malloc(sizeof(CW) *
				    ((size_t)w->ng * (size_t)w->nj + 1));
	w->img = malloc(sizeof(CW) * 8 * (size_t)w->ng);
	if (!w->f || !w->sflip || !w->img)
		return -1;
#if WBITS == 64
	if (symv_init(&w->v, SETS_SYMTAB(s), s->group, w->ng, w->f->flip,
		      w->nj))
		return -1;
#endif
	for (int g = 0; g < w->ng; g++)
		for (int k = 0; k < w->nj; k++)
			w->sflip[(size_t)k * w->ng + g] = SYM_APPLY(
				SETS_SYMTAB(s), s->group[g], w->f->flip[k]);
	return 0;
}

static void NAME(walk_release_)(struct NAME(walk_) *w)
{
	free(w->sflip);
	free(w->img);
	symv_release(&w->v);
	w->sflip = w->img = NULL;
}

/* One worker's share of a level: the slots [i0, i1) of cur, pushed
 * into next (walk_job; atomic: other workers add to the same slots) or
 * met with next = the level N - m (meet_job: the sum into sum, or zsum
 * for GMP). */
struct NAME(job_) {
	struct NAME(walk_) *w;
	struct NAME(table_) *cur, *next;
	size_t i0, i1;
	uint64_t edges;
	int t; /* worker index */
	int gmp, atomic, over;
	peg_u128 sum;
	mpz_ptr zsum;
};

/* Run fn on w->threads workers, each on a slice of cur's slots (one
 * worker for GMP or a small level); adds up their edges and sums into
 * w->edges and *sum (may be NULL).  1 on __int128 overflow. */
static int NAME(split_)(void *(*fn)(void *), struct NAME(walk_) *w,
			struct NAME(table_) *cur, struct NAME(table_) *next,
			int gmp, peg_u128 *sum, mpz_ptr zsum)
{
	struct NAME(job_) jb[8];
	size_t nslot = (size_t)1 << cur->bits;
	int nt = gmp || nslot < WALK_MIN_SLOTS ? 1 : w->threads, over = 0;

	for (int t = 0; t < nt; t++) {
		memset(&jb[t], 0, sizeof(jb[t]));
		jb[t].w = w;
		jb[t].t = t;
		jb[t].cur = cur;
		jb[t].next = next;
		jb[t].i0 = nslot * (size_t)t / (size_t)nt;
		jb[t].i1 = nslot * (size_t)(t + 1) / (size_t)nt;
		jb[t].gmp = gmp;
		jb[t].atomic = nt > 1;
		jb[t].zsum = zsum;
	}
	peg_pool_run(NULL, fn, jb, sizeof(jb[0]), nt);
	for (int t = 0; t < nt; t++) {
		w->edges += jb[t].edges;
		over |= jb[t].over ||
			(sum && __builtin_add_overflow(*sum, jb[t].sum, sum));
	}
	return over;
}

/* Add the count of slot i of cur to the child c in next: 1 on overflow. */
static inline int NAME(push_)(struct NAME(job_) *jb, size_t i, CW c)
{
	long j = NAME(table_find_)(jb->next, c);
	peg_u128 *v;

	if (j < 0)
		return 0;
	jb->edges++;
	if (jb->gmp) {
		mpz_add(jb->next->z[j], jb->next->z[j], jb->cur->z[i]);
		return 0;
	}
	if (jb->atomic)
		return add128_atomic(jb->next->slot[j].word, jb->cur->slot[i].val);
	v = &jb->next->slot[j].val;
	return __builtin_add_overflow(*v, jb->cur->slot[i].val, v);
}

#if SIMD64
__attribute__((target("avx512f"))) static int
walk_level_simd(struct NAME(job_) *jb)
{
	const struct NAME(walk_) *w = jb->w;
	const struct NAME(table_) *cur = jb->cur, *next = jb->next;
	uint64_t kid[256];

	for (size_t i = jb->i0; i < jb->i1; i++) {
		uint64_t p = cur->slot[i].code;
		__m512i img;
		int m = 0;

		if (!p || (jb->gmp ? mpz_sgn(cur->z[i]) == 0
				   : cur->slot[i].val == 0))
			continue;
		img = symv_images(&w->v, p);
		/* all children first, their slots prefetched, then the adds */
		for (uint64_t q = p; q; q &= q - 1) {
			int h = __builtin_ctzll(q);

			for (int k = w->from_first[h];
			     k < w->from_first[h + 1]; k++) {
				if (!peg_fast64_legal(w->f, k, p))
					continue;
				if (m == 256) {
					/* a dense graph board: flush the batch */
					for (int j = 0; j < m; j++)
						if (NAME(push_)(jb, i, kid[j]))
							return 1;
					m = 0;
				}
				kid[m] = symv_child(&w->v, img, k);
				__builtin_prefetch(
					&next->slot[HASH(kid[m], next->bits)]);
				m++;
			}
		}
		for (int j = 0; j < m; j++)
			if (NAME(push_)(jb, i, kid[j]))
				return 1;
	}
	return 0;
}
#endif

/* The canonical code of the child of p by jump k: the minimum over the
 * group of img[g] ^ (the image of k's mask), img[g] the g-th image of p. */
static inline CW NAME(child_)(const struct NAME(walk_) *w, const CW *img,
			      CW p, int k)
{
	const CW *sf = w->sflip + (size_t)k * w->ng;
	CW c = p ^ sf[0];

	for (int g = 1; g < w->ng; g++) {
		CW y = img[g] ^ sf[g];

		if (y < c)
			c = y;
	}
	return c;
}

/* Children are batched a parent at a time (KID_BATCH, count.c): all
 * computed and their slots prefetched first, then probed (the probes into
 * a big table are cache misses; this way they overlap).
 * The canonical children of p (legal jumps) into kid[0..], their slots in
 * t prefetched, from the jump after *k0 of hole bit q on; returns how
 * many (at most cap: call again while *q is not 0).  cx = full: the
 * complements of the children instead (img then holds the images of
 * ~p: a symmetry commutes with the complement); else 0. */
static int NAME(kids_)(const struct NAME(walk_) *w, const CW *img, CW p,
		       CW cx, CW *q, int *k0, const struct NAME(table_) *t,
		       CW *kid, int cap)
{
	int m = 0;

	for (; *q; *q &= *q - 1, *k0 = -1) {
		int h = CTZ(*q);
		int k = *k0 < 0 ? w->from_first[h] : *k0;

		for (; k < w->from_first[h + 1]; k++) {
			if (!FAST_FN(_legal)(w->f, k, p))
				continue;
			if (m == cap) {
				*k0 = k;
				return m;
			}
			kid[m] = NAME(child_)(w, img, p ^ cx, k);
			__builtin_prefetch(&t->slot[HASH(kid[m], t->bits)]);
			m++;
		}
	}
	return m;
}

/* Worker: push the counts of slots [i0, i1) of cur along every jump into
 * next; jb->over = 1 on __int128 overflow. */
static void *NAME(walk_job_)(void *arg)
{
	struct NAME(job_) *jb = arg;
	const struct NAME(walk_) *w = jb->w;
	const struct peg_sets *s = w->s;
	const struct NAME(table_) *cur = jb->cur;
	CW *img = w->img + (size_t)jb->t * w->ng;
	CW kid[KID_BATCH];
	int ng = w->ng;

#if SIMD64
	if (w->v.simd) {
		jb->over = walk_level_simd(jb);
		return NULL;
	}
#endif
	for (size_t i = jb->i0; i < jb->i1; i++) {
		CW p = cur->slot[i].code, q = p;
		int k0 = -1, m;

		if (!p || (jb->gmp ? mpz_sgn(cur->z[i]) == 0
				   : cur->slot[i].val == 0))
			continue;
		for (int g = 1; g < ng; g++)
			img[g] = SYM_APPLY(SETS_SYMTAB(s), s->group[g], p);
		while ((m = NAME(kids_)(w, img, p, 0, &q, &k0, jb->next, kid,
					KID_BATCH)))
			for (int j = 0; j < m; j++)
				if (NAME(push_)(jb, i, kid[j])) {
					jb->over = 1;
					return NULL;
				}
	}
	return NULL;
}

/* Push the counts of level `cur` along every jump into level `next`, on
 * w->threads workers: each takes a range of cur's slots, and they add
 * into next's slots atomically (the GMP walk runs on one).  gmp: use the
 * mpz values.  Returns 1 on __int128 overflow. */
static int NAME(walk_level_)(struct NAME(walk_) *w, struct NAME(table_) *cur,
			     struct NAME(table_) *next, int gmp)
{
	return NAME(split_)(NAME(walk_job_), w, cur, next, gmp, NULL, NULL);
}

static int NAME(fixes_)(const struct peg_sets *s, CW code)
{
	for (int g = 0; g < s->n_group; g++)
		if (SYM_APPLY(SETS_SYMTAB(s), s->group[g], code) != code)
			return 0;
	return 1;
}

/* The canonical code under the sets' group (sets.h). */
#if WBITS == 64
#define COUNT_CANON peg_sets_canon
#else
#define COUNT_CANON peg_sets_canon128
#endif

static int NAME(orbit_size_)(const struct peg_sets *s, CW x)
{
	int fixed = 0;

	for (int g = 0; g < s->n_group; g++)
		fixed += SYM_APPLY(SETS_SYMTAB(s), s->group[g], x) == x;
	return s->n_group / fixed;
}

/* Meet in the middle (complement problems): one worker's share, slots
 * [i0, i1) of the level cur = m, against next = the level N - m. */
static void *NAME(meet_job_)(void *arg)
{
	struct NAME(job_) *jb = arg;
	const struct peg_sets *s = jb->w->s;
	const struct NAME(table_) *lo = jb->cur, *hi = jb->next;
	CW full = jb->w->f->full;
	mpz_t t;

	if (jb->gmp)
		mpz_init(t);
	for (size_t i = jb->i0; i < jb->i1 && !jb->over; i++) {
		CW x = lo->slot[i].code;
		peg_u128 prod;
		long j;

		if (!x || (jb->gmp ? !mpz_sgn(lo->z[i]) : !lo->slot[i].val))
			continue;
		j = NAME(table_find_)(hi, COUNT_CANON(s, full ^ x));
		if (j < 0 || (jb->gmp ? !mpz_sgn(hi->z[j]) : !hi->slot[j].val))
			continue;
		if (jb->gmp) {
			mpz_divexact_ui(t, lo->z[i],
					(unsigned long)NAME(orbit_size_)(s, x));
			mpz_addmul(jb->zsum, t, hi->z[j]);
		} else if (__builtin_mul_overflow(
				   lo->slot[i].val /
					   (unsigned)NAME(orbit_size_)(s, x),
				   hi->slot[j].val, &prod) ||
			   __builtin_add_overflow(jb->sum, prod, &jb->sum)) {
			jb->over = 1;
		}
	}
	if (jb->gmp)
		mpz_clear(t);
	return NULL;
}

/* The meet on the edges (complement problems on an odd number of holes
 * N = 2h + 1: count_sets_).  Every solution takes exactly one jump from
 * h + 1 pegs to h, so with t(x) the paths from the start to the raw
 * position x (t(~y) = the paths from y to the finish)
 *
 *     count = sum over orbits O in W_(h+1), x in O, of |O| t(x) *
 *             (sum over the jumps of x, child y, of t(~y))
 *
 * where ~y has h + 1 pegs again: both factors come from one table, and
 * the level of h pegs is never built.  First tdiv_job_ turns the table's
 * orbit totals T(O) into t(x) = T(O) / |O| (exact: the start is fixed by
 * the group); then edge_job_ sums, slots [i0, i1) of cur. */
static void *NAME(tdiv_job_)(void *arg)
{
	struct NAME(job_) *jb = arg;
	const struct peg_sets *s = jb->w->s;
	struct NAME(table_) *t = jb->cur;

	for (size_t i = jb->i0; i < jb->i1; i++)
		if (t->slot[i].code && t->slot[i].val)
			t->slot[i].val /=
				(unsigned)NAME(orbit_size_)(s, t->slot[i].code);
	return NULL;
}

static void *NAME(edge_job_)(void *arg)
{
	struct NAME(job_) *jb = arg;
	const struct NAME(walk_) *w = jb->w;
	const struct peg_sets *s = w->s;
	const struct NAME(table_) *t = jb->cur;
	CW *img = w->img + (size_t)jb->t * w->ng, full = w->f->full;
	CW kid[KID_BATCH];

	for (size_t i = jb->i0; i < jb->i1 && !jb->over; i++) {
		CW x = t->slot[i].code, q = x;
		peg_u128 mult, acc = 0, prod;
		int k0 = -1, m;

		if (!x || !t->slot[i].val)
			continue;
		if (__builtin_mul_overflow(t->slot[i].val,
					   (unsigned)NAME(orbit_size_)(s, x),
					   &mult)) {
			jb->over = 1;
			break;
		}
		for (int g = 1; g < w->ng; g++)
			img[g] = full ^ SYM_APPLY(SETS_SYMTAB(s), s->group[g],
						  x);
		while ((m = NAME(kids_)(w, img, x, full, &q, &k0, t, kid,
					KID_BATCH)))
			for (int j = 0; j < m; j++) {
				long h = NAME(table_find_)(t, kid[j]);

				if (h < 0)
					continue;
				jb->edges++;
				if (__builtin_add_overflow(acc, t->slot[h].val,
							   &acc))
					jb->over = 1;
			}
		if (__builtin_mul_overflow(mult, acc, &prod) ||
		    __builtin_add_overflow(jb->sum, prod, &jb->sum))
			jb->over = 1;
	}
	return NULL;
}

static int NAME(count_sets_)(const struct peg_board *b, const struct peg_sets *s,
			     struct peg_count_result *r, peg_progress_fn *pfn,
			     void *pctx, struct peg_err *err)
{
	struct NAME(walk_) w = {0};
	FAST *fast = FAST_FN(_new)(b);
	struct NAME(table_) *tab = NULL;
	struct NAME(spare_) sp = {0};
	int ns = s->start_pegs, nf = s->finish_pegs, rc = -1, over = 0;
	int n = s->n_holes, stop = nf, low;
	peg_u128 total = 0;
	uint64_t walked = 0;
	char buf[48];

	if (!NAME(fixes_)(s, (CW)s->start) ||
	    (!s->anywhere && !NAME(fixes_)(s, (CW)s->finish))) {
		peg_err_set(err, "counting needs sets reduced by symmetries "
			    "that fix the start and the finish");
		FAST_FN(_free)(fast);
		return -1;
	}
	if (s->complement && n / 2 >= nf && n / 2 <= ns)
		stop = n / 2; /* meet in the middle */
	/* N odd: meet on the edges into level stop (edge_job_), which is
	 * then never built; the testing switch keeps the level meet */
	low = stop != nf && n - stop == stop + 1 &&
			      !symv_env_on("PEGSOL_COUNT_GMP")
		      ? stop + 1
		      : stop;
	for (int m = stop; m <= ns; m++)
		if (!s->W[m].have) {
			peg_err_set(err, "the winning set with %d pegs is "
				    "missing", m);
			FAST_FN(_free)(fast);
			return -1;
		}
	tab = calloc((size_t)n + 1, sizeof(*tab));
	if (NAME(walk_init_)(&w, b, s, fast) || !tab)
		goto nomem;
	for (int m = nf; m <= ns; m++)
		if (s->W[m].have)
			r->positions += s->W[m].n;

	if (NAME(table_build_)(&tab[ns], &s->W[ns], NULL))
		goto nomem;
	if (s->W[ns].n == 1)
		NAME(table_start_)(&tab[ns], 0);
	for (int m = ns; m > low && !over; m--) {
		if (NAME(table_build_)(&tab[m - 1], &s->W[m - 1], &sp))
			goto nomem;
		over = NAME(walk_level_)(&w, &tab[m], &tab[m - 1], 0);
		if (pfn)
			walk_progress(pfn, pctx, m - 1, s->W[m - 1].n, &walked);
		if (m != n - stop || stop == nf) {
			/* done with level m: keep the larger array as spare */
			size_t k = (size_t)1 << tab[m].bits;

			if (!sp.slot || k > sp.n) {
				free(sp.slot);
				sp.slot = tab[m].slot;
				sp.n = k;
				tab[m].slot = NULL;
			}
			NAME(table_release_)(&tab[m]);
		}
	}
	if (symv_env_on("PEGSOL_COUNT_GMP"))
		over = 1; /* testing switch: take the GMP walk */
	if (!over && low != stop) {
		NAME(split_)(NAME(tdiv_job_), &w, &tab[low], NULL, 0, NULL,
			     NULL);
		over = NAME(split_)(NAME(edge_job_), &w, &tab[low], &tab[low],
				    0, &total, NULL);
		if (pfn)
			walk_progress(pfn, pctx, stop, s->W[stop].n, &walked);
	} else if (!over && stop != nf) {
		over = NAME(split_)(NAME(meet_job_), &w, &tab[stop],
				    &tab[n - stop], 0, &total, NULL);
	} else if (!over) {
		size_t ns_ = (size_t)1 << tab[nf].bits;

		for (size_t i = 0; i < ns_ && !over; i++)
			over = __builtin_add_overflow(total, tab[nf].slot[i].val,
						      &total);
	}
	if (!over) {
		r->value = total;
		r->text = strdup(peg_u128_str(total, buf));
		if (!r->text)
			goto nomem;
	} else {
		/* the same walk on GMP integers */
		mpz_t sum;

		w.edges = 0;
		for (int m = stop; m <= ns; m++) {
			if (!tab[m].slot &&
			    NAME(table_build_)(&tab[m], &s->W[m], NULL))
				goto nomem;
			if (NAME(table_gmp_)(&tab[m]))
				goto nomem;
		}
		if (s->W[ns].n == 1)
			NAME(table_start_)(&tab[ns], 1);
		walked = 0;
		for (int m = ns; m > stop; m--) {
			NAME(walk_level_)(&w, &tab[m], &tab[m - 1], 1);
			if (pfn)
				walk_progress(pfn, pctx, m - 1, s->W[m - 1].n,
					      &walked);
		}
		mpz_init(sum);
		if (stop != nf)
			NAME(split_)(NAME(meet_job_), &w, &tab[stop],
				     &tab[n - stop], 1, NULL, sum);
		else
			for (size_t i = 0; i < (size_t)1 << tab[nf].bits; i++)
				mpz_add(sum, sum, tab[nf].z[i]);
		r->text = mpz_get_str(NULL, 10, sum);
		r->wide = mpz_sizeinbase(sum, 2) > 128;
		if (!r->wide) {
			uint64_t word[2] = {0, 0};

			mpz_export(word, NULL, -1, sizeof(word[0]), 0, 0, sum);
			r->value = (peg_u128)word[1] << 64 | word[0];
		}
		mpz_clear(sum);
		if (!r->text)
			goto nomem;
	}
	r->edges = w.edges;
	rc = 0;
nomem:
	if (rc)
		peg_err_set(err, "out of memory counting solutions");
	for (int m = 0; tab && m <= n; m++)
		NAME(table_release_)(&tab[m]);
	free(sp.slot);
	free(tab);
	NAME(walk_release_)(&w);
	FAST_FN(_free)(fast);
	return rc;
}

/* All starts, one peg anywhere (peg_count_all_starts): P(x) = the number
 * of jump sequences from x to one peg, over the union u of the forward
 * levels of every start class, reduced by the whole board group (P is the
 * same on an orbit, and the jumps of x are counted raw, so no orbit sizes
 * enter).  P = 1 on u[1]; P(x) = the sum over the legal jumps of x of P of
 * the canonical child (every child of a forward position is in u; P is 0
 * on the positions that cannot reach one peg).  Worker: the slots [i0, i1) of cur pull from next = the level
 * below, each writing only its own slots; jb->over = 1 on overflow. */
static void *NAME(pull_job_)(void *arg)
{
	struct NAME(job_) *jb = arg;
	const struct NAME(walk_) *w = jb->w;
	const struct peg_sets *s = w->s;
	struct NAME(table_) *cur = jb->cur;
	const struct NAME(table_) *next = jb->next;
	CW *img = w->img + (size_t)jb->t * w->ng;
	int ng = w->ng;

	CW kid[KID_BATCH];

	for (size_t i = jb->i0; i < jb->i1 && !jb->over; i++) {
		CW p = cur->slot[i].code, q = p;
		peg_u128 sum = 0;
		int k0 = -1, m;

		if (!p)
			continue;
		for (int g = 1; g < ng; g++)
			img[g] = SYM_APPLY(SETS_SYMTAB(s), s->group[g], p);
		while ((m = NAME(kids_)(w, img, p, 0, &q, &k0, next, kid,
					KID_BATCH))) {
			for (int x = 0; x < m; x++) {
				long j = NAME(table_find_)(next, kid[x]);

				if (j < 0)
					continue;
				jb->edges++;
				if (__builtin_add_overflow(
					    sum, next->slot[j].val, &sum))
					jb->over = 1;
			}
		}
		cur->slot[i].val = sum;
	}
	return NULL;
}

/* *u = *u union l (both sorted and distinct; u's codes malloc'd, the
 * caller frees them).  0, or -1 out of memory. */
static int NAME(level_union_)(struct peg_level *u, const struct peg_level *l)
{
	size_t i = 0, j = 0, k = 0;
	CW *a = LC(u), *b = LC(l), *c;

	if (!l->n)
		return 0;
	c = malloc((u->n + l->n) * sizeof(CW));
	if (!c)
		return -1;
	while (i < u->n || j < l->n) {
		if (j == l->n || (i < u->n && a[i] < b[j]))
			c[k++] = a[i++];
		else if (i == u->n || b[j] < a[i])
			c[k++] = b[j++];
		else
			c[k++] = a[i++], j++;
	}
	free(a);
	LC(u) = c;
	u->n = k;
	u->have = 1;
	return 0;
}

/* The pull over u[1..N-1] (levels of the sets s0's group, the whole
 * board group); val[h] = P of the start with hole h vacant, for every
 * hole.  0, 1 on __int128 overflow, -1 out of memory. */
static int NAME(pull_all_)(const struct peg_board *b,
			   const struct peg_sets *s0, struct peg_level *u,
			   peg_u128 *val, uint64_t *edges, peg_progress_fn *pfn,
			   void *pctx)
{
	struct NAME(walk_) w = {0};
	FAST *fast = FAST_FN(_new)(b);
	struct NAME(table_) lo = {0}, hi = {0};
	struct NAME(spare_) sp = {0};
	int n = b->n_holes, rc = -1, over = 0;
	uint64_t walked = 0;

	if (NAME(walk_init_)(&w, b, s0, fast) ||
	    NAME(table_build_)(&lo, &u[1], NULL))
		goto out;
	for (size_t i = 0; i < (size_t)1 << lo.bits; i++)
		lo.slot[i].val = lo.slot[i].code != 0;
	for (int m = 2; m <= n - 1 && !over; m++) {
		size_t k = (size_t)1 << lo.bits;

		if (NAME(table_build_)(&hi, &u[m], &sp))
			goto out;
		over = NAME(split_)(NAME(pull_job_), &w, &hi, &lo, 0, NULL,
				    NULL);
		if (pfn)
			walk_progress(pfn, pctx, m, u[m].n, &walked);
		/* done with the level below: keep the larger array as spare */
		if (!sp.slot || k > sp.n) {
			free(sp.slot);
			sp.slot = lo.slot;
			sp.n = k;
			lo.slot = NULL;
		}
		NAME(table_release_)(&lo);
		lo = hi;
		memset(&hi, 0, sizeof(hi));
	}
	for (int h = 0; h < n && !over; h++) {
		long j = NAME(table_find_)(
			&lo, COUNT_CANON(s0, fast->full ^ ((CW)1 << h)));

		val[h] = j < 0 ? 0 : lo.slot[j].val;
	}
	*edges = w.edges;
	rc = over;
out:
	NAME(table_release_)(&lo);
	NAME(table_release_)(&hi);
	free(sp.slot);
	NAME(walk_release_)(&w);
	FAST_FN(_free)(fast);
	return rc;
}

#undef COUNT_CANON
