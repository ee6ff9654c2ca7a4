/* winwork.c - the winning sets of a problem that is its own time reverse,
 * from the forward levels of a work directory (winwork.h explains the
 * algebra); the dead end and the count are winwork_walk.c. */
#include "winwork.h"
#include "winwork_int.h"

#include "pegsol/afile.h"
#include "pegsol/levelfile.h"
#include "pegsol/pos.h"
#include "pegsol/sets.h"

#include "sets_level.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- sorted runs: codes in, sorted distinct codes out ---- */

/* LSD radix sort of a[0..n) on its low `bits` bits, 11 bits a pass
 * (t: scratch of n codes); the result is in a. */
static void rsort(uint64_t *a, uint64_t *t, size_t n, int bits)
{
	size_t cnt[1 << 11];
	uint64_t *src = a, *dst = t, *x;

	for (int sh = 0; sh < bits; sh += 11) {
		size_t sum = 0;
		int skip = 0;

		memset(cnt, 0, sizeof(cnt));
		for (size_t i = 0; i < n; i++)
			cnt[(src[i] >> sh) & 2047]++;
		for (int d = 0; d < 2048; d++) {
			size_t c = cnt[d];

			skip |= c == n;
			cnt[d] = sum;
			sum += c;
		}
		if (skip)
			continue;
		for (size_t i = 0; i < n; i++)
			dst[cnt[(src[i] >> sh) & 2047]++] = src[i];
		x = src;
		src = dst;
		dst = x;
	}
	if (src != a)
		memcpy(a, src, n * sizeof(*a));
}

int pegww_srt_init(struct pegww_srt *s, size_t memory, int bits)
{
	memset(s, 0, sizeof(*s));
	s->cap = memory / 16;
	if (s->cap < 1024)
		s->cap = 1024;
	s->bits = bits;
	s->a = malloc(s->cap * sizeof(uint64_t));
	s->t = malloc(s->cap * sizeof(uint64_t));
	s->lf = peg_lf_new();
	if (!s->a || !s->t || !s->lf) {
		pegww_srt_free(s);
		return -1;
	}
	return 0;
}

void pegww_srt_free(struct pegww_srt *s)
{
	free(s->a);
	free(s->t);
	for (size_t i = 0; i < s->nrun; i++)
		peg_lpack_free(s->run[i]);
	free(s->run);
	peg_lf_free(s->lf);
	memset(s, 0, sizeof(*s));
}

/* Sort the buffer into a new run. */
static int srt_flush(struct pegww_srt *s)
{
	struct peg_lpack *p, **nr;
	size_t m = 0;

	if (!s->n)
		return 0;
	rsort(s->a, s->t, s->n, s->bits);
	for (size_t i = 0; i < s->n; i++)
		if (!m || s->a[i] != s->a[m - 1])
			s->a[m++] = s->a[i];
	nr = realloc(s->run, (s->nrun + 1) * sizeof(*nr));
	if (!nr)
		return -1;
	s->run = nr;
	p = peg_lpack_new(0);
	if (!p || peg_lpack_push(p, s->lf, s->a, m) ||
	    peg_lpack_finish(p, s->lf)) {
		peg_lpack_free(p);
		return -1;
	}
	s->run[s->nrun++] = p;
	s->n = 0;
	return 0;
}

int pegww_srt_push(struct pegww_srt *s, uint64_t x)
{
	if (s->n == s->cap && srt_flush(s))
		return -1;
	s->a[s->n++] = x;
	return 0;
}

/* A packed level read code by code. */
int pegww_rd_open(struct pegww_rd *r, const struct peg_lpack *p)
{
	memset(r, 0, sizeof(*r));
	r->p = p;
	r->lf = peg_lf_new();
	r->a = malloc(PEG_LF_BLOCK * sizeof(uint64_t));
	if (!r->lf || !r->a) {
		pegww_rd_close(r);
		return -1;
	}
	return 0;
}

void pegww_rd_close(struct pegww_rd *r)
{
	peg_lf_free(r->lf);
	free(r->a);
	memset(r, 0, sizeof(*r));
}

/* The next code in *x: 1, 0 at the end, -1 when a block fails. */
int pegww_rd_next(struct pegww_rd *r, uint64_t *x)
{
	if (r->i == r->n) {
		if (!r->p || r->blk >= r->p->nblk)
			return 0;
		r->n = peg_lpack_block_n(r->p, r->blk);
		if (peg_lpack_block(r->p, r->lf, r->blk, r->a))
			return -1;
		r->blk++;
		r->i = 0;
	}
	*x = r->a[r->i++];
	return 1;
}

