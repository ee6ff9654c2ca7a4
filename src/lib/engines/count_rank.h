/* count_rank.h - the count walk over levels found by rank instead of by
 * hashing (issue 15 item 4).  Part of count.c, read after the 64-bit body
 * of count_impl.h, whose walk tables (walk_64: the images of the jump
 * masks), children (child_64) and orbit sizes it uses; 64-bit codes only.
 *
 * A winning level W_m is its sorted codes (s->W[m], as the sets engine
 * left them) and an array of counts in the same order.  The index of a
 * child in it comes from the child's rank among the codes of m pegs in
 * the start's position class (the "layer" of sets_dense_impl.h; the
 * class is given by the d parities no jump changes, its state):
 *
 *     code = hi << L | lo,   rank = cum[hi] + lowrank[lo]
 *
 * lowrank[lo]: the L-bit values below lo with lo's popcount and state
 * (one table for the board); cum[hi]: the codes of the layer whose high
 * part is below hi (one table a level).  The rank grows with the code, so
 * a level is a bitmap over its layer's ranks, kept in 64-byte lines of
 * RK_LINE = 384 ranks (six words), each line first holding how many codes
 * of the level come before it and before each of its words:
 *
 *     line r / 384:   | pre | cnt | w[0] | w[1] | ... | w[5] |   (8 words)
 *     cnt:            9 bits a word: the bits of w[0..j) at bit 9 j
 *     index of r  =   pre + cnt's field j + the bits of w[j] below r,
 *                     j = r % 384 / 64
 *
 * A child costs two small table reads (L2), one line (the largest English
 * layer is 72.9M ranks, a 12 MB bitmap) and, when it is in the level, its
 * count; the hash tables this replaces held 32 bytes a slot at most half
 * full (512 MB a level for Table 7's c3), every probe a DRAM miss, hit or
 * not.  The children of a worker's parents go through a pipeline: their
 * rank tables prefetched, RK_D0 children later ranked and their line
 * prefetched, RK_D1 later tested and their count prefetched, RK_D2 later
 * added.  A parent's legal jumps come a shape at a time, by bit
 * operations on its code (rk_board).  The counts are 64 bits wide (the
 * walk runs again on 128 bits after an overflow); each worker but the
 * first adds into an array of its own, summed into the level's after it
 * (no atomic adds).
 *
 * Where it applies (else count_rank_64 returns 1 and the hash walk of
 * count_impl.h runs): 64-bit codes, boards of up to RK_MAXN holes with at
 * most RK_MAXD parities, every level needed held as an array (a memory
 * budget packs them: the hash walk reads packs), layers of under 2^32
 * ranks whose bitmaps are at most RK_RATIO bytes a code of the level (or
 * RK_SMALL), every code of a level in the start's class, the testing
 * switch PEGSOL_COUNT_RANK not "0" (count.c) and PEGSOL_COUNT_GMP off.
 * On __int128 overflow it also returns 1: the hash walk then runs and
 * takes the GMP walk.  The walk and its meets give the same counts and
 * edges as the hash walk (tests/test_count_rank.c compares them).
 */

enum {
	RK_MAXN = 36,  /* holes: cum has 2^(n - L) <= 2^18 entries */
	RK_MAXD = 8,   /* parities: a state is a byte */
	RK_LINE = 384, /* ranks a 64-byte line (6 words after the counts) */
	RK_D0 = 8,     /* children between the rank tables' prefetch and the
			* rank */
	RK_D1 = 24,    /* children between a line's prefetch and its test */
	RK_D2 = 24,    /* children between a count's prefetch and its add */
	RK_RING = 64,  /* the pipeline (> RK_D0 + RK_D1 + RK_D2, a power
			* of 2) */
	RK_RATIO = 64  /* bitmap bytes a code of the level, at most */
};
/* ... or else a bitmap of at most this (a hash table takes 64 bytes or
 * more a code). */
#define RK_SMALL ((size_t)64 << 20)
/* The workers' own count arrays (rk_split), at most. */
#define RK_PRIV_MAX ((size_t)256 << 20)

