/* solutions.c - the solutions of a problem as objects: exact counts under
 * four notions of "distinct", listing and classification (solutions.h).
 *
 * Everything runs on 64-bit codes.  One memo (codemap_impl.h) keyed by a
 * 128-bit word holds every memoised value; the key packs
 *
 *   bits   0..63   the position code
 *   bits  64..71   the landing hole of the move in progress + 1 (0: none)
 *   bits  72..79   moves left (under max_moves)
 *   bits  80..111  the index of an interned set of landing holes (MOVES)
 *   bits 120..123  the kind of value (enum below)
 *
 * so the counts, the liveness tests and the sweep values share one budget
 * (max_states entries).
 */
#include "pegsol/solutions.h"

#include "pegsol/count.h"
#include "pegsol/fast.h"
#include "pegsol/moves.h"
#include "pegsol/shortest.h"
#include "pegsol/solution.h"
#include "pegsol/solve.h"

#include "mix.h"
#include "shortest_int.h"

#include <stdlib.h>
#include <string.h>

struct slot {
	peg_u128 key;
	peg_u128 val;
};

static size_t key_hash(peg_u128 k)
{
	return (size_t)mix_fmix64((uint64_t)k ^
				  mix_splitmix64((uint64_t)(k >> 64)));
}

#define CM(x) sm##x
#define CM_KEY peg_u128
#define CM_SLOT struct slot
#define CM_HASH(k) key_hash(k)
#define CM_FULL(n, s) ((n) * 2 > (s))
#define CM_MIN 1024
#include "codemap_impl.h"

enum { K_COUNT = 1, K_ALIVE, K_MOVES, K_BOARDS, K_SWEEP };

#define ALL_ONES (~(peg_u128)0)

struct sx {
	const struct peg_board *b;
	struct peg_fast64 *f;
	struct peg_mvgen64 g;
	int have_g;
	struct peg_symtab64 *st; /* the problem's symmetries */
	int n_syms, *syms;
	uint64_t start, fin;     /* fin 0: one peg anywhere */
	int fin_hole;            /* Merson bound's finish: a hole, -1
				    anywhere, -2 no bound */
	int fin_pegs, max_moves;
	struct pegsh_regions_64 R; /* Merson regions (shortest.h) */
	int have_R;
	struct sm_t memo;
	uint64_t max_states;
	int fail;                /* 1 budget, 2 memory */
	int overflow;
	uint64_t *lsets;         /* interned landing sets, [0] unused */
	size_t n_lsets, cap_lsets;
};

static peg_u128 mkey(int kind, uint64_t code, int land, int left,
		     uint64_t lidx)
{
	return (peg_u128)code | (peg_u128)(unsigned)(land + 1) << 64 |
	       (peg_u128)(unsigned)left << 72 | (peg_u128)lidx << 80 |
	       (peg_u128)(unsigned)kind << 120;
}

static int memo_get(const struct sx *x, peg_u128 k, peg_u128 *v)
{
	struct slot *s = sm_find(&x->memo, k);

	if (!s)
		return 0;
	*v = s->val;
	return 1;
}

static void memo_put(struct sx *x, peg_u128 k, peg_u128 v)
{
	struct slot *s;

	if (x->fail)
		return;
	if (x->memo.n >= x->max_states) {
		x->fail = 1;
		return;
	}
	s = sm_add(&x->memo, k);
	if (!s)
		x->fail = 2;
	else
		s->val = v;
}

static int at_goal(const struct sx *x, uint64_t c)
{
	return x->fin ? c == x->fin : __builtin_popcountll(c) == 1;
}

/* No solution from c within the moves left (land: the mover's hole, whose
 * next jump continues its move). */
static int hopeless(const struct sx *x, uint64_t c, int land, int left)
{
	int p = __builtin_popcountll(c), h;

	if (p <= x->fin_pegs)
		return 1; /* the goal itself was tested first */
	if (!x->max_moves || x->fin_hole < -1)
		return 0;
	h = pegsh64_bound(&x->R, c,
			  x->fin_hole >= 0 ? 1ULL << x->fin_hole
			  : x->b->n_holes == 64 ? ~0ULL
						: (1ULL << x->b->n_holes) - 1);
	return h - (land >= 0) > left;
}

