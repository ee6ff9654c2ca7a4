/* sets_impl.h - the level-set engine of sets.c for one code width.
 * Included twice by sets.c, with WBITS 64 and 128 (codew.h gives the code
 * type CW and the other parameters).  Everything here is static and named
 * with the suffix (expand_64, expand_128, ...); sets.c holds what does
 * not depend on the width and the public functions, which pick the body
 * by s->wide.  Only the 64-bit body uses the AVX-512 tables of symv.h.
 *
 * The body is split along its seams, each part included here in order:
 *   this file            the worker context, canonical codes, the set
 *                        algebra (intersections, W_n, L_n), the forward
 *                        passes, the lift and compute (the pipeline)
 *   sets_sort_impl.h     radix sort and deduplication of code arrays
 *   sets_expand_impl.h   one level's children: bucket pools, workers,
 *                        the bucket sort, the level assembled
 *   sets_disk_impl.h     the same through disk partitions (memory budget)
 *   sets_pack_impl.h     packed levels (opts.pack): unpack, stream, pack
 *   sets_dense_impl.h    big levels through ranked bitmaps instead of the
 *                        bucket pools and the sort (boards <= 36 holes)
 *   sets_byindex_impl.h  the by-index sets of seed 001 sections 5-6 */
#include "codew.h"
#include "sets_level.h"

/* A growable array of codes. */
struct NAME(vec_) {
	CW *a;
	size_t n, cap;
};

/* The bucket pools of expand (sets.c explains them).  An entry is the low
 * bits of a code below the bucket number: 4 bytes when they fit in 32
 * bits, 8 when in 64, else a whole W. */
struct NAME(pool_) {
	void **blk;          /* blocks, BS entries of es bytes */
	int32_t *next;       /* per block: the next block of its bucket or -1 */
	size_t nused, nalloc, cap;
	int32_t head[NB], tail[NB];
	struct {
		char *cur;     /* the tail block */
		uint32_t fill; /* entries in it */
		int32_t nblk;  /* blocks */
	} bk[NB];            /* what a new child touches: one line */
	size_t cnt[NB];      /* entries per bucket (after generation) */
	int es, low, fail;
	int per;             /* blocks per chunk of CHUNK_BYTES */
};

struct NAME(part_);
struct dense;

/* A new forward level streamed to its level file by the disk merge
 * (forward_only_ with a work directory under a budget): pruned and sized
 * block by block on the way, never held whole. */
struct NAME(sink_) {
	struct peg_level_out *o;
	struct peg_prune *pr; /* the pruning, or NULL */
	int raw;              /* sum the raw sizes */
	uint64_t raw_sum, in; /* raw size of what was kept; codes merged */
	int streamed;         /* the merge took the level */
};

/* A worker's sort buffers, kept across levels (fresh pages cost more than
 * the sort). */
struct NAME(scratch_) {
	CW *a, *tmp;
	size_t cap;
};

/* Everything a worker needs to expand parents into canonical children. */
struct NAME(ctx_) {
	int n, nj, ng;
	CW full;
	const CW *need, *to, *flip;
	int *from_first, *from_list; /* jumps by from hole */
	int *to_first, *to_list;     /* jumps by to hole */
	const int *group;
	const SYMTAB *t;
	CW *sflip;                /* nj * ng: images of the flip masks, jump-major */
	struct NAME(pool_) *pool; /* 8 per-worker pools kept across levels */
	struct NAME(vec_) *buf;   /* 8 per-worker output runs */
	struct NAME(scratch_) *scr; /* 8 per-worker sort buffers */
	int threads;             /* workers of comp_sorted */
	struct symv v;           /* 8-lane tables (symv.h; 64 bits only) */
	struct diskstat *ds;     /* memory budget and disk partitions, or NULL */
	int pack;                /* levels kept packed (opts.pack) */
	struct peg_lf *lf;       /* their codec (pack only; calling thread) */
	struct progress *pg;     /* opts.progress, or NULL */
	struct peg_prune *prune; /* opts.prune in the F phase, else NULL */
	uint64_t *pruned;        /* its losses per level (s->pruned) */
	struct dense *dn;        /* ranked bitmaps (sets_dense_impl.h), or NULL */
	struct NAME(sink_) *sink; /* set around one forward expansion, or NULL */
	const struct peg_sets *sets; /* its levels, held against the budget */
};

