/* heur_body.h - the heuristic engine for one code width, included by
 * heuristic.c with HW_NW = 1, 2, 3 (64-bit words per position) and
 * HN(x) naming x for that width.  See heuristic.h for the method.
 *
 * A position is HW_NW words, bit i = hole i.  Moves are walked as chains
 * of jumps (every prefix is a move, moves.h) with bit tests; symmetries
 * are applied by byte tables (one HT per byte value per byte of the
 * code), as pos.h does for 64 and 128 bits.
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

#define HN_MAX_THREADS 16

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
	for (int s = 0; s < E->n_syms; s++) {
		const int *map = P->sym[s + 1];

		for (int k = 0; k < E->n_bytes; k++) {
			HT *t = E->symt + ((size_t)s * E->n_bytes + k) * 256;

			for (int v = 0; v < 256; v++)
				for (int i = 0; i < 8; i++) {
					int h = 8 * k + i;

					if ((v >> i & 1) && h < n)
						t[v].w[map[h] >> 6] |=
							1ULL << (map[h] & 63);
				}
		}
	}
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

/* ---- beam search ------------------------------------------------ */

struct HN(cand) {
	uint64_t key;
	HT canon, code;
	uint32_t parent;
	int g;       /* moves played */
};

/* Candidates of one worker for one layer: the best `width` distinct
 * canonical codes seen, plus whatever arrived since the last compaction;
 * once `width` are known, a key above the width-th is rejected before its
 * canonical code is computed. */
struct HN(tbuf) {
	struct HN(cand) *c;
	size_t n, cap, width;
	int have_thr;
	uint64_t thr_key;
	HT thr_canon;
};

static int HN(cmp_canon)(const void *a, const void *b)
{
	const struct HN(cand) *x = a, *y = b;
	int c = HN(cmp)(&x->canon, &y->canon);

	if (c)
		return c;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	if (x->parent != y->parent)
		return x->parent < y->parent ? -1 : 1;
	return HN(cmp)(&x->code, &y->code);
}

static int HN(cmp_key)(const void *a, const void *b)
{
	const struct HN(cand) *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return HN(cmp)(&x->canon, &y->canon);
}

/* Keep one entry per canonical code (least key, parent, code), then the
 * width best by (key, canonical code). */
static void HN(compact)(struct HN(tbuf) *T)
{
	size_t k = 0;

	qsort(T->c, T->n, sizeof(*T->c), HN(cmp_canon));
	for (size_t i = 0; i < T->n; i++)
		if (!k || !HN(eq)(&T->c[i].canon, &T->c[k - 1].canon))
			T->c[k++] = T->c[i];
	T->n = k;
	qsort(T->c, T->n, sizeof(*T->c), HN(cmp_key));
	if (T->n >= T->width) {
		T->n = T->width;
		T->have_thr = 1;
		T->thr_key = T->c[T->n - 1].key;
		T->thr_canon = T->c[T->n - 1].canon;
	}
}

static int HN(path_alloc)(struct hpath *out, int m)
{
	out->m = m;
	out->pos = calloc((size_t)m + 1, sizeof(struct hpos));
	return out->pos ? 0 : -1;
}

/* Layer p holds at most `width` positions with p pegs, each reached in g
 * moves (the least g found for it); a move of k jumps leads from layer p
 * to layer p - k.  Layers are expanded from the most pegs down, so when
 * layer p is expanded every position of p pegs the beam will ever hold
 * has arrived.  At equal pegs the ranking is A*'s: g plus the Merson
 * bound (weights sc->moves and sc->merson), then lone pegs and noise. */

#define HN_PL_IDX 24 /* parent = layer << 24 | index */

