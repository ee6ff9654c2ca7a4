/* oracle.c - the "never lose" oracle: a memoised, budgeted DFS over
 * canonical codes with position-class pruning (oracle.h). */
#include "pegsol/oracle.h"

#include "pegsol/fast.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"
#include "pegsol/winsets.h"

#include "symmetry.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define MAX_CLASS_DIM 16
#define MIN_TABLE_BITS 12

struct peg_oracle {
	const struct peg_board *b;
	struct peg_goal goal;
	struct peg_fast64 *fast;
	struct peg_symtab64 *sym; /* the symmetries fixing the goal */
	/* position class: basis functions as hole masks, admissible classes */
	int class_dim;
	uint64_t class_f[MAX_CLASS_DIM];
	uint8_t *class_ok; /* 1 << class_dim flags */
	/* transposition table: slot = key << 1 | verdict, 0 = empty */
	uint64_t *slots;
	int bits;
	size_t used, max_entries;
	long clears;
	/* the current call */
	long nodes, budget;
	/* limits of every call (peg_oracle_set_limits) */
	double deadline_ms;         /* CLOCK_MONOTONIC ms; 0 = none */
	const volatile int *cancel; /* stop when *cancel != 0; NULL = none */
	int stopped;                /* the current call hit a limit */
};

const char *peg_verdict_name(enum peg_verdict v)
{
	switch (v) {
	case PEG_LOSE:
		return "lose";
	case PEG_WIN:
		return "win";
	case PEG_UNKNOWN:
		return "unknown";
	case PEG_ILLEGAL:
		return "illegal";
	}
	return "?";
}

/* A basis of {f : f(a)+f(b)+f(c) = 0 on every jump line} over GF(2): the
 * null space of the line/hole incidence matrix, by reduced row echelon
 * form (pivot columns appear in their own row only). */
static int class_basis(const struct peg_board *b, uint64_t *basis, int max)
{
	int n = b->n_holes, n_rows = 0, dim = 0;
	uint64_t *rows = calloc((size_t)b->n_jumps + 1, sizeof(*rows));
	int piv[64];

	if (!rows)
		return 0;
	for (int k = 0; k < b->n_jumps; k++) {
		const struct peg_jump *j = &b->jumps[k];
		uint64_t r;

		if (j->from > j->to)
			continue; /* each line once */
		r = (uint64_t)1 << j->from | (uint64_t)1 << j->over |
		    (uint64_t)1 << j->to;
		for (int i = 0; i < n_rows; i++)
			if (r >> piv[i] & 1)
				r ^= rows[i];
		if (!r)
			continue;
		piv[n_rows] = __builtin_ctzll(r);
		for (int i = 0; i < n_rows; i++)
			if (rows[i] >> piv[n_rows] & 1)
				rows[i] ^= r;
		rows[n_rows++] = r;
	}
	for (int c = 0; c < n && dim < max; c++) {
		uint64_t f = (uint64_t)1 << c;
		int is_piv = 0;

		for (int i = 0; i < n_rows; i++)
			if (piv[i] == c)
				is_piv = 1;
		if (is_piv)
			continue;
		for (int i = 0; i < n_rows; i++)
			if (rows[i] >> c & 1)
				f |= (uint64_t)1 << piv[i];
		basis[dim++] = f;
	}
	free(rows);
	return dim;
}

static unsigned pos_class(const struct peg_oracle *o, uint64_t code)
{
	unsigned c = 0;

	for (int i = 0; i < o->class_dim; i++)
		c |= (unsigned)(__builtin_popcountll(code & o->class_f[i]) & 1)
		     << i;
	return c;
}

/* The symmetries that fix the goal hole (all for "anywhere"). */
static int build_syms(struct peg_oracle *o)
{
	const struct peg_board *b = o->b;
	int m, *keep = malloc((size_t)b->n_syms * sizeof(int));

	if (!keep)
		return -1;
	m = pegsym_fixing(b, peg_goal_finish(&o->goal), NULL, keep);
	o->sym = peg_symtab64_new_sub(b, keep, m);
	free(keep);
	return o->sym ? 0 : -1;
}