/* Merge the runs (disjoint or not) and hand the distinct codes, sorted,
 * to emit in chunks.  The runs are freed.  0, or -1 (out of memory, or
 * emit failed). */
int pegww_srt_drain(struct pegww_srt *s, pegww_emit_fn *emit, void *ctx)
{
	struct pegww_rd *rd = NULL;
	uint64_t *head = NULL, last = 0, x;
	size_t *heap = NULL, nh = 0, k = 0;
	int rc = -1, any = 0;

	if (srt_flush(s))
		return -1;
	rd = calloc(s->nrun + 1, sizeof(*rd));
	head = malloc((s->nrun + 1) * sizeof(*head));
	heap = malloc((s->nrun + 1) * sizeof(*heap));
	if (!rd || !head || !heap)
		goto out;
	for (size_t i = 0; i < s->nrun; i++) {
		int g;

		if (pegww_rd_open(&rd[i], s->run[i]))
			goto out;
		g = pegww_rd_next(&rd[i], &head[i]);
		if (g < 0)
			goto out;
		if (g) { /* sift up */
			size_t c = nh++;

			heap[c] = i;
			while (c && head[heap[(c - 1) / 2]] > head[heap[c]]) {
				size_t t = heap[c];

				heap[c] = heap[(c - 1) / 2];
				heap[(c - 1) / 2] = t;
				c = (c - 1) / 2;
			}
		}
	}
	while (nh) {
		size_t i = heap[0], c = 0;
		int g;

		x = head[i];
		if (!any || x != last) {
			s->a[k++] = x;
			if (k == s->cap) {
				if (emit(ctx, s->a, k))
					goto out;
				k = 0;
			}
			last = x;
			any = 1;
		}
		g = pegww_rd_next(&rd[i], &head[i]);
		if (g < 0)
			goto out;
		if (!g)
			heap[0] = heap[--nh];
		for (;;) { /* sift down */
			size_t l = 2 * c + 1, m = c;

			if (l < nh && head[heap[l]] < head[heap[m]])
				m = l;
			if (l + 1 < nh && head[heap[l + 1]] < head[heap[m]])
				m = l + 1;
			if (m == c)
				break;
			x = heap[c];
			heap[c] = heap[m];
			heap[m] = x;
			c = m;
		}
	}
	if (k && emit(ctx, s->a, k))
		goto out;
	rc = 0;
out:
	for (size_t i = 0; rd && i < s->nrun; i++)
		pegww_rd_close(&rd[i]);
	for (size_t i = 0; i < s->nrun; i++)
		peg_lpack_free(s->run[i]);
	s->nrun = 0;
	free(rd);
	free(head);
	free(heap);
	return rc;
}

/* ---- the problem: group, sigma, files ---- */

uint64_t pegww_map_t(const struct pegww *w, const struct peg_symtab64 *t,
		     int sg, uint64_t c)
{
	return peg_symtab64_canon(t, peg_symtab64_apply(w->s->symtab, sg,
						       w->full ^ c));
}

/* sg(~c) canonical under cg, a directory's coarser group, shifted up by
 * tb bits that name the element of cg that made it. */
uint64_t pegww_map_tag(const struct pegww *w, const struct pegww_cg *cg,
		       int sg, uint64_t c)
{
	const struct peg_symtab64 *t = cg->t;
	uint64_t z = peg_symtab64_apply(w->s->symtab, sg, w->full ^ c);
	uint64_t best = peg_symtab64_apply(t, 0, z);
	unsigned bi = 0;

	for (int k = 1; k < t->n_syms; k++) {
		uint64_t v = peg_symtab64_apply(t, k, z);

		if (v < best) {
			best = v;
			bi = (unsigned)k;
		}
	}
	return best << cg->tb | bi;
}

uint64_t pegww_map(const struct pegww *w, int sg, uint64_t c)
{
	return pegww_map_t(w, w->gt, sg, c);
}

void pegww_path(char *buf, size_t n, const char *dir, char kind, int pegs)
{
	snprintf(buf, n, "%.3000s/%c-%03d.lvl", dir, kind, pegs);
}

/* sigma (and its inverse) for s's problem, checked to normalise the
 * group.  0, or -1 with err. */
