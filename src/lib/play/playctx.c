/* playctx.c - the game service's context (play.h): the oracle, winning-set
 * and fewest-moves caches that many games share, and the one memory ledger
 * for everything they keep or reserve.  Idle entries are evicted least
 * recently used first; an entry in use is held by a reference count.
 * Everything under c->lock, except an oracle's search (its own lock). */
#include "play_int.h"

#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

double pegpl_now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int peg_play_sets_parse(const char *text)
{
	if (!strcmp(text, "off"))
		return PEG_PLAY_SETS_OFF;
	if (!strcmp(text, "auto"))
		return PEG_PLAY_SETS_AUTO;
	if (!strcmp(text, "all"))
		return PEG_PLAY_SETS_ALL;
	return -1;
}

const char *peg_play_cache_dir(const char *opt, char *buf, size_t size)
{
	const char *e;

	if (opt && *opt) {
		snprintf(buf, size, "%s", opt);
		return buf;
	}
	if ((e = getenv("PEGSOL_CACHE")) && *e) {
		snprintf(buf, size, "%s", e);
		return buf;
	}
	if ((e = getenv("XDG_CACHE_HOME")) && *e) {
		snprintf(buf, size, "%s/pegsol", e);
		return buf;
	}
	if ((e = getenv("HOME")) && *e) {
		snprintf(buf, size, "%s/.cache/pegsol", e);
		return buf;
	}
	return NULL;
}

/* CLOCK_REALTIME ms from now, for the timed waits of pthreads. */
static void realtime_in(double ms, struct timespec *t)
{
	long long ns;

	clock_gettime(CLOCK_REALTIME, t);
	ns = t->tv_nsec + (long long)(ms * 1e6);
	t->tv_sec += (time_t)(ns / 1000000000);
	t->tv_nsec = (long)(ns % 1000000000);
}

int pegpl_finish(const struct peg_session *s)
{
	return s->goal.kind == PEG_GOAL_ANYWHERE ? -1 : s->goal.hole;
}

/* ---- the context ---- */

struct peg_play_ctx *peg_play_ctx_new(const struct peg_play_opts *opts,
				      struct peg_err *err)
{
	struct peg_play_ctx *c = calloc(1, sizeof(*c));

	if (!c) {
		peg_err_set(err, "out of memory");
		return NULL;
	}
	if (opts)
		c->o = *opts;
	if (c->o.budget <= 0)
		c->o.budget = 2000000;
	if (c->o.hint_budget <= 0)
		c->o.hint_budget = c->o.budget;
	if (c->o.solve_budget <= 0)
		c->o.solve_budget = c->o.budget * 4;
	if (!c->o.memory)
		c->o.memory = (size_t)PEG_PLAY_MEMORY_MB << 20;
	if (c->o.shortest_holes <= 0)
		c->o.shortest_holes = 64;
	if (!c->o.shortest_dfs_budget)
		c->o.shortest_dfs_budget = PEGPL_FEWEST_BUDGET;
	/* an oracle's table (16 bytes an entry at most) may take an eighth
	 * of the ledger, so that a search can always reserve its growth */
	if (!c->o.oracle_entries)
		c->o.oracle_entries = PEG_ORACLE_DEFAULT_ENTRIES;
	while (c->o.oracle_entries > 4096 &&
	       c->o.oracle_entries * 16 > c->o.memory / 8)
		c->o.oracle_entries /= 2;
	if (c->o.cache_dir) {
		snprintf(c->cache_buf, sizeof(c->cache_buf), "%s",
			 c->o.cache_dir);
		c->o.cache_dir = c->cache_buf;
	}
	pthread_mutex_init(&c->lock, NULL);
	pthread_cond_init(&c->done, NULL);
	return c;
}

const struct peg_play_opts *peg_play_ctx_opts(const struct peg_play_ctx *c)
{
	return &c->o;
}

static void oracle_free_entry(struct pegpl_oracle *e)
{
	peg_oracle_free(e->o);
	peg_board_free(e->b);
	pthread_mutex_destroy(&e->lock);
	free(e->spec);
	free(e);
}

static void ws_free_entry(struct pegpl_sets *e)
{
	peg_winsets_free(e->w);
	peg_board_free(e->b);
	free(e->startpos);
	free(e->spec);
	free(e);
}

static void fjob_free(struct pegpl_fjob *j)
{
	peg_board_free(j->b);
	free(j->key);
	free(j->solution);
	free(j);
}

