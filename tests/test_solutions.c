/* test_solutions.c - the solutions engine (solutions.h) against the seeds:
 * the Triangle(5) a1-complement's 6,816 solutions and "essentially two"
 * (seed 000 section 2.3, seed 003 "The Triangle(5) Board"), the 14
 * solutions of Triangle(4) vacate a2 finish b2 (seed 003 "The Triangle(4)
 * Board"), Star(2)'s seven-move solutions (seed 003 "Stellar Boards") and
 * the longest sweep in a minimal solution (seed 003 "Solution Catalogs").
 * The moves, boards and unordered counts of T5 were checked against an
 * independent brute force when the engine was written. */
#include "testboard.h"

#include "pegsol/solution.h"
#include "pegsol/solutions.h"

#include <stdlib.h>

/* Solutions of "vacate v, finish f" (f NULL: the complement). */
static int run(const struct peg_board *b, const char *v, const char *f,
	       struct peg_solutions_opts *o, struct peg_solutions_result *r)
{
	unsigned char start[64], fin[64] = {0};
	struct peg_problem p = {start, PEG_GOAL_POSITION, fin};
	struct peg_err err;
	int rc;

	for (int i = 0; i < b->n_holes; i++)
		start[i] = 1;
	start[hole(b, v)] = 0;
	fin[hole(b, f ? f : v)] = 1;
	rc = peg_solutions(b, &p, o, r, &err);
	CHECK(rc == PEG_SOLUTIONS_OK, "solutions %s %s: %s", v,
	      f ? f : "complement", rc ? err.msg : "");
	return rc;
}

static void t5(void)
{
	struct peg_board *b = board("T5");
	static const char *want[] = {"6816", "6592", "2924", "8"};
	struct peg_solutions_opts o = {0};
	struct peg_solutions_result r;
	uint64_t seq = 0, unord = 0;

	for (int d = 0; d < 4; d++) {
		o.distinct = (enum peg_distinct)d;
		if (run(b, "a1", NULL, &o, &r))
			continue;
		CHECK_STR(r.count, want[d], peg_distinct_name(o.distinct));
		CHECK_STR(r.sequences, "6816", "T5 a1 sequences (seed 000)");
		peg_solutions_result_release(&r);
	}
	/* the move-bounded walk agrees with the count engine: no solution
	 * of 13 jumps has more than 13 moves; the fewest are 10 (seed 003
	 * catalog: Triangle(5) 9-11 moves) */
	o.distinct = PEG_DISTINCT_JUMPS;
	for (int m = 9; m <= 13; m += 4) {
		o.max_moves = m;
		if (run(b, "a1", NULL, &o, &r))
			continue;
		CHECK_STR(r.sequences, m == 13 ? "6816" : "0", "move bound");
		peg_solutions_result_release(&r);
	}
	o.max_moves = 0;
	o.classify = 1;
	o.limit = 3;
	if (run(b, "a1", NULL, &o, &r))
		goto out;
	CHECK_INT(r.n_syms, 2, "T5 a1 problem symmetries");
	CHECK_INT(r.n_classes, 4, "classes up to symmetry and reordering");
	CHECK_INT(r.n_line_classes, 2, "line classes: essentially two");
	CHECK_INT(r.n_list, 3, "listed");
	for (int i = 0; i < r.n_classes; i++) {
		seq += r.classes[i].sequences;
		unord += r.classes[i].unordered;
		CHECK_INT(r.classes[i].rep.n_jumps, 13, "representative jumps");
	}
	CHECK_INT(seq, 6816, "class sizes add up");
	CHECK_INT(unord, 8, "multisets add up");
	/* listed solutions replay (the library did; do it again) */
	for (uint64_t i = 0; i < r.n_list; i++) {
		unsigned char pegs[15];
		struct peg_err err;

		for (int h = 0; h < 15; h++)
			pegs[h] = h != 0;
		CHECK(!peg_jumps_replay(b, r.list[i].jumps, r.list[i].n_jumps,
					pegs, &err) &&
			      peg_pos_count(pegs, 15) == 1 && pegs[0],
		      "listed solution %d replays", (int)i);
	}
	peg_solutions_result_release(&r);
out:
	peg_board_free(b);
}

static void small(void)
{
	struct peg_board *b = board("T4"), *s = board("star:2");
	struct peg_solutions_opts o = {0};
	struct peg_solutions_result r;
	struct peg_err err;
	int len = -2;

	if (!run(b, "a2", "b2", &o, &r)) {
		CHECK_STR(r.count, "14", "T4 a2 -> b2 (seed 003)");
		peg_solutions_result_release(&r);
	}
	/* Star(2): 7 moves is the minimum (seed 003), 56 sequences in 7 */
	o.max_moves = 6;
	if (!run(s, "b1", NULL, &o, &r)) {
		CHECK_STR(r.sequences, "0", "Star(2) b1 in 6 moves");
		peg_solutions_result_release(&r);
	}
	o.max_moves = 7;
	o.distinct = PEG_DISTINCT_MOVES;
	if (!run(s, "b1", NULL, &o, &r)) {
		CHECK_STR(r.sequences, "56", "Star(2) b1 in 7 moves");
		CHECK_STR(r.count, "28", "Star(2) b1 7-move move sequences");
		peg_solutions_result_release(&r);
	}
	/* Star(2) b2 complement: a 5-sweep in a 7-move solution (seed 003
	 * catalog: longest sweep of a minimal solution 5) */
	CHECK_INT(peg_solutions_sweep(s, ((1ULL << 13) - 1) &
					       ~(1ULL << hole(s, "b2")),
				      hole(s, "b2"), 7, 0, &len, &err),
		  0, "sweep call");
	CHECK_INT(len, 5, "Star(2) b2 complement longest minimal sweep");
	CHECK(peg_distinct_parse("lines", &o.distinct) == -1, "bad name");
	peg_board_free(b);
	peg_board_free(s);
}

int main(void)
{
	t5();
	small();
	return check_done();
}
