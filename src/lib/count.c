/* count.c - number of solutions by paths through the winning graph
 * (count.h). */
#include "pegsol/count.h"

#include "pegsol/fast.h"

#include <gmp.h>
#include <stdlib.h>
#include <string.h>

/* Index of W_n codes: open addressing over slot -> index + 1 (0 empty). */
struct index {
	uint32_t *slot;
	int bits;
	const uint64_t *code;
};

static size_t hash(uint64_t x, int bits)
{
	x ^= x >> 31;
	return (size_t)((x * 0x9e3779b97f4a7c15ULL) >> (64 - bits));
}

static int index_build(struct index *ix, const struct peg_level *l)
{
	size_t mask;

	ix->bits = 4;
	while (((size_t)1 << ix->bits) < 2 * l->n + 2)
		ix->bits++;
	ix->slot = calloc((size_t)1 << ix->bits, sizeof(uint32_t));
	ix->code = l->code;
	if (!ix->slot || l->n >= UINT32_MAX)
		return -1;
	mask = ((size_t)1 << ix->bits) - 1;
	for (size_t i = 0; i < l->n; i++) {
		size_t h = hash(l->code[i], ix->bits);

		while (ix->slot[h])
			h = (h + 1) & mask;
		ix->slot[h] = (uint32_t)(i + 1);
	}
	return 0;
}

static long index_find(const struct index *ix, uint64_t code)
{
	size_t mask = ((size_t)1 << ix->bits) - 1;

	for (size_t h = hash(code, ix->bits);; h = (h + 1) & mask) {
		uint32_t v = ix->slot[h];

		if (!v)
			return -1;
		if (ix->code[v - 1] == code)
			return (long)v - 1;
	}
}

/* The walk: for mode 0 unsigned __int128 (returns 1 on overflow), mode 1
 * GMP. */
struct walk {
	const struct peg_sets *s;
	const struct peg_fast64 *f;
	uint64_t *sflip; /* ng * nj */
	int ng, nj;
	const int *from_first; /* the board's jump_first */
	uint64_t edges;
};

/* Canonical children of parent p that lie in the next level; calls back
 * with their index. */
