/* test_puzzle.c - generated puzzles are solvable (replayed, and the oracle
 * agrees), reproducible from their seed, and graded in order. */
#include "check.h"

#include "pegsol/oracle.h"
#include "pegsol/pos.h"
#include "pegsol/puzzle.h"
#include "pegsol/solution.h"

#include <stdlib.h>

static void one(const char *spec, int pegs, unsigned long long seed)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(spec, &err);
	struct peg_puzzle_opts o = {0};
	struct peg_puzzle p1, p2, easy, hard;
	unsigned char q[64];

	o.seed = seed;
	o.pegs = pegs;
	o.finish = -1;
	o.tries = 8;
	CHECK(!peg_puzzle_generate(b, &o, &p1, &err), "%s: %s", spec, err.msg);
	CHECK(!peg_puzzle_generate(b, &o, &p2, &err), "%s: %s", spec, err.msg);
	CHECK(p1.start && p2.start && !memcmp(p1.start, p2.start,
					      (size_t)b->n_holes) &&
		      p1.finish == p2.finish,
	      "%s seed %llu: the same seed gives the same puzzle", spec, seed);
	CHECK_INT(peg_pos_count(p1.start, b->n_holes), pegs, "puzzle pegs");
	memcpy(q, p1.start, (size_t)b->n_holes);
	CHECK(!peg_jumps_replay(b, p1.solution, p1.n_solution, q, &err) &&
		      peg_pos_count(q, b->n_holes) == 1 && q[p1.finish],
	      "%s: the solution replays to one peg at the finish", spec);
	{
		struct peg_goal g = {PEG_GOAL_HOLE, p1.finish};
		struct peg_oracle *or = peg_oracle_new(b, &g, 0, &err);

		CHECK(peg_oracle_solvable(or, p1.start, 0) == PEG_WIN,
		      "%s: the oracle agrees the puzzle is solvable", spec);
		peg_oracle_free(or);
	}
	o.level = PEG_PUZZLE_EASY;
	CHECK(!peg_puzzle_generate(b, &o, &easy, &err), "easy: %s", err.msg);
	o.level = PEG_PUZZLE_HARD;
	CHECK(!peg_puzzle_generate(b, &o, &hard, &err), "hard: %s", err.msg);
	CHECK(easy.score <= hard.score, "%s: easy %.3f <= hard %.3f", spec,
	      easy.score, hard.score);
	CHECK(hard.score >= 0 && hard.score <= 1, "score in [0,1]");
	peg_puzzle_release(&p1);
	peg_puzzle_release(&p2);
	peg_puzzle_release(&easy);
	peg_puzzle_release(&hard);
	peg_board_free(b);
}

int main(void)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse("triangle:5", &err);
	struct peg_puzzle_opts o = {0};
	struct peg_puzzle p;

	one("triangle:5", 8, 1);
	one("triangle:5", 12, 42);
	one("triangle:6", 12, 7);
	one("english", 12, 2026);
	one("trunc-triangle:6", 10, 99);
	/* bad options come back as errors */
	o.pegs = 15;
	o.finish = -1;
	CHECK(peg_puzzle_generate(b, &o, &p, &err) == -1,
	      "15 pegs on T5 is refused");
	o.pegs = 5;
	o.finish = 20;
	CHECK(peg_puzzle_generate(b, &o, &p, &err) == -1,
	      "a finish off the board is refused");
	CHECK_INT(peg_puzzle_level_parse("hard"), PEG_PUZZLE_HARD, "parse");
	CHECK_INT(peg_puzzle_level_parse("x"), -1, "parse bad");
	peg_board_free(b);
	return check_done();
}
