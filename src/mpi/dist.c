/* dist.c - the distributed level engine of pegsol-mpi (dist.h). */
#include "dist.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

enum {
	DEFAULT_CHUNK = 16 << 20,
	SEEN_BITS = 16,
	CB = sizeof(dcode),
	SMALL = 1 << 16 /* codes a bucket sorted with a copy (msd_sort) */
};

int dist_init(struct dist *d, MPI_Comm comm, const struct peg_board *b,
	      const int *group, int ng, size_t chunk)
{
	memset(d, 0, sizeof(*d));
	d->comm = comm;
	MPI_Comm_rank(comm, &d->rank);
	MPI_Comm_size(comm, &d->size);
	d->b = b;
	d->n = b->n_holes;
	d->nj = b->n_jumps;
	d->ng = ng;
	/* a round's bytes per destination must fit in an int */
	d->chunk = chunk ? chunk : DEFAULT_CHUNK;
	if (d->chunk > (size_t)1 << 30)
		d->chunk = (size_t)1 << 30;
	if (d->chunk < 4096)
		d->chunk = 4096;
	d->f = dfast_new(b);
	d->t = dsymtab_new(b);
	d->group = malloc(sizeof(int) * (size_t)ng);
	d->sflip = malloc(sizeof(dcode) * ((size_t)ng * (size_t)d->nj + 1));
	d->img = malloc(sizeof(dcode) * (size_t)ng);
	d->seen = calloc((size_t)1 << SEEN_BITS, sizeof(dcode));
	if (!d->seen || !d->f || !d->t || !d->group || !d->sflip || !d->img)
		return -1;
	memcpy(d->group, group, sizeof(int) * (size_t)ng);
	for (int k = 0; k < d->nj; k++)
		for (int g = 0; g < ng; g++)
			d->sflip[(size_t)k * ng + g] = dsymtab_apply(
				d->t, group[g], d->f->flip[k]);
	return 0;
}

void dist_free(struct dist *d)
{
	dfast_free(d->f);
	dsymtab_free(d->t);
	free(d->group);
	free(d->sflip);
	free(d->img);
	free(d->seen);
	memset(d, 0, sizeof(*d));
}

/* The bytes a rank needs holding `more` besides its levels and the
 * round buffers, when that is over its budget, else 0. */
static size_t excess(const struct dist *d, size_t more)
{
	size_t need = d->held + more + 3 * d->chunk;

	return d->budget && need > d->budget ? need : 0;
}

int dist_over(struct dist *d, size_t more)
{
	size_t need = excess(d, more);

	if (need > d->need)
		d->need = need;
	return need != 0;
}

int dist_owner(const struct dist *d, dcode c)
{
	return (int)(dcode_hash(c) % (uint64_t)d->size);
}

dcode dist_canon(const struct dist *d, dcode x)
{
	dcode m = x;

	for (int g = 1; g < d->ng; g++) {
		dcode y = dsymtab_apply(d->t, d->group[g], x);

		if (y < m)
			m = y;
	}
	return m;
}

void dlevel_free(struct dlevel *l)
{
	free(l->a);
	peg_lpack_free(l->pk);
	l->a = NULL;
	l->pk = NULL;
	l->n = 0;
}

uint64_t dist_sum(struct dist *d, uint64_t v)
{
	uint64_t s = 0;

	MPI_Allreduce(&v, &s, 1, MPI_UINT64_T, MPI_SUM, d->comm);
	return s;
}

int dist_any(struct dist *d, int fail)
{
	int in = fail != 0, out = 0;

	MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_LOR, d->comm);
	return out;
}

void dist_bufs_free(const struct dist *d, struct dbuf *send)
{
	for (int r = 0; send && r < d->size; r++)
		free(send[r].p);
	free(send);
}

int dbuf_reserve(struct dbuf *b, size_t more)
{
	size_t cap = b->cap ? b->cap : 4096;
	unsigned char *p;

	if (b->n + more <= b->cap)
		return 0;
	while (cap < b->n + more)
		cap *= 2;
	p = realloc(b->p, cap);
	if (!p)
		return -1;
	b->p = p;
	b->cap = cap;
	return 0;
}

