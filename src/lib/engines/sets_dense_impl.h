/* sets_dense_impl.h - one level's children deduplicated in a dense ranked
 * bitmap instead of the bucket pools and the sort (issue 15 item 1).
 *
 * Every child of a level with k + 1 pegs has k pegs, and every position
 * reachable from the start lies in the start's position class: the d
 * linear parities f_i(x) = popcount(x & f[i]) mod 2 that no jump changes
 * (the annihilator of the jumps' flip masks over GF(2); d = 4 on the
 * English board) take the start's values.  So the children of a level
 * live in the "layer" of the codes with k pegs and one state s (the d
 * parities), about C(n, k) / 2^d codes, and each has a rank in it:
 *
 *     code = hi << L | lo        (L low bits, H = n - L high bits)
 *     rank = cum[hi] + lowrank[lo]
 *
 * lowrank[lo] counts the L-bit values below lo with lo's popcount and
 * lo's own state (one table for every layer); cum[hi] counts the codes
 * of the layer whose high part is below hi (rebuilt per layer, 2^H
 * entries).  The rank is increasing in the code, so a bitmap over the
 * layer scanned in order gives the level sorted.  The largest English
 * layer, C(33, 16) / 16 = 72.9M ranks, is a 9 MB bitmap: a child costs a
 * canonical code, two table reads and one bit set (prefetched a few
 * children ahead), against the bucket entry, radix sort and copy of the
 * sort path, and nothing of size "children" is ever allocated.
 *
 * Each worker sets bits in its own bitmap (no atomics); extraction ORs
 * them word by word, each worker unranking a contiguous run of chunks of
 * DENSE_CWORDS words (a count pass gives every chunk its place in the
 * level, and the runs are cut at equal cost: the canonical codes, least
 * images, crowd the low ranks), and clears the words it read, so the
 * bitmaps stay zero between levels.  The parents are taken in chunks in
 * turn (about DENSE_SLICES a worker: a parent's children are not equally
 * costly along the level), so no worker waits for the other at the end of
 * a level.  A bitmap that must grow is made as big as the largest layer
 * within DENSE_AHEAD pegs (the next levels fit) and cleared by its own
 * worker.  The workers are a persistent pool (pool.h) kept with the
 * tables in the context.
 *
 * Where it applies: 64-bit codes, boards of up to DENSE_MAXN holes, no
 * packed levels or disk budget, layers of at most DENSE_MAX_BYTES of
 * bitmaps, and levels of any size whose bitmap words are at most
 * DENSE_RATIO times their parents (small levels too: their layers are
 * small, and a run the bitmaps take never makes the sort path's bucket
 * pools), else the sort path runs.
 * A child outside the layer (a canonical image in another class, which
 * the stabiliser groups never make but a full group on an asymmetric
 * start can) makes the level fall back to the sort path, and the dense
 * path is then off for the rest of the run.  The testing switch
 * PEGSOL_DENSE (0: never, 1: whenever it applies, whatever the layer's
 * size against the level's) lets tests compare the two paths level by
 * level.  Part of the
 * sets body (sets_impl.h includes it once per code width); the 128-bit
 * body always takes the sort path.
 */

#ifndef SETS_DENSE_ONCE
#define SETS_DENSE_ONCE

#include <stdatomic.h>

enum {
	DENSE_MAXN = 36,   /* holes: H = n - L <= 18 bits of cum table */
	DENSE_MAXD = 8,    /* parities (more: the sort path) */
	DENSE_RATIO = 16,  /* bitmap words per parent, above: sort path */
	DENSE_RATIO_COMP = 4, /* the same for the complements of a level */
	DENSE_PF = 32,     /* children between a rank and its bit set */
	DENSE_BATCH = 32,  /* children ranked together */
	DENSE_MAXG = 40,   /* jump shapes (below) */
	DENSE_SLICES = 64, /* parents' chunks a worker takes, about */
	DENSE_CWORDS = 2048 /* bitmap words of an extraction chunk */
};
#define DENSE_MAX_BYTES ((uint64_t)64 << 20) /* all workers' bitmaps */

struct dense {
	int n, L, H, d;
	uint64_t f[DENSE_MAXD]; /* the parities */
	uint16_t *lowrank;      /* 2^L: rank in its group */
	uint32_t *low_off;      /* (L + 1) * 2^d + 1: groups (popcount,
				 * state) in low_unrank */
	uint32_t *low_unrank;   /* 2^L: the low values by group, ascending */
	uint8_t *high_state;    /* 2^H: the state of hi << L */
	uint8_t st8[(DENSE_MAXN + 7) / 8][256]; /* the state of byte value v
						 * at byte b (states are
						 * linear: XOR the bytes') */
	uint8_t *high_pop;      /* 2^H: the pegs of hi */
	uint16_t *hidx;         /* 2^H: high_pop << d | high_state */
	uint32_t *hi;           /* 2^H + 1: cum */
	int k, target;          /* the layer hi holds, k = -1 none */
	uint64_t R;             /* its ranks */
	uint64_t *bm[8];        /* the workers' bitmaps */
	size_t words;           /* words of each */
	size_t cur;             /* words of the current layer */
	size_t *ccnt;           /* codes of each extraction chunk, then
				 * where they go */
	size_t ccap;            /* its entries */
	struct peg_pool *pool;  /* the workers, threads - 1 helpers */
	int threads;
	int mode;               /* PEGSOL_DENSE: -1 auto, 1 always, 2 strict */
	int off;                /* a level fell back: off for good */
	int used;               /* levels made here (for tests) */
	/* the jumps by shape: over = from + sa, to = from + sb (hole
	 * indices), gm the from holes of the shape's jumps, gk their jump
	 * numbers by from hole; ngrp 0 when there are too many shapes */
	int ngrp;
	int sa[DENSE_MAXG], sb[DENSE_MAXG];
	uint64_t gm[DENSE_MAXG];
	uint16_t gk[DENSE_MAXG][64];
	/* groups of up to 8 symmetries (built at the first level): it[b][v]
	 * the 8 images of byte value v at byte b (lanes past the group
	 * repeat lane 0, as in symv.h), sf8 the 8 images of each jump's
	 * flip mask */
	int nbytes;
	uint64_t (*it)[256][8];
	uint64_t (*sf8)[8];
	int avx2; /* the 8 lanes in two AVX2 registers (dense_parent_avx2) */
};

static void dense_free(struct dense *dn)
{
	if (!dn)
		return;
	free(dn->lowrank);
	free(dn->it);
	free(dn->sf8);
	free(dn->low_off);
	free(dn->low_unrank);
	free(dn->high_state);
	free(dn->high_pop);
	free(dn->hidx);
	free(dn->hi);
	free(dn->ccnt);
	for (int t = 0; t < 8; t++)
		free(dn->bm[t]);
	peg_pool_free(dn->pool);
	free(dn);
}

/* Bits set in x (without the library call of __builtin_popcountll on
 * plain x86-64). */