struct HN(pljob) {
	struct heng *E;
	const HT *code;        /* the layer being expanded */
	const int *g;
	size_t n;
	int p, best, nt, t;
	uint64_t seed;
	struct HN(tbuf) *bk;   /* this worker's buckets, by pegs */
	struct HN(memo) *memo;
	struct hbudget *B;
	int sol_g;             /* least moves to one peg found, or 0 */
	uint32_t sol_parent;
	HT sol_mid;            /* position before the last move, when that
				  move was found by one_move (else zero) */
	HT sol_code;
	uint64_t nodes;
	int oom;
};

/* Keep the solution (g moves, parent, mid, end) when it is better:
 * fewer moves, then the least parent, mid and end codes. */
static void HN(pl_sol)(struct HN(pljob) *J, int g, uint32_t parent,
		       const HT *mid, const HT *end)
{
	int c = 0;

	if (J->sol_g) {
		c = g != J->sol_g ? (g < J->sol_g ? -1 : 1)
		    : parent != J->sol_parent
			? (parent < J->sol_parent ? -1 : 1)
			: HN(cmp)(mid, &J->sol_mid);
		if (!c)
			c = HN(cmp)(end, &J->sol_code);
	}
	if (!J->sol_g || c < 0) {
		J->sol_g = g;
		J->sol_parent = parent;
		J->sol_mid = *mid;
		J->sol_code = *end;
	}
}

static void HN(pl_insert)(struct HN(pljob) *J, struct HN(tbuf) *T,
			  const HT *c2, uint64_t key, uint32_t parent, int g)
{
	struct HN(cand) *q;

	if (T->have_thr && key > T->thr_key)
		return;
	if (T->n == T->cap) {
		if (T->cap < 2 * T->width + 64) {
			size_t cap = T->cap ? 2 * T->cap : 256;
			struct HN(cand) *c;

			if (cap > 2 * T->width + 64)
				cap = 2 * T->width + 64;
			c = realloc(T->c, cap * sizeof(*c));
			if (!c) {
				J->oom = 1;
				return;
			}
			T->c = c;
			T->cap = cap;
		} else {
			HN(compact)(T);
			if (T->have_thr && key > T->thr_key)
				return;
		}
	}
	q = &T->c[T->n];
	q->canon = HN(canon)(J->E, c2);
	if (T->have_thr && key == T->thr_key &&
	    HN(cmp)(&q->canon, &T->thr_canon) > 0)
		return;
	q->key = key;
	q->code = *c2;
	q->parent = parent;
	q->g = g;
	T->n++;
}

static void HN(pl_child)(struct HN(pljob) *J, const HT *c2, uint32_t parent,
			 int g, int p)
{
	struct heng *E = J->E;
	const struct hscore *sc = &E->P->sc;
	int h;
	uint64_t key;

	J->nodes++;
	if (p == 1) {
		if (E->finish < 0 || HN(bit)(c2, E->finish)) {
			HT zero;

			memset(&zero, 0, sizeof(zero));
			HN(pl_sol)(J, g, parent, &zero, c2);
		}
		return;
	}
	if (!HN(meets)(c2, &E->fin_land) || (E->pag && !HN(pagoda_ok)(E, c2)))
		return;
	h = HN(packing)(E, c2);
	if (h < 1)
		h = 1;
	if (g + h >= J->best)
		return;
	if (h == 1 && (!J->sol_g || g + 1 <= J->sol_g)) {
		/* a final sweep from here, whatever the ranking says */
		HT end;

		if (HN(one_move)(E, c2, p, &end))
			HN(pl_sol)(J, g + 1, parent, c2, &end);
	}
	key = (uint64_t)(sc->moves * g + sc->merson * h);
	if (sc->alone)
		key += (uint64_t)(sc->alone * HN(alone)(E, c2));
	if (sc->clusters || sc->stray) {
		int stray, cl = HN(clusters)(E, c2, &stray);

		key += (uint64_t)(sc->clusters * (cl - 1) + sc->stray * stray);
	}
	key <<= 20;
	if (sc->noise)
		key += (heur_mix(HN(hash)(c2) ^ J->seed) >> 44) *
		       (uint64_t)sc->noise;
	if (J->bk[p].have_thr && key > J->bk[p].thr_key)
		return;
	if (p <= E->P->end_pegs && !HN(solvable)(E, J->memo, c2))
		return;
	HN(pl_insert)(J, &J->bk[p], c2, key, parent, g);
}

