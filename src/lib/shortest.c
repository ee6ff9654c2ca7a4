/* shortest.c - fewest-move solutions by breadth-first heuristic search over
 * moves with Merson-region lower bounds, and solution catalogs
 * (shortest.h). */
#include "pegsol/shortest.h"

#include "pegsol/fast.h"
#include "pegsol/moves.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include "bigmem.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define MAX_REGION 7        /* largest Merson region grown */
#define DEFAULT_MAX_STATES 100000000ULL

/* ---- Merson regions ------------------------------------------------ */

struct regions {
	int n, cap;
	uint64_t *mask; /* sorted by size, then by lowest hole */
	int *single;    /* the hole of a one-hole region, else -1 */
};

static int region_add(struct regions *r, uint64_t m)
{
	for (int i = 0; i < r->n; i++)
		if (r->mask[i] == m)
			return 0;
	if (r->n == r->cap) {
		int c = r->cap ? 2 * r->cap : 64;
		uint64_t *p = realloc(r->mask, (size_t)c * sizeof(*p));

		if (!p)
			return -1;
		r->mask = p;
		r->cap = c;
	}
	r->mask[r->n++] = m;
	return 0;
}

/* Grow a region until every jump over one of its holes starts or ends in
 * it, branching on which end to add. */
static int region_grow(const struct peg_board *b, struct regions *r,
		       uint64_t m)
{
	for (int k = 0; k < b->n_jumps; k++) {
		const struct peg_jump *j = &b->jumps[k];
		uint64_t f = (uint64_t)1 << j->from, t = (uint64_t)1 << j->to;

		if (!(m >> j->over & 1) || (m & f) || (m & t))
			continue;
		if (__builtin_popcountll(m) >= MAX_REGION)
			return 0;
		if (region_grow(b, r, m | f) || region_grow(b, r, m | t))
			return -1;
		return 0;
	}
	return region_add(r, m);
}

static int cmp_region(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	int px = __builtin_popcountll(x), py = __builtin_popcountll(y);

	if (px != py)
		return px - py;
	return __builtin_ctzll(x) != __builtin_ctzll(y)
		       ? __builtin_ctzll(x) - __builtin_ctzll(y)
		       : (x < y ? -1 : x > y);
}

static int regions_build(const struct peg_board *b, struct regions *r)
{
	int keep = 0;

	memset(r, 0, sizeof(*r));
	for (int h = 0; h < b->n_holes; h++)
		if (region_grow(b, r, (uint64_t)1 << h))
			return -1;
	qsort(r->mask, (size_t)r->n, sizeof(uint64_t), cmp_region);
	/* keep minimal regions only: a full superset is never better */
	for (int i = 0; i < r->n; i++) {
		int dominated = 0;

		for (int j = 0; j < keep && !dominated; j++)
			if ((r->mask[j] & r->mask[i]) == r->mask[j])
				dominated = 1;
		if (!dominated)
			r->mask[keep++] = r->mask[i];
	}
	r->n = keep;
	r->single = malloc(((size_t)r->n + 1) * sizeof(int));
	if (!r->single)
		return -1;
	for (int i = 0; i < r->n; i++)
		r->single[i] = __builtin_popcountll(r->mask[i]) == 1
				       ? __builtin_ctzll(r->mask[i])
				       : -1;
	return 0;
}

static void regions_free(struct regions *r)
{
	free(r->mask);
	free(r->single);
}

/* Lower bound on the moves from c to one peg.  Each full region needs a
 * move starting inside it: a region of two or more holes must lose a peg,
 * and the first jump removing one starts inside it; the peg of a full
 * one-hole region is either removed, by a jump from it (no jump passes
 * over it), or is the survivor, which made the last move and so moved out
 * of the hole at some time.  The regions are disjoint, so the moves are
 * distinct. */
static int bound(const struct regions *r, uint64_t c, uint64_t targets)
{
	uint64_t used = 0;
	int n = 0;

	(void)targets;
	if (__builtin_popcountll(c) <= 1)
		return 0;
	for (int i = 0; i < r->n; i++) {
		uint64_t m = r->mask[i];

		if ((c & m) != m || (used & m))
			continue;
		used |= m;
		n++;
	}
	return n > 0 ? n : 1;
}

/* ---- position classes ---------------------------------------------- */

struct basis {
	uint64_t v[64]; /* v[i] has lowest set bit i, or 0 */
};

static void basis_build(const struct peg_board *b, struct basis *B)
{
	memset(B, 0, sizeof(*B));
	for (int k = 0; k < b->n_jumps; k++) {
		const struct peg_jump *j = &b->jumps[k];
		uint64_t x = (uint64_t)1 << j->from | (uint64_t)1 << j->over |
			     (uint64_t)1 << j->to;

		while (x) {
			int i = __builtin_ctzll(x);

			if (!B->v[i]) {
				B->v[i] = x;
				break;
			}
			x ^= B->v[i];
		}
	}
}

static int basis_spans(const struct basis *B, uint64_t x)
{
	while (x) {
		int i = __builtin_ctzll(x);

		if (!B->v[i])
			return 0;
		x ^= B->v[i];
	}
	return 1;
}

int peg_class_feasible(const struct peg_board *b, int s, int f)
{
	struct basis B;
	uint64_t full;

	if (b->n_holes > 64)
		return -1;
	full = b->n_holes == 64 ? ~0ULL : ((1ULL << b->n_holes) - 1);
	basis_build(b, &B);
	return basis_spans(&B, (full ^ (1ULL << s)) ^ (1ULL << f));
}

/* ---- hashing ------------------------------------------------------- */

static inline uint64_t mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	x ^= x >> 33;
	return x;
}

/* Finish masks: code -> holes where one peg can end (jump-level search
 * with memo).  Key 0 = empty slot. */
struct fmemo {
	uint64_t *key, *val;
	size_t mask, used;
};

static int fmemo_slot(struct fmemo *m, uint64_t key, size_t *slot)
{
	size_t i;

	if (2 * (m->used + 1) > m->mask + 1) {
		size_t n = m->mask ? 2 * (m->mask + 1) : 4096;
		uint64_t *k = calloc(n, sizeof(*k)), *v = malloc(n * sizeof(*v));

		if (!k || !v) {
			free(k);
			free(v);
			return -1;
		}
		for (size_t o = 0; m->mask && o <= m->mask; o++) {
			size_t j;

			if (!m->key[o])
				continue;
			j = mix(m->key[o]) & (n - 1);
			while (k[j])
				j = (j + 1) & (n - 1);
			k[j] = m->key[o];
			v[j] = m->val[o];
		}
		free(m->key);
		free(m->val);
		m->key = k;
		m->val = v;
		m->mask = n - 1;
	}
	i = mix(key) & m->mask;
	while (m->key[i] && m->key[i] != key)
		i = (i + 1) & m->mask;
	*slot = i;
	return 0;
}

/* ---- the layered table ---------------------------------------------
 *
 * Every state stored by one bound of the search: open addressing with
 * linear probing, key = canonical code (0 = empty slot: the empty board is
 * never stored, the search stops at one peg), dep = the move layer at which
 * the state was first reached.  9 bytes a slot, grown to keep the load
 * under TT_LOAD; the caller's max_states caps the states stored.  Workers
 * insert with compare-and-swap while holding the read side of grow_lock;
 * growing takes the write side.  No parent links: a solution is rebuilt
 * backwards (predecessor moves, peg_mvgen64_push_back) by looking each
 * predecessor up with its layer. */
#define TT_MIN_BITS 16
#define TT_LOAD 0.7
#define TT_HARD 0.9
#define TT_PREDICT 0.8 /* of the cap: go depth first before a layer
			  predicted to pass it */

struct tt {
	uint64_t *key;
	unsigned char *dep;
	size_t mask;
	size_t used;
};

static int tt_alloc(struct tt *t, size_t slots)
{
	uint64_t *k = peg_big_calloc(slots, sizeof(*k));
	unsigned char *d = peg_big_calloc(slots, 1);

	if (!k || !d) {
		free(k);
		free(d);
		return -1;
	}
	free(t->key);
	free(t->dep);
	t->key = k;
	t->dep = d;
	t->mask = slots - 1;
	t->used = 0;
	return 0;
}

static void tt_free(struct tt *t)
{
	free(t->key);
	free(t->dep);
	memset(t, 0, sizeof(*t));
}

static void tt_clear(struct tt *t)
{
	memset(t->key, 0, (t->mask + 1) * sizeof(*t->key));
	t->used = 0;
}

/* 1 new, 0 already there, -1 table full (TT_HARD). */
static int tt_insert(struct tt *t, uint64_t k, int dep)
{
	size_t i = mix(k) & t->mask;

	for (;;) {
		uint64_t cur = __atomic_load_n(&t->key[i], __ATOMIC_RELAXED);

		if (cur == k)
			return 0;
		if (!cur) {
			uint64_t zero = 0;

			if (__atomic_load_n(&t->used, __ATOMIC_RELAXED) >=
			    (size_t)(TT_HARD * (double)(t->mask + 1)))
				return -1;
			if (__atomic_compare_exchange_n(&t->key[i], &zero, k, 0,
							__ATOMIC_RELAXED,
							__ATOMIC_RELAXED)) {
				t->dep[i] = (unsigned char)dep;
				__atomic_fetch_add(&t->used, 1,
						   __ATOMIC_RELAXED);
				return 1;
			}
			if (zero == k)
				return 0;
		}
		i = (i + 1) & t->mask;
	}
}

/* Layer of k, or -1 when absent. */
static int tt_depth(const struct tt *t, uint64_t k)
{
	size_t i = mix(k) & t->mask;

	while (t->key[i]) {
		if (t->key[i] == k)
			return t->dep[i];
		i = (i + 1) & t->mask;
	}
	return -1;
}

/* Double the table (single-threaded: the caller holds the write lock). */
static int tt_grow(struct tt *t)
{
	struct tt n = {0};

	if (tt_alloc(&n, 2 * (t->mask + 1)))
		return -1;
	for (size_t i = 0; i <= t->mask; i++) {
		size_t j;

		if (!t->key[i])
			continue;
		j = mix(t->key[i]) & n.mask;
		while (n.key[j])
			j = (j + 1) & n.mask;
		n.key[j] = t->key[i];
		n.dep[j] = t->dep[i];
	}
	n.used = t->used;
	tt_free(t);
	*t = n;
	return 0;
}

