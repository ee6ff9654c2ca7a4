/* test_oracle.c - the never-lose oracle against facts from the seeds. */
#include "check.h"

#include "pegsol/oracle.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <stdlib.h>

/* Verdict of the position reached from BOARD minus VACATE after MOVES. */
static int verdict_after(const char *spec, const char *vacate,
			 const char *goal, const char *moves, long budget)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(spec, &err);
	unsigned char pegs[64];
	struct peg_goal g;
	struct peg_moves mv;
	struct peg_jump *jumps = NULL;
	struct peg_oracle *o;
	int nj, v = -1;

	if (!b)
		return -2;
	memset(pegs, 1, sizeof(pegs));
	pegs[peg_board_parse_hole(b, vacate, &err)] = 0;
	if (peg_goal_parse(b, goal, pegs, &g, &err))
		goto out;
	if (moves && *moves) {
		if (peg_moves_parse(b, moves, &mv, &err))
			goto out;
		if (peg_moves_replay(b, &mv, pegs, &jumps, &nj, &err)) {
			peg_moves_free(&mv);
			goto out;
		}
		peg_moves_free(&mv);
		free(jumps);
	}
	o = peg_oracle_new(b, &g, 0, &err);
	if (o)
		v = peg_oracle_solvable(o, pegs, budget);
	peg_oracle_free(o);
out:
	peg_board_free(b);
	return v;
}

static void test_solve(const char *spec, const char *vacate, const char *goal)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(spec, &err);
	unsigned char pegs[64];
	struct peg_goal g;
	struct peg_oracle *o;
	struct peg_jump *jumps;
	int n = 0, v;

	memset(pegs, 1, sizeof(pegs));
	pegs[peg_board_parse_hole(b, vacate, &err)] = 0;
	CHECK(!peg_goal_parse(b, goal, pegs, &g, &err), "goal %s", goal);
	o = peg_oracle_new(b, &g, 0, &err);
	v = peg_oracle_solve(o, pegs, 0, &jumps, &n);
	CHECK_INT(v, PEG_WIN, "solve verdict");
	CHECK_INT(n, b->n_holes - 2, "solution length");
	CHECK(!peg_jumps_replay(b, jumps, n, pegs, &err), "replay: %s",
	      err.msg);
	CHECK(peg_goal_reached(&g, pegs, b->n_holes), "goal reached %s %s",
	      spec, goal);
	free(jumps);
	peg_oracle_free(o);
	peg_board_free(b);
}

int main(void)
{
	struct peg_err err;
	struct peg_board *b;
	struct peg_goal g;
	char buf[32];

	/* T5 complement problems: a1, a4, c5 solvable, b3 not (seed 001
	 * section 6, Table 5 first row; Bell's (0,0), (0,3), (2,4), (1,2)) */
	CHECK_INT(verdict_after("T5", "a1", "complement", "", 0), PEG_WIN,
		  "T5 a1 complement");
	CHECK_INT(verdict_after("T5", "a4", "complement", "", 0), PEG_WIN,
		  "T5 a4 complement");
	CHECK_INT(verdict_after("T5", "c5", "complement", "", 0), PEG_WIN,
		  "T5 c5 complement");
	CHECK_INT(verdict_after("T5", "b3", "complement", "", 0), PEG_LOSE,
		  "T5 b3 complement");
	CHECK_INT(verdict_after("T5", "b3", "anywhere", "", 0), PEG_WIN,
		  "T5 b3 anywhere");
	/* seed 001 section 7.1: from (0,1) vacant, jumping the peg at (2,3)
	 * gives a dead board position after one jump */
	CHECK_INT(verdict_after("T5", "a2", "anywhere", "c4-a2", 0), PEG_LOSE,
		  "T5 a2 then c4-a2 is dead");
	CHECK_INT(verdict_after("T5", "a2", "anywhere", "a4-a2", 0), PEG_WIN,
		  "T5 a2 then a4-a2 is alive");
	/* seed 001 section 5: T4 is not null-class, no complement problem */
	CHECK_INT(verdict_after("T4", "a1", "complement", "", 0), PEG_LOSE,
		  "T4 a1 complement");
	CHECK_INT(verdict_after("T4", "b3", "complement", "", 0), PEG_LOSE,
		  "T4 b3 complement");
	/* seed 001 Table 6: English first dead ends */
	CHECK_INT(verdict_after("english", "d4", "complement", "", 0), PEG_WIN,
		  "english central game");
	/* the dead ends themselves take seconds to prove (3.2 million
	 * positions for the d4 one): bench/oracle.sh measures them */
	/* a tiny budget on a hard question says unknown */
	CHECK_INT(verdict_after("english", "d4", "complement",
				"d2-d4, d5-d3, b4-d4, d3-d5", 50),
		  PEG_UNKNOWN, "budget gives unknown");

	test_solve("T5", "a1", "complement");
	test_solve("T6", "c3", "anywhere");
	test_solve("trunc-triangle:6", "b3", "anywhere");
	test_solve("english", "d4", "complement");

	/* classify: T5 a1 vacancy has two jumps, both winning */
	b = peg_board_parse("T5", &err);
	{
		unsigned char pegs[15];
		enum peg_verdict out[64];
		struct peg_oracle *o;
		int legal = 0, win = 0;

		memset(pegs, 1, 15);
		pegs[0] = 0;
		CHECK(!peg_goal_parse(b, "complement", pegs, &g, &err),
		      "complement");
		CHECK_STR(peg_goal_format(b, &g, buf, sizeof(buf)),
			  "complement", "goal format");
		o = peg_oracle_new(b, &g, 0, &err);
		CHECK_INT(peg_oracle_classify(o, pegs, 0, out), PEG_WIN,
			  "classify verdict");
		for (int k = 0; k < b->n_jumps; k++) {
			legal += out[k] != PEG_ILLEGAL;
			win += out[k] == PEG_WIN;
		}
		CHECK_INT(legal, 2, "legal jumps");
		CHECK_INT(win, 2, "winning jumps");
		peg_oracle_free(o);
		CHECK(peg_goal_parse(b, "complement", NULL, &g, &err) == -1,
		      "complement needs a start");
		CHECK(peg_goal_parse(b, "zz9", NULL, &g, &err) == -1,
		      "bad hole");
		CHECK(!peg_goal_parse(b, "c5", NULL, &g, &err) &&
			      g.kind == PEG_GOAL_HOLE,
		      "hole goal");
	}
	peg_board_free(b);
	b = peg_board_parse("triangle:12", &err);
	g.kind = PEG_GOAL_ANYWHERE;
	g.hole = -1;
	CHECK(!peg_oracle_new(b, &g, 0, &err), "78 holes refused");
	peg_board_free(b);
	return check_done();
}