static int walk_level(struct walk *w, int n, const struct index *ix,
		      peg_u128 *cur, peg_u128 *next, mpz_t *zcur, mpz_t *znext)
{
	const struct peg_sets *s = w->s;
	const struct peg_level *l = &s->W[n];
	uint64_t img[64];

	for (size_t i = 0; i < l->n; i++) {
		uint64_t p = l->code[i];

		if (cur ? cur[i] == 0 : mpz_sgn(zcur[i]) == 0)
			continue;
		for (int g = 1; g < w->ng; g++)
			img[g] = peg_symtab64_apply(s->symtab, s->group[g], p);
		for (uint64_t q = p; q; q &= q - 1) {
		    int h = __builtin_ctzll(q);

		    for (int e = w->from_first[h]; e < w->from_first[h + 1];
			 e++) {
			int k = e; /* board jumps are sorted by from */
			uint64_t c;
			long j;

			if (!peg_fast64_legal(w->f, k, p))
				continue;
			c = p ^ w->sflip[k];
			for (int g = 1; g < w->ng; g++) {
				uint64_t y = img[g] ^ w->sflip[(size_t)g * w->nj + k];

				if (y < c)
					c = y;
			}
			j = index_find(ix, c);
			if (j < 0)
				continue;
			w->edges++;
			if (cur) {
				if (__builtin_add_overflow(next[j], cur[i],
							   &next[j]))
					return 1;
			} else {
				mpz_add(znext[j], znext[j], zcur[i]);
			}
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

int peg_count_sets(const struct peg_board *b, const struct peg_sets *s,
		   struct peg_count_result *r, struct peg_err *err)
{
	struct walk w = {0};
	struct peg_fast64 *fast = peg_fast64_new(b);
	struct index *ix = NULL;
	peg_u128 **val = NULL;
	int ns = s->start_pegs, nf = s->finish_pegs, rc = -1, over = 0;
	int n = s->n_holes;

	memset(r, 0, sizeof(*r));
	if (!fixes(s, s->start) || (!s->anywhere && !fixes(s, s->finish))) {
		peg_err_set(err, "counting needs sets reduced by symmetries "
			    "that fix the start and the finish");
		return -1;
	}
	for (int m = nf; m <= ns; m++)
		if (!s->W[m].have) {
			peg_err_set(err, "the winning set with %d pegs is "
				    "missing", m);
			return -1;
		}
	w.s = s;
	w.f = fast;
	w.from_first = b->jump_first;
	w.ng = s->n_group;
	w.nj = b->n_jumps;
	w.sflip = malloc(sizeof(uint64_t) * (size_t)(w.ng * w.nj + 1));
	ix = calloc((size_t)n + 1, sizeof(*ix));
	val = calloc((size_t)n + 1, sizeof(*val));
	if (!w.f || !w.sflip || !ix || !val)
		goto nomem;
	for (int g = 0; g < w.ng; g++)
		for (int k = 0; k < w.nj; k++)
			w.sflip[(size_t)g * w.nj + k] = peg_symtab64_apply(
				s->symtab, s->group[g], w.f->flip[k]);
	for (int m = nf; m <= ns; m++) {
		r->positions += s->W[m].n;
		if (index_build(&ix[m], &s->W[m]))
			goto nomem;
		val[m] = calloc(s->W[m].n + 1, sizeof(peg_u128));
		if (!val[m])
			goto nomem;
	}
	if (s->W[ns].n == 1)
		val[ns][0] = 1; /* W_ns = {start}, else unsolvable: all 0 */
	for (int m = ns; m > nf && !over; m--)
		over = walk_level(&w, m, &ix[m - 1], val[m], val[m - 1], NULL,
				  NULL);
	if (!over) {
		peg_u128 total = 0;
		char buf[48];

		for (size_t i = 0; i < s->W[nf].n && !over; i++)
			over = __builtin_add_overflow(total, val[nf][i], &total);
		if (!over) {
			r->value = total;
			r->text = strdup(peg_u128_str(total, buf));
			if (!r->text)
				goto nomem;
		}
	}
	if (over) {
		/* the same walk on GMP integers */
		mpz_t *zc = NULL, *zn = NULL, total;
		size_t ncur;

		r->wide = 1;
		w.edges = 0;
		mpz_init(total);
		ncur = s->W[ns].n;
		zc = malloc(sizeof(mpz_t) * (ncur + 1));
		if (!zc) {
			mpz_clear(total);
			goto nomem;
		}
		for (size_t i = 0; i < ncur; i++)
			mpz_init_set_ui(zc[i], s->W[ns].n == 1);
		for (int m = ns; m > nf; m--) {
			size_t nn = s->W[m - 1].n;

			zn = malloc(sizeof(mpz_t) * (nn + 1));
			if (!zn)
				break;
			for (size_t i = 0; i < nn; i++)
				mpz_init(zn[i]);
			walk_level(&w, m, &ix[m - 1], NULL, NULL, zc, zn);
			for (size_t i = 0; i < ncur; i++)
				mpz_clear(zc[i]);
			free(zc);
			zc = zn;
			zn = NULL;
			ncur = nn;
		}
		for (size_t i = 0; zc && i < ncur; i++) {
			mpz_add(total, total, zc[i]);
			mpz_clear(zc[i]);
		}
		free(zc);
		r->text = mpz_get_str(NULL, 10, total);
		mpz_clear(total);
		if (!r->text)
			goto nomem;
	}
	r->edges = w.edges;
	rc = 0;
nomem:
	if (rc)
		peg_err_set(err, "out of memory counting solutions");
	for (int m = 0; ix && val && m <= n; m++) {
		free(ix[m].slot);
		free(val[m]);
	}
	free(ix);
	free(val);
	free(w.sflip);
	peg_fast64_free(fast);
	return rc;
}

int peg_count_solutions(const struct peg_board *b, const struct peg_problem *p,
			int threads, struct peg_count_result *r,
			struct peg_sets **sets_out, struct peg_err *err)
{
	struct peg_sets_opts o = {0};
	struct peg_sets *s;
	int rc;

	memset(r, 0, sizeof(*r));
	o.group = PEG_GROUP_STAB;
	o.threads = threads;
	o.no_losers = 1;
	o.half = 1;
	if (peg_sets_compute(b, p, &o, &s, err))
		return -1;
	rc = peg_count_sets(b, s, r, err);
	if (sets_out && !rc)
		*sets_out = s;
	else
		peg_sets_free(s);
	return rc;
}
