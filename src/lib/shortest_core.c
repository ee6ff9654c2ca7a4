/* shortest_core.c - the search context of the fewest-moves engine: the
 * move generator over codes, canonical codes, the finish memo, the stored
 * states of the sweep search, jump-level reachability (shortest_int.h). */
#include "shortest_int.h"

#include "pegsol/fast.h"
#include "pegsol/pos.h"

#include <string.h>

int pegsh_fmemo_slot(struct fmemo *m, uint64_t key, size_t *slot)
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

void pegsh_xgen_free(struct xgen *G)
{
	free(G->first);
	free(G->j);
	free(G->fin_ok);
	free(G->land);
	memset(G, 0, sizeof(*G));
}

int pegsh_xgen_init(struct xgen *G, const struct peg_board *b)
{
	int n = b->n_holes;

	memset(G, 0, sizeof(*G));
	G->n_holes = n;
	G->first = malloc(((size_t)n + 1) * sizeof(int));
	G->j = malloc(((size_t)b->n_jumps + 1) * sizeof(*G->j));
	G->fin_ok = calloc((size_t)n + 1, sizeof(uint64_t));
	G->land = calloc((size_t)n + 1, sizeof(uint64_t));
	if (!G->first || !G->j || !G->fin_ok || !G->land) {
		pegsh_xgen_free(G);
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
void pegsh_xgen_from(const struct xgen *G, uint64_t c, uint64_t movers,
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
uint64_t pegsh_xfinish(const struct xgen *G, uint64_t c)
{
	uint64_t out = 0;

	for (uint64_t p = c; p; p &= p - 1) {
		int x = __builtin_ctzll(p);

		if (!((c & ~(1ULL << x)) & ~G->fin_ok[x]))
			out |= xfinish_from(G, c, x);
	}
	return out;
}

int pegsh_search_init(struct search *S, const struct peg_board *b,
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
	if (!S->sym || !S->H || pegsh_xgen_init(&S->xg, b)) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	return 0;
}

void pegsh_search_release(struct search *S)
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
	pegsh_tt_free(&S->tt);
	free(S->dt);
	pegsh_xgen_free(&S->xg);
	for (int t = 0; t < 16; t++)
		free(S->kbuf[t].c);
}

/* Symmetries that fix start and map the target set onto itself. */
void pegsh_set_group(struct search *S, uint64_t start, uint64_t targets)
{
	S->nH = 0;
	for (int s = 0; s < S->sym->n_syms; s++)
		if (peg_symtab64_apply(S->sym, s, start) == start &&
		    peg_symtab64_apply(S->sym, s, targets) == targets)
			S->H[S->nH++] = s;
}

/* Can c reach one peg in a hole of goal?  Depth-first by jumps; positions
 * that cannot are remembered in the memo (its values unused). */
int pegsh_reach(struct search *S, uint64_t c, uint64_t goal)
{
	const struct peg_fast64 *f = S->g.f;
	size_t slot;

	if (S->oom)
		return 0;
	if (__builtin_popcountll(c) == 1)
		return (c & goal) != 0;
	if (pegsh_fmemo_slot(&S->fm, c, &slot)) {
		S->oom = 1;
		return 0;
	}
	if (S->fm.key[slot])
		return 0;
	for (int k = 0; k < f->n_jumps; k++)
		if (peg_fast64_legal(f, k, c) && pegsh_reach(S, c ^ f->flip[k], goal))
			return 1;
	if (S->oom || pegsh_fmemo_slot(&S->fm, c, &slot)) {
		S->oom = 1;
		return 0;
	}
	S->fm.key[slot] = c;
	S->fm.val[slot] = 0;
	S->fm.used++;
	return 0;
}

void pegsh_states_reset(struct search *S)
{
	S->n = 0;
	if (S->tab)
		memset(S->tab, 0, (S->tmask + 1) * sizeof(uint32_t));
}

/* Insert canonical code k with parent p; 1 new, 0 seen, -1 no room. */
int pegsh_states_add(struct search *S, uint64_t k, uint32_t p)
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
void pegsh_map_jumps(const struct peg_board *b, int s, struct peg_jump *j,
		      int n)
{
	const int *p = b->sym + (size_t)s * b->n_holes;

	for (int i = 0; i < n; i++) {
		j[i].from = p[j[i].from];
		j[i].over = p[j[i].over];
		j[i].to = p[j[i].to];
	}
}

/* Orbit of hole h under the search group, as a mask. */
uint64_t pegsh_orbit_mask(const struct search *S, int h)
{
	uint64_t m = 0;

	for (int i = 0; i < S->nH; i++)
		m |= 1ULL << S->b->sym[(size_t)S->H[i] * S->b->n_holes + h];
	return m;
}
