/* test_tricolor.c - three-colour peg solitaire (seed 004, "Investigations
 * into 3-Color Peg Solitaire"): rules, notation, the DFS solver against the
 * retrograde table, the T4 and T5 surveys, the |T_n| recurrence and the
 * graph families quoted from Davis et al. (2020). */
#include "check.h"

#include "pegsol/tricolor.h"
#include "pegsol/trigame.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static struct peg_board *board(const char *spec)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(spec, &err);

	CHECK(b != NULL, "board %s: %s", spec, b ? "" : err.msg);
	return b;
}

/* A graph board built in memory: kind 'P' path, 'C' cycle, 'K' complete
 * bipartite K(m, n) (a star when m = 1). */
static struct peg_board *graph(char kind, int m, int n)
{
	int nodes = kind == 'K' ? m + n : n, ne = 0;
	int *edges = malloc(sizeof(int) * 2 * (size_t)(nodes * nodes + 1));
	char **labels = malloc(sizeof(char *) * (size_t)nodes);
	char spec[64];
	struct peg_err err;
	struct peg_board *b;

	for (int i = 0; i < nodes; i++) {
		labels[i] = malloc(16);
		snprintf(labels[i], 16, "%d", i + 1);
	}
	if (kind == 'K') {
		for (int i = 0; i < m; i++)
			for (int j = 0; j < n; j++) {
				edges[2 * ne] = i;
				edges[2 * ne++ + 1] = m + j;
			}
		snprintf(spec, sizeof(spec), "K(%d,%d)", m, n);
	} else {
		for (int i = 0; i + 1 < n; i++) {
			edges[2 * ne] = i;
			edges[2 * ne++ + 1] = i + 1;
		}
		if (kind == 'C') {
			edges[2 * ne] = n - 1;
			edges[2 * ne++ + 1] = 0;
		}
		snprintf(spec, sizeof(spec), "%s%d", kind == 'C' ? "C" : "P",
			 n);
	}
	b = peg_board_from_graph(nodes, labels, ne, edges, spec, &err);
	CHECK(b != NULL, "graph %s: %s", spec, b ? "" : err.msg);
	for (int i = 0; i < nodes; i++)
		free(labels[i]);
	free(labels);
	free(edges);
	return b;
}

static void test_rules(void)
{
	struct peg_board *b = board("T5");
	struct peg_err err;
	unsigned char col[15], sw[15], a[15];
	uint64_t seed = 12345;

	/* seed 004 figures 2 and 3: over the same colour the jumped peg
	 * changes colour and stays, over the other colour it is removed */
	CHECK_INT(peg_tri_parse(b, "0 11 111 1111 11111", col, &err), 0,
		  "parse digits");
	for (int k = 0; k < b->n_jumps; k++) {
		const struct peg_jump *j = &b->jumps[k];

		if (j->to != 0)
			continue;
		memcpy(a, col, 15);
		peg_tri_jump_apply(a, j);
		CHECK(a[j->to] == 1 && a[j->from] == 0 && a[j->over] == 2,
		      "same colour: over peg turns 2");
		a[j->over] = 1;
		a[j->from] = 2;
		a[j->to] = 0;
		peg_tri_jump_apply(a, j);
		CHECK(a[j->to] == 2 && a[j->over] == 0,
		      "other colour: over peg removed");
	}
	/* the colour swap commutes with every jump (docs/tricolor.md) */
	for (int trial = 0; trial < 2000; trial++) {
		for (int h = 0; h < 15; h++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			col[h] = (unsigned char)((seed >> 33) % 3);
			sw[h] = (unsigned char)(2 * col[h] % 3);
		}
		for (int k = 0; k < b->n_jumps; k++) {
			const struct peg_jump *j = &b->jumps[k];

			if (!peg_tri_jump_legal(col, j))
				continue;
			CHECK(peg_tri_jump_legal(sw, j), "swap keeps legality");
			memcpy(a, col, 15);
			peg_tri_jump_apply(a, j);
			{
				unsigned char c[15];

				memcpy(c, sw, 15);
				peg_tri_jump_apply(c, j);
				for (int h = 0; h < 15; h++)
					if (c[h] != 2 * a[h] % 3)
						CHECK(0, "swap commutes");
			}
		}
	}
	/* notation round trip and errors */
	{
		char *pic, *dig;

		CHECK_INT(peg_tri_parse(b, "    .\n   1 2\n  2 1 2\n 1 1 2 2\n"
					   "2 2 1 1 2\n",
					col, &err),
			  0, "parse picture");
		pic = peg_tri_picture(b, col);
		dig = peg_tri_digits(b, col);
		CHECK_STR(dig, "012212112222112", "digits");
		CHECK_INT(peg_tri_parse(b, pic, a, &err), 0, "picture reparses");
		CHECK(!memcmp(a, col, 15), "picture round trip");
		free(pic);
		free(dig);
		CHECK_INT(peg_tri_parse(b, "01221211222211x", col, &err), -1,
			  "bad glyph");
		CHECK(strstr(err.msg, "'x'") != NULL, "error names glyph: %s",
		      err.msg);
		CHECK_INT(peg_tri_parse(b, "0122", col, &err), -1, "too short");
	}
	peg_board_free(b);
}

