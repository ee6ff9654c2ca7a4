/* test_heuristic.c - the heuristic search for short solutions and the
 * records table (heuristic.h) against seed 000 Table 4 and eq. (2). */
#include "check.h"
#include "testboard.h"

#include "pegsol/heuristic.h"
#include "pegsol/pos.h"
#include "pegsol/shortest.h"
#include "pegsol/solution.h"
#include "pegsol/theory.h"

#include <stdlib.h>
#include <string.h>

/* The solution replays from the start, ends with one peg (at finish when
 * finish >= 0) and has res->moves moves. */
static void check_result(const struct peg_board *b, const unsigned char *start,
			 int finish, const struct peg_heur_result *res,
			 const char *what)
{
	unsigned char pegs[256];
	struct peg_err err;

	CHECK(res->found, "%s: a solution", what);
	if (!res->found)
		return;
	if (start) {
		memcpy(pegs, start, (size_t)b->n_holes);
	} else {
		memset(pegs, 1, (size_t)b->n_holes);
		pegs[res->start] = 0;
	}
	CHECK(!peg_jumps_replay(b, res->jumps, res->n_jumps, pegs, &err),
	      "%s: the solution replays", what);
	CHECK(peg_pos_count(pegs, b->n_holes) == 1 && pegs[res->finish],
	      "%s: one peg left, at the reported finish", what);
	if (finish >= 0)
		CHECK_INT(res->finish, finish, what);
	CHECK_INT(peg_jumps_count_moves(res->jumps, res->n_jumps), res->moves,
		  what);
}

static int run_w(const struct peg_board *b, const unsigned char *start,
		 int finish, uint64_t nodes, uint64_t seed, int threads,
		 int width, struct peg_heur_result *res)
{
	struct peg_heur_opts o = {0};
	struct peg_err err;
	int rc;

	o.width = width;
	o.max_nodes = nodes;
	o.seed = seed;
	o.threads = threads;
	rc = peg_heuristic(b, start, finish, &o, res, &err);
	CHECK(rc == PEG_HEUR_OK, "peg_heuristic on %s: %s", b->spec,
	      rc == PEG_HEUR_OK ? "" : err.msg);
	return rc;
}

static int run(const struct peg_board *b, const unsigned char *start,
	       int finish, uint64_t nodes, uint64_t seed, int threads,
	       struct peg_heur_result *res)
{
	return run_w(b, start, finish, nodes, seed, threads, 0, res);
}

/* seed 000 Table 4: S(5..8) = 9, 9, 12, 13, found over every start */
static void test_small_minima(void)
{
	static const struct {
		const char *spec;
		int s;
	} t[] = {{"T5", 9}, {"T6", 9}, {"T7", 12}, {"T8", 13}};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct peg_board *b = board(t[i].spec);
		struct peg_heur_result res;

		if (!b)
			continue;
		if (!run(b, NULL, -1, 2000000, 1, 1, &res)) {
			check_result(b, NULL, -1, &res, t[i].spec);
			CHECK_INT(res.moves, t[i].s, t[i].spec);
			CHECK(res.lower_bound <= res.moves,
			      "%s: lower bound below the moves", t[i].spec);
		}
		peg_heur_result_release(&res);
		peg_board_free(b);
	}
}

/* A given finish (seed 000 App. B.2: vacate c5 on T5 in 9 moves, the c5
 * complement), a given position, a class mismatch, a budget too small. */