static int find_sigma(struct pegww *w, struct peg_err *err)
{
	const struct peg_board *b = w->b;
	const struct peg_sets *s = w->s;
	uint64_t st = (uint64_t)s->start, fi = (uint64_t)s->finish;
	int *tmp = malloc(sizeof(int) * (size_t)b->n_holes);

	if (!tmp) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	w->sigma = -1;
	for (int g = 0; g < b->n_syms && w->sigma < 0; g++)
		if (peg_symtab64_apply(s->symtab, g, w->full ^ fi) == st &&
		    peg_symtab64_apply(s->symtab, g, w->full ^ st) == fi)
			w->sigma = g;
	if (w->sigma < 0) {
		free(tmp);
		peg_err_set(err, "the problem is not its own time reverse: no "
				 "symmetry of '%s' maps the reverse (start "
				 "~finish, finish ~start) onto it",
			    b->spec);
		return -1;
	}
	w->sigma_inv = -1;
	for (int g = 0; g < b->n_syms; g++)
		if (pegww_compose(b, g, w->sigma, tmp) == 0)
			w->sigma_inv = g;
	/* sigma G sigma^-1 = G */
	for (int i = 0; i < s->n_group && w->sigma_inv >= 0; i++) {
		int h = pegww_compose(b, w->sigma, s->group[i], tmp), c = -1, in = 0;

		if (h >= 0)
			c = pegww_compose(b, h, w->sigma_inv, tmp);
		for (int j = 0; j < s->n_group; j++)
			in |= s->group[j] == c;
		if (!in) {
			free(tmp);
			peg_err_set(err, "symmetry %d swapping the problem and "
				    "its reverse does not normalise the "
				    "problem's group", w->sigma);
			return -1;
		}
	}
	/* sigma^2 in G: then sigma and sigma^-1 give the same classes, as
	 * the levels' mapping assumes (true for the full stabiliser; a
	 * restricted --group with a sigma of order 4 would break it) */
	if (w->sigma_inv >= 0) {
		int sq = pegww_compose(b, w->sigma, w->sigma, tmp), in = 0;

		for (int j = 0; j < s->n_group; j++)
			in |= s->group[j] == sq;
		if (!in) {
			free(tmp);
			peg_err_set(err, "symmetry %d swapping the problem and "
				    "its reverse does not square into the "
				    "problem's group (use the full group)",
				    w->sigma);
			return -1;
		}
	}
	free(tmp);
	if (w->sigma_inv < 0) {
		peg_err_set(err, "symmetry %d has no inverse on '%s'",
			    w->sigma, b->spec);
		return -1;
	}
	return 0;
}

/* The W directory: made if missing (its manifest written then, or when
 * it is the forward directory), else its manifest compared.  0, or -1
 * with err. */
static int wdir_open(struct pegww *w, struct peg_err *err)
{
	char path[3100], m[256], *old;
	size_t len = 0, ml;
	struct peg_afile *af;
	int fresh, rc = -1;

	if (w->rev) /* meeting the reverse problem's levels */
		ml = (size_t)snprintf(m, sizeof(m),
				      "pegsol winning sets 1\nforward %016llx\n"
				      "reverse %016llx\ntau %d\n",
				      (unsigned long long)w->ftag,
				      (unsigned long long)w->gtag, w->tau);
	else
		ml = (size_t)snprintf(m, sizeof(m),
				      "pegsol winning sets 1\nforward %016llx\n"
				      "sigma %d\n",
				      (unsigned long long)w->ftag, w->sigma);
	/* forward levels made for another goal: W names its own */
	if (w->fgoal_other || w->rev)
		ml += (size_t)snprintf(m + ml, sizeof(m) - ml, "goal %016llx\n",
				       (unsigned long long)w->s->finish);
	ml += (size_t)snprintf(m + ml, sizeof(m) - ml, "codes 64\n");
	w->wtag = peg_afile_hash(m, ml);
	fresh = !mkdir(w->wdir, 0777);
	if (!fresh && errno != EEXIST) {
		peg_err_set(err, "cannot make '%.180s': %s", w->wdir,
			    strerror(errno));
		return -1;
	}
	snprintf(path, sizeof(path), "%.3000s/W-manifest", w->wdir);
	old = pegww_slurp(path, &len);
	if (old) {
		if (len != ml || memcmp(old, m, ml))
			peg_err_set(err, "'%.180s' holds the winning sets of "
				    "another problem (its W-manifest differs)",
				    w->wdir);
		else
			rc = 0;
		free(old);
		return rc;
	}
	if (!access(path, F_OK)) { /* there, but too big or unreadable */
		peg_err_set(err, "'%.180s' cannot be read as a W-manifest",
			    path);
		return -1;
	}
	if (!fresh && strcmp(w->wdir, w->fdir)) {
		peg_err_set(err, "'%.180s' exists and holds no W-manifest "
			    "(name a new directory)", w->wdir);
		return -1;
	}
	if (peg_afile_open(path, &af, err))
		return -1;
	peg_afile_printf(af, "%s", m);
	return peg_afile_commit(af, err) ? -1 : 0;
}