/* seed 004, proof at the end: |T_n| = ceil(n/2) + |T_(n-3)| */
static void test_recurrence(void)
{
	int want[31] = {0};

	for (int n = 1; n <= 30; n++) {
		char spec[16];
		struct peg_board *b;

		want[n] = (n + 1) / 2 + (n > 3 ? want[n - 3] : 0);
		snprintf(spec, sizeof(spec), "T%d", n);
		b = board(spec);
		if (!b)
			continue;
		CHECK_INT(peg_tri_hole_classes(b), want[n], spec);
		peg_board_free(b);
	}
	CHECK_INT(want[4], 3, "|T4| = 2 + |T1|");
	CHECK_INT(want[5], 4, "|T5| = 4 (seed 004: 4 starting holes)");
}

/* Orbit count of starting states by brute force (canonical colour arrays),
 * to check the survey's counting independently. */
static uint64_t brute_starts(const struct peg_board *b)
{
	int n = b->n_holes;
	uint64_t c = 0;
	unsigned char *col = malloc((size_t)n), *img = malloc((size_t)n);

	for (int e = 0; e < n; e++)
		for (uint64_t x = 0; x < (1ull << (n - 1)); x++) {
			int r = 0, rep = 1;

			for (int h = 0; h < n; h++)
				col[h] = h == e ? 0 : 1 + (x >> r++ & 1);
			for (int g = 1; g < b->n_syms && rep; g++) {
				for (int h = 0; h < n; h++)
					img[b->sym[g * n + h]] = col[h];
				/* compare as (empty hole, colours) */
				for (int h = 0; h < n; h++)
					if (img[h] != col[h]) {
						int ie = 0, ce = 0;

						while (img[ie])
							ie++;
						while (col[ce])
							ce++;
						if (ie != ce) {
							rep = ie > ce;
						} else {
							/* lower colour-2 code wins */
							uint64_t ci = 0, cc = 0;

							for (int q = 0; q < n; q++) {
								ci |= (uint64_t)(img[q] == 2) << q;
								cc |= (uint64_t)(col[q] == 2) << q;
							}
							rep = ci > cc;
						}
						break;
					}
			}
			c += (uint64_t)rep;
		}
	free(col);
	free(img);
	return c;
}

/* Solve with the DFS (no table) and compare with the table; every
 * solution is replayed under the three-colour rules. */