/* Table memory: 2 MiB aligned and advised as huge pages when large, since
 * the search is bound by random probes (TLB misses dominate otherwise). */
static uint64_t *slots_alloc(size_t n)
{
	size_t bytes = n * sizeof(uint64_t);
	void *p = NULL;

	if (bytes >= ((size_t)2 << 20)) {
		if (posix_memalign(&p, (size_t)2 << 20, bytes))
			return NULL;
#ifdef MADV_HUGEPAGE
		madvise(p, bytes, MADV_HUGEPAGE);
#endif
		memset(p, 0, bytes);
		return p;
	}
	return calloc(n, sizeof(uint64_t));
}

static int table_alloc(struct peg_oracle *o, int bits)
{
	uint64_t *k = slots_alloc((size_t)1 << bits);

	if (!k)
		return -1;
	free(o->slots);
	o->slots = k;
	o->bits = bits;
	o->used = 0;
	return 0;
}

static size_t slot_of(const struct peg_oracle *o, uint64_t key)
{
	return (size_t)((key * 0x9E3779B97F4A7C15ull) >> (64 - o->bits));
}

/* A slot holds key << 1 | verdict; 0 is empty (keys are never 0). */
static int table_get(const struct peg_oracle *o, uint64_t key)
{
	size_t mask = ((size_t)1 << o->bits) - 1, i = slot_of(o, key);

	while (o->slots[i]) {
		if (o->slots[i] >> 1 == key)
			return (int)(o->slots[i] & 1);
		i = (i + 1) & mask;
	}
	return -1;
}

static void table_put_raw(struct peg_oracle *o, uint64_t key, int val)
{
	size_t mask = ((size_t)1 << o->bits) - 1, i = slot_of(o, key);

	while (o->slots[i]) {
		if (o->slots[i] >> 1 == key) {
			o->slots[i] = key << 1 | (uint64_t)val;
			return;
		}
		i = (i + 1) & mask;
	}
	o->slots[i] = key << 1 | (uint64_t)val;
	o->used++;
}

static int table_grow(struct peg_oracle *o)
{
	size_t old_n = (size_t)1 << o->bits;
	uint64_t *old = o->slots;

	o->slots = NULL;
	if (table_alloc(o, o->bits + 1)) {
		o->slots = old;
		return -1;
	}
	for (size_t i = 0; i < old_n; i++)
		if (old[i])
			table_put_raw(o, old[i] >> 1, (int)(old[i] & 1));
	free(old);
	return 0;
}

/* Grow at half load; past max_entries (or when memory fails) clear. */
static void table_put(struct peg_oracle *o, uint64_t key, int val)
{
	if (2 * (o->used + 1) > ((size_t)1 << o->bits) &&
	    (o->used + 1 > o->max_entries || table_grow(o))) {
		memset(o->slots, 0, ((size_t)1 << o->bits) * sizeof(*o->slots));
		o->used = 0;
		o->clears++;
	}
	table_put_raw(o, key, val);
}

struct peg_oracle *peg_oracle_new(const struct peg_board *b,
				  const struct peg_goal *g, size_t max_entries,
				  struct peg_err *err)
{
	struct peg_oracle *o;

	if (b->n_holes > 63) {
		peg_err_set(err,
			    "the oracle handles boards of up to 63 holes, "
			    "'%s' has %d",
			    b->spec, b->n_holes);
		return NULL;
	}
	if (g->kind != PEG_GOAL_ANYWHERE &&
	    (g->hole < 0 || g->hole >= b->n_holes)) {
		peg_err_set(err, "goal hole %d is not on the board", g->hole);
		return NULL;
	}
	o = calloc(1, sizeof(*o));
	if (!o)
		goto oom;
	o->b = b;
	o->goal = *g;
	o->max_entries = max_entries ? max_entries : PEG_ORACLE_DEFAULT_ENTRIES;
	o->fast = peg_fast64_new(b);
	if (!o->fast || build_syms(o) || table_alloc(o, MIN_TABLE_BITS))
		goto oom;
	o->class_dim = class_basis(b, o->class_f, MAX_CLASS_DIM);
	o->class_ok = calloc((size_t)1 << o->class_dim, 1);
	if (!o->class_ok)
		goto oom;
	for (int h = 0; h < b->n_holes; h++)
		if (g->kind == PEG_GOAL_ANYWHERE || h == g->hole)
			o->class_ok[pos_class(o, (uint64_t)1 << h)] = 1;
	return o;
oom:
	peg_oracle_free(o);
	peg_err_set(err, "out of memory");
	return NULL;
}

