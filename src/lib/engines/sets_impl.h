/* sets_impl.h - the level-set engine of sets.c for one code width.
 * Included twice by sets.c, with WBITS 64 and 128 (codew.h gives the code
 * type CW and the other parameters).  Everything here is static and named
 * with the suffix (expand_64, expand_128, ...); sets.c holds what does
 * not depend on the width and the public functions, which pick the body
 * by s->wide.  Only the 64-bit body uses the AVX-512 tables of symv.h. */
#include "codew.h"

/* A growable array of codes. */
struct NAME(vec_) {
	CW *a;
	size_t n, cap;
};

/* The bucket pools of expand (sets.c explains them).  An entry is the low
 * bits of a code below the bucket number: 4 bytes when they fit in 32
 * bits, 8 when in 64, else a whole W. */
struct NAME(pool_) {
	void **blk;          /* blocks, BS entries of es bytes */
	int32_t *next;       /* per block: the next block of its bucket or -1 */
	size_t nused, nalloc, cap;
	int32_t head[NB], tail[NB];
	struct {
		char *cur;     /* the tail block */
		uint32_t fill; /* entries in it */
		int32_t nblk;  /* blocks */
	} bk[NB];            /* what a new child touches: one line */
	size_t cnt[NB];      /* entries per bucket (after generation) */
	int es, low, fail;
	int per;             /* blocks per chunk of CHUNK_BYTES */
};

struct NAME(part_);

/* A worker's sort buffers, kept across levels (fresh pages cost more than
 * the sort). */
struct NAME(scratch_) {
	CW *a, *tmp;
	size_t cap;
};

/* Everything a worker needs to expand parents into canonical children. */
struct NAME(ctx_) {
	int n, nj, ng;
	CW full;
	const CW *need, *to, *flip;
	int *from_first, *from_list; /* jumps by from hole */
	int *to_first, *to_list;     /* jumps by to hole */
	const int *group;
	const SYMTAB *t;
	CW *sflip;                /* nj * ng: images of the flip masks, jump-major */
	struct NAME(pool_) *pool; /* 8 per-worker pools kept across levels */
	struct NAME(vec_) *buf;   /* 8 per-worker output runs */
	struct NAME(scratch_) *scr; /* 8 per-worker sort buffers */
	int threads;             /* workers of comp_sorted */
	struct symv v;           /* 8-lane tables (symv.h; 64 bits only) */
	struct diskstat *ds;     /* memory budget and disk partitions, or NULL */
};

static CW NAME(canon_)(const struct NAME(ctx_) *c, CW x)
{
	CW m = x;

#if SIMD64
	if (c->v.simd)
		return symv_canon(&c->v, x);
#endif
	for (int i = 1; i < c->ng; i++) {
		CW y = SYM_APPLY(c->t, c->group[i], x);

		if (y < m)
			m = y;
	}
	return m;
}


/* LSD radix sort of a[0..n) on the low `bits` bits, at most 11 bits a
 * pass (the passes balanced); tmp holds n codes, cnt (11 bits worth of
 * counters) is scratch.  Passes where every key has the same digit are
 * skipped.  Returns the array holding the result (a or tmp). */
static CW *NAME(radix_sort_)(CW *a, CW *tmp, size_t n, int bits, size_t *cnt)
{
	int lo = 0, passes, R;
	size_t B;

#if WBITS > 64
	{
		/* long keys: sort on the span of bits that vary only */
		CW any = 0, all = ~(CW)0;

		for (size_t i = 0; i < n; i++) {
			any |= a[i];
			all &= a[i];
		}
		any ^= all;
		if (!any)
			return a;
		lo = CTZ(any);
		bits = (uint64_t)(any >> 64)
			       ? 128 - __builtin_clzll((uint64_t)(any >> 64))
			       : 64 - __builtin_clzll((uint64_t)any);
	}
#endif
	passes = (bits - lo + 10) / 11;
	R = passes ? (bits - lo + passes - 1) / passes : 1;
	B = (size_t)1 << R;
	for (int sh = lo; sh < bits; sh += R) {
		size_t sum = 0;
		CW *t;

		memset(cnt, 0, B * sizeof(size_t));
		for (size_t i = 0; i < n; i++)
			cnt[(size_t)(a[i] >> sh) & (B - 1)]++;
		if (cnt[(size_t)(a[0] >> sh) & (B - 1)] == n)
			continue;
		for (size_t d = 0; d < B; d++) {
			size_t x = cnt[d];

			cnt[d] = sum;
			sum += x;
		}
		for (size_t i = 0; i < n; i++)
			tmp[cnt[(size_t)(a[i] >> sh) & (B - 1)]++] = a[i];
		t = a;
		a = tmp;
		tmp = t;
	}
	return a;
}

static void NAME(insertion_sort_)(CW *a, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		CW x = a[i];
		size_t j = i;

		for (; j > 0 && a[j - 1] > x; j--)
			a[j] = a[j - 1];
		a[j] = x;
	}
}

/* Sort a[0..n) (codes of `bits` bits) and drop duplicates; tmp holds n
 * codes.  Returns the new length, or (size_t)-1 when out of memory. */
static size_t NAME(sort_unique_)(CW *a, CW *tmp, size_t n, int bits)
{
	size_t *cnt, m = 0;
	CW *r;

	if (n < 2)
		return n;
	if (n <= 32) {
		r = a;
		NAME(insertion_sort_)(a, n);
	} else {
		cnt = malloc((1 << 11) * sizeof(size_t));
		if (!cnt)
			return (size_t)-1;
		r = NAME(radix_sort_)(a, tmp, n, bits, cnt);
		free(cnt);
	}
	for (size_t i = 0; i < n; i++)
		if (!m || a[m - 1] != r[i])
			a[m++] = r[i];
	return m;
}

/* Sort and deduplicate v in place.  -1 no memory. */
static int NAME(vec_sort_unique_)(struct NAME(vec_) *v, int bits)
{
	CW *tmp;
	size_t m;

	if (v->n < 2)
		return 0;
	tmp = malloc(v->n * sizeof(CW));
	if (!tmp)
		return -1;
	m = NAME(sort_unique_)(v->a, tmp, v->n, bits);
	free(tmp);
	if (m == (size_t)-1)
		return -1;
	v->n = m;
	return 0;
}

/* Make room for k more codes. */
static int NAME(vec_reserve_)(struct NAME(vec_) *v, size_t k)
{
	if (v->n + k > v->cap) {
		size_t cap = v->cap ? v->cap + v->cap / 2 : 1 << 16;
		CW *a;

		if (cap < v->n + k)
			cap = v->n + k;
		a = realloc(v->a, cap * sizeof(CW));
		if (!a)
			return -1;
		v->a = a;
		v->cap = cap;
	}
	return 0;
}

static void NAME(pool_release_)(struct NAME(pool_) *p);

static void NAME(pool_reset_)(struct NAME(pool_) *p, int bits)
{
	int low = bits > GB ? bits - GB : 0;
	int es = low <= 32 ? 4 : low <= 64 ? 8 : (int)sizeof(CW);

	if (p->nalloc && es != p->es)
		NAME(pool_release_)(p); /* blocks are es * BS bytes */
	p->low = low;
	p->es = es;
	p->per = CHUNK_BYTES / (BS * es);
	p->nused = 0;
	p->fail = 0;
	for (int b = 0; b < NB; b++) {
		p->head[b] = -1;
		p->bk[b].fill = BS;
		p->bk[b].nblk = 0;
		p->cnt[b] = 0;
	}
}

