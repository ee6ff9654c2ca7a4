/* dist.c - the distributed level engine of pegsol-mpi (dist.h). */
#include "dist.h"

#include "mix.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

enum { DEFAULT_CHUNK = 16 << 20, SEEN_BITS = 16 };

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
	d->f = peg_fast64_new(b);
	d->t = peg_symtab64_new(b);
	d->group = malloc(sizeof(int) * (size_t)ng);
	d->sflip = malloc(sizeof(uint64_t) * ((size_t)ng * (size_t)d->nj + 1));
	d->img = malloc(sizeof(uint64_t) * (size_t)ng);
	d->seen = calloc((size_t)1 << SEEN_BITS, sizeof(uint64_t));
	if (!d->seen || !d->f || !d->t || !d->group || !d->sflip || !d->img)
		return -1;
	memcpy(d->group, group, sizeof(int) * (size_t)ng);
	for (int k = 0; k < d->nj; k++)
		for (int g = 0; g < ng; g++)
			d->sflip[(size_t)k * ng + g] = peg_symtab64_apply(
				d->t, group[g], d->f->flip[k]);
	return 0;
}

void dist_free(struct dist *d)
{
	peg_fast64_free(d->f);
	peg_symtab64_free(d->t);
	free(d->group);
	free(d->sflip);
	free(d->img);
	free(d->seen);
	memset(d, 0, sizeof(*d));
}

int dist_owner(const struct dist *d, uint64_t c)
{
	return (int)(mix_fmix64(c) % (uint64_t)d->size);
}

uint64_t dist_canon(const struct dist *d, uint64_t x)
{
	uint64_t m = x;

	for (int g = 1; g < d->ng; g++) {
		uint64_t y = peg_symtab64_apply(d->t, d->group[g], x);

		if (y < m)
			m = y;
	}
	return m;
}

void dlevel_free(struct dlevel *l)
{
	free(l->a);
	l->a = NULL;
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

/* LSD radix sort of a[0..n) on the low `bits` bits (tmp: n codes), then
 * duplicates dropped; the new length. */
static size_t sort_unique(uint64_t *a, uint64_t *tmp, size_t n, int bits)
{
	enum { D = 11 };
	size_t cnt[1 << D], m = 0;
	uint64_t *src = a, *dst = tmp;

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
		uint64_t *x = src;
		src = dst;
		dst = x;
	}
	if (src != a)
		memcpy(a, src, n * sizeof(uint64_t));
	for (size_t i = 0; i < n; i++)
		if (!m || a[i] != a[m - 1])
			a[m++] = a[i];
	return m;
}

/* Sort and deduplicate the codes of a receive buffer in place. */
static int buf_unique(struct dbuf *rb, int bits)
{
	size_t n = rb->n / sizeof(uint64_t);
	uint64_t *tmp = malloc(n * sizeof(uint64_t) + 8);

	if (!tmp)
		return -1;
	n = sort_unique((uint64_t *)(void *)rb->p, tmp, n, bits);
	free(tmp);
	rb->n = n * sizeof(uint64_t);
	return 0;
}

/* A code that is sent goes through a small direct-mapped cache of the
 * codes sent since the level began (d->seen, cleared by route): a code
 * met again (siblings of nearby parents often share children) is not
 * sent twice.  It only saves traffic and sorting; the owner deduplicates
 * anyway. */
static int put_code(struct dist *d, struct dbuf *send, uint64_t c)
{
	uint64_t h = mix_fmix64(c);
	struct dbuf *b = &send[h % (uint64_t)d->size];
	uint64_t *slot = &d->seen[h >> (64 - SEEN_BITS)];

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
static int put_children(struct dist *d, struct dbuf *send, uint64_t p)
{
	int ng = d->ng;

	for (int g = 1; g < ng; g++)
		d->img[g] = peg_symtab64_apply(d->t, d->group[g], p);
	for (uint64_t q = p; q; q &= q - 1) {
		int h = __builtin_ctzll(q);

		for (int k = d->b->jump_first[h]; k < d->b->jump_first[h + 1];
		     k++) {
			const uint64_t *sf = d->sflip + (size_t)k * ng;
			uint64_t c;

			if (!peg_fast64_legal(d->f, k, p))
				continue;
			c = p ^ sf[0];
			for (int g = 1; g < ng; g++) {
				uint64_t y = d->img[g] ^ sf[g];

				if (y < c)
					c = y;
			}
			if (put_code(d, send, c))
				return -1;
		}
	}
	return 0;
}

/* The rounds of dist_route and dist_level_from: codes from src (children
 * when expand is 1, complements when 0, the codes made canonical when
 * 2). */
static int route(struct dist *d, const uint64_t *src, size_t n, int expand,
		 struct dlevel *out)
{
	struct dbuf *send = calloc((size_t)d->size, sizeof(*send));
	struct dbuf rb = {0};
	size_t i = 0, uniq = 0, per = d->chunk / (size_t)d->size + 1;
	uint64_t full = d->f->full;
	int fail = !send, rc = -1;

	out->a = NULL;
	out->n = 0;
	memset(d->seen, 0, sizeof(uint64_t) << SEEN_BITS);
	do {
		size_t sent = 0;

		while (!fail && i < n && sent < d->chunk) {
			uint64_t x = src[i++];

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
		/* keep the buffer near the distinct codes received */
		if (rb.n / 8 > 2 * uniq + d->chunk / 8) {
			fail = buf_unique(&rb, d->n);
			uniq = rb.n / 8;
		}
	} while (dist_any(d, i < n));
	if (dist_any(d, fail || buf_unique(&rb, d->n)))
		goto out;
	out->a = (uint64_t *)(void *)rb.p;
	out->n = rb.n / 8;
	rb.p = NULL;
	rc = 0;
out:
	dist_bufs_free(d, send);
	free(rb.p);
	return rc;
}

int dist_route(struct dist *d, const struct dlevel *src, int expand,
	       struct dlevel *out)
{
	return route(d, src->a, src->n, expand, out);
}

int dist_level_from(struct dist *d, const uint64_t *codes, size_t n,
		    struct dlevel *out)
{
	return route(d, codes, n, 2, out);
}

int dist_minus(struct dlevel *a, const struct dlevel *b)
{
	size_t j = 0, m = 0;

	for (size_t i = 0; i < a->n; i++) {
		while (j < b->n && b->a[j] < a->a[i])
			j++;
		if (j == b->n || b->a[j] != a->a[i])
			a->a[m++] = a->a[i];
	}
	a->n = m;
	return 0;
}

int dist_intersect(const struct dlevel *a, const struct dlevel *b,
		   struct dlevel *out)
{
	size_t i = 0, j = 0, m = 0;

	out->a = malloc(sizeof(uint64_t) * ((a->n < b->n ? a->n : b->n) + 1));
	out->n = 0;
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

long dist_find(const struct dlevel *l, uint64_t c)
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

int dist_orbit(const struct dist *d, uint64_t x)
{
	int fixed = 1;

	for (int g = 1; g < d->ng; g++)
		fixed += peg_symtab64_apply(d->t, d->group[g], x) == x;
	return d->ng / fixed;
}

uint64_t dist_raw(const struct dist *d, const struct dlevel *l)
{
	uint64_t sum = 0;

	for (size_t i = 0; i < l->n; i++)
		sum += (uint64_t)dist_orbit(d, l->a[i]);
	return sum;
}
