/* count.c - number of solutions by paths through the winning graph
 * (count.h).
 *
 * Each winning level W_m gets an open-addressing table of its codes (slot
 * array of 2^k codes, 0 = empty, at most half full) with the path counts
 * kept beside the slots, so a child costs one probe sequence.  For a
 * complement problem the walk stops half way (meet in the middle): the
 * number of paths from x to the finish is the number of paths from the
 * start to the complement of x, so with t(x) = T(O)/|O| per position
 *
 *     count = sum over orbits O in W_m of T(O) / |O| * T(orbit of ~x)
 *
 * at m = floor(N/2), and only the levels from the start down to m are
 * walked.  On an odd board (N = 2m + 1) the meet is on the jumps from
 * m + 1 pegs to m instead, and W_m's table is never built (count_impl.h
 * edge_job_).  The workers take slices of a level and add into the next
 * level's counts atomically (add128_atomic); the meet too is split.  The counts are unsigned __int128 with overflow checks; on
 * overflow the full walk runs again on GMP integers.
 *
 * The walk is src/lib/engines/count_impl.h, compiled for 64-bit codes (boards of
 * up to 64 holes) and for 128-bit codes (wide sets: 65 to 128 holes, or
 * the testing switch of sets.h).  Boards of up to 36 holes take the walk
 * of count_rank.h instead: the same levels, a child found by its rank in
 * a bitmap over its layer instead of by hashing (issue 15 item 4).
 */
#include "pegsol/count.h"

#include "pegsol/fast.h"
#include "pegsol/levelfile.h"

#include "symv.h"

#include <gmp.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdlib.h>
#include <string.h>

static size_t hash64(uint64_t x, int bits)
{
	x ^= x >> 29;
	return (size_t)((x * 0x9e3779b97f4a7c15ULL) >> (64 - bits));
}

static size_t hash128(peg_u128 x, int bits)
{
	return hash64((uint64_t)x ^ ((uint64_t)(x >> 64) * 0xc2b2ae3d27d4eb4fULL),
		      bits);
}

/* The walk's tables: 2^bits slots for n codes, at most half full (most
 * children looked up are misses). */
static int table_bits(size_t n)
{
	int bits = 4;

	while (((size_t)1 << bits) < 2 * n + 2)
		bits++;
	return bits;
}

/* Memory the walk may take beyond a budget (peg_count_solutions_opts):
 * half of the 64 MB that the budget's bound (peak RSS <= budget + 64 MB,
 * docs/performance.md) leaves for the process itself. */
#define WALK_SLACK ((size_t)32 << 20)

/* Levels with fewer slots are walked by one worker. */
enum { WALK_MIN_SLOTS = 1 << 14 };

/* Children of one parent computed (and their slots prefetched) before any
 * is looked up (count_impl.h kids_).  (Probing one batch while the next
 * parents' batch fills was tried: no gain measured, 2026-11-27.) */
enum { KID_BATCH = 256 };

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
enum { LO = 0, HI = 1 };
#else
enum { LO = 1, HI = 0 };
#endif

/* *w += a for a 128-bit count held as two words w[LO], w[HI], while other
 * workers add to it too: two atomic adds, the low word's carry going into
 * the high one (additions commute, so the sum is exact).  1 when the
 * count passes 2^128 (some add then sees the high word wrap). */
static inline int add128_atomic(uint64_t *w, peg_u128 a)
{
	uint64_t lo = (uint64_t)a, hi = (uint64_t)(a >> 64), old;

	old = __atomic_fetch_add(&w[LO], lo, __ATOMIC_RELAXED);
	if (old + lo < old) {
		if (hi == UINT64_MAX)
			return 1;
		hi++;
	}
	if (!hi)
		return 0;
	old = __atomic_fetch_add(&w[HI], hi, __ATOMIC_RELAXED);
	return old + hi < old;
}

/* Progress (count.h): one report after each level of the walk. */
static void walk_progress(peg_progress_fn *fn, void *ctx, int pegs, size_t n,
			  uint64_t *total)
{
	struct peg_progress p = {0};

	*total += n;
	p.phase = PEG_PHASE_COUNT;
	p.pegs = pegs;
	p.positions = n;
	p.total = *total;
	fn(ctx, &p);
}