struct rk_line {
	uint64_t pre;  /* codes of the level in the lines before */
	uint64_t cnt;  /* 9 bits a word: the codes in the words before */
	uint64_t w[6]; /* the bits of ranks 384 i .. 384 i + 383 */
};

/* The jumps by shape (a jump from hole i over i + sa to i + sb): a
 * shape's legal jumps from p are the bits of p & p >> sa & ~(p >> sb)
 * (shifts by signed offsets) within the holes it jumps from, found
 * together without a test a jump. */
enum { RK_MAXSHAPE = 48 };

struct rk_board {
	int n, L, H, d;
	int nshape;           /* 0: too many shapes, the jump lists */
	int sa[RK_MAXSHAPE], sb[RK_MAXSHAPE];
	uint64_t from[RK_MAXSHAPE];      /* the holes a shape jumps from */
	uint16_t jump[RK_MAXSHAPE][64];  /* its jump from each of them */
	int target;           /* the state of the start */
	uint64_t f[RK_MAXD];  /* the parities */
	uint16_t *lowrank;    /* 2^L */
	uint32_t *gcnt;       /* (L + 1) << d: L-bit values by popcount, state */
	uint8_t *hpop, *hst;  /* 2^H: popcount and state of hi << L */
	uint8_t st8[(RK_MAXN + 7) / 8][256]; /* state of byte v at byte b */
};

struct rk_level {
	uint32_t *cum;        /* 2^H */
	struct rk_line *line; /* nline */
	size_t nline;
	const uint64_t *code; /* the level's codes (s->W[m]), n of them */
	size_t n;
	uint64_t *v64;        /* v64[i] or v128[i]: the count of code[i] */
	peg_u128 *v128;       /* (one of them: 64 bits first, 128 bits after
			       * an overflow) */
};

/* A count array handed from a level to the next (count_rank_64). */
struct count_spare {
	void *p;
	size_t n; /* bytes */
};

static inline peg_u128 rk_val(const struct rk_level *lv, size_t i)
{
	return lv->v64 ? lv->v64[i] : lv->v128[i];
}

static inline void rk_set(struct rk_level *lv, size_t i, peg_u128 v)
{
	if (lv->v64)
		lv->v64[i] = (uint64_t)v;
	else
		lv->v128[i] = v;
}

static int rk_state(const struct rk_board *rb, uint64_t x)
{
	int s = 0;

	for (int b = 0; b < (rb->n + 7) / 8; b++, x >>= 8)
		s ^= rb->st8[b][x & 0xff];
	return s;
}

/* A basis of the parities: the masks f with popcount(f & flip) even for
 * every jump.  The flip masks are reduced to a basis with distinct
 * leading bits, each leading bit cleared from the others; every other
 * bit j then gives one f: bit j plus the leading bits of the rows that
 * have bit j.  Returns d, the number of them (f holds the first
 * RK_MAXD). */
static int rk_parities(int n, const uint64_t *flip, int nj, uint64_t *f)
{
	uint64_t row[64] = {0}; /* row[b]: leading bit b, or 0 */
	int d = 0;

	for (int k = 0; k < nj; k++) {
		uint64_t v = flip[k];

		for (int b = 63; b >= 0 && v; b--)
			if (v >> b & 1) {
				if (!row[b]) {
					row[b] = v;
					break;
				}
				v ^= row[b];
			}
	}
	for (int b = 0; b < 64; b++)
		for (int c = b + 1; row[b] && c < 64; c++)
			if (row[c] >> b & 1)
				row[c] ^= row[b];
	for (int j = 0; j < n; j++) {
		uint64_t v = (uint64_t)1 << j;

		if (row[j])
			continue;
		for (int b = j + 1; b < n; b++)
			if (row[b] >> j & 1)
				v |= (uint64_t)1 << b;
		if (d < RK_MAXD)
			f[d] = v;
		d++;
	}
	return d;
}

static void rk_board_free(struct rk_board *rb)
{
	if (!rb)
		return;
	free(rb->lowrank);
	free(rb->gcnt);
	free(rb->hpop);
	free(rb->hst);
	free(rb);
}

/* The board's rank tables for the start, or NULL (not applicable, or out
 * of memory: the hash walk then runs). */
