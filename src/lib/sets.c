/* sets.c - forward, backward, winning and losing level sets (sets.h) and
 * their binary file (docs/solve.md). */
#include "pegsol/sets.h"

#include "pegsol/fast.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A growable array of codes. */
struct vec {
	uint64_t *a;
	size_t n, cap;
};

/* Everything a worker needs to expand parents into canonical children. */
struct ctx {
	int n, nj, ng;
	uint64_t full;
	const uint64_t *need, *to, *flip;
	int *from_first, *from_list; /* jumps by from hole */
	int *to_first, *to_list;     /* jumps by to hole */
	const int *group;
	const struct peg_symtab64 *t;
	uint64_t *sflip; /* ng * nj: images of flip masks */
	struct vec *buf, *tmp; /* 8 per-worker buffers kept across levels */
};

static uint64_t canon(const struct ctx *c, uint64_t x)
{
	uint64_t m = x;

	for (int i = 1; i < c->ng; i++) {
		uint64_t y = peg_symtab64_apply(c->t, c->group[i], x);

		if (y < m)
			m = y;
	}
	return m;
}

/* LSD radix sort of a[0..n) on the low `bits` bits, 11 bits a pass; tmp
 * holds n codes.  Passes where every key has the same digit are skipped.
 * Returns the array holding the result (a or tmp). */
static uint64_t *radix_sort(uint64_t *a, uint64_t *tmp, size_t n, int bits)
{
	enum { R = 11, B = 1 << R };
	int passes = (bits + R - 1) / R;
	size_t (*cnt)[B] = calloc((size_t)passes, sizeof(*cnt));

	if (!cnt)
		return NULL;
	for (size_t i = 0; i < n; i++)
		for (int p = 0; p < passes; p++)
			cnt[p][(a[i] >> (R * p)) & (B - 1)]++;
	for (int p = 0; p < passes; p++) {
		size_t sum = 0, *c = cnt[p];
		int trivial = 0;
		uint64_t *t;

		for (int d = 0; d < B; d++)
			if (c[d] == n)
				trivial = 1;
		if (trivial)
			continue;
		for (int d = 0; d < B; d++) {
			size_t x = c[d];

			c[d] = sum;
			sum += x;
		}
		for (size_t i = 0; i < n; i++)
			tmp[c[(a[i] >> (R * p)) & (B - 1)]++] = a[i];
		t = a;
		a = tmp;
		tmp = t;
	}
	free(cnt);
	return a;
}

static size_t dedup(uint64_t *a, size_t n)
{
	size_t m = 0;

	for (size_t i = 0; i < n; i++)
		if (!m || a[m - 1] != a[i])
			a[m++] = a[i];
	return m;
}

/* Sort a[0..n) and drop duplicates; returns the new length.  Codes of
 * more than 22 bits are first scattered by their top 11 bits into tmp (one
 * pass over memory), then each bucket, small enough for the cache, is
 * radix sorted on its low bits and compacted back into a. */
static size_t sort_unique(uint64_t *a, uint64_t *tmp, size_t n, int bits)
{
	enum { R = 11, B = 1 << R };
	size_t *cnt, *pos;
	uint64_t *small = NULL;
	size_t m = 0, maxb = 0;
	int low = bits - R;

	if (n < 2)
		return n;
	if (bits <= 2 * R) {
		uint64_t *r = radix_sort(a, tmp, n, bits);

		if (!r)
			return (size_t)-1;
		if (r != a)
			memcpy(a, r, n * sizeof(uint64_t));
		return dedup(a, n);
	}
	cnt = calloc(B + 1, sizeof(size_t));
	pos = malloc((B + 1) * sizeof(size_t));
	if (!cnt || !pos)
		goto fail;
	for (size_t i = 0; i < n; i++)
		cnt[a[i] >> low]++;
	for (int d = 0, sum = 0; d <= B; d++) {
		size_t x = cnt[d];

		pos[d] = (size_t)sum;
		sum += (int)x;
		if (x > maxb)
			maxb = x;
	}
	for (int d = 0; d <= B; d++)
		cnt[d] = pos[d];
	for (size_t i = 0; i < n; i++)
		tmp[pos[a[i] >> low]++] = a[i];
	small = malloc((maxb + 1) * sizeof(uint64_t));
	if (!small)
		goto fail;
	for (int d = 0; d < B; d++) {
		size_t lo = cnt[d], nb = pos[d] - cnt[d];
		uint64_t *r;

		if (!nb)
			continue;
		r = radix_sort(tmp + lo, small, nb, low);
		if (!r)
			goto fail;
		for (size_t i = 0; i < nb; i++)
			if (!m || a[m - 1] != r[i])
				a[m++] = r[i];
	}
	free(small);
	free(cnt);
	free(pos);
	return m;
fail:
	free(small);
	free(cnt);
	free(pos);
	return (size_t)-1;
}