static CW NAME(canon_)(const struct NAME(ctx_) *c, CW x)
{
#if SIMD64
	if (c->v.simd)
		return symv_canon(&c->v, x);
#endif
	return SYM_CANON(c->t, c->group, c->ng, x);
}

/* The raw size (orbit sizes summed) of the codes a[0..n). */
static uint64_t NAME(raw_add_)(const struct NAME(ctx_) *c, const CW *a,
			       size_t n)
{
	uint64_t sum = 0;

	for (size_t i = 0; i < n; i++) {
		int fixed = 1;

		for (int s = 1; s < c->ng; s++)
			fixed += SYM_APPLY(c->t, c->group[s], a[i]) == a[i];
		sum += (uint64_t)(c->ng / fixed);
	}
	return sum;
}

#include "sets_sort_impl.h"
#include "sets_pack_impl.h"
#include "sets_prune_impl.h"
#include "sets_expand_impl.h"
#include "sets_disk_impl.h"
#include "sets_dense_impl.h"
#include "sets_lite_impl.h"

static CW *NAME(intersect_)(const CW *a, size_t na, const CW *b, size_t nb,
			   size_t *n)
{
	CW *r = malloc((na < nb ? na : nb) * sizeof(CW) + sizeof(CW));
	size_t i = 0, j = 0, m = 0;

	if (!r)
		return NULL;
	while (i < na && j < nb) {
		if (a[i] < b[j])
			i++;
		else if (b[j] < a[i])
			j++;
		else {
			r[m++] = a[i];
			i++;
			j++;
		}
	}
	*n = m;
	return r;
}

/* W_n = F_n intersect complement(G_m), m = N - n, mapping the smaller
 * side through the complement. */
static int NAME(winning_)(const struct NAME(ctx_) *c, const struct peg_level *f,
			  const struct peg_level *g, struct peg_level *w)
{
	size_t m;

	if (c->pack)
		return NAME(winning_packed_)(c, f, g, w);
#if WBITS == 64
	{
		int r = dense_winning(c, f, g, w);

		if (r)
			return r < 0 ? -1 : 0;
	}
#endif
	if (g->n <= f->n) {
		CW *x = NAME(comp_dense_)(c, LC(g), g->n);

		if (!x)
			return -1;
		LC(w) = NAME(intersect_)(LC(f), f->n, x, g->n, &m);
		free(x);
	} else {
		CW *y = NAME(comp_dense_)(c, LC(f), f->n), *z;

		if (!y)
			return -1;
		z = NAME(intersect_)(LC(g), g->n, y, f->n, &m);
		free(y);
		if (!z)
			return -1;
		LC(w) = NAME(comp_dense_)(c, z, m);
		free(z);
	}
	if (!LC(w))
		return -1;
	w->n = m;
	w->have = 1;
	return 0;
}

static int NAME(level_has_)(const struct peg_level *l, CW code)
{
	size_t lo = 0, hi = l->n;

	if (l->pack)
		return packed_has(l, code);

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (LC(l)[mid] < code)
			lo = mid + 1;
		else if (LC(l)[mid] > code)
			hi = mid;
		else
			return 1;
	}
	return 0;
}

/* L_n = D(W_(n+1)) - W_n (W_n unpacked for the lookups when packed;
 * L_n packed then). */
static int NAME(losers_)(const struct NAME(ctx_) *c, const struct peg_level *wp,
			 const struct peg_level *w, struct peg_level *l)
{
	struct peg_level d = {0}, wa = *w;
	size_t m = 0;
	int tmp = 0;

	if (NAME(expand_)(c, wp, &d, 1, NULL))
		return -1;
	if (w->pack) {
		wa.pack = NULL;
		LC(&wa) = NAME(unpack_)(c, w, &tmp);
		if (!LC(&wa)) {
			level_free(&d);
			return -1;
		}
	}
	for (size_t i = 0; i < d.n; i++)
		if (!NAME(level_has_)(&wa, LC(&d)[i]))
			LC(&d)[m++] = LC(&d)[i];
	if (tmp)
		free(LC(&wa));
	LC(l) = LC(&d);
	l->n = m;
	l->have = 1;
	return NAME(pack_)(c, l);
}

