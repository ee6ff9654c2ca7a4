/* dcount.c - the path count of pegsol-mpi (dist.h: dist_count), the walk
 * of count.h spread over the ranks.
 *
 * Each rank keeps T (an exact GMP integer) beside its codes of W_m.  A
 * level is pushed by rounds: a rank sends, for each of its parents with
 * T != 0 and each legal jump, the record (canonical child, T of the
 * parent) to the child's owner, which adds T into its W_(m-1) entry when
 * the child is winning (an edge walked) and drops it otherwise.  A record
 * is the code (8 or 16 bytes: dcode.h), the number of 64-bit limbs (4
 * bytes) and the
 * limbs, so counts of any size travel exactly.  For a complement problem
 * the walk stops at N/2 and meets the level N - N/2 (count.c explains
 * it): the record (canonical complement of x, T(x)/|orbit of x|) goes to
 * the owner of the complement, which multiplies by its T.  The ranks'
 * partial sums are added on rank 0. */
#include "dist.h"

#include <gmp.h>
#include <stdlib.h>
#include <string.h>

struct tlevel {
	mpz_t *z; /* beside the codes of W_m, or NULL */
	size_t n;
};

static int tl_init(struct tlevel *t, size_t n)
{
	t->z = malloc(sizeof(mpz_t) * (n + 1));
	t->n = n;
	if (!t->z)
		return -1;
	for (size_t i = 0; i < n; i++)
		mpz_init(t->z[i]);
	return 0;
}

static void tl_free(struct tlevel *t)
{
	for (size_t i = 0; t->z && i < t->n; i++)
		mpz_clear(t->z[i]);
	free(t->z);
	t->z = NULL;
	t->n = 0;
}

/* The budget's ledger (dist_over): the bytes of the winning levels
 * (packed, or the arrays of the two being walked) and of the T levels
 * alive, a T entry counted as its mpz_t and two limbs (counts below
 * 2^128; a larger one is rare and short-lived). */
enum { T_BYTES = sizeof(mpz_t) + 16 };

static size_t held(const struct dlevel *W, const struct tlevel *T, int n)
{
	size_t sum = 0;

	for (int m = 0; m <= n; m++)
		sum += dlevel_bytes(&W[m]) + (T[m].z ? T[m].n * T_BYTES : 0);
	return sum;
}

/* Append the record (c, v) to b. */
enum { CB = sizeof(dcode), RH = CB + 4 /* a record's head */ };

static int put_rec(struct dbuf *b, dcode c, mpz_srcptr v)
{
	size_t nl = (mpz_sizeinbase(v, 2) + 63) / 64;
	uint32_t n32;

	if (dbuf_reserve(b, RH + 8 * nl + 8))
		return -1;
	memcpy(b->p + b->n, &c, CB);
	mpz_export(b->p + b->n + RH, &nl, -1, 8, 0, 0, v);
	n32 = (uint32_t)nl;
	memcpy(b->p + b->n + CB, &n32, 4);
	b->n += RH + 8 * nl;
	return 0;
}

/* Read the record at p: its code and value; the bytes it takes. */
static size_t get_rec(const unsigned char *p, dcode *c, mpz_ptr v)
{
	uint32_t nl;

	memcpy(c, p, CB);
	memcpy(&nl, p + CB, 4);
	mpz_import(v, nl, -1, 8, 0, 0, p + RH);
	return RH + 8 * (size_t)nl;
}

/* One level of the walk (meet = 0: push T of W[m] into tn along every
 * jump, edges counted) or the meet (meet = 1: the complements of W[m]'s
 * codes met with tn = T of level N - m, products added to sum). */
static int push(struct dist *d, const struct dlevel *cur,
		const struct tlevel *tc, const struct dlevel *next,
		struct tlevel *tn, int meet, uint64_t *edges, mpz_ptr sum)
{
	struct dbuf *send = calloc((size_t)d->size, sizeof(*send));
	struct dbuf rb = {0};
	size_t i = 0;
	int fail = !send, rc = -1, ng = d->ng;
	mpz_t v, q;

	mpz_init(v);
	mpz_init(q);
	do {
		size_t bytes = 0;

		while (!fail && i < cur->n && bytes < d->chunk) {
			dcode p = cur->a[i];
			mpz_srcptr tp = tc->z[i++];

			if (!mpz_sgn(tp))
				continue;
			if (meet) {
				dcode y = dist_canon(d, d->f->full ^ p);

				mpz_divexact_ui(q, tp,
						(unsigned long)dist_orbit(d, p));
				fail = put_rec(&send[dist_owner(d, y)], y, q);
			}
			for (int g = 1; g < ng && !meet; g++)
				d->img[g] = dsymtab_apply(d->t, d->group[g],
							  p);
			for (dcode r = meet ? 0 : p; r && !fail; r &= r - 1) {
				int h = dcode_low(r);

				for (int k = d->b->jump_first[h];
				     k < d->b->jump_first[h + 1] && !fail;
				     k++) {
					const dcode *sf =
						d->sflip + (size_t)k * ng;
					dcode c;

					if (!dfast_legal(d->f, k, p))
						continue;
					c = p ^ sf[0];
					for (int g = 1; g < ng; g++)
						if ((d->img[g] ^ sf[g]) < c)
							c = d->img[g] ^ sf[g];
					fail = put_rec(
						&send[dist_owner(d, c)], c,
						tp);
				}
			}
			bytes = 0;
			for (int r = 0; r < d->size; r++)
				bytes += send[r].n;
		}
		rb.n = 0;
		if (dist_exchange(d, send, &rb, fail))
			goto out;
		for (size_t off = 0; off < rb.n;) {
			dcode c;
			long j;

			off += get_rec(rb.p + off, &c, v);
			j = dist_find(next, c);
			if (j < 0)
				continue;
			if (meet) {
				mpz_addmul(sum, v, tn->z[j]);
			} else {
				mpz_add(tn->z[j], tn->z[j], v);
				(*edges)++;
			}
		}
	} while (dist_any(d, i < cur->n));
	rc = 0;
out:
	dist_bufs_free(d, send);
	free(rb.p);
	mpz_clear(v);
	mpz_clear(q);
	return rc;
}