static void NAME(pool_release_)(struct NAME(pool_) *p)
{
	for (size_t i = 0; i < p->nalloc; i += (size_t)p->per)
		free(p->blk[i]);
	free(p->blk);
	free(p->next);
	memset(p, 0, sizeof(*p));
}

/* Open a new block for bucket b.  -1 when out of memory. */
static int NAME(pool_block_)(struct NAME(pool_) *p, size_t b)
{
	size_t i = p->nused;

	if (i == p->nalloc) {
		if (i == p->cap) {
			size_t cap = p->cap ? 2 * p->cap : 1024;
			void **nb = realloc(p->blk, cap * sizeof(void *));
			int32_t *nn;

			if (!nb)
				return -1;
			p->blk = nb;
			nn = realloc(p->next, cap * sizeof(int32_t));
			if (!nn || cap > INT32_MAX)
				return -1;
			p->next = nn;
			p->cap = cap;
		}
		if (i % (size_t)p->per == 0) {
			p->blk[i] = symv_big_alloc((size_t)BS * p->es * p->per);
			if (!p->blk[i])
				return -1;
		} else {
			p->blk[i] = (char *)p->blk[i - 1] + (size_t)BS * p->es;
		}
		p->nalloc++;
	}
	p->nused++;
	p->next[i] = -1;
	if (p->head[b] < 0)
		p->head[b] = (int32_t)i;
	else
		p->next[p->tail[b]] = (int32_t)i;
	p->tail[b] = (int32_t)i;
	p->bk[b].cur = p->blk[i];
	p->bk[b].fill = 0;
	p->bk[b].nblk++;
	return 0;
}

static inline void NAME(pool_put_)(struct NAME(pool_) *p, CW code)
{
	size_t b = (size_t)(code >> p->low);

	if (p->bk[b].fill == BS && NAME(pool_block_)(p, b)) {
		p->fail = 1;
		return;
	}
	if (p->es == 4)
		((uint32_t *)p->bk[b].cur)[p->bk[b].fill++] = (uint32_t)code;
#if WBITS > 64
	else if (p->es == 8)
		((uint64_t *)p->bk[b].cur)[p->bk[b].fill++] = (uint64_t)code;
#endif
	else
		((CW *)p->bk[b].cur)[p->bk[b].fill++] = code;
}

/* Entry j of block i, its low bits only. */
static inline CW NAME(pool_get_)(const struct NAME(pool_) *p, int32_t i,
				size_t j)
{
	if (p->es == 4)
		return ((const uint32_t *)p->blk[i])[j];
#if WBITS > 64
	if (p->es == 8)
		return ((const uint64_t *)p->blk[i])[j];
#endif
	return ((const CW *)p->blk[i])[j];
}

/* Call EMIT(k) for every jump k legal in p: from the pegs when at most
 * half the holes have one, else from the holes. */
#define FOR_LEGAL_JUMPS(c, p, EMIT)                                           \
	do {                                                                  \
		if (2 * POPC(p) <= (c)->n) {                                  \
			for (CW q_ = (p); q_; q_ &= q_ - 1) {                  \
				int h_ = CTZ(q_);                             \
				for (int i_ = (c)->from_first[h_];            \
				     i_ < (c)->from_first[h_ + 1]; i_++) {    \
					int k_ = (c)->from_list[i_];          \
					if (((p) & (c)->need[k_]) ==          \
						    (c)->need[k_] &&          \
					    !((p) & (c)->to[k_]))             \
						EMIT(k_);                     \
				}                                             \
			}                                                     \
		} else {                                                      \
			for (CW q_ = ~(p) & (c)->full; q_; q_ &= q_ - 1) {     \
				int h_ = CTZ(q_);                             \
				for (int i_ = (c)->to_first[h_];              \
				     i_ < (c)->to_first[h_ + 1]; i_++) {      \
					int k_ = (c)->to_list[i_];            \
					if (((p) & (c)->need[k_]) ==          \
					    (c)->need[k_])                    \
						EMIT(k_);                     \
				}                                             \
			}                                                     \
		}                                                             \
	} while (0)

/* Drop the canonical children of parent p into the pool; img holds ng
 * codes (scratch). */
static void NAME(children_)(const struct NAME(ctx_) *c, CW p,
			    struct NAME(pool_) *pl, CW *img)
{
	int ng = c->ng;

	img[0] = p;
	for (int i = 1; i < ng; i++)
		img[i] = SYM_APPLY(c->t, c->group[i], p);
#define EMIT(k)                                                               \
	do {                                                                  \
		const CW *sf_ = c->sflip + (size_t)(k) * ng;                   \
		CW m_ = p ^ sf_[0];                                            \
		for (int g_ = 1; g_ < ng; g_++) {                             \
			CW y_ = img[g_] ^ sf_[g_];                             \
			if (y_ < m_)                                          \
				m_ = y_;                                      \
		}                                                             \
		NAME(pool_put_)(pl, m_);                                      \
	} while (0)
	FOR_LEGAL_JUMPS(c, p, EMIT);
#undef EMIT
}

#if SIMD64
/* The same with the 8-lane tables. */
__attribute__((target("avx512f"))) static void
children_simd(const struct NAME(ctx_) *c, uint64_t p, struct NAME(pool_) *pl)
{
	__m512i img = symv_images(&c->v, p);

#define EMIT(k) NAME(pool_put_)(pl, symv_child(&c->v, img, (k)))
	FOR_LEGAL_JUMPS(c, p, EMIT);
#undef EMIT
}
#endif

struct NAME(work_) {
	const struct NAME(ctx_) *c;
	/* phase 1: parents [lo, hi) into pool */
	const CW *par;
	size_t lo, hi;
	struct NAME(pool_) *pool;
	uint64_t generated; /* children before deduplication */
	int comp;           /* the canonical complements, not the children */
	/* phase 2: buckets [b0, b1) of all pools into out */
	struct NAME(pool_) *pools;
	int npools, b0, b1;
	struct NAME(vec_) *out;
	CW *dst;            /* phase 3: out copied here (work_copy) */
	struct NAME(scratch_) *scr;
	int fail;
	struct NAME(part_) *parts; /* disk partitions (work_dsort) */
};

static void *NAME(work_gen_)(void *arg)
{
	struct NAME(work_) *w = arg;

	if (w->comp) {
		for (size_t i = w->lo; i < w->hi && !w->pool->fail; i++)
			NAME(pool_put_)(w->pool, NAME(canon_)(w->c, w->c->full ^
							       w->par[i]));
	} else
#if SIMD64
	if (w->c->v.simd) {
		for (size_t i = w->lo; i < w->hi && !w->pool->fail; i++)
			children_simd(w->c, w->par[i], w->pool);
	} else
#endif
	{
		/* the group's images: graph boards can have thousands */
		CW small[64], *img = w->c->ng <= 64
					     ? small
					     : malloc(sizeof(CW) *
						      (size_t)w->c->ng);

		if (!img)
			w->pool->fail = 1;
		for (size_t i = w->lo; i < w->hi && !w->pool->fail; i++)
			NAME(children_)(w->c, w->par[i], w->pool, img);
		if (img != small)
			free(img);
	}
	w->fail = w->pool->fail;
	for (int b = 0; b < NB; b++) {
		struct NAME(pool_) *p = w->pool;

		p->cnt[b] = p->bk[b].nblk
				    ? (size_t)(p->bk[b].nblk - 1) * BS + p->bk[b].fill
				    : 0;
		w->generated += p->cnt[b];
	}
	return NULL;
}