static struct rk_board *rk_board_new(const struct peg_fast64 *fa,
				     uint64_t start)
{
	int n = fa->n_holes;
	struct rk_board *rb;
	size_t nl, nh;

	if (n < 2 || n > RK_MAXN)
		return NULL;
	rb = calloc(1, sizeof(*rb));
	if (!rb)
		return NULL;
	rb->n = n;
	rb->d = rk_parities(n, fa->flip, fa->n_jumps, rb->f);
	if (rb->d > RK_MAXD)
		goto fail;
	rb->L = n / 2 < 18 ? (n + 1) / 2 : 18;
	rb->H = n - rb->L;
	nl = (size_t)1 << rb->L;
	nh = (size_t)1 << rb->H;
	for (int b = 0; b < (n + 7) / 8; b++)
		for (int v = 0; v < 256; v++) {
			int s = 0;

			for (int i = 0; i < rb->d; i++)
				s |= (__builtin_popcountll(((uint64_t)v << (8 * b)) &
							   rb->f[i]) & 1) << i;
			rb->st8[b][v] = (uint8_t)s;
		}
	rb->target = rk_state(rb, start);
	for (int k = 0; k < fa->n_jumps; k++) {
		const struct peg_jump *j = &fa->jumps[k];
		int a = j->over - j->from, c = j->to - j->from, q = 0;

		while (q < rb->nshape && (rb->sa[q] != a || rb->sb[q] != c))
			q++;
		if (q == RK_MAXSHAPE || k > UINT16_MAX) {
			rb->nshape = 0;
			break;
		}
		if (q == rb->nshape) {
			rb->sa[q] = a;
			rb->sb[q] = c;
			rb->from[q] = 0;
			rb->nshape++;
		}
		rb->from[q] |= (uint64_t)1 << j->from;
		rb->jump[q][j->from] = (uint16_t)k;
	}
	rb->lowrank = malloc(nl * sizeof(*rb->lowrank));
	rb->gcnt = calloc((size_t)(rb->L + 1) << rb->d, sizeof(*rb->gcnt));
	rb->hpop = malloc(nh);
	rb->hst = malloc(nh);
	if (!rb->lowrank || !rb->gcnt || !rb->hpop || !rb->hst)
		goto fail;
	for (size_t lo = 0; lo < nl; lo++) {
		size_t g = (size_t)__builtin_popcountll(lo) << rb->d |
			   (size_t)rk_state(rb, lo);

		rb->lowrank[lo] = (uint16_t)rb->gcnt[g]++;
	}
	for (size_t hi = 0; hi < nh; hi++) {
		rb->hpop[hi] = (uint8_t)__builtin_popcountll(hi);
		rb->hst[hi] = (uint8_t)rk_state(rb, (uint64_t)hi << rb->L);
	}
	return rb;
fail:
	rk_board_free(rb);
	return NULL;
}

static void rk_level_release(struct rk_level *lv)
{
	free(lv->cum);
	free(lv->line);
	free(lv->v64);
	free(lv->v128);
	memset(lv, 0, sizeof(*lv));
}

/* The ranks of the layer of k pegs (the start's class), and its cum
 * table into cum when not NULL; 0 when there are 2^32 or more. */
static uint64_t rk_layer(const struct rk_board *rb, int k, uint32_t *cum)
{
	uint64_t r = 0;

	for (size_t hi = 0; hi < (size_t)1 << rb->H; hi++) {
		int j = k - rb->hpop[hi];

		if (cum)
			cum[hi] = (uint32_t)r;
		if (j >= 0 && j <= rb->L)
			r += rb->gcnt[(size_t)j << rb->d |
				      (size_t)(rb->target ^ rb->hst[hi])];
		if (r >> 32)
			return 0;
	}
	return r;
}

/* Does the walk by ranks take level l of k pegs: a layer of under 2^32
 * ranks whose bitmap is at most RK_RATIO bytes a code of the level, or
 * RK_SMALL bytes. */