/* Level pegs of F (kind 'F'), of the reverse directory's F ('G'), of W
 * ('W') or of the reverse problem's W ('R') read back packed into l (F
 * of the start: the start alone).  0, or -1 with err. */
int pegww_load(struct pegww *w, char kind, int pegs, struct peg_level *l,
	       struct peg_err *err)
{
	char path[3100];
	const char *dir = kind == 'F' ? w->fdir : kind == 'G' ? w->gdir
							      : w->wdir;
	uint64_t tag = kind == 'F' ? w->ftag : kind == 'G' ? w->gtag : w->wtag;
	int r, top = kind == 'G' ? w->gstart_pegs : w->s->start_pegs;

	memset(l, 0, sizeof(*l));
	if ((kind == 'F' || kind == 'G') && pegs == top) {
		uint64_t st = kind == 'F'
				      ? peg_symtab64_canon(w->FK.t,
							   (uint64_t)w->s->start)
				      : peg_symtab64_canon(w->K.t, w->gstart);

		l->pack = peg_lpack_new(0);
		if (!l->pack || peg_lpack_push(l->pack, w->lf, &st, 1) ||
		    peg_lpack_finish(l->pack, w->lf)) {
			peg_err_set(err, "out of memory");
			return -1;
		}
		l->n = 1;
		l->have = 1;
		return 0;
	}
	pegww_path(path, sizeof(path), dir, kind == 'G' ? 'F' : kind, pegs);
	r = peg_level_load_packed(w->s, path, pegs, tag, l, err);
	if (r == -2)
		peg_err_set(err, "out of memory reading '%.180s'", path);
	return r ? -1 : 0;
}

void pegww_level_free(struct peg_level *l)
{
	free(l->code);
	peg_lpack_free(l->pack);
	memset(l, 0, sizeof(*l));
}

/* ---- one W level ---- */

/* The consumer of a sorted stream: intersect it with a packed level
 * (cursor f), passing the codes in both on, mapped through sigma^-1 into
 * a sorter (y) or as they are to the level file (out). */
struct isect {
	struct pegww *w;
	struct pegww_rd f;
	uint64_t cur;
	int more; /* cur is valid */
	struct pegww_srt *y;
	const struct peg_symtab64 *yt; /* the map into y: canon_yt(ysg(~c)) */
	int ysg;
	const struct pegww_cg *tag; /* the codes carry tag->tb bits naming
				     the symmetry of the met level's coarser
				     group that made them (pegww_map_tag) */
	int plain; /* y gets canon_yt(z), not the map of ~z */
	struct peg_level_out *out;
	int bad;
};

static int isect_emit(void *ctx, const uint64_t *a, size_t k)
{
	struct isect *c = ctx;

	for (size_t i = 0; i < k; i++) {
		int tb = c->tag ? c->tag->tb : 0;
		uint64_t key = a[i] >> tb, z = key;

		while (c->more == 1 && c->cur < key)
			c->more = pegww_rd_next(&c->f, &c->cur);
		if (c->more < 0) {
			c->bad = 1;
			return -1;
		}
		if (!c->more)
			return 0;
		if (c->cur != key)
			continue;
		if (tb) /* the position the candidate was */
			z = peg_symtab64_apply(c->w->s->symtab,
					       c->tag->inv[a[i] & ((1u << tb) - 1)],
					       key);
		if (c->y ? pegww_srt_push(c->y,
					  c->plain ? peg_symtab64_canon(c->yt, z)
						   : pegww_map_t(c->w, c->yt,
								 c->ysg, z))
			 : peg_level_out_push(c->out, &a[i], 1))
			return -1;
	}
	return 0;
}

static int out_emit(void *ctx, const uint64_t *a, size_t k)
{
	return peg_level_out_push(ctx, a, k);
}