/* Sort and deduplicate v in place.  -1 no memory. */
static int vec_sort_unique(struct vec *v, int bits)
{
	uint64_t *tmp;
	size_t m;

	if (v->n < 2)
		return 0;
	tmp = malloc(v->n * sizeof(uint64_t));
	if (!tmp)
		return -1;
	m = sort_unique(v->a, tmp, v->n, bits);
	free(tmp);
	if (m == (size_t)-1)
		return -1;
	v->n = m;
	return 0;
}

/* Make room for k more codes. */
static int vec_reserve(struct vec *v, size_t k)
{
	if (v->n + k > v->cap) {
		size_t cap = v->cap ? v->cap + v->cap / 2 : 1 << 16;
		uint64_t *a;

		if (cap < v->n + k)
			cap = v->n + k;
		a = realloc(v->a, cap * sizeof(uint64_t));
		if (!a)
			return -1;
		v->a = a;
		v->cap = cap;
	}
	return 0;
}

/* Emit the canonical children of parent p into v.  Returns -1 on no
 * memory. */
static int children(const struct ctx *c, uint64_t p, struct vec *v)
{
	uint64_t img[64];
	int pegs = __builtin_popcountll(p);

	if (vec_reserve(v, (size_t)c->nj))
		return -1;
	img[0] = p;
	for (int i = 1; i < c->ng; i++)
		img[i] = peg_symtab64_apply(c->t, c->group[i], p);
#define EMIT(k)                                                               \
	do {                                                                  \
		const uint64_t *sf_ = c->sflip + (k);                         \
		uint64_t m_ = p ^ sf_[0];                                     \
		for (int i_ = 1; i_ < c->ng; i_++) {                          \
			uint64_t y_ = img[i_] ^ sf_[(size_t)i_ * c->nj];      \
			if (y_ < m_)                                          \
				m_ = y_;                                      \
		}                                                             \
		v->a[v->n++] = m_;                                            \
	} while (0)
	if (2 * pegs <= c->n) {
		for (uint64_t q = p; q; q &= q - 1) {
			int h = __builtin_ctzll(q);

			for (int i = c->from_first[h]; i < c->from_first[h + 1];
			     i++) {
				int k = c->from_list[i];

				if ((p & c->need[k]) == c->need[k] &&
				    !(p & c->to[k]))
					EMIT(k);
			}
		}
	} else {
		for (uint64_t q = ~p & c->full; q; q &= q - 1) {
			int h = __builtin_ctzll(q);

			for (int i = c->to_first[h]; i < c->to_first[h + 1];
			     i++) {
				int k = c->to_list[i];

				if ((p & c->need[k]) == c->need[k])
					EMIT(k);
			}
		}
	}
#undef EMIT
	return 0;
}

struct work {
	const struct ctx *c;
	const uint64_t *par;
	size_t lo, hi;
	struct vec *out, *tmp; /* the worker's buffers (ctx) */
	uint64_t generated;    /* children before deduplication */
	int fail;
};

static void *work_run(void *arg)
{
	struct work *w = arg;
	size_t m;

	w->out->n = 0;
	for (size_t i = w->lo; i < w->hi; i++)
		if (children(w->c, w->par[i], w->out)) {
			w->fail = 1;
			return NULL;
		}
	w->generated = w->out->n;
	w->tmp->n = 0;
	if (vec_reserve(w->tmp, w->out->n)) {
		w->fail = 1;
		return NULL;
	}
	m = sort_unique(w->out->a, w->tmp->a, w->out->n, w->c->n);
	if (m == (size_t)-1)
		w->fail = 1;
	else
		w->out->n = m;
	return NULL;
}