#define WBITS 64
#include "count_impl.h"
#include "count_rank.h"
#undef WBITS
#define WBITS 128
#include "count_impl.h"

/* The count of the sets s: the walk by ranks where it applies
 * (count_rank.h), else (or past 128 bits) the hash walk.  Testing
 * switch PEGSOL_COUNT_RANK: 0 the hash walk only, 2 the rank walk only
 * (where it does not apply: an error, so a count that succeeds took it),
 * 128 the same with 128-bit counts from the start. */
static int count_sets(const struct peg_board *b, const struct peg_sets *s,
		      struct peg_count_result *r, peg_progress_fn *pfn,
		      void *pctx, struct peg_err *err)
{
	const char *e = getenv("PEGSOL_COUNT_RANK");
	int rc = s->wide ? 1 : count_rank_64(b, s, r, pfn, pctx, err);

	if (rc != 1)
		return rc;
	if (e && (!strcmp(e, "2") || !strcmp(e, "128"))) {
		peg_err_set(err, "the count walk by ranks does not apply "
			    "(PEGSOL_COUNT_RANK=%s)", e);
		return -1;
	}
	memset(r, 0, sizeof(*r));
	return s->wide ? count_sets_128(b, s, r, pfn, pctx, err)
		       : count_sets_64(b, s, r, pfn, pctx, err);
}

void peg_count_result_release(struct peg_count_result *r)
{
	if (!r)
		return;
	free(r->text);
	r->text = NULL;
}

int peg_count_sets(const struct peg_board *b, const struct peg_sets *s,
		   struct peg_count_result *r, struct peg_err *err)
{
	memset(r, 0, sizeof(*r));
	return count_sets(b, s, r, NULL, NULL, err);
}

int peg_count_solutions(const struct peg_board *b, const struct peg_problem *p,
			int threads, struct peg_count_result *r,
			struct peg_sets **sets_out, struct peg_err *err)
{
	struct peg_sets_opts o = {0};

	o.threads = threads;
	return peg_count_solutions_opts(b, p, &o, r, sets_out, err);
}

/* The walk reads only W: the forward (and backward) levels are released
 * before it, arrays or packs, so their memory is free for the walk's
 * tables (the sizes stay, with have 0, as in a --work run).  The winning
 * levels stay as they are; packed ones (a memory budget) are decoded a
 * block at a time into the walk's tables. */
static void drop_forward(struct peg_sets *s)
{
	for (int m = 0; m <= s->n_holes; m++) {
		struct peg_level *l[2] = {&s->F[m], &s->G[m]};

		for (int i = 0; i < 2; i++) {
			free(l[i]->code);
			l[i]->code = NULL;
			peg_lpack_free(l[i]->pack);
			l[i]->pack = NULL;
			l[i]->have = 0;
		}
	}
}

/* The most bytes the walk's tables hold at once (count_impl.h
 * count_sets_: the level walked, the one below it, and the level N - m
 * kept for the meet in the middle; an upper bound on odd boards, whose
 * edge meet never builds the level m).  slot: the bytes of a slot. */
static size_t walk_bytes(const struct peg_sets *s, size_t slot)
{
	int ns = s->start_pegs, nf = s->finish_pegs, n = s->n_holes, stop = nf;
	size_t most = 0;

	if (s->complement && n / 2 >= nf && n / 2 <= ns)
		stop = n / 2;
	for (int m = ns; m > stop; m--) {
		size_t b = ((size_t)1 << table_bits(s->W[m].n)) +
			   ((size_t)1 << table_bits(s->W[m - 1].n));

		if (stop != nf && n - stop > m && n - stop <= ns)
			b += (size_t)1 << table_bits(s->W[n - stop].n);
		if (b * slot > most)
			most = b * slot;
	}
	return most;
}

int peg_count_solutions_opts(const struct peg_board *b,
			     const struct peg_problem *p,
			     const struct peg_sets_opts *oin,
			     struct peg_count_result *r,
			     struct peg_sets **sets_out, struct peg_err *err)
{
	struct peg_sets_opts o = {0};
	struct peg_sets *s;
	int rc;