static void cross_check(const struct peg_board *b, int samples, uint64_t seed)
{
	struct peg_err err;
	struct peg_tri_table *t = peg_tri_table_new(b, 0, 2, &err);
	int n = b->n_holes, agree = 0, solved = 0, invariant = 0;
	unsigned char *col = malloc((size_t)n);

	CHECK(t != NULL, "table %s", b->spec);
	if (!t)
		return;
	for (int i = 0; i < samples; i++) {
		struct peg_tri_result r;
		int want;

		do {
			for (int h = 0; h < n; h++) {
				seed = seed * 6364136223846793005ull +
				       1442695040888963407ull;
				col[h] = (unsigned char)((seed >> 33) % 3);
			}
		} while (peg_tri_count(col, n) == n);
		want = peg_tri_table_solvable(t, col);
		/* the table is built without symmetry: solvability must be
		 * invariant under the board's symmetries and the colour swap */
		for (int g = 0; g < b->n_syms; g++) {
			unsigned char *img = malloc((size_t)n);

			for (int h = 0; h < n; h++)
				img[b->sym[g * n + h]] = col[h];
			invariant += peg_tri_table_solvable(t, img) == want;
			for (int h = 0; h < n; h++)
				img[h] = (unsigned char)(2 * img[h] % 3);
			invariant += peg_tri_table_solvable(t, img) == want;
			free(img);
		}
		if (peg_tri_solve(b, col, NULL, &r, &err) != PEG_TRI_OK) {
			CHECK(0, "solve failed: %s", err.msg);
			continue;
		}
		agree += r.solvable == want;
		if (r.solvable) {
			solved++;
			CHECK_INT(peg_tri_verify(b, col, r.jumps, r.n_jumps,
						 &err),
				  0, "DFS solution replays to one peg");
		}
		peg_tri_result_release(&r);
		/* the table-guided search gives a verified solution too */
		if (want) {
			struct peg_tri_solve_opts o = {0, t};

			CHECK_INT(peg_tri_solve(b, col, &o, &r, &err),
				  PEG_TRI_OK, "oracle solve");
			CHECK(r.solvable && !peg_tri_verify(b, col, r.jumps,
							    r.n_jumps, &err),
			      "oracle solution replays on %s", b->spec);
			peg_tri_result_release(&r);
		}
	}
	CHECK_INT(agree, samples, "DFS and table agree");
	CHECK_INT(invariant, 2 * samples * b->n_syms,
		  "table invariant under symmetry and colour swap");
	CHECK(solved > 0 && solved < samples,
	      "%s sample has both kinds (%d/%d)", b->spec, solved, samples);
	free(col);
	peg_tri_table_free(t);
}

static void test_triangles(void)
{
	struct peg_board *b4 = board("T4"), *b5 = board("T5");
	struct peg_tri_survey s;
	struct peg_tri_survey_opts o4 = {1, 0, 1000, 0, 0},
				   o5 = {2, 0, 10, 0, 0};
	struct peg_err err;
	int centre_only = 1;

	/* seed 004: T4 is not freely solvable, every start with the centre
	 * (b3, the only interior hole) empty is dead; other dead starts
	 * exist ("select other T_4 boards were unsolvable as well") */
	CHECK_INT(peg_tri_survey_run(b4, &o4, &s, &err), PEG_TRI_OK,
		  "T4 survey");
	CHECK_INT(s.starts_raw, 10 * 512, "T4 raw starts");
	CHECK_INT(s.starts, brute_starts(b4), "T4 starts up to symmetry");
	CHECK_INT(s.n_orbits, 3, "T4 hole classes");
	CHECK(s.solvable < s.starts, "T4 not freely solvable");
	for (int i = 0; i < s.n_orbits; i++)
		if (s.orbits[i].hole == 4) {
			CHECK_INT(s.orbits[i].solvable, 0,
				  "T4 centre empty: all dead");
			CHECK(s.orbits[i].starts > 0, "T4 centre starts");
		} else if (s.orbits[i].solvable < s.orbits[i].starts) {
			centre_only = 0;
		}
	CHECK(!centre_only, "T4 has dead starts off the centre too");
	CHECK_INT((uint64_t)s.n_listed, s.starts - s.solvable, "T4 listed");
	/* each listed start is dead: its whole reachable set has no one-peg
	 * state; the centre ones have no legal jump at all */
	for (int i = 0; i < s.n_listed; i++) {
		struct peg_tri_result r;
		const unsigned char *col = s.listed + (size_t)i * 10;

		CHECK_INT(peg_tri_solve(b4, col, NULL, &r, &err), PEG_TRI_OK,
			  "T4 dead start search");
		CHECK_INT(r.solvable, 0, "T4 listed start is dead");
		if (col[4] == 0)
			CHECK_INT(r.nodes, 1, "T4 centre start has no jump");
		peg_tri_result_release(&r);
	}
	{
		/* the DFS survey (one search per start) agrees */
		struct peg_tri_survey d;
		struct peg_tri_survey_opts od = {1, 0, 0, 1, 0};

		CHECK_INT(peg_tri_survey_run(b4, &od, &d, &err), PEG_TRI_OK,
			  "T4 DFS survey");
		CHECK_INT(d.starts, s.starts, "T4 DFS starts");
		CHECK_INT(d.solvable, s.solvable, "T4 DFS and table agree");
		peg_tri_survey_release(&d);
	}
	peg_tri_survey_release(&s);
	/* seed 004: T5 is freely solvable (4 hole classes, every start) */
	CHECK_INT(peg_tri_survey_run(b5, &o5, &s, &err), PEG_TRI_OK,
		  "T5 survey");
	CHECK_INT(s.starts, brute_starts(b5), "T5 starts up to symmetry");
	CHECK_INT(s.n_orbits, 4, "T5 hole classes");
	CHECK_INT(s.solvable, s.starts, "T5 freely solvable");
	CHECK_INT(s.starts_swap * 2, s.starts,
		  "T5: colour swap pairs the classes");
	CHECK_INT(s.table.states[14] + s.table.states[13] + 0, 245760 + 860160,
		  "T5 level sizes 15*2^14, C(15,13)*2^13");
	peg_tri_survey_release(&s);
	cross_check(b4, 300, 7);
	cross_check(b5, 150, 11);
	peg_board_free(b4);
	peg_board_free(b5);
}

