/* shortest_bfhs.c - breadth-first heuristic search over moves: the
 * layered table, one layer expanded in parallel, the depth-first
 * completion when the table fills, and the loop over bounds
 * (shortest_int.h, shortest.h). */
#include "shortest_int.h"

#include "pegsol/pos.h"

#include "bigmem.h"

#include <pthread.h>
#include <string.h>

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

void pegsh_tt_free(struct tt *t)
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
	pegsh_tt_free(t);
	*t = n;
	return 0;
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
	pegsh_xgen_from(&S->xg, c, npk > lim ? used : ~0ULL, &W->K);
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
			uint64_t f = pegsh_xfinish(&S->xg, a) & L->want;

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
		uint64_t o = pegsh_orbit_mask(S, __builtin_ctzll(holes));
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
	pegsh_xgen_from(&S->xg, c, npk > lim ? used : ~0ULL, K);
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
			uint64_t f = pegsh_xfinish(&S->xg, a) & want;

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
int pegsh_bfhs(struct search *S, uint64_t start, uint64_t *targets_io,
		struct hit *hits, int *iterations, int stop_first, int max_u,
		int min_u, uint64_t *unsolvable)
{
	const struct regions *R = S->reg;
	uint64_t targets = *targets_io;
	int U = pegsh_bound(R, start, targets), U0 = U, checked = 0, rc = 0;
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
				o = pegsh_orbit_mask(S, h0);
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
							: pegsh_orbit_mask(S, h);
				int r = pegsh_reach(S, start, o);

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
