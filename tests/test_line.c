/* test_line.c - "solve from here" (line.h): fewest moves on small boards,
 * the constructive solution on large triangles, the oracle elsewhere; every
 * line replays to the goal. */
#include "check.h"

#include "pegsol/line.h"
#include "pegsol/pos.h"
#include "pegsol/shortest.h"
#include "pegsol/solution.h"

#include <stdlib.h>

/* Replay l from pegs; 1 when it ends at the goal. */
static int replays(const struct peg_board *b, const unsigned char *pegs,
		   const struct peg_goal *g, const struct peg_line *l)
{
	unsigned char *p = malloc((size_t)b->n_holes);
	struct peg_err err;
	int ok;

	memcpy(p, pegs, (size_t)b->n_holes);
	ok = !peg_jumps_replay(b, l->jumps, l->n, p, &err) &&
	     peg_goal_reached(g, p, b->n_holes);
	free(p);
	return ok;
}

static struct peg_board *start(const char *spec, const char *vac,
			       const char *goal, unsigned char **pegs,
			       struct peg_goal *g)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(spec, &err);
	int h = peg_board_parse_hole(b, vac, &err);

	*pegs = malloc((size_t)b->n_holes);
	memset(*pegs, 1, (size_t)b->n_holes);
	(*pegs)[h] = 0;
	CHECK(!peg_goal_parse(b, goal, *pegs, g, &err), "goal %s: %s", goal,
	      err.msg);
	return b;
}

static void kind(const char *spec, const char *vac, const char *goal,
		 int with_oracle, enum peg_line_kind want, int want_jumps)
{
	unsigned char *pegs;
	struct peg_goal g;
	struct peg_board *b = start(spec, vac, goal, &pegs, &g);
	struct peg_oracle *o =
		with_oracle ? peg_oracle_new(b, &g, 1 << 16, NULL) : NULL;
	struct peg_line l;
	struct peg_err err;

	CHECK(!peg_line_find(b, pegs, &g, o, NULL, NULL, &l, &err), "%s: %s",
	      spec, err.msg);
	CHECK(l.verdict == PEG_WIN, "%s %s %s: verdict %d", spec, vac, goal,
	      l.verdict);
	CHECK_STR(peg_line_kind_name(l.kind), peg_line_kind_name(want),
		  "line kind");
	if (want_jumps)
		CHECK_INT(l.n, want_jumps, "jumps of the line");
	CHECK(replays(b, pegs, &g, &l), "%s %s: line replays to the goal",
	      spec, vac);
	CHECK_INT(l.moves, peg_jumps_count_moves(l.jumps, l.n), "moves");
	if (want == PEG_LINE_SHORTEST) {
		struct peg_shortest_result r;

		memset(&r, 0, sizeof(r));
		CHECK(!peg_shortest(b, peg_pos_to64(pegs, b->n_holes),
				    g.kind == PEG_GOAL_ANYWHERE ? -1 : g.hole,
				    NULL, &r, &err),
		      "shortest: %s", err.msg);
		CHECK_INT(l.moves, r.moves, "the line has the fewest moves");
		peg_shortest_result_release(&r);
	}
	peg_line_release(&l);
	peg_oracle_free(o);
	free(pegs);
	peg_board_free(b);
}

int main(void)
{
	unsigned char *pegs;
	struct peg_goal g;
	struct peg_board *b;
	struct peg_line l;
	struct peg_err err;
	struct peg_oracle *o;
	struct peg_line_opts few = {0};

	/* small boards: fewest moves */
	kind("triangle:5", "a1", "anywhere", 1, PEG_LINE_SHORTEST, 0);
	kind("triangle:6", "a1", "complement", 0, PEG_LINE_SHORTEST, 19);
	/* large triangles from a single vacancy: constructive (T(n) - 2
	 * jumps), with or without a finishing hole, no oracle needed */
	kind("triangle:8", "a1", "a1", 0, PEG_LINE_CONSTRUCTIVE, 34);
	kind("triangle:20", "a1", "anywhere", 0, PEG_LINE_CONSTRUCTIVE, 208);
	/* elsewhere the oracle: T6 after one jump, with fewest moves ruled
	 * out by the options */
	few.shortest_holes = 1;
	few.shortest_pegs = 1;
	b = start("triangle:6", "a1", "anywhere", &pegs, &g);
	pegs[0] = 1;
	pegs[1] = 0;
	pegs[3] = 0; /* a3-a1: a3 and a2 empty, a1 full */
	o = peg_oracle_new(b, &g, 0, &err);
	CHECK(!peg_line_find(b, pegs, &g, o, NULL, &few, &l, &err), "%s",
	      err.msg);
	CHECK(l.verdict == PEG_WIN && l.kind == PEG_LINE_ORACLE,
	      "T6 after a3-a1: oracle line, verdict %d kind %d", l.verdict,
	      l.kind);
	CHECK(replays(b, pegs, &g, &l), "T6 oracle line replays");
	peg_line_release(&l);
	CHECK(!peg_line_find(b, pegs, &g, NULL, NULL, &few, &l, &err), "%s",
	      err.msg);
	CHECK(l.verdict == PEG_UNKNOWN && l.n == 0 && l.note[0],
	      "no oracle: no line, with a note");
	peg_line_release(&l);
	peg_oracle_free(o);
	free(pegs);
	peg_board_free(b);
	/* a lost position: T5 a2 vacant, c4-a2 (seed 001 section 7.1) */
	b = start("triangle:5", "a2", "anywhere", &pegs, &g);
	{
		int c4 = peg_board_parse_hole(b, "c4", &err);
		int b3 = peg_board_parse_hole(b, "b3", &err);

		pegs[c4] = 0;
		pegs[b3] = 0;
		pegs[1] = 1;
	}
	CHECK(!peg_line_find(b, pegs, &g, NULL, NULL, NULL, &l, &err), "%s",
	      err.msg);
	CHECK(l.verdict == PEG_LOSE && l.n == 0, "c4-a2 loses: verdict %d",
	      l.verdict);
	peg_line_release(&l);
	/* a won position: no jumps */
	memset(pegs, 0, (size_t)b->n_holes);
	pegs[4] = 1;
	CHECK(!peg_line_find(b, pegs, &g, NULL, NULL, NULL, &l, &err), "%s",
	      err.msg);
	CHECK(l.verdict == PEG_WIN && l.n == 0, "one peg: won, no jumps");
	peg_line_release(&l);
	free(pegs);
	peg_board_free(b);
	return check_done();
}