static uint64_t NAME(raw_size_)(const struct NAME(ctx_) *c,
				const struct peg_level *l)
{
	uint64_t sum = 0;
	struct NAME(rd_) r;

	NAME(rd_open_)(&r, c, l);
	while (NAME(rd_more_)(&r)) {
		sum += NAME(raw_add_)(c, r.a + r.i, r.n - r.i);
		r.i = r.n;
	}
	free(r.buf);
	return sum;
}

static void NAME(ctx_free_)(struct NAME(ctx_) *c)
{
	free(c->from_first);
	free(c->from_list);
	free(c->to_first);
	free(c->to_list);
	free(c->sflip);
	for (int t = 0; t < 8 && c->buf; t++)
		free(c->buf[t].a);
	for (int t = 0; t < 8 && c->scr; t++) {
		free(c->scr[t].a);
		free(c->scr[t].tmp);
	}
	free(c->scr);
	for (int t = 0; t < 8 && c->pool; t++)
		NAME(pool_release_)(&c->pool[t]);
	free(c->buf);
	free(c->pool);
	peg_lf_free(c->lf);
	symv_release(&c->v);
	dense_free(c->dn);
}

static int NAME(ctx_init_)(struct NAME(ctx_) *c, const struct peg_board *b,
			   const FAST *f, const struct peg_sets *s)
{
	int n = b->n_holes, nj = b->n_jumps;

	memset(c, 0, sizeof(*c));
	c->n = n;
	c->nj = nj;
	c->ng = s->n_group;
	c->sets = s;
	c->threads = s->threads > 0 ? s->threads : 1;
	c->full = f->full;
	c->need = f->need;
	c->to = f->to;
	c->flip = f->flip;
	c->group = s->group;
	c->t = SETS_SYMTAB(s);
	c->from_first = calloc((size_t)n + 1, sizeof(int));
	c->to_first = calloc((size_t)n + 2, sizeof(int));
	c->from_list = malloc(sizeof(int) * (size_t)(nj + 1));
	c->to_list = malloc(sizeof(int) * (size_t)(nj + 1));
	/* symmetries x jumps: bounded (dense symmetric graph boards) */
	c->sflip = (size_t)c->ng * (size_t)nj > PEG_SYMJUMP_MAX
			   ? NULL
			   : malloc(sizeof(CW) * ((size_t)c->ng * (size_t)nj + 1));
	c->buf = calloc(8, sizeof(*c->buf));
	c->scr = calloc(8, sizeof(*c->scr));
	c->pool = calloc(8, sizeof(*c->pool));
	if (!c->buf || !c->scr || !c->pool || !c->from_first || !c->to_first || !c->from_list || !c->to_list ||
	    !c->sflip)
		return -1;
	if (jump_index(b, c->from_first, c->from_list, c->to_first,
		       c->to_list))
		return -1;
	for (int i = 0; i < c->ng; i++)
		for (int k = 0; k < nj; k++)
			c->sflip[(size_t)k * c->ng + i] =
				SYM_APPLY(c->t, c->group[i], f->flip[k]);
#if WBITS == 64
	c->dn = dense_new(f, c->threads);
	return symv_init(&c->v, c->t, c->group, c->ng, f->flip, nj);
#else
	return 0;
#endif
}

static CW NAME(sets_canon_)(const struct peg_sets *s, CW code)
{
	CW m = code;

	for (int i = 1; i < s->n_group; i++) {
		CW y = SYM_APPLY(SETS_SYMTAB(s), s->group[i], code);

		if (y < m)
			m = y;
	}
	return m;
}

static int NAME(sets_winning_)(const struct peg_sets *s, CW code)
{
	int n = POPC(code);

	if (n > s->n_holes || !s->W[n].have)
		return 0;
	return NAME(level_has_)(&s->W[n], NAME(sets_canon_)(s, code));
}