/* Survey a graph; returns 2 freely solvable, 1 solvable, 0 unsolvable. */
static int graph_kind(struct peg_board *b, struct peg_tri_survey *s)
{
	struct peg_err err;

	struct peg_tri_survey_opts o = {1, 0, 0, 0, 0};

	if (peg_tri_survey_run(b, &o, s, &err) != PEG_TRI_OK) {
		CHECK(0, "survey %s: %s", b->spec, err.msg);
		return -1;
	}
	return s->solvable == s->starts ? 2 : s->solvable ? 1 : 0;
}

/* seed 004 quoting Davis et al. (2020) */
static void test_graphs(void)
{
	struct peg_tri_survey s;

	for (int n = 4; n <= 10; n++) {
		/* paths: solvable but not freely solvable */
		struct peg_board *b = graph('P', 0, n);
		char what[64];

		snprintf(what, sizeof(what), "path P%d solvable, not freely",
			 n);
		CHECK_INT(graph_kind(b, &s), 1, what);
		peg_tri_survey_release(&s);
		peg_board_free(b);
	}
	for (int n = 3; n <= 10; n++) {
		/* cycles: solvable for n >= 2 (C2 is not a simple graph) */
		struct peg_board *b = graph('C', 0, n);
		char what[64];

		snprintf(what, sizeof(what), "cycle C%d solvable", n);
		CHECK(graph_kind(b, &s) >= 1, "%s", what);
		peg_tri_survey_release(&s);
		peg_board_free(b);
	}
	for (int m = 2; m <= 4; m++)
		for (int n = m; n <= 5; n++) {
			/* K(m,n) freely solvable for m, n > 1 */
			struct peg_board *b = graph('K', m, n);
			char what[64];

			snprintf(what, sizeof(what), "K(%d,%d) freely solvable",
				 m, n);
			CHECK_INT(graph_kind(b, &s), 2, what);
			peg_tri_survey_release(&s);
			peg_board_free(b);
		}
	for (int n = 3; n <= 6; n++) {
		/* stars K(1,n) are (n-1)-solvable for n > 2: every jump goes
		 * over the centre, so play stops once the centre peg is
		 * removed, and the best any start reaches is n - 1 pegs; with
		 * the centre empty no jump exists at all */
		struct peg_board *b = graph('K', 1, n);
		unsigned char col[8];
		struct peg_tri_result r;
		struct peg_err err;
		int best = 99;

		CHECK_INT(graph_kind(b, &s), 0, "star unsolvable");
		CHECK_INT(s.n_orbits, 2, "star hole classes");
		peg_tri_survey_release(&s);
		for (int x = 0; x < (1 << n); x++) {
			int r0 = 0;

			for (int h = 0; h <= n; h++)
				col[h] = h == 1 ? 0 : 1 + (x >> r0++ & 1);
			CHECK_INT(peg_tri_solve(b, col, NULL, &r, &err),
				  PEG_TRI_OK, "star search");
			if (r.min_pegs < best)
				best = r.min_pegs;
			peg_tri_result_release(&r);
		}
		CHECK_INT(best, n - 1, "star K(1,n) is (n-1)-solvable");
		peg_board_free(b);
	}
}

