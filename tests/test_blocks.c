/* test_blocks.c - the shared building blocks of the engines: the worker
 * pool (pool.h) runs every record exactly once, with threads made per
 * call or kept between calls; the symmetry helpers (symmetry.h) agree
 * with brute force over the boards' groups (T5 and T7: 6 symmetries,
 * English: 8, seed 001's groups); the code map template
 * (codemap_impl.h) finds every key it was given and none other. */
#include "check.h"
#include "pegsol/board.h"
#include "pegsol/pos.h"

#include "pool.h"
#include "symmetry.h"

#include <stdint.h>
#include <stdlib.h>

/* ---- pool ---- */

struct rec {
	int index;
	int runs;
	int *total;
};

static void *bump(void *arg)
{
	struct rec *r = arg;

	r->runs++;
	__atomic_fetch_add(r->total, 1, __ATOMIC_RELAXED);
	return NULL;
}

static int run_all(struct peg_pool *p, int n)
{
	struct rec *r = calloc((size_t)n, sizeof(*r));
	int total = 0, once = 1;

	for (int t = 0; t < n; t++) {
		r[t].index = t;
		r[t].total = &total;
	}
	peg_pool_run(p, bump, r, sizeof(*r), n);
	for (int t = 0; t < n; t++)
		once &= r[t].runs == 1;
	free(r);
	return once && total == n;
}

static void test_pool(void)
{
	static const int ns[] = {1, 2, 3, 7, 16, 64, 65, 100};
	static const int helpers[] = {0, 1, 3, 15, 63};

	for (size_t i = 0; i < sizeof(ns) / sizeof(ns[0]); i++)
		CHECK(run_all(NULL, ns[i]), "no pool, %d records", ns[i]);
	for (size_t h = 0; h < sizeof(helpers) / sizeof(helpers[0]); h++) {
		struct peg_pool *p = peg_pool_new(helpers[h]);
		int ok = 1;

		CHECK(p != NULL, "pool of %d helpers", helpers[h]);
		if (!p)
			continue;
		CHECK(peg_pool_threads(p) <= helpers[h], "threads of a pool");
		for (int round = 0; round < 40; round++)
			for (size_t i = 0; i < sizeof(ns) / sizeof(ns[0]); i++)
				ok &= run_all(p, ns[i]);
		CHECK(ok, "pool of %d helpers, 40 rounds", helpers[h]);
		peg_pool_free(p);
	}
	peg_pool_free(NULL);
	CHECK_INT(peg_pool_threads(NULL), 0, "threads of no pool");
}

/* ---- symmetry ---- */

static const int *perm(const struct peg_board *b, int s)
{
	return b->sym + (size_t)s * b->n_holes;
}