void peg_oracle_free(struct peg_oracle *o)
{
	if (!o)
		return;
	peg_fast64_free(o->fast);
	peg_symtab64_free(o->sym);
	free(o->class_ok);
	free(o->slots);
	free(o);
}

void peg_oracle_stats(const struct peg_oracle *o, struct peg_oracle_stats *st)
{
	st->nodes = o->nodes;
	st->entries = (long)o->used;
	st->clears = o->clears;
	st->class_dim = o->class_dim;
	st->stopped = o->stopped;
}

size_t peg_oracle_memory(const struct peg_oracle *o)
{
	if (!o)
		return 0;
	return sizeof(*o) + ((size_t)1 << o->bits) * sizeof(uint64_t) +
	       sizeof(*o->sym) + (size_t)o->sym->n_syms * sizeof(*o->sym->t) +
	       ((size_t)1 << o->class_dim);
}

size_t peg_oracle_max_memory(const struct peg_board *b, size_t max_entries)
{
	size_t slots = (size_t)1 << MIN_TABLE_BITS;

	if (!max_entries)
		max_entries = PEG_ORACLE_DEFAULT_ENTRIES;
	/* the table grows at half load while it holds <= max_entries */
	while (slots / 2 < max_entries)
		slots *= 2;
	return slots * sizeof(uint64_t) +
	       (size_t)b->n_syms * 8 * 256 * sizeof(uint64_t) + 4096 +
	       ((size_t)1 << MAX_CLASS_DIM);
}

void peg_oracle_set_limits(struct peg_oracle *o, double deadline_ms,
			   const volatile int *cancel)
{
	o->deadline_ms = deadline_ms;
	o->cancel = cancel;
}

static double mono_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Past the node budget, the deadline or a cancel?  The clock is read
 * every 1024 nodes. */
static int out_of_budget(struct peg_oracle *o)
{
	if (o->stopped)
		return 1;
	if (o->budget > 0 && o->nodes >= o->budget)
		return 1;
	if ((o->nodes & 1023) == 0 && (o->deadline_ms > 0 || o->cancel) &&
	    ((o->cancel && __atomic_load_n(o->cancel, __ATOMIC_RELAXED)) ||
	     (o->deadline_ms > 0 && mono_ms() >= o->deadline_ms))) {
		o->stopped = 1;
		return 1;
	}
	return 0;
}

static int search(struct peg_oracle *o, uint64_t code, int n_pegs)
{
	const struct peg_fast64 *f = o->fast;
	uint64_t key;
	int r, unknown = 0;

	if (n_pegs <= 1) {
		if (n_pegs < 1)
			return PEG_LOSE;
		return o->goal.kind == PEG_GOAL_ANYWHERE ||
			       code == (uint64_t)1 << o->goal.hole
			       ? PEG_WIN
			       : PEG_LOSE;
	}
	if (!o->class_ok[pos_class(o, code)])
		return PEG_LOSE;
	key = peg_symtab64_canon(o->sym, code);
	r = table_get(o, key);
	if (r >= 0)
		return r;
	if (out_of_budget(o))
		return PEG_UNKNOWN;
	o->nodes++;
	for (int k = 0; k < f->n_jumps; k++) {
		if (!peg_fast64_legal(f, k, code))
			continue;
		r = search(o, code ^ f->flip[k], n_pegs - 1);
		if (r == PEG_WIN) {
			table_put(o, key, PEG_WIN);
			return PEG_WIN;
		}
		if (r == PEG_UNKNOWN)
			unknown = 1;
	}
	if (unknown)
		return PEG_UNKNOWN;
	table_put(o, key, PEG_LOSE);
	return PEG_LOSE;
}