/* Merge two sorted unique arrays into a new one. */
static uint64_t *merge(const uint64_t *a, size_t na, const uint64_t *b,
		       size_t nb, size_t *n)
{
	uint64_t *r = malloc((na + nb + 1) * sizeof(uint64_t));
	size_t i = 0, j = 0, m = 0;

	if (!r)
		return NULL;
	while (i < na && j < nb) {
		if (a[i] < b[j]) {
			r[m++] = a[i++];
		} else if (b[j] < a[i]) {
			r[m++] = b[j++];
		} else {
			r[m++] = a[i++];
			j++;
		}
	}
	while (i < na)
		r[m++] = a[i++];
	while (j < nb)
		r[m++] = b[j++];
	*n = m;
	return r;
}

/* out = D(in): the canonical children of a level, sorted, distinct. */
static int expand(const struct ctx *c, const struct peg_level *in,
		  struct peg_level *out, int threads, uint64_t *nchildren)
{
	struct work w[8];
	pthread_t tid[8];
	int nt = threads < 1 ? 1 : threads > 8 ? 8 : threads, rc = 0;
	size_t n = in->n;

	if (n < 2048)
		nt = 1;
	memset(w, 0, sizeof(w));
	for (int t = 0; t < nt; t++) {
		w[t].c = c;
		w[t].out = &c->buf[t];
		w[t].tmp = &c->tmp[t];
		w[t].par = in->code;
		w[t].lo = n * (size_t)t / (size_t)nt;
		w[t].hi = n * (size_t)(t + 1) / (size_t)nt;
	}
	for (int t = 1; t < nt; t++)
		if (pthread_create(&tid[t], NULL, work_run, &w[t]))
			w[t].fail = 2;
	work_run(&w[0]);
	for (int t = 1; t < nt; t++)
		if (w[t].fail != 2)
			pthread_join(tid[t], NULL);
	for (int t = 0; t < nt; t++)
		if (w[t].fail)
			rc = -1;
	if (!rc && nt == 1) {
		out->code = malloc((w[0].out->n + 1) * sizeof(uint64_t));
		if (!out->code)
			rc = -1;
		else
			memcpy(out->code, w[0].out->a,
			       w[0].out->n * sizeof(uint64_t));
		out->n = w[0].out->n;
	} else if (!rc) {
		/* merge the workers' runs pairwise */
		uint64_t *acc = w[0].out->a;
		size_t nacc = w[0].out->n;

		for (int t = 1; t < nt && !rc; t++) {
			size_t m = 0;
			uint64_t *r = merge(acc, nacc, w[t].out->a,
					    w[t].out->n, &m);

			if (acc != w[0].out->a)
				free(acc);
			acc = r;
			nacc = m;
			if (!r)
				rc = -1;
		}
		out->code = acc;
		out->n = nacc;
	}
	if (nchildren)
		for (int t = 0; t < nt; t++)
			*nchildren += w[t].generated;
	if (rc)
		return -1;
	out->have = 1;
	return 0;
}

/* Sorted canonical complements of a level (distinct orbits stay
 * distinct, so no dedup is needed). */
static uint64_t *comp_sorted(const struct ctx *c, const uint64_t *a, size_t n)
{
	struct vec v = {0};

	v.a = malloc((n + 1) * sizeof(uint64_t));
	if (!v.a)
		return NULL;
	v.cap = n + 1;
	for (size_t i = 0; i < n; i++)
		v.a[v.n++] = canon(c, c->full ^ a[i]);
	if (vec_sort_unique(&v, c->n)) {
		free(v.a);
		return NULL;
	}
	return v.a;
}

