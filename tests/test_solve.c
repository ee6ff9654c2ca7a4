/* test_solve.c - the solver: cheap proofs, DFS on the 64- and 128-bit
 * paths, verified solutions, limits.  Numbers from the seeds as cited. */
#include "check.h"

#include "pegsol/board.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"
#include "pegsol/solve.h"

#include <stdlib.h>
#include <string.h>

static struct peg_board *board(const char *spec)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(spec, &err);

	CHECK(b != NULL, "board '%s'", spec);
	return b;
}

/* Solve `vacate` -> `finish` (NULL: complement; "*": anywhere) and return
 * the status; a found solution is replayed again here. */
static int solve(const char *spec, const char *vacate, const char *finish,
		 struct peg_solve_result *res, uint64_t max_nodes)
{
	struct peg_err err = {{0}};
	struct peg_board *b = board(spec);
	unsigned char *start, *goal, *pegs;
	struct peg_problem p;
	struct peg_solve_opts o = {0};
	int rc;

	if (!b)
		return -1;
	start = malloc((size_t)b->n_holes);
	goal = calloc((size_t)b->n_holes, 1);
	pegs = malloc((size_t)b->n_holes);
	memset(start, 1, (size_t)b->n_holes);
	{
		unsigned char *v = calloc((size_t)b->n_holes, 1);

		CHECK(peg_board_parse_holes(b, vacate, v, &err) > 0,
		      "holes '%s'", vacate);
		for (int i = 0; i < b->n_holes; i++)
			if (v[i])
				start[i] = 0;
		free(v);
	}
	p.start = start;
	p.goal = PEG_GOAL_POSITION;
	p.finish = goal;
	if (!finish)
		for (int i = 0; i < b->n_holes; i++)
			goal[i] = !start[i];
	else if (!strcmp(finish, "*"))
		p.goal = PEG_GOAL_ANYWHERE;
	else
		CHECK(peg_board_parse_holes(b, finish, goal, &err) > 0,
		      "holes '%s'", finish);
	o.max_nodes = max_nodes;
	rc = peg_solve(b, &p, &o, res, &err);
	if (rc == PEG_SOLVE_FOUND) {
		memcpy(pegs, start, (size_t)b->n_holes);
		CHECK(peg_jumps_replay(b, res->jumps, res->n_jumps, pegs,
				       &err) == 0,
		      "%s %s: solution replays", spec, vacate);
		if (p.goal == PEG_GOAL_POSITION)
			CHECK(!memcmp(pegs, goal, (size_t)b->n_holes),
			      "%s %s: ends at the goal", spec, vacate);
		else
			CHECK_INT(peg_pos_count(pegs, b->n_holes), 1,
				  "one peg left");
	}
	free(start);
	free(goal);
	free(pegs);
	peg_board_free(b);
	return rc;
}

static void expect(const char *spec, const char *vacate, const char *finish,
		   int want, enum peg_solve_reason why, int jumps)
{
	struct peg_solve_result res;
	int rc = solve(spec, vacate, finish, &res, 0);
	char what[128];

	snprintf(what, sizeof(what), "%s vacate %s finish %s", spec, vacate,
		 finish ? finish : "complement");
	CHECK_INT(rc, want, what);
	if (rc == PEG_SOLVE_FOUND && jumps >= 0)
		CHECK_INT(res.n_jumps, jumps, what);
	if (rc == PEG_SOLVE_NONE)
		CHECK_INT(res.reason, why, what);
	peg_solve_result_release(&res);
}