static int rk_fits(const struct rk_board *rb, const struct peg_level *l, int k)
{
	uint64_t r = rk_layer(rb, k, NULL);
	size_t bytes = (size_t)(r / RK_LINE + 1) * sizeof(struct rk_line);

	return r && (bytes <= RK_SMALL || bytes / RK_RATIO <= l->n);
}

/* Index level l (k pegs, rk_fits) in lv, its counts 0 (64 bits when
 * w64, in the spare array *sp when it is big enough: the levels walked
 * grow, so a spare too small is freed): 0, 1 not applicable (a code
 * outside the start's class), -1 out of memory. */
static int rk_level_build(const struct rk_board *rb, struct rk_level *lv,
			  const struct peg_level *l, int k, int w64,
			  struct count_spare *sp)
{
	size_t vb = (l->n ? l->n : 1) * (w64 ? 8 : 16), bytes;
	uint64_t lmask = ((uint64_t)1 << rb->L) - 1, last = 0, pre = 0;
	void *val;

	memset(lv, 0, sizeof(*lv));
	lv->code = l->code;
	lv->n = l->n;
	lv->cum = malloc(((size_t)1 << rb->H) * sizeof(*lv->cum));
	if (!lv->cum)
		return -1;
	lv->nline = rk_layer(rb, k, lv->cum) / RK_LINE + 1;
	bytes = lv->nline * sizeof(struct rk_line);
	lv->line = peg_big_alloc(bytes);
	if (sp->p && sp->n >= vb) {
		val = sp->p;
		sp->p = NULL;
	} else {
		free(sp->p);
		sp->p = NULL;
		val = peg_big_alloc(vb);
	}
	if (!lv->line || !val) {
		free(val);
		return -1;
	}
	memset(val, 0, vb);
	if (w64)
		lv->v64 = val;
	else
		lv->v128 = val;
	memset(lv->line, 0, bytes);
	for (size_t i = 0; i < l->n; i++) {
		uint64_t c = l->code[i], r;

		if (__builtin_popcountll(c) != k ||
		    rk_state(rb, c) != rb->target || (c >> rb->n))
			return 1;
		r = lv->cum[c >> rb->L] + rb->lowrank[c & lmask];
		if (i && r <= last)
			return 1; /* not sorted: cannot happen */
		last = r;
		lv->line[r / RK_LINE].w[r % RK_LINE / 64] |= (uint64_t)1
							     << (r % 64);
	}
	for (size_t i = 0; i < lv->nline; i++) {
		uint64_t in = 0;

		lv->line[i].pre = pre;
		for (int j = 0; j < 6; j++) {
			lv->line[i].cnt |= in << (9 * j);
			in += (uint64_t)__builtin_popcountll(lv->line[i].w[j]);
		}
		pre += in;
	}
	return 0;
}

/* One worker's share (slots [i0, i1) of cur's codes): mode RK_PUSH adds
 * each count to the children in next (or the worker's own array: d64,
 * d128), RK_EDGE sums |O| t(x) t(~y) over the jumps x -> y (cur = next =
 * W_(h+1)), RK_MEET the level meet against next = W_(N - m). */
enum { RK_PUSH, RK_EDGE, RK_MEET };

struct rk_job {
	const struct walk_64 *w;
	const struct rk_board *rb;
	const struct rk_level *cur;
	struct rk_level *next;
	size_t i0, i1;
	int t, mode, over;
	uint64_t *d64;  /* RK_PUSH: where the counts go (next's, or this */
	peg_u128 *d128; /* worker's own array, added to next's after) */
	uint64_t edges;
	peg_u128 sum;
};

/* A child in the pipeline: its code, then its rank, then its index in
 * next (or UINT64_MAX, not in it), and what it adds (RK_PUSH: the parent's count;
 * RK_EDGE: the parent's |O| t(x)). */
struct rk_ent {
	uint64_t r;
	peg_u128 v;
};

struct rk_pipe {
	struct rk_ent e[RK_RING];
	size_t in;
	uint64_t lmask;
};