static void HN(pl_chain)(struct HN(pljob) *J, const HT *c, int h,
			 uint32_t parent, int g, int p)
{
	const struct heng *E = J->E;

	for (int i = E->jfirst[h]; i < E->jfirst[h + 1]; i++) {
		int o = E->jl[i].over, t = E->jl[i].to;

		if (HN(bit)(c, o) && !HN(bit)(c, t)) {
			HT c2 = *c;

			HN(flip3)(&c2, h, o, t);
			HN(pl_child)(J, &c2, parent, g, p - 1);
			HN(pl_chain)(J, &c2, t, parent, g, p - 1);
		}
	}
}

static void *HN(pl_worker)(void *arg)
{
	struct HN(pljob) *J = arg;

	for (size_t i = (size_t)J->t; i < J->n; i += (size_t)J->nt) {
		const HT *c = &J->code[i];
		uint32_t parent = (uint32_t)J->p << HN_PL_IDX | (uint32_t)i;

		if ((i & 63) == (size_t)J->t && J->B->deadline > 0 &&
		    heur_now() >= J->B->deadline)
			break;
		for (int k = 0; k < HW_NW; k++)
			for (uint64_t w = c->w[k]; w; w &= w - 1)
				HN(pl_chain)(J, c, 64 * k + __builtin_ctzll(w),
					     parent, J->g[i] + 1, J->p);
	}
	return NULL;
}

static int HN(beam)(void *arg, const struct hpos *start, int width,
		     uint64_t seed, int best, struct hbudget *B,
		     struct hpath *out)
{
	struct heng *E = arg;
	int nt = B->threads < 1 ? 1 : B->threads > HN_MAX_THREADS
					      ? HN_MAX_THREADS
					      : B->threads;
	HT c0 = HN(load)(start);
	int P0 = HN(pop)(&c0), rc = 0;
	struct HN(pljob) best_sol; /* only its sol_* fields */
	struct HN(pljob) jobs[HN_MAX_THREADS];
	HT **lcode = calloc((size_t)P0 + 1, sizeof(HT *));
	int **lg = calloc((size_t)P0 + 1, sizeof(int *));
	uint32_t **lpar = calloc((size_t)P0 + 1, sizeof(uint32_t *));
	struct HN(tbuf) M;