/* Free everything (no helper thread runs, no game holds anything). */
static void ctx_destroy(struct peg_play_ctx *c)
{
	for (int i = 0; i < c->n_orc; i++)
		oracle_free_entry(c->orc[i]);
	for (int i = 0; i < c->n_ws; i++)
		ws_free_entry(c->ws[i]);
	for (int i = 0; i < c->n_opt; i++) {
		free(c->opt[i].key);
		free(c->opt[i].solution);
	}
	for (int i = 0; i < c->n_fjob; i++)
		fjob_free(c->fjob[i]);
	pthread_cond_destroy(&c->done);
	pthread_mutex_destroy(&c->lock);
	free(c);
}

/* The caller (a game's face) has stopped every call of its games; a
 * helper thread still running keeps the context, and the last one frees
 * it (the server's exit does not wait for an engine that has no stop
 * flag). */
void peg_play_ctx_free(struct peg_play_ctx *c)
{
	int busy;

	if (!c)
		return;
	pthread_mutex_lock(&c->lock);
	c->closing = 1;
	busy = c->threads > 0;
	pthread_mutex_unlock(&c->lock);
	if (!busy)
		ctx_destroy(c);
}

/* A helper thread ends (c->lock held, released here): the context is
 * freed when it was the last after peg_play_ctx_free. */
static void helper_end(struct peg_play_ctx *c)
{
	int last;

	c->threads--;
	last = c->closing && !c->threads;
	pthread_cond_broadcast(&c->done);
	pthread_mutex_unlock(&c->lock);
	if (last)
		ctx_destroy(c);
}

/* Start a detached helper thread (c->threads counted): 0, or -1. */
static int helper_start(struct peg_play_ctx *c, void *(*fn)(void *),
			void *arg)
{
	pthread_t t;
	pthread_attr_t a;
	int bad;

	pthread_mutex_lock(&c->lock);
	c->threads++;
	pthread_mutex_unlock(&c->lock);
	pthread_attr_init(&a);
	pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
	bad = pthread_create(&t, &a, fn, arg);
	pthread_attr_destroy(&a);
	if (bad) {
		pthread_mutex_lock(&c->lock);
		c->threads--;
		pthread_mutex_unlock(&c->lock);
	}
	return bad ? -1 : 0;
}

int pegpl_wait(struct peg_play_ctx *c, int (*settled)(const void *),
	       const void *arg, double deadline)
{
	while (!settled(arg)) {
		double now = pegpl_now_ms(), until = now + 100;
		struct timespec t;

		if ((c->o.stop && *c->o.stop) ||
		    (deadline > 0 && now >= deadline))
			return 0;
		if (deadline > 0 && deadline < until)
			until = deadline;
		/* the stop flag is polled every 100 ms */
		realtime_in(until - now, &t);
		pthread_cond_timedwait(&c->done, &c->lock, &t);
	}
	return 1;
}

size_t peg_play_ctx_memory(struct peg_play_ctx *c)
{
	size_t m;

	pthread_mutex_lock(&c->lock);
	m = c->mem_used;
	pthread_mutex_unlock(&c->lock);
	return m;
}

/* ---- the memory ledger (everything under c->lock) ---- */

/* What evict_one may evict. */
enum { EV_ORACLES = 1, EV_SETS = 2, EV_HOLDING = 4, EV_MEMORY = 7 };

/* Evict the least recently used idle entry of the kinds asked for (with
 * EV_HOLDING only entries that hold memory).  1 when one went. */
static int evict_one(struct peg_play_ctx *c, int kinds)
{
	uint64_t best = UINT64_MAX;
	int bo = -1, bw = -1;

	for (int i = 0; i < c->n_orc && (kinds & EV_ORACLES); i++)
		if (!c->orc[i]->refs && c->orc[i]->tick < best) {
			best = c->orc[i]->tick;
			bo = i;
		}
	for (int i = 0; i < c->n_ws && (kinds & EV_SETS); i++) {
		struct pegpl_sets *e = c->ws[i];

		if (e->refs || e->state == PEGPL_WS_COMPUTING ||
		    ((kinds & EV_HOLDING) && !e->mem) || e->tick >= best)
			continue;
		best = e->tick;
		bw = i;
		bo = -1;
	}
	if (bw >= 0) {
		c->mem_used -= c->ws[bw]->mem;
		ws_free_entry(c->ws[bw]);
		c->ws[bw] = c->ws[--c->n_ws];
	} else if (bo >= 0) {
		c->mem_used -= c->orc[bo]->mem;
		oracle_free_entry(c->orc[bo]);
		c->orc[bo] = c->orc[--c->n_orc];
	}
	return bw >= 0 || bo >= 0;
}