/* Push every code of a level, mapped through sg into t's codes (or
 * tagged under tag: pegww_map_tag), into x; with exp every position of
 * its orbit under exp (the coarser group of the level's directory). */
static int push_mapped(struct pegww *w, const struct peg_level *l,
		       const struct peg_symtab64 *t, int sg,
		       const struct peg_symtab64 *exp,
		       const struct pegww_cg *tag, struct pegww_srt *x)
{
	struct pegww_rd r;
	uint64_t c;
	int g;

	if (pegww_rd_open(&r, l->pack))
		return -1;
	while ((g = pegww_rd_next(&r, &c)) == 1)
		for (int k = 0; k < (exp ? exp->n_syms : 1); k++) {
			uint64_t v = exp ? peg_symtab64_apply(exp, k, c) : c;

			if (pegww_srt_push(x, tag ? pegww_map_tag(w, tag, sg, v)
						  : pegww_map_t(w, t, sg, v)))
				g = -1;
		}
	pegww_rd_close(&r);
	return g;
}

/* Push canon_t(sg(~c)) of every child c of a level into x (with tag,
 * tagged: pegww_map_tag). */
static int push_children(struct pegww *w, const struct peg_level *l,
			 const struct peg_symtab64 *t, int sg,
			 const struct pegww_cg *tag, struct pegww_srt *x)
{
	struct pegww_rd r;
	uint64_t p;
	int g;

	if (pegww_rd_open(&r, l->pack))
		return -1;
	while ((g = pegww_rd_next(&r, &p)) == 1)
		for (int j = 0; j < w->nj; j++) {
			uint64_t c = p ^ w->jm[2 * j] ^ w->jm[2 * j + 1];

			if ((p & w->jm[2 * j]) == w->jm[2 * j] &&
			    !(p & w->jm[2 * j + 1]) &&
			    pegww_srt_push(x, tag ? pegww_map_tag(w, tag, sg, c)
						  : pegww_map_t(w, t, sg, c)))
				g = -1;
		}
	pegww_rd_close(&r);
	return g;
}

static int nomem(struct peg_err *err)
{
	peg_err_set(err, "out of memory computing the winning sets");
	return -1;
}

/* One side of the walk: the problem's own (kinds F, W; with the reverse
 * directory the other side is G) or the reverse problem's (G, R). */
struct side {
	char fk, ok, wk;                   /* own F, other F, own W */
	int m;                             /* its middle */
	const struct peg_symtab64 *own, *oth; /* their groups */
	int to, back; /* own -> other: canon_oth(to(~c)), other -> own */
	const struct pegww_cg *otag; /* the other F's group when coarse */
};

static void side_of(const struct pegww *w, int rev_side, struct side *sd)
{
	if (!rev_side)
		*sd = (struct side){'F', w->rev ? 'G' : 'F', 'W', w->m, w->gt,
				    w->rev ? w->K.t : w->gt,
				    w->rev ? w->tau_inv : w->sigma,
				    w->rev ? w->tau : w->sigma_inv,
				    w->K.coarse ? &w->K : NULL};
	else
		*sd = (struct side){'G', 'F', 'R', w->rm, w->ht, w->FK.t,
				    w->tau, w->tau_inv,
				    w->FK.coarse ? &w->FK : NULL};
}

/* Level n of sd's W (kind sd->wk), written to its file: the middle
 * (n == m: F_m & B_m), below it (from W_(n+1)) or, for the problem's
 * own W, above it (from W_(N-n) by eq. 8, or from the reverse problem's
 * R_(N-n)).  0, or -1 with err. */
static int w_level(struct pegww *w, const struct side *sd, int n,
		   struct peg_err *err)
{
	int N = w->s->n_holes, m = sd->m, rc = -1;
	struct peg_level a = {0}, f = {0};
	struct pegww_srt x, y;
	struct peg_level_out *out = NULL;
	struct isect ic;
	char path[3100];