static void start_call(struct peg_oracle *o, long budget)
{
	o->nodes = 0;
	o->budget = budget;
	o->stopped = 0;
}

enum peg_verdict peg_oracle_solvable(struct peg_oracle *o,
				     const unsigned char *pegs, long budget)
{
	int n = o->b->n_holes;

	start_call(o, budget);
	return (enum peg_verdict)search(o, peg_pos_to64(pegs, n),
					peg_pos_count(pegs, n));
}

enum peg_verdict peg_oracle_classify(struct peg_oracle *o,
				     const unsigned char *pegs, long budget,
				     enum peg_verdict *out)
{
	const struct peg_fast64 *f = o->fast;
	int n = o->b->n_holes, n_pegs = peg_pos_count(pegs, n);
	uint64_t code = peg_pos_to64(pegs, n);
	int win = 0, unknown = 0;

	start_call(o, budget);
	for (int k = 0; k < f->n_jumps; k++) {
		if (!peg_fast64_legal(f, k, code)) {
			out[k] = PEG_ILLEGAL;
			continue;
		}
		out[k] = (enum peg_verdict)search(o, code ^ f->flip[k],
						  n_pegs - 1);
		if (out[k] == PEG_WIN)
			win = 1;
		else if (out[k] == PEG_UNKNOWN)
			unknown = 1;
	}
	if (win || peg_goal_reached(&o->goal, pegs, n))
		return PEG_WIN;
	return unknown ? PEG_UNKNOWN : PEG_LOSE;
}

/* Does the jump list, replayed from pegs (n holes), reach the oracle's
 * goal?  Every line the oracle hands out passes this first. */
static int line_reaches_goal(const struct peg_oracle *o,
			     const unsigned char *pegs, int n,
			     const struct peg_jump *list, int len)
{
	unsigned char *check = malloc((size_t)n);
	struct peg_err err;
	int ok;

	if (!check)
		return 0;
	memcpy(check, pegs, (size_t)n);
	ok = !peg_jumps_replay(o->b, list, len, check, &err) &&
	     peg_goal_reached(&o->goal, check, n);
	free(check);
	return ok;
}

/* The verdict of a child on the line: from the sets w when given, else
 * by the search. */
static int child_verdict(struct peg_oracle *o, const struct peg_winsets *w,
			 uint64_t code, int n_pegs)
{
	if (w)
		return peg_winsets_has(w, code) ? PEG_WIN : PEG_LOSE;
	return search(o, code, n_pegs);
}

/* A winning line from pegs: at each step the first legal jump to a winning
 * child.  PEG_WIN with *jumps (malloc'd; NULL when pegs is already won)
 * and *n_out, the line replayed to the goal first; else PEG_UNKNOWN (out
 * of budget or memory, or no line: sets made for another problem). */
static enum peg_verdict follow_line(struct peg_oracle *o,
				    const struct peg_winsets *w,
				    const unsigned char *pegs,
				    struct peg_jump **jumps, int *n_out)
{
	const struct peg_fast64 *f = o->fast;
	int n = o->b->n_holes, n_pegs = peg_pos_count(pegs, n), len = 0;
	uint64_t code = peg_pos_to64(pegs, n);
	struct peg_jump *list;

	list = malloc(sizeof(*list) * (size_t)(n_pegs > 1 ? n_pegs : 1));
	if (!list)
		return PEG_UNKNOWN;
	while (n_pegs > 1) {
		int found = -1, r = PEG_LOSE;

		for (int k = 0; k < f->n_jumps && found < 0 && r != PEG_UNKNOWN;
		     k++) {
			if (!peg_fast64_legal(f, k, code))
				continue;
			r = child_verdict(o, w, code ^ f->flip[k], n_pegs - 1);
			if (r == PEG_WIN)
				found = k;
		}
		if (found < 0)
			break; /* out of budget (table cleared), or no line */
		list[len++] = f->jumps[found];
		code ^= f->flip[found];
		n_pegs--;
	}
	/* every solution handed out is replayed first */
	if (n_pegs > 1 || !line_reaches_goal(o, pegs, n, list, len)) {
		free(list);
		return PEG_UNKNOWN;
	}
	if (len == 0) {
		free(list);
		list = NULL;
	}
	*jumps = list;
	*n_out = len;
	return PEG_WIN;
}