/* Make room for need more bytes, evicting idle entries.  1 when they
 * fit. */
static int ledger_fit(struct peg_play_ctx *c, size_t need)
{
	while (c->mem_used + need > c->o.memory)
		if (!evict_one(c, EV_MEMORY))
			return 0;
	return 1;
}

int peg_play_reserve(struct peg_play_ctx *c, size_t bytes)
{
	int ok;

	pthread_mutex_lock(&c->lock);
	ok = ledger_fit(c, bytes);
	if (ok)
		c->mem_used += bytes;
	pthread_mutex_unlock(&c->lock);
	return ok ? 0 : -1;
}

void peg_play_unreserve(struct peg_play_ctx *c, size_t bytes)
{
	pthread_mutex_lock(&c->lock);
	c->mem_used -= bytes;
	pthread_mutex_unlock(&c->lock);
}

/* What a fewest-moves search may hold (states stored at about 34 bytes,
 * cap at most; a board of n holes has at most 2^n positions). */
size_t pegpl_shortest_bytes(const struct peg_board *b, size_t cap)
{
	size_t all = b->n_holes < 40 ? ((size_t)1 << b->n_holes) * 42 : cap;

	return all < cap ? all : cap;
}

/* ---- the oracle cache ---- */

struct pegpl_oracle *pegpl_oracle_get(struct peg_play_ctx *c,
				      const struct peg_board *b,
				      const struct peg_goal *goal,
				      const char **note)
{
	struct pegpl_oracle *e = NULL;
	struct peg_err err;
	size_t init;
	int hole = goal->kind == PEG_GOAL_ANYWHERE ? -1 : goal->hole;

	if (b->n_holes > 63) {
		*note = "no oracle for boards past 63 holes";
		return NULL;
	}
	pthread_mutex_lock(&c->lock);
	for (int i = 0; i < c->n_orc; i++)
		if (c->orc[i]->goal_hole == hole &&
		    !strcmp(c->orc[i]->spec, b->spec)) {
			e = c->orc[i];
			goto out;
		}
	if (c->n_orc == PEGPL_MAX_ORACLES && !evict_one(c, EV_ORACLES)) {
		*note = "every oracle is in use; try again";
		goto out;
	}
	/* reserved before the oracle is made, the estimate given back
	 * down to what it holds once it is (all under c->lock) */
	init = peg_oracle_max_memory(b, 4096);
	if (!ledger_fit(c, init)) {
		*note = "the server's memory budget is in use";
		goto out;
	}
	c->mem_used += init;
	e = calloc(1, sizeof(*e));
	if (!e)
		goto oom;
	e->goal_hole = hole;
	e->spec = strdup(b->spec);
	e->b = e->spec ? peg_board_parse(e->spec, &err) : NULL;
	e->o = e->b ? peg_oracle_new(e->b, goal, c->o.oracle_entries, &err)
		    : NULL;
	if (!e->o) {
		peg_board_free(e->b);
		free(e->spec);
		free(e);
		e = NULL;
		c->mem_used -= init;
		goto oom;
	}
	pthread_mutex_init(&e->lock, NULL);
	e->mem = peg_oracle_memory(e->o);
	e->max = peg_oracle_max_memory(b, c->o.oracle_entries);
	if (e->max < e->mem)
		e->max = e->mem;
	c->mem_used += e->mem;
	c->mem_used -= init;
	c->orc[c->n_orc++] = e;
out:
	if (e) {
		e->refs++;
		e->tick = ++c->tick;
	}
	pthread_mutex_unlock(&c->lock);
	return e;
oom:
	*note = "oracle unavailable (out of memory)";
	pthread_mutex_unlock(&c->lock);
	return NULL;
}

