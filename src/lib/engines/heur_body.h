/* heur_body.h - the heuristic engine for one code width, included by
 * heuristic.c with HW_NW = 1, 2, 3 (64-bit words per position) and
 * HN(x) naming x for that width.  See heuristic.h for the method.
 *
 * A position is HW_NW words, bit i = hole i.  Moves are walked as chains
 * of jumps (every prefix is a move, moves.h) with bit tests; symmetries
 * are applied by byte tables (one HT per byte value per byte of the
 * code), as pos.h does for 64 and 128 bits.
 *
 * This file holds the words, the engine, its bounds and the endgame
 * tests; it includes the beam search (heur_beam.h) and the local
 * improvement by window search (heur_window.h), then the ops table.
 */

#define HT HN(hw)
#define heng HN(eng)

typedef struct {
	uint64_t w[HW_NW];
} HT;

static inline HT HN(load)(const struct hpos *p)
{
	HT c;

	for (int k = 0; k < HW_NW; k++)
		c.w[k] = p->w[k];
	return c;
}

static inline struct hpos HN(store)(const HT *c)
{
	struct hpos p;

	memset(&p, 0, sizeof(p));
	for (int k = 0; k < HW_NW; k++)
		p.w[k] = c->w[k];
	return p;
}

static inline int HN(bit)(const HT *c, int i)
{
	return (int)(c->w[i >> 6] >> (i & 63) & 1);
}

static inline void HN(flip3)(HT *c, int a, int b, int d)
{
	c->w[a >> 6] ^= 1ULL << (a & 63);
	c->w[b >> 6] ^= 1ULL << (b & 63);
	c->w[d >> 6] ^= 1ULL << (d & 63);
}

static inline int HN(pop)(const HT *c)
{
	int n = 0;

	for (int k = 0; k < HW_NW; k++)
		n += __builtin_popcountll(c->w[k]);
	return n;
}

static inline int HN(cmp)(const HT *a, const HT *b)
{
	for (int k = HW_NW - 1; k >= 0; k--)
		if (a->w[k] != b->w[k])
			return a->w[k] < b->w[k] ? -1 : 1;
	return 0;
}

static inline int HN(eq)(const HT *a, const HT *b)
{
	for (int k = 0; k < HW_NW; k++)
		if (a->w[k] != b->w[k])
			return 0;
	return 1;
}

/* m is a subset of c */
static inline int HN(full)(const HT *c, const HT *m)
{
	for (int k = 0; k < HW_NW; k++)
		if ((c->w[k] & m->w[k]) != m->w[k])
			return 0;
	return 1;
}

static inline int HN(meets)(const HT *a, const HT *m)
{
	for (int k = 0; k < HW_NW; k++)
		if (a->w[k] & m->w[k])
			return 1;
	return 0;
}

static inline void HN(or)(HT *a, const HT *m)
{
	for (int k = 0; k < HW_NW; k++)
		a->w[k] |= m->w[k];
}

/* The same value for every width: leading zero words are skipped, so
 * the engines of 1, 2 and 3 words rank a board's positions alike. */
static inline uint64_t HN(hash)(const HT *c)
{
	uint64_t h = 0;

	for (int k = HW_NW - 1; k >= 0; k--)
		if (h || c->w[k] || !k)
			h = heur_mix(h ^ c->w[k]);
	return h;
}

struct HN(jmp) {
	short over, to;
};

#define HN_MAX_THREADS HEUR_MAX_THREADS

/* Lossy memo of the endgame solvability test (one per worker, kept from
 * beam to beam: the answers are exact, the memo only saves time). */
struct HN(memo) {
	HT *k;
	unsigned char *v; /* 0 empty, 1 solvable, 2 dead */
	size_t mask;
	uint64_t nodes;
};