enum peg_verdict peg_oracle_solve(struct peg_oracle *o,
				  const unsigned char *pegs, long budget,
				  struct peg_jump **jumps, int *n_out)
{
	int n = o->b->n_holes, r;

	*jumps = NULL;
	*n_out = 0;
	start_call(o, budget);
	r = search(o, peg_pos_to64(pegs, n), peg_pos_count(pegs, n));
	if (r != PEG_WIN)
		return (enum peg_verdict)r;
	return follow_line(o, NULL, pegs, jumps, n_out);
}

/* ---- answers from precomputed winning sets ---- */

/* The sets, when they were made for this oracle's goal. */
static const struct peg_winsets *usable(const struct peg_oracle *o,
					const struct peg_winsets *w)
{
	return w && peg_winsets_finish(w) == peg_goal_finish(&o->goal) ? w
									: NULL;
}

enum peg_verdict peg_oracle_classify_played(struct peg_oracle *o,
					    const struct peg_winsets *w,
					    const unsigned char *pegs,
					    long budget,
					    enum peg_verdict *out)
{
	const struct peg_fast64 *f = o->fast;
	uint64_t code;
	int in_w, win = 0;

	if (!(w = usable(o, w)))
		return peg_oracle_classify(o, pegs, budget, out);
	start_call(o, budget);
	code = peg_pos_to64(pegs, o->b->n_holes);
	/* a played position outside W is lost, and so is all that follows;
	 * the children of a position in W are in F, so W decides them */
	in_w = peg_winsets_has(w, code);
	for (int k = 0; k < f->n_jumps; k++) {
		if (!peg_fast64_legal(f, k, code)) {
			out[k] = PEG_ILLEGAL;
			continue;
		}
		out[k] = in_w && peg_winsets_has(w, code ^ f->flip[k])
				 ? PEG_WIN
				 : PEG_LOSE;
		win |= out[k] == PEG_WIN;
	}
	return win || (in_w && peg_goal_reached(&o->goal, pegs,
						o->b->n_holes))
		       ? PEG_WIN
		       : PEG_LOSE;
}

enum peg_verdict peg_oracle_solve_played(struct peg_oracle *o,
					 const struct peg_winsets *w,
					 const unsigned char *pegs, long budget,
					 struct peg_jump **jumps, int *n_out)
{
	if (!(w = usable(o, w)))
		return peg_oracle_solve(o, pegs, budget, jumps, n_out);
	*jumps = NULL;
	*n_out = 0;
	start_call(o, budget);
	if (!peg_winsets_has(w, peg_pos_to64(pegs, o->b->n_holes)))
		return PEG_LOSE;
	/* every position of W has a child in W (it lies on a solution) */
	if (follow_line(o, w, pegs, jumps, n_out) == PEG_WIN)
		return PEG_WIN;
	/* not a solution: the sets were not this problem's */
	return peg_oracle_solve(o, pegs, budget, jumps, n_out);
}

void peg_move_verdicts_release(struct peg_move_verdicts *m)
{
	if (!m)
		return;
	free(m->off);
	free(m->jump);
	free(m->verdict);
	memset(m, 0, sizeof(*m));
}

struct move_walk {
	struct peg_oracle *o;
	const struct peg_winsets *w; /* usable sets, or NULL */
	int in_w;                    /* the position is in W */
	struct peg_move_verdicts *m;
	int cap_moves, cap_jumps, n_jumps, max_moves;
	int path[64]; /* board jump indices of the chain */
	int fail;
};