/* Where rank r is in lv: its index, or UINT64_MAX when not set. */
static inline uint64_t rk_index(const struct rk_level *lv, uint64_t r)
{
	const struct rk_line *ln = &lv->line[r / RK_LINE];
	unsigned o = (unsigned)(r % RK_LINE), wi = o / 64;
	uint64_t word = ln->w[wi];

	if (!(word >> (o % 64) & 1))
		return UINT64_MAX;
	return ln->pre + (ln->cnt >> (9 * wi) & 511) +
	       (uint64_t)__builtin_popcountll(
		       word & (((uint64_t)1 << (o % 64)) - 1));
}

static inline uint64_t rk_rank(const struct rk_board *rb,
			       const struct rk_level *lv, uint64_t lmask,
			       uint64_t c)
{
	return lv->cum[c >> rb->L] + rb->lowrank[c & lmask];
}

/* The last stage: entry e's count added (or summed). */
static inline void rk_stage_add(struct rk_job *jb, const struct rk_ent *e)
{
	struct rk_level *nx = jb->next;
	peg_u128 prod;

	if (e->r == UINT64_MAX)
		return;
	jb->edges++;
	if (jb->mode == RK_EDGE) {
		if (__builtin_mul_overflow(e->v, rk_val(nx, e->r), &prod) ||
		    __builtin_add_overflow(jb->sum, prod, &jb->sum))
			jb->over = 1;
	} else if (jb->d64) {
		/* the parent's count fits (it is a count of this walk) */
		uint64_t *v = &jb->d64[e->r];

		jb->over |= __builtin_add_overflow(*v, (uint64_t)e->v, v);
	} else {
		jb->over |= __builtin_add_overflow(jb->d128[e->r], e->v,
						   &jb->d128[e->r]);
	}
}

/* The middle stage: entry e's rank tested, its count prefetched. */
static inline void rk_stage_test(struct rk_job *jb, struct rk_ent *e)
{
	e->r = rk_index(jb->next, e->r);
	if (e->r == UINT64_MAX)
		return;
	if (jb->mode == RK_EDGE)
		__builtin_prefetch(jb->next->v64 ? (void *)&jb->next->v64[e->r]
						 : (void *)&jb->next->v128[e->r]);
	else if (jb->d64)
		__builtin_prefetch(&jb->d64[e->r], 1);
	else
		__builtin_prefetch(&jb->d128[e->r], 1);
}

/* The first stage: entry e's code ranked, its line prefetched. */
static inline void rk_stage_rank(struct rk_job *jb, struct rk_pipe *pp,
				 struct rk_ent *e)
{
	e->r = rk_rank(jb->rb, jb->next, pp->lmask, e->r);
	__builtin_prefetch(&jb->next->line[e->r / RK_LINE]);
}

/* A child c into the pipeline (its rank tables prefetched), and the
 * entries that were waiting for it moved on. */
static inline void rk_push(struct rk_job *jb, struct rk_pipe *pp, uint64_t c,
			   peg_u128 v)
{
	struct rk_ent *e = &pp->e[pp->in % RK_RING];
	size_t in = pp->in;

	e->r = c;
	e->v = v;
	__builtin_prefetch(&jb->next->cum[c >> jb->rb->L]);
	__builtin_prefetch(&jb->rb->lowrank[c & pp->lmask]);
	if (in >= RK_D0)
		rk_stage_rank(jb, pp, &pp->e[(in - RK_D0) % RK_RING]);
	if (in >= RK_D0 + RK_D1)
		rk_stage_test(jb, &pp->e[(in - RK_D0 - RK_D1) % RK_RING]);
	if (in >= RK_D0 + RK_D1 + RK_D2)
		rk_stage_add(jb, &pp->e[(in - RK_D0 - RK_D1 - RK_D2) % RK_RING]);
	pp->in++;
}

static inline void rk_drain(struct rk_job *jb, struct rk_pipe *pp)
{
	size_t in = pp->in, d = RK_D0;

	for (size_t i = in > d ? in - d : 0; i < in; i++)
		rk_stage_rank(jb, pp, &pp->e[i % RK_RING]);
	d += RK_D1;
	for (size_t i = in > d ? in - d : 0; i < in; i++)
		rk_stage_test(jb, &pp->e[i % RK_RING]);
	d += RK_D2;
	for (size_t i = in > d ? in - d : 0; i < in; i++)
		rk_stage_add(jb, &pp->e[i % RK_RING]);
	pp->in = 0;
}