static void *NAME(work_sort_)(void *arg)
{
	struct NAME(work_) *w = arg;
	const struct NAME(pool_) *p0 = &w->pools[0];
	int low = p0->low;
	CW lowmask = low >= WBITS ? ~(CW)0 : ((CW)1 << low) - 1;
	size_t maxb = 0, cnt[1 << 11];
	struct NAME(scratch_) *sc = w->scr;
	CW *a, *tmp;

	w->out->n = 0;
	for (int b = w->b0; b < w->b1; b++) {
		size_t nb = 0;

		for (int t = 0; t < w->npools; t++)
			nb += w->pools[t].cnt[b];
		if (nb > maxb)
			maxb = nb;
	}
	if (maxb + 1 > sc->cap) {
		free(sc->a);
		free(sc->tmp);
		sc->cap = maxb + 1 + maxb / 4;
		sc->a = malloc(sc->cap * sizeof(CW));
		sc->tmp = malloc(sc->cap * sizeof(CW));
		if (!sc->a || !sc->tmp) {
			sc->cap = 0;
			goto fail;
		}
	}
	a = sc->a;
	tmp = sc->tmp;
	for (int b = w->b0; b < w->b1; b++) {
		size_t nb = 0, m = 0;
		CW *r, top = (CW)b << low;

		for (int t = 0; t < w->npools; t++) {
			const struct NAME(pool_) *p = &w->pools[t];
			size_t left = p->cnt[b];

			for (int32_t i = p->head[b]; i >= 0 && left;
			     i = p->next[i]) {
				size_t k = left < BS ? left : BS;

				if (p->es == 4) {
					const uint32_t *x = p->blk[i];

					for (size_t j = 0; j < k; j++)
						a[nb++] = x[j] & lowmask;
#if WBITS > 64
				} else if (p->es == 8) {
					const uint64_t *x = p->blk[i];

					for (size_t j = 0; j < k; j++)
						a[nb++] = x[j] & lowmask;
#endif
				} else {
					const CW *x = p->blk[i];

					for (size_t j = 0; j < k; j++)
						a[nb++] = x[j] & lowmask;
				}
				left -= k;
			}
		}
		if (!nb)
			continue;
		if (nb <= 32) {
			NAME(insertion_sort_)(a, nb);
			r = a;
		} else {
			r = NAME(radix_sort_)(a, tmp, nb, low, cnt);
		}
		if (NAME(vec_reserve_)(w->out, nb))
			goto fail;
		for (size_t i = 0; i < nb; i++)
			if (!i || r[i] != r[i - 1])
				w->out->a[w->out->n + m++] = top | r[i];
		w->out->n += m;
	}
	return NULL;
fail:
	w->fail = 1;
	return NULL;
}

/* Worker: copy the run out to dst (the level array at the run's place). */
static void *NAME(work_copy_)(void *arg)
{
	struct NAME(work_) *w = arg;

	if (w->out->n)
		memcpy(w->dst, w->out->a, w->out->n * sizeof(CW));
	return NULL;
}

/* ---- disk partitions (sets.c explains them) ---- */

struct NAME(part_) {
	FILE *f;
	size_t n;   /* codes in the file: unsorted, then distinct */
	size_t pos, len, left; /* merge: read buffer and codes not read */
	CW *buf;
};

static uint64_t NAME(count_children_)(const struct NAME(ctx_) *c,
				      const struct peg_level *in)
{
	uint64_t k = 0;

#define EMIT(j)                                                               \
	do {                                                                  \
		(void)(j);                                                    \
		k++;                                                          \
	} while (0)
	for (size_t i = 0; i < in->n; i++) {
		CW p = LC(in)[i];

		FOR_LEGAL_JUMPS(c, p, EMIT);
	}
#undef EMIT
	return k;
}

/* The partitions for expanding `in` on nt workers: 1 = in memory. */
static int NAME(partitions_for_)(const struct NAME(ctx_) *c,
				 const struct peg_level *in, int nt)
{
	const struct diskstat *ds = c->ds;

	if (!ds || !in->n)
		return 1;
	if (ds->force > 1 || !ds->budget)
		return partitions_pick(ds, 0, nt);
	/* a child: bucket entry, sort buffers, output */
	return partitions_pick(
		ds, NAME(count_children_)(c, in) * 2 * sizeof(CW), nt);
}

/* Append the children in pool pl to the partition files. */
static int NAME(drain_)(const struct NAME(ctx_) *c,
			const struct NAME(pool_) *pl, struct NAME(part_) *pt,
			int P, CW *wbuf, uint32_t *wfill, const char *dir)
{
	int low = pl->low;
	CW lowmask = low >= WBITS ? ~(CW)0 : ((CW)1 << low) - 1;
	char path[4096];

	for (int b = 0; b < NB; b++) {
		size_t left = pl->cnt[b];
		CW top = (CW)b << low;

		for (int32_t i = pl->head[b]; i >= 0 && left; i = pl->next[i]) {
			size_t k = left < BS ? left : BS;

			for (size_t j = 0; j < k; j++) {
				CW code = top | (NAME(pool_get_)(pl, i, j) & lowmask);
				int q = (int)(code % (CW)P);

				wbuf[(size_t)q * PB + wfill[q]++] = code;
				if (wfill[q] == PB) {
					if (fwrite(wbuf + (size_t)q * PB,
						   sizeof(CW), PB,
						   pt[q].f) != PB) {
						part_path(path, sizeof(path), dir, q);
						disk_error(c->ds, "cannot write",
							   path, errno);
						return -1;
					}
					c->ds->bytes += (uint64_t)PB * sizeof(CW);
					pt[q].n += PB;
					wfill[q] = 0;
				}
			}
			left -= k;
		}
	}
	return 0;
}

/* Worker: sort and deduplicate partitions t, t + nt, ... in place. */
static void *NAME(work_dsort_)(void *arg)
{
	struct NAME(work_) *w = arg;
	CW *a = NULL, *tmp = NULL;
	size_t cap = 0;

	for (int i = w->b0; i < w->npools; i += w->b1) {
		struct NAME(part_) *pt = &w->parts[i];
		size_t n = pt->n, m;

		if (n > cap) {
			free(a);
			free(tmp);
			cap = n;
			a = malloc(cap * sizeof(CW));
			tmp = malloc(cap * sizeof(CW));
			if (!a || !tmp) {
				w->fail = 1;
				break;
			}
		}
		rewind(pt->f);
		if (n && fread(a, sizeof(CW), n, pt->f) != n) {
			w->fail = 2;
			w->lo = (size_t)i;
			w->hi = (size_t)errno;
			break;
		}
		m = NAME(sort_unique_)(a, tmp, n, w->c->n);
		if (m == (size_t)-1) {
			w->fail = 1;
			break;
		}
		rewind(pt->f);
		if ((m && fwrite(a, sizeof(CW), m, pt->f) != m) || fflush(pt->f)) {
			w->fail = 3;
			w->lo = (size_t)i;
			w->hi = (size_t)errno;
			break;
		}
		w->generated += (uint64_t)m * sizeof(CW); /* bytes written */
		pt->n = m;
	}
	free(a);
	free(tmp);
	return NULL;
}

/* The next code of partition pt during the merge (pt->left > 0 or
 * buffered codes remain).  0 when a read fails. */
static int NAME(part_fill_)(struct NAME(part_) *pt)
{
	size_t k;

	if (pt->pos < pt->len)
		return 1;
	k = pt->left < PB ? pt->left : PB;
	if (!k || fread(pt->buf, sizeof(CW), k, pt->f) != k)
		return 0;
	pt->left -= k;
	pt->pos = 0;
	pt->len = k;
	return 1;
}