	if (width > (1 << HN_PL_IDX) - 1)
		width = (1 << HN_PL_IDX) - 1;
	memset(&best_sol, 0, sizeof(best_sol));
	memset(jobs, 0, sizeof(jobs));
	memset(&M, 0, sizeof(M));
	if (!lcode || !lg || !lpar) {
		rc = -1;
		goto done;
	}
	for (int t = 0; t < nt; t++) {
		jobs[t].bk = calloc((size_t)P0 + 1, sizeof(struct HN(tbuf)));
		if (!E->memo[t].k && HN(memo_init)(&E->memo[t], 20))
			HN(memo_free)(&E->memo[t]);
		if (!jobs[t].bk || !E->memo[t].k) {
			rc = -1;
			goto done;
		}
		for (int p = 0; p <= P0; p++)
			jobs[t].bk[p].width = (size_t)width;
		jobs[t].memo = &E->memo[t];
	}
	/* layer P0: the start */
	lcode[P0] = malloc(sizeof(HT));
	lg[P0] = malloc(sizeof(int));
	lpar[P0] = malloc(sizeof(uint32_t));
	if (!lcode[P0] || !lg[P0] || !lpar[P0]) {
		rc = -1;
		goto done;
	}
	lcode[P0][0] = c0;
	lg[P0][0] = 0;
	lpar[P0][0] = 0;
	for (int p = P0; p >= 2; p--) {
		pthread_t th[HN_MAX_THREADS];
		size_t n = 0;
		int bound = best;

		if (best_sol.sol_g && best_sol.sol_g < bound)
			bound = best_sol.sol_g;
		if (p < P0) {
			/* gather this layer from every worker's bucket */
			size_t tot = 0;

			for (int t = 0; t < nt; t++)
				tot += jobs[t].bk[p].n;
			if (!tot)
				continue;
			M.c = malloc(tot * sizeof(*M.c));
			if (!M.c) {
				rc = -1;
				goto done;
			}
			M.n = 0;
			M.cap = tot;
			M.width = (size_t)width;
			M.have_thr = 0;
			for (int t = 0; t < nt; t++) {
				struct HN(tbuf) *T = &jobs[t].bk[p];

				if (T->n) /* an empty bucket has no buffer */
					memcpy(M.c + M.n, T->c,
					       T->n * sizeof(*T->c));
				M.n += T->n;
				free(T->c);
				T->c = NULL;
				T->n = T->cap = 0;
			}
			HN(compact)(&M);
			n = M.n;
			B->kept += n;
			lcode[p] = malloc((n ? n : 1) * sizeof(HT));
			lg[p] = malloc((n ? n : 1) * sizeof(int));
			lpar[p] = malloc((n ? n : 1) * sizeof(uint32_t));
			if (!lcode[p] || !lg[p] || !lpar[p]) {
				rc = -1;
				goto done;
			}
			for (size_t i = 0; i < n; i++) {
				lcode[p][i] = M.c[i].code;
				lg[p][i] = M.c[i].g;
				lpar[p][i] = M.c[i].parent;
			}
			free(M.c);
			M.c = NULL;
		} else {
			n = 1;
		}
		if (hbudget_out(B))
			break;
		for (int t = 0; t < nt; t++) {
			struct HN(pljob) *J = &jobs[t];

			J->E = E;
			J->code = lcode[p];
			J->g = lg[p];
			J->n = n;
			J->p = p;
			J->best = bound;
			J->nt = nt;
			J->t = t;
			J->seed = heur_mix(seed ^ (uint64_t)p);
			J->B = B;
			J->sol_g = 0;
			J->nodes = 0;
		}
		for (int t = 1; t < nt; t++)
			if (pthread_create(&th[t], NULL, HN(pl_worker),
					   &jobs[t]))
				HN(pl_worker)(&jobs[t]), th[t] = 0;
		HN(pl_worker)(&jobs[0]);
		for (int t = 1; t < nt; t++)
			if (th[t])
				pthread_join(th[t], NULL);
		for (int t = 0; t < nt; t++) {
			struct HN(pljob) *J = &jobs[t];

			/* children generated: the same for any number of
			 * workers (memo searches are not counted: they
			 * depend on what each worker's memo holds) */
			B->nodes += J->nodes;
			if (J->oom)
				rc = -1;
			if (J->sol_g) /* the least over the workers */
				HN(pl_sol)(&best_sol, J->sol_g, J->sol_parent,
					   &J->sol_mid, &J->sol_code);
		}
		if (rc < 0)
			goto done;
		if (B->stopped)
			break;
	}
	if (best_sol.sol_g && best_sol.sol_g < best) {
		uint32_t par = best_sol.sol_parent;
		int d = best_sol.sol_g - 1;

		if (HN(path_alloc)(out, best_sol.sol_g)) {
			rc = -1;
			goto done;
		}
		out->pos[d + 1] = HN(store)(&best_sol.sol_code);
		if (HN(pop)(&best_sol.sol_mid)) /* found by one_move */
			out->pos[d--] = HN(store)(&best_sol.sol_mid);
		for (; d >= 0; d--) {
			int lp = (int)(par >> HN_PL_IDX);
			size_t i = par & ((1u << HN_PL_IDX) - 1);

			out->pos[d] = HN(store)(&lcode[lp][i]);
			par = lpar[lp][i];
		}
		rc = 1;
	}
done:
	for (int t = 0; t < nt; t++) {
		if (jobs[t].bk)
			for (int p = 0; p <= P0; p++)
				free(jobs[t].bk[p].c);
		free(jobs[t].bk);
	}
	free(M.c);
	for (int p = 0; p <= P0 && lcode; p++) {
		free(lcode[p]);
		free(lg[p]);
		free(lpar[p]);
	}
	free(lcode);
	free(lg);
	free(lpar);
	return rc;
}