int main(void)
{
	/* seed 001 section 3: on T4 the only solvable SVSS problem is
	 * vacate (0,1)=a2 finish (1,1)=b2; T4 is not null-class, so no
	 * complement problem is solvable (position class). */
	expect("T4", "a2", "b2", PEG_SOLVE_FOUND, PEG_REASON_NONE, 8);
	expect("T4", "a1", NULL, PEG_SOLVE_NONE, PEG_REASON_CLASS, 0);
	expect("T4", "a2", NULL, PEG_SOLVE_NONE, PEG_REASON_CLASS, 0);
	/* seed 001 section 6, Table 5: on T5 the complements of (0,3)=a4,
	 * (0,0)=a1, (2,4)=c5 are solvable, of (1,2)=b3 not (search). */
	expect("T5", "a1", NULL, PEG_SOLVE_FOUND, PEG_REASON_NONE, 13);
	expect("T5", "a4", NULL, PEG_SOLVE_FOUND, PEG_REASON_NONE, 13);
	expect("T5", "c5", NULL, PEG_SOLVE_FOUND, PEG_REASON_NONE, 13);
	expect("T5", "b3", NULL, PEG_SOLVE_NONE, PEG_REASON_SEARCH, 0);
	/* seed 001 section 3: T5 is null-class; one peg anywhere from b3 */
	expect("T5", "b3", "*", PEG_SOLVE_FOUND, PEG_REASON_NONE, 13);
	/* peg count: the goal has more pegs than the start */
	expect("T5", "a1", "a1,a2,a3,a4,a5,b2,b3,b4,b5,c3,c4,c5,d4,d5,e5",
	       PEG_SOLVE_NONE, PEG_REASON_PEGS, 0);
	/* seed 001 section 3: the 12-hole truncated triangle solves every
	 * SVSS problem */
	expect("trunc-triangle:5", "b3", "*", PEG_SOLVE_FOUND, PEG_REASON_NONE,
	       10);
	/* seed 001 section 3: the central game (d4 complement), English */
	expect("english", "d4", NULL, PEG_SOLVE_FOUND, PEG_REASON_NONE, 31);
	/* double vacancy: vacate two, finish in those two */
	expect("T6", "a1,b2", NULL, PEG_SOLVE_FOUND, PEG_REASON_NONE, 17);
	/* position class helper: on T4 the full board minus a2 is in the
	 * class of one peg at b2 (the solvable pair above), not of one peg
	 * at a2 (T4 is not null-class, seed 001 section 3) */
	{
		struct peg_board *b = board("T4");
		unsigned char p[10], q[10] = {0}, r[10] = {0};

		memset(p, 1, sizeof(p));
		p[1] = 0; /* full minus a2 */
		q[2] = 1; /* b2 */
		r[1] = 1; /* a2 */
		CHECK_INT(peg_solve_same_class(b, p, q), 1, "T4 -a2 ~ b2");
		CHECK_INT(peg_solve_same_class(b, p, r), 0, "T4 -a2 !~ a2");
		peg_board_free(b);
	}
	/* node limit: the T5 b3 complement needs 848 nodes (exhaustive) */
	{
		struct peg_solve_result res;

		CHECK_INT(solve("T5", "b3", NULL, &res, 100), PEG_SOLVE_LIMIT,
			  "node limit");
		peg_solve_result_release(&res);
	}
	/* 128-bit path: T11 has 66 holes; vacate the T5 block below a1 so
	 * only a small corner game is played, then one peg anywhere */
	{
		struct peg_err err;
		struct peg_board *b = board("T11");
		unsigned char *st = calloc(66, 1);
		struct peg_problem p = {st, PEG_GOAL_ANYWHERE, NULL};
		struct peg_solve_result res;

		/* rows 2..5 full, a1 empty: the T5 a1 game in a corner */
		for (int i = 1; i < 15; i++)
			st[i] = 1;
		CHECK_INT(b->n_holes, 66, "T11 holes");
		CHECK_INT(peg_solve(b, &p, NULL, &res, &err), PEG_SOLVE_FOUND,
			  "T11 corner game (128-bit path)");
		CHECK_INT(res.n_jumps, 13, "T11 corner game jumps");
		peg_solve_result_release(&res);
		free(st);
		peg_board_free(b);
	}
	return check_done();
}