int pegpl_oracle_lock(struct peg_play_ctx *c, struct pegpl_oracle *e,
		      double deadline)
{
	double wait = PEGPL_LOCK_WAIT_MS;
	struct timespec t;

	/* wait for another search at most PEGPL_LOCK_WAIT_MS, and never
	 * past the call's deadline */
	if (deadline > 0 && deadline - pegpl_now_ms() < wait)
		wait = deadline - pegpl_now_ms();
	if (wait <= 0) {
		if (pthread_mutex_trylock(&e->lock))
			return -1;
	} else {
		realtime_in(wait, &t);
		if (pthread_mutex_timedlock(&e->lock, &t))
			return -1;
	}
	/* the table grows only in a search: its growth is reserved first,
	 * so searches on several oracles at once never take the ledger past
	 * its budget (the caller's reference keeps e from eviction) */
	pthread_mutex_lock(&c->lock);
	if (e->max > e->mem) {
		if (!ledger_fit(c, e->max - e->mem)) {
			pthread_mutex_unlock(&c->lock);
			pthread_mutex_unlock(&e->lock);
			return -2;
		}
		c->mem_used += e->max - e->mem;
		e->mem = e->max;
	}
	pthread_mutex_unlock(&c->lock);
	peg_oracle_set_limits(e->o, deadline, c->o.stop);
	return 0;
}

/* After a search: what the table did not grow into goes back. */
void pegpl_oracle_unlock(struct peg_play_ctx *c, struct pegpl_oracle *e)
{
	size_t m = peg_oracle_memory(e->o);

	pthread_mutex_lock(&c->lock);
	c->mem_used -= e->mem;
	e->mem = m;
	c->mem_used += e->mem;
	pthread_mutex_unlock(&c->lock);
	pthread_mutex_unlock(&e->lock);
}

/* Give back a reference (of an oracle or sets entry). */
static void unref(struct peg_play_ctx *c, int *refs)
{
	pthread_mutex_lock(&c->lock);
	(*refs)--;
	pthread_mutex_unlock(&c->lock);
}

void pegpl_oracle_put(struct peg_play_ctx *c, struct pegpl_oracle *e)
{
	if (e)
		unref(c, &e->refs);
}

/* ---- the winning-sets cache ---- */

/* Compute or load the sets of e; with bg, the background precomputation
 * (c->computing). */
static void ws_run(struct pegpl_sets *e, int bg)
{
	struct peg_play_ctx *c = e->ctx;
	struct peg_winsets *w = NULL;
	struct peg_winsets_info info;
	struct peg_err err;
	int ok = !peg_winsets_open(e->b, e->startpos, e->finish,
				   e->save ? c->o.cache_dir : NULL,
				   c->o.sets_threads, &w, &info, &err);

	pthread_mutex_lock(&c->lock);
	c->mem_used -= e->mem; /* the estimate reserved */
	e->w = w;
	e->mem = ok ? peg_winsets_memory(w) : 0;
	c->mem_used += e->mem;
	e->state = ok ? PEGPL_WS_READY : PEGPL_WS_FAILED;
	if (!ok)
		snprintf(e->note, sizeof(e->note),
			 "winning sets failed: %.150s", err.msg);
	if (bg)
		c->computing = NULL;
	ledger_fit(c, 0);
	pthread_cond_broadcast(&c->done);
	pthread_mutex_unlock(&c->lock);
}

/* The background precomputation. */
static void *ws_thread(void *arg)
{
	struct pegpl_sets *e = arg;
	struct peg_play_ctx *c = e->ctx;

	ws_run(e, 1);
	pthread_mutex_lock(&c->lock);
	helper_end(c);
	return NULL;
}

/* Sets computed for a call with a deadline: the thread holds a
 * reference of its own. */
static void *ws_call_thread(void *arg)
{
	struct pegpl_sets *e = arg;
	struct peg_play_ctx *c = e->ctx;

	ws_run(e, 0);
	pthread_mutex_lock(&c->lock);
	e->refs--;
	c->call_sets--;
	helper_end(c);
	return NULL;
}

/* Is e no longer being computed (c->lock held)? */
static int ws_settled(const void *arg)
{
	const struct pegpl_sets *e = arg;

	return e->state != PEGPL_WS_COMPUTING;
}

/* Compute e for a call with a deadline in a helper thread and wait for
 * it until the deadline or the stop flag: 1 settled, 0 still computing
 * (the call's reference given back), -1 no thread (compute in the
 * call). */