/* ---- exact window search ---------------------------------------- */

/* Iterative deepening over moves from a to b (or to one peg when b is
 * NULL) with only the jumps inside `allowed`.  Lower bound: the disjoint
 * regions full now and not full at the goal (each needs a move starting
 * in it, shortest.h), plus the holes of allowed that no allowed jump
 * passes over holding a peg the goal does not (its peg must leave by a
 * move from it). */
struct HN(win) {
	struct heng *E;
	HT goal;
	int any;           /* goal: one peg (at E->finish when >= 0) */
	HT allowed;
	HT fixed;          /* allowed holes no allowed jump passes over */
	int *jf;           /* allowed jumps by from hole (offsets) */
	struct HN(jmp) *jl;
	int *rl;           /* regions usable: not full at the goal */
	int n_rl;
	uint64_t nodes, budget;
	struct hbudget *B;
	HT path[64];
	int found;
	/* transposition: code -> most moves left with which it failed */
	HT *tk;
	signed char *tv;
	size_t tmask;
};

static int HN(win_h)(const struct HN(win) *W, const HT *c)
{
	HT used;
	int cnt = 0;

	if (W->any) {
		if (HN(pop)(c) <= 1)
			return 0;
	}
	memset(&used, 0, sizeof(used));
	/* single fixed holes with a peg the goal lacks */
	for (int k = 0; k < HW_NW; k++) {
		uint64_t w = c->w[k] & W->fixed.w[k] & ~W->goal.w[k];

		used.w[k] = w;
		cnt += __builtin_popcountll(w);
	}
	for (int i = 0; i < W->n_rl; i++) {
		const HT *m = &W->E->reg[W->rl[i]];

		if (!HN(full)(c, m) || HN(meets)(&used, m))
			continue;
		HN(or)(&used, m);
		cnt++;
	}
	if (W->any && cnt == 0)
		cnt = 1;
	return cnt;
}

static inline int HN(win_goal)(const struct HN(win) *W, const HT *c)
{
	if (!W->any)
		return HN(eq)(c, &W->goal);
	if (HN(pop)(c) != 1)
		return 0;
	return W->E->finish < 0 || HN(bit)(c, W->E->finish);
}

static int HN(win_dfs)(struct HN(win) *W, const HT *c, int d, int left);

static int HN(win_chain)(struct HN(win) *W, const HT *c, int h, int d,
			 int left)
{
	for (int i = W->jf[h]; i < W->jf[h + 1]; i++) {
		int o = W->jl[i].over, t = W->jl[i].to;

		if (HN(bit)(c, o) && !HN(bit)(c, t)) {
			HT c2 = *c;

			HN(flip3)(&c2, h, o, t);
			if (HN(win_dfs)(W, &c2, d + 1, left - 1))
				return 1;
			if (W->found < 0)
				return 0;
			if (HN(win_chain)(W, &c2, t, d, left))
				return 1;
			if (W->found < 0)
				return 0;
		}
	}
	return 0;
}