struct HN(eng) {
	const struct hprob *P;
	int n, n_bytes;
	int *jfirst;           /* n + 1 offsets into jl, by from hole */
	struct HN(jmp) *jl;
	int n_reg;
	HT *reg;
	HT *nbr;               /* pegs next to each hole */
	HT *near;              /* holes within two steps along a line */
	int n_syms;            /* without the identity */
	HT *symt;              /* [s][byte][256] */
	int finish;
	struct HN(memo) *memo; /* one per worker, shared by the engines of
				  one search (hprob.memo) */
	/* landing classes: the holes a peg can reach (land) and the holes
	 * it can jump over from them (over); a position is cleared by one
	 * move of a peg x only when every other peg lies on over(x) */
	int n_cls;
	HT *cls_land, *cls_over;
	HT fin_land;   /* the finish's landing class (all holes: anywhere):
			  a peg never leaves its class, so a position with
			  no peg there cannot end at the finish */
	uint64_t *pag; /* finish set: ceil(2^40 phi^-d(h)), d the distance
			  to the finish in the neighbour graph */
};

static void HN(memo_free)(struct HN(memo) *m);

#define HN_PAG_ONE (1ULL << 40)

/* The golden-ratio pagoda function of the finish (Conway's soldiers):
 * p(h) = phi^-d(h), d the distance to the finish in the graph linking
 * each jump's over hole with its from and to holes.  For a jump a -> c over b,
 * d(c) >= d(a) - 2 forces d(b) = d(a) - 1 and then p(c) = p(a) + p(b);
 * d(c) = d(a) - 1 needs p(b) >= p(a) / phi, true as d(b) <= d(a) + 1;
 * else p(c) <= p(a).  So the sum over the pegs never grows, and a
 * position whose sum is below p(finish) = 1 cannot end there.  Values
 * are rounded up, so no position that can is dropped. */
static int HN(pagoda_init)(struct heng *E, const struct peg_board *b)
{
	int n = E->n, *d = malloc((size_t)n * sizeof(int)), *q;
	int head = 0, tail = 0;

	E->pag = calloc((size_t)n, sizeof(uint64_t));
	q = malloc((size_t)n * sizeof(int));
	if (!d || !q || !E->pag) {
		free(d);
		free(q);
		return -1;
	}
	for (int h = 0; h < n; h++)
		d[h] = -1;
	d[E->finish] = 0;
	q[tail++] = E->finish;
	/* breadth first over the neighbour graph: x - y when one is a
	 * jump's from or to hole and the other its over hole (jumps come
	 * in both directions, so the over holes of x's jumps and the from
	 * holes of the jumps over x are x's neighbours) */
	while (head < tail) {
		int x = q[head++];

		for (int k = 0; k < b->n_jumps; k++) {
			const struct peg_jump *j = &b->jumps[k];
			int y = j->from == x ? j->over : j->over == x ? j->from : -1;

			if (y >= 0 && d[y] < 0) {
				d[y] = d[x] + 1;
				q[tail++] = y;
			}
		}
	}
	for (int h = 0; h < n; h++) {
		long double v = (long double)HN_PAG_ONE;

		for (int i = 0; i < d[h]; i++)
			v /= 1.6180339887498948482L;
		/* holes the finish cannot be reached from count fully: no
		 * bound from them */
		E->pag[h] = d[h] < 0 ? HN_PAG_ONE : (uint64_t)v + 1;
	}
	free(d);
	free(q);
	return 0;
}

static inline int HN(pagoda_ok)(const struct heng *E, const HT *c)
{
	uint64_t sum = 0;

	for (int k = 0; k < HW_NW; k++)
		for (uint64_t w = c->w[k]; w; w &= w - 1) {
			sum += E->pag[64 * k + __builtin_ctzll(w)];
			if (sum >= HN_PAG_ONE)
				return 1;
		}
	return 0;
}

static void HN(eng_free)(void *arg)
{
	struct heng *E = arg;

	if (!E)
		return;
	free(E->jfirst);
	free(E->jl);
	free(E->reg);
	free(E->nbr);
	free(E->near);
	free(E->symt);
	free(E->cls_land);
	free(E->cls_over);
	free(E->pag);
	free(E);
}