/* The job: every parent's children through the pipeline (RK_PUSH,
 * RK_EDGE), or each code's complement looked up (RK_MEET). */
#define RK_SH(x, s) ((s) >= 0 ? (x) >> (s) : (x) << -(s))

static inline __attribute__((always_inline)) void rk_job_body(struct rk_job *jb)
{
	const struct walk_64 *w = jb->w;
	const struct rk_board *rb = jb->rb;
	const struct peg_sets *s = w->s;
	const struct rk_level *cur = jb->cur;
	uint64_t *img = w->img + (size_t)jb->t * w->ng, full = w->f->full;
	uint64_t cx = jb->mode == RK_EDGE ? full : 0;
	struct rk_pipe pp;

	pp.in = 0;
	pp.lmask = ((uint64_t)1 << jb->rb->L) - 1;
	for (size_t i = jb->i0; i < jb->i1 && !jb->over; i++) {
		uint64_t p = cur->code[i];
		peg_u128 v = rk_val(cur, i);

		if (!v)
			continue;
		if (jb->mode == RK_MEET) {
			uint64_t j = rk_index(
				jb->next,
				rk_rank(jb->rb, jb->next, pp.lmask,
					peg_sets_canon(s, full ^ p)));
			peg_u128 prod;

			if (j == UINT64_MAX || !rk_val(jb->next, j))
				continue;
			if (__builtin_mul_overflow(
				    v / (unsigned)orbit_size_64(s, p),
				    rk_val(jb->next, j), &prod) ||
			    __builtin_add_overflow(jb->sum, prod, &jb->sum))
				jb->over = 1;
			continue;
		}
		if (jb->mode == RK_EDGE &&
		    __builtin_mul_overflow(v, (unsigned)orbit_size_64(s, p),
					   &v)) {
			jb->over = 1;
			break;
		}
		for (int g = 1; g < w->ng; g++)
			img[g] = cx ^ peg_symtab64_apply(s->symtab, s->group[g], p);
		for (int q = 0; q < rb->nshape; q++)
			for (uint64_t x = p & RK_SH(p, rb->sa[q]) &
					  ~RK_SH(p, rb->sb[q]) & rb->from[q];
			     x; x &= x - 1)
				rk_push(jb, &pp,
					child_64(w, img, p ^ cx,
						 rb->jump[q][__builtin_ctzll(x)]),
					v);
		for (uint64_t q = rb->nshape ? 0 : p; q; q &= q - 1) {
			int h = __builtin_ctzll(q);

			for (int k = w->from_first[h]; k < w->from_first[h + 1];
			     k++)
				if (peg_fast64_legal(w->f, k, p))
					rk_push(jb, &pp,
						child_64(w, img, p ^ cx, k), v);
		}
	}
	rk_drain(jb, &pp);
}

#if SYMV_X86
__attribute__((target("popcnt"))) static void rk_job_popcnt(struct rk_job *jb)
{
	rk_job_body(jb);
}
#endif

static void rk_job_plain(struct rk_job *jb)
{
	rk_job_body(jb);
}

static void *rk_job(void *arg)
{
#if SYMV_X86
	if (__builtin_cpu_supports("popcnt")) {
		rk_job_popcnt(arg);
		return NULL;
	}
#endif
	rk_job_plain(arg);
	return NULL;
}

/* Run mode on w->threads workers over cur's codes (one for a small
 * level); edges into w->edges, sums into *sum.  RK_PUSH: worker 0 adds
 * into next's counts, the others into their own arrays in *priv (grown as
 * needed), added to next's afterwards: no atomic adds; fewer workers when
 * those arrays would pass RK_PRIV_MAX bytes.  1 on overflow, -1 out of
 * memory. */
