/* test_play_limits.c - the game service never lets one call stall or
 * overspend (play.h, docs/play.md "Limits"):
 *
 *   - the memory ledger: oracles searched by several threads at once
 *     reserve their tables' growth before it happens, so the ledger never
 *     passes --memory-mb (a monitor thread samples it all along);
 *   - fewest moves waits for its search only until the game's deadline or
 *     the stop flag, then answers "unknown (budget)" while the search goes
 *     on and remembers its optimum (T5 a1 complement: 10 moves, seed 001's
 *     T5 table);
 *   - winning sets computed for a call with a deadline: the call waits no
 *     longer than it and the live search answers meanwhile;
 *   - freeing the context while a helper thread still runs (the server's
 *     exit) leaves the freeing to that thread (run under ASan). */
#include "check.h"

#include "pegsol/play.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void sleep_ms(int ms)
{
	struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};

	nanosleep(&t, NULL);
}

/* ---- the ledger under concurrent oracle growth ---- */

#define LEDGER_MB 3
#define PLAYERS 4

struct player {
	struct peg_play_ctx *c;
	const char *spec, *vacate;
	int described; /* calls that answered */
};

static volatile int players_done;
static size_t ledger_peak;

static void *player(void *arg)
{
	struct player *p = arg;
	struct peg_err err;

	for (int round = 0; round < 2; round++) {
		struct peg_game *g = peg_game_create(p->c, p->spec, NULL,
						     p->vacate, "complement",
						     &err);
		struct peg_play_state st;

		if (!g)
			continue;
		if (!peg_game_describe(g, PEG_PLAY_VERDICTS, &st, &err)) {
			p->described++;
			peg_play_state_release(&st);
		}
		peg_game_free(g);
	}
	return NULL;
}

static void *monitor(void *arg)
{
	struct peg_play_ctx *c = arg;

	while (!__atomic_load_n(&players_done, __ATOMIC_ACQUIRE)) {
		size_t m = peg_play_ctx_memory(c);

		if (m > ledger_peak)
			ledger_peak = m;
		sleep_ms(1);
	}
	return NULL;
}

static void check_ledger_threads(void)
{
	static const char *const boards[PLAYERS][2] = {
		{"english", "d4"}, {"french", "d1"}, {"english", "c4"},
		{"T8", "a1"}};
	struct peg_play_opts o = {0};
	struct player p[PLAYERS];
	pthread_t t[PLAYERS], mon;
	struct peg_err err;
	struct peg_play_ctx *c;
	int answered = 0;

	o.sets = PEG_PLAY_SETS_OFF;
	o.memory = (size_t)LEDGER_MB << 20;
	o.budget = 200000; /* tables of 2^19 slots (4 MB) unless capped */
	c = peg_play_ctx_new(&o, &err);
	CHECK(c != NULL, "ctx: %s", err.msg);
	CHECK(peg_play_ctx_opts(c)->oracle_entries > 0 &&
		      peg_play_ctx_opts(c)->oracle_entries * 16 <=
			      o.memory / 8,
	      "an oracle's table is capped at an eighth of the ledger "
	      "(%zu entries)",
	      peg_play_ctx_opts(c)->oracle_entries);
	players_done = 0;
	ledger_peak = 0;
	pthread_create(&mon, NULL, monitor, c);
	for (int i = 0; i < PLAYERS; i++) {
		p[i] = (struct player){c, boards[i][0], boards[i][1], 0};
		pthread_create(&t[i], NULL, player, &p[i]);
	}
	for (int i = 0; i < PLAYERS; i++) {
		pthread_join(t[i], NULL);
		answered += p[i].described;
	}
	__atomic_store_n(&players_done, 1, __ATOMIC_RELEASE);
	pthread_join(mon, NULL);
	CHECK_INT(answered, 2 * PLAYERS, "every describe answered");
	CHECK(ledger_peak > 0, "the monitor saw the ledger in use");
	if (getenv("PEGSOL_TEST_VERBOSE"))
		printf("ledger peak %zu of %zu\n", ledger_peak, o.memory);
	CHECK(ledger_peak <= o.memory,
	      "the ledger never passed its budget: peak %zu of %zu bytes",
	      ledger_peak, o.memory);
	CHECK(peg_play_ctx_memory(c) <= o.memory,
	      "the ledger after the searches: %zu of %zu",
	      peg_play_ctx_memory(c), o.memory);
	/* one game alone, after the others: its growth fits again */
	{
		struct peg_game *g = peg_game_create(c, "english", NULL, "d4",
						     "complement", &err);
		struct peg_play_line l;

		CHECK(g != NULL, "english: %s", err.msg);
		peg_game_hint(g, &l, &err);
		CHECK(!strstr(l.note, "memory"),
		      "a lone hint has room: '%s'", l.note);
		CHECK(peg_play_ctx_memory(c) <= o.memory,
		      "the ledger after a lone hint: %zu",
		      peg_play_ctx_memory(c));
		peg_play_line_release(&l);
		peg_game_free(g);
	}
	peg_play_ctx_free(c);
}