/* May jump j be played from c?  Then *nland and *nl get the landing hole
 * and the moves left after it (under max_moves: a jump by another peg than
 * the one that landed on land starts a new move). */
static int step(const struct sx *x, int j, uint64_t c, int land, int left,
		int *nland, int *nl)
{
	const struct peg_fast64 *f = x->f;

	*nl = left;
	*nland = -1;
	if (!peg_fast64_legal(f, j, c))
		return 0;
	if (x->max_moves) {
		*nland = f->jumps[j].to;
		if (f->jumps[j].from != land) {
			if (!left)
				return 0;
			*nl = left - 1;
		}
	}
	return 1;
}

static peg_u128 add_sat(struct sx *x, peg_u128 a, peg_u128 b)
{
	if (a + b < a) {
		x->overflow = 1;
		return ALL_ONES;
	}
	return a + b;
}

/* Jump sequences from c (kind K_COUNT), or whether there is one (kind
 * K_ALIVE: 0 or 1, stopping at the first).  Without max_moves land and
 * left are -1 and 0 throughout. */
static peg_u128 walk(struct sx *x, uint64_t c, int land, int left, int kind)
{
	const struct peg_fast64 *f = x->f;
	peg_u128 k, v, sum = 0;

	if (x->fail)
		return 0;
	if (at_goal(x, c))
		return 1;
	if (hopeless(x, c, land, left))
		return 0;
	k = mkey(kind, c, land, left, 0);
	if (memo_get(x, k, &v))
		return v;
	for (int j = 0; j < f->n_jumps; j++) {
		int nl, nland;

		if (!step(x, j, c, land, left, &nland, &nl))
			continue;
		sum = add_sat(x, sum, walk(x, c ^ f->flip[j], nland, nl, kind));
		if (kind == K_ALIVE && sum)
			break;
	}
	memo_put(x, k, sum);
	return sum;
}

static uint64_t lset_intern(struct sx *x, uint64_t set)
{
	for (size_t i = 1; i < x->n_lsets; i++)
		if (x->lsets[i] == set)
			return i;
	if (x->n_lsets == x->cap_lsets) {
		size_t cap = x->cap_lsets ? 2 * x->cap_lsets : 64;
		uint64_t *t = cap < ((size_t)1 << 31)
				      ? realloc(x->lsets, cap * sizeof(*t))
				      : NULL;

		if (!t) {
			x->fail = 2;
			return 0;
		}
		x->lsets = t;
		x->cap_lsets = cap;
		if (!x->n_lsets)
			x->n_lsets = 1;
	}
	x->lsets[x->n_lsets] = set;
	return x->n_lsets++;
}

struct mvrec {
	uint64_t after;
	int start, land;
};

static int mvrec_cmp(const void *a, const void *b)
{
	uint64_t p = ((const struct mvrec *)a)->after,
		 q = ((const struct mvrec *)b)->after;

	return (p > q) - (p < q);
}

/* The moves from c as records sorted by the position after (malloc'd;
 * NULL with *n = 0 when there are none or memory failed). */
static struct mvrec *moves_sorted(struct sx *x, uint64_t c, int *n)
{
	int old = x->g.n, m = peg_mvgen64_push(&x->g, c);
	struct mvrec *r;

	*n = 0;
	if (m < 0 || !(r = malloc((size_t)(m ? m : 1) * sizeof(*r)))) {
		x->g.n = old;
		x->fail = 2;
		return NULL;
	}
	for (int i = 0; i < m; i++) {
		int mi = old + i;

		r[i].after = x->g.after[mi];
		r[i].start = x->b->jumps[x->g.jump[x->g.first[mi]]].from;
		r[i].land = x->b->jumps[x->g.jump[x->g.first[mi + 1] - 1]].to;
	}
	x->g.n = old;
	qsort(r, (size_t)m, sizeof(*r), mvrec_cmp);
	*n = m;
	return r;
}

