/* heur_beam.h - the beam search of the heuristic engine (heuristic.h):
 * layers by pegs left, each expanded by the search's worker pool
 * into per-worker candidate buffers, the best `width` distinct canonical
 * codes kept.  Part of heur_body.h (same HW_NW, HN and helpers); not a
 * header of its own. */

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
		peg_pool_run(B->pool, HN(pl_worker), jobs, sizeof(jobs[0]), nt);
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