static int rk_split(struct walk_64 *w, const struct rk_board *rb,
		    const struct rk_level *cur, struct rk_level *next, int mode,
		    peg_u128 *sum, struct count_spare *priv)
{
	struct rk_job jb[8];
	int nt = cur->n < WALK_MIN_SLOTS / 2 ? 1 : w->threads, over = 0, own;
	size_t width = next->v64 ? 8 : 16, one = next->n * width;

	if (mode == RK_PUSH && nt > 1 && one * (size_t)(nt - 1) > RK_PRIV_MAX)
		nt = 1 + (int)(RK_PRIV_MAX / one);
	own = mode == RK_PUSH && nt > 1;

	if (own && priv->n < one * (size_t)(nt - 1)) {
		free(priv->p);
		priv->n = one * (size_t)(nt - 1);
		priv->p = peg_big_alloc(priv->n);
		if (!priv->p) {
			priv->n = 0;
			return -1;
		}
	}
	if (own)
		memset(priv->p, 0, one * (size_t)(nt - 1));
	for (int t = 0; t < nt; t++) {
		void *d = t && own ? (char *)priv->p + one * (size_t)(t - 1)
				   : next->v64 ? (void *)next->v64
					       : (void *)next->v128;

		memset(&jb[t], 0, sizeof(jb[t]));
		jb[t].w = w;
		jb[t].rb = rb;
		jb[t].cur = cur;
		jb[t].next = next;
		jb[t].t = t;
		jb[t].mode = mode;
		jb[t].d64 = next->v64 ? d : NULL;
		jb[t].d128 = next->v64 ? NULL : d;
		jb[t].i0 = cur->n * (size_t)t / (size_t)nt;
		jb[t].i1 = cur->n * (size_t)(t + 1) / (size_t)nt;
	}
	peg_pool_run(NULL, rk_job, jb, sizeof(jb[0]), nt);
	for (int t = 0; t < nt; t++) {
		w->edges += jb[t].edges;
		over |= jb[t].over ||
			(sum && __builtin_add_overflow(*sum, jb[t].sum, sum));
	}
	for (int t = 1; own && t < nt && !over; t++)
		for (size_t i = 0; i < next->n; i++)
			if (next->v64)
				over |= __builtin_add_overflow(
					next->v64[i], jb[t].d64[i],
					&next->v64[i]);
			else
				over |= __builtin_add_overflow(
					next->v128[i], jb[t].d128[i],
					&next->v128[i]);
	return over;
}

/* The walk of count_rank_64 with counts of 64 bits (w64) or 128:
 * 0 (*total filled), 1 not applicable, 2 past the counts' width, -1 out
 * of memory. */
static int rk_walk(struct walk_64 *w, const struct rk_board *rb,
		   const struct peg_sets *s, int low, int stop, int w64,
		   peg_u128 *total, peg_progress_fn *pfn, void *pctx)
{
	struct rk_level *lv = calloc((size_t)s->n_holes + 1, sizeof(*lv));
	struct count_spare sp = {0}, priv = {0};
	int ns = s->start_pegs, nf = s->finish_pegs, n = s->n_holes, rc = -1;
	int keep = stop != nf && low == stop ? n - stop : -1, over = 0;
	uint64_t walked = 0;

	w->edges = 0;
	*total = 0;
	if (!lv || (rc = rk_level_build(rb, &lv[ns], &s->W[ns], ns, w64, &sp)))
		goto out;
	if (s->W[ns].n == 1)
		rk_set(&lv[ns], 0, 1);
	for (int m = ns; m > low && !over; m--) {
		if ((rc = rk_level_build(rb, &lv[m - 1], &s->W[m - 1], m - 1,
					 w64, &sp)))
			goto out;
		over = rk_split(w, rb, &lv[m], &lv[m - 1], RK_PUSH, NULL, &priv);
		if (over < 0)
			goto out;
		if (pfn)
			walk_progress(pfn, pctx, m - 1, s->W[m - 1].n, &walked);
		if (m != keep) {
			/* done with level m: its counts are the next spare */
			void **v = lv[m].v64 ? (void **)&lv[m].v64
					     : (void **)&lv[m].v128;

			free(sp.p);
			sp.p = *v;
			sp.n = lv[m].n * (w64 ? 8 : 16);
			*v = NULL;
			rk_level_release(&lv[m]);
		}
	}
	if (!over && low != stop) {
		for (size_t i = 0; i < lv[low].n; i++)
			rk_set(&lv[low], i,
			       rk_val(&lv[low], i) /
				       (unsigned)orbit_size_64(s, lv[low].code[i]));
		over = rk_split(w, rb, &lv[low], &lv[low], RK_EDGE, total, &priv);
		if (pfn)
			walk_progress(pfn, pctx, stop, s->W[stop].n, &walked);
	} else if (!over && stop != nf) {
		over = rk_split(w, rb, &lv[stop], &lv[keep], RK_MEET, total,
				&priv);
	} else {
		for (size_t i = 0; i < lv[nf].n && !over; i++)
			over = __builtin_add_overflow(*total, rk_val(&lv[nf], i),
						      total);
	}
	rc = over ? 2 : 0;
out:
	for (int m = 0; lv && m <= n; m++)
		rk_level_release(&lv[m]);
	free(lv);
	free(sp.p);
	free(priv.p);
	return rc;
}