/* Distinct move sequences from c; lidx: the interned set of holes the last
 * move may have landed on (0: no move yet).  A next move may not start
 * there (it would continue the last one). */
static peg_u128 count_moves(struct sx *x, uint64_t c, uint64_t lidx, int left)
{
	peg_u128 k, v, sum = 0;
	struct mvrec *r;
	int n;

	if (x->fail)
		return 0;
	if (at_goal(x, c))
		return 1;
	if (hopeless(x, c, -1, left))
		return 0;
	k = mkey(K_MOVES, c, -1, left, lidx);
	if (memo_get(x, k, &v))
		return v;
	if (x->max_moves && !left) {
		memo_put(x, k, 0);
		return 0;
	}
	r = moves_sorted(x, c, &n);
	for (int i = 0, j; i < n && !x->fail; i = j) {
		uint64_t land = 0, prev = lidx ? x->lsets[lidx] : 0;

		for (j = i; j < n && r[j].after == r[i].after; j++)
			if (!lidx || (prev & ~(1ULL << r[j].start)))
				land |= 1ULL << r[j].land;
		if (land) {
			uint64_t li = lset_intern(x, land);

			sum = add_sat(x, sum,
				      count_moves(x, r[i].after, li,
						  x->max_moves ? left - 1 : 0));
		}
	}
	free(r);
	memo_put(x, k, sum);
	return sum;
}

static int u64_cmp(const void *a, const void *b)
{
	uint64_t p = *(const uint64_t *)a, q = *(const uint64_t *)b;

	return (p > q) - (p < q);
}

/* Distinct sequences of canonical positions from canonical c. */
static peg_u128 count_boards(struct sx *x, uint64_t c)
{
	const struct peg_fast64 *f = x->f;
	uint64_t *kids;
	peg_u128 k, v, sum = 0;
	int n = 0;

	if (x->fail)
		return 0;
	if (at_goal(x, c))
		return 1;
	if (hopeless(x, c, -1, 0))
		return 0;
	k = mkey(K_BOARDS, c, -1, 0, 0);
	if (memo_get(x, k, &v))
		return v;
	kids = malloc((size_t)f->n_jumps * sizeof(*kids) + 1);
	if (!kids) {
		x->fail = 2;
		return 0;
	}
	for (int j = 0; j < f->n_jumps; j++)
		if (peg_fast64_legal(f, j, c))
			kids[n++] = peg_symtab64_canon(x->st, c ^ f->flip[j]);
	qsort(kids, (size_t)n, sizeof(*kids), u64_cmp);
	for (int i = 0; i < n; i++)
		if (!i || kids[i] != kids[i - 1])
			sum = add_sat(x, sum, count_boards(x, kids[i]));
	free(kids);
	memo_put(x, k, sum);
	return sum;
}

/* ---- enumeration: listing, unordered, classes ---------------------- */

struct hset { /* 128-bit hashes of keys -> an index */
	struct sm_t m;
};

struct en {
	struct sx *x;
	const struct peg_solutions_opts *o;
	struct peg_solutions_result *r;
	int *symj;               /* n_syms * n_jumps: jump k under symmetry */
	int *linej;              /* jump k -> its line (the smaller index of
				    it and its reverse) */
	int path[64];
	struct sm_t seen, ms, cls, lines;
	uint64_t n_ms, cap_cls;
	uint64_t max_enum;
	int want_all;            /* walk every sequence (unordered, classes) */
	int done, bad;
	struct peg_err *err;
};

static peg_u128 hash_words(const uint64_t *w, int n, uint64_t salt)
{
	uint64_t h1 = mix_splitmix64(salt ^ 0x9e3779b97f4a7c15ULL),
		 h2 = mix_fmix64(salt + 0x632be59bd9b4e019ULL);

	for (int i = 0; i < n; i++) {
		h1 = mix_splitmix64(h1 ^ w[i]) + (uint64_t)i;
		h2 = mix_fmix64(h2 + w[i] * 0xff51afd7ed558ccdULL) ^ h1;
	}
	return ((peg_u128)h1 << 64 | h2) | (peg_u128)1 << 127;
}