static uint64_t *intersect(const uint64_t *a, size_t na, const uint64_t *b,
			   size_t nb, size_t *n)
{
	uint64_t *r = malloc((na < nb ? na : nb) * sizeof(uint64_t) + 8);
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
static int winning(const struct ctx *c, const struct peg_level *f,
		   const struct peg_level *g, struct peg_level *w)
{
	size_t m;

	if (g->n <= f->n) {
		uint64_t *x = comp_sorted(c, g->code, g->n);

		if (!x)
			return -1;
		w->code = intersect(f->code, f->n, x, g->n, &m);
		free(x);
	} else {
		uint64_t *y = comp_sorted(c, f->code, f->n), *z;

		if (!y)
			return -1;
		z = intersect(g->code, g->n, y, f->n, &m);
		free(y);
		if (!z)
			return -1;
		w->code = comp_sorted(c, z, m);
		free(z);
	}
	if (!w->code)
		return -1;
	w->n = m;
	w->have = 1;
	return 0;
}

int peg_level_has(const struct peg_level *l, uint64_t code)
{
	size_t lo = 0, hi = l->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (l->code[mid] < code)
			lo = mid + 1;
		else if (l->code[mid] > code)
			hi = mid;
		else
			return 1;
	}
	return 0;
}

/* L_n = D(W_(n+1)) - W_n. */
static int losers(const struct ctx *c, const struct peg_level *wp,
		  const struct peg_level *w, struct peg_level *l)
{
	struct peg_level d = {0};
	size_t m = 0;

	if (expand(c, wp, &d, 1, NULL))
		return -1;
	for (size_t i = 0; i < d.n; i++)
		if (!peg_level_has(w, d.code[i]))
			d.code[m++] = d.code[i];
	l->code = d.code;
	l->n = m;
	l->have = 1;
	return 0;
}

static uint64_t raw_size(const struct ctx *c, const struct peg_level *l)
{
	uint64_t sum = 0;

	for (size_t i = 0; i < l->n; i++) {
		int fixed = 1;

		for (int s = 1; s < c->ng; s++)
			fixed += peg_symtab64_apply(c->t, c->group[s],
						    l->code[i]) == l->code[i];
		sum += (uint64_t)(c->ng / fixed);
	}
	return sum;
}

static void ctx_free(struct ctx *c)
{
	free(c->from_first);
	free(c->from_list);
	free(c->to_first);
	free(c->to_list);
	free(c->sflip);
	for (int t = 0; t < 8 && c->buf; t++) {
		free(c->buf[t].a);
		free(c->tmp[t].a);
	}
	free(c->buf);
	free(c->tmp);
}

static int ctx_init(struct ctx *c, const struct peg_board *b,
		    const struct peg_fast64 *f, const struct peg_sets *s)
{
	int n = b->n_holes, nj = b->n_jumps;

	memset(c, 0, sizeof(*c));
	c->n = n;
	c->nj = nj;
	c->ng = s->n_group;
	c->full = f->full;
	c->need = f->need;
	c->to = f->to;
	c->flip = f->flip;
	c->group = s->group;
	c->t = s->symtab;
	c->from_first = calloc((size_t)n + 1, sizeof(int));
	c->to_first = calloc((size_t)n + 2, sizeof(int));
	c->from_list = malloc(sizeof(int) * (size_t)(nj + 1));
	c->to_list = malloc(sizeof(int) * (size_t)(nj + 1));
	c->sflip = malloc(sizeof(uint64_t) * (size_t)(c->ng * nj + 1));
	c->buf = calloc(8, sizeof(struct vec));
	c->tmp = calloc(8, sizeof(struct vec));
	if (!c->buf || !c->tmp || !c->from_first || !c->to_first || !c->from_list || !c->to_list ||
	    !c->sflip)
		return -1;
	for (int k = 0; k < nj; k++) {
		c->from_first[b->jumps[k].from + 1]++;
		c->to_first[b->jumps[k].to + 1]++;
	}
	for (int h = 0; h < n; h++) {
		c->from_first[h + 1] += c->from_first[h];
		c->to_first[h + 1] += c->to_first[h];
	}
	{
		int *fp = malloc(sizeof(int) * (size_t)(n + 1));
		int *tp = malloc(sizeof(int) * (size_t)(n + 1));

		if (!fp || !tp) {
			free(fp);
			free(tp);
			return -1;
		}
		memcpy(fp, c->from_first, sizeof(int) * (size_t)n);
		memcpy(tp, c->to_first, sizeof(int) * (size_t)n);
		for (int k = 0; k < nj; k++) {
			c->from_list[fp[b->jumps[k].from]++] = k;
			c->to_list[tp[b->jumps[k].to]++] = k;
		}
		free(fp);
		free(tp);
	}
	for (int i = 0; i < c->ng; i++)
		for (int k = 0; k < nj; k++)
			c->sflip[(size_t)i * nj + k] =
				peg_symtab64_apply(c->t, c->group[i], f->flip[k]);
	return 0;
}