int dist_exchange(struct dist *d, struct dbuf *send, struct dbuf *recv,
		  int fail)
{
	int k = d->size, rc = 0;
	int *sc = calloc((size_t)k * 4, sizeof(int));
	int *rcnt = sc + k, *sd = sc + 2 * k, *rd = sc + 3 * k;
	unsigned char *sb = NULL;
	size_t tot = 0, rtot = 0;
	double t0 = MPI_Wtime();

	fail = fail || !sc;
	for (int r = 0; r < k && !fail; r++) {
		if (send[r].n > INT_MAX || tot + send[r].n > INT_MAX)
			fail = 1;
		tot += send[r].n;
	}
	if (!fail && (sb = malloc(tot + 1)) == NULL)
		fail = 1;
	/* a failed rank sends nothing; the flag travels with the counts */
	if (dist_any(d, fail)) {
		rc = -1;
		goto out;
	}
	tot = 0;
	for (int r = 0; r < k; r++) {
		sc[r] = (int)send[r].n;
		sd[r] = (int)tot;
		memcpy(sb + tot, send[r].p, send[r].n);
		tot += send[r].n;
		send[r].n = 0;
	}
	MPI_Alltoall(sc, 1, MPI_INT, rcnt, 1, MPI_INT, d->comm);
	for (int r = 0; r < k; r++) {
		if (rtot + (size_t)rcnt[r] > INT_MAX)
			fail = 1;
		rd[r] = (int)rtot;
		rtot += (size_t)rcnt[r];
	}
	if (!fail && dbuf_reserve(recv, rtot + 1))
		fail = 1;
	if (dist_any(d, fail)) {
		rc = -1;
		goto out;
	}
	MPI_Alltoallv(sb, sc, sd, MPI_BYTE, recv->p + recv->n, rcnt, rd,
		      MPI_BYTE, d->comm);
	recv->n += rtot;
	d->rounds++;
	d->sent += tot;
out:
	d->t_comm += MPI_Wtime() - t0;
	free(sb);
	free(sc);
	return rc;
}

/* LSD radix sort of a[0..n) on the low `bits` bits (tmp: n codes). */
static void lsd_sort(dcode *a, dcode *tmp, size_t n, int bits)
{
	enum { D = 11 };
	size_t cnt[1 << D];
	dcode *src = a, *dst = tmp;

	for (int sh = 0; sh < bits; sh += D) {
		size_t sum = 0;

		memset(cnt, 0, sizeof(cnt));
		for (size_t i = 0; i < n; i++)
			cnt[(src[i] >> sh) & ((1u << D) - 1)]++;
		for (int j = 0; j < 1 << D; j++) {
			size_t c = cnt[j];

			cnt[j] = sum;
			sum += c;
		}
		for (size_t i = 0; i < n; i++)
			dst[cnt[(src[i] >> sh) & ((1u << D) - 1)]++] = src[i];
		dcode *x = src;
		src = dst;
		dst = x;
	}
	if (src != a)
		memcpy(a, src, n * sizeof(dcode));
}

/* In-place MSD radix sort (American flag sort) of a[0..n) on its bits
 * below `top` (the bits above are the same in every code), 8 bits a
 * pass from the top; a bucket of at most SMALL codes is finished by
 * lsd_sort in tmp (SMALL codes).  So sorting a level takes no copy of
 * it: the budget counts the buffer once (dist.h). */
static void msd_sort(dcode *a, size_t n, int top, dcode *tmp)
{
	size_t cnt[256] = {0}, next[256], end[256], at = 0;
	int sh = top > 8 ? top - 8 : 0;
	unsigned mask = (1u << (top - sh)) - 1;

	if (n <= SMALL) {
		lsd_sort(a, tmp, n, top);
		return;
	}
	for (size_t i = 0; i < n; i++)
		cnt[(unsigned)(a[i] >> sh) & mask]++;
	for (int b = 0; b < 256; b++) {
		next[b] = at;
		at += cnt[b];
		end[b] = at;
	}
	for (unsigned b = 0; b < 256; b++)
		while (next[b] < end[b]) {
			dcode v = a[next[b]];
			unsigned g = (unsigned)(v >> sh) & mask;

			/* carry v to its bucket, taking the code there on */
			while (g != b) {
				dcode w = a[next[g]];

				a[next[g]++] = v;
				v = w;
				g = (unsigned)(v >> sh) & mask;
			}
			a[next[b]++] = v;
		}
	at = 0;
	for (int b = 0; sh && b < 256; b++) {
		msd_sort(a + at, cnt[b], sh, tmp);
		at += cnt[b];
	}
}