static void sort_ints(uint64_t *a, int n)
{
	qsort(a, (size_t)n, sizeof(*a), u64_cmp);
}

/* Add hash h to set s: 1 when new (val set to v), 0 when present (*v_out
 * gets its value), -1 out of memory. */
static int hset_add(struct sm_t *s, peg_u128 h, peg_u128 v, peg_u128 *v_out)
{
	struct slot *sl = sm_find(s, h);

	if (sl) {
		if (v_out)
			*v_out = sl->val;
		return 0;
	}
	sl = sm_add(s, h);
	if (!sl)
		return -1;
	sl->val = v;
	return 1;
}

/* The key of the solution path[0..n-1] under distinct d. */
static peg_u128 key_of(struct en *e, int n, enum peg_distinct d)
{
	const struct peg_board *b = e->x->b;
	uint64_t w[64], c = e->x->start;
	int m = 0;

	for (int i = 0; i < n; i++) {
		const struct peg_jump *j = &b->jumps[e->path[i]];

		c ^= e->x->f->flip[e->path[i]];
		if (d == PEG_DISTINCT_BOARDS)
			w[m++] = peg_symtab64_canon(e->x->st, c);
		else if (d == PEG_DISTINCT_MOVES) {
			if (i + 1 == n ||
			    b->jumps[e->path[i + 1]].from != j->to)
				w[m++] = c;
		} else {
			w[m++] = (uint64_t)e->path[i];
		}
	}
	if (d == PEG_DISTINCT_UNORDERED)
		sort_ints(w, m);
	return hash_words(w, m, (uint64_t)d);
}

static int keep(struct en *e, int n, struct peg_solution *out)
{
	const struct peg_board *b = e->x->b;
	unsigned char pegs[64];
	struct peg_err err;

	out->jumps = malloc((size_t)n * sizeof(*out->jumps));
	if (!out->jumps) {
		e->x->fail = 2;
		return -1;
	}
	for (int i = 0; i < n; i++)
		out->jumps[i] = b->jumps[e->path[i]];
	out->n_jumps = n;
	out->n_moves = peg_jumps_count_moves(out->jumps, n);
	peg_pos_from64(e->x->start, b->n_holes, pegs);
	if (peg_jumps_replay(b, out->jumps, n, pegs, &err) ||
	    !at_goal(e->x, peg_pos_to64(pegs, b->n_holes))) {
		peg_err_set(e->err, "internal error: a listed solution did "
				    "not replay to the goal");
		e->bad = 1;
		free(out->jumps);
		out->jumps = NULL;
		return -1;
	}
	return 0;
}

/* The smallest image of the sorted multiset of path (as jumps, or as
 * lines when lines is set) under the problem's symmetries. */
static peg_u128 class_key(struct en *e, int n, int lines)
{
	uint64_t best[64], w[64];
	int nj = e->x->b->n_jumps;

	for (int s = 0; s < e->x->n_syms; s++) {
		for (int i = 0; i < n; i++) {
			int k = e->symj[s * nj + e->path[i]];

			w[i] = (uint64_t)(lines ? e->linej[k] : k);
		}
		sort_ints(w, n);
		if (!s || memcmp(w, best, (size_t)n * sizeof(*w)) < 0)
			memcpy(best, w, (size_t)n * sizeof(*w));
	}
	return hash_words(best, n, lines ? 11 : 12);
}