/* ---- move generation for the search --------------------------------
 *
 * Children of a position are generated by walking every chain of jumps of
 * every peg (every prefix is a move, moves.h), straight into a buffer of
 * codes.  fin_ok[x] is the set of holes a peg starting at x can jump over
 * (the over holes of jumps from holes its jumps can reach): a position
 * can be cleared to one peg by one move of the peg at x only when every
 * other peg lies in fin_ok[x], a cheap test for the last layer. */
struct xj {
	uint64_t over, to, flip;
	int to_hole;
};

struct xgen {
	int n_holes;
	int *first;     /* n_holes + 1 offsets into j, by from hole */
	struct xj *j;
	uint64_t *fin_ok;
	uint64_t *land;  /* holes a peg at x can land on (its class) */
};

static void xgen_free(struct xgen *G)
{
	free(G->first);
	free(G->j);
	free(G->fin_ok);
	free(G->land);
	memset(G, 0, sizeof(*G));
}

static int xgen_init(struct xgen *G, const struct peg_board *b)
{
	int n = b->n_holes;

	memset(G, 0, sizeof(*G));
	G->n_holes = n;
	G->first = malloc(((size_t)n + 1) * sizeof(int));
	G->j = malloc(((size_t)b->n_jumps + 1) * sizeof(*G->j));
	G->fin_ok = calloc((size_t)n + 1, sizeof(uint64_t));
	G->land = calloc((size_t)n + 1, sizeof(uint64_t));
	if (!G->first || !G->j || !G->fin_ok || !G->land) {
		xgen_free(G);
		return -1;
	}
	for (int h = 0; h <= n; h++)
		G->first[h] = b->jump_first[h];
	for (int k = 0; k < b->n_jumps; k++) {
		const struct peg_jump *p = &b->jumps[k];

		G->j[k].over = 1ULL << p->over;
		G->j[k].to = 1ULL << p->to;
		G->j[k].flip = 1ULL << p->from | 1ULL << p->over |
			       1ULL << p->to;
		G->j[k].to_hole = p->to;
	}
	for (int x = 0; x < n; x++) {
		uint64_t land = 1ULL << x, prev = 0;

		while (land != prev) {
			prev = land;
			for (int k = 0; k < b->n_jumps; k++)
				if (land >> b->jumps[k].from & 1)
					land |= 1ULL << b->jumps[k].to;
		}
		G->land[x] = land;
		for (int k = 0; k < b->n_jumps; k++)
			if (land >> b->jumps[k].from & 1)
				G->fin_ok[x] |= 1ULL << b->jumps[k].over;
	}
	return 0;
}

struct kids {
	uint64_t *c;
	size_t n, cap;
	int oom;
};

static inline void kids_push(struct kids *K, uint64_t c)
{
	if (K->n == K->cap) {
		size_t cap = K->cap ? 2 * K->cap : 1024;
		uint64_t *p = realloc(K->c, cap * sizeof(*p));

		if (!p) {
			K->oom = 1;
			return;
		}
		K->c = p;
		K->cap = cap;
	}
	K->c[K->n++] = c;
}

static void xchain(const struct xgen *G, uint64_t c, int h, struct kids *K)
{
	for (int i = G->first[h]; i < G->first[h + 1]; i++) {
		const struct xj *j = &G->j[i];

		if ((c & j->over) && !(c & j->to)) {
			uint64_t c2 = c ^ j->flip;

			kids_push(K, c2);
			xchain(G, c2, j->to_hole, K);
		}
	}
}

/* Every move of the pegs of c in movers. */
static void xgen_from(const struct xgen *G, uint64_t c, uint64_t movers,
		      struct kids *K)
{
	for (uint64_t p = c & movers; p; p &= p - 1)
		xchain(G, c, __builtin_ctzll(p), K);
}

/* Holes where one move of the peg at h can leave c as a single peg
 * (depth-first over its chains; rem = pegs still to remove). */
static uint64_t xfinish_from(const struct xgen *G, uint64_t c, int h)
{
	uint64_t out = 0;

	for (int i = G->first[h]; i < G->first[h + 1]; i++) {
		const struct xj *j = &G->j[i];
		uint64_t c2;

		if (!(c & j->over) || (c & j->to))
			continue;
		c2 = c ^ j->flip;
		if (!(c2 & (c2 - 1)))
			out |= c2;
		else if (!((c2 & ~j->to) & ~G->fin_ok[j->to_hole]))
			out |= xfinish_from(G, c2, j->to_hole);
	}
	return out;
}

/* Holes where one move can leave c (two pegs or more) as a single peg. */
static uint64_t xfinish(const struct xgen *G, uint64_t c)
{
	uint64_t out = 0;

	for (uint64_t p = c; p; p &= p - 1) {
		int x = __builtin_ctzll(p);

		if (!((c & ~(1ULL << x)) & ~G->fin_ok[x]))
			out |= xfinish_from(G, c, x);
	}
	return out;
}

/* ---- the search context -------------------------------------------- */

struct search {
	const struct peg_board *b;
	const struct regions *reg;
	struct peg_symtab64 *sym;
	struct peg_mvgen64 g;   /* positions only, for expansion */
	struct peg_mvgen64 gj;  /* with jump lists, for reconstruction */
	uint64_t max_states;
	/* stored states of one bound */
	uint64_t *code;
	uint32_t *parent;
	size_t n, cap;
	uint32_t *tab; /* index + 1, 0 empty */
	size_t tmask;
	int *H, nH;    /* symmetries used for canonical codes */
	uint64_t nodes, peak;
	int threads;          /* workers on one layer */
	struct tt tt;         /* the shortest search's table */
	struct xgen xg;       /* its move generator */
	struct kids kbuf[16]; /* per worker child buffers */
	struct fmemo fm;
	int oom;
	/* the depth-first completion (dfs_complete) */
	int dfs;              /* fall back to it when the table is full */
	uint64_t dfs_slots;   /* its table: 0 = 4 x max_states */
	uint64_t dfs_budget;  /* nodes it may expand per call, 0 = no cap */
	uint64_t *dt;         /* its table (dfs_slots packed entries) */
	size_t dt_mask;
	int dt_dirty;         /* entries of an earlier bound are in it */
	int dfs_used;         /* bounds that needed it */
};

static uint64_t canon(const struct search *S, uint64_t c)
{
	uint64_t m = c;

	for (int i = 1; i < S->nH; i++) {
		uint64_t x = peg_symtab64_apply(S->sym, S->H[i], c);

		if (x < m)
			m = x;
	}
	return m;
}

static int search_init(struct search *S, const struct peg_board *b,
		       const struct regions *reg, uint64_t max_states,
		       struct peg_err *err)
{
	memset(S, 0, sizeof(*S));
	S->b = b;
	S->reg = reg;
	S->max_states = max_states;
	if (peg_mvgen64_init(&S->g, b, 0, err) ||
	    peg_mvgen64_init(&S->gj, b, 1, err))
		return -1;
	S->threads = 1;
	S->sym = peg_symtab64_new(b);
	S->H = malloc((size_t)b->n_syms * sizeof(int));
	if (!S->sym || !S->H || xgen_init(&S->xg, b)) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	return 0;
}

static void search_release(struct search *S)
{
	peg_mvgen64_release(&S->g);
	peg_mvgen64_release(&S->gj);
	peg_symtab64_free(S->sym);
	free(S->H);
	free(S->code);
	free(S->parent);
	free(S->tab);
	free(S->fm.key);
	free(S->fm.val);
	tt_free(&S->tt);
	free(S->dt);
	xgen_free(&S->xg);
	for (int t = 0; t < 16; t++)
		free(S->kbuf[t].c);
}

/* Symmetries that fix start and map the target set onto itself. */
static void set_group(struct search *S, uint64_t start, uint64_t targets)
{
	S->nH = 0;
	for (int s = 0; s < S->sym->n_syms; s++)
		if (peg_symtab64_apply(S->sym, s, start) == start &&
		    peg_symtab64_apply(S->sym, s, targets) == targets)
			S->H[S->nH++] = s;
}

/* Can c reach one peg in a hole of goal?  Depth-first by jumps; positions
 * that cannot are remembered in the memo (its values unused). */
static int reach(struct search *S, uint64_t c, uint64_t goal)
{
	const struct peg_fast64 *f = S->g.f;
	size_t slot;

	if (S->oom)
		return 0;
	if (__builtin_popcountll(c) == 1)
		return (c & goal) != 0;
	if (fmemo_slot(&S->fm, c, &slot)) {
		S->oom = 1;
		return 0;
	}
	if (S->fm.key[slot])
		return 0;
	for (int k = 0; k < f->n_jumps; k++)
		if (peg_fast64_legal(f, k, c) && reach(S, c ^ f->flip[k], goal))
			return 1;
	if (S->oom || fmemo_slot(&S->fm, c, &slot)) {
		S->oom = 1;
		return 0;
	}
	S->fm.key[slot] = c;
	S->fm.val[slot] = 0;
	S->fm.used++;
	return 0;
}

static void states_reset(struct search *S)
{
	S->n = 0;
	if (S->tab)
		memset(S->tab, 0, (S->tmask + 1) * sizeof(uint32_t));
}

/* Insert canonical code k with parent p; 1 new, 0 seen, -1 no room. */
static int states_add(struct search *S, uint64_t k, uint32_t p)
{
	size_t i;

	if (2 * (S->n + 1) > S->tmask + 1 || !S->tab) {
		size_t n = S->tab ? 2 * (S->tmask + 1) : 1 << 16;
		uint32_t *t = calloc(n, sizeof(*t));

		if (!t)
			return -1;
		for (size_t x = 0; x < S->n; x++) {
			size_t j = mix(S->code[x]) & (n - 1);

			while (t[j])
				j = (j + 1) & (n - 1);
			t[j] = (uint32_t)x + 1;
		}
		free(S->tab);
		S->tab = t;
		S->tmask = n - 1;
	}
	i = mix(k) & S->tmask;
	while (S->tab[i]) {
		if (S->code[S->tab[i] - 1] == k)
			return 0;
		i = (i + 1) & S->tmask;
	}
	if (S->n >= S->max_states || S->n >= 0xfffffff0u)
		return -1;
	if (S->n == S->cap) {
		size_t c = S->cap ? 2 * S->cap : 1 << 15;
		uint64_t *cd = realloc(S->code, c * sizeof(*cd));
		uint32_t *pa;

		if (!cd)
			return -1;
		S->code = cd;
		pa = realloc(S->parent, c * sizeof(*pa));
		if (!pa)
			return -1;
		S->parent = pa;
		S->cap = c;
	}
	S->code[S->n] = k;
	S->parent[S->n] = p;
	S->tab[i] = (uint32_t)S->n + 1;
	S->n++;
	if (S->n > S->peak)
		S->peak = S->n;
	return 1;
}