static int move_push(struct move_walk *mw, int depth, uint64_t code,
		     int n_pegs)
{
	struct peg_move_verdicts *m = mw->m;
	const struct peg_board *b = mw->o->b;
	int v;

	if (m->n == mw->max_moves) {
		m->truncated = 1;
		return -1;
	}
	if (m->n + 2 > mw->cap_moves) {
		int c = mw->cap_moves * 2;
		int *off = realloc(m->off, sizeof(int) * (size_t)c);
		enum peg_verdict *vv;

		if (!off)
			return mw->fail = -1;
		m->off = off;
		vv = realloc(m->verdict, sizeof(*vv) * (size_t)c);
		if (!vv)
			return mw->fail = -1;
		m->verdict = vv;
		mw->cap_moves = c;
	}
	if (mw->n_jumps + depth > mw->cap_jumps) {
		int c = mw->cap_jumps * 2 + depth;
		struct peg_jump *j = realloc(m->jump, sizeof(*j) * (size_t)c);

		if (!j)
			return mw->fail = -1;
		m->jump = j;
		mw->cap_jumps = c;
	}
	for (int i = 0; i < depth; i++)
		m->jump[mw->n_jumps++] = b->jumps[mw->path[i]];
	if (mw->w)
		v = mw->in_w && peg_winsets_has(mw->w, code) ? PEG_WIN
							     : PEG_LOSE;
	else
		v = search(mw->o, code, n_pegs);
	m->verdict[m->n] = (enum peg_verdict)v;
	m->n++;
	m->off[m->n] = mw->n_jumps;
	return 0;
}

/* Extend the chain of the peg now at `at`. */
static int move_walk(struct move_walk *mw, int at, int depth, uint64_t code,
		     int n_pegs)
{
	const struct peg_board *b = mw->o->b;
	const struct peg_fast64 *f = mw->o->fast;

	for (int k = b->jump_first[at]; k < b->jump_first[at + 1]; k++) {
		if (!peg_fast64_legal(f, k, code))
			continue;
		mw->path[depth] = k;
		if (move_push(mw, depth + 1, code ^ f->flip[k], n_pegs - 1) ||
		    move_walk(mw, b->jumps[k].to, depth + 1,
			      code ^ f->flip[k], n_pegs - 1))
			return -1;
	}
	return 0;
}

int peg_oracle_classify_moves(struct peg_oracle *o,
			      const struct peg_winsets *w,
			      const unsigned char *pegs, long budget,
			      int max_moves, struct peg_move_verdicts *out)
{
	const struct peg_board *b = o->b;
	int n = b->n_holes, win = 0, unknown = 0;
	uint64_t code = peg_pos_to64(pegs, n);
	struct move_walk mw;

	memset(out, 0, sizeof(*out));
	memset(&mw, 0, sizeof(mw));
	mw.o = o;
	mw.w = usable(o, w);
	mw.in_w = mw.w && peg_winsets_has(mw.w, code);
	mw.m = out;
	mw.max_moves = max_moves > 0 ? max_moves : 4096;
	mw.cap_moves = 64;
	mw.cap_jumps = 64;
	out->off = malloc(sizeof(int) * (size_t)mw.cap_moves);
	out->verdict = malloc(sizeof(*out->verdict) * (size_t)mw.cap_moves);
	out->jump = malloc(sizeof(*out->jump) * (size_t)mw.cap_jumps);
	if (!out->off || !out->verdict || !out->jump)
		goto nomem;
	out->off[0] = 0;
	start_call(o, budget);
	for (int h = 0; h < n; h++)
		if (pegs[h] && move_walk(&mw, h, 0, code, peg_pos_count(pegs, n)))
			break;
	if (mw.fail)
		goto nomem;
	for (int i = 0; i < out->n; i++) {
		win |= out->verdict[i] == PEG_WIN;
		unknown |= out->verdict[i] == PEG_UNKNOWN;
	}
	if (win || ((!mw.w || mw.in_w) && peg_goal_reached(&o->goal, pegs, n)))
		return PEG_WIN;
	return unknown ? PEG_UNKNOWN : PEG_LOSE;
nomem:
	peg_move_verdicts_release(out);
	return -1;
}