/* Forward sets from the level `top` (already filled) down to `bottom`:
 * F, or G for the backward phase (the level G_m is B_(N-m)). */
static int NAME(forward_)(const struct NAME(ctx_) *c, struct peg_level *lv,
			  int top, int bottom, int threads, uint64_t *work,
			  enum peg_phase phase)
{
	for (int n = top; n > bottom; n--) {
		if (NAME(expand_level_)(c, &lv[n], &lv[n - 1], threads, work,
					c->pack) ||
		    NAME(prune_level_)(c, c->prune, &lv[n - 1],
				       c->pruned + (n - 1)) ||
		    NAME(pack_)(c, &lv[n]))
			return -1;
		progress_level(c->pg, phase,
			       phase == PEG_PHASE_BACKWARD ? c->n - (n - 1)
							   : n - 1,
			       lv[n - 1].n);
	}
	return NAME(pack_)(c, &lv[bottom]);
}

static int NAME(level_from_)(struct peg_level *l, const CW *codes, size_t n,
			     int bits)
{
	struct NAME(vec_) v = {0};

	v.a = malloc((n + 1) * sizeof(CW));
	if (!v.a)
		return -1;
	memcpy(v.a, codes, n * sizeof(CW));
	v.n = n;
	v.cap = n + 1;
	if (NAME(vec_sort_unique_)(&v, bits)) {
		free(v.a);
		return -1;
	}
	LC(l) = v.a;
	l->n = v.n;
	l->have = 1;
	return 0;
}

/* The lift (sets.c explains it): R_(n-1) = D(R_n) restricted to the
 * G-orbits of W^G_(n-1), stored as F from the start down to bottom. */
static int NAME(lifted_)(const struct peg_board *b, const struct peg_problem *p,
			 const struct peg_sets_opts *o,
			 const struct NAME(ctx_) *c, struct peg_sets *s,
			 int bottom, struct peg_err *err)
{
	struct peg_sets_opts og = *o;
	struct peg_sets *sg = NULL;
	FAST *f = NULL;
	struct NAME(ctx_) cg;
	HSET hs = {0};
	int rc = -1, threads = o->threads > 0 ? o->threads : 2;

	memset(&cg, 0, sizeof(cg));
	og.group = PEG_GROUP_FULL;
	og.lift = 0;
	og.half = 1;
	og.no_losers = 1;
	og.raw = 0;
	og.wide = WBITS > 64;
	if (peg_sets_compute(b, p, &og, &sg, err))
		return -1;
	s->children += sg->children;
	if (c->ds) {
		c->ds->bytes += sg->disk_bytes;
		if (sg->partitions > c->ds->maxp)
			c->ds->maxp = sg->partitions;
	}
	for (int m = 0; m <= sg->n_holes; m++)
		level_free(&sg->F[m]);
	f = FAST_FN(_new)(b);
	if (!f || NAME(ctx_init_)(&cg, b, f, sg))
		goto nomem;
	for (int m = s->start_pegs; m > bottom; m--) {
		struct peg_level d = {0};
		size_t keep = 0;

		if (NAME(expand_)(c, &s->F[m], &d, threads, &s->children))
			goto nomem;
		HSET_FN(_release)(&hs);
		if (HSET_FN(_init)(&hs, 2 * sg->W[m - 1].n + 16))
			goto nomem;
		for (size_t i = 0; i < sg->W[m - 1].n; i++)
			HSET_FN(_add)(&hs, LC(&sg->W[m - 1])[i]);
		for (size_t i = 0; i < d.n; i++)
			if (HSET_FN(_has)(&hs, NAME(canon_)(&cg, LC(&d)[i])))
				LC(&d)[keep++] = LC(&d)[i];
		d.n = keep;
		s->F[m - 1] = d;
		progress_level(c->pg, PEG_PHASE_LIFT, m - 1, d.n);
	}
	rc = 0;
nomem:
	if (rc && c->ds && c->ds->io)
		peg_err_set(err, "%s", c->ds->msg);
	else if (rc)
		peg_err_set(err, "out of memory computing the level sets");
	HSET_FN(_release)(&hs);
	NAME(ctx_free_)(&cg);
	FAST_FN(_free)(f);
	peg_sets_free(sg);
	return rc;
}