static void NAME(heap_down_)(int *h, int n, int i,
			     const struct NAME(part_) *pt)
{
	for (;;) {
		int l = 2 * i + 1, m = i, t;

		if (l < n && pt[h[l]].buf[pt[h[l]].pos] < pt[h[m]].buf[pt[h[m]].pos])
			m = l;
		if (l + 1 < n &&
		    pt[h[l + 1]].buf[pt[h[l + 1]].pos] < pt[h[m]].buf[pt[h[m]].pos])
			m = l + 1;
		if (m == i)
			return;
		t = h[i];
		h[i] = h[m];
		h[m] = t;
		i = m;
	}
}

/* Merge the sorted partitions into out. */
static int NAME(merge_parts_)(struct diskstat *ds, struct NAME(part_) *pt,
			      int P, struct peg_level *out, const char *dir)
{
	size_t total = 0, at = 0;
	int *h = malloc(sizeof(int) * (size_t)P), nh = 0, rc = -1;
	CW *rb = malloc(sizeof(CW) * PB * (size_t)P), *code;
	char path[4096];

	for (int i = 0; i < P; i++)
		total += pt[i].n;
	code = symv_big_alloc((total + 1) * sizeof(CW));
	if (!h || !rb || !code)
		goto done;
	for (int i = 0; i < P; i++) {
		pt[i].buf = rb + (size_t)i * PB;
		pt[i].left = pt[i].n;
		pt[i].pos = pt[i].len = 0;
		rewind(pt[i].f);
		if (!pt[i].n)
			continue;
		if (!NAME(part_fill_)(&pt[i])) {
			part_path(path, sizeof(path), dir, i);
			disk_error(ds, "cannot read", path, errno);
			goto done;
		}
		h[nh++] = i;
	}
	for (int i = nh / 2 - 1; i >= 0; i--)
		NAME(heap_down_)(h, nh, i, pt);
	while (nh) {
		struct NAME(part_) *q = &pt[h[0]];

		code[at++] = q->buf[q->pos++];
		if (q->pos == q->len && !q->left) {
			h[0] = h[--nh];
		} else if (!NAME(part_fill_)(q)) {
			part_path(path, sizeof(path), dir, (int)(q - pt));
			disk_error(ds, "cannot read", path, errno);
			goto done;
		}
		NAME(heap_down_)(h, nh, 0, pt);
	}
	LC(out) = code;
	out->n = at;
	out->have = 1;
	code = NULL;
	rc = 0;
done:
	for (int i = 0; i < P; i++)
		pt[i].buf = NULL;
	free(code);
	free(h);
	free(rb);
	return rc;
}

/* out = D(in) through P partition files. */
static int NAME(expand_disk_)(const struct NAME(ctx_) *c,
			      const struct peg_level *in,
			      struct peg_level *out, int nt, int P,
			      uint64_t *nchildren)
{
	struct diskstat *ds = c->ds;
	char dir[4096], path[4096];
	struct NAME(part_) *pt = calloc((size_t)P, sizeof(*pt));
	CW *wbuf = malloc(sizeof(CW) * PB * (size_t)P);
	uint32_t *wfill = calloc((size_t)P, sizeof(uint32_t));
	struct NAME(work_) w[8];
	size_t n = in->n;
	int rc = -1, made = 0;

	if (!pt || !wbuf || !wfill)
		goto done;
	if (P > ds->maxp)
		ds->maxp = P;
	if (part_dir(ds, dir, sizeof(dir)))
		goto done;
	made = 1;
	for (int i = 0; i < P; i++) {
		part_path(path, sizeof(path), dir, i);
		pt[i].f = fopen(path, "w+b");
		if (!pt[i].f) {
			disk_error(ds, "cannot create", path, errno);
			goto done;
		}
	}
	/* generate, chunk by chunk of parents */
	for (int ch = 0; ch < P; ch++) {
		size_t lo = n * (size_t)ch / (size_t)P;
		size_t hi = n * (size_t)(ch + 1) / (size_t)P;
		int k = hi - lo < 4096 ? 1 : nt;

		memset(w, 0, sizeof(w));
		for (int t = 0; t < k; t++) {
			NAME(pool_reset_)(&c->pool[t], c->n);
			w[t].c = c;
			w[t].pool = &c->pool[t];
			w[t].par = LC(in);
			w[t].lo = lo + (hi - lo) * (size_t)t / (size_t)k;
			w[t].hi = lo + (hi - lo) * (size_t)(t + 1) / (size_t)k;
		}
		symv_run(NAME(work_gen_), w, sizeof(w[0]), k);
		for (int t = 0; t < k; t++) {
			if (w[t].fail)
				goto done;
			if (nchildren)
				*nchildren += w[t].generated;
		}
		for (int t = 0; t < k; t++)
			if (NAME(drain_)(c, &c->pool[t], pt, P, wbuf, wfill, dir))
				goto done;
	}
	for (int q = 0; q < P; q++) {
		if (wfill[q] && fwrite(wbuf + (size_t)q * PB, sizeof(CW),
				       wfill[q], pt[q].f) != wfill[q]) {
			part_path(path, sizeof(path), dir, q);
			disk_error(ds, "cannot write", path, errno);
			goto done;
		}
		ds->bytes += (uint64_t)wfill[q] * sizeof(CW);
		pt[q].n += wfill[q];
		if (fflush(pt[q].f)) {
			part_path(path, sizeof(path), dir, q);
			disk_error(ds, "cannot write", path, errno);
			goto done;
		}
	}
	free(wbuf);
	wbuf = NULL;
	/* sort each partition alone: worker t takes t, t + nt, ... */
	memset(w, 0, sizeof(w));
	for (int t = 0; t < nt; t++) {
		w[t].c = c;
		w[t].parts = pt;
		w[t].npools = P;
		w[t].b0 = t;
		w[t].b1 = nt;
	}
	symv_run(NAME(work_dsort_), w, sizeof(w[0]), nt);
	for (int t = 0; t < nt; t++) {
		ds->bytes += w[t].generated;
		if (w[t].fail > 1) {
			part_path(path, sizeof(path), dir, (int)w[t].lo);
			disk_error(ds, w[t].fail == 2 ? "cannot read"
						      : "cannot write",
				   path, (int)w[t].hi);
		}
		if (w[t].fail)
			goto done;
	}
	rc = NAME(merge_parts_)(ds, pt, P, out, dir);
done:
	for (int i = 0; pt && i < P; i++) {
		if (pt[i].f)
			fclose(pt[i].f);
		part_path(path, sizeof(path), dir, i);
		if (made)
			unlink(path);
	}
	if (made)
		rmdir(dir);
	free(pt);
	free(wbuf);
	free(wfill);
	return rc;
}

/* out = D(in): the canonical children of a level, sorted, distinct; or
 * with comp the canonical complements of the level (in memory). */