	memset(r, 0, sizeof(*r));
	if (oin) {
		o.threads = oin->threads;
		o.memory = oin->memory;
		o.partitions = oin->partitions;
		o.tmpdir = oin->tmpdir;
		o.wide = oin->wide;
		o.progress = oin->progress;
		o.progress_ctx = oin->progress_ctx;
	}
	o.group = PEG_GROUP_STAB;
	o.no_losers = 1;
	o.half = 1;
	/* under a budget the levels are packed (the lift reads arrays, so it
	 * is off), and only W is unpacked for the walk */
	o.pack = o.memory > 0;
	o.lift = !o.pack;
	if (peg_sets_compute(b, p, &o, &s, err))
		return -1;
	drop_forward(s);
	if (o.memory) {
		size_t need = walk_bytes(s, s->wide ? sizeof(struct slot_128)
						    : sizeof(struct slot_64));

		if (need > o.memory + WALK_SLACK) {
			peg_err_set(err, "out of memory: the count walk needs "
				    "%zu MB of tables, over the memory budget "
				    "of %zu MB (+ %zu MB)", need >> 20,
				    o.memory >> 20, WALK_SLACK >> 20);
			peg_sets_free(s);
			return -1;
		}
	}
#ifdef __GLIBC__
	/* hand the freed levels and the workers' arenas back to the system
	 * before the walk's tables are faulted in (the budget counts RSS) */
	if (o.memory)
		malloc_trim(0);
#endif
	rc = count_sets(b, s, r, o.progress, o.progress_ctx, err);
	if (sets_out && !rc)
		*sets_out = s;
	else
		peg_sets_free(s);
	return rc;
}

void peg_count_all_release(struct peg_count_all *r)
{
	if (!r)
		return;
	for (int h = 0; r->start && h < r->n; h++)
		free(r->start[h].text);
	free(r->start);
	free(r->sum);
	memset(r, 0, sizeof(*r));
}

/* The sets options of an all-starts run: the caller's resources. */
static void all_opts(struct peg_sets_opts *o, const struct peg_sets_opts *in)
{
	memset(o, 0, sizeof(*o));
	if (!in)
		return;
	o->threads = in->threads;
	o->memory = in->memory;
	o->partitions = in->partitions;
	o->tmpdir = in->tmpdir;
	o->wide = in->wide;
	o->progress = in->progress;
	o->progress_ctx = in->progress_ctx;
}

/* The problem with hole h vacant, the goal one peg anywhere or the
 * complement (the exact position: one peg at h); start (2n bytes: the
 * start, then the finish) is filled. */
static struct peg_problem vacate_problem(const struct peg_board *b, int h,
					 int anywhere, unsigned char *start)
{
	struct peg_problem p = {0};
	size_t n = (size_t)b->n_holes;

	memset(start, 1, n);
	start[h] = 0;
	memset(start + n, 0, n);
	start[n + (size_t)h] = 1;
	p.start = start;
	p.goal = anywhere ? PEG_GOAL_ANYWHERE : PEG_GOAL_POSITION;
	p.finish = anywhere ? NULL : start + n;
	return p;
}

/* One count a class, at its lowest hole (complement, or the GMP fallback
 * of anywhere).  0 or -1 with err. */
static int all_by_class(const struct peg_board *b, int anywhere,
			const struct peg_sets_opts *o, struct peg_count_all *r,
			unsigned char *start, struct peg_err *err)
{
	r->positions = 0;
	r->edges = 0;
	for (int h = 0; h < r->n; h++) {
		struct peg_problem p;
		struct peg_count_result cr;

		if (r->start[h].rep != h)
			continue;
		p = vacate_problem(b, h, anywhere, start);
		if (peg_count_solutions_opts(b, &p, o, &cr, NULL, err))
			return -1;
		free(r->start[h].text);
		r->start[h].text = cr.text;
		r->start[h].value = cr.value;
		r->start[h].wide = cr.wide;
		r->positions += cr.positions;
		r->edges += cr.edges;
	}
	for (int h = 0; h < r->n; h++) {
		struct peg_count_start *c = &r->start[h], *k = &r->start[c->rep];

		if (c->rep == h)
			continue;
		free(c->text);
		c->text = strdup(k->text);
		if (!c->text)
			return -2;
		c->value = k->value;
		c->wide = k->wide;
	}
	return 0;
}

/* Anywhere: the union of the classes' forward sets under the whole group
 * (down to one peg: a position that cannot reach one peg gets P = 0, so B
 * and W are not needed), then one pull walk.  0, 1 when a count passes 128 bits, -1 with err. */
