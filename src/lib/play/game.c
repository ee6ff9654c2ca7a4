/* game.c - one game of the game service (play.h): a session bound to a
 * context, its moves, the description of its position (legal jumps and
 * their verdicts), hints, solve from here and the fewest moves. */
#include "play_int.h"

#include "pegsol/pos.h"
#include "pegsol/shortest.h"
#include "pegsol/solution.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RAN_OUT "the request's time budget ran out"
#define MEMORY_FULL "the memory budget is in use; try again"

/* ---- lifecycle ---- */

struct peg_game *peg_game_new(struct peg_play_ctx *c, struct peg_session *s,
			      struct peg_err *err)
{
	struct peg_game *g;

	if (!s)
		return NULL;
	g = calloc(1, sizeof(*g));
	if (!g) {
		peg_session_free(s);
		peg_err_set(err, "out of memory");
		return NULL;
	}
	g->ctx = c;
	g->s = s;
	g->effects = 1;
	return g;
}

struct peg_game *peg_game_create(struct peg_play_ctx *c, const char *spec,
				 const char *position, const char *vacate,
				 const char *goal, struct peg_err *err)
{
	return peg_game_new(c,
			    peg_session_create_max(spec, position, vacate,
						   goal, c->o.max_holes, err),
			    err);
}

struct peg_game *peg_game_load(struct peg_play_ctx *c, const char *id,
			       struct peg_err *err)
{
	return peg_game_new(c, peg_session_load_max(id, c->o.max_holes, err),
			    err);
}

struct peg_game *peg_game_load_prefix(struct peg_play_ctx *c, const char *id,
				      int *bad, struct peg_err *err)
{
	return peg_game_new(c,
			    pegpl_session_load_prefix(id, c->o.max_holes, bad,
						      err),
			    err);
}

/* Give back what peg_game_prepare took. */
static void unpin(struct peg_game *g)
{
	if (!g->pin)
		return;
	pegpl_sets_put(g->ctx, g->pin->sets);
	pegpl_oracle_put(g->ctx, g->pin->orc);
	free(g->pin);
	g->pin = NULL;
}

void peg_game_free(struct peg_game *g)
{
	if (!g)
		return;
	unpin(g);
	peg_session_free(g->s);
	free(g);
}

void peg_game_replace(struct peg_game *g, struct peg_session *s)
{
	unpin(g);
	peg_session_free(g->s);
	g->s = s;
}

int peg_game_restart(struct peg_game *g, const unsigned char *pegs,
		     struct peg_err *err)
{
	struct peg_board *b = peg_board_parse(g->s->b->spec, err);
	struct peg_goal goal = g->s->goal;
	struct peg_session *s;

	if (!b)
		return -1;
	if (goal.kind == PEG_GOAL_COMPLEMENT)
		goal.kind = PEG_GOAL_HOLE;
	s = peg_session_new(b, pegs, &goal, err);
	if (!s)
		return -1;
	peg_game_replace(g, s);
	return 0;
}

char *peg_game_id(const struct peg_game *g)
{
	return peg_session_save(g->s, 1);
}

int peg_game_has_oracle(const struct peg_game *g)
{
	return g->s->b->n_holes <= PEG_PLAY_ORACLE_HOLES;
}

/* ---- moves ---- */

int peg_game_play(struct peg_game *g, int from, int to, struct peg_err *err)
{
	return peg_session_play_holes(g->s, from, to, err);
}

int peg_game_play_names(struct peg_game *g, const char *from, const char *to,
			struct peg_err *err)
{
	int f = peg_board_parse_hole(g->s->b, from, err);
	int t = f < 0 ? -1 : peg_board_parse_hole(g->s->b, to, err);

	if (f < 0 || t < 0)
		return -1;
	return peg_session_play_holes(g->s, f, t, err);
}

int peg_game_play_text(struct peg_game *g, const char *text,
		       struct peg_err *err)
{
	struct peg_moves mv;
	int r = 0;

	if (peg_moves_parse(g->s->b, text, &mv, err))
		return -1;
	for (int m = 0; m < mv.n_moves && !r; m++)
		for (int i = 1; i < mv.len[m] && !r; i++)
			if (peg_session_play_holes(g->s, mv.path[m][i - 1],
						   mv.path[m][i], err))
				r = -2;
	peg_moves_free(&mv);
	return r;
}

int peg_game_undo(struct peg_game *g)
{
	return peg_session_undo(g->s);
}

int peg_game_redo(struct peg_game *g)
{
	return peg_session_redo(g->s);
}