/* The count of count_sets_64 by ranks: 0 (r filled), 1 not applicable or
 * past 128 bits (nothing filled: the hash walk runs), -1 out of memory
 * (err set).  The counts are 64 bits wide, 128 after an overflow. */
static int count_rank_64(const struct peg_board *b, const struct peg_sets *s,
			 struct peg_count_result *r, peg_progress_fn *pfn,
			 void *pctx, struct peg_err *err)
{
	struct walk_64 w = {0};
	struct peg_fast64 *fast = NULL;
	struct rk_board *rb = NULL;
	int ns = s->start_pegs, nf = s->finish_pegs, n = s->n_holes, rc = 1;
	int stop = nf, low;
	peg_u128 total = 0;
	const char *e;
	char buf[48];

	if (s->wide || n > RK_MAXN || symv_env_on("PEGSOL_COUNT_GMP") ||
	    (getenv("PEGSOL_COUNT_RANK") &&
	     !symv_env_on("PEGSOL_COUNT_RANK")))
		return 1;
	if (s->complement && n / 2 >= nf && n / 2 <= ns)
		stop = n / 2; /* meet in the middle, as count_sets_64 */
	low = stop != nf && n - stop == stop + 1 ? stop + 1 : stop;
	for (int m = low; m <= ns; m++)
		if (!s->W[m].have || s->W[m].pack || (s->W[m].n && !s->W[m].code))
			return 1;
	if (stop != nf && low == stop &&
	    (!s->W[n - stop].have || s->W[n - stop].pack))
		return 1;
	if (!fixes_64(s, (uint64_t)s->start) ||
	    (!s->anywhere && !fixes_64(s, (uint64_t)s->finish)))
		return 1;
	fast = peg_fast64_new(b);
	if (!fast || walk_init_64(&w, b, s, fast))
		goto nomem;
	rb = rk_board_new(fast, (uint64_t)s->start);
	/* the meets look up complements: the full board in the class 0
	 * (else no complement problem has a solution: the hash walk) */
	if (!rb || (stop != nf && rk_state(rb, fast->full)))
		goto out;
	for (int m = low; m <= ns; m++) /* (the level N - m of a meet too) */
		if (!rk_fits(rb, &s->W[m], m))
			goto out;
	e = getenv("PEGSOL_COUNT_RANK");
	rc = e && !strcmp(e, "128")
		     ? 2 /* testing: the 128-bit counts from the start */
		     : rk_walk(&w, rb, s, low, stop, 1, &total, pfn, pctx);
	if (rc == 2)
		rc = rk_walk(&w, rb, s, low, stop, 0, &total, pfn, pctx);
	if (rc)
		goto out;
	for (int m = nf; m <= ns; m++)
		if (s->W[m].have)
			r->positions += s->W[m].n;
	r->value = total;
	r->text = strdup(peg_u128_str(total, buf));
	if (!r->text)
		goto nomem;
	r->edges = w.edges;
	goto out;
nomem:
	rc = -1;
out:
	if (rc < 0)
		peg_err_set(err, "out of memory counting solutions");
	rk_board_free(rb);
	walk_release_64(&w);
	peg_fast64_free(fast);
	return rc == 2 ? 1 : rc;
}
