/* test_play.c - the game service (play.h): a game's moves, undo/redo and
 * id, the described position (legal jumps and their verdicts), hints,
 * solve from here, fewest moves, puzzles, the editor, the constructive
 * demo and the memory ledger.  The T5 a1 (complement) numbers: after
 * a3-a1 the legal jumps are c3-a3, c4-a2, a5-a3 and c5-a3, and exactly
 * c3-a3 and c5-a3 still win (checked here against the oracle itself);
 * the fewest moves from the start are 10 (seed 001's T5 table: a1
 * complement in 10 moves). */
#include "check.h"

#include "pegsol/oracle.h"
#include "pegsol/play.h"
#include "pegsol/solution.h"

#include <stdlib.h>

static const char *jump_text(const struct peg_board *b,
			     const struct peg_jump *j, char *buf, size_t size)
{
	char a[16], c[16];

	snprintf(buf, size, "%s-%s",
		 peg_board_hole_name(b, j->from, a, sizeof(a)),
		 peg_board_hole_name(b, j->to, c, sizeof(c)));
	return buf;
}

/* The verdict of the legal jump named text ("c3-a3"), or -1. */
static int verdict_of(const struct peg_game *g, const struct peg_play_state *st,
		      const char *text)
{
	const struct peg_board *b = g->s->b;
	char buf[40];

	for (int k = 0; k < b->n_jumps; k++)
		if (st->verdicts[k] != PEG_ILLEGAL &&
		    !strcmp(jump_text(b, &b->jumps[k], buf, sizeof(buf)), text))
			return st->verdicts[k];
	return -1;
}

/* T5 a1 complement after a3-a1: the hint verdicts, from a context with
 * the sets mode given. */
static void check_verdicts(enum peg_play_sets sets, const char *source)
{
	struct peg_play_opts o = {0};
	struct peg_play_ctx *c;
	struct peg_game *g;
	struct peg_play_state st;
	struct peg_err err;
	struct peg_oracle *orc;
	enum peg_verdict direct[64];

	o.sets = sets;
	c = peg_play_ctx_new(&o, &err);
	CHECK(c != NULL, "ctx: %s", err.msg);
	g = peg_game_create(c, "T5", NULL, "a1", "complement", &err);
	CHECK(g != NULL, "create: %s", err.msg);
	CHECK_INT(peg_game_describe(g, PEG_PLAY_VERDICTS, &st, &err), 0,
		  "describe at the start");
	CHECK_INT(st.n_legal, 2, "legal jumps at the start");
	CHECK_INT(st.verdict, PEG_WIN, "the start wins");
	CHECK_INT(st.status, PEG_PLAY_PLAYING, "playing");
	CHECK_INT(verdict_of(g, &st, "a3-a1"), PEG_WIN, "a3-a1 wins");
	CHECK_INT(verdict_of(g, &st, "c3-a1"), PEG_WIN, "c3-a1 wins");
	peg_play_state_release(&st);
	CHECK_INT(peg_game_play_names(g, "a3", "a1", &err), 0, "play a3-a1");
	CHECK_INT(peg_game_describe(g, PEG_PLAY_VERDICTS | PEG_PLAY_MOVES,
				    &st, &err),
		  0, "describe after a3-a1");
	CHECK_INT(st.n_legal, 4, "legal jumps after a3-a1");
	CHECK_INT(st.verdict, PEG_WIN, "still winnable");
	CHECK_STR(st.source, source, "answer source");
	CHECK_INT(verdict_of(g, &st, "c3-a3"), PEG_WIN, "c3-a3 good");
	CHECK_INT(verdict_of(g, &st, "c5-a3"), PEG_WIN, "c5-a3 good");
	CHECK_INT(verdict_of(g, &st, "c4-a2"), PEG_LOSE, "c4-a2 a bomb");
	CHECK_INT(verdict_of(g, &st, "a5-a3"), PEG_LOSE, "a5-a3 a bomb");
	CHECK_INT(st.have_moves, 1, "moves classified");
	CHECK_INT(st.moves.n, 4, "legal moves (no chains yet)");
	/* the same verdicts from the oracle itself */
	orc = peg_oracle_new(g->s->b, &g->s->goal, 0, &err);
	CHECK(orc != NULL, "oracle: %s", err.msg);
	peg_oracle_classify(orc, g->s->pegs, 0, direct);
	for (int k = 0; k < g->s->b->n_jumps; k++)
		CHECK_INT(st.verdicts[k], direct[k], "verdict as the oracle's");
	peg_oracle_free(orc);
	peg_play_state_release(&st);
	peg_game_free(g);
	peg_play_ctx_free(c);
}