static void *HN(eng_new)(const struct hprob *P)
{
	const struct peg_board *b = P->b;
	struct heng *E = calloc(1, sizeof(*E));
	int n = b->n_holes;

	if (!E)
		return NULL;
	E->P = P;
	E->memo = P->memo;
	E->n = n;
	E->n_bytes = (n + 7) / 8;
	E->finish = P->finish;
	E->jfirst = malloc(((size_t)n + 1) * sizeof(int));
	E->jl = malloc(((size_t)b->n_jumps + 1) * sizeof(*E->jl));
	E->reg = malloc(((size_t)P->n_reg + 1) * sizeof(HT));
	E->nbr = malloc(((size_t)n + 1) * sizeof(HT));
	E->near = calloc((size_t)n + 1, sizeof(HT));
	E->n_syms = P->n_syms - 1;
	E->symt = calloc((size_t)(E->n_syms > 0 ? E->n_syms : 1) *
				 (size_t)E->n_bytes * 256,
			 sizeof(HT));
	if (!E->jfirst || !E->jl || !E->reg || !E->nbr || !E->near ||
	    !E->symt) {
		HN(eng_free)(E);
		return NULL;
	}
	for (int h = 0; h <= n; h++)
		E->jfirst[h] = b->jump_first[h];
	for (int k = 0; k < b->n_jumps; k++) {
		E->jl[k].over = (short)b->jumps[k].over;
		E->jl[k].to = (short)b->jumps[k].to;
	}
	E->n_reg = P->n_reg;
	for (int i = 0; i < P->n_reg; i++)
		E->reg[i] = HN(load)(&P->reg[i]);
	for (int h = 0; h < n; h++)
		E->nbr[h] = HN(load)(&P->nbr[h]);
	for (int k = 0; k < b->n_jumps; k++) {
		const struct peg_jump *j = &b->jumps[k];

		E->near[j->from].w[j->over >> 6] |= 1ULL << (j->over & 63);
		E->near[j->from].w[j->to >> 6] |= 1ULL << (j->to & 63);
	}
	E->cls_land = calloc((size_t)n + 1, sizeof(HT));
	E->cls_over = calloc((size_t)n + 1, sizeof(HT));
	if (!E->cls_land || !E->cls_over) {
		HN(eng_free)(E);
		return NULL;
	}
	for (int x = 0; x < n; x++) {
		HT land, over;
		int grew = 1, seen = 0;

		memset(&land, 0, sizeof(land));
		memset(&over, 0, sizeof(over));
		land.w[x >> 6] |= 1ULL << (x & 63);
		while (grew) {
			grew = 0;
			for (int k = 0; k < b->n_jumps; k++) {
				const struct peg_jump *j = &b->jumps[k];

				if (!HN(bit)(&land, j->from))
					continue;
				over.w[j->over >> 6] |= 1ULL << (j->over & 63);
				if (!HN(bit)(&land, j->to)) {
					land.w[j->to >> 6] |= 1ULL << (j->to & 63);
					grew = 1;
				}
			}
		}
		for (int c = 0; c < E->n_cls && !seen; c++)
			seen = HN(eq)(&E->cls_land[c], &land);
		if (!seen) {
			E->cls_land[E->n_cls] = land;
			E->cls_over[E->n_cls++] = over;
		}
	}
	if (E->finish >= 0 && HN(pagoda_init)(E, b)) {
		HN(eng_free)(E);
		return NULL;
	}
	for (int h = 0; h < n; h++)
		E->fin_land.w[h >> 6] |= 1ULL << (h & 63);
	for (int c = 0; c < E->n_cls && E->finish >= 0; c++)
		if (HN(bit)(&E->cls_land[c], E->finish))
			E->fin_land = E->cls_land[c];
	for (int s = 0; s < E->n_syms; s++)
		pegsym_byte_table(P->sym[s + 1], n, HW_NW,
				  (uint64_t *)(E->symt + (size_t)s *
							 E->n_bytes * 256));
	return E;
}