static int ws_call(struct peg_play_ctx *c, struct pegpl_sets *e,
		   double deadline)
{
	int done;

	pthread_mutex_lock(&c->lock);
	e->refs++; /* the thread's */
	pthread_mutex_unlock(&c->lock);
	if (helper_start(c, ws_call_thread, e)) {
		pthread_mutex_lock(&c->lock);
		e->refs--;
		c->call_sets--;
		pthread_mutex_unlock(&c->lock);
		return -1;
	}
	pthread_mutex_lock(&c->lock);
	done = pegpl_wait(c, ws_settled, e, deadline);
	if (!done)
		e->refs--;
	pthread_mutex_unlock(&c->lock);
	return done;
}

static struct pegpl_sets *ws_find(struct peg_play_ctx *c,
				  const struct peg_board *b, uint64_t start,
				  int finish)
{
	for (int i = 0; i < c->n_ws; i++)
		if (c->ws[i]->start == start && c->ws[i]->finish == finish &&
		    !strcmp(c->ws[i]->spec, b->spec))
			return c->ws[i];
	return NULL;
}

/* A known entry: its sets with a reference, or its note. */
static const struct peg_winsets *ws_known(struct peg_play_ctx *c,
					  struct pegpl_sets *e,
					  struct pegpl_sets **held,
					  int *status, const char **note,
					  char *nbuf, size_t nsize)
{
	e->tick = ++c->tick;
	if (e->state == PEGPL_WS_READY) {
		e->refs++;
		*held = e;
		*status = PEG_PLAY_SETS_READY;
	} else if (e->state == PEGPL_WS_COMPUTING) {
		*note = "precomputing the winning sets";
		*status = PEG_PLAY_SETS_PENDING;
	} else {
		snprintf(nbuf, nsize, "%s", e->note);
		*note = nbuf;
		*status = e->state == PEGPL_WS_REFUSED ? PEG_PLAY_SETS_REFUSED
						       : PEG_PLAY_SETS_FAILED;
	}
	pthread_mutex_unlock(&c->lock);
	return *held ? e->w : NULL;
}

/* A new entry, remembering that the sets do not fit (so the estimate is
 * not redone every move); NULL when memory fails. */
static struct pegpl_sets *ws_refused(const struct peg_session *s,
				     uint64_t start, const char *why)
{
	struct pegpl_sets *e = calloc(1, sizeof(*e));

	if (e && !(e->spec = strdup(s->b->spec))) {
		free(e);
		return NULL;
	}
	if (!e)
		return NULL;
	e->start = start;
	e->finish = pegpl_finish(s);
	e->state = PEGPL_WS_REFUSED;
	snprintf(e->note, sizeof(e->note), "%.180s: live search", why);
	return e;
}

/* A new entry to compute; NULL when memory fails. */
static struct pegpl_sets *ws_make(struct peg_play_ctx *c,
				  const struct peg_session *s, uint64_t start,
				  int effects)
{
	struct pegpl_sets *e = calloc(1, sizeof(*e));
	struct peg_err err;

	if (e) {
		e->spec = strdup(s->b->spec);
		e->b = e->spec ? peg_board_parse(e->spec, &err) : NULL;
		e->startpos = malloc((size_t)s->b->n_holes);
	}
	if (!e || !e->b || !e->startpos) {
		if (e)
			ws_free_entry(e);
		return NULL;
	}
	memcpy(e->startpos, s->start, (size_t)s->b->n_holes);
	e->start = start;
	e->finish = pegpl_finish(s);
	e->ctx = c;
	e->save = effects;
	e->state = PEGPL_WS_COMPUTING;
	return e;
}

/* Start the background precomputation of e (held by the caller). */
static void ws_background(struct peg_play_ctx *c, struct pegpl_sets *e)
{
	int bad = helper_start(c, ws_thread, e);

	pthread_mutex_lock(&c->lock);
	e->refs--;
	if (bad) {
		c->mem_used -= e->mem;
		e->mem = 0;
		e->state = PEGPL_WS_FAILED;
		snprintf(e->note, sizeof(e->note),
			 "cannot start the precomputation");
		c->computing = NULL;
	}
	pthread_mutex_unlock(&c->lock);
}

/* Is there a readable cache file of the problem? */
static int ws_have_file(struct peg_play_ctx *c, const struct peg_session *s)
{
	char path[1100];
	struct stat st;

	if (!c->o.cache_dir)
		return 0;
	peg_winsets_path(s->b, s->start, pegpl_finish(s), c->o.cache_dir,
			 path, sizeof(path));
	return !stat(path, &st) && S_ISREG(st.st_mode);
}