static void classify_one(struct en *e, int n)
{
	struct peg_solutions_result *r = e->r;
	peg_u128 v = (peg_u128)r->n_classes, lv = (peg_u128)r->n_line_classes;
	int add = hset_add(&e->cls, class_key(e, n, 0), v, &v), ci;

	if (add < 0)
		goto oom;
	ci = (int)v;
	if (add) {
		struct peg_solution_class *c;

		if ((uint64_t)r->n_classes == e->cap_cls) {
			uint64_t cap = e->cap_cls ? 2 * e->cap_cls : 16;

			c = cap < (1u << 30) ? realloc(r->classes,
						       cap * sizeof(*c))
					     : NULL;
			if (!c)
				goto oom;
			r->classes = c;
			e->cap_cls = cap;
		}
		c = &r->classes[r->n_classes++];
		memset(c, 0, sizeof(*c));
		if (keep(e, n, &c->rep))
			return;
		add = hset_add(&e->lines, class_key(e, n, 1), lv, &lv);
		if (add < 0)
			goto oom;
		if (add)
			r->n_line_classes++;
		c->line_class = (int)lv;
	}
	r->classes[ci].sequences++;
	/* a new multiset: the class has one more unordered solution */
	if (hset_add(&e->ms, key_of(e, n, PEG_DISTINCT_UNORDERED), 0, NULL) >
	    0)
		r->classes[ci].unordered++;
	return;
oom:
	e->x->fail = 2;
}

static void on_solution(struct en *e, int n)
{
	struct peg_solutions_result *r = e->r;
	int fresh = 1;

	if (++r->enumerated > e->max_enum && e->want_all) {
		e->x->fail = 1;
		return;
	}
	if (e->o->classify)
		classify_one(e, n);
	else if (e->o->distinct == PEG_DISTINCT_UNORDERED) {
		int a = hset_add(&e->ms, key_of(e, n, PEG_DISTINCT_UNORDERED),
				 0, NULL);

		if (a < 0)
			e->x->fail = 2;
		e->n_ms += a > 0;
	}
	if (r->n_list < e->o->limit) {
		if (e->o->distinct != PEG_DISTINCT_JUMPS) {
			fresh = hset_add(&e->seen,
					 key_of(e, n, e->o->distinct), 0, NULL);
			if (fresh < 0)
				e->x->fail = 2;
		}
		if (fresh > 0 && !keep(e, n, &r->list[r->n_list]))
			r->n_list++;
	}
	if (!e->want_all && r->n_list >= e->o->limit)
		e->done = 1;
	if (!e->want_all && r->enumerated > e->max_enum)
		e->x->fail = 1;
}

static void enum_dfs(struct en *e, uint64_t c, int land, int left, int depth)
{
	struct sx *x = e->x;
	const struct peg_fast64 *f = x->f;

	if (at_goal(x, c)) {
		on_solution(e, depth);
		return;
	}
	for (int j = 0; j < f->n_jumps; j++) {
		int nl, nland;

		if (x->fail || e->done || e->bad)
			return;
		if (!step(x, j, c, land, left, &nland, &nl))
			continue;
		if (!walk(x, c ^ f->flip[j], nland, nl, K_ALIVE))
			continue;
		e->path[depth] = j;
		enum_dfs(e, c ^ f->flip[j], nland, nl, depth + 1);
	}
}

static int jump_index(const struct peg_board *b, int from, int over, int to)
{
	for (int k = b->jump_first[from]; k < b->jump_first[from + 1]; k++)
		if (b->jumps[k].over == over && b->jumps[k].to == to)
			return k;
	return -1;
}

static int enumerate(struct sx *x, const struct peg_solutions_opts *o,
		     struct peg_solutions_result *r, uint64_t *unordered,
		     struct peg_err *err)
{
	const struct peg_board *b = x->b;
	int nj = b->n_jumps, rc = 0;
	struct en e = {0};

