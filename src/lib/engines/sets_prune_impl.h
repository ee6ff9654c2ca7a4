/* sets_prune_impl.h - pagoda pruning of a finished forward level
 * (opts.prune; sets_prune.c finds the functions, sets_prune.h tests a
 * code).  Part of the sets body (sets_impl.h includes it once per code
 * width).  The filter runs on a finished level, whatever made it (dense
 * bitmaps, buckets, disk partitions): an array is filtered in place by
 * the workers, a chunk each, then closed up; a packed level is streamed
 * block by block into a new pack.  The codes stay sorted. */

struct NAME(pw_) {
	const struct peg_prune *pr;
	CW *a;
	size_t lo, hi, kept;
	uint64_t cut[PEG_PRUNE_BASE_MAX];
};

static void *NAME(prune_work_)(void *arg)
{
	struct NAME(pw_) *w = arg;
	size_t m = w->lo;

	for (size_t i = w->lo; i < w->hi; i++) {
		CW x = w->a[i];
#if WBITS > 64
		int f = sets_prune_cut(w->pr, (uint64_t)x, (uint64_t)(x >> 64));
#else
		int f = sets_prune_cut(w->pr, x, 0);
#endif

		if (f < 0)
			w->a[m++] = x;
		else
			w->cut[w->pr->fn_base[f]]++;
	}
	w->kept = m - w->lo;
	return NULL;
}

/* Filter a[0..n) in place on the context's workers, a chunk each, then
 * close the kept codes up; the cut counts go to cut.  The codes kept. */
static size_t NAME(prune_span_)(const struct NAME(ctx_) *c,
				const struct peg_prune *pr, CW *a, size_t n,
				uint64_t *cut)
{
	struct NAME(pw_) w[8];
	int nt = c->threads < 1 ? 1 : c->threads > 8 ? 8 : c->threads;
	size_t at = 0;

	if (n < 16384)
		nt = 1;
	memset(w, 0, sizeof(w));
	for (int t = 0; t < nt; t++) {
		w[t].pr = pr;
		w[t].a = a;
		w[t].lo = n * (size_t)t / (size_t)nt;
		w[t].hi = n * (size_t)(t + 1) / (size_t)nt;
	}
	symv_run(NAME(prune_work_), w, sizeof(w[0]), nt);
	for (int t = 0; t < nt; t++) {
		if (at != w[t].lo)
			memmove(a + at, a + w[t].lo, w[t].kept * sizeof(CW));
		at += w[t].kept;
		for (int q = 0; q < PEG_PRUNE_BASE_MAX; q++)
			cut[q] += w[t].cut[q];
	}
	return at;
}

/* Drop from level l the codes that a function of c->prune cuts; *lost
 * gets their number, the prune's cut counts grow.  0, or -1 out of
 * memory. */
static int NAME(prune_level_)(const struct NAME(ctx_) *c,
			      struct peg_prune *pr, struct peg_level *l,
			      uint64_t *lost)
{
	size_t n = l->n;

	if (!pr || !l->have)
		return 0;
	if (!l->pack) {
		l->n = NAME(prune_span_)(c, pr, LC(l), n, pr->cut);
	} else {
		struct NAME(rd_) r;
		struct peg_lpack *p = peg_lpack_new(WBITS > 64);
		CW *buf = malloc(sizeof(CW) * PEG_LF_BLOCK);
		int bad = !p || !buf;

		NAME(rd_open_)(&r, c, l);
		while (!bad && NAME(rd_more_)(&r)) {
			size_t k = r.n - r.i;

			memcpy(buf, r.a + r.i, k * sizeof(CW));
			r.i = r.n;
			k = NAME(prune_span_)(c, pr, buf, k, pr->cut);
			bad = peg_lpack_push(p, c->lf, buf, k) != 0;
		}
		bad = bad || r.err || peg_lpack_finish(p, c->lf);
		free(r.buf);
		free(buf);
		if (bad) {
			peg_lpack_free(p);
			return -1;
		}
		peg_lpack_free(l->pack);
		l->pack = p;
		l->n = p->n;
	}
	if (lost)
		*lost += n - l->n;
	return 0;
}
