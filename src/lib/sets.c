/* sets.c - forward, backward, winning and losing level sets (sets.h) and
 * their binary file (docs/solve.md). */
#include "pegsol/sets.h"

#include "pegsol/fast.h"
#include "pegsol/hashset.h"

#include "symv.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A growable array of codes. */
struct vec {
	uint64_t *a;
	size_t n, cap;
};

/*
 * How a level is made (expand).  Each worker walks its share of the parents
 * and drops every canonical child into one of NB buckets by the child's top
 * GB bits, straight into a chain of fixed-size blocks (no separate scatter
 * pass).  A bucket stores only the low 32 bits of a code when the bucket
 * number and those bits together give the code back (boards of up to
 * 32 + GB holes), else the whole code.  Then the workers split the buckets
 * into contiguous ranges of about equal size; each bucket, small enough for
 * the cache, is radix sorted and deduplicated, and the ranges are
 * concatenated: the level comes out sorted, the same for any number of
 * workers.  The blocks are kept across levels (ctx_free releases them).
 */
enum { GB = 10, NB = 1 << GB, BS = 4096, CHUNK = 256 };

struct pool {
	void **blk;          /* blocks, BS entries of es bytes */
	int32_t *next;       /* per block: the next block of its bucket or -1 */
	size_t nused, nalloc, cap;
	int32_t head[NB], tail[NB];
	void *cur[NB];       /* the tail block */
	uint32_t fill[NB];   /* entries in the tail block */
	size_t cnt[NB];      /* entries per bucket */
	int es, low, fail;
};

struct diskstat;
struct part;

/* Everything a worker needs to expand parents into canonical children. */
struct ctx {
	int n, nj, ng;
	uint64_t full;
	const uint64_t *need, *to, *flip;
	int *from_first, *from_list; /* jumps by from hole */
	int *to_first, *to_list;     /* jumps by to hole */
	const int *group;
	const struct peg_symtab64 *t;
	uint64_t *sflip;   /* nj * ng: images of the flip masks, jump-major */
	struct pool *pool; /* 8 per-worker pools kept across levels */
	struct vec *buf;   /* 8 per-worker output runs */
	struct symv v;     /* 8-lane tables (symv.h) */
	struct diskstat *ds; /* memory budget and disk partitions, or NULL */
};

static uint64_t canon(const struct ctx *c, uint64_t x)
{
	uint64_t m = x;

#if SYMV_X86
	if (c->v.simd)
		return symv_canon(&c->v, x);
#endif
	for (int i = 1; i < c->ng; i++) {
		uint64_t y = peg_symtab64_apply(c->t, c->group[i], x);

		if (y < m)
			m = y;
	}
	return m;
}

/* LSD radix sort of a[0..n) on the low `bits` bits, at most 11 bits a
 * pass (the passes balanced); tmp
 * holds n codes, cnt (11 bits worth of counters) is scratch.  Passes where
 * every key has the same digit are skipped.  Returns the array holding the
 * result (a or tmp). */
static uint64_t *radix_sort(uint64_t *a, uint64_t *tmp, size_t n, int bits,
			    size_t *cnt)
{
	int passes = (bits + 10) / 11, R = passes ? (bits + passes - 1) / passes : 1;
	size_t B = (size_t)1 << R;

	for (int sh = 0; sh < bits; sh += R) {
		size_t sum = 0;
		uint64_t *t;

		memset(cnt, 0, B * sizeof(size_t));
		for (size_t i = 0; i < n; i++)
			cnt[(a[i] >> sh) & (B - 1)]++;
		if (cnt[a[0] >> sh & (B - 1)] == n)
			continue;
		for (size_t d = 0; d < B; d++) {
			size_t x = cnt[d];

			cnt[d] = sum;
			sum += x;
		}
		for (size_t i = 0; i < n; i++)
			tmp[cnt[(a[i] >> sh) & (B - 1)]++] = a[i];
		t = a;
		a = tmp;
		tmp = t;
	}
	return a;
}

static void insertion_sort(uint64_t *a, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		uint64_t x = a[i];
		size_t j = i;

		for (; j > 0 && a[j - 1] > x; j--)
			a[j] = a[j - 1];
		a[j] = x;
	}
}

/* Sort a[0..n) (codes of `bits` bits) and drop duplicates; tmp holds n
 * codes.  Returns the new length, or (size_t)-1 when out of memory. */
static size_t sort_unique(uint64_t *a, uint64_t *tmp, size_t n, int bits)
{
	size_t *cnt, m = 0;
	uint64_t *r;

	if (n < 2)
		return n;
	if (n <= 32) {
		r = a;
		insertion_sort(a, n);
	} else {
		cnt = malloc((1 << 11) * sizeof(size_t));
		if (!cnt)
			return (size_t)-1;
		r = radix_sort(a, tmp, n, bits, cnt);
		free(cnt);
	}
	for (size_t i = 0; i < n; i++)
		if (!m || a[m - 1] != r[i])
			a[m++] = r[i];
	return m;
}

/* Sort and deduplicate v in place.  -1 no memory. */
static int vec_sort_unique(struct vec *v, int bits)
{
	uint64_t *tmp;
	size_t m;

	if (v->n < 2)
		return 0;
	tmp = malloc(v->n * sizeof(uint64_t));
	if (!tmp)
		return -1;
	m = sort_unique(v->a, tmp, v->n, bits);
	free(tmp);
	if (m == (size_t)-1)
		return -1;
	v->n = m;
	return 0;
}

/* Make room for k more codes. */
static int vec_reserve(struct vec *v, size_t k)
{
	if (v->n + k > v->cap) {
		size_t cap = v->cap ? v->cap + v->cap / 2 : 1 << 16;
		uint64_t *a;

		if (cap < v->n + k)
			cap = v->n + k;
		a = realloc(v->a, cap * sizeof(uint64_t));
		if (!a)
			return -1;
		v->a = a;
		v->cap = cap;
	}
	return 0;
}

static void pool_reset(struct pool *p, int bits)
{
	p->low = bits > GB ? bits - GB : 0;
	p->es = p->low <= 32 ? 4 : 8;
	p->nused = 0;
	p->fail = 0;
	for (int b = 0; b < NB; b++) {
		p->head[b] = -1;
		p->fill[b] = BS;
		p->cnt[b] = 0;
	}
}

static void pool_release(struct pool *p)
{
	for (size_t i = 0; i < p->nalloc; i += CHUNK)
		free(p->blk[i]);
	free(p->blk);
	free(p->next);
	memset(p, 0, sizeof(*p));
}

/* Open a new block for bucket b.  -1 when out of memory. */
static int pool_block(struct pool *p, size_t b)
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
		if (i % CHUNK == 0) {
			p->blk[i] = symv_big_alloc((size_t)BS * 8 * CHUNK);
			if (!p->blk[i])
				return -1;
		} else {
			p->blk[i] = (char *)p->blk[i - 1] + (size_t)BS * 8;
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
	p->cur[b] = p->blk[i];
	p->fill[b] = 0;
	return 0;
}

static inline void pool_put(struct pool *p, uint64_t code)
{
	size_t b = (size_t)(code >> p->low);

	if (p->fill[b] == BS && pool_block(p, b)) {
		p->fail = 1;
		return;
	}
	if (p->es == 4)
		((uint32_t *)p->cur[b])[p->fill[b]++] = (uint32_t)code;
	else
		((uint64_t *)p->cur[b])[p->fill[b]++] = code;
	p->cnt[b]++;
}