/* ---- fewest moves under a deadline and the stop flag ---- */

static volatile int stop_flag;

static void *raise_stop(void *arg)
{
	(void)arg;
	sleep_ms(150);
	stop_flag = 1;
	return NULL;
}

static void check_fewest_deadline(void)
{
	struct peg_play_opts o = {0};
	struct peg_play_ctx *c;
	struct peg_game *g;
	struct peg_play_fewest f;
	struct peg_err err;
	pthread_t t;
	double t0, ms;

	o.sets = PEG_PLAY_SETS_OFF;
	o.shortest_states = (uint64_t)1 << 16;
	/* far more than the test lasts, on any machine: the search left
	 * behind ends with the process */
	o.shortest_dfs_budget = 50000000;
	o.stop = &stop_flag;
	c = peg_play_ctx_new(&o, &err);
	CHECK(c != NULL, "ctx: %s", err.msg);

	/* English d4 complement: far more than 200 ms of search */
	g = peg_game_create(c, "english", NULL, "d4", "complement", &err);
	CHECK(g != NULL, "english: %s", err.msg);
	t0 = now_ms();
	g->deadline = t0 + 200;
	peg_game_fewest(g, &f);
	ms = now_ms() - t0;
	CHECK_INT(f.moves, -2, "english fewest past the deadline");
	CHECK(!strncmp(f.note, "unknown (budget)", 16), "note '%s'", f.note);
	CHECK(ms < 1500, "answered at the deadline: %.0f ms", ms);
	peg_play_fewest_release(&f);

	/* a second call joins the same search; the stop flag ends its wait */
	stop_flag = 0;
	g->deadline = 0;
	pthread_create(&t, NULL, raise_stop, NULL);
	t0 = now_ms();
	peg_game_fewest(g, &f);
	ms = now_ms() - t0;
	pthread_join(t, NULL);
	CHECK(f.moves == -2 || f.moves == 18, "stopped: %d", f.moves);
	CHECK(f.moves == 18 || strstr(f.note, "stopping"), "note '%s'",
	      f.note);
	CHECK(ms < 1500, "the stop flag ends the wait: %.0f ms", ms);
	peg_play_fewest_release(&f);
	stop_flag = 0;

	/* T5 a1 complement under a deadline: 10 moves (seed 001, T5) */
	{
		struct peg_game *t5 = peg_game_create(c, "T5", NULL, "a1",
						      "complement", &err);

		CHECK(t5 != NULL, "T5: %s", err.msg);
		t5->deadline = now_ms() + 10000;
		peg_game_fewest(t5, &f);
		CHECK_INT(f.moves, 10, "T5 a1 complement fewest moves");
		CHECK(f.solution && *f.solution, "with a solution");
		peg_play_fewest_release(&f);
		peg_game_free(t5);
	}

	peg_game_free(g);
	peg_play_ctx_free(c); /* the search keeps it */
}