/* Drop the codes of a level, keeping its size (a --work run: the level
 * is in its file). */
static void NAME(drop_)(struct peg_level *l)
{
	size_t n = l->n;
	uint64_t raw = l->raw;

	level_free(l);
	l->n = n;
	l->raw = raw;
}

/* Read the work directory's level file path back: packed under a
 * budget (never an array), else as an array.  0, or -1 with err. */
static int NAME(work_load_)(const struct NAME(ctx_) *c,
			    const struct peg_sets *s, const char *path,
			    int pegs, uint64_t tag, struct peg_level *l,
			    struct peg_err *err)
{
	if (c->pack)
		return peg_level_load_packed(s, path, pegs, tag, l, err) ? -1
									  : 0;
	return peg_sets_level_load(s, path, pegs, tag, 1, l, err) ? -1 : 0;
}

/* opts.forward_only: F from the start down to bottom, through the work
 * directory o->work when set (sets.c explains it): the levels already
 * there are checked and the lowest one is read back; each new level is
 * written as soon as it is made and its parent dropped.  0, or -1 with
 * err. */
static int NAME(forward_only_)(struct NAME(ctx_) *c,
			       const struct peg_sets_opts *o,
			       struct peg_sets *s, int bottom, int threads,
			       struct peg_err *err)
{
	struct peg_level *lv = s->F;
	struct work w;
	char path[3100];
	int top = s->start_pegs;

	s->forward_only = 1;
	s->bottom = bottom;
	if (o->raw)
		lv[top].raw = NAME(raw_size_)(c, &lv[top]);
	if (o->work) {
		int k = top, r;

		if (work_open(&w, s, o->work, err))
			return -1;
		for (int m = top - 1; m >= bottom; m--) {
			work_path(path, sizeof(path), w.dir, m);
			if (access(path, F_OK))
				break;
			k = m;
		}
		for (int m = top - 1; m > k; m--) {
			work_path(path, sizeof(path), w.dir, m);
			r = peg_sets_level_load(s, path, m, w.tag, 0, &lv[m],
						err);
			if (r)
				return -1;
		}
		if (k < top) {
			work_path(path, sizeof(path), w.dir, k);
			if (NAME(work_load_)(c, s, path, k, w.tag, &lv[k], err))
				return -1;
			NAME(drop_)(&lv[top]);
			s->resumed = k;
			if (o->resumed)
				o->resumed(o->resumed_ctx, k);
			if (NAME(pack_)(c, &lv[k]))
				goto nomem;
			top = k;
		}
	}
	for (int n = top; n > bottom; n--) {
		struct NAME(sink_) sk;
		int r;

		/* under a budget the disk merge writes the new level straight
		 * to its file (then read back packed as the next parent) */
		memset(&sk, 0, sizeof(sk));
		if (o->work && c->pack) {
			work_path(path, sizeof(path), w.dir, n - 1);
			if (peg_level_out_open(s, path, &sk.o, err))
				return -1;
			sk.pr = s->prune;
			sk.raw = o->raw;
			c->sink = &sk;
		}
		r = NAME(expand_level_)(c, &lv[n], &lv[n - 1], threads,
					&s->children, c->pack);
		c->sink = NULL;
		if (r && peg_level_out_failed(sk.o, err)) {
			peg_level_out_abort(sk.o);
			return -1;
		}
		if (!r && sk.streamed) {
			s->pruned[n - 1] += sk.in - lv[n - 1].n;
			r = peg_level_out_commit(sk.o, s, n - 1, sk.raw_sum,
						 w.tag, err);
			if (r)
				return -1;
			NAME(drop_)(&lv[n]);
			if (NAME(work_load_)(c, s, path, n - 1, w.tag,
					     &lv[n - 1], err))
				return -1;
			progress_level(c->pg, PEG_PHASE_FORWARD, n - 1,
				       lv[n - 1].n);
			continue;
		}
		peg_level_out_abort(sk.o);
		if (r || NAME(prune_level_)(c, s->prune, &lv[n - 1],
					    &s->pruned[n - 1]))
			goto nomem;
		if (o->raw)
			lv[n - 1].raw = NAME(raw_size_)(c, &lv[n - 1]);
		if (o->work) {
			work_path(path, sizeof(path), w.dir, n - 1);
			r = peg_sets_level_save(s, path, n - 1, &lv[n - 1],
						w.tag, err);
			if (r)
				return -1;
			NAME(drop_)(&lv[n]);
		} else if (NAME(pack_)(c, &lv[n])) {
			goto nomem;
		}
		progress_level(c->pg, PEG_PHASE_FORWARD, n - 1, lv[n - 1].n);
	}
	if (o->work) {
		/* the disk the run's levels take */
		struct stat sb;

		for (int m = s->start_pegs - 1; m >= bottom; m--) {
			work_path(path, sizeof(path), w.dir, m);
			if (!stat(path, &sb))
				s->work_bytes += (uint64_t)sb.st_size;
		}
	}
	if (NAME(pack_)(c, &lv[bottom]))
		goto nomem;
	return 0;
nomem:
	if (c->ds && c->ds->io)
		peg_err_set(err, "%s", c->ds->msg);
	else
		peg_err_set(err, "out of memory computing the level sets");
	return -1;
}