/* Merson bound greater than lim?  (The greedy packing of bound(), stopped
 * as soon as it passes lim.) */
static inline int bound_over(const struct regions *r, uint64_t c, int lim)
{
	uint64_t used = 0;
	int n = 0;

	if (!(c & (c - 1)))
		return 0 > lim;
	for (int i = 0; i < r->n; i++) {
		uint64_t m = r->mask[i];

		if ((c & m) != m || (used & m))
			continue;
		used |= m;
		if (++n > lim)
			return 1;
	}
	return (n > 0 ? n : 1) > lim;
}

/* Map a jump list by symmetry s. */
static void map_jumps(const struct peg_board *b, int s, struct peg_jump *j,
		      int n)
{
	const int *p = b->sym + (size_t)s * b->n_holes;

	for (int i = 0; i < n; i++) {
		j[i].from = p[j[i].from];
		j[i].over = p[j[i].over];
		j[i].to = p[j[i].to];
	}
}

/* Rebuild real jumps from start through the canonical codes chain[1..d-1]
 * (the states after moves 1..d-1), then one move to a single peg in a hole
 * of 'final' (a mask).  Returns a malloc'd jump list or NULL. */
static struct peg_jump *rebuild(struct search *S, uint64_t start,
				const uint64_t *chain, int d, uint64_t final,
				int *n_jumps, int *final_hole)
{
	const struct peg_board *b = S->b;
	int nj = 0;
	struct peg_jump *out;
	uint64_t c = start;

	out = malloc(((size_t)b->n_holes + 1) * sizeof(*out));
	if (!out)
		return NULL;
	for (int i = 1; i <= d; i++) {
		int base = S->gj.n, n = peg_mvgen64_push(&S->gj, c), hit = -1;

		for (int m = base; n > 0 && m < base + n && hit < 0; m++) {
			uint64_t a = S->gj.after[m];

			if (i < d ? canon(S, a) == chain[i]
				  : (!(a & (a - 1)) && (a & final)))
				hit = m;
		}
		if (hit < 0) {
			S->gj.n = base;
			free(out);
			return NULL;
		}
		for (int k = 0; k < peg_mvgen64_len(&S->gj, hit); k++)
			out[nj++] = b->jumps[S->gj.jump[S->gj.first[hit] + k]];
		c = S->gj.after[hit];
		S->gj.n = base;
	}
	*n_jumps = nj;
	*final_hole = __builtin_ctzll(c);
	return out;
}

/* The canonical chain from the start to state last (layer d-1 of the
 * table, or not stored when it is the lazily tested last layer): walk
 * back by predecessor moves, at each layer taking the least canonical
 * predecessor stored one layer up (deterministic).  chain[0..d-1]. */
static int chain_back(struct search *S, uint64_t last, int d, uint64_t *chain)
{
	chain[d - 1] = last;
	for (int e = d - 1; e >= 1; e--) {
		int base = S->gj.n, n = peg_mvgen64_push_back(&S->gj, chain[e]);
		uint64_t best = 0;

		if (n < 0)
			return -1;
		for (int m = base; m < base + n; m++) {
			uint64_t q = canon(S, S->gj.after[m]);

			if ((!best || q < best) && tt_depth(&S->tt, q) == e - 1)
				best = q;
		}
		S->gj.n = base;
		if (!best)
			return -1;
		chain[e - 1] = best;
	}
	return 0;
}

/* One found target orbit. */
struct hit {
	int moves;
	struct peg_jump *jumps;
	int n_jumps, hole;
};

/* Orbit of hole h under the search group, as a mask. */
static uint64_t orbit_mask(const struct search *S, int h)
{
	uint64_t m = 0;

	for (int i = 0; i < S->nH; i++)
		m |= 1ULL << S->b->sym[(size_t)S->H[i] * S->b->n_holes + h];
	return m;
}

/* ---- one layer, in parallel ----------------------------------------
 *
 * The states of layer d (an array) are cut into chunks taken by the
 * workers in turn.  Each child that is one peg in a wanted hole is a hit
 * (the least parent code per hole is kept, so results do not depend on
 * the threads); a child within the bound is stored with layer d + 1 and,
 * when new, appended to the worker's share of the next layer.  On the
 * last stored layer (d + 1 == U - 1) children are not stored: each is
 * tested for a finishing move instead. */
#define CHUNK 64
#define PAR_MIN 2048 /* smaller layers are expanded by one thread */

struct layer {
	struct search *S;
	const uint64_t *cur;
	size_t n_cur, next_i;
	int d, U, lazy;
	uint64_t want;  /* target holes not yet found */
	pthread_rwlock_t grow;
	pthread_mutex_t lock;
	int fail;
};

struct worker {
	struct layer *L;
	struct kids K;     /* children of one state */
	struct kids out;   /* new states of layer d + 1 */
	uint64_t hit_par[64]; /* least state of layer d (or d + 1 when lazy)
				 with a one-peg child at hole h, 0 none */
	int hit_lazy[64];
	int pruned;
};

/* Is hit (par, lazy) better than (p0, l0)?  Fewer moves first, then the
 * least code. */
static inline int hit_better(uint64_t par, int lazy, uint64_t p0, int l0)
{
	return !p0 || lazy < l0 || (lazy == l0 && par < p0);
}

static void hit_note(struct worker *W, int h, uint64_t par, int lazy)
{
	if (hit_better(par, lazy, W->hit_par[h], W->hit_lazy[h])) {
		W->hit_par[h] = par;
		W->hit_lazy[h] = lazy;
	}
}

/* The greedy packing of c: the number k of disjoint full Merson regions,
 * their union in *used.  A move starting outside a full region R leaves R
 * full (while R is full no jump from outside can remove a peg of it, and
 * nothing lands in it), so it leaves every region of the packing but the
 * mover's full. */
static inline int packing(const struct regions *R, uint64_t c,
			  uint64_t *used)
{
	int k = 0;

	for (int i = 0; i < R->n; i++) {
		uint64_t m = R->mask[i];

		if ((c & m) == m && !(*used & m)) {
			*used |= m;
			k++;
		}
	}
	return k;
}

static int expand_one(struct worker *W, uint64_t c)
{
	struct layer *L = W->L;
	struct search *S = L->S;
	const struct regions *R = S->reg;
	int lim = L->U - L->d - 1, npk = 0;
	uint64_t used = 0;
	size_t nk = 0;

	/* When the bound is tight (d + k == U) only moves from inside the
	 * packing can lead to a child within the bound (packing()). */
	npk = packing(R, c, &used);
	if (npk > lim && (c & ~used))
		W->pruned = 1; /* moves skipped: not an exhaustive layer */
	W->K.n = 0;
	xgen_from(&S->xg, c, npk > lim ? used : ~0ULL, &W->K);
	if (W->K.oom)
		return -1;
	for (size_t i = 0; i < W->K.n; i++) {
		uint64_t a = W->K.c[i], k;

		if (!(a & (a - 1))) {
			int h = __builtin_ctzll(a);

			if (L->want >> h & 1)
				hit_note(W, h, c, 0);
			continue;
		}
		if (bound_over(R, a, lim)) {
			W->pruned = 1;
			continue;
		}
		if (L->lazy) {
			/* a is on layer U - 1: only a finishing move helps */
			uint64_t f = xfinish(&S->xg, a) & L->want;

			if (a & (a - 1) & ((a & (a - 1)) - 1))
				W->pruned = 1; /* 3+ pegs: moves cut */
			if (f) {
				uint64_t ka = canon(S, a);

				for (; f; f &= f - 1)
					hit_note(W, __builtin_ctzll(f), ka, 1);
			}
			continue;
		}
		/* kept children are compacted to the front, canonical, and
		 * their slots prefetched before the inserts */
		k = canon(S, a);
		__builtin_prefetch(&S->tt.key[mix(k) & S->tt.mask]);
		W->K.c[nk++] = k;
	}
	for (size_t i = 0; i < nk; i++) {
		int r = tt_insert(&S->tt, W->K.c[i], L->d + 1);

		if (r < 0)
			return -2;
		if (r > 0) {
			kids_push(&W->out, W->K.c[i]);
			if (W->out.oom)
				return -1;
		}
	}
	return 0;
}

static int layer_grow(struct layer *L)
{
	struct search *S = L->S;
	int rc = 0;

	pthread_rwlock_wrlock(&L->grow);
	if (S->tt.used >= (size_t)(TT_LOAD * (double)(S->tt.mask + 1))) {
		if (S->tt.used >= S->max_states || tt_grow(&S->tt))
			rc = -1;
	}
	pthread_rwlock_unlock(&L->grow);
	return rc;
}

static void *layer_worker(void *arg)
{
	struct worker *W = arg;
	struct layer *L = W->L;
	struct search *S = L->S;

	for (;;) {
		size_t i0 = __atomic_fetch_add(&L->next_i, CHUNK,
					       __ATOMIC_RELAXED);
		int rc = 0;

		if (i0 >= L->n_cur || __atomic_load_n(&L->fail,
						       __ATOMIC_RELAXED))
			break;
		/* the table is read only under the read lock */
		pthread_rwlock_rdlock(&L->grow);
		if (__atomic_load_n(&S->tt.used, __ATOMIC_RELAXED) >=
		    (size_t)(TT_LOAD * (double)(S->tt.mask + 1))) {
			pthread_rwlock_unlock(&L->grow);
			if (layer_grow(L)) {
				__atomic_store_n(&L->fail, 1,
						 __ATOMIC_RELAXED);
				break;
			}
			pthread_rwlock_rdlock(&L->grow);
		}
		for (size_t i = i0; i < i0 + CHUNK && i < L->n_cur && !rc; i++)
			rc = expand_one(W, L->cur[i]);
		pthread_rwlock_unlock(&L->grow);
		if (rc == -2 && !layer_grow(L)) {
			/* the table filled mid-chunk: grown, redo the chunk
			 * (stored states are not stored twice) */
			pthread_rwlock_rdlock(&L->grow);
			rc = 0;
			for (size_t i = i0; i < i0 + CHUNK && i < L->n_cur &&
					    !rc; i++)
				rc = expand_one(W, L->cur[i]);
			pthread_rwlock_unlock(&L->grow);
		}
		if (rc) {
			__atomic_store_n(&L->fail, 1, __ATOMIC_RELAXED);
			break;
		}
	}
	return NULL;
}