/* Sort and deduplicate the codes of a receive buffer in place. */
static int buf_unique(struct dbuf *rb, int bits)
{
	size_t n = rb->n / sizeof(dcode), m = 0;
	dcode *a = (dcode *)(void *)rb->p;
	dcode *tmp = malloc(sizeof(dcode) * (n < SMALL ? n : SMALL) + 16);

	if (!tmp)
		return -1;
	msd_sort(a, n, bits, tmp);
	free(tmp);
	for (size_t i = 0; i < n; i++)
		if (!m || a[i] != a[m - 1])
			a[m++] = a[i];
	rb->n = m * sizeof(dcode);
	/* give back what the duplicates took (the pages, not just the
	 * bytes: main.c has large blocks mapped, not on the heap) */
	if (rb->cap > 2 * rb->n + 4096) {
		unsigned char *p = realloc(rb->p, rb->n + 4096);

		if (p) {
			rb->p = p;
			rb->cap = rb->n + 4096;
		}
	}
	return 0;
}

/* A code that is sent goes through a small direct-mapped cache of the
 * codes sent since the level began (d->seen, cleared by route): a code
 * met again (siblings of nearby parents often share children) is not
 * sent twice.  It only saves traffic and sorting; the owner deduplicates
 * anyway. */
static int put_code(struct dist *d, struct dbuf *send, dcode c)
{
	uint64_t h = dcode_hash(c);
	struct dbuf *b = &send[h % (uint64_t)d->size];
	dcode *slot = &d->seen[h >> (64 - SEEN_BITS)];

	if (*slot == c && c)
		return 0;
	*slot = c;

	if (dbuf_reserve(b, sizeof(c)))
		return -1;
	memcpy(b->p + b->n, &c, sizeof(c));
	b->n += sizeof(c);
	return 0;
}

/* The canonical children of p into send; -1 out of memory. */
static int put_children(struct dist *d, struct dbuf *send, dcode p)
{
	int ng = d->ng;

	for (int g = 1; g < ng; g++)
		d->img[g] = dsymtab_apply(d->t, d->group[g], p);
	for (dcode q = p; q; q &= q - 1) {
		int h = dcode_low(q);

		for (int k = d->b->jump_first[h]; k < d->b->jump_first[h + 1];
		     k++) {
			const dcode *sf = d->sflip + (size_t)k * ng;
			dcode c;

			if (!dfast_legal(d->f, k, p))
				continue;
			c = p ^ sf[0];
			for (int g = 1; g < ng; g++) {
				dcode y = d->img[g] ^ sf[g];

				if (y < c)
					c = y;
			}
			if (put_code(d, send, c))
				return -1;
		}
	}
	return 0;
}

/* A level read in order a block at a time: an array is one block, a
 * pack's blocks are decoded in turn into buf. */
struct dread {
	const struct dlevel *l;
	struct peg_lf *c;
	dcode *buf;
	const dcode *a; /* the block: a[i..n) not yet read */
	size_t i, n, blk;
};

static int rd_open(struct dread *r, const struct dlevel *l)
{
	memset(r, 0, sizeof(*r));
	r->l = l;
	if (!l->pk) {
		r->a = l->a;
		r->n = l->a ? l->n : 0;
		return 0;
	}
	r->c = peg_lf_new();
	r->buf = malloc(sizeof(dcode) * PEG_LF_BLOCK);
	return r->c && r->buf ? 0 : -1;
}

/* 1: r->a[r->i] is the next code; 0: the level is read; -1: a block
 * that does not decode (out of memory). */