/* opts.work without forward_only (a complement problem): F through the
 * work directory as forward_only_ makes it (resuming), then every level
 * read back (packed under a budget) for W.  0, or -1 with err. */
static int NAME(work_full_)(struct NAME(ctx_) *c,
			    const struct peg_sets_opts *o, struct peg_sets *s,
			    int bottom, int threads, struct peg_err *err)
{
	struct work w;
	char path[3100];
	int top = s->start_pegs;

	if (!s->complement) {
		peg_err_set(err, "a work directory without --forward-only "
				 "needs a complement problem (W_n = F_n & "
				 "~F_(N-n))");
		return -1;
	}
	if (NAME(forward_only_)(c, o, s, bottom, threads, err) ||
	    work_open(&w, s, o->work, err))
		return -1;
	s->forward_only = 0;
	if (!s->F[top].have) {
		CW st = NAME(canon_)(c, (CW)s->start);

		if (NAME(level_from_)(&s->F[top], &st, 1, c->n) ||
		    NAME(pack_)(c, &s->F[top]))
			goto nomem;
	}
	for (int m = top - 1; m >= bottom; m--) {
		if (s->F[m].have)
			continue;
		work_path(path, sizeof(path), w.dir, m);
		if (NAME(work_load_)(c, s, path, m, w.tag, &s->F[m], err))
			return -1;
	}
	return 0;
nomem:
	peg_err_set(err, "out of memory computing the level sets");
	return -1;
}

/* The levels of s (set up by peg_sets_compute: group, start, finish).
 * 0, or -1 with err. */
static int NAME(compute_)(const struct peg_board *b,
			  const struct peg_problem *p,
			  const struct peg_sets_opts *op, struct peg_sets *s,
			  struct peg_err *err)
{
	struct peg_sets_opts o = *op;
	FAST *f = NULL;
	struct NAME(ctx_) c;
	int n = b->n_holes, ns = s->start_pegs, nf = s->finish_pegs, ok = 0;
	int threads = o.threads > 0 ? o.threads : 2, whalf = -1;
	unsigned char *one = NULL;
	CW *gstart = NULL;
	size_t ngs = 0;
	struct diskstat ds;
	struct progress pg = {o.progress, o.progress_ctx, NULL, -1, 0};