static void test_problems(void)
{
	struct peg_board *b = board("T5");
	struct peg_heur_result res;
	struct peg_heur_opts o = {0};
	struct peg_err err;
	unsigned char start[15];
	int c5 = hole(b, "c5"), a1 = hole(b, "a1"), bad = -1;

	memset(start, 1, sizeof(start));
	start[c5] = 0;
	if (!run(b, start, c5, 1000000, 3, 1, &res)) {
		check_result(b, start, c5, &res, "T5 c5 complement");
		CHECK_INT(res.moves, 9, "T5 c5 complement, 9 moves");
		CHECK_INT(res.start, c5, "the vacancy is reported");
	}
	peg_heur_result_release(&res);
	/* a finish in another position class than the start */
	for (int f = 0; f < b->n_holes && bad < 0; f++) {
		enum peg_feas why;

		if (peg_theory_svss(b, a1, f, &why, &err) == 0 &&
		    why == PEG_FEAS_MISMATCH)
			bad = f;
	}
	CHECK(bad >= 0, "T5 has a finish the a1 vacancy cannot reach");
	memset(start, 1, sizeof(start));
	start[a1] = 0;
	o.max_nodes = 1000;
	CHECK(peg_heuristic(b, start, bad, &o, &res, &err) == PEG_HEUR_BAD,
	      "class mismatch is bad input");
	CHECK(strstr(err.msg, "class") != NULL, "message names the class: %s",
	      err.msg);
	o.max_nodes = 0;
	CHECK(peg_heuristic(b, start, -1, &o, &res, &err) == PEG_HEUR_BAD,
	      "no budget is bad input");
	/* 10 nodes: no solution, but no error */
	if (!run(b, start, -1, 10, 1, 1, &res))
		CHECK(!res.found, "no solution in 10 nodes");
	peg_heur_result_release(&res);
	peg_board_free(b);
}

/* The answer depends on the seed and the node budget, not on the threads
 * nor on the code width (PEGSOL_HEUR_WORDS runs the 2- and 3-word engines
 * on a small board). */
static void test_determinism(void)
{
	struct peg_board *b = board("T11");
	struct peg_board *s = board("T8");
	struct peg_heur_result r1, r2;
	char *t1 = NULL, *t2 = NULL;

	if (!run(b, NULL, -1, 1500000, 7, 1, &r1) &&
	    !run(b, NULL, -1, 1500000, 7, 2, &r2)) {
		check_result(b, NULL, -1, &r1, "T11, 1 thread");
		check_result(b, NULL, -1, &r2, "T11, 2 threads");
		t1 = peg_jumps_format(b, r1.jumps, r1.n_jumps);
		t2 = peg_jumps_format(b, r2.jumps, r2.n_jumps);
		CHECK(t1 && t2 && !strcmp(t1, t2),
		      "T11: the same solution with 1 and 2 threads");
		CHECK(r1.moves <= 28, "T11: at most Bell's 28 moves (%d)",
		      r1.moves);
		CHECK_INT(r1.nodes, r2.nodes, "T11: the same node count");
	}
	free(t1);
	free(t2);
	t1 = t2 = NULL;
	peg_heur_result_release(&r1);
	peg_heur_result_release(&r2);
	for (int w = 2; w <= 3; w++) {
		char words[2] = {(char)('0' + w), 0};

		if (run(s, NULL, -1, 300000, 5, 1, &r1))
			break;
		setenv("PEGSOL_HEUR_WORDS", words, 1);
		if (!run(s, NULL, -1, 300000, 5, 1, &r2)) {
			t1 = peg_jumps_format(s, r1.jumps, r1.n_jumps);
			t2 = peg_jumps_format(s, r2.jumps, r2.n_jumps);
			CHECK(t1 && t2 && !strcmp(t1, t2),
			      "T8: one word and %d words agree", w);
			CHECK_INT(r1.nodes, r2.nodes, "T8: node counts agree");
		}
		unsetenv("PEGSOL_HEUR_WORDS");
		free(t1);
		free(t2);
		t1 = t2 = NULL;
		peg_heur_result_release(&r1);
		peg_heur_result_release(&r2);
	}
	peg_board_free(b);
	peg_board_free(s);
}

/* Past 128 holes: Triangle(16), 136 holes, three words. */
static void test_wide(void)
{
	struct peg_board *b = board("T16");
	struct peg_heur_result res;
	unsigned char start[136];

	memset(start, 1, sizeof(start));
	start[hole(b, "a2")] = 0;
	if (!run_w(b, start, -1, 6000000, 1, 1, 512, &res))
		check_result(b, start, -1, &res, "T16 from a2");
	peg_heur_result_release(&res);
	peg_board_free(b);
}