static int NAME(expand_mode_)(const struct NAME(ctx_) *c,
			      const struct peg_level *in, struct peg_level *out,
			      int threads, uint64_t *nchildren, int comp)
{
	struct NAME(work_) w[8];
	int nt = threads < 1 ? 1 : threads > 8 ? 8 : threads, rc = 0;
	size_t n = in->n, total = 0, sum = 0, at = 0;
	CW *code;

	if (n < 4096)
		nt = 1;
	if (!comp) {
		int P = NAME(partitions_for_)(c, in, nt);

		if (P > 1)
			return NAME(expand_disk_)(c, in, out, nt, P, nchildren);
	}
	memset(w, 0, sizeof(w));
	for (int t = 0; t < nt; t++) {
		NAME(pool_reset_)(&c->pool[t], c->n);
		w[t].comp = comp;
		w[t].c = c;
		w[t].pool = &c->pool[t];
		w[t].par = LC(in);
		w[t].lo = n * (size_t)t / (size_t)nt;
		w[t].hi = n * (size_t)(t + 1) / (size_t)nt;
	}
	symv_run(NAME(work_gen_), w, sizeof(w[0]), nt);
	for (int t = 0; t < nt; t++) {
		if (w[t].fail)
			rc = -1;
		total += w[t].generated;
		if (nchildren)
			*nchildren += w[t].generated;
	}
	if (rc)
		return -1;
	/* split the buckets into nt ranges of about total / nt children */
	{
		int b = 0;

		for (int t = 0; t < nt; t++) {
			w[t].pools = c->pool;
			w[t].npools = nt;
			w[t].out = &c->buf[t];
			w[t].scr = &c->scr[t];
			w[t].b0 = b;
			while (b < NB && (t == nt - 1 ||
					  sum < total / (size_t)nt * (size_t)(t + 1))) {
				for (int u = 0; u < nt; u++)
					sum += c->pool[u].cnt[b];
				b++;
			}
			w[t].b1 = b;
		}
	}
	symv_run(NAME(work_sort_), w, sizeof(w[0]), nt);
	for (int t = 0; t < nt; t++) {
		if (w[t].fail)
			rc = -1;
		at += w[t].out->n;
	}
	if (rc)
		return -1;
	code = symv_big_alloc((at + 1) * sizeof(CW));
	if (!code)
		return -1;
	LC(out) = code;
	out->n = at;
	/* each worker copies its run (and takes the page faults) */
	for (int t = 0; t < nt; t++) {
		w[t].dst = code;
		code += w[t].out->n;
	}
	symv_run(NAME(work_copy_), w, sizeof(w[0]), nt);
	out->have = 1;
	return 0;
}

static int NAME(expand_)(const struct NAME(ctx_) *c, const struct peg_level *in,
			 struct peg_level *out, int threads,
			 uint64_t *nchildren)
{
	return NAME(expand_mode_)(c, in, out, threads, nchildren, 0);
}

/* Sorted canonical complements of a level (distinct orbits stay
 * distinct), through the bucket pools on c->threads workers. */
static CW *NAME(comp_sorted_)(const struct NAME(ctx_) *c, const CW *a, size_t n)
{
	struct peg_level in = {0}, out = {0};

	in.n = n;
	LC(&in) = (CW *)a;
	if (!n)
		return malloc(sizeof(CW));
	if (NAME(expand_mode_)(c, &in, &out, c->threads, NULL, 1))
		return NULL;
	return LC(&out);
}

static CW *NAME(intersect_)(const CW *a, size_t na, const CW *b, size_t nb,
			   size_t *n)
{
	CW *r = malloc((na < nb ? na : nb) * sizeof(CW) + sizeof(CW));
	size_t i = 0, j = 0, m = 0;

	if (!r)
		return NULL;
	while (i < na && j < nb) {
		if (a[i] < b[j])
			i++;
		else if (b[j] < a[i])
			j++;
		else {
			r[m++] = a[i];
			i++;
			j++;
		}
	}
	*n = m;
	return r;
}

/* W_n = F_n intersect complement(G_m), m = N - n, mapping the smaller
 * side through the complement. */
static int NAME(winning_)(const struct NAME(ctx_) *c, const struct peg_level *f,
			  const struct peg_level *g, struct peg_level *w)
{
	size_t m;

	if (g->n <= f->n) {
		CW *x = NAME(comp_sorted_)(c, LC(g), g->n);

		if (!x)
			return -1;
		LC(w) = NAME(intersect_)(LC(f), f->n, x, g->n, &m);
		free(x);
	} else {
		CW *y = NAME(comp_sorted_)(c, LC(f), f->n), *z;

		if (!y)
			return -1;
		z = NAME(intersect_)(LC(g), g->n, y, f->n, &m);
		free(y);
		if (!z)
			return -1;
		LC(w) = NAME(comp_sorted_)(c, z, m);
		free(z);
	}
	if (!LC(w))
		return -1;
	w->n = m;
	w->have = 1;
	return 0;
}

static int NAME(level_has_)(const struct peg_level *l, CW code)
{
	size_t lo = 0, hi = l->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (LC(l)[mid] < code)
			lo = mid + 1;
		else if (LC(l)[mid] > code)
			hi = mid;
		else
			return 1;
	}
	return 0;
}

/* L_n = D(W_(n+1)) - W_n. */
static int NAME(losers_)(const struct NAME(ctx_) *c, const struct peg_level *wp,
			 const struct peg_level *w, struct peg_level *l)
{
	struct peg_level d = {0};
	size_t m = 0;

	if (NAME(expand_)(c, wp, &d, 1, NULL))
		return -1;
	for (size_t i = 0; i < d.n; i++)
		if (!NAME(level_has_)(w, LC(&d)[i]))
			LC(&d)[m++] = LC(&d)[i];
	LC(l) = LC(&d);
	l->n = m;
	l->have = 1;
	return 0;
}

static uint64_t NAME(raw_size_)(const struct NAME(ctx_) *c,
				const struct peg_level *l)
{
	uint64_t sum = 0;

	for (size_t i = 0; i < l->n; i++) {
		int fixed = 1;

		for (int s = 1; s < c->ng; s++)
			fixed += SYM_APPLY(c->t, c->group[s], LC(l)[i]) ==
				 LC(l)[i];
		sum += (uint64_t)(c->ng / fixed);
	}
	return sum;
}

static void NAME(ctx_free_)(struct NAME(ctx_) *c)
{
	free(c->from_first);
	free(c->from_list);
	free(c->to_first);
	free(c->to_list);
	free(c->sflip);
	for (int t = 0; t < 8 && c->buf; t++)
		free(c->buf[t].a);
	for (int t = 0; t < 8 && c->scr; t++) {
		free(c->scr[t].a);
		free(c->scr[t].tmp);
	}
	free(c->scr);
	for (int t = 0; t < 8 && c->pool; t++)
		NAME(pool_release_)(&c->pool[t]);
	free(c->buf);
	free(c->pool);
	symv_release(&c->v);
}

static int NAME(ctx_init_)(struct NAME(ctx_) *c, const struct peg_board *b,
			   const FAST *f, const struct peg_sets *s)
{
	int n = b->n_holes, nj = b->n_jumps;

	memset(c, 0, sizeof(*c));
	c->n = n;
	c->nj = nj;
	c->ng = s->n_group;
	c->threads = s->threads > 0 ? s->threads : 1;
	c->full = f->full;
	c->need = f->need;
	c->to = f->to;
	c->flip = f->flip;
	c->group = s->group;
	c->t = SETS_SYMTAB(s);
	c->from_first = calloc((size_t)n + 1, sizeof(int));
	c->to_first = calloc((size_t)n + 2, sizeof(int));
	c->from_list = malloc(sizeof(int) * (size_t)(nj + 1));
	c->to_list = malloc(sizeof(int) * (size_t)(nj + 1));
	/* symmetries x jumps: bounded (dense symmetric graph boards) */
	c->sflip = (size_t)c->ng * (size_t)nj > PEG_SYMJUMP_MAX
			   ? NULL
			   : malloc(sizeof(CW) * ((size_t)c->ng * (size_t)nj + 1));
	c->buf = calloc(8, sizeof(*c->buf));
	c->scr = calloc(8, sizeof(*c->scr));
	c->pool = calloc(8, sizeof(*c->pool));
	if (!c->buf || !c->scr || !c->pool || !c->from_first || !c->to_first || !c->from_list || !c->to_list ||
	    !c->sflip)
		return -1;
	if (jump_index(b, c->from_first, c->from_list, c->to_first,
		       c->to_list))
		return -1;
	for (int i = 0; i < c->ng; i++)
		for (int k = 0; k < nj; k++)
			c->sflip[(size_t)k * c->ng + i] =
				SYM_APPLY(c->t, c->group[i], f->flip[k]);
#if WBITS == 64
	return symv_init(&c->v, c->t, c->group, c->ng, f->flip, nj);
#else
	return 0;
#endif
}