/* Insert e (c->lock held) and compute it; the sets when ready. */
static const struct peg_winsets *ws_insert(struct peg_play_ctx *c,
					   struct pegpl_sets *e, double bytes,
					   int sync, int have_file,
					   double deadline,
					   struct pegpl_sets **held,
					   int *status, const char **note,
					   char *nbuf, size_t nsize)
{
	if ((!sync && c->computing) ||
	    (sync && deadline > 0 && c->call_sets >= PEGPL_MAX_CALL_SETS)) {
		pthread_mutex_unlock(&c->lock);
		ws_free_entry(e);
		*note = "another precomputation is running: live search "
			"meanwhile";
		return NULL;
	}
	if (!ledger_fit(c, (size_t)bytes)) {
		pthread_mutex_unlock(&c->lock);
		ws_free_entry(e);
		snprintf(nbuf, nsize,
			 "the winning sets need about %.0f MB and the memory "
			 "budget is in use: live search",
			 bytes / 1048576);
		*note = nbuf;
		return NULL;
	}
	e->mem = (size_t)bytes;
	c->mem_used += e->mem;
	e->tick = ++c->tick;
	e->refs = 1; /* held by this call while it computes */
	c->ws[c->n_ws++] = e;
	if (!sync)
		c->computing = e;
	else if (deadline > 0)
		c->call_sets++; /* ws_call's helper */
	pthread_mutex_unlock(&c->lock);
	if (!sync && !have_file) {
		ws_background(c, e);
		*note = "precomputing the winning sets";
		*status = PEG_PLAY_SETS_PENDING;
		return NULL;
	}
	/* small, or a cache file that loads fast enough to wait for */
	if (c->o.computing && e->b->n_holes > 21 && !have_file)
		c->o.computing(c->o.computing_arg, e->b, c->o.cache_dir);
	/* a call with a deadline (a server request) waits for the sets no
	 * longer than it: they go on in a helper thread */
	if (sync && deadline > 0) {
		int r = ws_call(c, e, deadline);

		if (r == 0) {
			*note = "precomputing the winning sets";
			*status = PEG_PLAY_SETS_PENDING;
			return NULL;
		}
		if (r < 0)
			ws_run(e, 0);
	} else {
		ws_run(e, !sync);
	}
	pthread_mutex_lock(&c->lock);
	if (e->state == PEGPL_WS_READY) {
		*held = e; /* keeps the reference */
		*status = PEG_PLAY_SETS_READY;
	} else {
		e->refs--;
		snprintf(nbuf, nsize, "%s", e->note);
		*note = nbuf;
	}
	pthread_mutex_unlock(&c->lock);
	return *held ? e->w : NULL;
}

/* Sets estimated under opts.sync_sets_mb (every set when it is 0) are
 * computed in the call; bigger ones only by calls with effects, when they
 * fit in the memory budget, one at a time in a background thread (or
 * loaded from the cache file in the call), while the live search
 * answers. */