/* ---- freeing the context under a running helper ---- */

static void check_free_busy(void)
{
	struct peg_play_opts o = {0};
	struct peg_play_ctx *c;
	struct peg_game *g;
	struct peg_play_fewest f;
	struct peg_err err;

	o.sets = PEG_PLAY_SETS_OFF;
	o.shortest_states = (uint64_t)1 << 12;
	o.shortest_dfs_budget = 100000; /* ends while the sets test runs */
	c = peg_play_ctx_new(&o, &err);
	CHECK(c != NULL, "ctx: %s", err.msg);
	g = peg_game_create(c, "english", NULL, "c4", "complement", &err);
	CHECK(g != NULL, "english: %s", err.msg);
	g->deadline = now_ms() + 1;
	peg_game_fewest(g, &f);
	CHECK_INT(f.moves, -2, "left running");
	peg_play_fewest_release(&f);
	peg_game_free(g);
	/* the search frees the context when it ends (ASan sees a use after
	 * free when the context went at once) */
	peg_play_ctx_free(c);
}

/* ---- winning sets of a call with a deadline ---- */

static void check_sets_deadline(void)
{
	struct peg_play_opts o = {0};
	struct peg_play_ctx *c;
	struct peg_game *g;
	struct peg_play_state st;
	struct peg_err err;
	double t0, ms;
	int ready = 0;

	o.sets = PEG_PLAY_SETS_ALL;
	o.sync_sets_mb = 0; /* every set computed for the call */
	o.budget = 1000;
	c = peg_play_ctx_new(&o, &err);
	CHECK(c != NULL, "ctx: %s", err.msg);
	g = peg_game_create(c, "T6", NULL, "a1", "complement", &err);
	CHECK(g != NULL, "T6: %s", err.msg);
	t0 = now_ms();
	g->deadline = t0 + 1; /* the sets take far longer than 1 ms */
	CHECK_INT(peg_game_describe(g, PEG_PLAY_VERDICTS, &st, &err), 0,
		  "describe");
	ms = now_ms() - t0;
	CHECK(ms < 1000, "the call did not wait for the sets: %.0f ms", ms);
	CHECK(st.source && !strcmp(st.source, "search"),
	      "the live search answered meanwhile: %s",
	      st.source ? st.source : "(none)");
	peg_play_state_release(&st);
	/* at most two computed for calls at once: a third problem is
	 * answered by the live search meanwhile */
	{
		static const char *const vac[2] = {"b2", "c3"};
		struct peg_game *h[2];

		for (int i = 0; i < 2; i++) {
			h[i] = peg_game_create(c, "T6", NULL, vac[i],
					       "complement", &err);
			CHECK(h[i] != NULL, "T6 %s: %s", vac[i], err.msg);
			h[i]->deadline = now_ms() + (i ? 2000 : 1);
			CHECK_INT(peg_game_describe(h[i], PEG_PLAY_VERDICTS,
						    &st, &err),
				  0, "describe");
			CHECK(!strcmp(st.note,
				      i ? "another precomputation is running: "
					  "live search meanwhile"
					: "the request's time budget ran out"),
			      "T6 %s: '%s'", vac[i], st.note);
			peg_play_state_release(&st);
			peg_game_free(h[i]);
		}
	}
	/* later calls find them ready */
	for (int i = 0; i < 600 && !ready; i++) {
		sleep_ms(50);
		g->deadline = now_ms() + 1000;
		if (peg_game_describe(g, PEG_PLAY_VERDICTS, &st, &err))
			break;
		ready = st.source && !strcmp(st.source, "sets");
		peg_play_state_release(&st);
	}
	CHECK(ready, "the sets became ready");
	peg_game_free(g);
	peg_play_ctx_free(c);
}

int main(void)
{
	check_ledger_threads();
	check_fewest_deadline();
	check_free_busy();
	check_sets_deadline();
	sleep_ms(300); /* the helper of check_free_busy ends */
	return check_done();
}
