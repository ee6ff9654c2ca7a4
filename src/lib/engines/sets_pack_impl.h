/* sets_pack_impl.h - packed levels (opts.pack, sets.h): a finished level
 * kept as compressed blocks (levelfile.h) instead of an array, so that
 * under a memory budget what stays in memory is about a byte a code.
 *
 * Where the pipeline reads a level it either unpacks what it needs (a
 * chunk of parents in expand_disk, a whole level when it is small: the W
 * and L levels, D(W)) or streams it block by block (the intersections
 * W_n = F_n & ~F_(N-n) of big levels); where it makes a level it packs it
 * as it comes (the disk merge, the workers' runs), never holding the whole
 * array.  The codec is the context's (c->lf), used by the calling thread
 * only.  Part of the sets body (sets_impl.h includes it once per code
 * width); nothing here runs without opts.pack. */

static int NAME(expand_mode_)(const struct NAME(ctx_) *c,
			      const struct peg_level *in, struct peg_level *out,
			      int threads, uint64_t *nchildren, int comp,
			      int packout);

/* Decode codes [lo, hi) of the packed level l into a.  0, or -1. */
static int NAME(unpack_range_)(const struct NAME(ctx_) *c,
			       const struct peg_level *l, size_t lo,
			       size_t hi, CW *a)
{
	CW *buf = NULL;
	int rc = 0;

	for (size_t b = lo / PEG_LF_BLOCK; b * PEG_LF_BLOCK < hi && !rc;
	     b++) {
		size_t b0 = b * PEG_LF_BLOCK, bn = peg_lpack_block_n(l->pack, b);
		size_t s = lo > b0 ? lo - b0 : 0;
		size_t e = hi - b0 < bn ? hi - b0 : bn;

		if (!s && e == bn) {
			rc = peg_lpack_block(l->pack, c->lf, b, a + (b0 - lo));
			continue;
		}
		if (!buf && !(buf = malloc(sizeof(CW) * PEG_LF_BLOCK)))
			return -1;
		rc = peg_lpack_block(l->pack, c->lf, b, buf);
		if (!rc)
			memcpy(a + (b0 + s - lo), buf + s, (e - s) * sizeof(CW));
	}
	free(buf);
	return rc;
}

/* The codes of l as an array: its own, or unpacked into a new one (*tmp
 * set: the caller frees it).  NULL when out of memory. */
static CW *NAME(unpack_)(const struct NAME(ctx_) *c,
			 const struct peg_level *l, int *tmp)
{
	CW *a;

	*tmp = 0;
	if (!l->pack)
		return LC(l);
	a = malloc(sizeof(CW) * (l->n + 1));
	if (!a || NAME(unpack_range_)(c, l, 0, l->n, a)) {
		free(a);
		return NULL;
	}
	*tmp = 1;
	return a;
}

/* Pack the array of l in place (packed mode only; the array freed).  0,
 * or -1 out of memory. */
static int NAME(pack_)(const struct NAME(ctx_) *c, struct peg_level *l)
{
	struct peg_lpack *p;

	if (!c->pack || l->pack || !l->have)
		return 0;
	p = peg_lpack_new(WBITS > 64);
	if (!p || peg_lpack_push(p, c->lf, LC(l), l->n) ||
	    peg_lpack_finish(p, c->lf)) {
		peg_lpack_free(p);
		return -1;
	}
	free(LC(l));
	LC(l) = NULL;
	l->pack = p;
	return 0;
}

/* out = the workers' sorted runs, one after the other, packed. */
static int NAME(pack_runs_)(const struct NAME(ctx_) *c, struct peg_level *out,
			    const struct NAME(vec_) *runs, int nruns)
{
	struct peg_lpack *p = peg_lpack_new(WBITS > 64);

	if (!p)
		return -1;
	for (int t = 0; t < nruns; t++)
		if (peg_lpack_push(p, c->lf, runs[t].a, runs[t].n))
			goto fail;
	if (peg_lpack_finish(p, c->lf))
		goto fail;
	out->pack = p;
	out->n = p->n;
	out->have = 1;
	return 0;
fail:
	peg_lpack_free(p);
	return -1;
}