void peg_game_reset(struct peg_game *g)
{
	peg_session_reset(g->s);
}

int peg_game_replay(struct peg_game *g, const char *moves,
		    struct peg_err *err)
{
	return peg_session_load_moves(g->s, moves, err);
}

int peg_game_legal(const struct peg_game *g, int from, int to)
{
	const struct peg_board *b = g->s->b;

	for (int k = b->jump_first[from]; k < b->jump_first[from + 1]; k++)
		if ((to < 0 || b->jumps[k].to == to) &&
		    peg_jump_legal(g->s->pegs, &b->jumps[k]))
			return k;
	return -1;
}

/* ---- the oracle and the sets of a call ---- */

struct use {
	struct pegpl_oracle *orc;
	struct pegpl_sets *sets;
	const struct peg_winsets *w;
	int pinned;
	const char *note; /* why no oracle or no sets */
	char nbuf[240];
};

/* The game's oracle and sets for one call: the pinned ones, else taken
 * from the context (sets only with want_sets).  0, or -1 when there is
 * no oracle (u->note says why). */
static int use_get(struct peg_game *g, struct use *u)
{
	int status;

	memset(u, 0, sizeof(*u));
	if (g->pin) {
		u->pinned = 1;
		u->orc = g->pin->orc;
		u->sets = g->pin->sets;
		u->w = u->sets ? u->sets->w : NULL;
		if (!u->orc)
			u->note = "no oracle for boards past 63 holes";
		return u->orc ? 0 : -1;
	}
	u->orc = pegpl_oracle_get(g->ctx, g->s->b, &g->s->goal, &u->note);
	if (!u->orc)
		return -1;
	u->w = pegpl_sets_get(g->ctx, g->s, g->effects, g->deadline,
			      &u->sets, &status,
			      &u->note, u->nbuf, sizeof(u->nbuf));
	return 0;
}

static void use_put(struct peg_game *g, struct use *u)
{
	if (u->pinned)
		return;
	pegpl_sets_put(g->ctx, u->sets);
	pegpl_oracle_put(g->ctx, u->orc);
}

enum peg_play_sets_status peg_game_prepare(struct peg_game *g, char *note,
					   size_t size)
{
	const char *why = NULL;
	char nbuf[240];
	int status = PEG_PLAY_SETS_NONE;
	size_t n;

	unpin(g);
	if (note && size)
		note[0] = 0;
	g->pin = calloc(1, sizeof(*g->pin));
	if (!g->pin)
		return PEG_PLAY_SETS_NONE;
	/* the sets first: their estimate is checked against the whole
	 * budget, as before any oracle table grows */
	if (peg_game_has_oracle(g))
		pegpl_sets_get(g->ctx, g->s, g->effects, g->deadline,
			       &g->pin->sets,
			       &status, &why, nbuf, sizeof(nbuf));
	if (why && note && status != PEG_PLAY_SETS_READY &&
	    status != PEG_PLAY_SETS_NONE) {
		static const char failed[] = "winning sets failed: ";

		if (!strncmp(why, failed, sizeof(failed) - 1))
			why += sizeof(failed) - 1;
		snprintf(note, size, "%s", why);
		n = strlen(note);
		if (n > 13 && !strcmp(note + n - 13, ": live search"))
			note[n - 13] = 0;
	}
	g->pin->orc = pegpl_oracle_get(g->ctx, g->s->b, &g->s->goal, &why);
	return (enum peg_play_sets_status)status;
}

/* ---- describing the position ---- */

/* Verdicts of st's legal jumps (and moves); st->verdict stays -1 when no
 * oracle answers. */
static void classify(struct peg_game *g, int flags, struct peg_play_state *st)
{
	struct peg_play_ctx *c = g->ctx;
	struct peg_oracle_stats os;
	struct use u;
	const char *note;
	int r;

	if (use_get(g, &u)) {
		snprintf(st->note, sizeof(st->note), "%s", u.note);
		return;
	}
	note = u.note;
	if ((r = pegpl_oracle_lock(c, u.orc, g->deadline))) {
		snprintf(st->note, sizeof(st->note), "%s",
			 r == -2 ? MEMORY_FULL : "oracle busy, try again");
		use_put(g, &u);
		return;
	}
	st->source = u.w ? "sets" : "search";
	st->verdict = peg_oracle_classify_played(u.orc->o, u.w, g->s->pegs,
						 c->o.budget, st->verdicts);
	peg_oracle_stats(u.orc->o, &os);
	st->nodes = os.nodes;
	if (os.stopped)
		note = RAN_OUT;
	if (flags & PEG_PLAY_MOVES) {
		if (peg_oracle_classify_moves(u.orc->o, u.w, g->s->pegs,
					      c->o.budget, 512,
					      &st->moves) < 0)
			memset(&st->moves, 0, sizeof(st->moves));
		else
			st->have_moves = 1;
	}
	pegpl_oracle_unlock(c, u.orc);
	if (note)
		snprintf(st->note, sizeof(st->note), "%s", note);
	use_put(g, &u);
}

