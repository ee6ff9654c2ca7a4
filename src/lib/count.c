/* count.c - number of solutions by paths through the winning graph
 * (count.h).
 *
 * Each winning level W_m gets an open-addressing table of its codes (slot
 * array of 2^k codes, 0 = empty, at most half full) with the path counts
 * kept beside the slots, so a child costs one probe sequence.  For a
 * complement problem the walk stops half way (meet in the middle): the
 * number of paths from x to the finish is the number of paths from the
 * start to the complement of x, so with t(x) = T(O)/|O| per position
 *
 *     count = sum over orbits O in W_m of T(O) / |O| * T(orbit of ~x)
 *
 * at m = floor(N/2), and only the levels from the start down to m are
 * walked.  The counts are unsigned __int128 with overflow checks; on
 * overflow the full walk runs again on GMP integers.
 */
#include "pegsol/count.h"

#include "pegsol/fast.h"

#include "symv.h"

#include <gmp.h>
#include <stdlib.h>
#include <string.h>

struct slot {
	uint64_t code; /* 0 = empty */
	uint64_t pad;
	peg_u128 val;  /* the path count (the __int128 walk) */
};

struct table {
	struct slot *slot; /* 2^bits slots: code and count share a line */
	int bits;
	mpz_t *z;          /* per slot (the GMP walk), or NULL */
};

static size_t hash(uint64_t x, int bits)
{
	x ^= x >> 29;
	return (size_t)((x * 0x9e3779b97f4a7c15ULL) >> (64 - bits));
}

/* A spare slot array: the walk hands back the tables it is done with, so
 * the next level reuses their memory instead of faulting in new pages. */
struct spare {
	struct slot *slot;
	size_t n;
};

static int table_build(struct table *t, const struct peg_level *l,
		       struct spare *sp)
{
	size_t mask;

	t->bits = 4;
	while (((size_t)1 << t->bits) < l->n + l->n / 3 + 2)
		t->bits++; /* at most 3/4 full */
	mask = ((size_t)1 << t->bits) - 1;
	if (sp && sp->slot && sp->n >= mask + 1) {
		t->slot = sp->slot;
		sp->slot = NULL;
	} else {
		t->slot = symv_big_alloc((mask + 1) * sizeof(struct slot));
	}
	if (!t->slot)
		return -1;
	memset(t->slot, 0, (mask + 1) * sizeof(struct slot));
	for (size_t i = 0; i < l->n; i++) {
		size_t h = hash(l->code[i], t->bits);

		while (t->slot[h].code)
			h = (h + 1) & mask;
		t->slot[h].code = l->code[i];
	}
	return 0;
}

static long table_find(const struct table *t, uint64_t code)
{
	size_t mask = ((size_t)1 << t->bits) - 1;

	for (size_t h = hash(code, t->bits);; h = (h + 1) & mask) {
		uint64_t v = t->slot[h].code;

		if (v == code)
			return (long)h;
		if (!v)
			return -1;
	}
}

static void table_release(struct table *t)
{
	size_t n = (size_t)1 << t->bits;

	if (t->z)
		for (size_t i = 0; i < n; i++)
			mpz_clear(t->z[i]);
	free(t->z);
	free(t->slot);
	memset(t, 0, sizeof(*t));
}

static int table_gmp(struct table *t)
{
	size_t n = (size_t)1 << t->bits;

	t->z = malloc(n * sizeof(mpz_t));
	if (!t->z)
		return -1;
	for (size_t i = 0; i < n; i++)
		mpz_init(t->z[i]);
	return 0;
}

struct walk {
	const struct peg_sets *s;
	const struct peg_fast64 *f;
	uint64_t *sflip; /* nj * ng, jump-major */
	int ng, nj;
	const int *from_first; /* the board's jump_first */
	uint64_t edges;
	struct symv v;
};

/* Add the count of slot i of cur to the child c in next: 1 on overflow. */
static inline int push(struct walk *w, struct table *cur, size_t i,
		       struct table *next, uint64_t c, int gmp)
{
	long j = table_find(next, c);

	if (j < 0)
		return 0;
	w->edges++;
	if (gmp) {
		mpz_add(next->z[j], next->z[j], cur->z[i]);
		return 0;
	}
	return __builtin_add_overflow(next->slot[j].val, cur->slot[i].val,
				      &next->slot[j].val);
}

#if SYMV_X86
__attribute__((target("avx512f"))) static int
walk_level_simd(struct walk *w, struct table *cur, struct table *next, int gmp)
{
	size_t nslot = (size_t)1 << cur->bits;
	uint64_t kid[256];

	for (size_t i = 0; i < nslot; i++) {
		uint64_t p = cur->slot[i].code;
		__m512i img;
		int m = 0;

		if (!p || (gmp ? mpz_sgn(cur->z[i]) == 0 : cur->slot[i].val == 0))
			continue;
		img = symv_images(&w->v, p);
		/* all children first, their slots prefetched, then the adds */
		for (uint64_t q = p; q; q &= q - 1) {
			int h = __builtin_ctzll(q);

			for (int k = w->from_first[h];
			     k < w->from_first[h + 1] && m < 256; k++)
				if (peg_fast64_legal(w->f, k, p)) {
					kid[m] = symv_child(&w->v, img, k);
					__builtin_prefetch(
						&next->slot[hash(kid[m], next->bits)]);
					m++;
				}
		}
		for (int j = 0; j < m; j++)
			if (push(w, cur, i, next, kid[j], gmp))
				return 1;
	}
	return 0;
}
#endif

