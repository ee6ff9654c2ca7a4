/* shortest_bfhs_impl.h - breadth-first heuristic search over moves for
 * one code width: the layered table, one layer expanded in parallel, the
 * depth-first completion when the table fills, and the loop over bounds
 * (shortest_bfhs.c includes it twice; shortest_int.h, shortest.h). */
#include "codew.h"
#undef LAYER
#undef WORKER
#undef DFS_RUN
#undef DFS_WORKER
#define LAYER struct NAME(layer_)
#define WORKER struct NAME(worker_)
#define DFS_RUN struct NAME(dfs_run_)
#define DFS_WORKER struct NAME(dfs_worker_)

/* ---- the layered table ---------------------------------------------
 *
 * Every state stored by one bound of the search: open addressing with
 * linear probing, key = canonical code (0 = empty slot: the empty board is
 * never stored, the search stops at one peg), dep = the move layer at which
 * the state was first reached.  9 bytes a slot (17 with 128-bit codes),
 * grown to keep the load under TT_LOAD; the caller's max_states caps the
 * states stored.  Workers insert with compare-and-swap (128-bit codes:
 * under the spin lock of the slot's group, TT_LOCKS) while holding the
 * read side of grow_lock; growing takes the write side.  No parent links:
 * a solution is rebuilt backwards (predecessor moves, MVGEN_FN(_push_back))
 * by looking each predecessor up with its layer. */

