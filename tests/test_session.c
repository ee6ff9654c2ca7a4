/* test_session.c - the session layer: play, undo/redo, counters, game ids. */
#include "check.h"

#include "pegsol/session.h"
#include "pegsol/solution.h"

#include <stdlib.h>

/* A T5 a1-complement solution in 10 moves (13 jumps), found by the oracle
 * (pegsol's own; checked here by replay). */
static const char t5_solution[] =
	"a3-a1, c3-a3, a1-c3, a4-a2, d4-b2, b5-b3, d5-b5, a5-c5-c3, b2-d4, "
	"e5-c3-a3-a1";

int main(void)
{
	struct peg_err err;
	struct peg_session *s, *t;
	char *id, *id2;

	s = peg_session_create("T5", NULL, "a1", "complement", &err);
	CHECK(s != NULL, "create: %s", err.msg);
	CHECK_INT(peg_session_pegs(s), 14, "pegs at start");
	CHECK_INT(peg_session_n_legal(s), 2, "legal jumps at start");
	CHECK_INT(peg_session_undo(s), -1, "undo at start stops");
	CHECK_INT(peg_session_redo(s), -1, "redo with no future");
	/* a3-a1: a3 is hole 3, a1 hole 0 */
	CHECK_INT(peg_session_play_holes(s, 3, 0, &err), 0, "play a3-a1");
	CHECK_INT(peg_session_play_holes(s, 3, 0, &err), -1, "illegal again");
	CHECK(strstr(err.msg, "no legal jump") != NULL, "error text: %s",
	      err.msg);
	CHECK_INT(peg_session_jumps(s), 1, "jumps");
	CHECK_INT(peg_session_moves(s), 1, "moves");
	CHECK_INT(peg_session_undo(s), 0, "undo");
	CHECK_INT(peg_session_pegs(s), 14, "pegs after undo");
	CHECK_INT(peg_session_redo(s), 0, "redo");
	CHECK_INT(peg_session_pegs(s), 13, "pegs after redo");

	/* replay a solution file as the redo tail, then redo it all */
	peg_session_reset(s);
	CHECK_INT(peg_session_load_moves(s, t5_solution, &err), 0,
		  "load moves");
	while (!peg_session_redo(s))
		;
	CHECK_INT(peg_session_jumps(s), 13, "solution jumps");
	CHECK_INT(peg_session_moves(s), 10, "solution moves");
	CHECK(peg_session_won(s), "solution wins");
	CHECK_INT(peg_session_n_legal(s), 0, "no jump left");

	/* game id round trip with a future */
	for (int i = 0; i < 5; i++)
		peg_session_undo(s);
	id = peg_session_save(s, 1);
	CHECK_STR(id,
		  "triangle:5;empty:a1;complement;a3-a1,c3-a3,a1-c3,a4-a2,"
		  "d4-b2,b5-b3,d5-b5,a5-c5;c5-c3,b2-d4,e5-c3-a3-a1",
		  "game id");
	t = peg_session_load(id, &err);
	CHECK(t != NULL, "load: %s", err.msg);
	if (t) {
		CHECK_INT(peg_session_jumps(t), 8, "loaded jumps");
		CHECK_INT(t->n_hist, 13, "loaded history");
		id2 = peg_session_save(t, 1);
		CHECK_STR(id2, id, "id round trip");
		free(id2);
		/* playing the redo jump keeps the future, another drops it */
		CHECK_INT(peg_session_play_holes(t, 12, 5, &err), 0, "c5-c3");
		CHECK_INT(t->n_hist, 13, "future kept");
		peg_session_undo(t);
		for (int k = 0; k < t->b->n_jumps; k++) {
			const struct peg_jump *j = &t->b->jumps[k];

			if (peg_jump_legal(t->pegs, j) &&
			    memcmp(j, &t->hist[t->cur], sizeof(*j))) {
				CHECK_INT(peg_session_play(t, j, &err), 0,
					  "another jump");
				break;
			}
		}
		CHECK_INT(t->n_hist, 9, "future dropped");
		peg_session_free(t);
	}
	free(id);
	peg_session_free(s);

	/* bad ids: one clear error, no session */
	{
		static const char *bad[] = {
			"",
			"T5",
			"T5;empty:a1;anywhere",
			"nosuchboard:3;full;anywhere;",
			"T5;empty:zz9;anywhere;",
			"T5;empty:a1;zz9;",
			"T5;empty:a1;anywhere;a1-a3",
			"T5;empty:a1;anywhere;a3-a1;a3-a1",
			"T5;empty:a1,a2;complement;",
			"T5;empty:a1;anywhere;a3-a1-;",
		};
		for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			t = peg_session_load(bad[i], &err);
			CHECK(t == NULL && err.msg[0], "bad id '%s' refused",
			      bad[i]);
			peg_session_free(t);
		}
	}
	/* a full start, a picture start and the anywhere goal */
	t = peg_session_load("english;empty:d4;anywhere;d2-d4", &err);
	CHECK(t && peg_session_pegs(t) == 31, "english load: %s", err.msg);
	peg_session_free(t);
	t = peg_session_load("T4;full;anywhere;", &err);
	CHECK(t && peg_session_n_legal(t) == 0, "full board: %s", err.msg);
	peg_session_free(t);
	return check_done();
}