/* The Merson bound on wide codes equals shortest.c's on every single
 * vacancy of T5..T10; seed 000 section 4.1: 8 = r - 1 on T6 from a2. */
static void test_bound(void)
{
	for (int n = 5; n <= 10; n++) {
		char spec[16];
		struct peg_board *b;
		unsigned char pegs[64];

		snprintf(spec, sizeof(spec), "T%d", n);
		b = board(spec);
		if (!b)
			continue;
		for (int h = 0; h < b->n_holes; h++) {
			uint64_t code = ((1ULL << b->n_holes) - 1) ^ (1ULL << h);

			memset(pegs, 1, (size_t)b->n_holes);
			pegs[h] = 0;
			CHECK_INT(peg_heur_merson_bound(b, pegs),
				  peg_shortest_bound(b, code, -1), spec);
			if (n == 6 && h == hole(b, "a2"))
				CHECK_INT(peg_heur_merson_bound(b, pegs), 8,
					  "T6 a2: r - 1 = 8 (seed 000 4.1)");
		}
		peg_board_free(b);
	}
}

/* seed 000 eq. (2) and Table 4's column: 5 6 8 10 12 13 17 18 20 */
static void test_seed_bound(void)
{
	static const int want[] = {5, 6, 8, 10, 12, 13, 17, 18, 20};

	for (int n = 4; n <= 12; n++)
		CHECK_INT(peg_heur_seed_bound(n), want[n - 4], "eq. (2)");
}

/* Every record replays: legal, one peg at its finish, its move count;
 * lower bounds as eq. (2); proved ones meet their bound; T4..T16. */
static void test_records(void)
{
	int n, seen[32] = {0};
	const struct peg_record *r = peg_records(&n);

	CHECK(n >= 13, "at least T4..T16 (%d records)", n);
	for (int i = 0; i < n; i++) {
		struct peg_err err;
		struct peg_board *b = peg_board_parse(r[i].board, &err);
		struct peg_moves mv = {0};
		struct peg_jump *j = NULL;
		unsigned char pegs[256];
		int nj = 0, side, v, f;

		CHECK(b != NULL, "record board %s", r[i].board);
		if (!b)
			continue;
		side = peg_theory_triangle_side(b);
		if (side > 0 && side < 32)
			seen[side] = 1;
		v = peg_board_parse_hole(b, r[i].vacate, &err);
		f = peg_board_parse_hole(b, r[i].finish, &err);
		CHECK(v >= 0 && f >= 0, "%s: vacate and finish", r[i].board);
		if (v < 0 || f < 0) {
			peg_board_free(b);
			continue;
		}
		memset(pegs, 1, (size_t)b->n_holes);
		pegs[v] = 0;
		CHECK(!peg_moves_parse(b, r[i].solution, &mv, &err) &&
			      !peg_moves_replay(b, &mv, pegs, &j, &nj, &err),
		      "%s: the record replays (%s)", r[i].board, err.msg);
		CHECK(peg_pos_count(pegs, b->n_holes) == 1 && pegs[f],
		      "%s: one peg at %s", r[i].board, r[i].finish);
		CHECK_INT(peg_jumps_count_moves(j, nj), r[i].moves,
			  r[i].board);
		if (side >= 4)
			CHECK_INT(r[i].lower_bound, peg_heur_seed_bound(side),
				  r[i].board);
		CHECK(r[i].known_lower >= r[i].lower_bound &&
			      r[i].known_lower <= r[i].moves,
		      "%s: bounds in order", r[i].board);
		CHECK(!r[i].proved || r[i].known_lower == r[i].moves,
		      "%s: a proved minimum meets its lower bound",
		      r[i].board);
		CHECK(r[i].how && r[i].how[0], "%s: how it was found",
		      r[i].board);
		free(j);
		peg_moves_free(&mv);
		peg_board_free(b);
	}
	for (int s = 4; s <= 16; s++)
		CHECK(seen[s], "a record on Triangle(%d)", s);
}

int main(void)
{
	test_seed_bound();
	test_bound();
	test_records();
	test_small_minima();
	test_problems();
	test_determinism();
	test_wide();
	return check_done();
}