static void test_symmetry_board(const char *spec, int want_syms)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(spec, &err);
	int n, ns, *out, *inv, ok;
	struct peg_symtab64 *t;
	unsigned char *pegs;
	uint64_t *tab, x = 0x9e3779b97f4a7c15ULL;

	CHECK(b != NULL, "%s: %s", spec, b ? "" : err.msg);
	if (!b)
		return;
	n = b->n_holes;
	ns = b->n_syms;
	CHECK_INT(ns, want_syms, spec);
	out = malloc((size_t)ns * sizeof(int));
	inv = malloc((size_t)ns * sizeof(int));
	pegs = malloc((size_t)n);
	tab = malloc((size_t)(n + 7) / 8 * 256 * sizeof(uint64_t));
	t = peg_symtab64_new(b);
	/* the whole group, then the stabiliser of every hole */
	CHECK_INT(pegsym_fixing(b, -1, NULL, out), ns, "whole group");
	CHECK_INT(out[0], 0, "identity first");
	ok = 1;
	for (int h = 0; h < n; h++) {
		int m = pegsym_fixing(b, h, NULL, out), k = 0;

		for (int s = 0; s < ns; s++)
			if (perm(b, s)[h] == h)
				ok &= k < m && out[k++] == s;
		ok &= k == m && pegsym_fixing(b, h, NULL, NULL) == m;
	}
	CHECK(ok, "%s: the stabiliser of every hole", spec);
	/* a position with one peg: its stabiliser is the hole's */
	ok = 1;
	for (int h = 0; h < n; h++) {
		memset(pegs, 0, (size_t)n);
		pegs[h] = 1;
		ok &= pegsym_fixing(b, -1, pegs, NULL) ==
		      pegsym_fixing(b, h, NULL, NULL);
	}
	CHECK(ok, "%s: stabiliser of a one-peg position", spec);
	/* inverses compose to the identity */
	pegsym_inverses(b, inv);
	ok = 1;
	for (int s = 0; s < ns; s++)
		for (int h = 0; h < n; h++)
			ok &= perm(b, inv[s])[perm(b, s)[h]] == h;
	CHECK(ok, "%s: inverses", spec);
	/* byte tables, canonical codes and fixed codes against pos.h */
	ok = 1;
	for (int s = 0; s < ns && t; s++) {
		pegsym_byte_table(perm(b, s), n, 1, tab);
		for (int r = 0; r < 200; r++) {
			uint64_t code, img = 0;

			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			code = n < 64 ? x & ((1ULL << n) - 1) : x;
			for (int k = 0; k < (n + 7) / 8; k++)
				img |= tab[(size_t)k * 256 + (code >> (8 * k) & 0xff)];
			ok &= img == peg_symtab64_apply(t, s, code);
		}
	}
	CHECK(ok, "%s: byte tables", spec);
	if (t) {
		int all[64];
		uint64_t full = n < 64 ? (1ULL << n) - 1 : ~0ULL, c = 5;

		for (int s = 0; s < ns; s++)
			all[s] = s;
		CHECK(pegsym_canon64(t, all, ns, c) == peg_symtab64_canon(t, c),
		      "%s: canonical code", spec);
		CHECK_INT(pegsym_fixing_codes64(t, &full, 1, out), ns,
			  "the full board is fixed by all");
		ok = 1;
		for (int h = 0; h < n; h++) {
			uint64_t one = 1ULL << h;

			ok &= pegsym_fixing_codes64(t, &one, 1, out) ==
			      pegsym_fixing(b, h, NULL, NULL);
		}
		CHECK(ok, "%s: fixed codes", spec);
	}
	peg_symtab64_free(t);
	free(tab);
	free(pegs);
	free(inv);
	free(out);
	peg_board_free(b);
}

/* ---- code map ---- */

struct cm_slot {
	uint64_t key;
	int val;
};

static inline size_t cm_hash(uint64_t k)
{
	return (size_t)(k * 0x9e3779b97f4a7c15ULL >> 20);
}

#define CM(x) cmap##x
#define CM_KEY uint64_t
#define CM_SLOT struct cm_slot
#define CM_HASH cm_hash
#define CM_FULL(n, size) (2 * (n) > (size))
#define CM_MIN 16
#include "codemap_impl.h"

static void test_codemap(void)
{
	struct cmap_t m;
	int ok = 1, n = 100000;

	CHECK_INT(cmap_init(&m, 1), 0, "map init");
	for (int i = 1; i <= n; i++) {
		struct cm_slot *s = cmap_add(&m, (uint64_t)i * 7919);

		ok &= s && s->val == 0;
		if (s)
			s->val = i;
	}
	CHECK(ok, "map add");
	CHECK_INT(m.n, n, "map entries");
	CHECK(2 * m.n <= m.mask + 1, "map at most half full");
	ok = 1;
	for (int i = 1; i <= n; i++) {
		struct cm_slot *s = cmap_find(&m, (uint64_t)i * 7919);

		ok &= s && s->val == i && !cmap_find(&m, (uint64_t)i * 7919 + 1);
		ok &= cmap_add(&m, (uint64_t)i * 7919) == s;
	}
	CHECK(ok, "map find");
	CHECK_INT(m.n, n, "adding a key again adds nothing");
	cmap_clear(&m);
	CHECK(m.n == 0 && !cmap_find(&m, 7919), "map clear");
	cmap_free(&m);
}

int main(void)
{
	test_pool();
	test_symmetry_board("triangle:5", 6);
	test_symmetry_board("triangle:7", 6);
	test_symmetry_board("english", 8);
	test_codemap();
	return check_done();
}
