/* merson.c - the fewest-moves lower bound (Merson regions, seed 000
 * section 4.1) and the position-class test by a GF(2) basis of the jumps
 * (shortest_int.h). */
#include "shortest_int.h"

#include <string.h>

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

int pegsh_regions_build(const struct peg_board *b, struct regions *r)
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

void pegsh_regions_free(struct regions *r)
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
int pegsh_bound(const struct regions *r, uint64_t c, uint64_t targets)
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

void pegsh_basis_build(const struct peg_board *b, struct basis *B)
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

int pegsh_basis_spans(const struct basis *B, uint64_t x)
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
	pegsh_basis_build(b, &B);
	return pegsh_basis_spans(&B, (full ^ (1ULL << s)) ^ (1ULL << f));
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
	if (pegsh_regions_build(b, &R)) {
		pegsh_regions_free(&R);
		return -1;
	}
	h = pegsh_bound(&R, pos, t);
	pegsh_regions_free(&R);
	return h;
}
