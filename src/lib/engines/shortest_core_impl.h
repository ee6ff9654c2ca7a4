/* shortest_core_impl.h - the fewest-moves engine's search context for
 * one code width: the move generator over codes, canonical codes, the
 * finish memo, the stored states of the sweep search, jump-level
 * reachability (shortest_core.c includes it twice; shortest_int.h). */
#include "codew.h"

int SH(_fmemo_slot)(FMEMO *m, CW key, size_t *slot)
{
	size_t i;

	if (2 * (m->used + 1) > m->mask + 1) {
		size_t n = m->mask ? 2 * (m->mask + 1) : 4096;
		CW *k = calloc(n, sizeof(*k)), *v = malloc(n * sizeof(*v));

		if (!k || !v) {
			free(k);
			free(v);
			return -1;
		}
		for (size_t o = 0; m->mask && o <= m->mask; o++) {
			size_t j;

			if (!m->key[o])
				continue;
			j = HASH(m->key[o]) & (n - 1);
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
	i = HASH(key) & m->mask;
	while (m->key[i] && m->key[i] != key)
		i = (i + 1) & m->mask;
	*slot = i;
	return 0;
}

void SH(_xgen_free)(XGEN *G)
{
	free(G->first);
	free(G->j);
	free(G->fin_ok);
	free(G->land);
	memset(G, 0, sizeof(*G));
}

int SH(_xgen_init)(XGEN *G, const struct peg_board *b)
{
	int n = b->n_holes;

	memset(G, 0, sizeof(*G));
	G->n_holes = n;
	G->first = malloc(((size_t)n + 1) * sizeof(int));
	G->j = malloc(((size_t)b->n_jumps + 1) * sizeof(*G->j));
	G->fin_ok = calloc((size_t)n + 1, sizeof(CW));
	G->land = calloc((size_t)n + 1, sizeof(CW));
	if (!G->first || !G->j || !G->fin_ok || !G->land) {
		SH(_xgen_free)(G);
		return -1;
	}
	for (int h = 0; h <= n; h++)
		G->first[h] = b->jump_first[h];
	for (int k = 0; k < b->n_jumps; k++) {
		const struct peg_jump *p = &b->jumps[k];

		G->j[k].over = (CW)1 << p->over;
		G->j[k].to = (CW)1 << p->to;
		G->j[k].flip = (CW)1 << p->from | (CW)1 << p->over |
			       (CW)1 << p->to;
		G->j[k].to_hole = p->to;
	}
	for (int x = 0; x < n; x++) {
		CW land = (CW)1 << x, prev = 0;

		while (land != prev) {
			prev = land;
			for (int k = 0; k < b->n_jumps; k++)
				if (land >> b->jumps[k].from & 1)
					land |= (CW)1 << b->jumps[k].to;
		}
		G->land[x] = land;
		for (int k = 0; k < b->n_jumps; k++)
			if (land >> b->jumps[k].from & 1)
				G->fin_ok[x] |= (CW)1 << b->jumps[k].over;
	}
	return 0;
}

static void NAME(xchain_)(const XGEN *G, CW c, int h, KIDS *K)
{
	for (int i = G->first[h]; i < G->first[h + 1]; i++) {
		const XJ *j = &G->j[i];

		if ((c & j->over) && !(c & j->to)) {
			CW c2 = c ^ j->flip;

			KIDS_PUSH(K, c2);
			NAME(xchain_)(G, c2, j->to_hole, K);
		}
	}
}

/* Every move of the pegs of c in movers. */
void SH(_xgen_from)(const XGEN *G, CW c, CW movers,
		    KIDS *K)
{
	for (CW p = c & movers; p; p &= p - 1)
		NAME(xchain_)(G, c, CTZ(p), K);
}

/* Holes where one move of the peg at h can leave c as a single peg
 * (depth-first over its chains; rem = pegs still to remove). */
static CW NAME(xfinish_from_)(const XGEN *G, CW c, int h)
{
	CW out = 0;

	for (int i = G->first[h]; i < G->first[h + 1]; i++) {
		const XJ *j = &G->j[i];
		CW c2;

		if (!(c & j->over) || (c & j->to))
			continue;
		c2 = c ^ j->flip;
		if (!(c2 & (c2 - 1)))
			out |= c2;
		else if (!((c2 & ~j->to) & ~G->fin_ok[j->to_hole]))
			out |= NAME(xfinish_from_)(G, c2, j->to_hole);
	}
	return out;
}

/* Holes where one move can leave c (two pegs or more) as a single peg. */
CW SH(_xfinish)(const XGEN *G, CW c)
{
	CW out = 0;

	for (CW p = c; p; p &= p - 1) {
		int x = CTZ(p);

		if (!((c & ~((CW)1 << x)) & ~G->fin_ok[x]))
			out |= NAME(xfinish_from_)(G, c, x);
	}
	return out;
}

int SH(_search_init)(SEARCH *S, const struct peg_board *b,
		     const REGIONS *reg, uint64_t max_states,
		     struct peg_err *err)
{
	memset(S, 0, sizeof(*S));
	S->b = b;
	S->reg = reg;
	S->max_states = max_states;
	if (MVGEN_FN(_init)(&S->g, b, 0, err) ||
	    MVGEN_FN(_init)(&S->gj, b, 1, err))
		return -1;
	S->threads = 1;
	S->sym = SYMTAB_FN(_new)(b);
	S->H = malloc((size_t)b->n_syms * sizeof(int));
	if (!S->sym || !S->H || SH(_xgen_init)(&S->xg, b)) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	return 0;
}

void SH(_search_release)(SEARCH *S)
{
	MVGEN_FN(_release)(&S->g);
	MVGEN_FN(_release)(&S->gj);
	SYMTAB_FN(_free)(S->sym);
	free(S->H);
	free(S->code);
	free(S->parent);
	free(S->tab);
	free(S->fm.key);
	free(S->fm.val);
	SH(_tt_free)(&S->tt);
	free(S->dt);
	SH(_xgen_free)(&S->xg);
	for (int t = 0; t < 16; t++)
		free(S->kbuf[t].c);
}

/* Symmetries that fix start and map the target set onto itself. */
void SH(_set_group)(SEARCH *S, CW start, CW targets)
{
	CW fix[2] = {start, targets};

	S->nH = SYM_FIXING_CODES(S->sym, fix, 2, S->H);
}

/* Can c reach one peg in a hole of goal?  Depth-first by jumps; positions
 * that cannot are remembered in the memo (its values unused). */
int SH(_reach)(SEARCH *S, CW c, CW goal)
{
	const FAST *f = S->g.f;
	size_t slot;

	if (S->oom)
		return 0;
	if (POPC(c) == 1)
		return (c & goal) != 0;
	if (SH(_fmemo_slot)(&S->fm, c, &slot)) {
		S->oom = 1;
		return 0;
	}
	if (S->fm.key[slot])
		return 0;
	for (int k = 0; k < f->n_jumps; k++)
		if (FAST_FN(_legal)(f, k, c) &&
		    SH(_reach)(S, c ^ f->flip[k], goal))
			return 1;
	if (S->oom || SH(_fmemo_slot)(&S->fm, c, &slot)) {
		S->oom = 1;
		return 0;
	}
	S->fm.key[slot] = c;
	S->fm.val[slot] = 0;
	S->fm.used++;
	return 0;
}

void SH(_states_reset)(SEARCH *S)
{
	S->n = 0;
	if (S->tab)
		memset(S->tab, 0, (S->tmask + 1) * sizeof(uint32_t));
}

/* Insert canonical code k with parent p; 1 new, 0 seen, -1 no room. */
int SH(_states_add)(SEARCH *S, CW k, uint32_t p)
{
	size_t i;

	if (2 * (S->n + 1) > S->tmask + 1 || !S->tab) {
		size_t n = S->tab ? 2 * (S->tmask + 1) : 1 << 16;
		uint32_t *t = calloc(n, sizeof(*t));

		if (!t)
			return -1;
		for (size_t x = 0; x < S->n; x++) {
			size_t j = HASH(S->code[x]) & (n - 1);

			while (t[j])
				j = (j + 1) & (n - 1);
			t[j] = (uint32_t)x + 1;
		}
		free(S->tab);
		S->tab = t;
		S->tmask = n - 1;
	}
	i = HASH(k) & S->tmask;
	while (S->tab[i]) {
		if (S->code[S->tab[i] - 1] == k)
			return 0;
		i = (i + 1) & S->tmask;
	}
	if (S->n >= S->max_states || S->n >= 0xfffffff0u)
		return -1;
	if (S->n == S->cap) {
		size_t c = S->cap ? 2 * S->cap : 1 << 15;
		CW *cd = realloc(S->code, c * sizeof(*cd));
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

/* Orbit of hole h under the search group, as a mask. */
CW SH(_orbit_mask)(const SEARCH *S, int h)
{
	CW m = 0;

	for (int i = 0; i < S->nH; i++)
		m |= (CW)1 << S->b->sym[(size_t)S->H[i] * S->b->n_holes + h];
	return m;
}