	memset(&ic, 0, sizeof(ic));
	if (pegww_srt_init(&x, w->memory, N + w->K.tb + w->FK.tb) ||
	    pegww_srt_init(&y, w->memory / 4, N)) {
		pegww_srt_free(&x);
		return nomem(err);
	}
	pegww_path(path, sizeof(path), w->wdir, sd->wk, n);
	if (peg_level_out_open(w->s, path, &out, err))
		goto out;
	if (n > m) { /* eq. 8, or the reverse problem's W */
		if (pegww_load(w, w->rev ? 'R' : 'W', N - n, &a, err))
			goto out;
		if (push_mapped(w, &a, w->gt, w->rev ? w->tau : w->sigma, NULL,
				NULL, &y) ||
		    pegww_srt_drain(&y, out_emit, out))
			goto io;
	} else {
		/* the level met (kind lk, lp pegs); via: the reverse side's
		 * middle under a coarser G, made on the problem's side */
		int via = n == m && w->K.coarse && sd->fk == 'G';
		char lk = n == m ? (via ? 'F' : sd->fk) : sd->ok;
		int lp = n == m ? (via ? N - m : m) : N - n;
		/* a coarse level pushed is expanded; one met, tagged */
		const struct pegww_cg *ex = via || sd->ok == 'G' ? &w->K : &w->FK;

		if (n == m) {
			if (pegww_load(w, via ? 'G' : sd->ok, via ? m : N - m, &a,
				       err))
				goto out;
			ic.tag = !via && sd->fk == 'F' && w->FK.coarse ? &w->FK
								       : NULL;
			ic.plain = ic.tag != NULL;
			if (push_mapped(w, &a, via ? w->gt : sd->own,
					via ? w->tau : sd->back,
					ex->coarse ? ex->t : NULL, ic.tag, &x))
				goto io;
		} else {
			if (pegww_load(w, sd->wk, n + 1, &a, err))
				goto out;
			ic.tag = sd->otag;
			if (push_children(w, &a, sd->oth, sd->to, ic.tag, &x))
				goto io;
		}
		pegww_level_free(&a);
		/* x: the candidates in the other side's codes (or, at the
		 * middle, the other side's level in ours), met with F */
		if (pegww_load(w, lk, lp, &f, err))
			goto out;
		ic.w = w;
		ic.y = n == m && !via && !ic.tag ? NULL : &y;
		ic.yt = sd->own;
		ic.ysg = sd->back;
		ic.out = out;
		if (pegww_rd_open(&ic.f, f.pack))
			goto io;
		ic.more = pegww_rd_next(&ic.f, &ic.cur);
		if (pegww_srt_drain(&x, isect_emit, &ic) || ic.bad)
			goto io;
		pegww_rd_close(&ic.f);
		pegww_level_free(&f);
		if (ic.y && pegww_srt_drain(&y, out_emit, out))
			goto io;
	}
	if (sd->wk == 'W')
		w->r->w[n] = peg_level_out_count(out);
	else
		w->rw[n] = peg_level_out_count(out);
	rc = peg_level_out_commit(out, w->s, n, 0, w->wtag, err) ? -1 : 0;
	out = NULL;
	goto out;
io:
	if (!peg_level_out_failed(out, err))
		nomem(err);
out:
	peg_level_out_abort(out);
	pegww_rd_close(&ic.f);
	pegww_level_free(&a);
	pegww_level_free(&f);
	pegww_srt_free(&x);
	pegww_srt_free(&y);
	return rc;
}

/* Sizes of the F levels there are (each file checked whole). */
static int f_sizes(struct pegww *w, struct peg_err *err)
{
	struct pegww_result *r = w->r;
	char path[3100];

	r->have_f[w->s->start_pegs] = 1;
	r->f[w->s->start_pegs] = 1;
	for (int n = w->s->start_pegs - 1; n >= w->s->finish_pegs; n--) {
		struct peg_level l;

		pegww_path(path, sizeof(path), w->fdir, 'F', n);
		if (access(path, F_OK))
			continue;
		if (peg_sets_level_load(w->s, path, n, w->ftag, 0, &l, err))
			return -1;
		r->have_f[n] = 1;
		r->f[n] = l.n;
	}
	for (int n = w->s->start_pegs; n >= w->m; n--)
		if (!r->have_f[n]) {
			peg_err_set(err, "'%.180s' has no forward level of %d "
				    "pegs (the winning sets need F down to %d "
				    "pegs: --forward-only --to %d)",
				    w->fdir, n, w->m, w->m);
			return -1;
		}
	for (int n = w->gstart_pegs - 1; w->rev && n >= w->rm; n--) {
		pegww_path(path, sizeof(path), w->gdir, 'F', n);
		if (access(path, F_OK)) {
			peg_err_set(err, "'%.180s' has no forward level of %d "
				    "pegs (the reverse side needs F down to %d "
				    "pegs: --forward-only --to %d)",
				    w->gdir, n, w->rm, w->rm);
			return -1;
		}
	}
	return 0;
}