static void level_free(struct peg_level *l)
{
	free(l->code);
	memset(l, 0, sizeof(*l));
}

void peg_sets_free(struct peg_sets *s)
{
	if (!s)
		return;
	for (int n = 0; n <= PEG_SETS_MAX_HOLES; n++) {
		level_free(&s->F[n]);
		level_free(&s->G[n]);
		level_free(&s->W[n]);
		level_free(&s->L[n]);
	}
	peg_symtab64_free(s->symtab);
	free(s->group);
	free(s->spec);
	free(s);
}

size_t peg_sets_backward_size(const struct peg_sets *s, int n)
{
	int m = s->n_holes - n;

	if (n < 0 || n > s->n_holes)
		return 0;
	return s->complement ? s->F[m].n : s->G[m].n;
}

uint64_t peg_sets_canon(const struct peg_sets *s, uint64_t code)
{
	uint64_t m = code;

	for (int i = 1; i < s->n_group; i++) {
		uint64_t y = peg_symtab64_apply(s->symtab, s->group[i], code);

		if (y < m)
			m = y;
	}
	return m;
}

int peg_sets_winning(const struct peg_sets *s, uint64_t code)
{
	int n = __builtin_popcountll(code);

	if (n > s->n_holes || !s->W[n].have)
		return 0;
	return peg_level_has(&s->W[n], peg_sets_canon(s, code));
}

/* Forward sets from the level `top` (already filled) down to `bottom`. */
static int forward(const struct ctx *c, struct peg_level *lv, int top,
		   int bottom, int threads, uint64_t *work)
{
	for (int n = top; n > bottom; n--) {
		if (expand(c, &lv[n], &lv[n - 1], threads, work))
			return -1;
	}
	return 0;
}

static int level_from(struct peg_level *l, const uint64_t *codes, size_t n,
		      int bits)
{
	struct vec v = {0};

	v.a = malloc((n + 1) * sizeof(uint64_t));
	if (!v.a)
		return -1;
	memcpy(v.a, codes, n * sizeof(uint64_t));
	v.n = n;
	v.cap = n + 1;
	if (vec_sort_unique(&v, bits)) {
		free(v.a);
		return -1;
	}
	l->code = v.a;
	l->n = v.n;
	l->have = 1;
	return 0;
}

int peg_sets_compute(const struct peg_board *b, const struct peg_problem *p,
		     const struct peg_sets_opts *opts, struct peg_sets **out,
		     struct peg_err *err)
{
	struct peg_sets_opts o = {0};
	struct peg_sets *s = NULL;
	struct peg_fast64 *f = NULL;
	struct ctx c;
	int n = b->n_holes, ns, nf, threads, ok = 0;
	unsigned char *fin = NULL, *one = NULL;
	const unsigned char *fix[2];
	uint64_t *gstart = NULL;
	size_t ngs = 0;