static inline int dense_popc(uint64_t x)
{
	x -= (x >> 1) & 0x5555555555555555ULL;
	x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* The state of a code of the board, from the tables. */
static inline int dense_pstate(const struct dense *dn, uint64_t x)
{
	int s = 0;

	for (int b = 0; b < (DENSE_MAXN + 7) / 8; b++, x >>= 8)
		s ^= dn->st8[b][x & 0xff];
	return s;
}

static int dense_state(const struct dense *dn, uint64_t x)
{
	int s = 0;

	for (int i = 0; i < dn->d; i++)
		s |= (dense_popc(x & dn->f[i]) & 1) << i;
	return s;
}

/* The parities no jump changes: a basis of the vectors f with
 * popcount(f & flip) even for every flip mask (reduced row echelon form
 * of the flips; one f per free column).  Returns d; f holds the first
 * DENSE_MAXD. */
static int dense_parities(int n, const uint64_t *flip, int nj, uint64_t *f)
{
	uint64_t row[64];
	int piv[64], r = 0, d = 0;

	for (int k = 0; k < nj && r < n; k++) {
		uint64_t v = flip[k];

		for (int i = 0; i < r; i++)
			if (v >> piv[i] & 1)
				v ^= row[i];
		if (!v)
			continue;
		piv[r] = __builtin_ctzll(v);
		for (int i = 0; i < r; i++)
			if (row[i] >> piv[r] & 1)
				row[i] ^= v;
		row[r++] = v;
	}
	for (int j = 0; j < n; j++) {
		uint64_t v = (uint64_t)1 << j;
		int free_col = 1;

		for (int i = 0; i < r; i++) {
			if (piv[i] == j)
				free_col = 0;
			else if (row[i] >> j & 1)
				v |= (uint64_t)1 << piv[i];
		}
		if (free_col && d < DENSE_MAXD)
			f[d] = v;
		d += free_col;
	}
	return d;
}

/* The tables of a board of n holes with the given flip masks, or NULL
 * (the board is too big, the switch says never, or out of memory: the
 * sort path then runs, nothing is lost). */
static struct dense *dense_new(const struct peg_fast64 *fa, int threads)
{
	int n = fa->n_holes, nj = fa->n_jumps;
	const uint64_t *flip = fa->flip;
	const char *e = getenv("PEGSOL_DENSE");
	struct dense *dn;
	size_t nl, nh, ng;
	uint32_t *cnt;

	if (n > DENSE_MAXN || n < 2 || (e && !strcmp(e, "0")))
		return NULL;
	dn = calloc(1, sizeof(*dn));
	if (!dn)
		return NULL;
	dn->mode = !e || !*e ? -1 : !strcmp(e, "2") ? 2 : 1;
#if SYMV_X86
	/* PEGSOL_DENSE_AVX2=0: the scalar lanes (tests compare the two) */
	e = getenv("PEGSOL_DENSE_AVX2");
	dn->avx2 = (!e || strcmp(e, "0")) && __builtin_cpu_supports("avx2");
#endif
	dn->n = n;
	dn->L = n / 2 < 18 ? (n + 1) / 2 : 18;
	dn->H = n - dn->L;
	dn->d = dense_parities(n, flip, nj, dn->f);
	if (dn->d > DENSE_MAXD) {
		/* a state must name the class exactly (the checks of
		 * dense_mark rest on it): too many parities, no bitmaps */
		free(dn);
		return NULL;
	}
	dn->k = -1;
	dn->threads = threads < 1 ? 1 : threads > 8 ? 8 : threads;
	nl = (size_t)1 << dn->L;
	nh = (size_t)1 << dn->H;
	ng = (size_t)(dn->L + 1) << dn->d;
	dn->lowrank = malloc(nl * sizeof(uint16_t));
	dn->low_unrank = malloc(nl * sizeof(uint32_t));
	dn->low_off = calloc(ng + 1, sizeof(uint32_t));
	dn->high_state = malloc(nh);
	dn->high_pop = malloc(nh);
	dn->hidx = malloc(nh * sizeof(uint16_t));
	dn->hi = malloc((nh + 1) * sizeof(uint32_t));
	cnt = calloc(ng, sizeof(uint32_t));
	if (!dn->lowrank || !dn->low_unrank || !dn->low_off ||
	    !dn->high_state || !dn->hi || !cnt || !dn->high_pop || !dn->hidx)
		goto fail;
	/* the states of byte values first: the others from them */
	for (int b = 0; b < (DENSE_MAXN + 7) / 8; b++)
		for (int v = 0; v < 256; v++)
			dn->st8[b][v] = (uint8_t)dense_state(
				dn, ((uint64_t)v << (8 * b)) & ((1ULL << n) - 1));
	for (size_t l = 0; l < nl; l++) {
		size_t g = ((size_t)dense_popc(l) << dn->d) |
			   (size_t)dense_pstate(dn, l);

		dn->low_off[g + 1]++;
	}
	for (size_t g = 0; g < ng; g++)
		dn->low_off[g + 1] += dn->low_off[g];
	for (size_t l = 0; l < nl; l++) {
		int s = dense_pstate(dn, l);
		size_t g = ((size_t)dense_popc(l) << dn->d) | (size_t)s;

		dn->low_unrank[dn->low_off[g] + cnt[g]] = (uint32_t)l;
		dn->lowrank[l] = (uint16_t)cnt[g]++;
	}
	for (size_t h = 0; h < nh; h++) {
		dn->high_state[h] = (uint8_t)dense_pstate(dn, (uint64_t)h << dn->L);
		dn->high_pop[h] = (uint8_t)dense_popc(h);
		dn->hidx[h] = (uint16_t)(dn->high_pop[h] << dn->d |
					 dn->high_state[h]);
	}
	for (int k = 0; k < nj && k < 65536; k++) {
		const struct peg_jump *j = &fa->jumps[k];
		int a = j->over - j->from, b = j->to - j->from, q = 0;

		while (q < dn->ngrp && (dn->sa[q] != a || dn->sb[q] != b))
			q++;
		if (q == DENSE_MAXG || nj >= 65536) {
			dn->ngrp = 0; /* the jump lists then */
			break;
		}
		if (q == dn->ngrp) {
			dn->sa[q] = a;
			dn->sb[q] = b;
			dn->gm[q] = 0;
			dn->ngrp++;
		}
		dn->gm[q] |= (uint64_t)1 << j->from;
		dn->gk[q][j->from] = (uint16_t)k;
	}
	free(cnt);
	return dn;
fail:
	free(cnt);
	dense_free(dn);
	return NULL;
}

/* sz[hidx[h]]: the codes of the layer of k pegs and state target whose
 * high part is h (the low values of the missing pegs and state). */
static void dense_sizes(const struct dense *dn, int k, int target,
			uint32_t *sz)
{
	for (int p = 0; p <= dn->H; p++)
		for (int st = 0; st < 1 << dn->d; st++) {
			int j = k - p;
			size_t g = ((size_t)(j < 0 ? 0 : j) << dn->d) |
				   (size_t)(target ^ st);

			sz[p << dn->d | st] =
				j >= 0 && j <= dn->L
					? dn->low_off[g + 1] - dn->low_off[g]
					: 0;
		}
}

/* Make hi the layer of k pegs and state target; sets R. */
static void dense_layer(struct dense *dn, int k, int target)
{
	size_t nh = (size_t)1 << dn->H;
	uint64_t cum = 0;
	uint32_t sz[(DENSE_MAXN + 1) << DENSE_MAXD];

	if (dn->k == k && dn->target == target)
		return;
	dense_sizes(dn, k, target, sz);
	for (size_t h = 0; h < nh; h++) {
		dn->hi[h] = (uint32_t)cum;
		cum += sz[dn->hidx[h]];
	}
	dn->hi[nh] = (uint32_t)cum;
	dn->R = cum;
	dn->k = k;
	dn->target = target;
}

/* The code of rank r of the current layer whose high part is h. */
static inline uint64_t dense_unrank(const struct dense *dn, size_t h,
				    uint64_t r)
{
	int j = dn->k - dn->high_pop[h];
	size_t g = ((size_t)j << dn->d) | (size_t)(dn->target ^ dn->high_state[h]);

	return (uint64_t)h << dn->L | dn->low_unrank[dn->low_off[g] + (r - dn->hi[h])];
}

/* The least image of ~p under the group of the 8-lane rows (dn->it):
 * ~(the greatest image of p), the symmetries fixing the full board. */
static inline uint64_t dense_comp_canon(const struct dense *dn, uint64_t full,
					uint64_t p)
{
	uint64_t m[8] = {0}, mx = p;

	for (int b = 0; b < dn->nbytes; b++) {
		const uint64_t *row = dn->it[b][(p >> (8 * b)) & 0xff];

		for (int g = 0; g < 8; g++)
			m[g] |= row[g];
	}
	for (int g = 0; g < 8; g++)
		mx = m[g] > mx ? m[g] : mx;
	return full ^ mx;
}

#endif /* SETS_DENSE_ONCE */

#if WBITS == 64
struct dwork {
	const struct ctx_64 *c;
	struct dense *dn;
	const uint64_t *par;
	size_t lo, hi;  /* parents (dense_filter) */
	/* the work in chunks taken in turn (the cost of a parent, or of a
	 * word, varies along the level: canonical codes crowd the low
	 * ranks), shared by the workers: the next chunk, the chunks, their
	 * size, the items */
	atomic_size_t *next;
	size_t nchunk, chunk, items;
	uint64_t *bm;   /* this worker's bitmap */
	uint64_t generated;
	int foreign;
	size_t cnt;     /* their codes */
	uint64_t *dst;  /* where they go */
	uint64_t *to;   /* dense_sieve: where dst's cnt codes go then */
	int comp;       /* 1 the canonical complements, not the children;
			 * 2 the canonical complements of the children */
	int instate;    /* the state of every parent */
};

/* A worker's bit setter: the children of a parent are ranked together
 * (their table reads overlap), and each rank waits DENSE_PF children in a
 * ring after the prefetch of its word. */
struct dput {
	uint64_t *bm;
	const uint32_t *hi;
	const uint16_t *lr;
	uint64_t lmask, gen;
	int L;
	unsigned rp, nb;
	uint64_t buf[DENSE_BATCH];
	uint32_t ring[DENSE_PF];
};

static inline void dense_flush(struct dput *s)
{
	uint32_t r[DENSE_BATCH];
	unsigned nb = s->nb;

	for (unsigned i = 0; i < nb; i++)
		r[i] = s->hi[s->buf[i] >> s->L] + s->lr[s->buf[i] & s->lmask];
	for (unsigned i = 0; i < nb; i++) {
		__builtin_prefetch(&s->bm[r[i] >> 6], 1, 3);
		if (s->rp >= DENSE_PF) {
			uint32_t o = s->ring[s->rp % DENSE_PF];

			s->bm[o >> 6] |= (uint64_t)1 << (o & 63);
		}
		s->ring[s->rp++ % DENSE_PF] = r[i];
	}
	s->gen += nb;
	s->nb = 0;
}

static inline void dense_put(struct dput *s, uint64_t m)
{
	s->buf[s->nb++] = m;
	if (s->nb == DENSE_BATCH)
		dense_flush(s);
}

#if SIMD64
__attribute__((target("avx512f"))) static void
dense_children_simd(const struct ctx_64 *c, uint64_t p, struct dput *s)
{
	__m512i img = symv_images(&c->v, p);

#define EMIT(k) dense_put(s, symv_child(&c->v, img, (k)))
	FOR_LEGAL_JUMPS(c, p, EMIT);
#undef EMIT
}
#endif

/* The next chunk of w's items: *lo, *hi and 1, or 0 when none is left
 * (or the level already left the class). */
static inline int dense_take(struct dwork *w, size_t *lo, size_t *hi)
{
	size_t k = atomic_fetch_add_explicit(w->next, 1, memory_order_relaxed);

	if (k >= w->nchunk || w->foreign)
		return 0;
	*lo = k * w->chunk;
	*hi = *lo + w->chunk < w->items ? *lo + w->chunk : w->items;
	return 1;
}

/* Split n items for nt workers into chunks of ch items, all taken from
 * *next (set to 0). */
static void dense_chunks(struct dwork *w, int nt, atomic_size_t *next,
			 size_t n, size_t ch)
{
	atomic_store(next, 0);
	for (int t = 0; t < nt; t++) {
		w[t].next = next;
		w[t].chunk = ch;
		w[t].items = n;
		w[t].nchunk = (n + ch - 1) / ch;
	}
}

#define SH(x, s) ((s) >= 0 ? (x) >> (s) : (x) << -(s))
#if SYMV_X86
/* The children of parent p (jumps by shape, dn->ngrp > 0) with the 8
 * lanes in two AVX2 registers kept across the children: a child's images
 * are two XORs, its least (cx: greatest, complemented) image a tree of
 * three compares.  Codes have at most DENSE_MAXN < 63 bits, so the
 * signed 64-bit compares order them as unsigned. */
__attribute__((target("avx2"))) static void
dense_parent_avx2(const struct dense *dn, uint64_t p, int cx, uint64_t full,
		  struct dput *s)
{
	__m256i m0 = _mm256_setzero_si256(), m1 = m0;

	for (int b = 0; b < dn->nbytes; b++) {
		const __m256i *row =
			(const __m256i *)dn->it[b][(p >> (8 * b)) & 0xff];

		m0 = _mm256_or_si256(m0, _mm256_loadu_si256(row));
		m1 = _mm256_or_si256(m1, _mm256_loadu_si256(row + 1));
	}
	for (int q = 0; q < dn->ngrp; q++)
		for (uint64_t x = p & SH(p, dn->sa[q]) & ~SH(p, dn->sb[q]) &
				  dn->gm[q];
		     x; x &= x - 1) {
			const __m256i *sf = (const __m256i *)
				dn->sf8[dn->gk[q][__builtin_ctzll(x)]];
			__m256i a = _mm256_xor_si256(m0, _mm256_loadu_si256(sf));
			__m256i c = _mm256_xor_si256(m1,
						     _mm256_loadu_si256(sf + 1));
			__m128i l, h;

			/* lanes where a > c take c: the least per lane
			 * (cx: the greatest) */
			a = cx ? _mm256_blendv_epi8(c, a,
						    _mm256_cmpgt_epi64(a, c))
			       : _mm256_blendv_epi8(a, c,
						    _mm256_cmpgt_epi64(a, c));
			l = _mm256_castsi256_si128(a);
			h = _mm256_extracti128_si256(a, 1);
			l = cx ? _mm_blendv_epi8(h, l, _mm_cmpgt_epi64(l, h))
			       : _mm_blendv_epi8(l, h, _mm_cmpgt_epi64(l, h));
			h = _mm_unpackhi_epi64(l, l);
			l = cx ? _mm_blendv_epi8(h, l, _mm_cmpgt_epi64(l, h))
			       : _mm_blendv_epi8(l, h, _mm_cmpgt_epi64(l, h));
			dense_put(s, cx ? full ^ (uint64_t)_mm_cvtsi128_si64(l)
					: (uint64_t)_mm_cvtsi128_si64(l));
		}
}
#endif
#define MIN2(a, b) ((a) < (b) ? (a) : (b))
#define MAX2(a, b) ((a) > (b) ? (a) : (b))
/* EMIT(k) for every jump k legal in the parent p: a shape's jumps at once
 * (three shifts and a mask), or the jump lists when the shapes are too
 * many. */
#define FOR_SHAPE_JUMPS(EMIT)                                                 \
	do {                                                                  \
		if (!dn->ngrp) {                                              \
			FOR_LEGAL_JUMPS(c, p, EMIT);                          \
			break;                                                \
		}                                                             \
		for (int q_ = 0; q_ < dn->ngrp; q_++)                         \
			for (uint64_t x_ = p & SH(p, dn->sa[q_]) &             \
					   ~SH(p, dn->sb[q_]) & dn->gm[q_];    \
			     x_; x_ &= x_ - 1)                                \
				EMIT(dn->gk[q_][__builtin_ctzll(x_)]);        \
	} while (0)
/* Mark the canonical children of parents [lo, hi) in w->bm; a parent
 * outside the layer's class stops it (w->foreign). */
static void *dense_gen(void *arg)
{
	struct dwork *w = arg;
	const struct ctx_64 *c = w->c;
	const struct dense *dn = w->dn;
	struct dput s;
	int ng = c->ng, target = w->instate, cx = w->comp == 2;
	uint64_t img[64];

	s.bm = w->bm;
	s.hi = dn->hi;
	s.lr = dn->lowrank;
	s.L = dn->L;
	s.lmask = ((uint64_t)1 << s.L) - 1;
	s.gen = 0;
	s.rp = s.nb = 0;
	for (size_t i = 0, end = 0;; i++) {
		uint64_t p;

		if (i == end && !dense_take(w, &i, &end))
			break;
		p = w->par[i];
		if (dense_pstate(dn, p) != target) {
			w->foreign = 1;
			break;
		}
		if (w->comp == 1) {
			/* symmetries fix the full board: the least image of
			 * ~p is ~(the greatest image of p) */
			uint64_t mx = p;

			if (dn->it) {
				mx = c->full ^ dense_comp_canon(dn, c->full, p);
			} else {
				for (int g = 1; g < ng; g++) {
					uint64_t y = SYM_APPLY(c->t, c->group[g], p);

					mx = y > mx ? y : mx;
				}
			}
			dense_put(&s, c->full ^ mx);
			if (s.nb >= DENSE_BATCH / 2)
				dense_flush(&s);
			continue;
		}
#if SIMD64
		if (c->v.simd) {
			dense_children_simd(c, p, &s);
			dense_flush(&s);
			continue;
		}
#endif
#if SYMV_X86
		if (dn->it && dn->avx2 && dn->ngrp) {
			dense_parent_avx2(dn, p, cx, c->full, &s);
			dense_flush(&s);
			continue;
		}
#endif
		if (dn->it) {
			/* 8 lanes (groups of up to 8, padded with lane 0):
			 * the images from one row of 8 per byte, the minimum
			 * of a child's 8 as a tree */
			uint64_t m[8] = {0};

			for (int b = 0; b < dn->nbytes; b++) {
				const uint64_t *row = dn->it[b][(p >> (8 * b)) & 0xff];

				for (int g = 0; g < 8; g++)
					m[g] |= row[g];
			}
#define EMIT8(k)                                                              \
	do {                                                                  \
		const uint64_t *sf = dn->sf8[k];                               \
		if (cx) {                                                     \
			uint64_t y0 = MAX2(m[0] ^ sf[0], m[4] ^ sf[4]);        \
			uint64_t y1 = MAX2(m[1] ^ sf[1], m[5] ^ sf[5]);        \
			uint64_t y2 = MAX2(m[2] ^ sf[2], m[6] ^ sf[6]);        \
			uint64_t y3 = MAX2(m[3] ^ sf[3], m[7] ^ sf[7]);        \
			dense_put(&s, c->full ^ MAX2(MAX2(y0, y2),            \
						     MAX2(y1, y3)));          \
		} else {                                                      \
			uint64_t y0 = MIN2(m[0] ^ sf[0], m[4] ^ sf[4]);        \
			uint64_t y1 = MIN2(m[1] ^ sf[1], m[5] ^ sf[5]);        \
			uint64_t y2 = MIN2(m[2] ^ sf[2], m[6] ^ sf[6]);        \
			uint64_t y3 = MIN2(m[3] ^ sf[3], m[7] ^ sf[7]);        \
			dense_put(&s, MIN2(MIN2(y0, y2), MIN2(y1, y3)));       \
		}                                                             \
	} while (0)
			FOR_SHAPE_JUMPS(EMIT8);
#undef EMIT8
			dense_flush(&s);
			continue;
		}
		img[0] = p;
		for (int g = 1; g < ng; g++)
			img[g] = SYM_APPLY(c->t, c->group[g], p);
#define EMIT(k)                                                               \
	do {                                                                  \
		const uint64_t *sf_ = c->sflip + (size_t)(k) * ng;             \
		uint64_t m_ = p ^ sf_[0];                                      \
		for (int g_ = 1; g_ < ng; g_++) {                             \
			uint64_t y_ = img[g_] ^ sf_[g_];                       \
			if (y_ < m_)                                          \
				m_ = y_;                                      \
		}                                                             \
		dense_put(&s, m_);                                            \
	} while (0)
		FOR_SHAPE_JUMPS(EMIT);
#undef EMIT
#undef FOR_SHAPE_JUMPS
#undef SH
#undef MIN2
#undef MAX2
		dense_flush(&s);
	}
	dense_flush(&s);
	for (unsigned i = s.rp > DENSE_PF ? s.rp - DENSE_PF : 0; i < s.rp; i++) {
		uint32_t o = s.ring[i % DENSE_PF];

		s.bm[o >> 6] |= (uint64_t)1 << (o & 63);
	}
	w->generated = s.gen;
	return NULL;
}

/* Count the codes of the word chunks a worker takes (all bitmaps ORed):
 * dn->ccnt[k] for chunk k, their sum in w->cnt. */
static void *dense_count(void *arg)
{
	struct dwork *w = arg;
	int nt = w->dn->threads;
	size_t lo, hi;

	w->cnt = 0;
	while (dense_take(w, &lo, &hi)) {
		size_t cnt = 0;

		for (size_t i = lo; i < hi; i++) {
			uint64_t x = 0;

			for (int t = 0; t < nt; t++)
				x |= w->dn->bm[t][i];
			cnt += (size_t)dense_popc(x);
		}
		w->dn->ccnt[lo / DENSE_CWORDS] = cnt;
		w->cnt += cnt;
	}
	return NULL;
}

/* Write the codes of the word chunks a worker takes in order, chunk k at
 * w->dst + dn->ccnt[k], clearing the words. */
static void *dense_extract(void *arg)
{
	struct dwork *w = arg;
	const struct dense *dn = w->dn;
	int nt = dn->threads;
	size_t top = (size_t)1 << dn->H, lo0, hi0;

	while (dense_take(w, &lo0, &hi0)) {
		uint64_t *d = w->dst + dn->ccnt[lo0 / DENSE_CWORDS];
		uint64_t r0 = (uint64_t)lo0 * 64;
		size_t lo = 0, hi = top, h;

		/* the last h with cum[h] <= the first rank */
		while (lo + 1 < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (dn->hi[mid] <= r0)
				lo = mid;
			else
				hi = mid;
		}
		h = lo;
		for (size_t i = lo0; i < hi0; i++) {
			uint64_t x = 0;

			for (int t = 0; t < nt; t++)
				x |= dn->bm[t][i];
			if (!x)
				continue;
			for (int t = 0; t < nt; t++)
				dn->bm[t][i] = 0;
			for (; x; x &= x - 1) {
				uint64_t r = (uint64_t)i * 64 +
					     (uint64_t)__builtin_ctzll(x);

				while (h + 1 < top && dn->hi[h + 1] <= r)
					h++;
				*d++ = dense_unrank(dn, h, r);
			}
		}
	}
	return NULL;
}

/* Clear a worker's bitmap: the words of the current layer, where
 * dense_mark sets bits (after a level that fell back, or a sieve). */
static void *dense_clear(void *arg)
{
	struct dwork *w = arg;

	memset(w->bm, 0, w->dn->cur * sizeof(uint64_t));
	return NULL;
}

/* Words of the layer of k pegs and state target (dense_layer's R / 64
 * rounded up, without touching the current layer). */
static size_t dense_layer_words(const struct dense *dn, int k, int target)
{
	size_t nh = (size_t)1 << dn->H;
	uint64_t cum = 0;
	uint32_t sz[(DENSE_MAXN + 1) << DENSE_MAXD];

	dense_sizes(dn, k, target, sz);
	for (size_t h = 0; h < nh; h++)
		cum += sz[dn->hidx[h]];
	return (size_t)((cum + 63) / 64);
}

/* New bitmaps of at least `words` words for the layer of k pegs: as big
 * as the largest of the layers within DENSE_AHEAD pegs of k that fit
 * (the levels that follow take them without a new allocation), cleared
 * by the workers, each its own.  0, or -1 out of memory. */
enum { DENSE_AHEAD = 4 };
static int dense_grow(struct dense *dn, int k, int target, size_t words)
{
	struct dwork w[8];
	size_t cur = dn->cur;

	for (int j = k - DENSE_AHEAD; j <= k + DENSE_AHEAD; j++) {
		size_t x = j < 0 || j > dn->n ? 0
					       : dense_layer_words(dn, j, target);

		if (x > words && (uint64_t)x * 8 * (uint64_t)dn->threads <=
					 DENSE_MAX_BYTES)
			words = x;
	}
	for (int t = 0; t < 8; t++) {
		free(dn->bm[t]);
		dn->bm[t] = NULL;
	}
	dn->words = 0;
	memset(w, 0, sizeof(w));
	for (int t = 0; t < dn->threads; t++) {
		dn->bm[t] = peg_big_alloc(words * sizeof(uint64_t));
		if (!dn->bm[t])
			return -1;
		w[t].dn = dn;
		w[t].bm = dn->bm[t];
	}
	dn->cur = words;
	peg_pool_run(dn->pool, dense_clear, w, sizeof(w[0]), dn->threads);
	dn->cur = cur;
	dn->words = words;
	return 0;
}

/* The sorted codes of the layer of k pegs and state `target` that the
 * n codes a (all of state instate) make: their canonical children, or
 * with comp their canonical complements, through the bitmaps.  1 and
 * *out, *nout; 0 not taken (the caller runs the sort path); -1 out of
 * memory or, under PEGSOL_DENSE=2, not taken. */
static int dense_mark(const struct ctx_64 *c, const uint64_t *a, size_t n,
		      int comp, uint64_t *nchildren)
{
	struct dense *dn = c->dn;
	struct dwork w[8];
	int nt, k, instate, target, no = dn && dn->mode == 2 ? -1 : 0;
	size_t words, ch;
	uint64_t x0;
	atomic_size_t next;

	if (!dn || !dn->mode || c->pack || c->ds || !n)
		return 0;
	if (dn->off || c->ng > 64)
		return no;
	/* a code of the output's class and its pegs */
	x0 = comp ? c->full ^ a[0] : a[0];
	k = __builtin_popcountll(x0) - (comp == 0) + (comp == 2);
	if (comp == 2 && k > c->n)
		return 0;
	if (k < 0)
		return 0;
	instate = dense_state(dn, a[0]);
	target = dense_state(dn, x0);
	/* the canonical images of the class stay in it (sets_dense_impl.h top:
	 * a symmetry maps the class of x0 to one class, checked here) */
	for (int g = 1; g < c->ng; g++)
		if (dense_state(dn, SYM_APPLY(c->t, c->group[g], x0)) != target) {
			dn->off = 1;
			return no;
		}
	dense_layer(dn, k, target);
	words = (size_t)((dn->R + 63) / 64);
	if (dn->R >> 32 ||
	    (uint64_t)words * 8 * (uint64_t)dn->threads > DENSE_MAX_BYTES)
		return no;
	if (dn->mode < 0 &&
	    words > (size_t)(comp == 1 ? DENSE_RATIO_COMP : DENSE_RATIO) * n)
		return 0;
	if (!dn->pool && dn->threads > 1 &&
	    !(dn->pool = peg_pool_new(dn->threads - 1)))
		return -1;
	if (words > dn->words && dense_grow(dn, k, target, words))
		return -1;
	if ((words + DENSE_CWORDS - 1) / DENSE_CWORDS + 1 > dn->ccap) {
		size_t nc = (words + DENSE_CWORDS - 1) / DENSE_CWORDS + 1;

		free(dn->ccnt);
		dn->ccnt = malloc(nc * sizeof(size_t));
		dn->ccap = dn->ccnt ? nc : 0;
		if (!dn->ccnt)
			return -1;
	}
	if (!dn->it && c->ng <= 8) {
		const SYMTAB *t = c->t;

		dn->nbytes = t->n_bytes;
		/* rows on cache lines: one line a row */
		dn->it = aligned_alloc(64, sizeof(*dn->it) * (size_t)t->n_bytes);
		dn->sf8 = aligned_alloc(64, sizeof(*dn->sf8) * (size_t)(c->nj + 1));
		if (!dn->it || !dn->sf8)
			return -1;
		for (int b = 0; b < t->n_bytes; b++)
			for (int v = 0; v < 256; v++)
				for (int g = 0; g < 8; g++)
					dn->it[b][v][g] =
						t->t[c->group[g < c->ng ? g : 0]][b][v];
		for (int j = 0; j < c->nj; j++)
			for (int g = 0; g < 8; g++)
				dn->sf8[j][g] = c->sflip[(size_t)j * c->ng +
							 (size_t)(g < c->ng ? g : 0)];
	}
	if (comp == 2 && !dn->it)
		return no;
	nt = n < 4096 ? 1 : dn->threads;
	memset(w, 0, sizeof(w));
	for (int t = 0; t < nt; t++) {
		w[t].c = c;
		w[t].dn = dn;
		w[t].par = a;
		w[t].bm = dn->bm[t];
		w[t].comp = comp;
		w[t].instate = instate;
	}
	/* about DENSE_SLICES chunks a worker: the parents' costs vary */
	ch = n / ((size_t)nt * DENSE_SLICES) + 1;
	dense_chunks(w, nt, &next, n, ch < 256 ? 256 : ch);
	dn->cur = words;
	peg_pool_run(dn->pool, dense_gen, w, sizeof(w[0]), nt);
	for (int t = 0; t < nt; t++)
		if (w[t].foreign) {
			/* another class: the sort path, from now on */
			dn->off = 1;
			peg_pool_run(dn->pool, dense_clear, w, sizeof(w[0]), nt);
			return no;
		}
	for (int t = 0; t < nt; t++)
		if (nchildren)
			*nchildren += w[t].generated;
	return 1;
}

/* The codes dense_mark left in the bitmaps (all workers' ORed), counted
 * by the workers in chunks of DENSE_CWORDS words taken in turn (dn->ccnt
 * per chunk, for the extraction that may follow; next its counter).
 * Returns the total. */
static size_t dense_tally(const struct ctx_64 *c, struct dwork *w,
			  atomic_size_t *next)
{
	struct dense *dn = c->dn;
	int nt = dn->threads;
	size_t words = dn->cur, total = 0;

	memset(w, 0, sizeof(*w) * (size_t)nt);
	for (int t = 0; t < nt; t++) {
		w[t].c = c;
		w[t].dn = dn;
		w[t].bm = dn->bm[t];
	}
	dense_chunks(w, nt, next, words, DENSE_CWORDS);
	peg_pool_run(dn->pool, dense_count, w, sizeof(w[0]), nt);
	for (int t = 0; t < nt; t++)
		total += w[t].cnt;
	return total;
}

/* The codes dense_mark left in the bitmaps, sorted, into a new array
 * (*out, *nout); the bitmaps are clear after.  0, or -1 out of memory. */
static int dense_collect(const struct ctx_64 *c, uint64_t **out, size_t *nout)
{
	struct dense *dn = c->dn;
	struct dwork w[8];
	int nt = dn->threads;
	size_t total, nch = (dn->cur + DENSE_CWORDS - 1) / DENSE_CWORDS;
	size_t cost = 0, part = 0;
	uint64_t *code;
	atomic_size_t next, from[8];

	total = dense_tally(c, w, &next);
	code = symv_big_alloc((total + 1) * sizeof(uint64_t));
	if (!code) {
		peg_pool_run(dn->pool, dense_clear, w, sizeof(w[0]), nt);
		return -1;
	}
	/* each worker a run of chunks of about equal cost (a code, and
	 * DENSE_CWORDS / 4 for a chunk's scan), so that its codes go to one
	 * part of the level (two workers faulting in the same huge page
	 * would both clear it) */
	for (size_t k = 0; k < nch; k++)
		cost += dn->ccnt[k] + DENSE_CWORDS / 4;
	for (int t = 0; t < nt; t++) {
		w[t].dst = code;
		w[t].next = &from[t];
		w[t].nchunk = nch;
	}
	atomic_store(&from[0], 0);
	for (size_t k = 0, at = 0, acc = 0; k < nch; k++) {
		size_t x = dn->ccnt[k];

		while (part + 1 < (size_t)nt &&
		       acc >= cost / (size_t)nt * (part + 1)) {
			w[part].nchunk = k;
			atomic_store(&from[++part], k);
		}
		acc += x + DENSE_CWORDS / 4;
		dn->ccnt[k] = at;
		at += x;
	}
	while (part + 1 < (size_t)nt) {
		w[part].nchunk = nch;
		atomic_store(&from[++part], nch);
	}
	peg_pool_run(dn->pool, dense_extract, w, sizeof(w[0]), nt);
	*out = code;
	*nout = total;
	dn->used++;
	return 0;
}

/* dense_mark and dense_collect: 1 and the sorted codes, 0 not taken, -1
 * out of memory (or not taken under PEGSOL_DENSE=2). */
static int dense_run(const struct ctx_64 *c, const uint64_t *a, size_t n,
		     int comp, uint64_t **out, size_t *nout,
		     uint64_t *nchildren)
{
	int r = dense_mark(c, a, n, comp, nchildren);

	if (r != 1)
		return r;
	return dense_collect(c, out, nout) ? -1 : 1;
}

/* Worker: the codes f[lo, hi) whose bit is set, to dst (cnt of them).
 * The bitmap words are prefetched DENSE_SPF codes ahead (a ring of the
 * ranks and codes between the prefetch and the test). */
enum { DENSE_SPF = 16 };

/* Is the bit of rank r set in any worker's bitmap? */
static inline int dense_bit(const struct dense *dn, int nt, uint32_t r)
{
	uint64_t x = 0;

	for (int t = 0; t < nt; t++)
		x |= dn->bm[t][r >> 6];
	return (int)(x >> (r & 63) & 1);
}

static void *dense_filter(void *arg)
{
	struct dwork *w = arg;
	const struct dense *dn = w->dn;
	int nt = dn->threads, target = dn->target;
	uint64_t lmask = ((uint64_t)1 << dn->L) - 1, ry[DENSE_SPF];
	uint32_t rr[DENSE_SPF];
	size_t m = 0, q = 0;

	for (size_t i = w->lo; i < w->hi; i++) {
		uint64_t y = w->par[i];
		uint32_t r;

		if (dense_pstate(dn, y) != target)
			continue;
		r = dn->hi[y >> dn->L] + dn->lowrank[y & lmask];
		for (int t = 0; t < nt; t++)
			__builtin_prefetch(&dn->bm[t][r >> 6], 0, 3);
		if (q >= DENSE_SPF) {
			w->dst[m] = ry[q % DENSE_SPF];
			m += (size_t)dense_bit(dn, nt, rr[q % DENSE_SPF]);
		}
		rr[q % DENSE_SPF] = r;
		ry[q++ % DENSE_SPF] = y;
	}
	for (size_t k = q > DENSE_SPF ? q - DENSE_SPF : 0; k < q; k++) {
		w->dst[m] = ry[k % DENSE_SPF];
		m += (size_t)dense_bit(dn, nt, rr[k % DENSE_SPF]);
	}
	w->cnt = m;
	return NULL;
}

/* Worker: its filtered codes to their place in the level. */
static void *dense_copy(void *arg)
{
	struct dwork *w = arg;

	memcpy(w->to, w->dst, w->cnt * sizeof(uint64_t));
	return NULL;
}

/* The codes f[0..fn) whose bit dense_mark set, in order, into a new
 * array of at most cap codes (*out, *nout); the bitmaps are clear after.
 * 0, or -1 out of memory. */
static int dense_sieve(const struct ctx_64 *c, const uint64_t *f, size_t fn,
		       size_t cap, uint64_t **out, size_t *nout)
{
	struct dense *dn = c->dn;
	struct dwork w[8];
	int nt = dn->threads;
	size_t m = 0;
	uint64_t *code = malloc((cap + 1) * sizeof(uint64_t));

	memset(w, 0, sizeof(w));
	for (int t = 0; t < nt; t++) {
		w[t].c = c;
		w[t].dn = dn;
		w[t].bm = dn->bm[t];
		w[t].par = f;
		w[t].lo = fn * (size_t)t / (size_t)nt;
		w[t].hi = fn * (size_t)(t + 1) / (size_t)nt;
		w[t].dst = malloc((w[t].hi - w[t].lo + 1) * sizeof(uint64_t));
		if (!w[t].dst) {
			free(code);
			code = NULL;
		}
	}
	if (code)
		peg_pool_run(dn->pool, dense_filter, w, sizeof(w[0]), nt);
	peg_pool_run(dn->pool, dense_clear, w, sizeof(w[0]), nt);
	for (int t = 0; t < nt && code; t++) {
		if (m + w[t].cnt > cap)
			w[t].cnt = cap - m;
		w[t].to = code + m;
		m += w[t].cnt;
	}
	if (code)
		peg_pool_run(dn->pool, dense_copy, w, sizeof(w[0]), nt);
	for (int t = 0; t < nt; t++)
		free(w[t].dst);
	if (!code)
		return -1;
	*out = code;
	*nout = m;
	dn->used++;
	return 0;
}

/* W = F intersect ~G (eq. 7) with the canonical complements of G marked
 * in the bitmaps and F sieved through them, when G is the smaller and
 * the bitmaps apply: 1 done, 0 not taken, -1 out of memory. */
static int dense_winning(const struct ctx_64 *c, const struct peg_level *f,
			 const struct peg_level *g, struct peg_level *wl)
{
	int r;

	if (!c->dn || f->pack || g->pack || g->n > f->n || !g->n || !f->n ||
	    __builtin_popcountll(c->full ^ g->code[0]) !=
		    __builtin_popcountll(f->code[0]))
		return 0;
	r = dense_mark(c, g->code, g->n, 1, NULL);
	if (r != 1)
		return r;
	if (dense_sieve(c, f->code, f->n, g->n, &wl->code, &wl->n))
		return -1;
	wl->have = 1;
	return 1;
}

/* Eq. 9's first half, ~D(W_(m+1)) intersect F_(N-m) (wp = W_(m+1), fl =
 * F_(N-m)): the canonical complements of the children marked in the
 * bitmaps, F sieved through them, sorted into *y, *ny.  1 done, 0 not
 * taken, -1 out of memory. */
static int dense_wstep(const struct ctx_64 *c, const struct peg_level *wp,
		       const struct peg_level *fl, uint64_t **y, size_t *ny)
{
	int r;

	if (!c->dn || wp->pack || fl->pack || !wp->n || !fl->n ||
	    c->n - __builtin_popcountll(wp->code[0]) + 1 !=
		    __builtin_popcountll(fl->code[0]))
		return 0;
	r = dense_mark(c, wp->code, wp->n, 2, NULL);
	if (r != 1)
		return r;
	return dense_sieve(c, fl->code, fl->n, fl->n, y, ny) ? -1 : 1;
}

/* The half run's W_m on a board of N = 2m + 1 holes (sets_impl.h
 * winning_half_): W_m = F_m & ~F_(m+1) with F_m = D(F_(m+1)), so the
 * canonical complements of F_(m+1)'s children are marked (the layer of
 * m + 1 pegs) and F_(m+1) is sieved through them: *y, *ny the codes of
 * F_(m+1) whose complement is not a child, ~W_m (that is W_(m+1), eq. 8).
 * *nfm gets |F_m| (the bits set: the complement is a bijection of the
 * orbits); F_m itself is never made.  1 done, 0 not taken, -1 out of
 * memory. */
static int dense_whalf(const struct ctx_64 *c, const struct peg_level *fp,
		       uint64_t **y, size_t *ny, size_t *nfm,
		       uint64_t *nchildren)
{
	struct dwork w[8];
	atomic_size_t next;
	int r;

	if (!c->dn || fp->pack || !fp->n ||
	    c->n != 2 * __builtin_popcountll(fp->code[0]) - 1)
		return 0;
	r = dense_mark(c, fp->code, fp->n, 2, nchildren);
	if (r != 1)
		return r;
	*nfm = dense_tally(c, w, &next);
	return dense_sieve(c, fp->code, fp->n, fp->n, y, ny) ? -1 : 1;
}

/* out = D(in) through the bitmaps: as dense_run. */
static int dense_expand(const struct ctx_64 *c, const struct peg_level *in,
			struct peg_level *out, uint64_t *nchildren)
{
	int r;

	if (in->pack)
		return c->dn && c->dn->mode == 2 ? -1 : 0;
	r = dense_run(c, in->code, in->n, 0, &out->code, &out->n, nchildren);
	if (r == 1)
		out->have = 1;
	return r;
}
#endif

/* One level of the forward passes: the dense bitmaps when they apply,
 * else expand_mode_ (packout: pack the level). */
static int NAME(expand_level_)(const struct NAME(ctx_) *c,
			       const struct peg_level *in, struct peg_level *out,
			       int threads, uint64_t *nchildren, int packout)
{
#if WBITS == 64
	int r = dense_expand(c, in, out, nchildren);

	if (r)
		return r < 0 ? -1 : 0;
#endif
	return NAME(expand_mode_)(c, in, out, threads, nchildren, 0, packout);
}

/* A worker of comp_array_: the canonical complements of a[lo, hi) into
 * dst[lo, hi), radix sorted there with tmp[lo, hi) (res: which of the
 * two holds them then; NULL when out of memory). */
struct NAME(cw_) {
	const struct NAME(ctx_) *c;
	const CW *a;
	CW *dst, *tmp, *res;
	size_t lo, hi;
};

static void *NAME(work_comp_)(void *arg)
{
	struct NAME(cw_) *w = arg;
	const struct NAME(ctx_) *c = w->c;

	size_t *cnt = malloc((1 << 11) * sizeof(size_t));

#if WBITS == 64
	if (c->dn && c->dn->it) {
		for (size_t i = w->lo; i < w->hi; i++)
			w->dst[i] = dense_comp_canon(c->dn, c->full, w->a[i]);
	} else
#endif
	{
		for (size_t i = w->lo; i < w->hi; i++)
			w->dst[i] = NAME(canon_)(c, c->full ^ w->a[i]);
	}
	w->res = cnt ? NAME(radix_sort_)(w->dst + w->lo, w->tmp + w->lo,
					 w->hi - w->lo, c->n, cnt)
		     : NULL;
	free(cnt);
	return NULL;
}

/* Sorted canonical complements of a[0..n) in one array, without the
 * bucket pools: complemented by the workers (the 8-lane rows when the
 * bitmaps made them), then radix sorted; distinct orbits stay distinct.
 * NULL out of memory. */
static CW *NAME(comp_array_)(const struct NAME(ctx_) *c, const CW *a,
			     size_t n)
{
	struct NAME(cw_) w[8];
	int nt = c->threads < 1 ? 1 : c->threads > 8 ? 8 : c->threads;
	CW *x = malloc((n + 1) * sizeof(CW)), *y = malloc((n + 1) * sizeof(CW));
	size_t m = 0;

	if (!x || !y) {
		free(x);
		free(y);
		return NULL;
	}
	if (n < 65536)
		nt = 1;
	for (int t = 0; t < nt; t++) {
		w[t].c = c;
		w[t].a = a;
		w[t].dst = x;
		w[t].tmp = y;
		w[t].lo = n * (size_t)t / (size_t)nt;
		w[t].hi = n * (size_t)(t + 1) / (size_t)nt;
	}
	symv_run(NAME(work_comp_), w, sizeof(w[0]), nt);
	/* the sorted runs into y, then merged (distinct orbits stay
	 * distinct; duplicates are dropped all the same) into x */
	for (int t = 0; t < nt; t++) {
		if (!w[t].res) {
			free(x);
			free(y);
			return NULL;
		}
		if (w[t].res != y + w[t].lo)
			memcpy(y + w[t].lo, w[t].res,
			       (w[t].hi - w[t].lo) * sizeof(CW));
		w[t].res = y + w[t].lo;
	}
	for (;;) {
		int best = -1;

		for (int t = 0; t < nt; t++)
			if (w[t].lo < w[t].hi &&
			    (best < 0 || y[w[t].lo] < y[w[best].lo]))
				best = t;
		if (best < 0)
			break;
		if (!m || x[m - 1] != y[w[best].lo])
			x[m++] = y[w[best].lo];
		w[best].lo++;
	}
	free(y);
	return x;
}

/* The sorted canonical complements of a[0..n): the bitmaps when they
 * apply, else one array (no memory budget), else comp_sorted_.  NULL when
 * out of memory. */
static CW *NAME(comp_dense_)(const struct NAME(ctx_) *c, const CW *a, size_t n)
{
#if WBITS == 64
	uint64_t *r = NULL;
	size_t m = 0;
	int k = dense_run(c, a, n, 1, &r, &m, NULL);

	if (k)
		return k < 0 ? NULL : r;
#endif
	if (!c->ds && n)
		return NAME(comp_array_)(c, a, n);
	return NAME(comp_sorted_)(c, a, n);
}

static int NAME(forward_)(const struct NAME(ctx_) *c, struct peg_level *lv,
			  int top, int bottom, int threads, uint64_t *work,
			  enum peg_phase phase);
static int NAME(winning_)(const struct NAME(ctx_) *c, const struct peg_level *f,
			  const struct peg_level *g, struct peg_level *w);

/* Level l = the sorted codes a[0..n) (taken: freed with the level), packed
 * when the levels are.  0, or -1 out of memory. */
static int NAME(keep_level_)(const struct NAME(ctx_) *c, struct peg_level *l,
			     CW *a, size_t n)
{
	level_free(l);
	LC(l) = a;
	l->n = n;
	l->have = 1;
	return NAME(pack_)(c, l);
}

/* The half run's W_m of a complement problem on a board of N = 2m + 1
 * holes, from F_(m+1) alone (compute_ stops the forward pass there; lv
 * the F levels, wl the W levels): through the bitmaps (dense_whalf, which
 * gives W_(m+1) too, kept; F_m only counted, n with have 0, as the half
 * run drops it after W_m anyway), else F_m made as the forward pass makes
 * it (unpruned: W stays exact) and W_m = F_m & ~F_(m+1).  The children
 * counted are the same either way.  0, or -1 out of memory. */
static int NAME(winning_half_)(const struct NAME(ctx_) *c,
			       struct peg_level *lv, struct peg_level *wl,
			       int m, int threads, uint64_t *nchildren)
{
#if WBITS == 64
	uint64_t *y = NULL;
	size_t ny = 0, nfm = 0;
	int r = dense_whalf(c, &lv[m + 1], &y, &ny, &nfm, nchildren);

	if (r < 0)
		return -1;
	if (r) {
		lv[m].n = nfm;
		progress_level(c->pg, PEG_PHASE_FORWARD, m, nfm);
		LC(&wl[m]) = NAME(comp_dense_)(c, y, ny);
		if (!LC(&wl[m])) {
			free(y);
			return -1;
		}
		wl[m].n = ny;
		wl[m].have = 1;
		return NAME(keep_level_)(c, &wl[m + 1], y, ny);
	}
#endif
	if (NAME(forward_)(c, lv, m + 1, m, threads, nchildren,
			   PEG_PHASE_FORWARD))
		return -1;
	return NAME(winning_)(c, &lv[m], &lv[m + 1], &wl[m]);
}