static int rd_more(struct dread *r)
{
	if (r->i < r->n)
		return 1;
	if (!r->l->pk || r->blk >= r->l->pk->nblk)
		return 0;
	if (peg_lpack_block(r->l->pk, r->c, r->blk, r->buf))
		return -1;
	r->n = peg_lpack_block_n(r->l->pk, r->blk++);
	r->a = r->buf;
	r->i = 0;
	return r->n > 0;
}

static void rd_close(struct dread *r)
{
	free(r->buf);
	peg_lf_free(r->c);
	r->buf = NULL;
	r->c = NULL;
}

/* Write the receive buffer (sorted, distinct) as a run of sp and free
 * it; runs counts the runs of the level. */
static int spill(struct dist *d, struct dspill *sp, struct dbuf *rb,
		 size_t *uniq, int *runs)
{
	int r = dspill_put(d, sp, (const dcode *)(void *)rb->p, rb->n / CB);

	free(rb->p);
	memset(rb, 0, sizeof(*rb));
	*uniq = 0;
	(*runs)++;
	return r;
}

/* The rounds of dist_route and dist_level_from: codes from src (children
 * when expand is 1, complements when 0, the codes made canonical when
 * 2). */
static int route(struct dist *d, const struct dlevel *src, int expand,
		 struct dlevel *out)
{
	struct dbuf *send = calloc((size_t)d->size, sizeof(*send));
	struct dbuf rb = {0};
	size_t i = 0, uniq = 0, per = d->chunk / (size_t)d->size + 1;
	size_t n = src->n;
	dcode full = d->f->full;
	struct dread rd;
	struct dspill sp;
	int fail = !send, rc = -1, runs = 0;

	/* a packed level is read a block at a time */
	fail = rd_open(&rd, src) || fail;
	out->a = NULL;
	out->n = 0;
	out->pk = NULL;
	memset(&sp, 0, sizeof(sp));
	memset(d->seen, 0, sizeof(dcode) << SEEN_BITS);
	do {
		size_t sent = 0;

		while (!fail && i < n && sent < d->chunk) {
			dcode x;

			if (rd_more(&rd) <= 0) { /* n codes: a bad block */
				fail = 1;
				break;
			}
			x = rd.a[rd.i++];
			i++;

			if (expand == 1)
				fail = put_children(d, send, x);
			else
				fail = put_code(d, send,
						dist_canon(d, expand ? x
								     : full ^ x));
			sent = 0;
			for (int r = 0; r < d->size; r++)
				if ((sent += send[r].n) >= d->chunk ||
				    send[r].n >= per)
					sent = d->chunk;
		}
		if (dist_exchange(d, send, &rb, fail))
			goto out;
		/* keep the buffer near the distinct codes received, and
		 * under the budget: another round must fit (the sort is in
		 * place but for SMALL codes); past half of what the budget
		 * leaves (or every round with --partitions) the distinct
		 * codes go to disk as a run (dspill.c) */
		if (rb.n / CB > 2 * uniq + d->chunk / CB ||
		    excess(d, rb.n + d->chunk + SMALL * CB) ||
		    (d->force > 1 && rb.n)) {
			fail = fail || buf_unique(&rb, d->n);
			uniq = rb.n / CB;
			if (!fail && rb.n &&
			    (d->force > 1 ||
			     excess(d, 2 * rb.n + d->chunk + SMALL * CB)))
				fail = spill(d, &sp, &rb, &uniq, &runs);
			fail = fail ||
			       dist_over(d, rb.n + d->chunk + SMALL * CB);
		}
	} while (dist_any(d, i < n));
	fail = fail || buf_unique(&rb, d->n);
	/* a rank that spilled merges its runs and what it holds */
	if (!fail && sp.nrun)
		fail = (rb.n && spill(d, &sp, &rb, &uniq, &runs)) ||
		       dspill_merge(d, &sp, out);
	if (runs > d->maxruns)
		d->maxruns = runs;
	if (dist_any(d, fail)) {
		dlevel_free(out);
		goto out;
	}
	if (!out->a && !out->pk) {
		out->a = (dcode *)(void *)rb.p;
		out->n = rb.n / CB;
		rb.p = NULL;
	}
	rc = 0;
out:
	dspill_clear(&sp);
	dist_bufs_free(d, send);
	free(rb.p);
	rd_close(&rd);
	return rc;
}