static CW NAME(sets_canon_)(const struct peg_sets *s, CW code)
{
	CW m = code;

	for (int i = 1; i < s->n_group; i++) {
		CW y = SYM_APPLY(SETS_SYMTAB(s), s->group[i], code);

		if (y < m)
			m = y;
	}
	return m;
}

static int NAME(sets_winning_)(const struct peg_sets *s, CW code)
{
	int n = POPC(code);

	if (n > s->n_holes || !s->W[n].have)
		return 0;
	return NAME(level_has_)(&s->W[n], NAME(sets_canon_)(s, code));
}

/* Forward sets from the level `top` (already filled) down to `bottom`. */
static int NAME(forward_)(const struct NAME(ctx_) *c, struct peg_level *lv,
			  int top, int bottom, int threads, uint64_t *work)
{
	for (int n = top; n > bottom; n--) {
		if (NAME(expand_)(c, &lv[n], &lv[n - 1], threads, work))
			return -1;
	}
	return 0;
}

static int NAME(level_from_)(struct peg_level *l, const CW *codes, size_t n,
			     int bits)
{
	struct NAME(vec_) v = {0};

	v.a = malloc((n + 1) * sizeof(CW));
	if (!v.a)
		return -1;
	memcpy(v.a, codes, n * sizeof(CW));
	v.n = n;
	v.cap = n + 1;
	if (NAME(vec_sort_unique_)(&v, bits)) {
		free(v.a);
		return -1;
	}
	LC(l) = v.a;
	l->n = v.n;
	l->have = 1;
	return 0;
}

/* The lift (sets.c explains it): R_(n-1) = D(R_n) restricted to the
 * G-orbits of W^G_(n-1), stored as F from the start down to bottom. */
static int NAME(lifted_)(const struct peg_board *b, const struct peg_problem *p,
			 const struct peg_sets_opts *o,
			 const struct NAME(ctx_) *c, struct peg_sets *s,
			 int bottom, struct peg_err *err)
{
	struct peg_sets_opts og = *o;
	struct peg_sets *sg = NULL;
	FAST *f = NULL;
	struct NAME(ctx_) cg;
	HSET hs = {0};
	int rc = -1, threads = o->threads > 0 ? o->threads : 2;

	memset(&cg, 0, sizeof(cg));
	og.group = PEG_GROUP_FULL;
	og.lift = 0;
	og.half = 1;
	og.no_losers = 1;
	og.raw = 0;
	og.wide = WBITS > 64;
	if (peg_sets_compute(b, p, &og, &sg, err))
		return -1;
	s->children += sg->children;
	if (c->ds) {
		c->ds->bytes += sg->disk_bytes;
		if (sg->partitions > c->ds->maxp)
			c->ds->maxp = sg->partitions;
	}
	for (int m = 0; m <= sg->n_holes; m++)
		level_free(&sg->F[m]);
	f = FAST_FN(_new)(b);
	if (!f || NAME(ctx_init_)(&cg, b, f, sg))
		goto nomem;
	for (int m = s->start_pegs; m > bottom; m--) {
		struct peg_level d = {0};
		size_t keep = 0;

		if (NAME(expand_)(c, &s->F[m], &d, threads, &s->children))
			goto nomem;
		HSET_FN(_release)(&hs);
		if (HSET_FN(_init)(&hs, 2 * sg->W[m - 1].n + 16))
			goto nomem;
		for (size_t i = 0; i < sg->W[m - 1].n; i++)
			HSET_FN(_add)(&hs, LC(&sg->W[m - 1])[i]);
		for (size_t i = 0; i < d.n; i++)
			if (HSET_FN(_has)(&hs, NAME(canon_)(&cg, LC(&d)[i])))
				LC(&d)[keep++] = LC(&d)[i];
		d.n = keep;
		s->F[m - 1] = d;
	}
	rc = 0;
nomem:
	if (rc && c->ds && c->ds->io)
		peg_err_set(err, "%s", c->ds->msg);
	else if (rc)
		peg_err_set(err, "out of memory computing the level sets");
	HSET_FN(_release)(&hs);
	NAME(ctx_free_)(&cg);
	FAST_FN(_free)(f);
	peg_sets_free(sg);
	return rc;
}

/* The levels of s (set up by peg_sets_compute: group, start, finish).
 * 0, or -1 with err. */
static int NAME(compute_)(const struct peg_board *b,
			  const struct peg_problem *p,
			  const struct peg_sets_opts *op, struct peg_sets *s,
			  struct peg_err *err)
{
	struct peg_sets_opts o = *op;
	FAST *f = NULL;
	struct NAME(ctx_) c;
	int n = b->n_holes, ns = s->start_pegs, nf = s->finish_pegs, ok = 0;
	int threads = o.threads > 0 ? o.threads : 2;
	unsigned char *one = NULL;
	CW *gstart = NULL;
	size_t ngs = 0;
	struct diskstat ds;