const struct peg_winsets *pegpl_sets_get(struct peg_play_ctx *c,
					 const struct peg_session *s,
					 int effects, double deadline,
					 struct pegpl_sets **held,
					 int *status, const char **note,
					 char *nbuf, size_t nsize)
{
	struct pegpl_sets *e;
	struct peg_winsets_cost cost;
	struct peg_err err;
	uint64_t start;
	int sync = 1, have_file = 0, bad;

	*held = NULL;
	*status = PEG_PLAY_SETS_FAILED;
	if (c->o.sets == PEG_PLAY_SETS_OFF ||
	    s->b->n_holes > PEG_WINSETS_MAX_HOLES ||
	    (c->o.sets == PEG_PLAY_SETS_AUTO && !peg_winsets_auto(s->b))) {
		*status = PEG_PLAY_SETS_NONE;
		return NULL;
	}
	start = peg_pos_to64(s->start, s->b->n_holes);
	pthread_mutex_lock(&c->lock);
	e = ws_find(c, s->b, start, pegpl_finish(s));
	if (e)
		return ws_known(c, e, held, status, note, nbuf, nsize);
	pthread_mutex_unlock(&c->lock);
	if (c->o.cache_dir)
		have_file = ws_have_file(c, s);
	bad = peg_winsets_estimate(s->b, s->start, pegpl_finish(s), &cost,
				   &err);
	if (bad || cost.bytes > (double)c->o.memory) {
		char why[240];

		if (bad)
			snprintf(why, sizeof(why), "%.200s", err.msg);
		else
			snprintf(why, sizeof(why),
				 "the winning sets would need about %.0f MB, "
				 "over --memory-mb %.0f",
				 cost.bytes / 1048576,
				 (double)c->o.memory / 1048576);
		*status = PEG_PLAY_SETS_REFUSED;
		e = ws_refused(s, start, why);
		snprintf(nbuf, nsize, "%s", e ? e->note : why);
		*note = nbuf;
		if (!e)
			return NULL;
	} else {
		sync = !c->o.sync_sets_mb ||
		       cost.bytes <= c->o.sync_sets_mb * 1048576.0;
		if (!sync && !effects) {
			*note = "winning sets are computed on POST requests "
				"(a GET has no effects): live search";
			return NULL;
		}
		e = ws_make(c, s, start, effects);
		if (!e) {
			*note = "winning sets unavailable (out of memory)";
			return NULL;
		}
	}
	pthread_mutex_lock(&c->lock);
	/* another call may have made the entry meanwhile */
	if (ws_find(c, s->b, start, pegpl_finish(s))) {
		pthread_mutex_unlock(&c->lock);
		if (e->state == PEGPL_WS_COMPUTING) {
			*note = "precomputing the winning sets";
			*status = PEG_PLAY_SETS_PENDING;
		}
		ws_free_entry(e);
		return NULL;
	}
	if (c->n_ws == PEGPL_MAX_WINSETS && !evict_one(c, EV_SETS)) {
		pthread_mutex_unlock(&c->lock);
		ws_free_entry(e);
		*note = "every winning-set entry is in use: live search";
		return NULL;
	}
	if (e->state == PEGPL_WS_REFUSED) {
		e->tick = ++c->tick;
		c->ws[c->n_ws++] = e;
		pthread_mutex_unlock(&c->lock);
		return NULL;
	}
	return ws_insert(c, e, cost.bytes, sync, have_file, deadline, held,
			 status, note, nbuf, nsize);
}

void pegpl_sets_put(struct peg_play_ctx *c, struct pegpl_sets *e)
{
	if (e)
		unref(c, &e->refs);
}

/* ---- fewest-moves optima ---- */

int pegpl_opt_find(struct peg_play_ctx *c, const char *key, int *moves,
		   char **solution)
{
	int found = 0;

	*solution = NULL;
	pthread_mutex_lock(&c->lock);
	for (int i = 0; i < c->n_opt; i++)
		if (!strcmp(c->opt[i].key, key)) {
			*moves = c->opt[i].moves;
			free(*solution);
			*solution = c->opt[i].solution
					    ? strdup(c->opt[i].solution)
					    : NULL;
			c->opt[i].tick = ++c->tick;
			found = 1;
		}
	pthread_mutex_unlock(&c->lock);
	return found;
}

void pegpl_opt_put(struct peg_play_ctx *c, char *key, int moves,
		   const char *solution)
{
	int i;

	pthread_mutex_lock(&c->lock);
	i = c->n_opt;
	if (i == PEGPL_MAX_SHORTEST) { /* replace the oldest */
		i = 0;
		for (int k = 1; k < c->n_opt; k++)
			if (c->opt[k].tick < c->opt[i].tick)
				i = k;
		free(c->opt[i].key);
		free(c->opt[i].solution);
	} else {
		c->n_opt++;
	}
	c->opt[i].key = key;
	c->opt[i].moves = moves;
	c->opt[i].solution = solution ? strdup(solution) : NULL;
	c->opt[i].tick = ++c->tick;
	pthread_mutex_unlock(&c->lock);
}

/* ---- fewest-moves searches in helper threads ---- */

/* Take j out of the running searches (c->lock held). */
static void fjob_unlist(struct peg_play_ctx *c, struct pegpl_fjob *j)
{
	for (int i = 0; i < c->n_fjob; i++)
		if (c->fjob[i] == j) {
			c->fjob[i] = c->fjob[--c->n_fjob];
			break;
		}
}