int dist_route(struct dist *d, const struct dlevel *src, int expand,
	       struct dlevel *out)
{
	return route(d, src, expand, out);
}

int dist_level_from(struct dist *d, const dcode *codes, size_t n,
		    struct dlevel *out)
{
	struct dlevel l = {(dcode *)codes, n, NULL};

	return route(d, &l, 2, out);
}

int dlevel_each(const struct dlevel *l,
		int (*fn)(void *ctx, const dcode *a, size_t n), void *ctx)
{
	struct dread rd;
	int r = rd_open(&rd, l), f;

	while (!r && (f = rd_more(&rd)) != 0) {
		r = f < 0 ? -1 : fn(ctx, rd.a + rd.i, rd.n - rd.i);
		rd.i = rd.n;
	}
	rd_close(&rd);
	return r;
}

int dist_pack(struct dlevel *l)
{
	struct peg_lpack *p;
	struct peg_lf *c;
	int bad;

	if (l->pk) /* a spilled level comes out packed (dspill.c) */
		return 0;
	p = peg_lpack_new(DCODE_BITS == 128);
	c = peg_lf_new();
	bad = !p || !c || peg_lpack_push(p, c, l->a, l->n) ||
	      peg_lpack_finish(p, c);

	peg_lf_free(c);
	if (bad) {
		peg_lpack_free(p);
		return -1;
	}
	free(l->a);
	l->a = NULL;
	l->pk = p;
	return 0;
}

struct copy {
	dcode *a;
	size_t n;
};

static int copy_block(void *ctx, const dcode *a, size_t n)
{
	struct copy *q = ctx;

	memcpy(q->a + q->n, a, sizeof(dcode) * n);
	q->n += n;
	return 0;
}

int dist_unpack(struct dlevel *l)
{
	struct copy q = {NULL, 0};

	if (!l->pk)
		return 0;
	q.a = malloc(sizeof(dcode) * (l->n + 1));
	if (!q.a || dlevel_each(l, copy_block, &q)) {
		free(q.a);
		return -1;
	}
	peg_lpack_free(l->pk);
	l->pk = NULL;
	l->a = q.a;
	return 0;
}

size_t dlevel_bytes(const struct dlevel *l)
{
	if (l->pk)
		return l->pk->bytes + (l->pk->nblk + 1) * (sizeof(size_t) + 16);
	return l->a ? l->n * sizeof(dcode) : 0;
}

/* Where dist_minus and dist_intersect put their codes: an array (a),
 * or a pack (pk), a block waiting in ob. */
struct dout {
	dcode *a, *ob;
	size_t n, nb;
	struct peg_lpack *pk;
	struct peg_lf *c;
};

static int dout_put(struct dout *o, dcode x)
{
	if (!o->pk) {
		o->a[o->n++] = x;
		return 0;
	}
	o->ob[o->nb++] = x;
	if (o->nb < PEG_LF_BLOCK)
		return 0;
	o->nb = 0;
	return peg_lpack_push(o->pk, o->c, o->ob, PEG_LF_BLOCK);
}

/* The codes of a that are in b (minus 0) or not (minus 1) into o, both
 * read in order a block at a time: an array a is read before o->a
 * writes over it, so o->a may be a->a.  0, or -1 out of memory. */
static int combine(const struct dlevel *a, const struct dlevel *b, int minus,
		   struct dout *o)
{
	struct dread ra, rb;
	int fa = -1, fb = 0;

	memset(&rb, 0, sizeof(rb));
	if (rd_open(&ra, a) || rd_open(&rb, b))
		goto out;
	while ((fa = rd_more(&ra)) > 0) {
		dcode x = ra.a[ra.i++];

		while ((fb = rd_more(&rb)) > 0 && rb.a[rb.i] < x)
			rb.i++;
		if (fb < 0 || ((fb && rb.a[rb.i] == x) != minus &&
			       dout_put(o, x))) {
			fa = -1;
			break;
		}
	}
	if (!fa && o->pk)
		fa = (o->nb && peg_lpack_push(o->pk, o->c, o->ob, o->nb)) ||
				     peg_lpack_finish(o->pk, o->c)
			     ? -1
			     : 0;
out:
	rd_close(&ra);
	rd_close(&rb);
	return fa;
}