	memset(&c, 0, sizeof(c));
	memset(&ds, 0, sizeof(ds));
	one = calloc((size_t)n, 1);
	f = FAST_FN(_new)(b);
	if (!one || !f || NAME(ctx_init_)(&c, b, f, s))
		goto nomem;
	ds.budget = o.memory;
	ds.force = o.partitions;
	ds.tmpdir = o.tmpdir;
	if (o.memory || o.partitions > 1)
		c.ds = &ds;
	/* forward sets */
	{
		CW st = NAME(canon_)(&c, (CW)s->start);

		if (NAME(level_from_)(&s->F[ns], &st, 1, n))
			goto nomem;
	}
	{
		int bottom = nf;

		if (s->complement && o.half)
			bottom = n / 2 > nf ? n / 2 : nf;
		if (o.lift && s->complement && o.group == PEG_GROUP_STAB &&
		    s->n_group < b->n_syms && lift_pays(b, p->start)) {
			if (NAME(lifted_)(b, p, &o, &c, s, bottom, err))
				goto fail;
		} else if (NAME(forward_)(&c, s->F, ns, bottom, threads,
					  &s->children)) {
			goto nomem;
		}
	}
	/* backward sets, as forward sets G of the complemented goal */
	if (!s->complement) {
		gstart = malloc(sizeof(CW) * (size_t)(n + 1));
		if (!gstart)
			goto nomem;
		if (s->anywhere) {
			for (int h = 0; h < n; h++) {
				int same;

				one[h] = 1;
				same = peg_solve_same_class(b, p->start, one);
				one[h] = 0;
				if (same < 0)
					goto nomem;
				if (same)
					gstart[ngs++] = NAME(canon_)(
						&c, f->full ^ ((CW)1 << h));
			}
		} else {
			gstart[ngs++] = NAME(canon_)(&c, f->full ^ (CW)s->finish);
		}
		if (NAME(level_from_)(&s->G[n - nf], gstart, ngs, n))
			goto nomem;
		if (NAME(forward_)(&c, s->G, n - nf, n - ns, threads,
				   &s->children))
			goto nomem;
	}
	/* winning sets */
	if (s->complement) {
		int k = n / 2 > nf ? n / 2 : nf;

		/* W_m for m in [k, N/2] directly (eq. 7), then eq. 9 below k
		 * and eq. 8 above N/2 */
		for (int m = k; 2 * m <= n && m <= ns; m++)
			if (NAME(winning_)(&c, &s->F[m], &s->F[n - m], &s->W[m]))
				goto nomem;
		for (int m = k - 1; m >= nf; m--) {
			struct peg_level d = {0};
			size_t cnt = 0, nx = 0;
			CW *x, *y;

			/* W_m = D(W_(m+1)) intersect ~F_(N-m): complement
			 * the (small) descendants, not F */
			if (NAME(expand_)(&c, &s->W[m + 1], &d, threads, NULL))
				goto nomem;
			x = NAME(comp_sorted_)(&c, LC(&d), d.n);
			nx = d.n;
			level_free(&d);
			if (!x)
				goto nomem;
			y = NAME(intersect_)(x, nx, LC(&s->F[n - m]),
					     s->F[n - m].n, &cnt);
			free(x);
			if (!y)
				goto nomem;
			LC(&s->W[m]) = NAME(comp_sorted_)(&c, y, cnt);
			free(y);
			if (!LC(&s->W[m]))
				goto nomem;
			s->W[m].n = cnt;
			s->W[m].have = 1;
		}
		for (int m = ns; 2 * m > n; m--) {
			/* eq. 8: W_m = ~W_(N-m) */
			struct peg_level *src = &s->W[n - m];

			LC(&s->W[m]) = NAME(comp_sorted_)(&c, LC(src), src->n);
			if (!LC(&s->W[m]))
				goto nomem;
			s->W[m].n = src->n;
			s->W[m].have = 1;
		}
	} else {
		for (int m = nf; m <= ns; m++)
			if (NAME(winning_)(&c, &s->F[m], &s->G[n - m], &s->W[m]))
				goto nomem;
	}
	if (!o.no_losers)
		for (int m = ns - 1; m >= nf; m--)
			if (NAME(losers_)(&c, &s->W[m + 1], &s->W[m], &s->L[m]))
				goto nomem;
	if (o.raw)
		for (int m = 0; m <= n; m++) {
			s->F[m].raw = NAME(raw_size_)(&c, &s->F[m]);
			s->G[m].raw = NAME(raw_size_)(&c, &s->G[m]);
			s->W[m].raw = NAME(raw_size_)(&c, &s->W[m]);
			s->L[m].raw = NAME(raw_size_)(&c, &s->L[m]);
		}
	ok = 1;
	s->partitions = ds.maxp;
	s->disk_bytes = ds.bytes;
nomem:
	if (!ok && ds.io)
		peg_err_set(err, "%s", ds.msg);
	else if (!ok)
		peg_err_set(err, "out of memory computing the level sets");
fail:
	NAME(ctx_free_)(&c);
	FAST_FN(_free)(f);
	free(gstart);
	free(one);
	return ok ? 0 : -1;
}

/* ---- the by-index sets (seed 001 sections 5-6, sets.h) ---- */

struct NAME(entry_) {
	CW orbit, code; /* G-canonical code, exact code */
	unsigned bits;
};

static int NAME(entry_cmp_)(const void *a, const void *b)
{
	const struct NAME(entry_) *x = a, *y = b;

	if (x->orbit != y->orbit)
		return x->orbit < y->orbit ? -1 : 1;
	return x->code < y->code ? -1 : x->code > y->code;
}

/* The G-canonical codes of a level, sorted and distinct (malloc'd). */
static CW *NAME(orbits_of_)(const struct NAME(ctx_) *cg,
			   const struct peg_level *l, size_t *n)
{
	struct NAME(vec_) v = {0};

	v.a = malloc((l->n + 1) * sizeof(CW));
	if (!v.a)
		return NULL;
	for (size_t i = 0; i < l->n; i++)
		v.a[v.n++] = NAME(canon_)(cg, LC(l)[i]);
	if (NAME(vec_sort_unique_)(&v, cg->n)) {
		free(v.a);
		return NULL;
	}
	*n = v.n;
	return v.a;
}

static int NAME(has_code_)(const CW *a, size_t n, CW x)
{
	struct peg_level l = {0};

	l.n = n;
	LC(&l) = (CW *)a;
	return NAME(level_has_)(&l, x);
}

/* Fill x->count (Table 5), the degenerate problems 0..nd-1 keeping their
 * exact codes taken in frames frame[i] (symmetry indices), the problems
 * from nd on counted by G-orbit (nd < n_degenerate only while the frames
 * are being chosen).  *total is the number of entries.  0, or -1 out of
 * memory. */
static int NAME(entries_)(struct peg_byindex *x, const struct NAME(ctx_) *cg,
			  const struct peg_sets *sg,
			  struct peg_sets *const *si, const int *frame, int nd,
			  size_t *total)
{
	int p = x->n_problems, rc = -1;
	CW *wg[PEG_BYINDEX_MAX] = {0};
	size_t nwg[PEG_BYINDEX_MAX] = {0};
	struct NAME(entry_) *ent = NULL;

	memset(x->count, 0, (((size_t)x->half + 1) << p) * sizeof(size_t));
	*total = 0;
	for (int m = 1; m <= x->half; m++) {
		const struct peg_level *any = &sg->W[m];
		size_t ne = 0, cap = 0;

		for (int i = 0; i < p; i++) {
			free(wg[i]);
			wg[i] = NAME(orbits_of_)(cg, &si[i]->W[m], &nwg[i]);
			if (!wg[i])
				goto out;
		}
		/* exact entries of the degenerate problems, merged by code */
		for (int i = 0; i < nd; i++)
			cap += si[i]->W[m].n;
		free(ent);
		ent = malloc((cap + 1) * sizeof(*ent));
		if (!ent)
			goto out;
		for (int i = 0; i < nd; i++)
			for (size_t j = 0; j < si[i]->W[m].n; j++) {
				CW c = SYM_APPLY(SETS_SYMTAB(sg), frame[i],
						LC(&si[i]->W[m])[j]);

				ent[ne].orbit = NAME(canon_)(cg, c);
				ent[ne].code = c;
				ent[ne++].bits = 1u << i;
			}
		qsort(ent, ne, sizeof(*ent), NAME(entry_cmp_));
		{
			size_t k = 0;

			for (size_t j = 0; j < ne; j++)
				if (k && ent[k - 1].code == ent[j].code)
					ent[k - 1].bits |= ent[j].bits;
				else
					ent[k++] = ent[j];
			ne = k;
		}
		for (size_t a = 0, e = 0; a < any->n; a++) {
			CW o_ = LC(any)[a];
			unsigned bits = 0;
			int hit = 0;

			for (int i = nd; i < p; i++)
				if (NAME(has_code_)(wg[i], nwg[i], o_))
					bits |= 1u << i;
			while (e < ne && ent[e].orbit < o_)
				e++; /* (none: W^i lies inside W) */
			for (; e < ne && ent[e].orbit == o_; e++, hit = 1) {
				x->count[(size_t)m << p | (bits | ent[e].bits)]++;
				++*total;
			}
			if (!hit) {
				x->count[(size_t)m << p | bits]++;
				++*total;
			}
		}
	}
	rc = 0;
out:
	for (int i = 0; i < p; i++)
		free(wg[i]);
	free(ent);
	return rc;
}