	e.x = x;
	e.o = o;
	e.r = r;
	e.err = err;
	e.max_enum = o->max_enum ? o->max_enum : 10000000;
	e.want_all = o->classify || o->distinct == PEG_DISTINCT_UNORDERED;
	if ((uint64_t)x->n_syms * (uint64_t)nj > (1u << 26)) {
		x->fail = 2;
		return 0;
	}
	e.symj = malloc((size_t)x->n_syms * (size_t)nj * sizeof(int));
	e.linej = malloc((size_t)nj * sizeof(int));
	if (o->limit)
		r->list = calloc(o->limit, sizeof(*r->list));
	if (!e.symj || !e.linej || (o->limit && !r->list) ||
	    sm_init(&e.seen, 1024) || sm_init(&e.ms, 1024) ||
	    sm_init(&e.cls, 1024) || sm_init(&e.lines, 1024)) {
		x->fail = 2;
		goto out;
	}
	for (int s = 0; s < x->n_syms; s++) {
		const int *p = b->sym + (size_t)x->syms[s] * b->n_holes;

		for (int k = 0; k < nj; k++)
			e.symj[s * nj + k] =
				jump_index(b, p[b->jumps[k].from],
					   p[b->jumps[k].over],
					   p[b->jumps[k].to]);
	}
	for (int k = 0; k < nj; k++) {
		int rev = jump_index(b, b->jumps[k].to, b->jumps[k].over,
				     b->jumps[k].from);

		e.linej[k] = rev >= 0 && rev < k ? rev : k;
	}
	if (o->limit || e.want_all)
		enum_dfs(&e, x->start, -1, x->max_moves, 0);
	if (e.bad)
		rc = PEG_SOLUTIONS_BAD;
	*unordered = o->classify ? e.ms.n : e.n_ms;
out:
	free(e.symj);
	free(e.linej);
	sm_free(&e.seen);
	sm_free(&e.ms);
	sm_free(&e.cls);
	sm_free(&e.lines);
	return rc;
}

/* ---- the calls -------------------------------------------------------- */

int peg_distinct_parse(const char *text, enum peg_distinct *out)
{
	static const char *names[] = {"jumps", "moves", "boards", "unordered"};

	for (int i = 0; i < 4; i++)
		if (!strcmp(text, names[i])) {
			*out = (enum peg_distinct)i;
			return 0;
		}
	return -1;
}

const char *peg_distinct_name(enum peg_distinct d)
{
	static const char *names[] = {"jumps", "moves", "boards", "unordered"};

	return (unsigned)d < 4 ? names[d] : "?";
}

static void sx_release(struct sx *x)
{
	peg_fast64_free(x->f);
	if (x->have_g)
		peg_mvgen64_release(&x->g);
	peg_symtab64_free(x->st);
	if (x->have_R)
		pegsh64_regions_free(&x->R);
	free(x->syms);
	free(x->lsets);
	sm_free(&x->memo);
}

static int sx_init(struct sx *x, const struct peg_board *b,
		   uint64_t max_states, struct peg_err *err)
{
	memset(x, 0, sizeof(*x));
	x->b = b;
	if (b->n_holes > PEG_SOLUTIONS_MAX_HOLES) {
		peg_err_set(err, "board '%s' has %d holes; solutions handles "
				 "at most %d",
			    b->spec, b->n_holes, PEG_SOLUTIONS_MAX_HOLES);
		return PEG_SOLUTIONS_BAD;
	}
	x->max_states = max_states ? max_states : 4000000;
	x->f = peg_fast64_new(b);
	if (!x->f || sm_init(&x->memo, 1024) ||
	    peg_mvgen64_init(&x->g, b, 1, err)) {
		peg_err_set(err, "out of memory");
		return PEG_SOLUTIONS_RESOURCES;
	}
	x->have_g = 1;
	x->have_R = 1;
	if (pegsh64_regions_build(b, &x->R)) {
		peg_err_set(err, "out of memory");
		return PEG_SOLUTIONS_RESOURCES;
	}
	return 0;
}

static char *u128_text(peg_u128 v)
{
	char buf[48];

	return strdup(peg_u128_str(v, buf));
}

static int fail_status(const struct sx *x, struct peg_err *err)
{
	if (x->fail == 1)
		peg_err_set(err, "out of resources: more than %llu memo "
				 "states (the state budget)",
			    (unsigned long long)x->max_states);
	else if (x->fail == 2)
		peg_err_set(err, "out of memory");
	else if (x->overflow)
		peg_err_set(err, "out of resources: the count passes 2^128");
	return PEG_SOLUTIONS_RESOURCES;
}

