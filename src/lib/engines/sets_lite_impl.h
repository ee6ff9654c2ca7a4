/* sets_lite_impl.h - the forward pass with the pagoda functions found on
 * the way (opts.prune == 2; sets_prune_lite.h).  Part of the sets body
 * (sets_impl.h includes it once per code width).  The levels are made
 * unpruned down to the first of at least SETS_LITE_LEVEL positions; a few
 * functions are found from that level (sets_prune_lite), which is then
 * pruned, and so is every level after it.  W stays exact (sets.h
 * opts.prune).  128-bit and packed levels: no functions, no pruning.
 *
 * The test of a code is sets_prune.h's (16-bit lanes, four functions a
 * group, one table entry a byte of the code a group) with the groups side
 * by side: row[k][v] holds the entries of byte k with value v of all (up
 * to 8) groups, one 64-byte line, so a code reads one line a byte (5 on
 * the English board) instead of one a byte and a group, and with AVX2 the
 * 8 groups add up in two registers. */

#ifndef SETS_LITE_ONCE
#define SETS_LITE_ONCE

enum { LITE_GROUPS = 8 }; /* groups of 4 tests side by side: 32 tests */

struct lite_tab {
	int nbytes;
	uint64_t init[LITE_GROUPS];
	uint64_t (*row)[256][LITE_GROUPS]; /* nbytes rows */
	int avx2;
};

static void lite_tab_free(struct lite_tab *t)
{
	if (t)
		free(t->row);
	free(t);
}

/* pr's tables side by side, or NULL (more than LITE_GROUPS groups, or out
 * of memory: the caller filters with sets_prune.h's test).  Groups past
 * pr's start at the lanes' mark with entries 0: they pass every code. */
static struct lite_tab *lite_tab_new(const struct peg_prune *pr)
{
	struct lite_tab *t;

	if (pr->ngrp > LITE_GROUPS || pr->int_pegs)
		return NULL;
	t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->nbytes = pr->nbytes;
	t->row = aligned_alloc(64, sizeof(*t->row) * (size_t)pr->nbytes);
	if (!t->row) {
		free(t);
		return NULL;
	}
	memset(t->row, 0, sizeof(*t->row) * (size_t)pr->nbytes);
	for (int g = 0; g < LITE_GROUPS; g++) {
		t->init[g] = g < pr->ngrp ? pr->init[g] : SETS_PRUNE_LANES;
		for (int k = 0; k < pr->nbytes && g < pr->ngrp; k++)
			for (int v = 0; v < 256; v++)
				t->row[k][v][g] =
					pr->tab[((size_t)g * (size_t)pr->nbytes +
						 (size_t)k) * 256 + (size_t)v];
	}
#if SYMV_X86
	t->avx2 = __builtin_cpu_supports("avx2");
#endif
	return t;
}

/* Does code x pass every test (may it reach the goal)? */
static inline int lite_keep(const struct lite_tab *t, uint64_t x)
{
	uint64_t acc[LITE_GROUPS], all = ~(uint64_t)0;

	memcpy(acc, t->init, sizeof(acc));
	for (int k = 0; k < t->nbytes; k++, x >>= 8)
		for (int g = 0; g < LITE_GROUPS; g++)
			acc[g] += t->row[k][x & 0xff][g];
	for (int g = 0; g < LITE_GROUPS; g++)
		all &= acc[g];
	return (all & SETS_PRUNE_LANES) == SETS_PRUNE_LANES;
}

struct lite_work {
	const struct lite_tab *t;
	uint64_t *a;
	size_t lo, hi, kept;
};