/* Call EMIT(k) for every jump k legal in p: from the pegs when at most
 * half the holes have one, else from the holes. */
#define FOR_LEGAL_JUMPS(c, p, EMIT)                                           \
	do {                                                                  \
		if (2 * __builtin_popcountll(p) <= (c)->n) {                  \
			for (uint64_t q_ = (p); q_; q_ &= q_ - 1) {           \
				int h_ = __builtin_ctzll(q_);                 \
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
			for (uint64_t q_ = ~(p) & (c)->full; q_; q_ &= q_ - 1) { \
				int h_ = __builtin_ctzll(q_);                 \
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

/* Drop the canonical children of parent p into the pool. */
static void children(const struct ctx *c, uint64_t p, struct pool *pl)
{
	uint64_t img[64];
	int ng = c->ng;

	img[0] = p;
	for (int i = 1; i < ng; i++)
		img[i] = peg_symtab64_apply(c->t, c->group[i], p);
#define EMIT(k)                                                               \
	do {                                                                  \
		const uint64_t *sf_ = c->sflip + (size_t)(k) * ng;            \
		uint64_t m_ = p ^ sf_[0];                                     \
		for (int g_ = 1; g_ < ng; g_++) {                             \
			uint64_t y_ = img[g_] ^ sf_[g_];                      \
			if (y_ < m_)                                          \
				m_ = y_;                                      \
		}                                                             \
		pool_put(pl, m_);                                             \
	} while (0)
	FOR_LEGAL_JUMPS(c, p, EMIT);
#undef EMIT
}

#if SYMV_X86
/* The same with the 8-lane tables. */
__attribute__((target("avx512f"))) static void
children_simd(const struct ctx *c, uint64_t p, struct pool *pl)
{
	__m512i img = symv_images(&c->v, p);

#define EMIT(k) pool_put(pl, symv_child(&c->v, img, (k)))
	FOR_LEGAL_JUMPS(c, p, EMIT);
#undef EMIT
}
#endif

struct work {
	const struct ctx *c;
	/* phase 1: parents [lo, hi) into pool */
	const uint64_t *par;
	size_t lo, hi;
	struct pool *pool;
	uint64_t generated; /* children before deduplication */
	/* phase 2: buckets [b0, b1) of all pools into out */
	struct pool *pools;
	int npools, b0, b1;
	struct vec *out;
	int fail;
	struct part *parts; /* disk partitions (work_dsort) */
};

static void *work_gen(void *arg)
{
	struct work *w = arg;

#if SYMV_X86
	if (w->c->v.simd) {
		for (size_t i = w->lo; i < w->hi && !w->pool->fail; i++)
			children_simd(w->c, w->par[i], w->pool);
	} else
#endif
		for (size_t i = w->lo; i < w->hi && !w->pool->fail; i++)
			children(w->c, w->par[i], w->pool);
	w->fail = w->pool->fail;
	for (int b = 0; b < NB; b++)
		w->generated += w->pool->cnt[b];
	return NULL;
}

static void *work_sort(void *arg)
{
	struct work *w = arg;
	const struct pool *p0 = &w->pools[0];
	int low = p0->low;
	uint64_t lowmask = low >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << low) - 1;
	size_t maxb = 0, *cnt = malloc((1 << 11) * sizeof(size_t));
	uint64_t *a = NULL, *tmp = NULL;

	w->out->n = 0;
	for (int b = w->b0; b < w->b1; b++) {
		size_t nb = 0;

		for (int t = 0; t < w->npools; t++)
			nb += w->pools[t].cnt[b];
		if (nb > maxb)
			maxb = nb;
	}
	a = malloc((maxb + 1) * sizeof(uint64_t));
	tmp = malloc((maxb + 1) * sizeof(uint64_t));
	if (!cnt || !a || !tmp)
		goto fail;
	for (int b = w->b0; b < w->b1; b++) {
		size_t nb = 0, m = 0;
		uint64_t *r, top = (uint64_t)b << low;

		for (int t = 0; t < w->npools; t++) {
			const struct pool *p = &w->pools[t];
			size_t left = p->cnt[b];

			for (int32_t i = p->head[b]; i >= 0 && left;
			     i = p->next[i]) {
				size_t k = left < BS ? left : BS;

				if (p->es == 4) {
					const uint32_t *x = p->blk[i];

					for (size_t j = 0; j < k; j++)
						a[nb++] = x[j] & lowmask;
				} else {
					const uint64_t *x = p->blk[i];

					for (size_t j = 0; j < k; j++)
						a[nb++] = x[j] & lowmask;
				}
				left -= k;
			}
		}
		if (!nb)
			continue;
		if (nb <= 32) {
			insertion_sort(a, nb);
			r = a;
		} else {
			r = radix_sort(a, tmp, nb, low, cnt);
		}
		if (vec_reserve(w->out, nb))
			goto fail;
		for (size_t i = 0; i < nb; i++)
			if (!i || r[i] != r[i - 1])
				w->out->a[w->out->n + m++] = top | r[i];
		w->out->n += m;
	}
	free(cnt);
	free(a);
	free(tmp);
	return NULL;
fail:
	free(cnt);
	free(a);
	free(tmp);
	w->fail = 1;
	return NULL;
}

/* Run fn on nt workers (worker 0 on this thread). */
static void run_workers(void *(*fn)(void *), struct work *w, int nt)
{
	pthread_t tid[8];
	int made[8] = {0};

	for (int t = 1; t < nt; t++)
		made[t] = !pthread_create(&tid[t], NULL, fn, &w[t]);
	fn(&w[0]);
	for (int t = 1; t < nt; t++) {
		if (made[t])
			pthread_join(tid[t], NULL);
		else
			fn(&w[t]); /* no thread: do its share here */
	}
}

/*
 * Disk partitions (seed 001 section 3.1; opts.memory).  When the children
 * of a level would need more than the budget (16 bytes per child: bucket
 * entry, sort buffers, output), expand_disk takes the parents in P chunks;
 * the canonical children of each chunk go through the usual bucket pools
 * and are then appended to P temporary files by code mod P (P odd, so the
 * low bits, mostly 0 in minimal codes, do not skew it).  Then each file is
 * read back, radix sorted and deduplicated alone (the workers take the
 * files in turn) and written back sorted in place, and the P sorted runs,
 * disjoint since a code lives in one partition only, are merged with a
 * heap into the level.  The files live in a fresh directory under tmpdir
 * and are deleted before expand_disk returns.  Everything but the merge
 * order is the in-memory algorithm, so the level is the same.
 */
enum { PB = 2048, PMAX = 251 }; /* codes per file buffer, most files */

struct diskstat {
	size_t budget;      /* bytes, 0 = none */
	int force;          /* > 1: this many partitions on every level */
	const char *tmpdir; /* NULL: $TMPDIR or /tmp */
	int maxp;           /* most partitions used by one level */
	uint64_t bytes;     /* bytes written to temporary files */
	int io;             /* an I/O error happened, described in msg */
	char msg[200];
};

struct part {
	FILE *f;
	size_t n;   /* codes in the file: unsorted, then distinct */
	size_t pos, len, left; /* merge: read buffer and codes not read */
	uint64_t *buf;
};

static void disk_error(struct diskstat *ds, const char *what, const char *path,
		       int eno)
{
	if (ds->io)
		return;
	ds->io = 1;
	snprintf(ds->msg, sizeof(ds->msg), "%s '%.120s': %s", what, path,
		 strerror(eno));
}

static uint64_t count_children(const struct ctx *c, const struct peg_level *in)
{
	uint64_t k = 0;

#define EMIT(j)                                                               \
	do {                                                                  \
		(void)(j);                                                    \
		k++;                                                          \
	} while (0)
	for (size_t i = 0; i < in->n; i++) {
		uint64_t p = in->code[i];

		FOR_LEGAL_JUMPS(c, p, EMIT);
	}
#undef EMIT
	return k;
}

static int is_prime(uint64_t x)
{
	if (x < 2)
		return 0;
	for (uint64_t d = 2; d * d <= x; d++)
		if (x % d == 0)
			return 0;
	return 1;
}

/* The partitions for expanding `in` on nt workers: 1 = in memory. */
static int partitions_for(const struct ctx *c, const struct peg_level *in,
			  int nt)
{
	const struct diskstat *ds = c->ds;
	uint64_t cnt, need;

	if (!ds || !in->n)
		return 1;
	if (ds->force > 1)
		return ds->force < PMAX ? ds->force : PMAX;
	if (!ds->budget)
		return 1;
	cnt = count_children(c, in);
	if (cnt * 16 <= ds->budget)
		return 1;
	need = cnt * 16 * (uint64_t)nt / ds->budget + 1;
	if (need < 3)
		need = 3;
	while (need < PMAX && !is_prime(need))
		need++;
	return need < PMAX ? (int)need : PMAX;
}

static void part_path(char *buf, size_t n, const char *dir, int i)
{
	snprintf(buf, n, "%.3000s/part-%d", dir, i);
}

/* Append the children in pool pl to the partition files. */
static int drain(const struct ctx *c, const struct pool *pl, struct part *pt,
		 int P, uint64_t *wbuf, uint32_t *wfill, const char *dir)
{
	int low = pl->low;
	uint64_t lowmask = low >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << low) - 1;
	char path[4096];

	for (int b = 0; b < NB; b++) {
		size_t left = pl->cnt[b];
		uint64_t top = (uint64_t)b << low;

		for (int32_t i = pl->head[b]; i >= 0 && left; i = pl->next[i]) {
			size_t k = left < BS ? left : BS;

			for (size_t j = 0; j < k; j++) {
				uint64_t x = pl->es == 4
						     ? ((const uint32_t *)pl->blk[i])[j]
						     : ((const uint64_t *)pl->blk[i])[j];
				uint64_t code = top | (x & lowmask);
				int q = (int)(code % (uint64_t)P);

				wbuf[(size_t)q * PB + wfill[q]++] = code;
				if (wfill[q] == PB) {
					if (fwrite(wbuf + (size_t)q * PB, 8, PB,
						   pt[q].f) != PB) {
						part_path(path, sizeof(path), dir, q);
						disk_error(c->ds, "cannot write",
							   path, errno);
						return -1;
					}
					c->ds->bytes += (uint64_t)PB * 8;
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
static void *work_dsort(void *arg)
{
	struct work *w = arg;
	uint64_t *a = NULL, *tmp = NULL;
	size_t cap = 0;

	for (int i = w->b0; i < w->npools; i += w->b1) {
		struct part *pt = &w->parts[i];
		size_t n = pt->n, m;

		if (n > cap) {
			free(a);
			free(tmp);
			cap = n;
			a = malloc(cap * sizeof(uint64_t));
			tmp = malloc(cap * sizeof(uint64_t));
			if (!a || !tmp) {
				w->fail = 1;
				break;
			}
		}
		rewind(pt->f);
		if (n && fread(a, 8, n, pt->f) != n) {
			w->fail = 2;
			w->lo = (size_t)i;
			w->hi = (size_t)errno;
			break;
		}
		m = sort_unique(a, tmp, n, w->c->n);
		if (m == (size_t)-1) {
			w->fail = 1;
			break;
		}
		rewind(pt->f);
		if ((m && fwrite(a, 8, m, pt->f) != m) || fflush(pt->f)) {
			w->fail = 3;
			w->lo = (size_t)i;
			w->hi = (size_t)errno;
			break;
		}
		w->generated += (uint64_t)m * 8; /* bytes written */
		pt->n = m;
	}
	free(a);
	free(tmp);
	return NULL;
}

/* The next code of partition pt during the merge (pt->left > 0 or
 * buffered codes remain).  0 when a read fails. */
static int part_fill(struct part *pt)
{
	size_t k;

	if (pt->pos < pt->len)
		return 1;
	k = pt->left < PB ? pt->left : PB;
	if (!k || fread(pt->buf, 8, k, pt->f) != k)
		return 0;
	pt->left -= k;
	pt->pos = 0;
	pt->len = k;
	return 1;
}

static void heap_down(int *h, int n, int i, const struct part *pt)
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
static int merge_parts(struct diskstat *ds, struct part *pt, int P,
		       struct peg_level *out, const char *dir)
{
	size_t total = 0, at = 0;
	int *h = malloc(sizeof(int) * (size_t)P), nh = 0, rc = -1;
	uint64_t *rb = malloc(sizeof(uint64_t) * PB * (size_t)P), *code;
	char path[4096];

	for (int i = 0; i < P; i++)
		total += pt[i].n;
	code = symv_big_alloc((total + 1) * sizeof(uint64_t));
	if (!h || !rb || !code)
		goto done;
	for (int i = 0; i < P; i++) {
		pt[i].buf = rb + (size_t)i * PB;
		pt[i].left = pt[i].n;
		pt[i].pos = pt[i].len = 0;
		rewind(pt[i].f);
		if (!pt[i].n)
			continue;
		if (!part_fill(&pt[i])) {
			part_path(path, sizeof(path), dir, i);
			disk_error(ds, "cannot read", path, errno);
			goto done;
		}
		h[nh++] = i;
	}
	for (int i = nh / 2 - 1; i >= 0; i--)
		heap_down(h, nh, i, pt);
	while (nh) {
		struct part *q = &pt[h[0]];

		code[at++] = q->buf[q->pos++];
		if (q->pos == q->len && !q->left) {
			h[0] = h[--nh];
		} else if (!part_fill(q)) {
			part_path(path, sizeof(path), dir, (int)(q - pt));
			disk_error(ds, "cannot read", path, errno);
			goto done;
		}
		heap_down(h, nh, 0, pt);
	}
	out->code = code;
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

/* out = D(in) through P partition files (see above). */
static int expand_disk(const struct ctx *c, const struct peg_level *in,
		       struct peg_level *out, int nt, int P,
		       uint64_t *nchildren)
{
	struct diskstat *ds = c->ds;
	const char *td = ds->tmpdir;
	char dir[4096], path[4096];
	struct part *pt = calloc((size_t)P, sizeof(*pt));
	uint64_t *wbuf = malloc(sizeof(uint64_t) * PB * (size_t)P);
	uint32_t *wfill = calloc((size_t)P, sizeof(uint32_t));
	struct work w[8];
	size_t n = in->n;
	int rc = -1, made = 0;

	if (!td || !*td)
		td = getenv("TMPDIR");
	if (!td || !*td)
		td = "/tmp";
	if (!pt || !wbuf || !wfill)
		goto done;
	if (P > ds->maxp)
		ds->maxp = P;
	snprintf(dir, sizeof(dir), "%.3000s/pegsol-sets-XXXXXX", td);
	if (!mkdtemp(dir)) {
		disk_error(ds, "cannot create a temporary directory in", td,
			   errno);
		goto done;
	}
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
			pool_reset(&c->pool[t], c->n);
			w[t].c = c;
			w[t].pool = &c->pool[t];
			w[t].par = in->code;
			w[t].lo = lo + (hi - lo) * (size_t)t / (size_t)k;
			w[t].hi = lo + (hi - lo) * (size_t)(t + 1) / (size_t)k;
		}
		run_workers(work_gen, w, k);
		for (int t = 0; t < k; t++) {
			if (w[t].fail)
				goto done;
			if (nchildren)
				*nchildren += w[t].generated;
		}
		for (int t = 0; t < k; t++)
			if (drain(c, &c->pool[t], pt, P, wbuf, wfill, dir))
				goto done;
	}
	for (int q = 0; q < P; q++) {
		if (wfill[q] && fwrite(wbuf + (size_t)q * PB, 8, wfill[q],
				       pt[q].f) != wfill[q]) {
			part_path(path, sizeof(path), dir, q);
			disk_error(ds, "cannot write", path, errno);
			goto done;
		}
		ds->bytes += (uint64_t)wfill[q] * 8;
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
	run_workers(work_dsort, w, nt);
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
	rc = merge_parts(ds, pt, P, out, dir);
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

/* out = D(in): the canonical children of a level, sorted, distinct. */
static int expand(const struct ctx *c, const struct peg_level *in,
		  struct peg_level *out, int threads, uint64_t *nchildren)
{
	struct work w[8];
	int nt = threads < 1 ? 1 : threads > 8 ? 8 : threads, rc = 0;
	size_t n = in->n, total = 0, sum = 0, at = 0;
	uint64_t *code;

	if (n < 4096)
		nt = 1;
	{
		int P = partitions_for(c, in, nt);

		if (P > 1)
			return expand_disk(c, in, out, nt, P, nchildren);
	}
	memset(w, 0, sizeof(w));
	for (int t = 0; t < nt; t++) {
		pool_reset(&c->pool[t], c->n);
		w[t].c = c;
		w[t].pool = &c->pool[t];
		w[t].par = in->code;
		w[t].lo = n * (size_t)t / (size_t)nt;
		w[t].hi = n * (size_t)(t + 1) / (size_t)nt;
	}
	run_workers(work_gen, w, nt);
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
	run_workers(work_sort, w, nt);
	for (int t = 0; t < nt; t++) {
		if (w[t].fail)
			rc = -1;
		at += w[t].out->n;
	}
	if (rc)
		return -1;
	code = symv_big_alloc((at + 1) * sizeof(uint64_t));
	if (!code)
		return -1;
	out->code = code;
	out->n = at;
	for (int t = 0; t < nt; t++) {
		memcpy(code, w[t].out->a, w[t].out->n * sizeof(uint64_t));
		code += w[t].out->n;
	}
	out->have = 1;
	return 0;
}

/* Sorted canonical complements of a level (distinct orbits stay
 * distinct, so no dedup is needed). */
static uint64_t *comp_sorted(const struct ctx *c, const uint64_t *a, size_t n)
{
	struct vec v = {0};

	v.a = malloc((n + 1) * sizeof(uint64_t));
	if (!v.a)
		return NULL;
	v.cap = n + 1;
	for (size_t i = 0; i < n; i++)
		v.a[v.n++] = canon(c, c->full ^ a[i]);
	if (vec_sort_unique(&v, c->n)) {
		free(v.a);
		return NULL;
	}
	return v.a;
}

static uint64_t *intersect(const uint64_t *a, size_t na, const uint64_t *b,
			   size_t nb, size_t *n)
{
	uint64_t *r = malloc((na < nb ? na : nb) * sizeof(uint64_t) + 8);
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
static int winning(const struct ctx *c, const struct peg_level *f,
		   const struct peg_level *g, struct peg_level *w)
{
	size_t m;

	if (g->n <= f->n) {
		uint64_t *x = comp_sorted(c, g->code, g->n);

		if (!x)
			return -1;
		w->code = intersect(f->code, f->n, x, g->n, &m);
		free(x);
	} else {
		uint64_t *y = comp_sorted(c, f->code, f->n), *z;

		if (!y)
			return -1;
		z = intersect(g->code, g->n, y, f->n, &m);
		free(y);
		if (!z)
			return -1;
		w->code = comp_sorted(c, z, m);
		free(z);
	}
	if (!w->code)
		return -1;
	w->n = m;
	w->have = 1;
	return 0;
}

int peg_level_has(const struct peg_level *l, uint64_t code)
{
	size_t lo = 0, hi = l->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (l->code[mid] < code)
			lo = mid + 1;
		else if (l->code[mid] > code)
			hi = mid;
		else
			return 1;
	}
	return 0;
}

/* L_n = D(W_(n+1)) - W_n. */
static int losers(const struct ctx *c, const struct peg_level *wp,
		  const struct peg_level *w, struct peg_level *l)
{
	struct peg_level d = {0};
	size_t m = 0;

	if (expand(c, wp, &d, 1, NULL))
		return -1;
	for (size_t i = 0; i < d.n; i++)
		if (!peg_level_has(w, d.code[i]))
			d.code[m++] = d.code[i];
	l->code = d.code;
	l->n = m;
	l->have = 1;
	return 0;
}

static uint64_t raw_size(const struct ctx *c, const struct peg_level *l)
{
	uint64_t sum = 0;

	for (size_t i = 0; i < l->n; i++) {
		int fixed = 1;

		for (int s = 1; s < c->ng; s++)
			fixed += peg_symtab64_apply(c->t, c->group[s],
						    l->code[i]) == l->code[i];
		sum += (uint64_t)(c->ng / fixed);
	}
	return sum;
}

static void ctx_free(struct ctx *c)
{
	free(c->from_first);
	free(c->from_list);
	free(c->to_first);
	free(c->to_list);
	free(c->sflip);
	for (int t = 0; t < 8 && c->buf; t++)
		free(c->buf[t].a);
	for (int t = 0; t < 8 && c->pool; t++)
		pool_release(&c->pool[t]);
	free(c->buf);
	free(c->pool);
	symv_release(&c->v);
}

static int ctx_init(struct ctx *c, const struct peg_board *b,
		    const struct peg_fast64 *f, const struct peg_sets *s)
{
	int n = b->n_holes, nj = b->n_jumps;

	memset(c, 0, sizeof(*c));
	c->n = n;
	c->nj = nj;
	c->ng = s->n_group;
	c->full = f->full;
	c->need = f->need;
	c->to = f->to;
	c->flip = f->flip;
	c->group = s->group;
	c->t = s->symtab;
	c->from_first = calloc((size_t)n + 1, sizeof(int));
	c->to_first = calloc((size_t)n + 2, sizeof(int));
	c->from_list = malloc(sizeof(int) * (size_t)(nj + 1));
	c->to_list = malloc(sizeof(int) * (size_t)(nj + 1));
	c->sflip = malloc(sizeof(uint64_t) * (size_t)(c->ng * nj + 1));
	c->buf = calloc(8, sizeof(struct vec));
	c->pool = calloc(8, sizeof(struct pool));
	if (!c->buf || !c->pool || !c->from_first || !c->to_first || !c->from_list || !c->to_list ||
	    !c->sflip)
		return -1;
	for (int k = 0; k < nj; k++) {
		c->from_first[b->jumps[k].from + 1]++;
		c->to_first[b->jumps[k].to + 1]++;
	}
	for (int h = 0; h < n; h++) {
		c->from_first[h + 1] += c->from_first[h];
		c->to_first[h + 1] += c->to_first[h];
	}
	{
		int *fp = malloc(sizeof(int) * (size_t)(n + 1));
		int *tp = malloc(sizeof(int) * (size_t)(n + 1));

		if (!fp || !tp) {
			free(fp);
			free(tp);
			return -1;
		}
		memcpy(fp, c->from_first, sizeof(int) * (size_t)n);
		memcpy(tp, c->to_first, sizeof(int) * (size_t)n);
		for (int k = 0; k < nj; k++) {
			c->from_list[fp[b->jumps[k].from]++] = k;
			c->to_list[tp[b->jumps[k].to]++] = k;
		}
		free(fp);
		free(tp);
	}
	for (int i = 0; i < c->ng; i++)
		for (int k = 0; k < nj; k++)
			c->sflip[(size_t)k * c->ng + i] =
				peg_symtab64_apply(c->t, c->group[i], f->flip[k]);
	return symv_init(&c->v, c->t, c->group, c->ng, f->flip, nj);
}

static void level_free(struct peg_level *l)
{
	free(l->code);
	memset(l, 0, sizeof(*l));
}

void peg_sets_free(struct peg_sets *s)
{
	if (!s)
		return;
	for (int n = 0; n <= PEG_SETS_MAX_HOLES; n++) {
		level_free(&s->F[n]);
		level_free(&s->G[n]);
		level_free(&s->W[n]);
		level_free(&s->L[n]);
	}
	peg_symtab64_free(s->symtab);
	free(s->group);
	free(s->spec);
	free(s);
}

size_t peg_sets_backward_size(const struct peg_sets *s, int n)
{
	int m = s->n_holes - n;

	if (n < 0 || n > s->n_holes)
		return 0;
	return s->complement ? s->F[m].n : s->G[m].n;
}

uint64_t peg_sets_canon(const struct peg_sets *s, uint64_t code)
{
	uint64_t m = code;

	for (int i = 1; i < s->n_group; i++) {
		uint64_t y = peg_symtab64_apply(s->symtab, s->group[i], code);

		if (y < m)
			m = y;
	}
	return m;
}

int peg_sets_winning(const struct peg_sets *s, uint64_t code)
{
	int n = __builtin_popcountll(code);

	if (n > s->n_holes || !s->W[n].have)
		return 0;
	return peg_level_has(&s->W[n], peg_sets_canon(s, code));
}

/* Forward sets from the level `top` (already filled) down to `bottom`. */
static int forward(const struct ctx *c, struct peg_level *lv, int top,
		   int bottom, int threads, uint64_t *work)
{
	for (int n = top; n > bottom; n--) {
		if (expand(c, &lv[n], &lv[n - 1], threads, work))
			return -1;
	}
	return 0;
}

static int level_from(struct peg_level *l, const uint64_t *codes, size_t n,
		      int bits)
{
	struct vec v = {0};

	v.a = malloc((n + 1) * sizeof(uint64_t));
	if (!v.a)
		return -1;
	memcpy(v.a, codes, n * sizeof(uint64_t));
	v.n = n;
	v.cap = n + 1;
	if (vec_sort_unique(&v, bits)) {
		free(v.a);
		return -1;
	}
	l->code = v.a;
	l->n = v.n;
	l->have = 1;
	return 0;
}

/*
 * The lift (opts.lift, complement problems under a stabiliser H smaller
 * than the board group G).  First the whole pipeline runs under G: the
 * problem loosened to "finish anywhere in the finish's orbit", whose
 * winning orbits W^G contain every winning position of the exact problem.
 * Then the forward sets under H are rebuilt from the start keeping only
 * children whose G-orbit is in W^G:
 *
 *     R_(N-1) = {start},  R_(n-1) = D(R_n) restricted to W^G_(n-1)
 *
 * so W_n <= R_n <= F_n, and W_n = R_n intersect ~R_(N-n) (eq. 7 with R
 * for F) and eq. 9 hold with R in place of F.  R is stored as F (from
 * the start down to `bottom`); it is about as small as W, so the costly
 * forward pass runs on the G-reduced sets, |G|/|H| times smaller.
 */
/* The lift pays when every image of the start is in the start's position
 * class (seed 001 section 3, "Type A"): then the G-orbits reachable from
 * the start are about |G|/|H| times fewer than the H-orbits.  When the
 * images fall in other classes (types B and C on the English board) the
 * G-reduced sets are hardly smaller and the lift costs more than it
 * saves (measured: c1 53 s against 43 s). */
static int lift_pays(const struct peg_board *b, const unsigned char *start)
{
	int n = b->n_holes, same = 1;
	unsigned char *img = malloc((size_t)n);

	if (!img)
		return 0;
	for (int g = 1; g < b->n_syms && same == 1; g++) {
		for (int i = 0; i < n; i++)
			img[b->sym[g * n + i]] = start[i];
		same = peg_solve_same_class(b, start, img);
	}
	free(img);
	return same == 1;
}

static int lifted(const struct peg_board *b, const struct peg_problem *p,
		  const struct peg_sets_opts *o, const struct ctx *c,
		  struct peg_sets *s, int bottom, struct peg_err *err)
{
	struct peg_sets_opts og = *o;
	struct peg_sets *sg = NULL;
	struct peg_fast64 *f = NULL;
	struct ctx cg;
	struct peg_hset64 hs = {0};
	int rc = -1, threads = o->threads > 0 ? o->threads : 2;

	memset(&cg, 0, sizeof(cg));
	og.group = PEG_GROUP_FULL;
	og.lift = 0;
	og.half = 1;
	og.no_losers = 1;
	og.raw = 0;
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
	f = peg_fast64_new(b);
	if (!f || ctx_init(&cg, b, f, sg))
		goto nomem;
	for (int m = s->start_pegs; m > bottom; m--) {
		struct peg_level d = {0};
		size_t keep = 0;

		if (expand(c, &s->F[m], &d, threads, &s->children))
			goto nomem;
		peg_hset64_release(&hs);
		if (peg_hset64_init(&hs, 2 * sg->W[m - 1].n + 16))
			goto nomem;
		for (size_t i = 0; i < sg->W[m - 1].n; i++)
			peg_hset64_add(&hs, sg->W[m - 1].code[i]);
		for (size_t i = 0; i < d.n; i++)
			if (peg_hset64_has(&hs, canon(&cg, d.code[i])))
				d.code[keep++] = d.code[i];
		d.n = keep;
		s->F[m - 1] = d;
	}
	rc = 0;
nomem:
	if (rc && c->ds && c->ds->io)
		peg_err_set(err, "%s", c->ds->msg);
	else if (rc)
		peg_err_set(err, "out of memory computing the level sets");
	peg_hset64_release(&hs);
	ctx_free(&cg);
	peg_fast64_free(f);
	peg_sets_free(sg);
	return rc;
}

int peg_sets_compute(const struct peg_board *b, const struct peg_problem *p,
		     const struct peg_sets_opts *opts, struct peg_sets **out,
		     struct peg_err *err)
{
	struct peg_sets_opts o = {0};
	struct peg_sets *s = NULL;
	struct peg_fast64 *f = NULL;
	struct ctx c;
	int n = b->n_holes, ns, nf, threads, ok = 0;
	unsigned char *fin = NULL, *one = NULL;
	const unsigned char *fix[2];
	uint64_t *gstart = NULL;
	size_t ngs = 0;
	struct diskstat ds;

	memset(&c, 0, sizeof(c));
	memset(&ds, 0, sizeof(ds));
	*out = NULL;
	if (opts)
		o = *opts;
	threads = o.threads > 0 ? o.threads : 2;
	if (n > PEG_SETS_MAX_HOLES) {
		peg_err_set(err, "level sets need a board of at most %d holes, "
			    "'%s' has %d", PEG_SETS_MAX_HOLES, b->spec, n);
		return -1;
	}
	ns = peg_pos_count(p->start, n);
	nf = p->goal == PEG_GOAL_ANYWHERE ? 1 : peg_pos_count(p->finish, n);
	if (ns < 1 || nf < 1 || nf > ns) {
		peg_err_set(err, "level sets need a start with at least as "
			    "many pegs as the finish (start %d, finish %d)",
			    ns, nf);
		return -1;
	}
	s = calloc(1, sizeof(*s));
	fin = calloc((size_t)n, 1);
	one = calloc((size_t)n, 1);
	if (!s || !fin || !one)
		goto nomem;
	s->spec = strdup(b->spec);
	s->group = malloc(sizeof(int) * (size_t)b->n_syms);
	s->symtab = peg_symtab64_new(b);
	f = peg_fast64_new(b);
	if (!s->spec || !s->group || !s->symtab || !f)
		goto nomem;
	s->n_holes = n;
	s->group_kind = o.group;
	s->anywhere = p->goal == PEG_GOAL_ANYWHERE;
	s->start = peg_pos_to64(p->start, n);
	s->start_pegs = ns;
	s->finish_pegs = nf;
	if (!s->anywhere) {
		s->finish = peg_pos_to64(p->finish, n);
		s->complement = s->finish == (f->full ^ s->start);
	}
	/* the group */
	if (o.group == PEG_GROUP_FULL) {
		s->n_group = b->n_syms;
		for (int i = 0; i < b->n_syms; i++)
			s->group[i] = i;
	} else if (o.group == PEG_GROUP_NONE) {
		s->n_group = 1;
		s->group[0] = 0;
	} else {
		fix[0] = p->start;
		fix[1] = p->finish;
		s->n_group = peg_solve_stabilizer(b, fix, s->anywhere ? 1 : 2,
						  s->group);
	}
	if (ctx_init(&c, b, f, s))
		goto nomem;
	ds.budget = o.memory;
	ds.force = o.partitions;
	ds.tmpdir = o.tmpdir;
	if (o.memory || o.partitions > 1)
		c.ds = &ds;
	/* forward sets */
	{
		uint64_t st = canon(&c, s->start);

		if (level_from(&s->F[ns], &st, 1, n))
			goto nomem;
	}
	{
		int bottom = nf;

		if (s->complement && o.half)
			bottom = n / 2 > nf ? n / 2 : nf;
		if (o.lift && s->complement && o.group == PEG_GROUP_STAB &&
		    s->n_group < b->n_syms && lift_pays(b, p->start)) {
			if (lifted(b, p, &o, &c, s, bottom, err))
				goto fail;
		} else if (forward(&c, s->F, ns, bottom, threads,
				   &s->children)) {
			goto nomem;
		}
	}
	/* backward sets, as forward sets G of the complemented goal */
	if (!s->complement) {
		gstart = malloc(sizeof(uint64_t) * (size_t)(n + 1));
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
					gstart[ngs++] = canon(
						&c, f->full ^ ((uint64_t)1 << h));
			}
		} else {
			gstart[ngs++] = canon(&c, f->full ^ s->finish);
		}
		if (level_from(&s->G[n - nf], gstart, ngs, n))
			goto nomem;
		if (forward(&c, s->G, n - nf, n - ns, threads, &s->children))
			goto nomem;
	}
	/* winning sets */
	if (s->complement) {
		int k = n / 2 > nf ? n / 2 : nf;

		/* W_m for m in [k, N/2] directly (eq. 7), then eq. 9 below k
		 * and eq. 8 above N/2 */
		for (int m = k; 2 * m <= n && m <= ns; m++)
			if (winning(&c, &s->F[m], &s->F[n - m], &s->W[m]))
				goto nomem;
		for (int m = k - 1; m >= nf; m--) {
			struct peg_level d = {0};
			size_t cnt = 0, nx = 0;
			uint64_t *x, *y;

			/* W_m = D(W_(m+1)) intersect ~F_(N-m): complement
			 * the (small) descendants, not F */
			if (expand(&c, &s->W[m + 1], &d, threads, NULL))
				goto nomem;
			x = comp_sorted(&c, d.code, d.n);
			nx = d.n;
			level_free(&d);
			if (!x)
				goto nomem;
			y = intersect(x, nx, s->F[n - m].code, s->F[n - m].n,
				      &cnt);
			free(x);
			if (!y)
				goto nomem;
			s->W[m].code = comp_sorted(&c, y, cnt);
			free(y);
			if (!s->W[m].code)
				goto nomem;
			s->W[m].n = cnt;
			s->W[m].have = 1;
		}
		for (int m = ns; 2 * m > n; m--) {
			/* eq. 8: W_m = ~W_(N-m) */
			struct peg_level *src = &s->W[n - m];

			s->W[m].code = comp_sorted(&c, src->code, src->n);
			if (!s->W[m].code)
				goto nomem;
			s->W[m].n = src->n;
			s->W[m].have = 1;
		}
	} else {
		for (int m = nf; m <= ns; m++)
			if (winning(&c, &s->F[m], &s->G[n - m], &s->W[m]))
				goto nomem;
	}
	if (!o.no_losers)
		for (int m = ns - 1; m >= nf; m--)
			if (losers(&c, &s->W[m + 1], &s->W[m], &s->L[m]))
				goto nomem;
	if (o.raw)
		for (int m = 0; m <= n; m++) {
			s->F[m].raw = raw_size(&c, &s->F[m]);
			s->G[m].raw = raw_size(&c, &s->G[m]);
			s->W[m].raw = raw_size(&c, &s->W[m]);
			s->L[m].raw = raw_size(&c, &s->L[m]);
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
	ctx_free(&c);
	peg_fast64_free(f);
	free(gstart);
	free(fin);
	free(one);
	if (!ok) {
		peg_sets_free(s);
		return -1;
	}
	*out = s;
	return 0;
}

/* ---- the by-index sets (seed 001 sections 5-6, sets.h) ---- */

struct entry {
	uint64_t orbit, code; /* G-canonical code, exact code */
	unsigned bits;
};

static int entry_cmp(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;

	if (x->orbit != y->orbit)
		return x->orbit < y->orbit ? -1 : 1;
	return x->code < y->code ? -1 : x->code > y->code;
}

/* The G-canonical codes of a level, sorted and distinct (malloc'd). */
static uint64_t *orbits_of(const struct ctx *cg, const struct peg_level *l,
			   size_t *n)
{
	struct vec v = {0};

	v.a = malloc((l->n + 1) * sizeof(uint64_t));
	if (!v.a)
		return NULL;
	for (size_t i = 0; i < l->n; i++)
		v.a[v.n++] = canon(cg, l->code[i]);
	if (vec_sort_unique(&v, cg->n)) {
		free(v.a);
		return NULL;
	}
	*n = v.n;
	return v.a;
}

static int has_code(const uint64_t *a, size_t n, uint64_t x)
{
	struct peg_level l = {0};

	l.n = n;
	l.code = (uint64_t *)a;
	return peg_level_has(&l, x);
}

/* Fill x->count (Table 5), the degenerate problems 0..nd-1 keeping their
 * exact codes taken in frames frame[i] (symmetry indices), the problems
 * from nd on counted by G-orbit (nd < n_degenerate only while the frames
 * are being chosen).  *total is the number of entries.  0, or -1 out of
 * memory. */
static int entries(struct peg_byindex *x, const struct ctx *cg,
		   const struct peg_sets *sg, struct peg_sets *const *si,
		   const int *frame, int nd, size_t *total)
{
	int p = x->n_problems, rc = -1;
	uint64_t *wg[PEG_BYINDEX_MAX] = {0};
	size_t nwg[PEG_BYINDEX_MAX] = {0};
	struct entry *ent = NULL;

	memset(x->count, 0, (((size_t)x->half + 1) << p) * sizeof(size_t));
	*total = 0;
	for (int m = 1; m <= x->half; m++) {
		const struct peg_level *any = &sg->W[m];
		size_t ne = 0, cap = 0;

		for (int i = 0; i < p; i++) {
			free(wg[i]);
			wg[i] = orbits_of(cg, &si[i]->W[m], &nwg[i]);
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
				uint64_t c = peg_symtab64_apply(
					sg->symtab, frame[i], si[i]->W[m].code[j]);

				ent[ne].orbit = canon(cg, c);
				ent[ne].code = c;
				ent[ne++].bits = 1u << i;
			}
		qsort(ent, ne, sizeof(*ent), entry_cmp);
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
			uint64_t o_ = any->code[a];
			unsigned bits = 0;
			int hit = 0;

			for (int i = nd; i < p; i++)
				if (has_code(wg[i], nwg[i], o_))
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

void peg_byindex_free(struct peg_byindex *x)
{
	if (!x)
		return;
	free(x->count);
	free(x);
}

int peg_sets_byindex(const struct peg_board *b, int hole, int threads,
		     struct peg_byindex **out, struct peg_err *err)
{
	int n = b->n_holes, p = 0, ok = 0, rep[PEG_SETS_MAX_HOLES];
	int degen[PEG_SETS_MAX_HOLES], order[PEG_BYINDEX_MAX];
	int frame[PEG_BYINDEX_MAX] = {0};
	struct peg_byindex *x = NULL;
	struct peg_sets *sg = NULL, *si[PEG_BYINDEX_MAX] = {0};
	struct peg_fast64 *f = NULL;
	struct ctx cg;
	unsigned char *st = NULL, *q = NULL, *img = NULL, *fin = NULL;
	uint64_t *starts = NULL;
	memset(&cg, 0, sizeof(cg));
	*out = NULL;
	if (n > PEG_SETS_MAX_HOLES || hole < 0 || hole >= n) {
		peg_err_set(err, "by-index sets need a board of at most %d "
			    "holes and a hole on it", PEG_SETS_MAX_HOLES);
		return -1;
	}
	x = calloc(1, sizeof(*x));
	sg = calloc(1, sizeof(*sg));
	st = malloc((size_t)n);
	q = malloc((size_t)n);
	img = malloc((size_t)n);
	fin = calloc((size_t)n, 1);
	starts = malloc(sizeof(uint64_t) * (size_t)(n + 1));
	if (!x || !sg || !st || !q || !img || !fin || !starts)
		goto nomem;
	x->n_holes = n;
	x->half = n / 2;
	/* the whole group, and the holes of the type */
	sg->spec = strdup(b->spec);
	sg->group = malloc(sizeof(int) * (size_t)b->n_syms);
	sg->symtab = peg_symtab64_new(b);
	f = peg_fast64_new(b);
	if (!sg->spec || !sg->group || !sg->symtab || !f)
		goto nomem;
	sg->n_holes = n;
	sg->n_group = b->n_syms;
	sg->group_kind = PEG_GROUP_FULL;
	for (int g = 0; g < b->n_syms; g++)
		sg->group[g] = g;
	if (ctx_init(&cg, b, f, sg))
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
			starts[ns++] = canon(&cg, f->full ^ ((uint64_t)1 << h));
			/* its problem: the least hole of its G-orbit */
			rep[h] = h;
			for (int g = 0; g < b->n_syms; g++)
				if (b->sym[g * n + h] < rep[h])
					rep[h] = b->sym[g * n + h];
		}
		/* F from every vacancy of the type, to 1 peg; W = F & ~F */
		if (level_from(&sg->F[n - 1], starts, ns, n) ||
		    forward(&cg, sg->F, n - 1, 0, threads, &x->children))
			goto nomem;
		for (int m = 1; m <= x->half; m++) {
			if (winning(&cg, &sg->F[m], &sg->F[n - m], &sg->W[m]))
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
		if (peg_sets_compute(b, &pr, &o, &si[p], err))
			goto fail;
		x->children += si[p]->children;
		x->hole[p] = h;
		x->solvable[p] = si[p]->W[1].n > 0;
		degen[p] = 0;
		for (int m = 1; m < n && !degen[p]; m++) {
			size_t nw = 0;
			uint64_t *o_ = orbits_of(&cg, &si[p]->W[m], &nw);

			if (!o_)
				goto nomem;
			for (size_t i = 0; i < si[p]->F[m].n && !degen[p]; i++) {
				uint64_t c = si[p]->F[m].code[i];

				degen[p] = has_code(o_, nw, canon(&cg, c)) &&
					   !peg_level_has(&si[p]->W[m], c);
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
			if (entries(x, &cg, sg, si, frame, i + 1, &tot))
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

		if (entries(x, &cg, sg, si, frame, x->n_degenerate, &tot))
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
	ctx_free(&cg);
	peg_fast64_free(f);
	peg_sets_free(sg);
	free(st);
	free(q);
	free(img);
	free(fin);
	free(starts);
	if (!ok) {
		peg_byindex_free(x);
		return -1;
	}
	*out = x;
	return 0;
}

/* ---- the binary file (docs/solve.md) ---- */

#define SETS_MAGIC "PEGSETS1"
#define SETS_VERSION 1

static int put_u32(FILE *fp, uint32_t v)
{
	unsigned char b[4];

	for (int i = 0; i < 4; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	return fwrite(b, 1, 4, fp) == 4 ? 0 : -1;
}

static int put_u64(FILE *fp, uint64_t v)
{
	unsigned char b[8];

	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	return fwrite(b, 1, 8, fp) == 8 ? 0 : -1;
}

static int get_u32(FILE *fp, uint32_t *v)
{
	unsigned char b[4];

	if (fread(b, 1, 4, fp) != 4)
		return -1;
	*v = 0;
	for (int i = 0; i < 4; i++)
		*v |= (uint32_t)b[i] << (8 * i);
	return 0;
}

static int get_u64(FILE *fp, uint64_t *v)
{
	unsigned char b[8];

	if (fread(b, 1, 8, fp) != 8)
		return -1;
	*v = 0;
	for (int i = 0; i < 8; i++)
		*v |= (uint64_t)b[i] << (8 * i);
	return 0;
}

static struct peg_level *section(struct peg_sets *s, int kind, int pegs)
{
	switch (kind) {
	case 'F':
		return &s->F[pegs];
	case 'G':
		return &s->G[pegs];
	case 'W':
		return &s->W[pegs];
	case 'L':
		return &s->L[pegs];
	}
	return NULL;
}

int peg_sets_save(const struct peg_sets *s, const char *path,
		  struct peg_err *err)
{
	static const char kinds[] = "FGWL";
	FILE *fp = fopen(path, "wb");
	uint32_t nsec = 0, len = (uint32_t)strlen(s->spec);
	int bad = 0;

	if (!fp) {
		peg_err_set(err, "cannot write '%s'", path);
		return -1;
	}
	for (int k = 0; k < 4; k++)
		for (int n = 0; n <= s->n_holes; n++)
			nsec += section((struct peg_sets *)s, kinds[k], n)->have;
	bad |= fwrite(SETS_MAGIC, 1, 8, fp) != 8;
	bad |= put_u32(fp, SETS_VERSION) | put_u32(fp, (uint32_t)s->n_holes);
	bad |= put_u32(fp, len) | (fwrite(s->spec, 1, len, fp) != len);
	bad |= put_u32(fp, (uint32_t)s->group_kind) |
	       put_u32(fp, (uint32_t)s->n_group);
	for (int i = 0; i < s->n_group; i++)
		bad |= put_u32(fp, (uint32_t)s->group[i]);
	bad |= put_u32(fp, (uint32_t)(s->anywhere | s->complement << 1));
	bad |= put_u32(fp, (uint32_t)s->start_pegs) |
	       put_u32(fp, (uint32_t)s->finish_pegs);
	bad |= put_u64(fp, s->start) | put_u64(fp, s->finish);
	bad |= put_u32(fp, nsec);
	for (int k = 0; k < 4 && !bad; k++)
		for (int n = 0; n <= s->n_holes && !bad; n++) {
			const struct peg_level *l =
				section((struct peg_sets *)s, kinds[k], n);

			if (!l->have)
				continue;
			bad |= put_u32(fp, (uint32_t)kinds[k] |
						   (uint32_t)n << 8);
			bad |= put_u64(fp, l->n) | put_u64(fp, l->raw);
			for (size_t i = 0; i < l->n && !bad; i++)
				bad |= put_u64(fp, l->code[i]);
		}
	if (fclose(fp))
		bad = 1;
	if (bad) {
		peg_err_set(err, "cannot write '%s'", path);
		return -1;
	}
	return 0;
}

int peg_sets_load(const struct peg_board *b, const char *path,
		  struct peg_sets **out, struct peg_err *err)
{
	FILE *fp = fopen(path, "rb");
	struct peg_sets *s = NULL;
	char magic[8];
	uint32_t ver, nh, len, gk, ng, flags, sp, fp_, nsec;
	const char *why = "truncated";

	*out = NULL;
	if (!fp) {
		peg_err_set(err, "cannot read '%s'", path);
		return -1;
	}
	s = calloc(1, sizeof(*s));
	if (!s)
		goto fail;
	if (fread(magic, 1, 8, fp) != 8 || memcmp(magic, SETS_MAGIC, 8)) {
		why = "not a pegsol sets file";
		goto fail;
	}
	if (get_u32(fp, &ver) || get_u32(fp, &nh) || get_u32(fp, &len))
		goto fail;
	if (ver != SETS_VERSION) {
		why = "unknown version";
		goto fail;
	}
	if ((int)nh != b->n_holes || len > 4096) {
		why = "made for another board";
		goto fail;
	}
	s->n_holes = (int)nh;
	s->spec = calloc(len + 1, 1);
	if (!s->spec || fread(s->spec, 1, len, fp) != len)
		goto fail;
	if (strcmp(s->spec, b->spec)) {
		why = "made for another board";
		goto fail;
	}
	if (get_u32(fp, &gk) || get_u32(fp, &ng))
		goto fail;
	if (gk > PEG_GROUP_NONE || ng < 1 || (int)ng > b->n_syms) {
		why = "bad symmetry group";
		goto fail;
	}
	s->group_kind = (enum peg_group)gk;
	s->n_group = (int)ng;
	s->group = malloc(sizeof(int) * ng);
	if (!s->group)
		goto fail;
	for (uint32_t i = 0; i < ng; i++) {
		uint32_t g;

		if (get_u32(fp, &g))
			goto fail;
		if ((int)g >= b->n_syms) {
			why = "bad symmetry group";
			goto fail;
		}
		s->group[i] = (int)g;
	}
	if (get_u32(fp, &flags) || get_u32(fp, &sp) || get_u32(fp, &fp_) ||
	    get_u64(fp, &s->start) || get_u64(fp, &s->finish) ||
	    get_u32(fp, &nsec))
		goto fail;
	s->anywhere = flags & 1;
	s->complement = flags >> 1 & 1;
	s->start_pegs = (int)sp;
	s->finish_pegs = (int)fp_;
	for (uint32_t k = 0; k < nsec; k++) {
		uint32_t tag;
		uint64_t cnt, raw;
		struct peg_level *l;

		if (get_u32(fp, &tag) || get_u64(fp, &cnt) || get_u64(fp, &raw))
			goto fail;
		if ((tag >> 8) > nh ||
		    !(l = section(s, (int)(tag & 0xff), (int)(tag >> 8))) ||
		    l->have || cnt > ((uint64_t)1 << 40)) {
			why = "bad section";
			goto fail;
		}
		l->code = malloc((size_t)cnt * sizeof(uint64_t) + 8);
		if (!l->code)
			goto fail;
		l->have = 1;
		l->n = (size_t)cnt;
		l->raw = raw;
		for (uint64_t i = 0; i < cnt; i++) {
			if (get_u64(fp, &l->code[i]))
				goto fail;
			if ((nh < 64 && l->code[i] >> nh) ||
			    (i && l->code[i] <= l->code[i - 1])) {
				why = "codes not sorted or too large";
				goto fail;
			}
		}
	}
	s->symtab = peg_symtab64_new(b);
	if (!s->symtab)
		goto fail;
	fclose(fp);
	*out = s;
	return 0;
fail:
	peg_err_set(err, "bad sets file '%s': %s", path, why);
	fclose(fp);
	peg_sets_free(s);
	return -1;
}
