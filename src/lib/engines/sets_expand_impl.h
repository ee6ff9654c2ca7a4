/* sets_expand_impl.h - one level's expansion in memory: the bucket pools,
 * the children of a parent (scalar and AVX-512), the workers that generate,
 * bucket sort and copy, and expand / comp_sorted, which put them together
 * (sets.c explains the scheme).  Part of the sets body (sets_impl.h
 * includes it once per code width); levels too big for the memory budget
 * go through sets_disk_impl.h. */

static int NAME(partitions_for_)(const struct NAME(ctx_) *c,
				 const struct peg_level *in, int nt);
static int NAME(expand_disk_)(const struct NAME(ctx_) *c,
			      const struct peg_level *in,
			      struct peg_level *out, int nt, int P,
			      uint64_t *nchildren, int comp, int packout);
static CW *NAME(unpack_)(const struct NAME(ctx_) *c,
			 const struct peg_level *l, int *tmp);
static int NAME(pack_runs_)(const struct NAME(ctx_) *c, struct peg_level *out,
			    const struct NAME(vec_) *runs, int nruns);

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

/* out = D(in): the canonical children of a level, sorted, distinct; or
 * with comp the canonical complements of the level (in memory, or with
 * packed levels through the disk partitions too).  in may be packed;
 * with packout out is packed (sets_pack_impl.h). */
static int NAME(expand_mode_)(const struct NAME(ctx_) *c,
			      const struct peg_level *in, struct peg_level *out,
			      int threads, uint64_t *nchildren, int comp,
			      int packout)
{
	struct NAME(work_) w[8];
	int nt = threads < 1 ? 1 : threads > 8 ? 8 : threads, rc = 0, tmp = 0;
	size_t n = in->n, total = 0, sum = 0, at = 0;
	CW *code;
	const CW *par;

	if (n < 4096)
		nt = 1;
	{
		int P = !comp ? NAME(partitions_for_)(c, in, nt)
			: c->pack && c->ds && n
				? partitions_pick(c->ds,
						  (uint64_t)n * 4 * sizeof(CW),
						  nt)
				: 1;

		if (P > 1)
			return NAME(expand_disk_)(c, in, out, nt, P, nchildren,
						  comp, packout);
	}
	par = NAME(unpack_)(c, in, &tmp);
	if (!par && n)
		return -1;
	memset(w, 0, sizeof(w));
	for (int t = 0; t < nt; t++) {
		NAME(pool_reset_)(&c->pool[t], c->n);
		w[t].comp = comp;
		w[t].c = c;
		w[t].pool = &c->pool[t];
		w[t].par = par;
		w[t].lo = n * (size_t)t / (size_t)nt;
		w[t].hi = n * (size_t)(t + 1) / (size_t)nt;
	}
	symv_run(NAME(work_gen_), w, sizeof(w[0]), nt);
	if (tmp)
		free((CW *)par);
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
	if (packout) {
		struct NAME(vec_) runs[8];

		for (int t = 0; t < nt; t++)
			runs[t] = *w[t].out;
		rc = NAME(pack_runs_)(c, out, runs, nt);
		/* under the budget nothing is kept for the next level */
		for (int t = 0; t < nt; t++) {
			free(c->buf[t].a);
			memset(&c->buf[t], 0, sizeof(c->buf[t]));
		}
		return rc;
	}
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
	return NAME(expand_mode_)(c, in, out, threads, nchildren, 0, 0);
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
	if (NAME(expand_mode_)(c, &in, &out, c->threads, NULL, 1, 0))
		return NULL;
	return LC(&out);
}