static int HN(win_dfs)(struct HN(win) *W, const HT *c, int d, int left)
{
	size_t slot;

	W->path[d] = *c;
	if (HN(win_goal)(W, c)) {
		W->found = d;
		return 1;
	}
	if (left <= 0 || HN(win_h)(W, c) > left)
		return 0;
	if (++W->nodes > W->budget || ((W->nodes & 4095) == 0 &&
					hbudget_out(W->B))) {
		W->found = -1;
		return 0;
	}
	slot = HN(hash)(c) & W->tmask;
	if (W->tv[slot] >= left && HN(eq)(&W->tk[slot], c))
		return 0;
	for (int k = 0; k < HW_NW; k++)
		for (uint64_t w = c->w[k] & W->allowed.w[k]; w; w &= w - 1)
			if (HN(win_chain)(W, c, 64 * k + __builtin_ctzll(w), d,
					  left))
				return 1;
	if (W->found < 0)
		return 0;
	W->tk[slot] = *c;
	W->tv[slot] = (signed char)left;
	return 0;
}

static int HN(window)(void *arg, const struct hpos *a,
		      const struct hpos *b, const struct hpos *allowed,
		      int max_moves, uint64_t budget, struct hbudget *B,
		      struct hpos *mid)
{
	struct heng *E = arg;
	const struct peg_board *bd = E->P->b;
	struct HN(win) W;
	HT c0 = HN(load)(a);
	int rc = -1, nj = 0, lo;
	size_t tsize = 1 << 16;

	if (max_moves < 1 || max_moves > 60)
		return -1;
	memset(&W, 0, sizeof(W));
	W.E = E;
	W.any = b == NULL;
	if (b)
		W.goal = HN(load)(b);
	W.allowed = HN(load)(allowed);
	W.budget = budget;
	W.B = B;
	W.jf = malloc(((size_t)E->n + 1) * sizeof(int));
	W.jl = malloc(((size_t)bd->n_jumps + 1) * sizeof(*W.jl));
	W.rl = malloc(((size_t)E->n_reg + 1) * sizeof(int));
	W.tk = malloc(tsize * sizeof(HT));
	W.tv = malloc(tsize);
	if (!W.jf || !W.jl || !W.rl || !W.tk || !W.tv)
		goto out;
	W.tmask = tsize - 1;
	W.fixed = W.allowed;
	for (int h = 0; h < E->n; h++) {
		W.jf[h] = nj;
		if (!HN(bit)(&W.allowed, h))
			continue;
		for (int k = bd->jump_first[h]; k < bd->jump_first[h + 1];
		     k++) {
			const struct peg_jump *j = &bd->jumps[k];

			if (!HN(bit)(&W.allowed, j->over) ||
			    !HN(bit)(&W.allowed, j->to))
				continue;
			W.jl[nj].over = (short)j->over;
			W.jl[nj].to = (short)j->to;
			nj++;
			if (HN(bit)(&W.fixed, j->over))
				W.fixed.w[j->over >> 6] ^= 1ULL
							   << (j->over & 63);
		}
	}
	W.jf[E->n] = nj;
	if (W.any) {
		/* a one-peg goal: the survivor may sit on a fixed hole */
		memset(&W.fixed, 0, sizeof(W.fixed));
	}
	for (int i = 0; i < E->n_reg; i++)
		if (W.any || !HN(full)(&W.goal, &E->reg[i]))
			W.rl[W.n_rl++] = i;
	lo = HN(win_h)(&W, &c0);
	if (lo < 1 && !HN(win_goal)(&W, &c0))
		lo = 1;
	for (int L = lo; L <= max_moves; L++) {
		memset(W.tv, -1, tsize);
		W.found = 0;
		if (HN(win_dfs)(&W, &c0, 0, L)) {
			for (int d = 1; d <= W.found; d++)
				mid[d - 1] = HN(store)(&W.path[d]);
			rc = W.found;
			break;
		}
		if (W.found < 0)
			break;
	}
	B->nodes += W.nodes;
out:
	free(W.jf);
	free(W.jl);
	free(W.rl);
	free(W.tk);
	free(W.tv);
	return rc;
}

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