/* Run fn on the nt workers of the array at base (elements of sz bytes):
 * worker 0 on this thread, the others on new ones (as many as start). */
static void run_workers(void *(*fn)(void *), void *base, size_t sz, int nt)
{
	pthread_t th[16];
	int started = 0;

	for (int t = 1; t < nt && t < 16; t++)
		if (!pthread_create(&th[t], NULL, fn, (char *)base + t * sz))
			started = t;
		else
			break;
	fn(base);
	for (int t = 1; t <= started; t++)
		pthread_join(th[t], NULL);
}

/* Expand layer d (cur[0..n_cur-1]) into *next; hits merged into hp/hl. */
static int layer_run(struct search *S, const uint64_t *cur, size_t n_cur,
		     int d, int U, uint64_t want, struct kids *next,
		     uint64_t *hp, int *hl, int *pruned)
{
	struct layer L;
	struct worker *W;
	int nt = S->threads, rc = 0;

	if (n_cur < PAR_MIN)
		nt = 1;
	memset(&L, 0, sizeof(L));
	L.S = S;
	L.cur = cur;
	L.n_cur = n_cur;
	L.d = d;
	L.U = U;
	L.lazy = d + 1 == U - 1;
	L.want = want;
	pthread_rwlock_init(&L.grow, NULL);
	W = calloc((size_t)nt, sizeof(*W));
	if (!W) {
		pthread_rwlock_destroy(&L.grow);
		return -1;
	}
	for (int t = 0; t < nt; t++) {
		W[t].L = &L;
		W[t].K = S->kbuf[t];
		if (t == 0)
			W[t].out = *next;
	}
	run_workers(layer_worker, W, sizeof(*W), nt);
	*next = W[0].out;
	for (int t = 0; t < nt; t++) {
		S->kbuf[t] = W[t].K;
		if (t > 0) {
			for (size_t i = 0; i < W[t].out.n && !next->oom; i++)
				kids_push(next, W[t].out.c[i]);
			free(W[t].out.c);
		}
		if (W[t].K.oom || W[t].out.oom)
			L.fail = 1;
		*pruned |= W[t].pruned;
		for (int h = 0; h < 64; h++) {
			uint64_t p = W[t].hit_par[h];

			if (p && hit_better(p, W[t].hit_lazy[h], hp[h], hl[h])) {
				hp[h] = p;
				hl[h] = W[t].hit_lazy[h];
			}
		}
	}
	if (L.fail || next->oom)
		rc = -1;
	free(W);
	pthread_rwlock_destroy(&L.grow);
	return rc;
}

/* ---- depth-first completion -----------------------------------------
 *
 * When the layered table fills up at layer d0 of bound U, the bound is
 * finished depth first from every state of layer d0 (complete: layer d0
 * holds every state first reached in d0 moves).  A lossy table remembers
 * the states whose subtree was searched to the end, with the moves that
 * were left (r = U - g): a state met again with no more moves left is
 * skipped.  An entry is only written once its subtree is done, and the
 * wanted holes only shrink, so a skip never loses a wanted solution; a
 * lost entry costs time, not correctness.  Entries stay valid from bound
 * to bound of one search (a state explored with r moves left is explored
 * for every bound that leaves it r or fewer).  Memory is fixed: one word
 * an entry, the code (at most 56 holes) with r in the top byte, in buckets
 * of eight (one cache line); a full bucket loses its entry with the fewest
 * moves left (the cheapest to search again).  Workers take the layer-d0
 * states in turn and share the table; the first solution found for a
 * target orbit is kept, so with two threads or more which shortest
 * solution is printed may change from run to run (its length does not). */
#define DT_KEY ((1ULL << 56) - 1)
#define DT_WAYS 8

static inline uint64_t *dt_bucket(const struct search *S, uint64_t k)
{
	return &S->dt[mix(k) & S->dt_mask & ~(uint64_t)(DT_WAYS - 1)];
}

static int dt_get(const struct search *S, uint64_t k)
{
	const uint64_t *b = dt_bucket(S, k);

	for (int i = 0; i < DT_WAYS; i++) {
		uint64_t v = __atomic_load_n(&b[i], __ATOMIC_RELAXED);

		if ((v & DT_KEY) == k)
			return (int)(v >> 56);
	}
	return -1;
}

static void dt_put(struct search *S, uint64_t k, int r)
{
	uint64_t *b = dt_bucket(S, k);
	int victim = 0, vr = 256;

	for (int i = 0; i < DT_WAYS; i++) {
		uint64_t v = __atomic_load_n(&b[i], __ATOMIC_RELAXED);

		if ((v & DT_KEY) == k) {
			if ((int)(v >> 56) >= r)
				return;
			victim = i;
			break;
		}
		if ((int)(v >> 56) < vr) {
			vr = (int)(v >> 56); /* an empty slot has r = 0 */
			victim = i;
		}
	}
	__atomic_store_n(&b[victim], k | (uint64_t)r << 56, __ATOMIC_RELAXED);
}

struct dfs_run {
	struct search *S;
	uint64_t start;
	const uint64_t *front;  /* layer d0 */
	size_t n_front, next_i;
	int d0, U, stop_first;
	uint64_t want;          /* target holes not found yet (atomic) */
	struct hit *hits;
	pthread_mutex_t lock;   /* hits, and the shared move generator */
	uint64_t nodes;         /* expanded by all workers (atomic) */
	int fail, pruned;
};

struct dfs_worker {
	struct dfs_run *D;
	struct kids buf[66];    /* children, one buffer per depth */
	uint64_t path[66];      /* canonical states at depths d0..g */
	uint64_t nodes;
	int pruned;
};

/* A solution: the path to depth g (path[d0..g]), then, when lazy, the
 * state a (one more move) and a finishing move to a hole of holes; else a
 * move to the single peg a.  The chain from the start to layer d0 is
 * rebuilt from the layered table. */
static int dfs_hit(struct dfs_worker *W, int g, uint64_t a, int lazy,
		   uint64_t holes)
{
	struct dfs_run *D = W->D;
	struct search *S = D->S;
	int mv = g + 1 + lazy, rc = 0;
	uint64_t *chain = malloc(((size_t)mv + 2) * sizeof(*chain));

	if (!chain)
		return -1;
	pthread_mutex_lock(&D->lock);
	for (; holes && !rc; holes &= holes - 1) {
		uint64_t o = orbit_mask(S, __builtin_ctzll(holes));
		struct hit *h = &D->hits[__builtin_ctzll(o)];

		if (!(D->want & o))
			continue;
		if (chain_back(S, W->path[D->d0], D->d0 + 1, chain)) {
			rc = -1;
			break;
		}
		for (int e = D->d0 + 1; e <= g; e++)
			chain[e] = W->path[e];
		if (lazy)
			chain[g + 1] = canon(S, a);
		h->moves = mv;
		h->jumps = rebuild(S, D->start, chain, mv, o, &h->n_jumps,
				   &h->hole);
		if (!h->jumps) {
			rc = -1;
			break;
		}
		__atomic_and_fetch(&D->want, D->stop_first ? 0 : ~o,
				   __ATOMIC_RELAXED);
	}
	pthread_mutex_unlock(&D->lock);
	free(chain);
	return rc;
}

/* Search state c, reached in g moves, to the bound: 0 done, 1 stopped
 * (every target found, or another worker failed), -1 out of memory or of
 * the node budget. */
static int dfs_node(struct dfs_worker *W, uint64_t c, int g)
{
	struct dfs_run *D = W->D;
	struct search *S = D->S;
	const struct regions *R = S->reg;
	struct kids *K = &W->buf[g];
	int lim = D->U - g - 1, npk;
	uint64_t used = 0, want;
	size_t nk = 0;

	if (++W->nodes % 4096 == 0 && S->dfs_budget &&
	    __atomic_add_fetch(&D->nodes, 4096, __ATOMIC_RELAXED) >
		    S->dfs_budget)
		return -1;
	/* the tight-bound cut of expand_one */
	npk = packing(R, c, &used);
	if (npk > lim && (c & ~used))
		W->pruned = 1;
	K->n = 0;
	xgen_from(&S->xg, c, npk > lim ? used : ~0ULL, K);
	if (K->oom)
		return -1;
	want = __atomic_load_n(&D->want, __ATOMIC_RELAXED);
	for (size_t i = 0; i < K->n; i++) {
		uint64_t a = K->c[i], k;

		if (!(a & (a - 1))) {
			if ((want & a) && dfs_hit(W, g, a, 0, a))
				return -1;
			continue;
		}
		if (bound_over(R, a, lim)) {
			W->pruned = 1;
			continue;
		}
		if (g + 1 == D->U - 1) {
			uint64_t f = xfinish(&S->xg, a) & want;

			if (a & (a - 1) & ((a & (a - 1)) - 1))
				W->pruned = 1;
			if (f && dfs_hit(W, g, a, 1, f))
				return -1;
			continue;
		}
		k = canon(S, a);
		__builtin_prefetch(dt_bucket(S, k));
		K->c[nk++] = k;
	}
	for (size_t i = 0; i < nk; i++) {
		uint64_t k = K->c[i];
		int r = D->U - g - 1, rc;

		if (!__atomic_load_n(&D->want, __ATOMIC_RELAXED) ||
		    __atomic_load_n(&D->fail, __ATOMIC_RELAXED))
			return 1;
		if (dt_get(S, k) >= r)
			continue;
		W->path[g + 1] = k;
		rc = dfs_node(W, k, g + 1);
		if (rc)
			return rc; /* a partly searched state is not noted */
		dt_put(S, k, r);
	}
	return 0;
}

static void *dfs_worker_run(void *arg)
{
	struct dfs_worker *W = arg;
	struct dfs_run *D = W->D;

	for (;;) {
		size_t i = __atomic_fetch_add(&D->next_i, 1, __ATOMIC_RELAXED);
		int rc;

		if (i >= D->n_front ||
		    !__atomic_load_n(&D->want, __ATOMIC_RELAXED) ||
		    __atomic_load_n(&D->fail, __ATOMIC_RELAXED))
			break;
		if (dt_get(D->S, D->front[i]) >= D->U - D->d0)
			continue;
		W->path[D->d0] = D->front[i];
		rc = dfs_node(W, D->front[i], D->d0);
		if (rc < 0) {
			__atomic_store_n(&D->fail, 1, __ATOMIC_RELAXED);
			break;
		}
		if (!rc)
			dt_put(D->S, D->front[i], D->U - D->d0);
	}
	return NULL;
}