	memset(&c, 0, sizeof(c));
	*out = NULL;
	if (opts)
		o = *opts;
	threads = o.threads > 0 ? o.threads : 2;
	if (n > PEG_SETS_MAX_HOLES) {
		peg_err_set(err, "level sets need a board of at most %d holes, "
			    "'%s' has %d", PEG_SETS_MAX_HOLES, b->spec, n);
		return -1;
	}
	ns = peg_pos_count(p->start, n);
	nf = p->goal == PEG_GOAL_ANYWHERE ? 1 : peg_pos_count(p->finish, n);
	if (ns < 1 || nf < 1 || nf > ns) {
		peg_err_set(err, "level sets need a start with at least as "
			    "many pegs as the finish (start %d, finish %d)",
			    ns, nf);
		return -1;
	}
	s = calloc(1, sizeof(*s));
	fin = calloc((size_t)n, 1);
	one = calloc((size_t)n, 1);
	if (!s || !fin || !one)
		goto nomem;
	s->spec = strdup(b->spec);
	s->group = malloc(sizeof(int) * (size_t)b->n_syms);
	s->symtab = peg_symtab64_new(b);
	f = peg_fast64_new(b);
	if (!s->spec || !s->group || !s->symtab || !f)
		goto nomem;
	s->n_holes = n;
	s->group_kind = o.group;
	s->anywhere = p->goal == PEG_GOAL_ANYWHERE;
	s->start = peg_pos_to64(p->start, n);
	s->start_pegs = ns;
	s->finish_pegs = nf;
	if (!s->anywhere) {
		s->finish = peg_pos_to64(p->finish, n);
		s->complement = s->finish == (f->full ^ s->start);
	}
	/* the group */
	if (o.group == PEG_GROUP_FULL) {
		s->n_group = b->n_syms;
		for (int i = 0; i < b->n_syms; i++)
			s->group[i] = i;
	} else if (o.group == PEG_GROUP_NONE) {
		s->n_group = 1;
		s->group[0] = 0;
	} else {
		fix[0] = p->start;
		fix[1] = p->finish;
		s->n_group = peg_solve_stabilizer(b, fix, s->anywhere ? 1 : 2,
						  s->group);
	}
	if (ctx_init(&c, b, f, s))
		goto nomem;
	/* forward sets */
	{
		uint64_t st = canon(&c, s->start);

		if (level_from(&s->F[ns], &st, 1, n))
			goto nomem;
	}
	{
		int bottom = nf;

		if (s->complement && o.half)
			bottom = n / 2 > nf ? n / 2 : nf;
		if (forward(&c, s->F, ns, bottom, threads, &s->children))
			goto nomem;
	}
	/* backward sets, as forward sets G of the complemented goal */
	if (!s->complement) {
		gstart = malloc(sizeof(uint64_t) * (size_t)(n + 1));
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
					gstart[ngs++] = canon(
						&c, f->full ^ ((uint64_t)1 << h));
			}
		} else {
			gstart[ngs++] = canon(&c, f->full ^ s->finish);
		}
		if (level_from(&s->G[n - nf], gstart, ngs, n))
			goto nomem;
		if (forward(&c, s->G, n - nf, n - ns, threads, &s->children))
			goto nomem;
	}
	/* winning sets */
	if (s->complement) {
		int k = n / 2 > nf ? n / 2 : nf;

		/* W_m for m in [k, N-k] directly, then eq. 9 below k */
		for (int m = k; m <= n - k && m <= ns; m++)
			if (winning(&c, &s->F[m], &s->F[n - m], &s->W[m]))
				goto nomem;
		for (int m = k - 1; m >= nf; m--) {
			struct peg_level d = {0};
			size_t cnt = 0;
			uint64_t *x;

			if (s->F[m].have) {
				if (winning(&c, &s->F[m], &s->F[n - m],
					    &s->W[m]))
					goto nomem;
				continue;
			}
			/* W_m = D(W_(m+1)) intersect ~F_(N-m) */
			if (expand(&c, &s->W[m + 1], &d, 1, NULL))
				goto nomem;
			x = comp_sorted(&c, s->F[n - m].code, s->F[n - m].n);
			if (!x) {
				level_free(&d);
				goto nomem;
			}
			s->W[m].code = intersect(d.code, d.n, x,
						 s->F[n - m].n, &cnt);
			free(x);
			level_free(&d);
			if (!s->W[m].code)
				goto nomem;
			s->W[m].n = cnt;
			s->W[m].have = 1;
		}
		for (int m = n - k + 1; m <= ns; m++) {
			/* eq. 8: W_m = ~W_(N-m) */
			struct peg_level *src = &s->W[n - m];

			s->W[m].code = comp_sorted(&c, src->code, src->n);
			if (!s->W[m].code)
				goto nomem;
			s->W[m].n = src->n;
			s->W[m].have = 1;
		}
	} else {
		for (int m = nf; m <= ns; m++)
			if (winning(&c, &s->F[m], &s->G[n - m], &s->W[m]))
				goto nomem;
	}
	if (!o.no_losers)
		for (int m = ns - 1; m >= nf; m--)
			if (losers(&c, &s->W[m + 1], &s->W[m], &s->L[m]))
				goto nomem;
	if (o.raw)
		for (int m = 0; m <= n; m++) {
			s->F[m].raw = raw_size(&c, &s->F[m]);
			s->G[m].raw = raw_size(&c, &s->G[m]);
			s->W[m].raw = raw_size(&c, &s->W[m]);
			s->L[m].raw = raw_size(&c, &s->L[m]);
		}
	ok = 1;