	memset(&c, 0, sizeof(c));
	memset(&ds, 0, sizeof(ds));
	one = calloc((size_t)n, 1);
	f = FAST_FN(_new)(b);
	if (!one || !f || NAME(ctx_init_)(&c, b, f, s))
		goto nomem;
	c.pruned = s->pruned;
	ds.budget = o.memory;
	ds.force = o.partitions;
	ds.tmpdir = o.tmpdir;
	if (o.memory || o.partitions > 1)
		c.ds = &ds;
	if (o.progress) {
		pg.ds = c.ds;
		c.pg = &pg;
	}
	/* packed levels (not with the lift, which reads arrays) */
	if (o.pack && !o.lift) {
		c.pack = 1;
		c.lf = peg_lf_new();
		if (!c.lf)
			goto nomem;
	}
	/* forward sets */
	{
		CW st = NAME(canon_)(&c, (CW)s->start);

		if (NAME(level_from_)(&s->F[ns], &st, 1, n))
			goto nomem;
	}
	if (o.forward_only) {
		int bottom = o.to > 0 ? o.to : nf;

		if (bottom > ns)
			bottom = ns;
		if (NAME(forward_only_)(&c, &o, s, bottom, threads, err))
			goto out;
		ok = 1;
		s->partitions = ds.maxp;
		s->disk_bytes = ds.bytes;
		goto out;
	}
	{
		int bottom = nf;

		if (s->complement && (o.half || o.work))
			bottom = n / 2 > nf ? n / 2 : nf;
		if (o.work) { /* complement problems (sets.h) */
			if (NAME(work_full_)(&c, &o, s, bottom, threads, err))
				goto out;
		} else if (o.lift && s->complement && o.group == PEG_GROUP_STAB &&
		    s->n_group < b->n_syms && lift_pays(b, p->start)) {
			if (NAME(lifted_)(b, p, &o, &c, s, bottom, err))
				goto out;
		} else {
			int r;

			/* half on an odd board: W_(N/2) comes from F_(N/2+1)
			 * alone (winning_half_), F_(N/2) is not stored */
			if (s->complement && o.half && !o.raw && n % 2 &&
			    bottom == n / 2 && bottom < ns)
				whalf = bottom;
			c.prune = s->prune; /* F only (sets.h) */
			r = o.prune == 2
				    ? NAME(forward_lite_)(&c, s, b, p, ns,
							  bottom + (whalf >= 0),
							  threads)
				    : NAME(forward_)(&c, s->F, ns,
						     bottom + (whalf >= 0),
						     threads, &s->children,
						     PEG_PHASE_FORWARD);
			c.prune = NULL;
			if (r)
				goto nomem;
		}
	}
	/* backward sets, as forward sets G of the complemented goal */
	if (!s->complement) {
		gstart = malloc(sizeof(CW) * (size_t)(n + 1));
		if (!gstart)
			goto nomem;
		if (s->anywhere) {
			for (int h = 0; h < n; h++) {
				int same;

				one[h] = 1;
				same = peg_solve_same_class(b, p->start, one);
				one[h] = 0;
				if (same < 0)
					goto nomem;
				if (same)
					gstart[ngs++] = NAME(canon_)(
						&c, f->full ^ ((CW)1 << h));
			}
		} else {
			gstart[ngs++] = NAME(canon_)(&c, f->full ^ (CW)s->finish);
		}
		if (NAME(level_from_)(&s->G[n - nf], gstart, ngs, n))
			goto nomem;
		if (NAME(forward_)(&c, s->G, n - nf, n - ns, threads,
				   &s->children, PEG_PHASE_BACKWARD))
			goto nomem;
	}
	/* winning sets */
	if (s->complement) {
		int k = n / 2 > nf ? n / 2 : nf;

		/* W_m for m in [k, N/2] directly (eq. 7), then eq. 9 below k
		 * and eq. 8 above N/2 */
		for (int m = k; 2 * m <= n && m <= ns; m++) {
			if (m == whalf
				    ? NAME(winning_half_)(&c, s->F, s->W, m,
							  threads, &s->children)
				    : NAME(winning_)(&c, &s->F[m], &s->F[n - m],
						     &s->W[m]))
				goto nomem;
			progress_level(c.pg, PEG_PHASE_WINNING, m, s->W[m].n);
			/* half: eq. 9 below reads F_(N-m') for m' < k only,
			 * so the two biggest levels go now (the peak) */
			if (o.half && !o.raw) {
				NAME(drop_)(&s->F[m]);
				NAME(drop_)(&s->F[n - m]);
			}
		}
		for (int m = k - 1; m >= nf; m--) {
			struct peg_level d = {0};
			size_t cnt = 0, nx = 0;
			CW *x, *y = NULL;

			/* W_m = D(W_(m+1)) intersect ~F_(N-m): complement
			 * the (small) descendants, not F */
#if WBITS == 64
			{
				int r = dense_wstep(&c, &s->W[m + 1],
						    &s->F[n - m], &y, &cnt);

				if (r < 0)
					goto nomem;
				if (r)
					goto wdense;
			}
#endif
			if (NAME(expand_level_)(&c, &s->W[m + 1], &d, threads,
						NULL, 0))
				goto nomem;
			x = NAME(comp_dense_)(&c, LC(&d), d.n);
			nx = d.n;
			level_free(&d);
			if (!x)
				goto nomem;
			if (s->F[n - m].pack) {
				/* F packed: streamed */
				struct peg_level lx = {0}, ly = {0};

				LC(&lx) = x;
				lx.n = nx;
				y = NULL;
				if (!NAME(intersect_lv_)(&c, &lx, &s->F[n - m],
							 &ly, 0)) {
					y = LC(&ly);
					cnt = ly.n;
				}
			} else {
				y = NAME(intersect_)(x, nx, LC(&s->F[n - m]),
						     s->F[n - m].n, &cnt);
			}
			free(x);
			if (!y)
				goto nomem;
#if WBITS == 64
wdense:
#endif
			LC(&s->W[m]) = NAME(comp_dense_)(&c, y, cnt);
			if (!LC(&s->W[m])) {
				free(y);
				goto nomem;
			}
			s->W[m].n = cnt;
			s->W[m].have = 1;
			/* y is W_(N-m) (eq. 8): kept, not made again below */
			if (NAME(keep_level_)(&c, &s->W[n - m], y, cnt) ||
			    NAME(pack_)(&c, &s->W[m]))
				goto nomem;
			progress_level(c.pg, PEG_PHASE_WINNING, m, s->W[m].n);
		}
		for (int m = ns; 2 * m > n; m--) {
			/* eq. 8: W_m = ~W_(N-m) */
			struct peg_level *src = &s->W[n - m];
			int tmp;
			CW *a;

			if (s->W[m].have) { /* kept by eq. 9 */
				progress_level(c.pg, PEG_PHASE_WINNING, m,
					       s->W[m].n);
				continue;
			}
			a = NAME(unpack_)(&c, src, &tmp);
			if (!a)
				goto nomem;
			LC(&s->W[m]) = NAME(comp_dense_)(&c, a, src->n);
			if (tmp)
				free(a);
			if (!LC(&s->W[m]))
				goto nomem;
			s->W[m].n = src->n;
			s->W[m].have = 1;
			if (NAME(pack_)(&c, &s->W[m]))
				goto nomem;
			progress_level(c.pg, PEG_PHASE_WINNING, m, s->W[m].n);
		}
	} else {
		for (int m = nf; m <= ns; m++) {
			if (NAME(winning_)(&c, &s->F[m], &s->G[n - m], &s->W[m]))
				goto nomem;
			progress_level(c.pg, PEG_PHASE_WINNING, m, s->W[m].n);
		}
	}
	if (!o.no_losers)
		for (int m = ns - 1; m >= nf; m--) {
			if (NAME(losers_)(&c, &s->W[m + 1], &s->W[m], &s->L[m]))
				goto nomem;
			progress_level(c.pg, PEG_PHASE_LOSERS, m, s->L[m].n);
		}
	if (o.raw)
		for (int m = 0; m <= n; m++) {
			s->F[m].raw = NAME(raw_size_)(&c, &s->F[m]);
			s->G[m].raw = NAME(raw_size_)(&c, &s->G[m]);
			s->W[m].raw = NAME(raw_size_)(&c, &s->W[m]);
			s->L[m].raw = NAME(raw_size_)(&c, &s->L[m]);
		}
	ok = 1;
	s->partitions = ds.maxp;
	s->disk_bytes = ds.bytes;
nomem:
	if (!ok && ds.io)
		peg_err_set(err, "%s", ds.msg);
	else if (!ok)
		peg_err_set(err, "out of memory computing the level sets");
out:
	NAME(ctx_free_)(&c);
	FAST_FN(_free)(f);
	free(gstart);
	free(one);
	return ok ? 0 : -1;
}

#include "sets_byindex_impl.h"

#undef FOR_LEGAL_JUMPS