/* Finish bound U depth first from layer d0 (front[0..n_front-1]); the
 * targets found are moved from *want to *found, with hits[] filled. */
static int dfs_complete(struct search *S, uint64_t start,
			const uint64_t *front, size_t n_front, int d0, int U,
			int stop_first, uint64_t *want, uint64_t *found,
			struct hit *hits, int *pruned)
{
	struct dfs_run D;
	struct dfs_worker *W;
	int nt = S->threads, rc = 0;

	if (S->b->n_holes > 56)
		return -1; /* the packed table holds 56-bit codes */
	if (!S->dt) {
		uint64_t want_slots = S->dfs_slots ? S->dfs_slots
						   : 4 * S->max_states;
		size_t n = 1 << 12;

		while (n < want_slots && n < ((size_t)1 << 40))
			n *= 2;
		S->dt = peg_big_calloc(n, sizeof(*S->dt));
		if (!S->dt)
			return -1;
		S->dt_mask = n - 1;
	} else if (S->dt_dirty == 2) {
		memset(S->dt, 0, (S->dt_mask + 1) * sizeof(*S->dt));
	}
	S->dt_dirty = 1;
	S->dfs_used++;
	memset(&D, 0, sizeof(D));
	D.S = S;
	D.start = start;
	D.front = front;
	D.n_front = n_front;
	D.d0 = d0;
	D.U = U;
	D.stop_first = stop_first;
	D.want = *want;
	D.hits = hits;
	pthread_mutex_init(&D.lock, NULL);
	if ((size_t)nt > n_front)
		nt = (int)n_front;
	if (nt < 1)
		nt = 1;
	W = calloc((size_t)nt, sizeof(*W));
	if (!W) {
		pthread_mutex_destroy(&D.lock);
		return -1;
	}
	for (int t = 0; t < nt; t++)
		W[t].D = &D;
	run_workers(dfs_worker_run, W, sizeof(*W), nt);
	for (int t = 0; t < nt; t++) {
		S->nodes += W[t].nodes;
		*pruned |= W[t].pruned;
		for (int g = 0; g < 66; g++)
			free(W[t].buf[g].c);
	}
	if (D.fail)
		rc = -1;
	*found |= *want & ~D.want;
	*want = D.want;
	free(W);
	pthread_mutex_destroy(&D.lock);
	return rc;
}

/* Breadth-first heuristic search from start for every hole in *targets
 * (closed under the group).  hits[h] is filled for each target hole h that
 * is the least of its orbit; holes proved unreachable are moved from
 * *targets to *unsolvable: either a bound that pruned nothing exhausted the
 * reachable positions, or, once the bound has passed the start's lower
 * bound by PROOF_SLACK, a jump-level search for each remaining finish
 * (stopping at its first solution) says which exist at all.  Returns 0 or
 * -1 (out of resources).  With stop_first, stop after the first bound that
 * reaches a target; max_u > 0 caps the bound, min_u starts it there (the
 * smaller bounds known to fail). */
#define PROOF_SLACK 2
static int bfhs(struct search *S, uint64_t start, uint64_t *targets_io,
		struct hit *hits, int *iterations, int stop_first, int max_u,
		int min_u, uint64_t *unsolvable)
{
	const struct regions *R = S->reg;
	uint64_t targets = *targets_io;
	int U = bound(R, start, targets), U0 = U, checked = 0, rc = 0;
	struct kids cur = {0}, next = {0};
	uint64_t *chain = NULL;
	size_t prev_n;

	if (__builtin_popcountll(start) == 1) {
		int h = __builtin_ctzll(start);

		if (targets >> h & 1) {
			hits[h].moves = 0;
			hits[h].n_jumps = 0;
			hits[h].hole = h;
			hits[h].jumps = malloc(sizeof(struct peg_jump));
		}
		*unsolvable |= targets & ~start;
		*targets_io = 0;
		return 0;
	}
	if (min_u > U)
		U = min_u;
	if (S->dt_dirty)
		S->dt_dirty = 2; /* another start's entries */
	if (!S->tt.key) {
		/* first size: 2^TT_MIN_BITS, or less under a small cap */
		size_t slots = 64;

		while (slots < ((size_t)1 << TT_MIN_BITS) &&
		       (double)slots * TT_LOAD < (double)S->max_states)
			slots *= 2;
		if (tt_alloc(&S->tt, slots))
			return -1;
	}
	chain = malloc(((size_t)S->b->n_holes + 2) * sizeof(*chain));
	if (!chain)
		return -1;
	for (; targets && (!max_u || U <= max_u); U++) {
		uint64_t found = 0;
		int pruned = 0, d;

		(*iterations)++;
		tt_clear(&S->tt);
		cur.n = 0;
		if (tt_insert(&S->tt, canon(S, start), 0) < 0) {
			rc = -1;
			break;
		}
		kids_push(&cur, canon(S, start));
		for (d = 0, prev_n = 0; d < U && cur.n; d++) {
			uint64_t hp[64] = {0};
			int hl[64] = {0};
			struct kids t;
			/* layer d + 1 predicted (by the last growth ratio) to
			 * pass the cap: finish depth first now rather than
			 * fill the table with a layer that will not fit */
			int full = S->dfs && S->b->n_holes <= 56 && prev_n &&
				   d + 1 < U - 1 &&
				   (double)S->tt.used + (double)cur.n *
				   (double)cur.n / (double)prev_n >
				   TT_PREDICT * (double)S->max_states;

			next.n = 0;
			if (!full) {
				full = layer_run(S, cur.c, cur.n, d, U,
						 targets & ~found, &next, hp,
						 hl, &pruned) != 0;
				if (!full)
					S->nodes += cur.n;
			}
			if (full) {
				/* the table is full: finish this bound depth
				 * first from layer d (complete) */
				uint64_t want = targets & ~found;

				if (!S->dfs ||
				    dfs_complete(S, start, cur.c, cur.n, d, U,
						 stop_first, &want, &found,
						 hits, &pruned))
					rc = -1;
				cur.n = 0;
				break;
			}
			if (S->tt.used > S->peak)
				S->peak = S->tt.used;
			for (int h0 = 0; h0 < 64; h0++) {
				uint64_t o, par = 0;
				int mv, lz = 0, h;

				if (!hp[h0] || (found >> h0 & 1))
					continue;
				o = orbit_mask(S, h0);
				found |= o;
				h = __builtin_ctzll(o);
				for (uint64_t x = o; x; x &= x - 1) {
					int g = __builtin_ctzll(x);

					if (hp[g] &&
					    hit_better(hp[g], hl[g], par, lz)) {
						par = hp[g];
						lz = hl[g];
					}
				}
				/* lz: the parent is the untested layer d + 1 */
				mv = d + 1 + lz;
				hits[h].moves = mv;
				if (chain_back(S, par, mv, chain)) {
					rc = -1;
					break;
				}
				hits[h].jumps = rebuild(S, start, chain, mv, o,
							&hits[h].n_jumps,
							&hits[h].hole);
				if (!hits[h].jumps) {
					rc = -1;
					break;
				}
			}
			if (rc)
				break;
			prev_n = cur.n;
			t = cur;
			cur = next;
			next = t;
			if (d + 1 == U - 1)
				cur.n = 0; /* the last layer was tested lazily */
		}
		if (rc)
			break;
		targets &= ~found;
		if (found && stop_first)
			break;
		if (!pruned && !cur.n) {
			/* every reachable position was expanded */
			*unsolvable |= targets;
			targets = 0;
		}
		/* (not under a cap: the caller asks only up to max_u) */
		if (targets && !checked && !max_u && U >= U0 + PROOF_SLACK) {
			/* prove the rest solvable, one orbit at a time, by a
			 * jump-level search that stops at the first solution */
			uint64_t left = targets;

			checked = 1;
			while (left) {
				int h = __builtin_ctzll(left);
				/* stopping at the first solution: any target */
				uint64_t o = stop_first ? left
							: orbit_mask(S, h);
				int r = reach(S, start, o);

				free(S->fm.key);
				free(S->fm.val);
				memset(&S->fm, 0, sizeof(S->fm));
				if (S->oom) {
					rc = -1;
					break;
				}
				if (!r) {
					*unsolvable |= o & targets;
					targets &= ~o;
				}
				left &= ~o;
			}
			if (rc)
				break;
		}
		if (U > S->b->n_holes)
			break;
	}
	free(cur.c);
	free(next.c);
	free(chain);
	*targets_io = targets;
	return rc;
}

/* ---- public entry points ------------------------------------------- */

void peg_shortest_result_release(struct peg_shortest_result *r)
{
	free(r->jumps);
	r->jumps = NULL;
}

static uint64_t opt_max_states(const struct peg_shortest_opts *o)
{
	return o && o->max_states ? o->max_states : DEFAULT_MAX_STATES;
}

static void search_opts(struct search *S, const struct peg_shortest_opts *o)
{
	S->dfs = !(o && o->no_dfs);
	S->dfs_slots = o ? o->dfs_slots : 0;
	S->dfs_budget = o ? o->dfs_budget : 0;
}

int peg_shortest_bound(const struct peg_board *b, uint64_t pos, int finish)
{
	struct regions R;
	uint64_t full, t;
	int h;

	if (b->n_holes > 64)
		return -1;
	full = b->n_holes == 64 ? ~0ULL : ((1ULL << b->n_holes) - 1);
	t = finish >= 0 ? 1ULL << finish : full;
	if (regions_build(b, &R)) {
		regions_free(&R);
		return -1;
	}
	h = bound(&R, pos, t);
	regions_free(&R);
	return h;
}

/* Verify a jump list from start; 0 when it ends with one peg at hole f. */
static int verify(const struct peg_board *b, uint64_t start,
		  const struct peg_jump *j, int n, int f, struct peg_err *err)
{
	unsigned char *pegs = malloc((size_t)b->n_holes);
	int r = -1;

	if (!pegs) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	peg_pos_from64(start, b->n_holes, pegs);
	if (!peg_jumps_replay(b, j, n, pegs, err)) {
		if (peg_pos_count(pegs, b->n_holes) == 1 && pegs[f])
			r = 0;
		else
			peg_err_set(err, "internal: solution does not end "
				    "with one peg at the finish");
	}
	free(pegs);
	return r;
}