/* Push the counts of level `cur` along every jump into level `next`.
 * gmp: use the mpz values.  Returns 1 on __int128 overflow. */
static int walk_level(struct walk *w, struct table *cur, struct table *next,
		      int gmp)
{
	const struct peg_sets *s = w->s;
	size_t nslot = (size_t)1 << cur->bits;
	uint64_t img[64];
	int ng = w->ng;

#if SYMV_X86
	if (w->v.simd)
		return walk_level_simd(w, cur, next, gmp);
#endif
	for (size_t i = 0; i < nslot; i++) {
		uint64_t p = cur->slot[i].code;

		if (!p || (gmp ? mpz_sgn(cur->z[i]) == 0 : cur->slot[i].val == 0))
			continue;
		for (int g = 1; g < ng; g++)
			img[g] = peg_symtab64_apply(s->symtab, s->group[g], p);
		for (uint64_t q = p; q; q &= q - 1) {
			int h = __builtin_ctzll(q);

			for (int k = w->from_first[h]; k < w->from_first[h + 1];
			     k++) {
				const uint64_t *sf = w->sflip + (size_t)k * ng;
				uint64_t c;

				if (!peg_fast64_legal(w->f, k, p))
					continue;
				c = p ^ sf[0];
				for (int g = 1; g < ng; g++) {
					uint64_t y = img[g] ^ sf[g];

					if (y < c)
						c = y;
				}
				if (push(w, cur, i, next, c, gmp))
					return 1;
			}
		}
	}
	return 0;
}

void peg_count_result_release(struct peg_count_result *r)
{
	if (!r)
		return;
	free(r->text);
	r->text = NULL;
}

static int fixes(const struct peg_sets *s, uint64_t code)
{
	for (int g = 0; g < s->n_group; g++)
		if (peg_symtab64_apply(s->symtab, s->group[g], code) != code)
			return 0;
	return 1;
}

static uint64_t canon(const struct peg_sets *s, uint64_t x)
{
	uint64_t m = x;

	for (int g = 1; g < s->n_group; g++) {
		uint64_t y = peg_symtab64_apply(s->symtab, s->group[g], x);

		if (y < m)
			m = y;
	}
	return m;
}

static int orbit_size(const struct peg_sets *s, uint64_t x)
{
	int fixed = 0;

	for (int g = 0; g < s->n_group; g++)
		fixed += peg_symtab64_apply(s->symtab, s->group[g], x) == x;
	return s->n_group / fixed;
}

/* Meet in the middle at level m (complement problems): 0 and *total, or
 * 1 on overflow. */
static int meet(const struct peg_sets *s, const struct table *lo,
		const struct table *hi, uint64_t full, peg_u128 *total)
{
	size_t nslot = (size_t)1 << lo->bits;
	peg_u128 sum = 0;

	for (size_t i = 0; i < nslot; i++) {
		uint64_t x = lo->slot[i].code;
		peg_u128 prod;
		long j;

		if (!x || !lo->slot[i].val)
			continue;
		j = table_find(hi, canon(s, full ^ x));
		if (j < 0 || !hi->slot[j].val)
			continue;
		if (__builtin_mul_overflow(lo->slot[i].val /
						   (unsigned)orbit_size(s, x),
					   hi->slot[j].val, &prod) ||
		    __builtin_add_overflow(sum, prod, &sum))
			return 1;
	}
	*total = sum;
	return 0;
}

int peg_count_sets(const struct peg_board *b, const struct peg_sets *s,
		   struct peg_count_result *r, struct peg_err *err)
{
	struct walk w = {0};
	struct peg_fast64 *fast = peg_fast64_new(b);
	struct table *tab = NULL;
	struct spare sp = {0};
	int ns = s->start_pegs, nf = s->finish_pegs, rc = -1, over = 0;
	int n = s->n_holes, stop = nf;
	peg_u128 total = 0;
	char buf[48];