/* Run j's search and publish it; returns with c->lock held. */
static void fjob_run(struct pegpl_fjob *j)
{
	struct peg_play_ctx *c = j->ctx;
	struct peg_shortest_result res;
	struct peg_err err;
	char *sol = NULL, *key;
	int r, moves = -2;

	memset(&res, 0, sizeof(res));
	r = peg_shortest(j->b, j->start, j->finish, &j->so, &res, &err);
	if (!r) {
		moves = res.solved ? res.moves : -1;
		sol = res.solved ? peg_jumps_format(j->b, res.jumps,
						    res.n_jumps)
				 : NULL;
		key = strdup(j->key);
		if (key) /* remembered for the calls that come later */
			pegpl_opt_put(c, key, moves, sol);
	}
	peg_shortest_result_release(&res);
	pthread_mutex_lock(&c->lock);
	c->mem_used -= j->mem;
	j->mem = 0;
	j->moves = moves;
	j->solution = sol;
	if (r)
		snprintf(j->note, sizeof(j->note), "%.200s", err.msg);
	j->done = 1;
	fjob_unlist(c, j);
	if (!--j->refs) /* the runner's reference */
		fjob_free(j);
}

static void *fjob_thread(void *arg)
{
	struct pegpl_fjob *j = arg;
	struct peg_play_ctx *c = j->ctx;

	fjob_run(j);
	helper_end(c);
	return NULL;
}

static int fjob_settled(const void *arg)
{
	return ((const struct pegpl_fjob *)arg)->done;
}

/* A new search of s's problem in c->fjob with its ledger bytes reserved
 * (c->lock held); NULL with out->note. */
static struct pegpl_fjob *fjob_new(struct peg_play_ctx *c,
				   const struct peg_session *s,
				   const char *key,
				   const struct peg_shortest_opts *so,
				   size_t mem, struct peg_play_fewest *out)
{
	struct pegpl_fjob *j;
	struct peg_err err;

	if (c->n_fjob == PEGPL_MAX_FEWEST) {
		snprintf(out->note, sizeof(out->note),
			 "unknown (budget): other fewest-moves searches are "
			 "running; try again");
		return NULL;
	}
	if (mem && !ledger_fit(c, mem)) {
		snprintf(out->note, sizeof(out->note),
			 "the server's memory budget is in use; try again");
		return NULL;
	}
	j = calloc(1, sizeof(*j));
	if (j) {
		j->key = strdup(key);
		j->b = peg_board_parse(s->b->spec, &err);
	}
	if (!j || !j->key || !j->b) {
		if (j)
			fjob_free(j);
		snprintf(out->note, sizeof(out->note), "out of memory");
		return NULL;
	}
	j->start = peg_pos_to64(s->start, s->b->n_holes);
	j->finish = pegpl_finish(s);
	j->so = *so;
	j->mem = mem;
	j->moves = -2;
	j->refs = 2; /* the thread and this call */
	j->ctx = c;
	c->mem_used += mem;
	c->fjob[c->n_fjob++] = j;
	return j;
}

void pegpl_fewest_wait(struct peg_play_ctx *c, const struct peg_session *s,
		       const char *key, const struct peg_shortest_opts *so,
		       size_t mem, double deadline,
		       struct peg_play_fewest *out)
{
	struct pegpl_fjob *j = NULL;
	int fresh = 0;

	if (deadline <= 0)
		deadline = pegpl_now_ms() + PEGPL_FEWEST_MS;
	pthread_mutex_lock(&c->lock);
	for (int i = 0; i < c->n_fjob && !j; i++)
		if (!strcmp(c->fjob[i]->key, key))
			j = c->fjob[i];
	if (j) {
		j->refs++;
	} else {
		j = fjob_new(c, s, key, so, mem, out);
		fresh = j != NULL;
	}
	if (!j) {
		pthread_mutex_unlock(&c->lock);
		return;
	}
	if (fresh) {
		pthread_mutex_unlock(&c->lock);
		/* no threads (a WebAssembly build): in the call, as the
		 * engine has no deadline of its own */
		if (helper_start(c, fjob_thread, j))
			fjob_run(j);
		else
			pthread_mutex_lock(&c->lock);
	}
	if (pegpl_wait(c, fjob_settled, j, deadline)) {
		out->moves = j->moves;
		out->solution = j->solution ? strdup(j->solution) : NULL;
		snprintf(out->note, sizeof(out->note), "%s", j->note);
	} else {
		snprintf(out->note, sizeof(out->note),
			 "unknown (budget): %s; the search goes on, ask again",
			 c->o.stop && *c->o.stop
				 ? "stopping"
				 : "the fewest moves did not come within the "
				   "request's time");
	}
	if (!--j->refs)
		fjob_free(j);
	pthread_mutex_unlock(&c->lock);
}