/* The problem's symmetries, the goal and the bound's finish into x. */
static int sx_problem(struct sx *x, const struct peg_problem *p,
		      struct peg_err *err)
{
	const struct peg_board *b = x->b;
	const unsigned char *pos[2] = {p->start, p->finish};

	if (p->goal != PEG_GOAL_ANYWHERE && p->goal != PEG_GOAL_POSITION) {
		peg_err_set(err, "solutions takes a goal position or one peg "
				 "anywhere");
		return PEG_SOLUTIONS_BAD;
	}
	x->start = peg_pos_to64(p->start, b->n_holes);
	x->fin = p->goal == PEG_GOAL_POSITION
			 ? peg_pos_to64(p->finish, b->n_holes)
			 : 0;
	x->fin_pegs = x->fin ? __builtin_popcountll(x->fin) : 1;
	x->fin_hole = !x->fin ? -1
		      : x->fin_pegs == 1 ? __builtin_ctzll(x->fin)
					 : -2;
	x->syms = malloc((size_t)b->n_syms * sizeof(int));
	if (!x->syms)
		goto oom;
	x->n_syms = peg_solve_stabilizer(b, pos, x->fin ? 2 : 1, x->syms);
	x->st = peg_symtab64_new_sub(b, x->syms, x->n_syms);
	if (!x->st)
		goto oom;
	return 0;
oom:
	peg_err_set(err, "out of memory");
	return PEG_SOLUTIONS_RESOURCES;
}

/* The jump sequences: the count engine when no move bound applies, else
 * the memoised walk. */
static int count_sequences(struct sx *x, const struct peg_problem *p,
			   const struct peg_solutions_opts *o,
			   struct peg_solutions_result *r,
			   struct peg_err *err)
{
	struct peg_count_result cr = {0};
	peg_u128 v;

	if (!x->max_moves) {
		if (peg_count_solutions(x->b, p, o->threads, &cr, NULL, err)) {
			peg_count_result_release(&cr);
			return PEG_SOLUTIONS_RESOURCES;
		}
		r->sequences = cr.text;
		cr.text = NULL;
		peg_count_result_release(&cr);
	} else {
		v = walk(x, x->start, -1, x->max_moves, K_COUNT);
		if (x->fail || x->overflow)
			return fail_status(x, err);
		r->sequences = u128_text(v);
	}
	return r->sequences ? 0 : PEG_SOLUTIONS_RESOURCES;
}

int peg_solutions(const struct peg_board *b, const struct peg_problem *p,
		  const struct peg_solutions_opts *opts,
		  struct peg_solutions_result *r, struct peg_err *err)
{
	struct peg_solutions_opts o0 = {0};
	const struct peg_solutions_opts *o = opts ? opts : &o0;
	struct sx x;
	int rc;
	peg_u128 v = 0;
	uint64_t unordered = 0,
		 max_enum = o->max_enum ? o->max_enum : 10000000;