	memset(r, 0, sizeof(*r));
	if (!fixes(s, s->start) || (!s->anywhere && !fixes(s, s->finish))) {
		peg_err_set(err, "counting needs sets reduced by symmetries "
			    "that fix the start and the finish");
		peg_fast64_free(fast);
		return -1;
	}
	if (s->complement && n / 2 >= nf && n / 2 <= ns)
		stop = n / 2; /* meet in the middle */
	for (int m = stop; m <= ns; m++)
		if (!s->W[m].have) {
			peg_err_set(err, "the winning set with %d pegs is "
				    "missing", m);
			peg_fast64_free(fast);
			return -1;
		}
	w.s = s;
	w.f = fast;
	w.from_first = b->jump_first;
	w.ng = s->n_group;
	w.nj = b->n_jumps;
	w.sflip = malloc(sizeof(uint64_t) * (size_t)(w.ng * w.nj + 1));
	tab = calloc((size_t)n + 1, sizeof(*tab));
	if (!w.f || !w.sflip || !tab ||
	    symv_init(&w.v, s->symtab, s->group, w.ng, w.f->flip, w.nj))
		goto nomem;
	for (int g = 0; g < w.ng; g++)
		for (int k = 0; k < w.nj; k++)
			w.sflip[(size_t)k * w.ng + g] = peg_symtab64_apply(
				s->symtab, s->group[g], w.f->flip[k]);
	for (int m = nf; m <= ns; m++)
		if (s->W[m].have)
			r->positions += s->W[m].n;
	if (table_build(&tab[ns], &s->W[ns], NULL))
		goto nomem;
	if (s->W[ns].n == 1)
		tab[ns].slot[table_find(&tab[ns], s->W[ns].code[0])].val = 1;
	for (int m = ns; m > stop && !over; m--) {
		if (table_build(&tab[m - 1], &s->W[m - 1], &sp))
			goto nomem;
		over = walk_level(&w, &tab[m], &tab[m - 1], 0);
		if (m != n - stop || stop == nf) {
			/* done with level m: keep the larger array as spare */
			size_t k = (size_t)1 << tab[m].bits;

			if (!sp.slot || k > sp.n) {
				free(sp.slot);
				sp.slot = tab[m].slot;
				sp.n = k;
				tab[m].slot = NULL;
			}
			table_release(&tab[m]);
		}
	}
	if (!over && stop != nf) {
		over = meet(s, &tab[stop], &tab[n - stop], fast->full, &total);
	} else if (!over) {
		size_t ns_ = (size_t)1 << tab[nf].bits;

		for (size_t i = 0; i < ns_ && !over; i++)
			over = __builtin_add_overflow(total, tab[nf].slot[i].val,
						      &total);
	}
	if (!over) {
		r->value = total;
		r->text = strdup(peg_u128_str(total, buf));
		if (!r->text)
			goto nomem;
	} else {
		/* the full walk on GMP integers */
		mpz_t sum;

		r->wide = 1;
		w.edges = 0;
		for (int m = nf; m <= ns; m++) {
			if (!tab[m].slot && table_build(&tab[m], &s->W[m], NULL))
				goto nomem;
			if (table_gmp(&tab[m]))
				goto nomem;
		}
		if (s->W[ns].n == 1)
			mpz_set_ui(tab[ns].z[table_find(&tab[ns],
							s->W[ns].code[0])], 1);
		for (int m = ns; m > nf; m--)
			walk_level(&w, &tab[m], &tab[m - 1], 1);
		mpz_init(sum);
		for (size_t i = 0; i < (size_t)1 << tab[nf].bits; i++)
			mpz_add(sum, sum, tab[nf].z[i]);
		r->text = mpz_get_str(NULL, 10, sum);
		mpz_clear(sum);
		if (!r->text)
			goto nomem;
	}
	r->edges = w.edges;
	rc = 0;
nomem:
	if (rc)
		peg_err_set(err, "out of memory counting solutions");
	for (int m = 0; tab && m <= n; m++)
		table_release(&tab[m]);
	free(sp.slot);
	free(tab);
	free(w.sflip);
	symv_release(&w.v);
	peg_fast64_free(fast);
	return rc;
}

int peg_count_solutions(const struct peg_board *b, const struct peg_problem *p,
			int threads, struct peg_count_result *r,
			struct peg_sets **sets_out, struct peg_err *err)
{
	struct peg_sets_opts o = {0};

	o.threads = threads;
	return peg_count_solutions_opts(b, p, &o, r, sets_out, err);
}

int peg_count_solutions_opts(const struct peg_board *b,
			     const struct peg_problem *p,
			     const struct peg_sets_opts *oin,
			     struct peg_count_result *r,
			     struct peg_sets **sets_out, struct peg_err *err)
{
	struct peg_sets_opts o = {0};
	struct peg_sets *s;
	int rc;

	memset(r, 0, sizeof(*r));
	if (oin) {
		o.threads = oin->threads;
		o.memory = oin->memory;
		o.partitions = oin->partitions;
		o.tmpdir = oin->tmpdir;
	}
	o.group = PEG_GROUP_STAB;
	o.no_losers = 1;
	o.half = 1;
	o.lift = 1;
	if (peg_sets_compute(b, p, &o, &s, err))
		return -1;
	rc = peg_count_sets(b, s, r, err);
	if (sets_out && !rc)
		*sets_out = s;
	else
		peg_sets_free(s);
	return rc;
}