static int NAME(tt_alloc_)(TT *t, size_t slots)
{
	CW *k = peg_big_calloc(slots, sizeof(*k));
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

void SH(_tt_free)(TT *t)
{
	free(t->key);
	free(t->dep);
	memset(t, 0, sizeof(*t));
}

static void NAME(tt_clear_)(TT *t)
{
	memset(t->key, 0, (t->mask + 1) * sizeof(*t->key));
	t->used = 0;
}

/* 1 new, 0 already there, -1 table full (TT_HARD). */
#if WBITS == 64
static int NAME(tt_insert_)(TT *t, CW k, int dep)
{
	size_t i = HASH(k) & t->mask;

	for (;;) {
		CW cur = __atomic_load_n(&t->key[i], __ATOMIC_RELAXED);

		if (cur == k)
			return 0;
		if (!cur) {
			CW zero = 0;

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

#else
static int NAME(tt_insert_)(TT *t, CW k, int dep)
{
	size_t i = HASH(k) & t->mask;

	for (;;) {
		int *l = &t->lock[(i / 4) & (TT_LOCKS - 1)];
		CW cur;

		sh_lock(l);
		cur = t->key[i];
		if (cur == k) {
			sh_unlock(l);
			return 0;
		}
		if (!cur) {
			int r = -1;

			if (__atomic_load_n(&t->used, __ATOMIC_RELAXED) <
			    (size_t)(TT_HARD * (double)(t->mask + 1))) {
				t->key[i] = k;
				t->dep[i] = (unsigned char)dep;
				__atomic_fetch_add(&t->used, 1,
						   __ATOMIC_RELAXED);
				r = 1;
			}
			sh_unlock(l);
			return r;
		}
		sh_unlock(l);
		i = (i + 1) & t->mask;
	}
}
#endif

/* Layer of k, or -1 when absent. */
static int NAME(tt_depth_)(const TT *t, CW k)
{
	size_t i = HASH(k) & t->mask;

	while (t->key[i]) {
		if (t->key[i] == k)
			return t->dep[i];
		i = (i + 1) & t->mask;
	}
	return -1;
}

/* Double the table (single-threaded: the caller holds the write lock). */
static int NAME(tt_grow_)(TT *t)
{
	TT n = {0};

	if (NAME(tt_alloc_)(&n, 2 * (t->mask + 1)))
		return -1;
	for (size_t i = 0; i <= t->mask; i++) {
		size_t j;

		if (!t->key[i])
			continue;
		j = HASH(t->key[i]) & n.mask;
		while (n.key[j])
			j = (j + 1) & n.mask;
		n.key[j] = t->key[i];
		n.dep[j] = t->dep[i];
	}
	n.used = t->used;
	SH(_tt_free)(t);
	*t = n;
	return 0;
}

/* Rebuild real jumps from start through the canonical codes chain[1..d-1]
 * (the states after moves 1..d-1), then one move to a single peg in a hole
 * of 'final' (a mask).  Returns a malloc'd jump list or NULL. */
static struct peg_jump *NAME(rebuild_)(SEARCH *S, CW start,
				       const CW *chain, int d, CW final,
				       int *n_jumps, int *final_hole)
{
	const struct peg_board *b = S->b;
	int nj = 0;
	struct peg_jump *out;
	CW c = start;

	out = malloc(((size_t)b->n_holes + 1) * sizeof(*out));
	if (!out)
		return NULL;
	for (int i = 1; i <= d; i++) {
		int base = S->gj.n, n = MVGEN_FN(_push)(&S->gj, c), hit = -1;

		for (int m = base; n > 0 && m < base + n && hit < 0; m++) {
			CW a = S->gj.after[m];

			if (i < d ? CANON(S, a) == chain[i]
				  : (!(a & (a - 1)) && (a & final)))
				hit = m;
		}
		if (hit < 0) {
			S->gj.n = base;
			free(out);
			return NULL;
		}
		for (int k = 0; k < MVGEN_FN(_len)(&S->gj, hit); k++)
			out[nj++] = b->jumps[S->gj.jump[S->gj.first[hit] + k]];
		c = S->gj.after[hit];
		S->gj.n = base;
	}
	*n_jumps = nj;
	*final_hole = CTZ(c);
	return out;
}

/* The canonical chain from the start to state last (layer d-1 of the
 * table, or not stored when it is the lazily tested last layer): walk
 * back by predecessor moves, at each layer taking the least canonical
 * predecessor stored one layer up (deterministic).  chain[0..d-1].  A
 * state of layer e - 1 has at most pegs(start) - (e - 1) pegs, so the
 * move from it to chain[e] has at most that many minus pegs(chain[e])
 * jumps: longer backward walks are not generated (on a sparse position
 * of a large board they are very many). */
static int NAME(chain_back_)(SEARCH *S, CW start, CW last, int d, CW *chain)
{
	chain[d - 1] = last;
	for (int e = d - 1; e >= 1; e--) {
		int max = POPC(start) - (e - 1) - POPC(chain[e]);
		int base = S->gj.n;
		int n = MVGEN_FN(_push_back_max)(&S->gj, chain[e], max);
		CW best = 0;

		if (n < 0)
			return -1;
		for (int m = base; m < base + n; m++) {
			CW q = CANON(S, S->gj.after[m]);

			if ((!best || q < best) &&
			    NAME(tt_depth_)(&S->tt, q) == e - 1)
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

LAYER {
	SEARCH *S;
	const CW *cur;
	size_t n_cur, next_i;
	int d, U, lazy;
	CW want;  /* target holes not yet found */
	pthread_rwlock_t grow;
	pthread_mutex_t lock;
	int fail;
};

WORKER {
	LAYER *L;
	KIDS K;     /* children of one state */
	KIDS out;   /* new states of layer d + 1 */
	CW hit_par[WBITS]; /* least state of layer d (or d + 1 when lazy)
				 with a one-peg child at hole h, 0 none */
	int hit_lazy[WBITS];
	int pruned;
};

/* Is hit (par, lazy) better than (p0, l0)?  Fewer moves first, then the
 * least code. */
static inline int NAME(hit_better_)(CW par, int lazy, CW p0, int l0)
{
	return !p0 || lazy < l0 || (lazy == l0 && par < p0);
}

static void NAME(hit_note_)(WORKER *W, int h, CW par, int lazy)
{
	if (NAME(hit_better_)(par, lazy, W->hit_par[h], W->hit_lazy[h])) {
		W->hit_par[h] = par;
		W->hit_lazy[h] = lazy;
	}
}

/* The greedy packing of c: the number k of disjoint full Merson regions,
 * their union in *used.  A move starting outside a full region R leaves R
 * full (while R is full no jump from outside can remove a peg of it, and
 * nothing lands in it), so it leaves every region of the packing but the
 * mover's full. */
static inline int NAME(packing_)(const REGIONS *R, CW c,
				 CW *used)
{
	int k = 0;

	for (int i = 0; i < R->n; i++) {
		CW m = R->mask[i];

		if ((c & m) == m && !(*used & m)) {
			*used |= m;
			k++;
		}
	}
	return k;
}

static int NAME(expand_one_)(WORKER *W, CW c)
{
	LAYER *L = W->L;
	SEARCH *S = L->S;
	const REGIONS *R = S->reg;
	int lim = L->U - L->d - 1, npk = 0;
	CW used = 0;
	size_t nk = 0;

	/* When the bound is tight (d + k == U) only moves from inside the
	 * packing can lead to a child within the bound (NAME(packing_)()). */
	npk = NAME(packing_)(R, c, &used);
	if (npk > lim && (c & ~used))
		W->pruned = 1; /* moves skipped: not an exhaustive layer */
	W->K.n = 0;
	SH(_xgen_from)(&S->xg, c, npk > lim ? used : ~(CW)0, &W->K);
	if (W->K.oom)
		return -1;
	for (size_t i = 0; i < W->K.n; i++) {
		CW a = W->K.c[i], k;

		if (!(a & (a - 1))) {
			int h = CTZ(a);

			if (L->want >> h & 1)
				NAME(hit_note_)(W, h, c, 0);
			continue;
		}
		if (BOUND_OVER(R, a, lim)) {
			W->pruned = 1;
			continue;
		}
		if (L->lazy) {
			/* a is on layer U - 1: only a finishing move helps */
			CW f = SH(_xfinish)(&S->xg, a) & L->want;

			if (a & (a - 1) & ((a & (a - 1)) - 1))
				W->pruned = 1; /* 3+ pegs: moves cut */
			if (f) {
				CW ka = CANON(S, a);

				for (; f; f &= f - 1)
					NAME(hit_note_)(W, CTZ(f), ka, 1);
			}
			continue;
		}
		/* kept children are compacted to the front, canonical, and
		 * their slots prefetched before the inserts */
		k = CANON(S, a);
		__builtin_prefetch(&S->tt.key[HASH(k) & S->tt.mask]);
		W->K.c[nk++] = k;
	}
	for (size_t i = 0; i < nk; i++) {
		int r = NAME(tt_insert_)(&S->tt, W->K.c[i], L->d + 1);

		if (r < 0)
			return -2;
		if (r > 0) {
			KIDS_PUSH(&W->out, W->K.c[i]);
			if (W->out.oom)
				return -1;
		}
	}
	return 0;
}

static int NAME(layer_grow_)(LAYER *L)
{
	SEARCH *S = L->S;
	int rc = 0;

	pthread_rwlock_wrlock(&L->grow);
	if (S->tt.used >= (size_t)(TT_LOAD * (double)(S->tt.mask + 1))) {
		if (S->tt.used >= S->max_states || NAME(tt_grow_)(&S->tt))
			rc = -1;
	}
	pthread_rwlock_unlock(&L->grow);
	return rc;
}

static void *NAME(layer_worker_)(void *arg)
{
	WORKER *W = arg;
	LAYER *L = W->L;
	SEARCH *S = L->S;

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
			if (NAME(layer_grow_)(L)) {
				__atomic_store_n(&L->fail, 1,
						 __ATOMIC_RELAXED);
				break;
			}
			pthread_rwlock_rdlock(&L->grow);
		}
		for (size_t i = i0; i < i0 + CHUNK && i < L->n_cur && !rc; i++)
			rc = NAME(expand_one_)(W, L->cur[i]);
		pthread_rwlock_unlock(&L->grow);
		if (rc == -2 && !NAME(layer_grow_)(L)) {
			/* the table filled mid-chunk: grown, redo the chunk
			 * (stored states are not stored twice) */
			pthread_rwlock_rdlock(&L->grow);
			rc = 0;
			for (size_t i = i0; i < i0 + CHUNK && i < L->n_cur &&
					    !rc; i++)
				rc = NAME(expand_one_)(W, L->cur[i]);
			pthread_rwlock_unlock(&L->grow);
		}
		if (rc) {
			__atomic_store_n(&L->fail, 1, __ATOMIC_RELAXED);
			break;
		}
	}
	return NULL;
}

/* Expand layer d (cur[0..n_cur-1]) into *next; hits merged into hp/hl. */
static int NAME(layer_run_)(SEARCH *S, const CW *cur, size_t n_cur,
			    int d, int U, CW want, KIDS *next,
			    CW *hp, int *hl, int *pruned)
{
	LAYER L;
	WORKER *W;
	int nt = S->threads, rc = 0;

	if (n_cur < PAR_MIN)
		nt = 1;
	L = (LAYER){.S = S, .cur = cur, .n_cur = n_cur, .d = d, .U = U,
		    .lazy = d + 1 == U - 1, .want = want};
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
	peg_pool_run(NULL, NAME(layer_worker_), W, sizeof(*W), nt);
	*next = W[0].out;
	for (int t = 0; t < nt; t++) {
		S->kbuf[t] = W[t].K;
		if (t > 0) {
			for (size_t i = 0; i < W[t].out.n && !next->oom; i++)
				KIDS_PUSH(next, W[t].out.c[i]);
			free(W[t].out.c);
		}
		if (W[t].K.oom || W[t].out.oom)
			L.fail = 1;
		*pruned |= W[t].pruned;
		for (int h = 0; h < WBITS; h++) {
			CW p = W[t].hit_par[h];

			if (p && NAME(hit_better_)(p, W[t].hit_lazy[h], hp[h],
						   hl[h])) {
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
 * for every bound that leaves it r or fewer).  Memory is fixed: one code
 * an entry, the canonical code (at most DT_HOLES holes: 56 with 64-bit
 * codes, 120 with 128-bit ones) with r in the top byte, in buckets of one
 * cache line (eight entries, or four of 16 bytes, read and written under
 * a spin lock); a full bucket loses its entry with the fewest moves left
 * (the cheapest to search again).  Workers take the layer-d0 states in
 * turn and share the table; the first solution found for a target orbit
 * is kept, so with two threads or more which shortest
 * solution is printed may change from run to run (its length does not). */
#undef DT_KEY
#undef DT_WAYS
#undef DT_TOP
#define DT_TOP (WBITS - 8)               /* r in the top byte */
#define DT_KEY (((CW)1 << DT_TOP) - 1)
#define DT_WAYS (64 / (WBITS / 8))       /* one cache line a bucket */

static inline CW *NAME(dt_bucket_)(const SEARCH *S, CW k)
{
	return &S->dt[HASH(k) & S->dt_mask & ~(size_t)(DT_WAYS - 1)];
}

#if WBITS == 64
#define DT_LOAD(p) __atomic_load_n(p, __ATOMIC_RELAXED)
#define DT_STORE(p, v) __atomic_store_n(p, v, __ATOMIC_RELAXED)
#define DT_LOCK(S, b)
#define DT_UNLOCK(S, b)
#else
/* two words are not read or written atomically: one lock per group of
 * buckets, held over the whole bucket */
#define DT_LOAD(p) (*(p))
#define DT_STORE(p, v) (*(p) = (v))
#define DT_LOCK(S, b) sh_lock(NAME(dt_lockp_)(S, b))
#define DT_UNLOCK(S, b) sh_unlock(NAME(dt_lockp_)(S, b))
static inline int *NAME(dt_lockp_)(const SEARCH *S, const CW *b)
{
	size_t i = (size_t)(b - S->dt) / DT_WAYS;

	return (int *)&S->dt_lock[i & (DT_LOCKS - 1)];
}
#endif

static int NAME(dt_get_)(const SEARCH *S, CW k)
{
	const CW *b = NAME(dt_bucket_)(S, k);
	int r = -1;

	DT_LOCK(S, b);
	for (int i = 0; i < DT_WAYS; i++) {
		CW v = DT_LOAD(&b[i]);

		if ((v & DT_KEY) == k) {
			r = (int)(v >> DT_TOP);
			break;
		}
	}
	DT_UNLOCK(S, b);
	return r;
}

static void NAME(dt_put_)(SEARCH *S, CW k, int r)
{
	CW *b = NAME(dt_bucket_)(S, k);
	int victim = 0, vr = 256;

	DT_LOCK(S, b);
	for (int i = 0; i < DT_WAYS; i++) {
		CW v = DT_LOAD(&b[i]);

		if ((v & DT_KEY) == k) {
			if ((int)(v >> DT_TOP) >= r) {
				DT_UNLOCK(S, b);
				return;
			}
			victim = i;
			break;
		}
		if ((int)(v >> DT_TOP) < vr) {
			vr = (int)(v >> DT_TOP); /* an empty slot has r = 0 */
			victim = i;
		}
	}
	DT_STORE(&b[victim], k | (CW)r << DT_TOP);
	DT_UNLOCK(S, b);
}
#undef DT_LOAD
#undef DT_STORE
#undef DT_LOCK
#undef DT_UNLOCK

DFS_RUN {
	SEARCH *S;
	CW start;
	const CW *front;  /* layer d0 */
	size_t n_front, next_i;
	int d0, U, stop_first;
	uint64_t want[WBITS / 64]; /* target holes not found yet, low
				     word first (atomic words: want_get) */
	struct hit *hits;
	pthread_mutex_t lock;   /* hits, and the shared move generator */
	uint64_t nodes;         /* expanded by all workers (atomic, in
				   steps of 4096) */
	int fail, pruned;
	/* marks (S->mo): front states below the least index a worker holds
	 * (cur, under take) and below next_i are finished */
	pthread_mutex_t take;   /* next_i and every worker's cur */
	DFS_WORKER *w;          /* the workers (w[0] reports marks) */
	int nt;
	CW want0;               /* the wanted holes at the start */
	uint64_t front_hash, done;
	double last_mark;
};

/* The wanted holes: read word by word (a read racing a write sees, in
 * each word, the old bits or the new ones, both within the old set and
 * including the new one: a stale view, as of one atomic word); written
 * only under D->lock. */
static inline CW NAME(want_get_)(DFS_RUN *D)
{
	CW w = 0;

	for (int i = WBITS / 64 - 1; i >= 0; i--)
		w = (CW)(w << 32 << 32) |
		    __atomic_load_n(&D->want[i], __ATOMIC_RELAXED);
	return w;
}

static inline void NAME(want_set_)(DFS_RUN *D, CW w)
{
	for (int i = 0; i < WBITS / 64; i++, w = (CW)(w >> 32 >> 32))
		__atomic_store_n(&D->want[i], (uint64_t)w, __ATOMIC_RELAXED);
}

DFS_WORKER {
	DFS_RUN *D;
	KIDS buf[WBITS + 2];    /* children, one buffer per depth */
	CW path[WBITS + 2];      /* canonical states at depths d0..g */
	uint64_t nodes;
	int pruned;
	size_t cur;             /* the front state in hand (D->take) */
};

/* Report a mark (S->mo->mark) when mark_secs have passed since the last
 * one, or always when final. */
static void NAME(dfs_mark_)(DFS_RUN *D, int final)
{
	SEARCH *S = D->S;
	struct peg_shortest_mark m;
	double t = sh_now();
	size_t p;

	if (!S->mo || !S->mo->mark || (!final && t - D->last_mark <
					S->mark_secs))
		return;
	D->last_mark = t;
	pthread_mutex_lock(&D->take);
	p = D->next_i;
	for (int i = 0; i < D->nt; i++)
		if (D->w[i].cur < p)
			p = D->w[i].cur;
	pthread_mutex_unlock(&D->take);
	if (p > D->n_front)
		p = D->n_front;
	/* after a hit the finished states are no longer "without a
	 * solution": the count stays where it was */
	if (NAME(want_get_)(D) == D->want0 && p > D->done)
		D->done = p;
	memset(&m, 0, sizeof(m));
	m.bound = D->U;
	m.layer = D->d0;
	m.depth_first = 1;
	m.states = D->n_front;
	m.stored = S->tt.used;
	m.front_hash = D->front_hash;
	m.done = D->done;
	m.nodes = S->nodes + __atomic_load_n(&D->nodes, __ATOMIC_RELAXED);
	S->mo->mark(S->mo->mark_ctx, &m);
}

/* A solution: the path to depth g (path[d0..g]), then, when lazy, the
 * state a (one more move) and a finishing move to a hole of holes; else a
 * move to the single peg a.  The chain from the start to layer d0 is
 * rebuilt from the layered table. */
static int NAME(dfs_hit_)(DFS_WORKER *W, int g, CW a, int lazy,
			  CW holes)
{
	DFS_RUN *D = W->D;
	SEARCH *S = D->S;
	int mv = g + 1 + lazy, rc = 0;
	CW *chain = malloc(((size_t)mv + 2) * sizeof(*chain));

	if (!chain)
		return -1;
	pthread_mutex_lock(&D->lock);
	for (; holes && !rc; holes &= holes - 1) {
		CW o = SH(_orbit_mask)(S, CTZ(holes));
		struct hit *h = &D->hits[CTZ(o)];

		if (!(NAME(want_get_)(D) & o))
			continue;
		if (NAME(chain_back_)(S, D->start, W->path[D->d0], D->d0 + 1,
				      chain)) {
			rc = -1;
			break;
		}
		for (int e = D->d0 + 1; e <= g; e++)
			chain[e] = W->path[e];
		if (lazy)
			chain[g + 1] = CANON(S, a);
		h->moves = mv;
		h->jumps = NAME(rebuild_)(S, D->start, chain, mv, o,
					  &h->n_jumps, &h->hole);
		if (!h->jumps) {
			rc = -1;
			break;
		}
		NAME(want_set_)(D, D->stop_first ? 0
						 : NAME(want_get_)(D) & ~o);
	}
	pthread_mutex_unlock(&D->lock);
	free(chain);
	return rc;
}

/* Search state c, reached in g moves, to the bound: 0 done, 1 stopped
 * (every target found, or another worker failed), -1 out of memory or of
 * the node budget. */
static int NAME(dfs_node_)(DFS_WORKER *W, CW c, int g)
{
	DFS_RUN *D = W->D;
	SEARCH *S = D->S;
	const REGIONS *R = S->reg;
	KIDS *K = &W->buf[g];
	int lim = D->U - g - 1, npk;
	CW used = 0, want;
	size_t nk = 0;

	if (++W->nodes % 4096 == 0) {
		uint64_t all = __atomic_add_fetch(&D->nodes, 4096,
						  __ATOMIC_RELAXED);

		if (S->dfs_budget && all > S->dfs_budget)
			return -1;
		if (W == D->w && S->mo)
			NAME(dfs_mark_)(D, 0);
	}
	/* the tight-bound cut of expand_one */
	npk = NAME(packing_)(R, c, &used);
	if (npk > lim && (c & ~used))
		W->pruned = 1;
	K->n = 0;
	SH(_xgen_from)(&S->xg, c, npk > lim ? used : ~(CW)0, K);
	if (K->oom)
		return -1;
	want = NAME(want_get_)(D);
	for (size_t i = 0; i < K->n; i++) {
		CW a = K->c[i], k;

		if (!(a & (a - 1))) {
			if ((want & a) && NAME(dfs_hit_)(W, g, a, 0, a))
				return -1;
			continue;
		}
		if (BOUND_OVER(R, a, lim)) {
			W->pruned = 1;
			continue;
		}
		if (g + 1 == D->U - 1) {
			CW f = SH(_xfinish)(&S->xg, a) & want;

			if (a & (a - 1) & ((a & (a - 1)) - 1))
				W->pruned = 1;
			if (f && NAME(dfs_hit_)(W, g, a, 1, f))
				return -1;
			continue;
		}
		k = CANON(S, a);
		__builtin_prefetch(NAME(dt_bucket_)(S, k));
		K->c[nk++] = k;
	}
	for (size_t i = 0; i < nk; i++) {
		CW k = K->c[i];
		int r = D->U - g - 1, rc;

		if (!NAME(want_get_)(D) ||
		    __atomic_load_n(&D->fail, __ATOMIC_RELAXED))
			return 1;
		if (NAME(dt_get_)(S, k) >= r)
			continue;
		W->path[g + 1] = k;
		rc = NAME(dfs_node_)(W, k, g + 1);
		if (rc)
			return rc; /* a partly searched state is not noted */
		NAME(dt_put_)(S, k, r);
	}
	return 0;
}

static void *NAME(dfs_worker_run_)(void *arg)
{
	DFS_WORKER *W = arg;
	DFS_RUN *D = W->D;

	for (;;) {
		size_t i;
		int rc;

		pthread_mutex_lock(&D->take);
		i = D->next_i;
		if (i < D->n_front)
			D->next_i++;
		W->cur = i;
		pthread_mutex_unlock(&D->take);
		if (i >= D->n_front ||
		    !NAME(want_get_)(D) ||
		    __atomic_load_n(&D->fail, __ATOMIC_RELAXED))
			break;
		if (NAME(dt_get_)(D->S, D->front[i]) >= D->U - D->d0)
			continue;
		W->path[D->d0] = D->front[i];
		rc = NAME(dfs_node_)(W, D->front[i], D->d0);
		if (rc) {
			/* over budget (rc < 0), or stopped by another worker's
			 * failure or a hit (rc > 0): state i is only partly
			 * searched, and W->cur stays at i so that no mark
			 * counts it as done */
			if (rc < 0)
				__atomic_store_n(&D->fail, 1, __ATOMIC_RELAXED);
			break;
		}
		NAME(dt_put_)(D->S, D->front[i], D->U - D->d0);
	}
	return NULL;
}

/* Order of the front when marks are kept: by hash (a fixed order, and
 * the work spread evenly over it, so the part done estimates the time
 * left), then by code. */
static int NAME(front_cmp_)(const void *a, const void *b)
{
	CW x = *(const CW *)a, y = *(const CW *)b;
	uint64_t hx = HASH(x), hy = HASH(y);

	if (hx != hy)
		return hx < hy ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* Finish bound U depth first from layer d0 (front[0..n_front-1], sorted
 * here when marks are kept); the targets found are moved from *want to
 * *found, with hits[] filled. */
static int NAME(dfs_complete_)(SEARCH *S, CW start,
			       CW *front, size_t n_front, int d0, int U,
			       int stop_first, CW *want, CW *found,
			       struct hit *hits, int *pruned)
{
	DFS_RUN D;
	DFS_WORKER *W;
	int nt = S->threads, rc = 0;

	if (S->b->n_holes > DT_HOLES)
		return -1; /* the packed entry holds DT_HOLES-bit codes */
	if (!S->dt) {
		uint64_t want_slots = S->dfs_slots ? S->dfs_slots
						   : 4 * S->max_states;
		size_t n = 1 << 12;

		/* 2^40 slots at most; on 32-bit targets (WebAssembly) the
		 * largest power of two a size_t holds */
		while (n < want_slots && (uint64_t)n < ((uint64_t)1 << 40) &&
		       n <= SIZE_MAX / 4)
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
	D = (DFS_RUN){.S = S, .start = start, .front = front,
		      .n_front = n_front, .d0 = d0, .U = U,
		      .stop_first = stop_first};
	NAME(want_set_)(&D, *want);
	D.hits = hits;
	D.want0 = *want;
	if (S->mo) {
		const struct peg_shortest_mark *r = S->mo->resume;

		qsort(front, n_front, sizeof(*front), NAME(front_cmp_));
		for (size_t i = 0; i < n_front; i++)
			D.front_hash += HASH(front[i]);
		if (r && r->depth_first && r->bound == U && r->layer == d0 &&
		    r->states == n_front && r->front_hash == D.front_hash &&
		    r->done <= n_front)
			D.next_i = D.done = r->done;
		D.last_mark = sh_now();
	}
	pthread_mutex_init(&D.lock, NULL);
	pthread_mutex_init(&D.take, NULL);
	if ((size_t)nt > n_front)
		nt = (int)n_front;
	if (nt < 1)
		nt = 1;
	W = calloc((size_t)nt, sizeof(*W));
	if (!W) {
		pthread_mutex_destroy(&D.lock);
		pthread_mutex_destroy(&D.take);
		return -1;
	}
	for (int t = 0; t < nt; t++) {
		W[t].D = &D;
		W[t].cur = SIZE_MAX; /* none in hand */
	}
	D.w = W;
	D.nt = nt;
	peg_pool_run(NULL, NAME(dfs_worker_run_), W, sizeof(*W), nt);
	D.nodes = 0;
	for (int t = 0; t < nt; t++)
		D.nodes += W[t].nodes;
	NAME(dfs_mark_)(&D, 1);
	for (int t = 0; t < nt; t++) {
		S->nodes += W[t].nodes;
		*pruned |= W[t].pruned;
		for (int g = 0; g < WBITS + 2; g++)
			free(W[t].buf[g].c);
	}
	if (D.fail)
		rc = -1;
	*found |= *want & ~NAME(want_get_)(&D);
	*want = NAME(want_get_)(&D);
	free(W);
	pthread_mutex_destroy(&D.lock);
	pthread_mutex_destroy(&D.take);
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
int SH(_bfhs)(SEARCH *S, CW start, CW *targets_io,
	      struct hit *hits, int *iterations, int stop_first, int max_u,
	      int min_u, CW *unsolvable)
{
	const REGIONS *R = S->reg;
	CW targets = *targets_io;
	int U = SH(_bound)(R, start, targets), U0 = U, checked = 0, rc = 0;
	KIDS cur = {0}, next = {0};
	CW *chain = NULL;
	size_t prev_n;

	if (POPC(start) == 1) {
		int h = CTZ(start);

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
		if (NAME(tt_alloc_)(&S->tt, slots))
			return -1;
	}
	chain = malloc(((size_t)S->b->n_holes + 2) * sizeof(*chain));
	if (!chain)
		return -1;
	for (; targets && (!max_u || U <= max_u); U++) {
		CW found = 0;
		int pruned = 0, d;

		(*iterations)++;
		NAME(tt_clear_)(&S->tt);
		cur.n = 0;
		if (NAME(tt_insert_)(&S->tt, CANON(S, start), 0) < 0) {
			rc = -1;
			break;
		}
		KIDS_PUSH(&cur, CANON(S, start));
		for (d = 0, prev_n = 0; d < U && cur.n; d++) {
			CW hp[WBITS] = {0};
			int hl[WBITS] = {0};
			KIDS t;
			/* layer d + 1 predicted (by the last growth ratio) to
			 * pass the cap: finish depth first now rather than
			 * fill the table with a layer that will not fit */
			int full = S->dfs && S->b->n_holes <= DT_HOLES &&
				   prev_n && d + 1 < U - 1 &&
				   (double)S->tt.used + (double)cur.n *
				   (double)cur.n / (double)prev_n >
				   TT_PREDICT * (double)S->max_states;

			next.n = 0;
			if (!full) {
				full = NAME(layer_run_)(S, cur.c, cur.n, d, U,
						 targets & ~found, &next, hp,
						 hl, &pruned) != 0;
				if (!full)
					S->nodes += cur.n;
			}
			if (full) {
				/* the table is full: finish this bound depth
				 * first from layer d (complete) */
				CW want = targets & ~found;

				if (!S->dfs ||
				    NAME(dfs_complete_)(S, start, cur.c, cur.n,
							d, U, stop_first,
							&want, &found,
						 hits, &pruned))
					rc = -1;
				cur.n = 0;
				break;
			}
			if (S->tt.used > S->peak)
				S->peak = S->tt.used;
			if (S->mo && S->mo->mark) {
				struct peg_shortest_mark m = {0};

				m.bound = U;
				m.layer = d + 1;
				m.states = next.n;
				m.stored = S->tt.used;
				m.nodes = S->nodes;
				S->mo->mark(S->mo->mark_ctx, &m);
			}
			for (int h0 = 0; h0 < WBITS; h0++) {
				CW o, par = 0;
				int mv, lz = 0, h;

				if (!hp[h0] || (found >> h0 & 1))
					continue;
				o = SH(_orbit_mask)(S, h0);
				found |= o;
				h = CTZ(o);
				for (CW x = o; x; x &= x - 1) {
					int g = CTZ(x);

					if (hp[g] &&
					    NAME(hit_better_)(hp[g], hl[g], par,
							      lz)) {
						par = hp[g];
						lz = hl[g];
					}
				}
				/* lz: the parent is the untested layer d + 1 */
				mv = d + 1 + lz;
				hits[h].moves = mv;
				if (NAME(chain_back_)(S, start, par, mv,
						      chain)) {
					rc = -1;
					break;
				}
				hits[h].jumps = NAME(rebuild_)(
					S, start, chain, mv, o,
					&hits[h].n_jumps, &hits[h].hole);
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
			CW left = targets;

			checked = 1;
			while (left) {
				int h = CTZ(left);
				/* stopping at the first solution: any target */
				CW o = stop_first ? left
							: SH(_orbit_mask)(S, h);
				int r = SH(_reach)(S, start, o);

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