int peg_shortest(const struct peg_board *b, uint64_t start, int finish,
		 const struct peg_shortest_opts *opts,
		 struct peg_shortest_result *res, struct peg_err *err)
{
	struct regions R;
	struct search S;
	struct hit *hits = NULL;
	uint64_t full, targets, unsolvable = 0;
	struct basis B;
	int rc = PEG_SHORTEST_OK;

	memset(res, 0, sizeof(*res));
	if (b->n_holes > 64) {
		peg_err_set(err, "board '%s' has %d holes, the shortest search "
			    "handles at most 64", b->spec, b->n_holes);
		return PEG_SHORTEST_BAD;
	}
	full = b->n_holes == 64 ? ~0ULL : ((1ULL << b->n_holes) - 1);
	if (!start || (start & ~full)) {
		peg_err_set(err, "the start position has no pegs");
		return PEG_SHORTEST_BAD;
	}
	targets = finish >= 0 ? 1ULL << finish : full;
	if (regions_build(b, &R)) {
		regions_free(&R);
		peg_err_set(err, "out of memory");
		return PEG_SHORTEST_RESOURCES;
	}
	if (search_init(&S, b, &R, opt_max_states(opts), err)) {
		rc = PEG_SHORTEST_RESOURCES;
		goto out;
	}
	S.threads = opts && opts->threads > 0 ? opts->threads : 2;
	search_opts(&S, opts);
	if (S.threads > 16)
		S.threads = 16;
	res->lower_bound = bound(&R, start, targets);
	basis_build(b, &B);
	for (int f = 0; f < b->n_holes; f++)
		if ((targets >> f & 1) && !basis_spans(&B, start ^ (1ULL << f)))
			targets &= ~(1ULL << f);
	if (!targets)
		goto out; /* proved: another position class */
	set_group(&S, start, targets);
	hits = calloc((size_t)b->n_holes, sizeof(*hits));
	if (!hits) {
		rc = PEG_SHORTEST_RESOURCES;
		peg_err_set(err, "out of memory");
		goto out;
	}
	/* anywhere: stop at the first bound that reaches any target */
	if (bfhs(&S, start, &targets, hits, &res->iterations, finish < 0,
		 opts ? opts->max_moves : 0, opts ? opts->min_moves : 0,
		 &unsolvable)) {
		peg_err_set(err, "state limit (%llu) or memory exhausted",
			    (unsigned long long)S.max_states);
		rc = PEG_SHORTEST_RESOURCES;
		goto out;
	}
	for (int h = 0; h < b->n_holes; h++) {
		if (!hits[h].jumps)
			continue;
		if (!res->solved || hits[h].moves < res->moves) {
			free(res->jumps);
			res->solved = 1;
			res->moves = hits[h].moves;
			res->jumps = hits[h].jumps;
			res->n_jumps = hits[h].n_jumps;
			res->finish = hits[h].hole;
			hits[h].jumps = NULL;
		}
	}
	if (!res->solved && targets && opts && opts->max_moves)
		res->capped = 1;
	if (res->solved && verify(b, start, res->jumps, res->n_jumps,
				  res->finish, err)) {
		rc = PEG_SHORTEST_BAD;
		goto out;
	}
out:
	res->nodes = S.nodes;
	res->peak_states = S.peak;
	res->dfs_bounds = S.dfs_used;
	if (hits)
		for (int h = 0; h < b->n_holes; h++)
			free(hits[h].jumps);
	free(hits);
	search_release(&S);
	regions_free(&R);
	return rc;
}

/* ---- catalogs ------------------------------------------------------ */

struct cat_job {
	int start;                      /* hole */
	struct peg_catalog_entry *e;    /* found problems of this start */
	int n, n_unsolvable, n_open;
	uint64_t nodes, peak;
	int dfs_bounds;
	int rc;
	struct peg_err err;
};

struct cat_shared {
	const struct peg_board *b;
	const struct regions *reg;
	const struct basis *B;
	uint64_t max_states;
	int max_moves;                  /* 0 or the last bound searched */
	int threads;                    /* workers on each search */
	const struct peg_shortest_opts *opts;
	struct cat_job *jobs;
	int n_jobs, next;
	pthread_mutex_t lock;
};

static int longest_move(const struct peg_jump *j, int n)
{
	int best = 0, run = 0;

	for (int i = 0; i < n; i++) {
		run = (i && j[i].from == j[i - 1].to) ? run + 1 : 1;
		if (run > best)
			best = run;
	}
	return best;
}

static int cat_one(struct search *S, const struct cat_shared *C,
		   struct cat_job *J)
{
	const struct peg_board *b = C->b;
	uint64_t full = b->n_holes == 64 ? ~0ULL : ((1ULL << b->n_holes) - 1);
	uint64_t start = full ^ (1ULL << J->start), cand = 0, todo, unsolv = 0;
	struct hit *hits;
	int it = 0;

	for (int f = 0; f < b->n_holes; f++)
		if (basis_spans(C->B, start ^ (1ULL << f)))
			cand |= 1ULL << f;
	set_group(S, start, cand);
	todo = cand;
	hits = calloc((size_t)b->n_holes, sizeof(*hits));
	J->e = calloc((size_t)b->n_holes, sizeof(*J->e));
	if (!hits || !J->e) {
		free(hits);
		peg_err_set(&J->err, "out of memory");
		return PEG_SHORTEST_RESOURCES;
	}
	if (todo && bfhs(S, start, &todo, hits, &it, 0, C->max_moves, 0,
			 &unsolv)) {
		for (int h = 0; h < b->n_holes; h++)
			free(hits[h].jumps);
		free(hits);
		peg_err_set(&J->err, "state limit (%llu) or memory exhausted",
			    (unsigned long long)S->max_states);
		return PEG_SHORTEST_RESOURCES;
	}
	/* class-feasible finishes proved unsolvable, up to symmetry */
	for (int f = 0; f < b->n_holes; f++) {
		if (__builtin_ctzll(orbit_mask(S, f)) != f)
			continue;
		J->n_unsolvable += (int)(unsolv >> f & 1);
		J->n_open += (int)(todo >> f & 1);
	}
	for (int f = 0; f < b->n_holes; f++) {
		struct peg_catalog_entry *e;
		struct hit *h = &hits[f];

		if (!h->jumps)
			continue;
		/* turn the solution so it ends at f itself */
		for (int i = 0; i < S->nH && h->hole != f; i++)
			if (b->sym[(size_t)S->H[i] * b->n_holes + h->hole] ==
			    f) {
				map_jumps(b, S->H[i], h->jumps, h->n_jumps);
				h->hole = f;
			}
		if (verify(b, start, h->jumps, h->n_jumps, f, &J->err)) {
			for (int k = 0; k < b->n_holes; k++)
				free(hits[k].jumps);
			free(hits);
			return PEG_SHORTEST_BAD;
		}
		e = &J->e[J->n++];
		e->start = J->start;
		e->finish = f;
		e->moves = h->moves;
		e->jumps = h->jumps;
		e->n_jumps = h->n_jumps;
		e->longest_move = longest_move(h->jumps, h->n_jumps);
		h->jumps = NULL;
	}
	free(hits);
	return 0;
}

static void *cat_worker(void *arg)
{
	struct cat_shared *C = arg;
	struct search S;
	struct peg_err err;
	int ok = !search_init(&S, C->b, C->reg, C->max_states, &err);

	S.threads = C->threads;
	search_opts(&S, C->opts);

	for (;;) {
		struct cat_job *J;
		uint64_t n0, p0;

		pthread_mutex_lock(&C->lock);
		J = C->next < C->n_jobs ? &C->jobs[C->next++] : NULL;
		pthread_mutex_unlock(&C->lock);
		if (!J)
			break;
		if (!ok) {
			J->rc = PEG_SHORTEST_RESOURCES;
			J->err = err;
			continue;
		}
		n0 = S.nodes;
		S.peak = 0;
		p0 = S.peak;
		S.dfs_used = 0;
		J->rc = cat_one(&S, C, J);
		J->nodes = S.nodes - n0;
		J->peak = S.peak - p0;
		J->dfs_bounds = S.dfs_used;
		if (C->opts && C->opts->progress) {
			int lo = 0, hi = 0;

			for (int i = 0; i < J->n; i++) {
				if (!i || J->e[i].moves < lo)
					lo = J->e[i].moves;
				if (J->e[i].moves > hi)
					hi = J->e[i].moves;
			}
			C->opts->progress(C->opts->progress_ctx, J->start,
					  J->rc ? -1 : J->n, lo, hi, J->nodes,
					  J->dfs_bounds);
		}
	}
	search_release(&S);
	return NULL;
}

void peg_catalog_release(struct peg_catalog *cat)
{
	for (int i = 0; i < cat->n; i++)
		free(cat->e[i].jumps);
	free(cat->e);
	memset(cat, 0, sizeof(*cat));
}

int peg_catalog_build(const struct peg_board *b,
		      const struct peg_shortest_opts *opts,
		      struct peg_catalog *cat, struct peg_err *err)
{
	struct regions R;
	struct basis B;
	struct cat_shared C;
	int nt = opts && opts->threads > 0 ? opts->threads : 2;
	int rc = PEG_SHORTEST_OK, total = 0;