static inline HT HN(canon)(const struct heng *E, const HT *c)
{
	HT m = *c;

	for (int s = 0; s < E->n_syms; s++) {
		HT r;
		const HT *t = E->symt + (size_t)s * E->n_bytes * 256;

		memset(&r, 0, sizeof(r));
		for (int k = 0; k < E->n_bytes; k++, t += 256) {
			const HT *v = &t[(c->w[k >> 3] >> (8 * (k & 7))) & 0xff];

			for (int q = 0; q < HW_NW; q++)
				r.w[q] |= v->w[q];
		}
		if (HN(cmp)(&r, &m) < 0)
			m = r;
	}
	return m;
}

/* Greedy packing of disjoint full regions (shortest.c's bound). */
static inline int HN(packing)(const struct heng *E, const HT *c)
{
	HT used;
	int cnt = 0;

	memset(&used, 0, sizeof(used));
	for (int i = 0; i < E->n_reg; i++) {
		const HT *m = &E->reg[i];

		if (!HN(full)(c, m) || HN(meets)(&used, m))
			continue;
		HN(or)(&used, m);
		cnt++;
	}
	return cnt;
}

static int HN(bound)(void *arg, const struct hpos *p)
{
	struct heng *E = arg;
	HT c = HN(load)(p);
	int h;

	if (HN(pop)(&c) <= 1)
		return 0;
	h = HN(packing)(E, &c);
	return h > 0 ? h : 1;
}

/* Pegs with no pegged neighbour. */
static inline int HN(alone)(const struct heng *E, const HT *c)
{
	int n = 0;

	for (int k = 0; k < HW_NW; k++)
		for (uint64_t w = c->w[k]; w; w &= w - 1) {
			int h = 64 * k + __builtin_ctzll(w);

			if (!HN(meets)(c, &E->nbr[h]))
				n++;
		}
	return n;
}

/* Clusters of pegs: components of the pegs linked when one lies within
 * two steps of the other along a jump line (a sweep's pegs are one
 * cluster).  Far-apart clusters are what dead ends look like; *stray
 * gets the clusters of one peg (no peg within two steps). */
static inline int HN(clusters)(const struct heng *E, const HT *c,
				int *stray)
{
	HT left = *c;
	int n = 0;

	*stray = 0;
	for (int k = 0; k < HW_NW; k++)
		while (left.w[k]) {
			HT fr;

			memset(&fr, 0, sizeof(fr));
			fr.w[k] = left.w[k] & -left.w[k];
			left.w[k] ^= fr.w[k];
			n++;
			for (int first = 1;; first = 0) {
				HT nf;
				int any = 0;

				memset(&nf, 0, sizeof(nf));
				for (int q = 0; q < HW_NW; q++)
					for (uint64_t w = fr.w[q]; w; w &= w - 1)
						HN(or)(&nf,
						       &E->near[64 * q +
								__builtin_ctzll(w)]);
				for (int q = 0; q < HW_NW; q++) {
					nf.w[q] &= left.w[q];
					left.w[q] ^= nf.w[q];
					any |= nf.w[q] != 0;
				}
				if (!any) {
					*stray += first; /* a cluster of one */
					break;
				}
				fr = nf;
			}
		}
	return n;
}

/* ---- endgame solvability ---------------------------------------- */

/* Can c (few pegs) be reduced to one peg (at the finish when one is
 * set)?  Jump-level depth-first search with a lossy memo (slot = hash;
 * a collision overwrites): the answers are exact, the memo only saves
 * time, so results never depend on what it holds. */

static int HN(memo_init)(struct HN(memo) *m, int bits)
{
	size_t n = (size_t)1 << bits;

	m->k = malloc(n * sizeof(HT));
	m->v = calloc(n, 1);
	m->mask = n - 1;
	m->nodes = 0;
	return m->k && m->v ? 0 : -1;
}

static void HN(memo_free)(struct HN(memo) *m)
{
	free(m->k);
	free(m->v);
	m->k = NULL;
	m->v = NULL;
}