static void check_history(struct peg_play_ctx *c)
{
	struct peg_game *g, *h;
	struct peg_err err;
	char *id, *id2;

	g = peg_game_create(c, "T5", NULL, "a1", "complement", &err);
	CHECK(g != NULL, "create: %s", err.msg);
	CHECK_INT(peg_game_undo(g), -1, "undo at the start");
	CHECK_INT(peg_game_play_text(g, "a3-a1, c3-a3", &err), 0,
		  "play a move text");
	CHECK_INT(peg_session_jumps(g->s), 2, "two jumps");
	CHECK_INT(peg_game_play_text(g, "c3-a3", &err), -2, "illegal jump");
	CHECK_INT(peg_game_play_text(g, "zz9-a3", &err), -1, "bad text");
	CHECK_INT(peg_session_jumps(g->s), 2, "nothing more played");
	CHECK_INT(peg_game_undo(g), 0, "undo");
	CHECK_INT(peg_session_pegs(g->s), 13, "pegs after undo");
	CHECK_INT(peg_game_redo(g), 0, "redo");
	CHECK_INT(peg_game_redo(g), -1, "redo at the end");
	CHECK_INT(peg_game_undo(g), 0, "undo again");
	id = peg_game_id(g);
	CHECK_STR(id, "triangle:5;empty:a1;complement;a3-a1;c3-a3",
		  "game id with its redo tail");
	h = peg_game_load(c, id, &err);
	CHECK(h != NULL, "load: %s", err.msg);
	id2 = h ? peg_game_id(h) : NULL;
	CHECK_STR(id2, id, "game id round trip");
	CHECK_INT(h ? peg_game_redo(h) : -1, 0, "redo the loaded tail");
	CHECK_INT(h ? peg_session_jumps(h->s) : 0, 2, "tail replayed");
	peg_game_reset(g);
	CHECK_INT(peg_session_jumps(g->s), 0, "reset");
	CHECK_INT(peg_game_legal(g, 3, 0) >= 0, 1, "a3-a1 legal at start");
	CHECK_INT(peg_game_legal(g, 4, -1), -1, "b3 cannot jump");
	free(id);
	free(id2);
	peg_game_free(h);
	peg_game_free(g);
}

static void check_hint_solve(struct peg_play_ctx *c)
{
	struct peg_game *g;
	struct peg_play_line l;
	struct peg_play_fewest f;
	struct peg_play_state st;
	struct peg_err err;
	const char *reason;
	char buf[40];

	g = peg_game_create(c, "T5", NULL, "a1", "complement", &err);
	CHECK(g != NULL, "create: %s", err.msg);
	peg_game_play_names(g, "a3", "a1", &err);
	CHECK_INT(peg_game_hint(g, &l, &err), 0, "hint");
	CHECK_INT(l.verdict, PEG_WIN, "hint verdict");
	CHECK_INT(l.n, 1, "one hinted jump");
	if (l.n == 1) {
		const char *t = jump_text(g->s->b, &l.jumps[0], buf,
					  sizeof(buf));

		CHECK(!strcmp(t, "c3-a3") || !strcmp(t, "c5-a3"),
		      "hint is a good jump: %s", t);
	}
	peg_play_line_release(&l);
	peg_game_fewest(g, &f);
	CHECK_INT(f.moves, 10, "fewest moves from the start (T5 a1)");
	CHECK(f.solution != NULL, "a shortest solution");
	peg_play_fewest_release(&f);
	CHECK_INT(peg_game_solve(g, &l, &reason, &err), 0, "solve");
	CHECK_INT(l.verdict, PEG_WIN, "solve verdict");
	CHECK_INT(l.kind, PEG_LINE_SHORTEST, "fewest-moves line on T5");
	CHECK_INT(l.moves, 9, "9 moves after a3-a1");
	CHECK_INT(g->s->n_hist - g->s->cur, l.n, "line made the redo tail");
	peg_play_line_release(&l);
	while (!peg_game_redo(g))
		;
	CHECK_INT(peg_session_won(g->s), 1, "solve replayed to the goal");
	CHECK_INT(peg_session_moves(g->s), 10, "10 moves in all");
	peg_game_describe(g, PEG_PLAY_VERDICTS, &st, &err);
	CHECK_INT(st.status, PEG_PLAY_WON, "won");
	CHECK_INT(st.verdict, PEG_WIN, "a won game's verdict");
	peg_play_state_release(&st);
	peg_game_free(g);
}