#if SYMV_X86
/* The codes of a[lo, hi) that pass, closed up at lo; the kept count. */
__attribute__((target("avx2"))) static size_t
lite_filter_avx2(const struct lite_tab *t, uint64_t *a, size_t lo, size_t hi)
{
	const __m256i i0 = _mm256_loadu_si256((const __m256i *)t->init);
	const __m256i i1 = _mm256_loadu_si256((const __m256i *)t->init + 1);
	const __m256i mark = _mm256_set1_epi64x((long long)SETS_PRUNE_LANES);
	size_t m = lo;

	for (size_t i = lo; i < hi; i++) {
		uint64_t x = a[i], y = x;
		__m256i a0 = i0, a1 = i1;

		for (int k = 0; k < t->nbytes; k++, y >>= 8) {
			const __m256i *r = (const __m256i *)t->row[k][y & 0xff];

			a0 = _mm256_add_epi64(a0, _mm256_load_si256(r));
			a1 = _mm256_add_epi64(a1, _mm256_load_si256(r + 1));
		}
		a[m] = x;
		m += (size_t)_mm256_testc_si256(_mm256_and_si256(a0, a1), mark);
	}
	return m - lo;
}
#endif

static void *lite_work(void *arg)
{
	struct lite_work *w = arg;
	size_t m = w->lo;

#if SYMV_X86
	if (w->t->avx2) {
		w->kept = lite_filter_avx2(w->t, w->a, w->lo, w->hi);
		return NULL;
	}
#endif
	for (size_t i = w->lo; i < w->hi; i++)
		if (lite_keep(w->t, w->a[i]))
			w->a[m++] = w->a[i];
	w->kept = m - w->lo;
	return NULL;
}

/* Drop from the codes a[0 .. *n) those a test cuts, in order, by the
 * workers (a chunk each, then closed up); *n shrinks. */
static void lite_filter(const struct lite_tab *t, uint64_t *a, size_t *n,
			int threads)
{
	struct lite_work w[8];
	int nt = threads < 1 ? 1 : threads > 8 ? 8 : threads;
	size_t at = 0;

	if (*n < 65536)
		nt = 1;
	for (int k = 0; k < nt; k++) {
		w[k].t = t;
		w[k].a = a;
		w[k].lo = *n * (size_t)k / (size_t)nt;
		w[k].hi = *n * (size_t)(k + 1) / (size_t)nt;
	}
	symv_run(lite_work, w, sizeof(w[0]), nt);
	for (int k = 0; k < nt; k++) {
		if (at != w[k].lo)
			memmove(a + at, a + w[k].lo,
				w[k].kept * sizeof(uint64_t));
		at += w[k].kept;
	}
	*n = at;
}

#endif /* SETS_LITE_ONCE */

/* F from top down to bottom, the functions found on the way (s->prune
 * keeps them).  0, or -1 out of memory. */
static int NAME(forward_lite_)(const struct NAME(ctx_) *c,
			       struct peg_sets *s, const struct peg_board *b,
			       const struct peg_problem *p, int top,
			       int bottom, int threads)
{
	struct lite_tab *lt = NULL;
	int rc = -1, tried = WBITS > 64;

	for (int m = top; m > bottom; m--) {
		struct peg_level *l = &s->F[m - 1];

		if (NAME(expand_level_)(c, &s->F[m], l, threads, &s->children,
					c->pack))
			goto out;
		if (!tried && !l->pack && l->n >= SETS_LITE_LEVEL) {
			tried = 1;
			if (sets_prune_lite(b, p, s->group, s->n_group,
					    (const uint64_t *)LC(l), l->n,
					    &s->prune))
				goto out;
			if (s->prune)
				lt = lite_tab_new(s->prune);
		}
		if (lt && !l->pack && WBITS == 64) {
			size_t n0 = l->n;

			lite_filter(lt, (uint64_t *)LC(l), &l->n, threads);
			s->pruned[m - 1] += n0 - l->n;
		} else if (NAME(prune_level_)(c, s->prune, l,
					      &s->pruned[m - 1])) {
			goto out;
		}
		if (NAME(pack_)(c, &s->F[m]))
			goto out;
		progress_level(c->pg, PEG_PHASE_FORWARD, m - 1, l->n);
	}
	rc = NAME(pack_)(c, &s->F[bottom]);
out:
	lite_tab_free(lt);
	return rc;
}