static int HN(solvable)(const struct heng *E, struct HN(memo) *m, const HT *c)
{
	size_t slot;
	int ok = 0;

	if (HN(pop)(c) == 1)
		return E->finish < 0 || HN(bit)(c, E->finish);
	slot = HN(hash)(c) & m->mask;
	if (m->v[slot] && HN(eq)(&m->k[slot], c))
		return m->v[slot] == 1;
	m->nodes++;
	for (int k = 0; k < HW_NW && !ok; k++)
		for (uint64_t w = c->w[k]; w && !ok; w &= w - 1) {
			int h = 64 * k + __builtin_ctzll(w);

			for (int i = E->jfirst[h]; i < E->jfirst[h + 1] && !ok;
			     i++) {
				int o = E->jl[i].over, t = E->jl[i].to;
				HT c2;

				if (!HN(bit)(c, o) || HN(bit)(c, t))
					continue;
				c2 = *c;
				HN(flip3)(&c2, h, o, t);
				ok = HN(solvable)(E, m, &c2);
			}
		}
	m->k[slot] = *c;
	m->v[slot] = ok ? 1 : 2;
	return ok;
}

/* ---- one move to the end ---------------------------------------- */

/* Chains of the peg at h from c (left = pegs other than the mover):
 * does one reach a single peg (at the finish when one is set)?  *budget
 * bounds the chains walked. */
static int HN(sweep)(const struct heng *E, const HT *c, int h, int left,
		     int *budget, HT *end)
{
	for (int i = E->jfirst[h]; i < E->jfirst[h + 1]; i++) {
		int o = E->jl[i].over, t = E->jl[i].to;
		HT c2;

		if (!HN(bit)(c, o) || HN(bit)(c, t) || --*budget < 0)
			continue;
		c2 = *c;
		HN(flip3)(&c2, h, o, t);
		if (left == 1) {
			if (E->finish < 0 || t == E->finish) {
				*end = c2;
				return 1;
			}
		} else if (HN(sweep)(E, &c2, t, left - 1, budget, end)) {
			return 1;
		}
	}
	return 0;
}

#define HN_SWEEP_BUDGET 4096

/* Can one move clear c (p >= 2 pegs) to one peg?  The end goes to *end.
 * A peg x can do it only when every other peg lies where x's chains can
 * jump (cls_over of x's landing class): one mask test per class. */
static int HN(one_move)(const struct heng *E, const HT *c, int p, HT *end)
{
	int budget = HN_SWEEP_BUDGET;

	for (int k = 0; k < E->n_cls; k++) {
		HT out, mv;
		int n_out = 0;

		for (int q = 0; q < HW_NW; q++) {
			out.w[q] = c->w[q] & ~E->cls_over[k].w[q];
			n_out += __builtin_popcountll(out.w[q]);
		}
		if (n_out > 1)
			continue;
		/* the mover: the one peg outside, or any peg of the class */
		for (int q = 0; q < HW_NW; q++)
			mv.w[q] = (n_out ? out.w[q] : c->w[q]) &
				  E->cls_land[k].w[q];
		for (int q = 0; q < HW_NW; q++)
			for (uint64_t w = mv.w[q]; w; w &= w - 1)
				if (HN(sweep)(E, c, 64 * q + __builtin_ctzll(w),
					      p - 1, &budget, end))
					return 1;
	}
	return 0;
}

/* ---- beam search (heur_beam.h) ---------------------------------- */

#include "heur_beam.h"

/* ---- exact window search (heur_window.h) ------------------------- */

#include "heur_window.h"

/* Free the shared memos (hprob.memo) of a search. */
static void HN(memos_free)(void *memo)
{
	struct HN(memo) *m = memo;

	for (int t = 0; m && t < HN_MAX_THREADS; t++)
		HN(memo_free)(&m[t]);
	free(m);
}

static void *HN(memos_new)(void)
{
	return calloc(HN_MAX_THREADS, sizeof(struct HN(memo)));
}

static const struct heng_ops HN(ops) = {
	.memos_new = HN(memos_new),
	.memos_free = HN(memos_free),
	.new_ = HN(eng_new),
	.free_ = HN(eng_free),
	.beam = HN(beam),
	.window = HN(window),
	.bound = HN(bound),
};

#undef HT
#undef heng
#undef HN_MAX_THREADS
#undef HN_PL_IDX
#undef HN_SWEEP_BUDGET
#undef HN_PAG_ONE