static int all_anywhere(const struct peg_board *b, const struct peg_sets_opts *oin,
			struct peg_count_all *r, unsigned char *start,
			struct peg_err *err)
{
	struct peg_level u[PEG_SETS_MAX_HOLES + 1];
	struct peg_sets_opts o;
	struct peg_sets *s0 = NULL, *s = NULL;
	peg_u128 *val = calloc((size_t)r->n, sizeof(*val));
	char buf[48];
	int rc = -1;

	memset(u, 0, sizeof(u));
	all_opts(&o, oin);
	o.group = PEG_GROUP_FULL;
	o.forward_only = 1; /* F down to one peg: no B, W (P is 0 off W) */
	o.to = 1;
	if (!val)
		goto nomem;
	for (int h = 0; h < r->n; h++) {
		struct peg_problem p;

		if (r->start[h].rep != h)
			continue;
		p = vacate_problem(b, h, 1, start);
		if (peg_sets_compute(b, &p, &o, &s, err))
			goto out;
		for (int m = 1; m < r->n; m++)
			if (s->F[m].have &&
			    (s->wide ? level_union_128(&u[m], &s->F[m])
				     : level_union_64(&u[m], &s->F[m])))
				goto nomem;
		if (!s0)
			s0 = s;
		else
			peg_sets_free(s);
		s = NULL;
	}
	for (int m = 1; m < r->n; m++)
		r->positions += u[m].n;
	rc = s0->wide ? pull_all_128(b, s0, u, val, &r->edges, o.progress,
				     o.progress_ctx)
		      : pull_all_64(b, s0, u, val, &r->edges, o.progress,
				    o.progress_ctx);
	for (int h = 0; h < r->n && !rc; h++) {
		r->start[h].value = val[h];
		r->start[h].text = strdup(peg_u128_str(val[h], buf));
		if (!r->start[h].text)
			rc = -1;
	}
	if (rc >= 0)
		goto out;
nomem:
	rc = -1;
	peg_err_set(err, "out of memory counting solutions");
out:
	for (int m = 0; m <= PEG_SETS_MAX_HOLES; m++)
		free(u[m].code);
	peg_sets_free(s0);
	free(val);
	return rc;
}

int peg_count_all_starts(const struct peg_board *b, int anywhere,
			 const struct peg_sets_opts *o,
			 struct peg_count_all *r, struct peg_err *err)
{
	int n = b->n_holes, rc = -1;
	unsigned char *start = malloc(2 * (size_t)n + 1);
	mpz_t sum, t;

	memset(r, 0, sizeof(*r));
	if (n < 2 || n > PEG_SETS_MAX_HOLES) {
		free(start);
		peg_err_set(err, "all starts need a board of 2 to %d holes",
			    PEG_SETS_MAX_HOLES);
		return -1;
	}
	r->n = n;
	r->start = calloc((size_t)n, sizeof(*r->start));
	if (!start || !r->start)
		goto nomem;
	for (int h = 0; h < n; h++) {
		int rep = h;

		for (int g = 1; g < b->n_syms; g++)
			if (b->sym[(size_t)g * n + h] < rep)
				rep = b->sym[(size_t)g * n + h];
		r->start[h].rep = rep;
		r->classes += rep == h;
	}
	/* the testing switch PEGSOL_COUNT_GMP takes the per-class fallback */
	rc = anywhere && !symv_env_on("PEGSOL_COUNT_GMP")
		     ? all_anywhere(b, o, r, start, err)
		     : 1;
	if (rc == 1) { /* complement, or past 128 bits */
		struct peg_sets_opts oc;

		all_opts(&oc, o);
		rc = all_by_class(b, anywhere, &oc, r, start, err);
	}
	if (rc == -2)
		goto nomem;
	if (rc)
		goto out;
	mpz_init(sum);
	mpz_init(t);
	for (int h = 0; h < n; h++) {
		mpz_set_str(t, r->start[h].text, 10);
		mpz_add(sum, sum, t);
	}
	r->sum = mpz_get_str(NULL, 10, sum);
	mpz_clear(sum);
	mpz_clear(t);
	if (r->sum)
		goto out;
nomem:
	rc = -1;
	peg_err_set(err, "out of memory counting solutions");
out:
	free(start);
	if (rc)
		peg_count_all_release(r);
	return rc;
}