/* The game the faces play (trigame.h): history, answers, budgets. */
static void test_game(void)
{
	struct peg_err err;
	struct peg_trigame *g;
	int *jumps = NULL, n = 0;
	const struct peg_board *b;
	int a1, a2, a3;

	/* every peg colour 1, a1 empty (seed 004: T5 is freely solvable) */
	g = peg_trigame_new("T5", "011111111111111", NULL, 0, 0, &err);
	CHECK(g != NULL, "trigame T5: %s", g ? "" : err.msg);
	if (!g)
		return;
	b = peg_trigame_board(g);
	a1 = peg_board_parse_hole(b, "a1", &err);
	a2 = peg_board_parse_hole(b, "a2", &err);
	a3 = peg_board_parse_hole(b, "a3", &err);
	CHECK(peg_trigame_has_table(g), "T5 gets the exact table");
	CHECK(peg_trigame_verdict(g, NULL) == PEG_TRIGAME_WIN, "T5 start wins");
	CHECK_INT(peg_trigame_n_legal(g), 2, "two legal jumps (a3-a1, c3-a1)");
	CHECK(peg_trigame_legal(g, a3, a1) >= 0, "a3-a1 legal");
	CHECK(peg_trigame_play(g, a1, a3, &err) < 0, "a1-a3 refused (empty)");
	/* a same-colour jump: a2 turns to colour 2 and stays */
	CHECK(peg_trigame_play(g, a3, a1, &err) == 0, "a3-a1 played");
	CHECK_INT(peg_trigame_colors(g)[a2], 2, "a2 changed colour");
	CHECK_INT(peg_trigame_colors(g)[a1], 1, "a1 got the jumper");
	CHECK_INT(peg_trigame_pegs(g), 14, "same-colour jump keeps the pegs");
	CHECK(peg_trigame_undo(g) == 0 && peg_trigame_pegs(g) == 14 &&
		      peg_trigame_colors(g)[a2] == 1 &&
		      peg_trigame_colors(g)[a1] == 0,
	      "undo restores the colours");
	CHECK(peg_trigame_undo(g) < 0, "undo stops at the start");
	CHECK(peg_trigame_redo(g) == 0 && peg_trigame_jumps(g) == 1, "redo");
	/* solve: a verified line that becomes the redo tail */
	CHECK(peg_trigame_solve(g, &jumps, &n) == PEG_TRIGAME_WIN && n > 0,
	      "solve from here");
	CHECK_INT(peg_trigame_jumps(g), 1, "solve leaves the position");
	while (!peg_trigame_redo(g))
		;
	CHECK(peg_trigame_won(g), "the redo tail ends with one peg");
	CHECK_INT(peg_trigame_jumps(g), 1 + n, "the tail has the solution");
	free(jumps);
	peg_trigame_reset(g);
	CHECK(peg_trigame_jumps(g) == 0 && peg_trigame_pegs(g) == 14, "reset");
	peg_trigame_free(g);

	/* seed 004: T4 with the centre empty has no jump at all */
	g = peg_trigame_new("T4", NULL, "b3", 3, 0, &err);
	CHECK(g && peg_trigame_n_legal(g) == 0 &&
		      peg_trigame_verdict(g, NULL) == PEG_TRIGAME_LOSE,
	      "T4 centre start is lost");
	peg_trigame_free(g);
	/* T6: no table; a 10-state budget answers unknown, never blocks */
	g = peg_trigame_new("T6", NULL, "c3", 5, 10, &err);
	CHECK(g && !peg_trigame_has_table(g), "T6: no table");
	if (g) {
		CHECK(peg_trigame_verdict(g, NULL) == PEG_TRIGAME_UNKNOWN,
		      "T6 within 10 states: unknown");
		CHECK(peg_trigame_solve(g, &jumps, &n) == PEG_TRIGAME_UNKNOWN &&
			      !jumps,
		      "T6 solve within 10 states: unknown, no line");
		for (int k = 0; k < peg_trigame_board(g)->n_jumps; k++)
			if (peg_tri_jump_legal(peg_trigame_colors(g),
					       &peg_trigame_board(g)->jumps[k]))
				CHECK(peg_trigame_jump_verdict(g, k) ==
					      PEG_TRIGAME_UNKNOWN,
				      "T6 jump within 10 states: unknown");
	}
	peg_trigame_free(g);
	/* T6 past the table's 16 holes: each jump searched with a share of
	 * the budget, and every decided jump agrees with a full search of
	 * the position it leads to, along a few random games */
	{
		int wins = 0, losses = 0, legal = 0, bad = 0;
		uint64_t rng = 12345;

		for (int seed = 1; seed <= 4; seed++) {
			g = peg_trigame_new("T6", NULL, NULL, (uint64_t)seed, 0,
					    &err);
			CHECK(g != NULL, "T6 game");
			for (int step = 0; g && step < 14; step++) {
				const struct peg_board *tb = peg_trigame_board(g);
				int pick = -1, n_here = 0, won = 0;

				for (int k = 0; k < tb->n_jumps; k++) {
					const struct peg_jump *jp = &tb->jumps[k];
					enum peg_trigame_verdict v, full;

					if (!peg_tri_jump_legal(
						    peg_trigame_colors(g), jp))
						continue;
					legal++;
					n_here++;
					rng = rng * 6364136223846793005ULL +
					      1442695040888963407ULL;
					if (pick < 0 || (rng >> 60) < 6)
						pick = k;
					v = peg_trigame_jump_verdict(g, k);
					if (v == PEG_TRIGAME_UNKNOWN)
						continue;
					wins += v == PEG_TRIGAME_WIN;
					losses += v == PEG_TRIGAME_LOSE;
					won |= v == PEG_TRIGAME_WIN;
					peg_trigame_play(g, jp->from, jp->to,
							 NULL);
					full = peg_trigame_verdict(g, NULL);
					bad += full != v &&
					       full != PEG_TRIGAME_UNKNOWN;
					peg_trigame_undo(g);
				}
				if (won)
					bad += peg_trigame_verdict(g, NULL) ==
					       PEG_TRIGAME_LOSE;
				if (!n_here)
					break;
				peg_trigame_play(g, tb->jumps[pick].from,
						 tb->jumps[pick].to, NULL);
			}
			peg_trigame_free(g);
		}
		/* a lost position: two pegs and a far one; every jump loses */
		g = peg_trigame_new("T6", "1/10/000/0000/00000/000001", NULL, 0,
				    0, &err);
		CHECK(g != NULL, "T6 lost position");
		for (int k = 0; g && k < peg_trigame_board(g)->n_jumps; k++)
			if (peg_tri_jump_legal(peg_trigame_colors(g),
					       &peg_trigame_board(g)->jumps[k])) {
				legal++;
				losses += peg_trigame_jump_verdict(g, k) ==
					  PEG_TRIGAME_LOSE;
			}
		CHECK(g && peg_trigame_verdict(g, NULL) == PEG_TRIGAME_LOSE,
		      "T6 lost position: LOSE");
		peg_trigame_free(g);
		CHECK_INT(bad, 0, "T6 jump hints agree with full searches");
		CHECK(wins > 0 && losses > 0,
		      "T6 jump hints decide both winning and losing jumps");
		CHECK(wins + losses >= legal / 2,
		      "T6 jump hints decide most jumps within the budget");
	}
	/* the same seed gives the same start */
	{
		struct peg_trigame *x = peg_trigame_new("T6", NULL, NULL, 42, 0,
							&err);
		struct peg_trigame *y = peg_trigame_new("T6", NULL, NULL, 42, 0,
							&err);

		CHECK(x && y && !memcmp(peg_trigame_start(x),
					peg_trigame_start(y), 21) &&
			      peg_tri_count(peg_trigame_start(x), 21) == 20,
		      "seeded starts repeat, one hole empty");
		peg_trigame_free(x);
		peg_trigame_free(y);
	}
	CHECK(!peg_trigame_new("T5", NULL, "a1,a2", 1, 0, &err),
	      "two vacancies refused");
	CHECK(!peg_trigame_new("T5", "0111", NULL, 1, 0, &err),
	      "short position refused");
	CHECK(!peg_trigame_new("nosuchboard", NULL, NULL, 1, 0, &err),
	      "bad board refused");
}

int main(void)
{
	test_game();
	test_rules();
	test_recurrence();
	test_triangles();
	test_graphs();
	return check_done();
}
