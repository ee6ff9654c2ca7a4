/* test_trigame_shared.c - the two calls the web API's three-colour game
 * needs from trigame.h (issue 20, "Three colours"): peg_trigame_new_with
 * (a caller's retrograde table, built once for every request on a board)
 * answers as a game with its own table, and peg_trigame_history gives the
 * played jumps and the redo tail the game id is written from.  Rules:
 * seed 004 (tricolor.h). */
#include "check.h"

#include "pegsol/tricolor.h"
#include "pegsol/trigame.h"

#include <stdlib.h>

/* T5, a1 a2 b2 e5 colour 2, c3 colour 1 (the position of
 * tests/e2e/tricolor.mjs and tests/cli/serve_api.sh part 9). */
#define POS "222001000000002"

int main(void)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse("triangle:5", &err);
	struct peg_tri_table *t = b ? peg_tri_table_new(b, 0, 1, &err) : NULL;
	struct peg_trigame *own, *shared;
	const int *h;
	int *sol = NULL, n = 0, n_hist = -1, a1, a3, same = 1;

	CHECK(t != NULL, "T5 table: %s", t ? "" : err.msg);
	if (!t)
		return check_done();
	own = peg_trigame_new("triangle:5", POS, NULL, 0, 0, &err);
	shared = peg_trigame_new_with("triangle:5", POS, NULL, 0, 0, t, &err);
	CHECK(own && shared, "both games: %s", err.msg);
	if (!own || !shared)
		return check_done();
	CHECK(peg_trigame_has_table(shared), "the caller's table is used");
	/* every legal jump's verdict, and the position's, agree */
	for (int k = 0; k < b->n_jumps; k++)
		same &= peg_trigame_jump_verdict(own, k) ==
			peg_trigame_jump_verdict(shared, k);
	CHECK(same, "jump verdicts equal with the caller's table");
	CHECK(peg_trigame_verdict(shared, NULL) == PEG_TRIGAME_WIN &&
		      peg_trigame_verdict(own, NULL) == PEG_TRIGAME_WIN,
	      "the start wins (seed 004: checked by pegsol tricolor solve)");
	a1 = peg_board_parse_hole(b, "a1", &err);
	a3 = peg_board_parse_hole(b, "a3", &err);
	/* the same-colour jump a1-a3: a2 (colour 2) turns to 1 and stays */
	CHECK(peg_trigame_play(shared, a1, a3, &err) == 0, "a1-a3");
	CHECK_INT(peg_trigame_colors(shared)[1], 1, "a2 changed colour");
	CHECK_INT(peg_trigame_pegs(shared), 5, "and stayed");
	h = peg_trigame_history(shared, &n_hist);
	CHECK(n_hist == 1 && b->jumps[h[0]].from == a1 &&
		      b->jumps[h[0]].to == a3,
	      "the history holds a1-a3");
	CHECK(peg_trigame_solve(shared, &sol, &n) == PEG_TRIGAME_WIN && n > 0,
	      "solve with the caller's table");
	h = peg_trigame_history(shared, &n_hist);
	CHECK(n_hist == 1 + n && peg_trigame_jumps(shared) == 1 &&
		      peg_trigame_can_redo(shared),
	      "the solution is the redo tail: %d of %d", n_hist, 1 + n);
	for (int i = 0; i < n && n_hist == 1 + n; i++)
		CHECK_INT(h[1 + i], sol[i], "the tail is the solution");
	while (peg_trigame_redo(shared) == 0)
		;
	CHECK(peg_trigame_won(shared), "redoing the tail wins");
	free(sol);
	peg_trigame_free(own);
	peg_trigame_free(shared); /* the table stays the caller's */
	CHECK(peg_tri_table_solvable(t, (const unsigned char *)"\2\2\2\0\0\1"
					 "\0\0\0\0\0\0\0\0\2"),
	      "the table outlives the game");
	peg_tri_table_free(t);
	peg_board_free(b);
	return check_done();
}