/* peg_sets_byindex for this width (x allocated, hole checked). */
static int NAME(byindex_)(const struct peg_board *b, int hole, int threads,
			  struct peg_byindex *x, struct peg_err *err)
{
	int n = b->n_holes, p = 0, ok = 0, rep[PEG_SETS_MAX_HOLES];
	int degen[PEG_SETS_MAX_HOLES], order[PEG_BYINDEX_MAX];
	int frame[PEG_BYINDEX_MAX] = {0};
	struct peg_sets *sg = NULL, *si[PEG_BYINDEX_MAX] = {0};
	FAST *f = NULL;
	struct NAME(ctx_) cg;
	unsigned char *st = NULL, *q = NULL, *fin = NULL;
	CW *starts = NULL;

	memset(&cg, 0, sizeof(cg));
	sg = calloc(1, sizeof(*sg));
	st = malloc((size_t)n);
	q = malloc((size_t)n);
	fin = calloc((size_t)n, 1);
	starts = malloc(sizeof(CW) * (size_t)(n + 1));
	if (!sg || !st || !q || !fin || !starts)
		goto nomem;
	x->n_holes = n;
	x->half = n / 2;
	/* the whole group, and the holes of the type */
	sg->spec = strdup(b->spec);
	sg->group = malloc(sizeof(int) * (size_t)b->n_syms);
	sg->wide = WBITS > 64;
	SETS_SYMTAB(sg) = SYMTAB_FN(_new)(b);
	f = FAST_FN(_new)(b);
	if (!sg->spec || !sg->group || !SETS_SYMTAB(sg) || !f)
		goto nomem;
	sg->n_holes = n;
	sg->threads = threads > 0 ? threads : 2;
	sg->n_group = b->n_syms;
	sg->group_kind = PEG_GROUP_FULL;
	for (int g = 0; g < b->n_syms; g++)
		sg->group[g] = g;
	if (NAME(ctx_init_)(&cg, b, f, sg))
		goto nomem;
	memset(st, 1, (size_t)n);
	st[hole] = 0;
	{
		size_t ns = 0;

		for (int h = 0; h < n; h++) {
			int in = 0;

			rep[h] = -1;
			for (int g = 0; g < b->n_syms && !in; g++) {
				memset(q, 1, (size_t)n);
				q[b->sym[g * n + h]] = 0;
				in = peg_solve_same_class(b, st, q) == 1;
			}
			if (!in)
				continue;
			starts[ns++] = NAME(canon_)(&cg, f->full ^ ((CW)1 << h));
			/* its problem: the least hole of its G-orbit */
			rep[h] = h;
			for (int g = 0; g < b->n_syms; g++)
				if (b->sym[g * n + h] < rep[h])
					rep[h] = b->sym[g * n + h];
		}
		/* F from every vacancy of the type, to 1 peg; W = F & ~F */
		if (NAME(level_from_)(&sg->F[n - 1], starts, ns, n) ||
		    NAME(forward_)(&cg, sg->F, n - 1, 0, threads, &x->children))
			goto nomem;
		for (int m = 1; m <= x->half; m++) {
			if (NAME(winning_)(&cg, &sg->F[m], &sg->F[n - m],
					   &sg->W[m]))
				goto nomem;
			x->any[m] = sg->W[m].n;
			x->total_any += sg->W[m].n;
		}
	}
	/* the complement problems, exact, and which are degenerate */
	for (int h = 0; h < n; h++) {
		struct peg_sets_opts o = {0};
		struct peg_problem pr;

		if (rep[h] != h)
			continue;
		if (p == PEG_BYINDEX_MAX) {
			peg_err_set(err, "more than %d complement problems",
				    PEG_BYINDEX_MAX);
			goto fail;
		}
		memset(fin, 0, (size_t)n);
		fin[h] = 1;
		memset(q, 1, (size_t)n);
		q[h] = 0;
		pr.start = q;
		pr.goal = PEG_GOAL_POSITION;
		pr.finish = fin;
		o.group = PEG_GROUP_STAB;
		o.no_losers = 1;
		o.threads = threads;
		o.wide = WBITS > 64;
		if (peg_sets_compute(b, &pr, &o, &si[p], err))
			goto fail;
		x->children += si[p]->children;
		x->hole[p] = h;
		x->solvable[p] = si[p]->W[1].n > 0;
		degen[p] = 0;
		for (int m = 1; m < n && !degen[p]; m++) {
			size_t nw = 0;
			CW *o_ = NAME(orbits_of_)(&cg, &si[p]->W[m], &nw);

			if (!o_)
				goto nomem;
			for (size_t i = 0; i < si[p]->F[m].n && !degen[p]; i++) {
				CW c = LC(&si[p]->F[m])[i];

				degen[p] = NAME(has_code_)(o_, nw,
							   NAME(canon_)(&cg, c)) &&
					   !NAME(level_has_)(&si[p]->W[m], c);
			}
			free(o_);
		}
		p++;
	}
	/* degenerate problems first, each group in hole order */
	x->n_problems = p;
	for (int pass = 0, k = 0; pass < 2; pass++)
		for (int i = 0; i < p; i++)
			if (degen[i] == !pass) {
				order[k++] = i;
				x->n_degenerate += !pass;
			}
	{
		int hole_[PEG_BYINDEX_MAX], solv[PEG_BYINDEX_MAX];
		struct peg_sets *s_[PEG_BYINDEX_MAX];

		for (int i = 0; i < p; i++) {
			hole_[i] = x->hole[order[i]];
			solv[i] = x->solvable[order[i]];
			s_[i] = si[order[i]];
		}
		for (int i = 0; i < p; i++) {
			x->hole[i] = hole_[i];
			x->solvable[i] = solv[i];
			si[i] = s_[i];
		}
	}
	x->count = calloc(((size_t)x->half + 1) << p, sizeof(size_t));
	if (!x->count)
		goto nomem;
	/* each degenerate problem's codes are taken in the frame (image of
	 * its start under a board symmetry) that shares the most codes with
	 * the problems before it: the first keeps its own, the others are
	 * chosen greedily by the total number of entries */
	for (int i = 1; i < x->n_degenerate; i++) {
		size_t best = (size_t)-1;
		int bestg = 0;

		for (int g = 0; g < b->n_syms; g++) {
			size_t tot = 0;

			frame[i] = g;
			if (NAME(entries_)(x, &cg, sg, si, frame, i + 1, &tot))
				goto nomem;
			if (i == x->n_degenerate - 1 && g < PEG_BYINDEX_FRAMES)
				x->frame_total[g] = tot;
			if (tot < best) {
				best = tot;
				bestg = g;
			}
		}
		frame[i] = bestg;
	}
	{
		size_t tot = 0;

		if (NAME(entries_)(x, &cg, sg, si, frame, x->n_degenerate, &tot))
			goto nomem;
		memcpy(x->frame, frame, sizeof(frame));
	}
	for (int m = 1; m <= x->half; m++)
		for (size_t k = 0; k < (size_t)1 << p; k++)
			x->total_index += x->count[(size_t)m << p | k];
	{
		int any_solvable = 0;

		for (int i = 0; i < p; i++)
			any_solvable |= x->solvable[i];
		if (!any_solvable)
			x->total_index = 0;
	}
	ok = 1;
nomem:
	if (!ok)
		peg_err_set(err, "out of memory computing the by-index sets");
fail:
	for (int i = 0; i < PEG_BYINDEX_MAX; i++)
		peg_sets_free(si[i]);
	NAME(ctx_free_)(&cg);
	FAST_FN(_free)(f);
	peg_sets_free(sg);
	free(st);
	free(q);
	free(fin);
	free(starts);
	return ok ? 0 : -1;
}

#undef FOR_LEGAL_JUMPS