/* combine into an array (room: room codes, or a's own array when
 * room is 0) or, with pack, a new pack; out filled on success. */
static int combined(const struct dlevel *a, const struct dlevel *b, int minus,
		    int pack, size_t room, struct dlevel *out)
{
	struct dout o;
	int r;

	memset(&o, 0, sizeof(o));
	if (pack) {
		o.pk = peg_lpack_new(DCODE_BITS == 128);
		o.c = peg_lf_new();
		o.ob = malloc(sizeof(dcode) * PEG_LF_BLOCK);
		r = !o.pk || !o.c || !o.ob;
	} else {
		o.a = room ? malloc(sizeof(dcode) * (room + 1)) : a->a;
		r = !o.a;
	}
	r = r || combine(a, b, minus, &o);
	peg_lf_free(o.c);
	free(o.ob);
	if (r) {
		peg_lpack_free(o.pk);
		if (room)
			free(o.a);
		return -1;
	}
	out->a = o.pk ? NULL : o.a;
	out->pk = o.pk;
	out->n = o.pk ? o.pk->n : o.n;
	return 0;
}

int dist_minus(struct dlevel *a, const struct dlevel *b)
{
	size_t j = 0, m = 0;
	struct dlevel x;

	if (!a->n)
		return 0;
	if (a->pk || b->pk) { /* in place, or a new pack for a's */
		if (combined(a, b, 1, a->pk != NULL, 0, &x))
			return -1;
		if (a->pk)
			peg_lpack_free(a->pk);
		*a = x;
		return 0;
	}
	for (size_t i = 0; i < a->n; i++) {
		while (j < b->n && b->a[j] < a->a[i])
			j++;
		if (j == b->n || b->a[j] != a->a[i])
			a->a[m++] = a->a[i];
	}
	a->n = m;
	return 0;
}

int dist_intersect(const struct dlevel *a, const struct dlevel *b, int pack,
		   struct dlevel *out)
{
	size_t i = 0, j = 0, m = 0;

	memset(out, 0, sizeof(*out));
	if (a->pk || b->pk || pack)
		return combined(a, b, 0, pack,
				(a->n < b->n ? a->n : b->n) + 1, out);
	out->a = malloc(sizeof(dcode) * ((a->n < b->n ? a->n : b->n) + 1));
	if (!out->a)
		return -1;
	while (i < a->n && j < b->n) {
		if (a->a[i] < b->a[j])
			i++;
		else if (b->a[j] < a->a[i])
			j++;
		else {
			out->a[m++] = a->a[i];
			i++;
			j++;
		}
	}
	out->n = m;
	return 0;
}

long dist_find(const struct dlevel *l, dcode c)
{
	size_t lo = 0, hi = l->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (l->a[mid] < c)
			lo = mid + 1;
		else if (l->a[mid] > c)
			hi = mid;
		else
			return (long)mid;
	}
	return -1;
}

int dist_orbit(const struct dist *d, dcode x)
{
	int fixed = 1;

	for (int g = 1; g < d->ng; g++)
		fixed += dsymtab_apply(d->t, d->group[g], x) == x;
	return d->ng / fixed;
}

struct rawsum {
	const struct dist *d;
	uint64_t sum;
};

static int raw_add(void *ctx, const dcode *a, size_t n)
{
	struct rawsum *r = ctx;

	for (size_t i = 0; i < n; i++)
		r->sum += (uint64_t)dist_orbit(r->d, a[i]);
	return 0;
}

uint64_t dist_raw(const struct dist *d, const struct dlevel *l)
{
	struct rawsum r = {d, 0};

	/* a packed level that does not decode (memory corrupted) cannot
	 * happen: its blocks were made in this process */
	(void)dlevel_each(l, raw_add, &r);
	return r.sum;
}