/* Add the ranks' partial sums on rank 0 (into sum there). */
static int gather_sum(struct dist *d, mpz_ptr sum)
{
	char *s = mpz_get_str(NULL, 16, sum), *all = NULL;
	int len = (int)strlen(s) + 1, *lens = NULL, *disp = NULL, rc = 0;

	if (d->rank == 0) {
		lens = calloc((size_t)d->size * 2, sizeof(int));
		disp = lens ? lens + d->size : NULL;
	}
	MPI_Gather(&len, 1, MPI_INT, lens, 1, MPI_INT, 0, d->comm);
	if (d->rank == 0) {
		size_t tot = 0;

		for (int r = 0; lens && r < d->size; r++) {
			disp[r] = (int)tot;
			tot += (size_t)lens[r];
		}
		all = malloc(tot + 1);
	}
	MPI_Gatherv(s, len, MPI_CHAR, all, lens, disp, MPI_CHAR, 0, d->comm);
	if (d->rank == 0) {
		mpz_t t;

		mpz_init(t);
		mpz_set_ui(sum, 0);
		for (int r = 0; all && r < d->size; r++) {
			mpz_set_str(t, all + disp[r], 16);
			mpz_add(sum, sum, t);
		}
		mpz_clear(t);
		rc = all ? 0 : -1;
	}
	free(s);
	free(all);
	free(lens);
	return rc;
}

int dist_count(struct dist *d, struct dlevel *W, int ns, int nf,
	       int complement, struct peg_count_result *r)
{
	struct tlevel *T = calloc((size_t)d->n + 1, sizeof(*T));
	int n = d->n, stop = nf, rc = -1, fail = !T;
	uint64_t edges = 0, pos = 0;
	mpz_t sum;

	memset(r, 0, sizeof(*r));
	mpz_init(sum);
	if (complement && n / 2 >= nf && n / 2 <= ns)
		stop = n / 2; /* meet in the middle */
	for (int m = nf; m <= ns; m++)
		pos += W[m].n;
	fail = fail || dist_unpack(&W[ns]);
	if (!fail && !tl_init(&T[ns], W[ns].n) && W[ns].n == 1)
		mpz_set_ui(T[ns].z[0], 1);
	else if (!fail && !T[ns].z)
		fail = 1;
	if (dist_any(d, fail))
		goto out;
	for (int m = ns; m > stop; m--) {
		/* W_(m-1) as an array (packed under a budget) beside its T */
		size_t more = W[m - 1].n * T_BYTES +
			      (W[m - 1].pk ? W[m - 1].n * sizeof(dcode) : 0);

		d->held = held(W, T, n);
		if (dist_any(d, dist_over(d, more) ||
					dist_unpack(&W[m - 1]) ||
					tl_init(&T[m - 1], W[m - 1].n)) ||
		    push(d, &W[m], &T[m], &W[m - 1], &T[m - 1], 0, &edges,
			 NULL))
			goto out;
		/* walked: W_m and T_m are done with, but for the meet */
		if (m != n - stop || stop == nf) {
			tl_free(&T[m]);
			dlevel_free(&W[m]);
		}
	}
	if (stop != nf) {
		if (push(d, &W[stop], &T[stop], &W[n - stop], &T[n - stop], 1,
			 NULL, sum))
			goto out;
	} else {
		for (size_t i = 0; i < T[nf].n; i++)
			mpz_add(sum, sum, T[nf].z[i]);
	}
	if (dist_any(d, gather_sum(d, sum)))
		goto out;
	r->edges = dist_sum(d, edges);
	r->positions = (size_t)dist_sum(d, pos);
	if (d->rank == 0) {
		r->text = mpz_get_str(NULL, 10, sum);
		r->wide = mpz_sizeinbase(sum, 2) > 128;
		if (!r->wide) {
			uint64_t w[2] = {0, 0};

			mpz_export(w, NULL, -1, 8, 0, 0, sum);
			r->value = (peg_u128)w[1] << 64 | w[0];
		}
	}
	rc = 0;
out:
	for (int m = 0; T && m <= n; m++)
		tl_free(&T[m]);
	free(T);
	mpz_clear(sum);
	return rc;
}