void pegww_progress(struct pegww *w, enum peg_phase ph, int n, uint64_t k)
{
	struct peg_progress p = {0};

	if (!w->o->progress)
		return;
	w->ptotal += k;
	p.phase = ph;
	p.pegs = n;
	p.positions = k;
	p.total = w->ptotal;
	w->o->progress(w->o->progress_ctx, &p);
}

/* Every W level in order (the middle, down; with the reverse
 * directory the reverse problem's R from its middle down; then up), the
 * ones on disk checked and kept.  0, or -1 with err. */
static int w_all(struct pegww *w, struct peg_err *err)
{
	const struct peg_sets *s = w->s;
	int order[2 * PEG_SETS_MAX_HOLES + 2], k = 0, found = 0;
	char path[3100];
	struct stat sb;
	struct side sw, sr;

	side_of(w, 0, &sw);
	side_of(w, 1, &sr);
	for (int n = w->m; n >= s->finish_pegs; n--)
		order[k++] = n;
	/* R: the reverse problem's levels, N - start .. rm (as -n) */
	for (int n = w->rm; w->rev && n >= s->n_holes - s->start_pegs; n--)
		order[k++] = -n;
	for (int n = w->m + 1; n <= s->start_pegs; n++)
		order[k++] = n;
	for (int i = 0; i < k; i++) {
		int n = order[i] < 0 ? -order[i] : order[i];
		int rv = order[i] < 0;
		uint64_t *cnt = rv ? &w->rw[n] : &w->r->w[n];

		pegww_path(path, sizeof(path), w->wdir, rv ? 'R' : 'W', n);
		if (!access(path, F_OK)) {
			struct peg_level l;

			if (peg_sets_level_load(w->s, path, n, w->wtag, 0, &l,
						err))
				return -1;
			*cnt = l.n;
			found = rv ? found : n;
			w->r->resumed++;
		} else {
			if (found && w->o->resumed)
				w->o->resumed(w->o->resumed_ctx, found);
			found = 0;
			if (w_level(w, rv ? &sr : &sw, n, err))
				return -1;
		}
		if (!stat(path, &sb))
			w->r->wbytes += (uint64_t)sb.st_size;
		/* the reverse problem's levels show as the backward phase */
		pegww_progress(w, rv ? PEG_PHASE_BACKWARD : PEG_PHASE_WINNING,
			       n, *cnt);
	}
	if (w->r->w[s->start_pegs] > 1 || w->r->w[s->finish_pegs] > 1) {
		peg_err_set(err, "winning sets of '%.180s' are not this "
			    "problem's (more than one start or finish)",
			    w->wdir);
		return -1;
	}
	return 0;
}

/* s for p as the forward run made it (its group and codes), checking
 * the work directory's manifest.  0, or -1 with err. */
static int sets_for(struct pegww *w, const struct peg_problem *p,
		    struct peg_err *err)
{
	struct peg_sets_opts so = {0};
	struct pegww_man man;
	int ns = peg_pos_count(p->start, w->b->n_holes);

	if (pegww_manifest_read(w->fdir, w->b, &man, err))
		return -1;
	so.forward_only = 1;
	so.to = ns > 0 ? ns : 1;
	so.prune = w->o->prune;
	/* pruned levels serve their own goal only: peg_sets_compute finds
	 * the functions and checks the whole manifest */
	if (w->o->prune)
		so.work = w->fdir;
	if (peg_sets_compute(w->b, p, &so, &w->s, err))
		return -1;
	w->ftag = man.tag;
	if (w->o->prune)
		return 0;
	/* unpruned: F depends on the start and the group alone */
	if (pegww_forward_check(w, w->fdir, &man, err))
		return -1;
	w->fgoal_other = man.anywhere || man.goal != (uint64_t)w->s->finish;
	return 0;
}

/* The reverse directory (opts.rwork): its manifest, tau, its group's
 * codes.  0, or -1 with err. */
static int reverse_for(struct pegww *w, struct peg_err *err)
{
	struct pegww_man man;

	w->rev = 1;
	w->gdir = w->o->rwork;
	if (pegww_manifest_read(w->gdir, w->b, &man, err) ||
	    pegww_find_tau(w, &man, err))
		return -1;
	w->gtag = man.tag;
	w->gstart = man.start;
	w->gstart_pegs = __builtin_popcountll(man.start);
	if (w->K.coarse && w->FK.coarse) {
		peg_err_set(err, "both work directories' groups are larger "
			    "than the problem's (one of them must be its own)");
		return -1;
	}
	if (pegww_cg_init(w, &w->K, man.group, man.n_group, w->K.coarse, err))
		return -1;
	w->ht = w->K.coarse ? peg_symtab64_new_sub(w->b, w->hconj,
						   w->s->n_group)
			    : w->K.t;
	if (!w->ht)
		return nomem(err);
	return 0;
}