int peg_game_describe(struct peg_game *g, int flags,
		      struct peg_play_state *out, struct peg_err *err)
{
	const struct peg_board *b = g->s->b;
	double t0 = pegpl_now_ms();

	memset(out, 0, sizeof(*out));
	out->verdict = -1;
	out->n_legal = peg_session_n_legal(g->s);
	out->status = peg_session_won(g->s) ? PEG_PLAY_WON
		      : out->n_legal == 0    ? PEG_PLAY_STUCK
					     : PEG_PLAY_PLAYING;
	if ((flags & (PEG_PLAY_VERDICTS | PEG_PLAY_MOVES)) &&
	    out->n_legal > 0) {
		out->verdicts = malloc(sizeof(*out->verdicts) *
				       (size_t)(b->n_jumps ? b->n_jumps : 1));
		if (!out->verdicts) {
			peg_err_set(err, "out of memory");
			return -1;
		}
		for (int k = 0; k < b->n_jumps; k++)
			out->verdicts[k] = PEG_UNKNOWN;
		classify(g, flags, out);
	} else if (out->n_legal == 0) {
		out->verdict = peg_session_won(g->s) ? PEG_WIN : PEG_LOSE;
	}
	out->ms = pegpl_now_ms() - t0;
	return 0;
}

void peg_play_state_release(struct peg_play_state *st)
{
	free(st->verdicts);
	if (st->have_moves)
		peg_move_verdicts_release(&st->moves);
	memset(st, 0, sizeof(*st));
	st->verdict = -1;
}

/* ---- hints and solve from here ---- */

/* The oracle's winning line from the position with budget nodes:
 * out->verdict, jumps and note. */
static void oracle_line(struct peg_game *g, long budget,
			struct peg_play_line *out)
{
	struct peg_oracle_stats os;
	struct use u;
	int r;

	out->verdict = PEG_UNKNOWN;
	if (use_get(g, &u)) {
		snprintf(out->note, sizeof(out->note), "%s",
			 u.note ? u.note : "no oracle for this board");
		return;
	}
	if ((r = pegpl_oracle_lock(g->ctx, u.orc, g->deadline))) {
		snprintf(out->note, sizeof(out->note), "%s",
			 r == -2 ? MEMORY_FULL : "oracle busy");
		use_put(g, &u);
		return;
	}
	out->verdict = peg_oracle_solve_played(u.orc->o, u.w, g->s->pegs,
					       budget, &out->jumps, &out->n);
	peg_oracle_stats(u.orc->o, &os);
	pegpl_oracle_unlock(g->ctx, u.orc);
	if (os.stopped)
		snprintf(out->note, sizeof(out->note), RAN_OUT);
	out->kind = PEG_LINE_ORACLE;
	use_put(g, &u);
	if (out->verdict != PEG_WIN) {
		free(out->jumps);
		out->jumps = NULL;
		out->n = 0;
	}
}

int peg_game_hint(struct peg_game *g, struct peg_play_line *out,
		  struct peg_err *err)
{
	double t0 = pegpl_now_ms();

	memset(out, 0, sizeof(*out));
	oracle_line(g, g->ctx->o.hint_budget, out);
	if (out->n > 1)
		out->n = 1;
	out->moves = out->n;
	out->ms = pegpl_now_ms() - t0;
	return 0;
}

/* Fewest moves or the constructive line, with no oracle (and no oracle
 * lock): 1 taken into out, 0 none, -1 the ledger is full. */
static int cheap_line(struct peg_game *g, struct peg_play_line *out,
		      struct peg_err *err)
{
	const struct peg_play_opts *o = &g->ctx->o;
	struct peg_line_opts lo = {0};
	struct peg_line line;
	uint64_t st = o->line_states ? o->line_states : 2000000;
	size_t mem = o->reserve ? pegpl_shortest_bytes(g->s->b,
						       (size_t)(st * 34 +
								4 * st * 8))
				: 0;
	int taken = 0;