	memset(cat, 0, sizeof(*cat));
	if (b->n_holes > 64) {
		peg_err_set(err, "board '%s' has %d holes, catalogs handle at "
			    "most 64", b->spec, b->n_holes);
		return PEG_SHORTEST_BAD;
	}
	if (nt > 16)
		nt = 16;
	if (regions_build(b, &R)) {
		regions_free(&R);
		peg_err_set(err, "out of memory");
		return PEG_SHORTEST_RESOURCES;
	}
	basis_build(b, &B);
	memset(&C, 0, sizeof(C));
	C.b = b;
	C.reg = &R;
	C.B = &B;
	C.max_states = opt_max_states(opts);
	C.max_moves = opts ? opts->max_moves : 0;
	C.opts = opts;
	C.jobs = calloc((size_t)b->n_holes, sizeof(*C.jobs));
	if (!C.jobs) {
		regions_free(&R);
		peg_err_set(err, "out of memory");
		return PEG_SHORTEST_RESOURCES;
	}
	for (int h = 0; h < b->n_holes; h++)
		if (peg_board_hole_orbit_min(b, h) == h)
			C.jobs[C.n_jobs++].start = h;
	pthread_mutex_init(&C.lock, NULL);
	/* the starts one after another, every thread on each search (the
	 * hardest start dominates, so starts in parallel would leave cores
	 * idle) */
	C.threads = nt;
	cat_worker(&C);
	pthread_mutex_destroy(&C.lock);
	for (int j = 0; j < C.n_jobs; j++) {
		if (C.jobs[j].rc && rc == PEG_SHORTEST_OK) {
			rc = C.jobs[j].rc;
			*err = C.jobs[j].err;
		}
		total += C.jobs[j].n;
	}
	cat->e = calloc((size_t)total + 1, sizeof(*cat->e));
	if (!cat->e && rc == PEG_SHORTEST_OK) {
		rc = PEG_SHORTEST_RESOURCES;
		peg_err_set(err, "out of memory");
	}
	cat->min_moves = -1;
	for (int j = 0; j < C.n_jobs; j++) {
		struct cat_job *J = &C.jobs[j];

		cat->nodes += J->nodes;
		cat->dfs_bounds += J->dfs_bounds;
		if (J->peak > cat->peak_states)
			cat->peak_states = J->peak;
		cat->n_unsolvable += J->n_unsolvable;
		cat->n_open += J->n_open;
		for (int i = 0; i < J->n; i++) {
			if (!cat->e || rc) {
				free(J->e[i].jumps);
				continue;
			}
			cat->e[cat->n++] = J->e[i];
			if (cat->min_moves < 0 ||
			    J->e[i].moves < cat->min_moves)
				cat->min_moves = J->e[i].moves;
			if (J->e[i].moves > cat->max_moves)
				cat->max_moves = J->e[i].moves;
		}
		free(J->e);
	}
	free(C.jobs);
	regions_free(&R);
	if (rc)
		peg_catalog_release(cat);
	return rc;
}

/* ---- longest sweeps ------------------------------------------------ */

/* Can c be reduced to one peg?  Memo on canonical codes under the whole
 * group (fm: key -> 1 win, 2 loss). */
static int winnable(struct search *S, struct fmemo *m, uint64_t c)
{
	const struct peg_fast64 *f = S->g.f;
	uint64_t k;
	size_t slot;
	int w = 0;

	if (S->oom)
		return 0;
	if (__builtin_popcountll(c) <= 1)
		return __builtin_popcountll(c) == 1;
	k = peg_symtab64_canon(S->sym, c);
	if (fmemo_slot(m, k, &slot)) {
		S->oom = 1;
		return 0;
	}
	if (m->key[slot])
		return m->val[slot] == 1;
	for (int j = 0; j < f->n_jumps && !w; j++)
		if (peg_fast64_legal(f, j, c))
			w = winnable(S, m, c ^ f->flip[j]);
	if (S->oom || fmemo_slot(m, k, &slot)) {
		S->oom = 1;
		return 0;
	}
	m->key[slot] = k;
	m->val[slot] = w ? 1 : 2;
	m->used++;
	return w;
}

/* Jumps from c to one peg in goal (depth-first with a fresh dead-position
 * memo); returns the number of jumps written to out, or -1. */
static int reach_path(struct search *S, uint64_t c, uint64_t goal,
		      struct peg_jump *out, int depth)
{
	const struct peg_fast64 *f = S->g.f;
	size_t slot;

	if (S->oom)
		return -1;
	if (__builtin_popcountll(c) == 1)
		return (c & goal) ? depth : -1;
	if (fmemo_slot(&S->fm, c, &slot)) {
		S->oom = 1;
		return -1;
	}
	if (S->fm.key[slot])
		return -1;
	for (int k = 0; k < f->n_jumps; k++) {
		int r;

		if (!peg_fast64_legal(f, k, c))
			continue;
		out[depth] = S->b->jumps[k];
		r = reach_path(S, c ^ f->flip[k], goal, out, depth + 1);
		if (r >= 0)
			return r;
	}
	if (S->oom || fmemo_slot(&S->fm, c, &slot)) {
		S->oom = 1;
		return -1;
	}
	S->fm.key[slot] = c;
	S->fm.used++;
	return -1;
}

static void fm_clear(struct fmemo *m)
{
	free(m->key);
	free(m->val);
	memset(m, 0, sizeof(*m));
}

void peg_sweep_result_release(struct peg_sweep_result *res)
{
	free(res->start);
	free(res->finish);
	free(res->jumps);
	memset(res, 0, sizeof(*res));
}

/* Add (s, f) to the problem list unless an equivalent one is there. */
static int sweep_add_problem(struct search *S, struct peg_sweep_result *res,
			     int s, int f)
{
	int fr = __builtin_ctzll(orbit_mask(S, f));

	for (int i = 0; i < res->n_problems; i++)
		if (res->start[i] == s && res->finish[i] == fr)
			return 0;
	res->start[res->n_problems] = s;
	res->finish[res->n_problems++] = fr;
	return 0;
}

/* Build a replayed SVSS solution through P, the sweep (jumps sw[0..len-1])
 * and on from Q. */
static int sweep_witness(struct search *S, struct peg_sweep_result *res,
			 int s, uint64_t P, const struct peg_jump *sw, int len,
			 uint64_t Q, struct peg_err *err)
{
	const struct peg_board *b = S->b;
	uint64_t full = b->n_holes == 64 ? ~0ULL : ((1ULL << b->n_holes) - 1);
	struct peg_jump *j = malloc(((size_t)b->n_holes + 1) * sizeof(*j));
	int n1, n2;

	if (!j)
		return -1;
	/* time reversal: ~P -> one peg at s, reversed, goes vacancy s -> P */
	fm_clear(&S->fm);
	n1 = reach_path(S, full & ~P, 1ULL << s, j, 0);
	fm_clear(&S->fm);
	if (n1 < 0) {
		free(j);
		return -1;
	}
	for (int i = 0; i < n1 / 2; i++) {
		struct peg_jump t = j[i];

		j[i] = j[n1 - 1 - i];
		j[n1 - 1 - i] = t;
	}
	memcpy(j + n1, sw, (size_t)len * sizeof(*j));
	n2 = reach_path(S, Q, full, j + n1 + len, 0);
	fm_clear(&S->fm);
	if (n2 < 0) {
		free(j);
		return -1;
	}
	free(res->jumps);
	res->jumps = j;
	res->n_jumps = n1 + len + n2;
	res->sweep_first = n1;
	res->start_hole = s;
	{
		unsigned char *pegs = malloc((size_t)b->n_holes);
		int ok;

		if (!pegs)
			return -1;
		peg_pos_from64(full ^ (1ULL << s), b->n_holes, pegs);
		ok = !peg_jumps_replay(b, j, res->n_jumps, pegs, err) &&
		     peg_pos_count(pegs, b->n_holes) == 1;
		for (int h = 0; h < b->n_holes; h++)
			if (pegs[h])
				res->finish_hole = h;
		free(pegs);
		if (!ok)
			return -1;
	}
	return 0;
}

struct sweep_cand {
	int s;     /* start hole */
	uint64_t q; /* position after a longest sweep */
};

/* The common start of both sweep searches: checks, an empty result and
 * a search context (with no Merson regions).  0 or an error code. */
static int sweep_begin(const struct peg_board *b,
		       const struct peg_shortest_opts *opts,
		       struct peg_sweep_result *res, struct search *S,
		       struct regions *R, uint64_t *full, struct peg_err *err)
{
	memset(res, 0, sizeof(*res));
	if (b->n_holes > 64) {
		peg_err_set(err, "board '%s' has %d holes, sweep handles at "
			    "most 64", b->spec, b->n_holes);
		return PEG_SHORTEST_BAD;
	}
	*full = b->n_holes == 64 ? ~0ULL : ((1ULL << b->n_holes) - 1);
	memset(R, 0, sizeof(*R));
	if (search_init(S, b, R, opt_max_states(opts), err)) {
		search_release(S);
		return PEG_SHORTEST_RESOURCES;
	}
	return 0;
}

int peg_sweep_longest(const struct peg_board *b,
		      const struct peg_shortest_opts *opts,
		      struct peg_sweep_result *res, struct peg_err *err)
{
	struct regions R;
	struct search S;
	struct fmemo win = {0};
	struct basis B;
	uint64_t full;
	int rc = PEG_SHORTEST_OK, rc0;
	size_t cap_pairs, n_cand = 0, cap_cand = 0;
	struct sweep_cand *cand = NULL;

	rc0 = sweep_begin(b, opts, res, &S, &R, &full, err);
	if (rc0)
		return rc0;
	basis_build(b, &B);
	cap_pairs = (size_t)b->n_holes * (size_t)b->n_holes;
	res->start = malloc(cap_pairs * sizeof(int));
	res->finish = malloc(cap_pairs * sizeof(int));
	if (!res->start || !res->finish)
		goto oom;
	for (int s = 0; s < b->n_holes; s++) {
		uint64_t start = full ^ (1ULL << s);

		if (peg_board_hole_orbit_min(b, s) != s)
			continue;
		set_group(&S, start, full);
		states_reset(&S);
		if (states_add(&S, canon(&S, start), UINT32_MAX) < 0)
			goto oom;
		for (size_t i = 0; i < S.n; i++) {
			uint64_t P = S.code[i];
			int base = S.gj.n, n;

			res->positions++;
			/* every move from P with a long enough sweep */
			n = peg_mvgen64_push(&S.gj, P);
			if (n < 0)
				goto oom;
			for (int m = base; m < base + n; m++) {
				int len = peg_mvgen64_len(&S.gj, m);
				uint64_t Q = S.gj.after[m];

				if (len < res->length || !winnable(&S, &win, Q))
					continue;
				if (S.oom)
					goto oom_pop;
				if (len > res->length) {
					struct peg_jump sw[64];

					for (int k = 0; k < len; k++)
						sw[k] = b->jumps[S.gj.jump
							[S.gj.first[m] + k]];
					res->length = len;
					n_cand = 0;
					if (sweep_witness(&S, res, s, P, sw, len,
							  Q, err))
						goto oom_pop;
				}
				if (n_cand == cap_cand) {
					size_t c = cap_cand ? 2 * cap_cand : 64;
					struct sweep_cand *x = realloc(
						cand, c * sizeof(*x));

					if (!x)
						goto oom_pop;
					cand = x;
					cap_cand = c;
				}
				cand[n_cand].s = s;
				cand[n_cand++].q = Q;
			}
			S.gj.n = base;
			/* the reachable set, jump by jump */
			for (int k = 0; k < S.g.f->n_jumps; k++) {
				if (!peg_fast64_legal(S.g.f, k, P))
					continue;
				if (states_add(&S, canon(&S, P ^ S.g.f->flip[k]),
					       0) < 0)
					goto oom;
			}
		}
	}
	/* the problems in which a longest sweep occurs */
	for (size_t i = 0; i < n_cand; i++) {
		uint64_t start = full ^ (1ULL << cand[i].s);

		set_group(&S, start, full);
		for (int f = 0; f < b->n_holes; f++) {
			int r;

			if (!basis_spans(&B, start ^ (1ULL << f)))
				continue;
			fm_clear(&S.fm);
			r = reach(&S, cand[i].q, 1ULL << f);
			fm_clear(&S.fm);
			if (S.oom)
				goto oom;
			if (r)
				sweep_add_problem(&S, res, cand[i].s, f);
		}
	}
	goto out;
oom_pop:
	S.gj.n = 0;
oom:
	peg_err_set(err, "state limit (%llu) or memory exhausted",
		    (unsigned long long)S.max_states);
	rc = PEG_SHORTEST_RESOURCES;
	peg_sweep_result_release(res);
out:
	free(cand);
	fm_clear(&win);
	search_release(&S);
	return rc;
}