nomem:
	if (!ok)
		peg_err_set(err, "out of memory computing the level sets");
	ctx_free(&c);
	peg_fast64_free(f);
	free(gstart);
	free(fin);
	free(one);
	if (!ok) {
		peg_sets_free(s);
		return -1;
	}
	*out = s;
	return 0;
}

/* ---- the binary file (docs/solve.md) ---- */

#define SETS_MAGIC "PEGSETS1"
#define SETS_VERSION 1

static int put_u32(FILE *fp, uint32_t v)
{
	unsigned char b[4];

	for (int i = 0; i < 4; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	return fwrite(b, 1, 4, fp) == 4 ? 0 : -1;
}

static int put_u64(FILE *fp, uint64_t v)
{
	unsigned char b[8];

	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	return fwrite(b, 1, 8, fp) == 8 ? 0 : -1;
}

static int get_u32(FILE *fp, uint32_t *v)
{
	unsigned char b[4];

	if (fread(b, 1, 4, fp) != 4)
		return -1;
	*v = 0;
	for (int i = 0; i < 4; i++)
		*v |= (uint32_t)b[i] << (8 * i);
	return 0;
}

static int get_u64(FILE *fp, uint64_t *v)
{
	unsigned char b[8];

	if (fread(b, 1, 8, fp) != 8)
		return -1;
	*v = 0;
	for (int i = 0; i < 8; i++)
		*v |= (uint64_t)b[i] << (8 * i);
	return 0;
}

static struct peg_level *section(struct peg_sets *s, int kind, int pegs)
{
	switch (kind) {
	case 'F':
		return &s->F[pegs];
	case 'G':
		return &s->G[pegs];
	case 'W':
		return &s->W[pegs];
	case 'L':
		return &s->L[pegs];
	}
	return NULL;
}

int peg_sets_save(const struct peg_sets *s, const char *path,
		  struct peg_err *err)
{
	static const char kinds[] = "FGWL";
	FILE *fp = fopen(path, "wb");
	uint32_t nsec = 0, len = (uint32_t)strlen(s->spec);
	int bad = 0;

	if (!fp) {
		peg_err_set(err, "cannot write '%s'", path);
		return -1;
	}
	for (int k = 0; k < 4; k++)
		for (int n = 0; n <= s->n_holes; n++)
			nsec += section((struct peg_sets *)s, kinds[k], n)->have;
	bad |= fwrite(SETS_MAGIC, 1, 8, fp) != 8;
	bad |= put_u32(fp, SETS_VERSION) | put_u32(fp, (uint32_t)s->n_holes);
	bad |= put_u32(fp, len) | (fwrite(s->spec, 1, len, fp) != len);
	bad |= put_u32(fp, (uint32_t)s->group_kind) |
	       put_u32(fp, (uint32_t)s->n_group);
	for (int i = 0; i < s->n_group; i++)
		bad |= put_u32(fp, (uint32_t)s->group[i]);
	bad |= put_u32(fp, (uint32_t)(s->anywhere | s->complement << 1));
	bad |= put_u32(fp, (uint32_t)s->start_pegs) |
	       put_u32(fp, (uint32_t)s->finish_pegs);
	bad |= put_u64(fp, s->start) | put_u64(fp, s->finish);
	bad |= put_u32(fp, nsec);
	for (int k = 0; k < 4 && !bad; k++)
		for (int n = 0; n <= s->n_holes && !bad; n++) {
			const struct peg_level *l =
				section((struct peg_sets *)s, kinds[k], n);

			if (!l->have)
				continue;
			bad |= put_u32(fp, (uint32_t)kinds[k] |
						   (uint32_t)n << 8);
			bad |= put_u64(fp, l->n) | put_u64(fp, l->raw);
			for (size_t i = 0; i < l->n && !bad; i++)
				bad |= put_u64(fp, l->code[i]);
		}
	if (fclose(fp))
		bad = 1;
	if (bad) {
		peg_err_set(err, "cannot write '%s'", path);
		return -1;
	}
	return 0;
}

int peg_sets_load(const struct peg_board *b, const char *path,
		  struct peg_sets **out, struct peg_err *err)
{
	FILE *fp = fopen(path, "rb");
	struct peg_sets *s = NULL;
	char magic[8];
	uint32_t ver, nh, len, gk, ng, flags, sp, fp_, nsec;
	const char *why = "truncated";

	*out = NULL;
	if (!fp) {
		peg_err_set(err, "cannot read '%s'", path);
		return -1;
	}
	s = calloc(1, sizeof(*s));
	if (!s)
		goto fail;
	if (fread(magic, 1, 8, fp) != 8 || memcmp(magic, SETS_MAGIC, 8)) {
		why = "not a pegsol sets file";
		goto fail;
	}
	if (get_u32(fp, &ver) || get_u32(fp, &nh) || get_u32(fp, &len))
		goto fail;
	if (ver != SETS_VERSION) {
		why = "unknown version";
		goto fail;
	}
	if ((int)nh != b->n_holes || len > 4096) {
		why = "made for another board";
		goto fail;
	}
	s->n_holes = (int)nh;
	s->spec = calloc(len + 1, 1);
	if (!s->spec || fread(s->spec, 1, len, fp) != len)
		goto fail;
	if (strcmp(s->spec, b->spec)) {
		why = "made for another board";
		goto fail;
	}
	if (get_u32(fp, &gk) || get_u32(fp, &ng))
		goto fail;
	if (gk > PEG_GROUP_NONE || ng < 1 || (int)ng > b->n_syms) {
		why = "bad symmetry group";
		goto fail;
	}
	s->group_kind = (enum peg_group)gk;
	s->n_group = (int)ng;
	s->group = malloc(sizeof(int) * ng);
	if (!s->group)
		goto fail;
	for (uint32_t i = 0; i < ng; i++) {
		uint32_t g;

		if (get_u32(fp, &g))
			goto fail;
		if ((int)g >= b->n_syms) {
			why = "bad symmetry group";
			goto fail;
		}
		s->group[i] = (int)g;
	}
	if (get_u32(fp, &flags) || get_u32(fp, &sp) || get_u32(fp, &fp_) ||
	    get_u64(fp, &s->start) || get_u64(fp, &s->finish) ||
	    get_u32(fp, &nsec))
		goto fail;
	s->anywhere = flags & 1;
	s->complement = flags >> 1 & 1;
	s->start_pegs = (int)sp;
	s->finish_pegs = (int)fp_;
	for (uint32_t k = 0; k < nsec; k++) {
		uint32_t tag;
		uint64_t cnt, raw;
		struct peg_level *l;

		if (get_u32(fp, &tag) || get_u64(fp, &cnt) || get_u64(fp, &raw))
			goto fail;
		if ((tag >> 8) > nh ||
		    !(l = section(s, (int)(tag & 0xff), (int)(tag >> 8))) ||
		    l->have || cnt > ((uint64_t)1 << 40)) {
			why = "bad section";
			goto fail;
		}
		l->code = malloc((size_t)cnt * sizeof(uint64_t) + 8);
		if (!l->code)
			goto fail;
		l->have = 1;
		l->n = (size_t)cnt;
		l->raw = raw;
		for (uint64_t i = 0; i < cnt; i++) {
			if (get_u64(fp, &l->code[i]))
				goto fail;
			if ((nh < 64 && l->code[i] >> nh) ||
			    (i && l->code[i] <= l->code[i - 1])) {
				why = "codes not sorted or too large";
				goto fail;
			}
		}
	}
	s->symtab = peg_symtab64_new(b);
	if (!s->symtab)
		goto fail;
	fclose(fp);
	*out = s;
	return 0;
fail:
	peg_err_set(err, "bad sets file '%s': %s", path, why);
	fclose(fp);
	peg_sets_free(s);
	return -1;
}