	memset(r, 0, sizeof(*r));
	if (o->max_moves < 0 || o->max_moves > PEG_SOLUTIONS_MAX_MOVES ||
	    (o->max_moves && o->distinct == PEG_DISTINCT_BOARDS)) {
		peg_err_set(err, o->max_moves && o->distinct ==
						 PEG_DISTINCT_BOARDS
					 ? "--distinct boards does not take a "
					   "move bound"
					 : "bad move bound");
		return PEG_SOLUTIONS_BAD;
	}
	rc = sx_init(&x, b, o->max_states, err);
	if (!rc)
		rc = sx_problem(&x, p, err);
	if (rc)
		goto out;
	x.max_moves = o->max_moves;
	r->n_syms = x.n_syms;
	rc = count_sequences(&x, p, o, r, err);
	if (rc)
		goto out;
	if (o->distinct == PEG_DISTINCT_MOVES)
		v = count_moves(&x, x.start, 0, x.max_moves);
	else if (o->distinct == PEG_DISTINCT_BOARDS)
		v = count_boards(&x, peg_symtab64_canon(x.st, x.start));
	if (x.fail || x.overflow) {
		rc = fail_status(&x, err);
		goto out;
	}
	if ((o->classify || o->distinct == PEG_DISTINCT_UNORDERED) &&
	    (strlen(r->sequences) > 19 ||
	     strtoull(r->sequences, NULL, 10) > max_enum)) {
		peg_err_set(err, "out of resources: %s jump sequences to walk, "
				 "more than the budget of %llu (--max-enum)",
			    r->sequences, (unsigned long long)max_enum);
		rc = PEG_SOLUTIONS_RESOURCES;
		goto out;
	}
	rc = enumerate(&x, o, r, &unordered, err);
	if (!rc && (x.fail || x.overflow))
		rc = fail_status(&x, err);
	if (rc)
		goto out;
	if (o->distinct == PEG_DISTINCT_JUMPS)
		r->count = strdup(r->sequences);
	else if (o->distinct == PEG_DISTINCT_UNORDERED)
		r->count = u128_text(unordered);
	else
		r->count = u128_text(v);
	r->states = x.memo.n;
	if (!r->count)
		rc = fail_status(&x, err);
out:
	sx_release(&x);
	if (rc)
		peg_solutions_result_release(r);
	return rc;
}

void peg_solutions_result_release(struct peg_solutions_result *r)
{
	if (!r)
		return;
	free(r->count);
	free(r->sequences);
	for (uint64_t i = 0; r->list && i < r->n_list; i++)
		free(r->list[i].jumps);
	free(r->list);
	for (int i = 0; r->classes && i < r->n_classes; i++)
		free(r->classes[i].rep.jumps);
	free(r->classes);
	memset(r, 0, sizeof(*r));
}

/* ---- the longest sweep of a minimal solution -------------------------- */

/* The longest move over the solutions of at most left moves from c, or -1
 * when there is none. */
static int sweep_walk(struct sx *x, uint64_t c, int left)
{
	peg_u128 k, v;
	int best = -1, old, m;

	if (x->fail)
		return -1;
	if (at_goal(x, c))
		return 0;
	if (!left || hopeless(x, c, -1, left))
		return -1;
	k = mkey(K_SWEEP, peg_symtab64_canon(x->st, c), -1, left, 0);
	if (memo_get(x, k, &v))
		return (int)v - 1;
	old = x->g.n;
	m = peg_mvgen64_push(&x->g, c);
	if (m < 0)
		x->fail = 2;
	for (int i = 0; i < m && !x->fail; i++) {
		int len = peg_mvgen64_len(&x->g, old + i),
		    t = sweep_walk(x, x->g.after[old + i], left - 1);

		if (t >= 0 && (t > len ? t : len) > best)
			best = t > len ? t : len;
	}
	x->g.n = old;
	memo_put(x, k, (peg_u128)(best + 1));
	return best;
}

int peg_solutions_sweep(const struct peg_board *b, uint64_t start,
			int finish, int moves, uint64_t max_states, int *len,
			struct peg_err *err)
{
	struct sx x;
	int rc = sx_init(&x, b, max_states, err);

	if (!rc && (finish < 0 || finish >= b->n_holes || moves < 0 ||
		    moves > PEG_SOLUTIONS_MAX_MOVES)) {
		peg_err_set(err, "bad finish hole or move count");
		rc = PEG_SOLUTIONS_BAD;
	}
	if (!rc) {
		unsigned char fp[64] = {0};
		struct peg_problem p = {fp, PEG_GOAL_POSITION, fp};

		/* the memo is keyed by codes up to the symmetries fixing the
		 * finish (they map minimal solutions to minimal solutions) */
		fp[finish] = 1;
		rc = sx_problem(&x, &p, err);
	}
	if (!rc) {
		x.start = start;
		x.max_moves = moves ? moves : 1;
		*len = sweep_walk(&x, start, moves);
		if (x.fail)
			rc = fail_status(&x, err);
	}
	sx_release(&x);
	return rc;
}