static void check_misc(struct peg_play_ctx *c)
{
	struct peg_puzzle_opts po = {0};
	struct peg_puzzle pz;
	struct peg_session *s = NULL;
	struct peg_play_analysis an;
	struct peg_play_construct pc;
	struct peg_goal goal = {PEG_GOAL_HOLE, 0};
	struct peg_board *b;
	struct peg_err err;
	const char *reason;
	unsigned char pegs[15];

	po.seed = 77;
	po.level = PEG_PUZZLE_HARD;
	po.finish = -1;
	CHECK_INT(peg_play_puzzle(c, "T6", &po, &s, &pz, &reason, &err), 0,
		  "puzzle T6 seed 77");
	CHECK_INT(pz.pegs, 11, "puzzle pegs (seed 77)");
	CHECK_INT(s ? (int)s->goal.kind : -1, PEG_GOAL_HOLE, "puzzle goal a hole");
	CHECK_INT(s ? s->goal.hole : -1, pz.finish, "at the finish");
	peg_puzzle_release(&pz);
	peg_session_free(s);
	/* T5 with a1 and b2 empty: the class allows no last peg */
	b = peg_board_parse("T5", &err);
	memset(pegs, 1, sizeof(pegs));
	pegs[0] = pegs[4] = 0;
	CHECK_INT(peg_play_analyse(c, b, pegs, &goal, 100000, 0, 0, &an, &err),
		  0, "analyse");
	CHECK_INT(an.have_class, 1, "class known");
	CHECK_INT(an.n_finish, 0, "no finishing hole");
	CHECK_INT(an.class_lose, 1, "the class loses");
	CHECK_INT(an.verdict, PEG_LOSE, "the search agrees");
	peg_play_analysis_release(&an);
	peg_board_free(b);
	CHECK_INT(peg_play_construct(5, "a1", &pc, &err), 0, "construct T5");
	CHECK_INT(pc.n, 13, "T5: 13 jumps");
	CHECK_INT(pc.finish, 0, "T5 a1 ends at a1");
	peg_play_construct_release(&pc);
	CHECK_INT(peg_play_construct(5, "zz", &pc, &err), -1, "bad vacancy");
}

static void check_ledger(void)
{
	struct peg_play_opts o = {0};
	struct peg_play_ctx *c;
	struct peg_err err;

	o.memory = (size_t)1 << 20;
	c = peg_play_ctx_new(&o, &err);
	CHECK_INT(peg_play_reserve(c, (size_t)2 << 20), -1, "over the ledger");
	CHECK_INT(peg_play_reserve(c, (size_t)1 << 19), 0, "within it");
	CHECK_INT(peg_play_ctx_memory(c), (size_t)1 << 19, "reserved");
	peg_play_unreserve(c, (size_t)1 << 19);
	CHECK_INT(peg_play_ctx_memory(c), 0, "given back");
	peg_play_ctx_free(c);
	CHECK_INT(peg_play_sets_parse("all"), PEG_PLAY_SETS_ALL, "sets all");
	CHECK_INT(peg_play_sets_parse("some"), -1, "bad sets mode");
}

int main(void)
{
	struct peg_play_opts o = {0};
	struct peg_play_ctx *c;
	struct peg_err err;

	check_verdicts(PEG_PLAY_SETS_OFF, "search");
	check_verdicts(PEG_PLAY_SETS_AUTO, "sets");
	o.sets = PEG_PLAY_SETS_OFF;
	o.shortest_states = 2000000;
	c = peg_play_ctx_new(&o, &err);
	check_history(c);
	check_hint_solve(c);
	check_misc(c);
	peg_play_ctx_free(c);
	check_ledger();
	return check_done();
}