/* ---- longest sweeps by construction (large boards) -----------------
 *
 * A sweep is a trail of the mover in its landing class: the holes a peg
 * can land on from a hole form a class (the from -> to graph's
 * component), and a move of length L is a walk x -> y over L distinct
 * edges of that class graph (an edge is a jump, its over hole the peg
 * removed; distinct edges have distinct over holes).  Before the move the
 * position P has the mover at x, a peg on every over hole, the other
 * landing holes of the walk empty and any pegs X on the free holes F;
 * after it Q = y + X.  The sweep occurs in an SVSS solution exactly when
 * P is reachable from a single vacancy (time reversal: the complement of
 * P reduces to one peg) and Q reduces to one peg.  For each length L from
 * the longest walk down, every edge set of size L that is a walk (Euler:
 * connected, at most two odd vertices), every start x and every X subset
 * of F is tested; the first L with a success is the answer and the search
 * below it proves nothing longer exists.  Edge sets near the maximum are
 * few (one of 18 on T8, thirty of 30 on T10) and F is small, so this is
 * for large boards where enumerating the reachable set is out of reach. */
struct scon {
	struct search *S;
	struct fmemo *win;
	const struct peg_board *b;
	uint64_t full;
	int ne;
	int *ek;        /* jump index (from < to) of each class edge */
	int L;
	int *pick;      /* chosen edge indices */
	int found;
	uint64_t P, Q;  /* a success */
	int x, y;
	uint64_t tests;
	int oom;
};

/* Edges of the chosen set at vertex v (as a count). */
static int sc_deg(const struct scon *C, int v)
{
	int d = 0;

	for (int i = 0; i < C->L; i++) {
		const struct peg_jump *j = &C->b->jumps[C->ek[C->pick[i]]];

		d += (j->from == v) + (j->to == v);
	}
	return d;
}

/* Is the chosen edge set connected? */
static int sc_connected(const struct scon *C)
{
	uint64_t seen, all = 0, prev = 0;

	for (int i = 0; i < C->L; i++) {
		const struct peg_jump *j = &C->b->jumps[C->ek[C->pick[i]]];

		all |= 1ULL << j->from | 1ULL << j->to;
	}
	seen = all & -all;
	while (seen != prev) {
		prev = seen;
		for (int i = 0; i < C->L; i++) {
			const struct peg_jump *j =
				&C->b->jumps[C->ek[C->pick[i]]];
			uint64_t e = 1ULL << j->from | 1ULL << j->to;

			if (seen & e)
				seen |= e;
		}
	}
	return seen == all;
}

/* Test every start x (and end y), every extra peg set X. */
static void sc_test(struct scon *C)
{
	uint64_t land = 0, mid = 0, odd = 0, F;
	int nodd;

	for (int i = 0; i < C->L; i++) {
		const struct peg_jump *j = &C->b->jumps[C->ek[C->pick[i]]];

		land |= 1ULL << j->from | 1ULL << j->to;
		mid |= 1ULL << j->over;
	}
	for (uint64_t v = land; v; v &= v - 1)
		if (sc_deg(C, __builtin_ctzll(v)) & 1)
			odd |= v & -v;
	nodd = __builtin_popcountll(odd);
	if ((nodd != 0 && nodd != 2) || !sc_connected(C))
		return;
	F = C->full & ~land & ~mid;
	for (uint64_t xs = nodd ? odd : land; xs && !C->found; xs &= xs - 1) {
		int x = __builtin_ctzll(xs);
		int y = nodd ? __builtin_ctzll(odd & ~(1ULL << x)) : x;
		uint64_t X = 0;

		/* every subset X of F (Gosper-free: binary counting over F) */
		do {
			uint64_t P = 1ULL << x | mid | X, Q = 1ULL << y | X;

			C->tests++;
			if (winnable(C->S, C->win, Q) &&
			    winnable(C->S, C->win, C->full & ~P)) {
				C->found = 1;
				C->P = P;
				C->Q = Q;
				C->x = x;
				C->y = y;
			}
			if (C->S->oom) {
				C->oom = 1;
				return;
			}
			X = (X - F) & F;
		} while (X && !C->found);
	}
}

/* Choose L of the ne edges (indices from 'from' on). */
static void sc_choose(struct scon *C, int from, int k)
{
	if (C->found || C->oom)
		return;
	if (k == C->L) {
		sc_test(C);
		return;
	}
	for (int i = from; i <= C->ne - (C->L - k); i++) {
		C->pick[k] = i;
		sc_choose(C, i + 1, k + 1);
		if (C->found || C->oom)
			return;
	}
}

/* An Euler walk x -> ... over the edges of P's sweep (Hierholzer), as
 * jumps in playing order; returns its length. */
static int sc_walk(const struct scon *C, struct peg_jump *out)
{
	const struct peg_board *b = C->b;
	int sv[130], se[130], circ[65], nv = 0, ne = 0, nc = 0, cur;
	int used[65] = {0};
	uint64_t mid = C->P & ~(1ULL << C->x) & ~C->Q;
	int edges[65], m = 0;

	for (int i = 0; i < C->ne; i++)
		if (mid >> b->jumps[C->ek[i]].over & 1)
			edges[m++] = C->ek[i];
	sv[nv++] = C->x;
	while (nv) {
		int v = sv[nv - 1], e = -1;

		for (int i = 0; i < m && e < 0; i++)
			if (!used[i] && (b->jumps[edges[i]].from == v ||
					 b->jumps[edges[i]].to == v))
				e = i;
		if (e >= 0) {
			used[e] = 1;
			sv[nv++] = b->jumps[edges[e]].from == v
					   ? b->jumps[edges[e]].to
					   : b->jumps[edges[e]].from;
			se[ne++] = e;
		} else {
			nv--;
			if (ne)
				circ[nc++] = se[--ne];
		}
	}
	cur = C->x;
	for (int i = nc - 1; i >= 0; i--) {
		const struct peg_jump *j = &b->jumps[edges[circ[i]]];
		int to = j->from == cur ? j->to : j->from;

		out[nc - 1 - i].from = cur;
		out[nc - 1 - i].over = j->over;
		out[nc - 1 - i].to = to;
		cur = to;
	}
	return nc;
}

int peg_sweep_construct(const struct peg_board *b,
			const struct peg_shortest_opts *opts,
			struct peg_sweep_result *res, struct peg_err *err)
{
	struct regions R;
	struct search S;
	struct fmemo win = {0};
	struct scon C;
	uint64_t full, done = 0;
	int rc = PEG_SHORTEST_OK, rc0, maxe = 0;
	int *ek = NULL, *pick = NULL;

	rc0 = sweep_begin(b, opts, res, &S, &R, &full, err);
	if (rc0)
		return rc0;
	ek = malloc(((size_t)b->n_jumps + 1) * sizeof(int));
	pick = malloc(((size_t)b->n_jumps + 1) * sizeof(int));
	res->start = malloc(sizeof(int));
	res->finish = malloc(sizeof(int));
	if (!ek || !pick || !res->start || !res->finish)
		goto oom;
	/* the longest walk is at most the largest class's edge count */
	for (int h = 0; h < b->n_holes; h++) {
		int n = 0;

		if (done >> h & 1)
			continue;
		for (int k = 0; k < b->n_jumps; k++)
			if (b->jumps[k].from < b->jumps[k].to &&
			    (S.xg.land[h] >> b->jumps[k].from & 1))
				n++;
		done |= S.xg.land[h];
		if (n > maxe)
			maxe = n;
	}
	memset(&C, 0, sizeof(C));
	C.S = &S;
	C.win = &win;
	C.b = b;
	C.full = full;
	C.ek = ek;
	C.pick = pick;
	for (int L = maxe; L >= 1 && !C.found && !C.oom; L--) {
		done = 0;
		for (int h = 0; h < b->n_holes && !C.found && !C.oom; h++) {
			if (done >> h & 1)
				continue;
			done |= S.xg.land[h];
			C.ne = 0;
			for (int k = 0; k < b->n_jumps; k++)
				if (b->jumps[k].from < b->jumps[k].to &&
				    (S.xg.land[h] >> b->jumps[k].from & 1))
					ek[C.ne++] = k;
			if (C.ne < L)
				continue;
			C.L = L;
			sc_choose(&C, 0, 0);
		}
	}
	res->positions = C.tests;
	if (C.oom)
		goto oom;
	if (C.found) {
		struct peg_jump sw[65];
		int len = sc_walk(&C, sw), ok = 0;

		for (int s = 0; s < b->n_holes && !ok; s++) {
			struct peg_err e2;

			if (!(C.P >> s & 1) &&
			    !sweep_witness(&S, res, s, C.P, sw, len, C.Q, &e2))
				ok = 1;
		}
		if (!ok) {
			peg_err_set(err, "internal: no witness for the sweep");
			rc = PEG_SHORTEST_BAD;
			peg_sweep_result_release(res);
			goto out;
		}
		res->length = len;
		res->n_problems = 1;
		res->start[0] = res->start_hole;
		res->finish[0] = res->finish_hole;
	}
	goto out;
oom:
	peg_err_set(err, "state limit (%llu) or memory exhausted",
		    (unsigned long long)S.max_states);
	rc = PEG_SHORTEST_RESOURCES;
	peg_sweep_result_release(res);
out:
	free(ek);
	free(pick);
	fm_clear(&win);
	search_release(&S);
	return rc;
}