	lo.max_states = o->line_states;
	lo.dfs_budget = o->line_dfs_budget;
	lo.budget = o->solve_budget;
	if (mem && peg_play_reserve(g->ctx, mem)) {
		peg_err_set(err, "the server's memory budget is in use; try "
				 "again");
		return -1;
	}
	if (!peg_line_find(g->s->b, g->s->pegs, &g->s->goal, NULL, NULL, &lo,
			   &line, err) &&
	    line.verdict != PEG_UNKNOWN) {
		out->verdict = line.verdict;
		out->kind = line.kind;
		out->jumps = line.jumps;
		out->n = line.n;
		line.jumps = NULL;
		taken = 1;
	} else if (strcmp(line.note, "no solver for this board")) {
		snprintf(out->line_note, sizeof(out->line_note), "%s",
			 line.note);
	}
	if (mem)
		peg_play_unreserve(g->ctx, mem);
	peg_line_release(&line);
	return taken;
}

int peg_game_solve(struct peg_game *g, struct peg_play_line *out,
		   const char **reason, struct peg_err *err)
{
	double t0 = pegpl_now_ms();
	int r;

	memset(out, 0, sizeof(*out));
	*reason = NULL;
	r = cheap_line(g, out, err);
	if (r < 0) {
		*reason = "memory";
		return -1;
	}
	if (r == 0) {
		oracle_line(g, g->ctx->o.solve_budget, out);
		if (out->verdict == PEG_UNKNOWN && !out->line_note[0] &&
		    !peg_game_has_oracle(g))
			snprintf(out->line_note, sizeof(out->line_note),
				 "no solver for this board");
	}
	if (out->verdict != PEG_WIN)
		out->kind = PEG_LINE_NONE;
	out->moves = peg_jumps_count_moves(out->jumps, out->n);
	if (out->verdict == PEG_WIN && out->n > 0 &&
	    peg_session_set_future(g->s, out->jumps, out->n, err)) {
		peg_play_line_release(out);
		return -1;
	}
	out->ms = pegpl_now_ms() - t0;
	return 0;
}

void peg_play_line_release(struct peg_play_line *l)
{
	free(l->jumps);
	l->jumps = NULL;
	l->n = 0;
}

/* ---- fewest moves from the start ---- */

/* Run the search (under the ledger with opts.reserve) in a helper
 * thread, waiting for it until the game's deadline or the stop flag. */
static void fewest_run(struct peg_game *g, const char *key,
		       struct peg_play_fewest *out)
{
	const struct peg_play_opts *o = &g->ctx->o;
	struct peg_shortest_opts so = {0};
	uint64_t slots = o->shortest_dfs_slots ? o->shortest_dfs_slots
					       : 4 * o->shortest_states;
	size_t mem = o->reserve ? pegpl_shortest_bytes(
					  g->s->b, (size_t)(o->shortest_states *
							    34 + slots * 8))
				: 0;

	so.threads = 1;
	so.max_states = o->shortest_states;
	so.dfs_slots = o->shortest_dfs_slots;
	so.dfs_budget = o->shortest_dfs_budget;
	pegpl_fewest_wait(g->ctx, g->s, key, &so, mem, g->deadline, out);
}

void peg_game_fewest(struct peg_game *g, struct peg_play_fewest *out)
{
	const struct peg_session *s = g->s;
	size_t klen;
	char *key;

	memset(out, 0, sizeof(*out));
	out->moves = -2;
	if (s->b->n_holes > g->ctx->o.shortest_holes ||
	    s->b->n_holes > 64) {
		snprintf(out->note, sizeof(out->note),
			 "the optimum is computed for boards of up to %d "
			 "holes",
			 g->ctx->o.shortest_holes);
		return;
	}
	klen = strlen(s->b->spec) + 64;
	key = malloc(klen);
	if (!key) {
		snprintf(out->note, sizeof(out->note), "out of memory");
		return;
	}
	snprintf(key, klen, "%s;%llx;%d", s->b->spec,
		 (unsigned long long)peg_pos_to64(s->start, s->b->n_holes),
		 pegpl_finish(s));
	if (pegpl_opt_find(g->ctx, key, &out->moves, &out->solution)) {
		free(key);
		return;
	}
	fewest_run(g, key, out); /* the search remembers its optimum */
	free(key);
}

void peg_play_fewest_release(struct peg_play_fewest *f)
{
	free(f->solution);
	f->solution = NULL;
}
