/* test_limits.c - the budgets the faces pass down (issue 16): the oracle's
 * deadline and cancel flag, the puzzle generator's node and time limits,
 * the winning sets' cost estimate (winsets_cost.c) against sizes the sets
 * engine computes here, and the sessions' hole limit. */
#include "check.h"

#include "pegsol/oracle.h"
#include "pegsol/puzzle.h"
#include "pegsol/session.h"
#include "pegsol/winsets.h"

#include <stdlib.h>
#include <time.h>

static double mono_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* English from c1, goal anywhere: a hard early position (issue 16's
 * huge-hint problem), so an unlimited search would run for long. */
static void oracle_limits(void)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse("english", &err);
	struct peg_goal g = {PEG_GOAL_ANYWHERE, -1};
	struct peg_oracle *o = peg_oracle_new(b, &g, (size_t)1 << 16, &err);
	struct peg_oracle_stats st;
	unsigned char pegs[33];
	volatile int cancel = 1;
	double t0;
	enum peg_verdict v;

	memset(pegs, 1, sizeof(pegs));
	pegs[0] = 0; /* c1 */
	CHECK(o != NULL, "english oracle: %s", err.msg);
	CHECK(peg_oracle_memory(o) > 0 &&
		      peg_oracle_memory(o) <=
			      peg_oracle_max_memory(b, (size_t)1 << 16),
	      "oracle memory %zu within its maximum %zu",
	      peg_oracle_memory(o), peg_oracle_max_memory(b, (size_t)1 << 16));
	/* a deadline 50 ms away stops an unbudgeted search */
	t0 = mono_ms();
	peg_oracle_set_limits(o, t0 + 50, NULL);
	v = peg_oracle_solvable(o, pegs, 0);
	peg_oracle_stats(o, &st);
	CHECK(v == PEG_UNKNOWN && st.stopped,
	      "deadline: verdict %s, stopped %d", peg_verdict_name(v),
	      st.stopped);
	CHECK(mono_ms() - t0 < 2000, "deadline kept: %.0f ms",
	      mono_ms() - t0);
	CHECK(peg_oracle_memory(o) <= peg_oracle_max_memory(b, (size_t)1 << 16),
	      "the table stays within max_entries");
	/* a raised cancel flag stops at once */
	peg_oracle_set_limits(o, 0, &cancel);
	v = peg_oracle_solvable(o, pegs, 0);
	peg_oracle_stats(o, &st);
	CHECK(v == PEG_UNKNOWN && st.stopped && st.nodes <= 1,
	      "cancel: verdict %s after %ld nodes", peg_verdict_name(v),
	      st.nodes);
	/* limits lifted: the node budget alone ends the call */
	peg_oracle_set_limits(o, 0, NULL);
	v = peg_oracle_solvable(o, pegs, 1000);
	peg_oracle_stats(o, &st);
	CHECK(!st.stopped && st.nodes <= 1000, "node budget alone: %ld nodes",
	      st.nodes);
	peg_oracle_free(o);
	peg_board_free(b);
}

static void puzzle_limits(void)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse("rect:9x7", &err);
	struct peg_puzzle_opts o = {0};
	struct peg_puzzle p;
	double t0;
	int r;

	/* issue 16: rect:9x7 took 67-183 s; a node cap refuses it, the same
	 * way every time */
	o.seed = 1;
	o.finish = -1;
	o.budget = 300000;
	o.max_nodes = 200000;
	t0 = mono_ms();
	r = peg_puzzle_generate(b, &o, &p, &err);
	CHECK(r == PEG_PUZZLE_RESOURCES && strstr(err.msg, "200000"),
	      "max_nodes: %d %s", r, err.msg);
	CHECK(mono_ms() - t0 < 10000, "max_nodes kept: %.0f ms",
	      mono_ms() - t0);
	o.max_nodes = 0;
	o.max_ms = 100;
	t0 = mono_ms();
	r = peg_puzzle_generate(b, &o, &p, &err);
	CHECK(r == PEG_PUZZLE_RESOURCES && strstr(err.msg, "time"),
	      "max_ms: %d %s", r, err.msg);
	CHECK(mono_ms() - t0 < 3000, "max_ms kept: %.0f ms", mono_ms() - t0);
	peg_board_free(b);
	/* a small board is untouched by generous limits */
	b = peg_board_parse("triangle:5", &err);
	o.max_nodes = 10000000;
	o.max_ms = 60000;
	CHECK(!peg_puzzle_generate(b, &o, &p, &err), "T5 puzzle: %s", err.msg);
	peg_puzzle_release(&p);
	peg_board_free(b);
}

/* The estimate bounds the codes the engine really keeps: W (the part
 * the cache keeps) is well inside it, and the peak estimate grows with
 * the problem as the measured peaks do. */
static void estimate(const char *spec, const char *vac, const char *goal,
		     double lo_mib, double hi_mib)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(spec, &err);
	unsigned char st[64];
	int v = peg_board_parse_hole(b, vac, &err), f = -1;
	struct peg_winsets_cost c;

	memset(st, 1, (size_t)b->n_holes);
	st[v] = 0;
	if (strcmp(goal, "anywhere"))
		f = peg_board_parse_hole(b, goal, &err);
	CHECK(!peg_winsets_estimate(b, st, f, &c, &err), "%s: %s", spec,
	      err.msg);
	CHECK(c.bytes / 1048576 >= lo_mib && c.bytes / 1048576 <= hi_mib,
	      "%s %s %s: estimate %.0f MiB, want %.0f..%.0f", spec, vac,
	      goal, c.bytes / 1048576, lo_mib, hi_mib);
	if (b->n_holes <= 21) {
		struct peg_winsets *w;
		struct peg_winsets_info info;

		CHECK(!peg_winsets_open(b, st, f, NULL, 1, &w, &info, &err),
		      "%s: %s", spec, err.msg);
		CHECK((double)info.codes * 8 <= c.result_bytes &&
			      peg_winsets_memory(w) >= info.codes * 8,
		      "%s: W %zu codes within the estimate %.0f", spec,
		      info.codes, c.result_bytes / 8);
		peg_winsets_free(w);
	}
	peg_board_free(b);
}

static void sessions(void)
{
	struct peg_err err;
	struct peg_session *s;
	double t0 = mono_ms();

	s = peg_session_create_max("triangle:4000", NULL, "a1", NULL, 1000,
				   &err);
	CHECK(!s && strstr(err.msg, "1000"), "T4000 refused: %s", err.msg);
	s = peg_session_load_max("hexagon:1800;full;anywhere;", 1000, &err);
	CHECK(!s && strstr(err.msg, "1000"), "hexagon:1800 refused: %s",
	      err.msg);
	CHECK(mono_ms() - t0 < 1000, "refused from the spec: %.0f ms",
	      mono_ms() - t0);
	s = peg_session_load_max("triangle:5;empty:a1;anywhere;a3-a1", 1000,
				 &err);
	CHECK(s && s->cur == 1, "T5 game loads under the limit: %s", err.msg);
	peg_session_free(s);
}

int main(void)
{
	oracle_limits();
	puzzle_limits();
	/* measured peaks (winsets_cost.c): T6 c3 26 MiB, English d4
	 * complement 222 MiB, c1 anywhere about 6,200 MiB */
	estimate("triangle:5", "a1", "anywhere", 32, 40);
	estimate("triangle:6", "c3", "anywhere", 26, 64);
	estimate("triangle:6", "a1", "a1", 11, 64);
	estimate("english", "d4", "d4", 222, 512);
	estimate("english", "c1", "anywhere", 6200, 9000);
	sessions();
	return check_done();
}
