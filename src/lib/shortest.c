/* shortest.c - fewest-move solutions by breadth-first heuristic search over
 * moves with Merson-region lower bounds, and solution catalogs
 * (shortest.h). */
#include "pegsol/shortest.h"

#include "pegsol/fast.h"
#include "pegsol/moves.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"

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
	struct fmemo fm;
	int oom;
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
	S->sym = peg_symtab64_new(b);
	S->H = malloc((size_t)b->n_syms * sizeof(int));
	if (!S->sym || !S->H) {
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

/* Rebuild real jumps from start along the stored canonical chain ending at
 * state idx, then one more move to the single peg at a hole of orbit
 * 'final' (a mask).  Returns a malloc'd jump list or NULL. */
static struct peg_jump *rebuild(struct search *S, uint64_t start,
				uint32_t idx, uint64_t final, int *n_jumps,
				int *final_hole)
{
	const struct peg_board *b = S->b;
	int depth = 0, nj = 0;
	uint32_t *chain, x = idx;
	struct peg_jump *out;
	uint64_t c = start;

	for (uint32_t y = idx; y != UINT32_MAX; y = S->parent[y])
		depth++;
	chain = malloc((size_t)depth * sizeof(*chain));
	out = malloc(((size_t)b->n_holes + 1) * sizeof(*out));
	if (!chain || !out) {
		free(chain);
		free(out);
		return NULL;
	}
	for (int i = depth - 1; i >= 0; i--, x = S->parent[x])
		chain[i] = x;
	/* chain[0] is the start state; walk moves to chain[1..], then final */
	for (int i = 1; i <= depth; i++) {
		int base = S->gj.n, n = peg_mvgen64_push(&S->gj, c), hit = -1;

		for (int m = base; n > 0 && m < base + n && hit < 0; m++) {
			uint64_t a = S->gj.after[m];

			if (i < depth ? canon(S, a) == S->code[chain[i]]
				      : (__builtin_popcountll(a) == 1 &&
					 (a & final)))
				hit = m;
		}
		if (hit < 0) {
			S->gj.n = base;
			free(chain);
			free(out);
			return NULL;
		}
		for (int k = 0; k < peg_mvgen64_len(&S->gj, hit); k++)
			out[nj++] = b->jumps[S->gj.jump[S->gj.first[hit] + k]];
		c = S->gj.after[hit];
		S->gj.n = base;
	}
	free(chain);
	*n_jumps = nj;
	*final_hole = __builtin_ctzll(c);
	return out;
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

/* Breadth-first heuristic search from start for every hole in *targets
 * (closed under the group).  hits[h] is filled for each target hole h that
 * is the least of its orbit; holes proved unreachable are moved from
 * *targets to *unsolvable: either a bound that pruned nothing exhausted the
 * reachable positions, or, once the bound has passed the start's lower
 * bound by PROOF_SLACK, a jump-level search for each remaining finish
 * (stopping at its first solution) says which exist at all.  Returns 0 or -1 (out of resources).  With stop_first, stop after
 * the first bound that reaches a target; max_u > 0 caps the bound. */
#define PROOF_SLACK 2
static int bfhs(struct search *S, uint64_t start, uint64_t *targets_io,
		struct hit *hits, int *iterations, int stop_first, int max_u,
		uint64_t *unsolvable)
{
	const struct regions *R = S->reg;
	uint64_t targets = *targets_io;
	int U = bound(R, start, targets), U0 = U, checked = 0, rc = 0;

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
	for (; targets && (!max_u || U <= max_u); U++) {
		size_t lo, hi;
		uint64_t found = 0;
		int pruned = 0;

		(*iterations)++;
		states_reset(S);
		if (states_add(S, canon(S, start), UINT32_MAX) < 0)
			return -1;
		lo = 0;
		hi = S->n;
		for (int d = 0; d < U && lo < hi; d++) {
			for (size_t i = lo; i < hi; i++) {
				uint64_t c = S->code[i];
				int base = S->g.n, n;

				S->nodes++;
				n = peg_mvgen64_push(&S->g, c);
				if (n < 0)
					return -1;
				for (int m = base; m < base + n; m++) {
					uint64_t a = S->g.after[m];
					int r;

					if (__builtin_popcountll(a) == 1) {
						int h = __builtin_ctzll(a);
						uint64_t o;

						if (!(targets >> h & 1) ||
						    (found >> h & 1))
							continue;
						o = orbit_mask(S, h);
						found |= o;
						h = __builtin_ctzll(o);
						hits[h].moves = d + 1;
						hits[h].jumps = rebuild(
							S, start, (uint32_t)i, o,
							&hits[h].n_jumps,
							&hits[h].hole);
						if (!hits[h].jumps) {
							S->g.n = base;
							return -1;
						}
						continue;
					}
					if (d + 1 + bound(R, a, targets) > U) {
						pruned = 1;
						continue;
					}
					r = states_add(S, canon(S, a),
						       (uint32_t)i);
					if (r < 0) {
						S->g.n = base;
						return -1;
					}
				}
				S->g.n = base;
			}
			lo = hi;
			hi = S->n;
		}
		targets &= ~found;
		if (found && stop_first)
			break;
		if (!pruned && lo == hi) {
			/* every reachable position was expanded */
			*unsolvable |= targets;
			targets = 0;
		}
		if (targets && !checked && U >= U0 + PROOF_SLACK) {
			/* prove the rest solvable, one orbit at a time, by a
			 * jump-level search that stops at the first solution */
			uint64_t left = targets;

			checked = 1;
			while (left) {
				int h = __builtin_ctzll(left);
				uint64_t o = orbit_mask(S, h);
				int r = reach(S, start, o);

				free(S->fm.key);
				free(S->fm.val);
				memset(&S->fm, 0, sizeof(S->fm));
				if (S->oom)
					return -1;
				if (!r) {
					*unsolvable |= o & targets;
					targets &= ~o;
				}
				left &= ~o;
			}
		}
		if (U > S->b->n_holes)
			break;
	}
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
		 opts ? opts->max_moves : 0, &unsolvable)) {
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
	if (!res->solved && opts && opts->max_moves)
		res->capped = 1;
	if (res->solved && verify(b, start, res->jumps, res->n_jumps,
				  res->finish, err)) {
		rc = PEG_SHORTEST_BAD;
		goto out;
	}
out:
	res->nodes = S.nodes;
	res->peak_states = S.peak;
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
	int n, n_unsolvable;
	uint64_t nodes, peak;
	int rc;
	struct peg_err err;
};

struct cat_shared {
	const struct peg_board *b;
	const struct regions *reg;
	const struct basis *B;
	uint64_t max_states;
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
	if (todo && bfhs(S, start, &todo, hits, &it, 0, 0, &unsolv)) {
		for (int h = 0; h < b->n_holes; h++)
			free(hits[h].jumps);
		free(hits);
		peg_err_set(&J->err, "state limit (%llu) or memory exhausted",
			    (unsigned long long)S->max_states);
		return PEG_SHORTEST_RESOURCES;
	}
	/* class-feasible finishes proved unsolvable, up to symmetry */
	for (int f = 0; f < b->n_holes; f++)
		if ((unsolv >> f & 1) && __builtin_ctzll(orbit_mask(S, f)) == f)
			J->n_unsolvable++;
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
		J->rc = cat_one(&S, C, J);
		J->nodes = S.nodes - n0;
		J->peak = S.peak - p0;
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
	pthread_t th[16];
	int nt = opts && opts->threads > 0 ? opts->threads : 2, started = 0;
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
	if (nt > C.n_jobs)
		nt = C.n_jobs;
	for (int i = 0; i < nt; i++)
		if (!pthread_create(&th[i], NULL, cat_worker, &C))
			started++;
	if (!started)
		cat_worker(&C);
	for (int i = 0; i < started; i++)
		pthread_join(th[i], NULL);
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
		if (J->peak > cat->peak_states)
			cat->peak_states = J->peak;
		cat->n_unsolvable += J->n_unsolvable;
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

int peg_sweep_longest(const struct peg_board *b,
		      const struct peg_shortest_opts *opts,
		      struct peg_sweep_result *res, struct peg_err *err)
{
	struct regions R;
	struct search S;
	struct fmemo win = {0};
	struct basis B;
	uint64_t full;
	int rc = PEG_SHORTEST_OK;
	size_t cap_pairs, n_cand = 0, cap_cand = 0;
	struct sweep_cand *cand = NULL;

	memset(res, 0, sizeof(*res));
	if (b->n_holes > 64) {
		peg_err_set(err, "board '%s' has %d holes, sweep handles at "
			    "most 64", b->spec, b->n_holes);
		return PEG_SHORTEST_BAD;
	}
	full = b->n_holes == 64 ? ~0ULL : ((1ULL << b->n_holes) - 1);
	memset(&R, 0, sizeof(R));
	if (search_init(&S, b, &R, opt_max_states(opts), err)) {
		search_release(&S);
		return PEG_SHORTEST_RESOURCES;
	}
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