int pegww_run(const struct peg_board *b, const struct peg_problem *p,
	      const struct pegww_opts *o, struct pegww_result *r,
	      struct peg_err *err)
{
	struct pegww w;
	int rc = -1, N = b->n_holes;

	memset(r, 0, sizeof(*r));
	memset(&w, 0, sizeof(w));
	w.b = b;
	w.o = o;
	w.r = r;
	w.fdir = o->work;
	w.wdir = o->wdir ? o->wdir : o->work;
	w.memory = o->memory ? o->memory : PEGWW_DEFAULT_MEMORY;
	if (p->goal == PEG_GOAL_ANYWHERE) {
		peg_err_set(err, "winning sets from a work directory need a "
				 "finish position (not --anywhere)");
		return -1;
	}
	if (N > 64) {
		peg_err_set(err, "winning sets from a work directory need a "
			    "board of at most 64 holes ('%s' has %d)",
			    b->spec, N);
		return -1;
	}
	if (sets_for(&w, p, err))
		goto out; /* w.s may be made: freed there */
	if (w.s->wide) {
		peg_err_set(err, "winning sets from a work directory need "
				 "64-bit codes (unset PEGSOL_WIDE)");
		goto out;
	}
	if (!o->rwork && w.s->start_pegs + w.s->finish_pegs != N) {
		peg_err_set(err, "the problem is not its own time reverse: "
			    "start and finish have %d and %d pegs, not %d in "
			    "all", w.s->start_pegs, w.s->finish_pegs, N);
		goto out;
	}
	w.full = N == 64 ? ~(uint64_t)0 : ((uint64_t)1 << N) - 1;
	w.gt = peg_symtab64_new_sub(b, w.s->group, w.s->n_group);
	if (!w.FK.coarse)
		w.FK.t = w.gt; /* fdir's codes are the problem's */
	w.lf = peg_lf_new();
	w.nj = b->n_jumps;
	w.jm = malloc(sizeof(uint64_t) * 2 * (size_t)(w.nj ? w.nj : 1));
	if (!w.gt || !w.lf || !w.jm) {
		nomem(err);
		goto out;
	}
	for (int j = 0; j < w.nj; j++) {
		w.jm[2 * j] = ((uint64_t)1 << b->jumps[j].from) |
			      ((uint64_t)1 << b->jumps[j].over);
		w.jm[2 * j + 1] = (uint64_t)1 << b->jumps[j].to;
	}
	if (o->rwork ? reverse_for(&w, err) : find_sigma(&w, err))
		goto out;
	w.m = N / 2;
	if (w.m < w.s->finish_pegs)
		w.m = w.s->finish_pegs;
	if (w.m > w.s->start_pegs)
		w.m = w.s->start_pegs;
	w.rm = N - w.m - 1; /* the reverse side makes R_n for n <= rm */
	r->n_holes = N;
	r->start_pegs = w.s->start_pegs;
	r->finish_pegs = w.s->finish_pegs;
	r->middle = w.m;
	r->sigma = w.rev ? -1 : w.sigma;
	r->rev = w.rev;
	r->tau = w.rev ? w.tau : -1;
	r->fgoal_other = w.fgoal_other;
	r->n_group = w.s->n_group;
	r->f_group = w.FK.t->n_syms;
	if (f_sizes(&w, err) || wdir_open(&w, err) || w_all(&w, err) ||
	    pegww_dead_end(&w, err) || (o->count && pegww_count(&w, err)))
		goto out;
	rc = 0;
out:
	peg_sets_free(w.s);
	peg_symtab64_free(w.gt);
	if (w.ht != w.K.t)
		peg_symtab64_free(w.ht);
	peg_symtab64_free(w.K.t);
	if (w.FK.coarse)
		peg_symtab64_free(w.FK.t);
	peg_lf_free(w.lf);
	free(w.jm);
	return rc;
}

void pegww_result_release(struct pegww_result *r)
{
	if (!r)
		return;
	free(r->dead_text);
	free(r->count);
	r->dead_text = NULL;
	r->count = NULL;
}