/* A level read in order, block by block when packed. */
struct NAME(rd_) {
	const struct NAME(ctx_) *c;
	const struct peg_level *l;
	const CW *a; /* the codes at hand: a[i .. n) */
	size_t i, n, blk;
	CW *buf;
	int err;
};

static void NAME(rd_open_)(struct NAME(rd_) *r, const struct NAME(ctx_) *c,
			   const struct peg_level *l)
{
	memset(r, 0, sizeof(*r));
	r->c = c;
	r->l = l;
	if (!l->pack) {
		r->a = LC(l);
		r->n = l->n;
	}
}

/* Is there a code at r->a[r->i]?  (0 at the end or on an error.) */
static int NAME(rd_more_)(struct NAME(rd_) *r)
{
	if (r->i < r->n)
		return 1;
	if (!r->l->pack || r->blk >= r->l->pack->nblk || r->err)
		return 0;
	if ((!r->buf && !(r->buf = malloc(sizeof(CW) * PEG_LF_BLOCK))) ||
	    peg_lpack_block(r->l->pack, r->c->lf, r->blk, r->buf)) {
		r->err = 1;
		return 0;
	}
	r->a = r->buf;
	r->n = peg_lpack_block_n(r->l->pack, r->blk);
	r->blk++;
	r->i = 0;
	return r->n > 0;
}

/* out = a intersect b, either of them packed; out packed when packout,
 * else an array.  0, or -1 out of memory. */
static int NAME(intersect_lv_)(const struct NAME(ctx_) *c,
			       const struct peg_level *a,
			       const struct peg_level *b,
			       struct peg_level *out, int packout)
{
	struct NAME(rd_) x, y;
	struct peg_lpack *p = NULL;
	CW *r = NULL;
	size_t m = 0, nb = 0, cap = packout ? PEG_LF_BLOCK
					    : (a->n < b->n ? a->n : b->n);
	int rc = -1;

	NAME(rd_open_)(&x, c, a);
	NAME(rd_open_)(&y, c, b);
	r = malloc(sizeof(CW) * (cap + 1));
	if (!r || (packout && !(p = peg_lpack_new(WBITS > 64))))
		goto out;
	while (NAME(rd_more_)(&x) && NAME(rd_more_)(&y)) {
		CW u = x.a[x.i], v = y.a[y.i];

		if (u < v) {
			x.i++;
		} else if (v < u) {
			y.i++;
		} else {
			r[nb++] = u;
			m++;
			x.i++;
			y.i++;
			if (p && nb == PEG_LF_BLOCK) {
				if (peg_lpack_push(p, c->lf, r, nb))
					goto out;
				nb = 0;
			}
		}
	}
	if (x.err || y.err)
		goto out;
	if (p) {
		if (peg_lpack_push(p, c->lf, r, nb) ||
		    peg_lpack_finish(p, c->lf))
			goto out;
		out->pack = p;
		p = NULL;
	} else {
		LC(out) = r;
		r = NULL;
	}
	out->n = m;
	out->have = 1;
	rc = 0;
out:
	free(x.buf);
	free(y.buf);
	free(r);
	peg_lpack_free(p);
	return rc;
}

/* The canonical complements of a level, packed (through the disk
 * partitions when the budget asks). */
static int NAME(comp_level_)(const struct NAME(ctx_) *c,
			     const struct peg_level *in, struct peg_level *out)
{
	return NAME(expand_mode_)(c, in, out, c->threads, NULL, 1, 1);
}

/* winning_ with packed levels: W_n = F_n intersect ~G_m, streamed. */
static int NAME(winning_packed_)(const struct NAME(ctx_) *c,
				 const struct peg_level *f,
				 const struct peg_level *g,
				 struct peg_level *w)
{
	struct peg_level x = {0}, z = {0};
	int rc = -1;

	if (g->n <= f->n) {
		if (!NAME(comp_level_)(c, g, &x) &&
		    !NAME(intersect_lv_)(c, f, &x, w, 1))
			rc = 0;
	} else {
		if (!NAME(comp_level_)(c, f, &x) &&
		    !NAME(intersect_lv_)(c, g, &x, &z, 1) &&
		    !NAME(comp_level_)(c, &z, w))
			rc = 0;
	}
	level_free(&x);
	level_free(&z);
	return rc;
}
