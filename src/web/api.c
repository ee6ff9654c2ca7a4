/* api.c - the web game's JSON API (docs/play.md): a stateless face over
 * the game service (play.h).  Every request carries the game id, every
 * answer carries the new one.  Runs in a polling thread (light requests)
 * or a worker (server.c), or in the WebAssembly module (src/wasm/). */
#include "api.h"

#include "../cli/cli.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"
#include "pegsol/tricolor.h"
#include "pegsol/trigame.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double web_now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

#define MAX_SERVE_HOLES 1000
#define MAX_DEMO_SIDE 60       /* the constructive demo: T_n, n <= 60 */
#define MAX_SHORTEST_HOLES 21  /* fewest-moves optimum computed live */
#define SYNC_SETS_MB 48        /* sets estimated under this: in the request */
#define ORACLE_ENTRIES ((size_t)1 << 22) /* table: at most 64 MB */
/* fewest moves (shortest.h) in /api/shortest and /api/solve: states
 * stored, depth-first table slots and expansions */
#define SHORTEST_STATES ((uint64_t)1 << 20)
#define SHORTEST_DFS_SLOTS ((uint64_t)1 << 20)
#define SHORTEST_DFS_BUDGET ((uint64_t)5000000)

static const char *const api_calls[] = {
	"new",	  "state",  "play",	"undo",	    "redo",	 "reset",
	"replay", "hint",   "solve",	"boards",   "puzzle",	 "shortest",
	"construct", "analyse", "tri/new", "tri/state", "tri/play",
	"tri/undo", "tri/redo", "tri/reset", "tri/solve", NULL};

void web_play_opts(const struct web_config *cfg, struct peg_play_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->budget = cfg->budget;
	o->hint_budget = cfg->budget * 4;
	o->solve_budget = cfg->budget * 4;
	o->memory = cfg->memory;
	/* an oracle's table may take an eighth of the budget */
	o->oracle_entries = ORACLE_ENTRIES;
	while (o->oracle_entries > 4096 &&
	       o->oracle_entries * 16 > cfg->memory / 8)
		o->oracle_entries /= 2;
	o->max_holes = MAX_SERVE_HOLES;
	o->sets = (enum peg_play_sets)cfg->sets_mode;
	o->cache_dir = cfg->cache_dir;
	o->sets_threads = 1;
	o->sync_sets_mb = SYNC_SETS_MB;
	o->reserve = 1;
	o->line_states = SHORTEST_STATES;
	o->line_dfs_budget = SHORTEST_DFS_BUDGET;
	o->shortest_holes = MAX_SHORTEST_HOLES;
	o->shortest_states = SHORTEST_STATES;
	o->shortest_dfs_slots = SHORTEST_DFS_SLOTS;
	o->shortest_dfs_budget = SHORTEST_DFS_BUDGET;
}

int web_known_call(const char *what)
{
	for (int i = 0; api_calls[i]; i++)
		if (!strcmp(what, api_calls[i]))
			return 1;
	return 0;
}

/* ---- answers ---- */

/* The answer of a request: status and JSON text (o is deleted). */
static void answer(struct request *rq, unsigned status, cJSON *o)
{
	free(rq->out);
	rq->out = o ? cJSON_PrintUnformatted(o) : NULL;
	cJSON_Delete(o);
	rq->status = rq->out ? status : 500;
	if (!rq->out)
		rq->out = strdup(
			"{\"error\":\"out of memory\",\"status\":500}");
}

/* msg in a player's words: the library's command-line advice ("(try
 * 'pegsol boards')") dropped, a pointer to the page's list instead. */
static void plain_words(const char *msg, char *out, size_t size)
{
	const char *p = msg, *t;
	size_t n = 0;
	int boards = 0;

	while ((t = strstr(p, " (try '")) && strchr(t + 7, ')')) {
		const char *end = strchr(t + 7, ')');

		boards |= !strncmp(t + 7, "pegsol boards'", 14);
		if (n < size)
			n += (size_t)snprintf(out + n, size - n, "%.*s",
					      (int)(t - p), p);
		p = end + 1;
	}
	if (n < size)
		n += (size_t)snprintf(out + n, size - n, "%s%s", p,
				      boards ? "; pick one from the list" : "");
}

/* reason says which limit a 503 met: "busy", "time", "memory", "nodes"
 * or "stopping". */
void web_fail_why(struct request *rq, unsigned status, const char *reason,
		  const char *msg)
{
	cJSON *o = cJSON_CreateObject();
	char text[512];

	plain_words(msg, text, sizeof(text));
	cJSON_AddStringToObject(o, "error", text);
	cJSON_AddNumberToObject(o, "status", status);
	if (reason)
		cJSON_AddStringToObject(o, "reason", reason);
	answer(rq, status, o);
}

static void fail(struct request *rq, unsigned status, const char *msg)
{
	web_fail_why(rq, status, NULL, msg);
}

/* ---- parameters: query string and JSON body, all as strings ---- */

static const char *param(struct request *rq, const char *key)
{
	cJSON *j = cJSON_GetObjectItemCaseSensitive(rq->args, key);

	return cJSON_IsString(j) ? j->valuestring : NULL;
}

/* A body value as text: strings as they are, numbers and booleans
 * written out; 0 for other types. */
static int arg_text(const cJSON *j, char *num, size_t size, const char **out)
{
	if (cJSON_IsString(j)) {
		*out = j->valuestring;
	} else if (cJSON_IsNumber(j)) {
		double v = j->valuedouble;

		if (v == (double)(long long)v && v > -9e15 && v < 9e15)
			snprintf(num, size, "%lld", (long long)v);
		else
			snprintf(num, size, "%.17g", v);
		*out = num;
	} else if (cJSON_IsBool(j)) {
		*out = cJSON_IsTrue(j) ? "1" : "0";
	} else {
		return 0;
	}
	return 1;
}

int web_args_body(struct request *rq)
{
	cJSON *body = NULL, *j;

	if (!rq->args)
		rq->args = cJSON_CreateObject();
	if (!rq->args)
		return -1;
	if (!rq->body || !rq->len)
		return 0;
	body = cJSON_ParseWithLength(rq->body, rq->len);
	if (!body || !cJSON_IsObject(body)) {
		cJSON_Delete(body);
		return -1;
	}
	cJSON_ArrayForEach(j, body)
	{
		char num[40];
		const char *text;

		if (!j->string ||
		    cJSON_GetObjectItemCaseSensitive(rq->args, j->string))
			continue;
		if (arg_text(j, num, sizeof(num), &text))
			cJSON_AddStringToObject(rq->args, j->string, text);
	}
	cJSON_Delete(body);
	return 0;
}

static int hints_level(const char *h)
{
	if (!h)
		return 1;
	return !(strcmp(h, "off") == 0 || strcmp(h, "0") == 0 ||
		 strcmp(h, "false") == 0);
}

static int spec_allowed(const char *spec)
{
	return strncmp(spec, "file:", 5) && strncmp(spec, "graph:", 6);
}

/* A missing spec (or game id), or one naming a file: 1 with the answer
 * made. */
static int refuse_spec(struct request *rq, const char *spec,
		       const char *missing)
{
	if (!spec || !*spec) {
		fail(rq, 400, missing);
		return 1;
	}
	if (!spec_allowed(spec)) {
		fail(rq, 400, "board files are not served");
		return 1;
	}
	return 0;
}

/* ---- JSON views ---- */

static const char *lattice_name(const struct peg_board *b)
{
	return b->lattice == PEG_LATTICE_TRI	? "triangular"
	       : b->lattice == PEG_LATTICE_SQUARE ? "square"
						  : "graph";
}

static cJSON *board_json(const struct peg_board *b)
{
	cJSON *o = cJSON_CreateObject(), *holes = cJSON_CreateArray();
	char name[64];

	cJSON_AddStringToObject(o, "spec", b->spec);
	cJSON_AddStringToObject(o, "title", b->title);
	cJSON_AddStringToObject(o, "lattice", lattice_name(b));
	cJSON_AddNumberToObject(o, "holes", b->n_holes);
	for (int h = 0; h < b->n_holes; h++) {
		cJSON *e = cJSON_CreateArray();

		cJSON_AddItemToArray(
			e, cJSON_CreateString(peg_board_hole_name(
				   b, h, name, sizeof(name))));
		cJSON_AddItemToArray(e, cJSON_CreateNumber(b->hx[h]));
		cJSON_AddItemToArray(e, cJSON_CreateNumber(b->hy[h]));
		cJSON_AddItemToArray(holes, e);
	}
	cJSON_AddItemToObject(o, "hole_list", holes);
	return o;
}

static void add_jumps_text(cJSON *o, const char *key,
			   const struct peg_board *b,
			   const struct peg_jump *j, int n)
{
	char *t = peg_jumps_format(b, j, n);

	cJSON_AddStringToObject(o, key, t ? t : "");
	free(t);
}

static cJSON *jump_json(const struct peg_board *b, const struct peg_jump *j)
{
	cJSON *o = cJSON_CreateObject();
	char name[64];

	cJSON_AddStringToObject(o, "from",
				peg_board_hole_name(b, j->from, name,
						    sizeof(name)));
	cJSON_AddStringToObject(o, "over",
				peg_board_hole_name(b, j->over, name,
						    sizeof(name)));
	cJSON_AddStringToObject(o, "to",
				peg_board_hole_name(b, j->to, name,
						    sizeof(name)));
	cJSON_AddNumberToObject(o, "f", j->from);
	cJSON_AddNumberToObject(o, "o", j->over);
	cJSON_AddNumberToObject(o, "t", j->to);
	return o;
}

/* The game's counters and history (state_json's first half). */
static void game_json(cJSON *o, const struct peg_session *s)
{
	const struct peg_board *b = s->b;
	char *id = peg_session_save(s, 1), goal[64];
	cJSON *pegs;

	cJSON_AddStringToObject(o, "game", id ? id : "");
	free(id);
	cJSON_AddItemToObject(o, "board", board_json(b));
	cJSON_AddStringToObject(o, "goal",
				peg_goal_format(b, &s->goal, goal,
						sizeof(goal)));
	if (s->goal.kind != PEG_GOAL_ANYWHERE)
		cJSON_AddStringToObject(o, "goal_hole",
					peg_board_hole_name(b, s->goal.hole,
							    goal,
							    sizeof(goal)));
	else
		cJSON_AddNullToObject(o, "goal_hole");
	pegs = cJSON_CreateArray();
	for (int h = 0; h < b->n_holes; h++)
		cJSON_AddItemToArray(pegs, cJSON_CreateNumber(s->pegs[h]));
	cJSON_AddItemToObject(o, "pegs", pegs);
	cJSON_AddNumberToObject(o, "pegs_left", peg_session_pegs(s));
	cJSON_AddNumberToObject(o, "jumps", peg_session_jumps(s));
	cJSON_AddNumberToObject(o, "moves", peg_session_moves(s));
	cJSON_AddBoolToObject(o, "can_undo", s->cur > 0);
	cJSON_AddBoolToObject(o, "can_redo", s->cur < s->n_hist);
	add_jumps_text(o, "history", b, s->hist, s->cur);
	add_jumps_text(o, "future", b, s->hist + s->cur, s->n_hist - s->cur);
	if (s->cur > 0)
		cJSON_AddItemToObject(o, "last",
				      jump_json(b, &s->hist[s->cur - 1]));
}

static cJSON *moves_json(const struct peg_board *b,
			 const struct peg_move_verdicts *ml)
{
	cJSON *a = cJSON_CreateArray();

	for (int i = 0; i < ml->n; i++) {
		cJSON *m = cJSON_CreateObject();
		char *t = peg_jumps_format(b, ml->jump + ml->off[i],
					   ml->off[i + 1] - ml->off[i]);

		cJSON_AddStringToObject(m, "move", t ? t : "");
		free(t);
		cJSON_AddNumberToObject(m, "jumps",
					ml->off[i + 1] - ml->off[i]);
		cJSON_AddStringToObject(m, "verdict",
					peg_verdict_name(ml->verdict[i]));
		cJSON_AddItemToArray(a, m);
	}
	return a;
}

/* The full state of a game: what the page draws. */
static cJSON *state_json(struct peg_game *g, int hints, int want_moves)
{
	const struct peg_board *b = g->s->b;
	struct peg_play_state st;
	struct peg_err err;
	cJSON *o = cJSON_CreateObject(), *legal, *orc;
	int flags = hints ? PEG_PLAY_VERDICTS : 0;

	if (hints && want_moves)
		flags |= PEG_PLAY_MOVES;
	game_json(o, g->s);
	if (peg_game_describe(g, flags, &st, &err)) {
		memset(&st, 0, sizeof(st));
		st.verdict = -1;
		st.status = peg_session_won(g->s) ? PEG_PLAY_WON
			    : peg_session_n_legal(g->s) ? PEG_PLAY_PLAYING
							: PEG_PLAY_STUCK;
	}
	cJSON_AddStringToObject(o, "status",
				st.status == PEG_PLAY_WON     ? "won"
				: st.status == PEG_PLAY_STUCK ? "stuck"
							      : "playing");
	legal = cJSON_CreateArray();
	for (int k = 0; k < b->n_jumps; k++) {
		cJSON *j;

		if (!peg_jump_legal(g->s->pegs, &b->jumps[k]))
			continue;
		j = jump_json(b, &b->jumps[k]);
		if (st.verdict >= 0 && st.verdicts)
			cJSON_AddStringToObject(j, "verdict",
						peg_verdict_name(st.verdicts[k]));
		else
			cJSON_AddNullToObject(j, "verdict");
		cJSON_AddItemToArray(legal, j);
	}
	cJSON_AddItemToObject(o, "legal", legal);
	if (want_moves && st.verdict >= 0 && st.verdicts) {
		cJSON_AddItemToObject(o, "legal_moves",
				      moves_json(b, &st.moves));
		if (st.moves.truncated)
			cJSON_AddBoolToObject(o, "legal_moves_truncated", 1);
	}
	if (st.verdict >= 0)
		cJSON_AddStringToObject(o, "verdict",
					peg_verdict_name(st.verdict));
	else
		cJSON_AddNullToObject(o, "verdict");
	orc = cJSON_CreateObject();
	cJSON_AddNumberToObject(orc, "nodes", (double)st.nodes);
	if (st.source)
		cJSON_AddStringToObject(orc, "source", st.source);
	cJSON_AddNumberToObject(orc, "ms", st.ms);
	if (st.note[0] && peg_game_has_oracle(g))
		cJSON_AddStringToObject(orc, "note", st.note);
	cJSON_AddItemToObject(o, "oracle", orc);
	/* hints past the oracle's hole limit: said once, not as a note on
	 * every answer */
	cJSON_AddBoolToObject(o, "hints_available", peg_game_has_oracle(g));
	if (!peg_game_has_oracle(g)) {
		char why[160];

		snprintf(why, sizeof(why),
			 "this board has %d holes; hints work on boards of up "
			 "to %d",
			 b->n_holes, PEG_PLAY_ORACLE_HOLES);
		cJSON_AddStringToObject(o, "hints_reason", why);
	}
	peg_play_state_release(&st);
	return o;
}

/* ---- the constructive demo, puzzles, fewest moves, the editor ---- */

/* GET /api/construct?n=20&vacate=a1: the constructive solution of T_n,
 * replayed by the library once more before it is sent. */
static void api_construct(struct request *rq)
{
	const char *ns = param(rq, "n");
	struct peg_play_construct pc;
	struct peg_err err;
	char name[64];
	uint64_t n = 0;
	cJSON *o, *a;
	double t0 = web_now_ms();
	int r;

	if (!ns || cli_u64(ns, 4, MAX_DEMO_SIDE, &n)) {
		snprintf(err.msg, sizeof(err.msg),
			 "'n' must be a side from 4 to %d", MAX_DEMO_SIDE);
		fail(rq, 400, err.msg);
		return;
	}
	r = peg_play_construct((int)n, param(rq, "vacate"), &pc, &err);
	if (r) {
		if (r == PEG_PLAY_RESOURCES)
			web_fail_why(rq, 503, "memory", "out of memory");
		else
			fail(rq, r == PEG_PLAY_INTERNAL ? 500 : 400, err.msg);
		return;
	}
	o = cJSON_CreateObject();
	cJSON_AddItemToObject(o, "board", board_json(pc.b));
	cJSON_AddStringToObject(o, "vacate",
				peg_board_hole_name(pc.b, pc.vacate, name,
						    sizeof(name)));
	cJSON_AddNumberToObject(o, "vacate_index", pc.vacate);
	cJSON_AddStringToObject(o, "finish",
				peg_board_hole_name(pc.b, pc.finish, name,
						    sizeof(name)));
	cJSON_AddNumberToObject(o, "n_jumps", (double)pc.n);
	cJSON_AddNumberToObject(o, "n_moves", pc.moves);
	cJSON_AddNumberToObject(o, "purges", (double)pc.purges);
	cJSON_AddBoolToObject(o, "verified", 1);
	a = cJSON_CreateArray();
	for (long i = 0; i < pc.n; i++) {
		int t[3] = {pc.jumps[i].from, pc.jumps[i].over,
			    pc.jumps[i].to};

		cJSON_AddItemToArray(a, cJSON_CreateIntArray(t, 3));
	}
	cJSON_AddItemToObject(o, "jumps", a);
	cJSON_AddNumberToObject(o, "ms", web_now_ms() - t0);
	peg_play_construct_release(&pc);
	answer(rq, 200, o);
}

/* The options of /api/puzzle; 0, or -1 with the answer made. */
static int puzzle_opts(struct web_api *api, struct request *rq,
		       struct peg_puzzle_opts *opts, int *lv)
{
	const char *seed = param(rq, "seed"), *level = param(rq, "level");
	const char *pegs = param(rq, "pegs");
	uint64_t u;

	*lv = level && *level ? peg_puzzle_level_parse(level) : 0;
	if (*lv < 0) {
		fail(rq, 400, "bad 'level' (any, easy, medium, hard)");
		return -1;
	}
	if (seed && *seed) {
		if (cli_u64(seed, 0, UINT64_MAX, &opts->seed)) {
			fail(rq, 400, "bad 'seed' (a whole number from 0 to "
				      "18446744073709551615)");
			return -1;
		}
	} else {
		struct timespec t;

		clock_gettime(CLOCK_REALTIME, &t);
		opts->seed = (uint64_t)t.tv_sec * 1000003u +
			     (uint64_t)t.tv_nsec;
		opts->seed %= 1000000000ull;
	}
	if (pegs && *pegs) {
		if (cli_u64(pegs, 2, MAX_SERVE_HOLES, &u)) {
			fail(rq, 400, "bad 'pegs' (a whole number from 2 to "
				      "1000)");
			return -1;
		}
		opts->pegs = (int)u;
	}
	opts->finish = -1;
	opts->level = (enum peg_puzzle_level)*lv;
	opts->budget = api->cfg->budget;
	opts->max_nodes = api->cfg->budget * 20;
	opts->max_ms = rq->deadline - web_now_ms();
	if (opts->max_ms < 1)
		opts->max_ms = 1;
	opts->cancel = api->stopping;
	return 0;
}

/* /api/puzzle?board=..&seed=..&level=..&pegs=..: a new game on a
 * generated puzzle, under the request's deadline and a node budget of 20
 * times --budget.  Returns the game, or NULL with the answer made. */
static struct peg_game *make_puzzle(struct web_api *api, struct request *rq,
				    cJSON **extra)
{
	const char *spec = param(rq, "board"), *reason;
	struct peg_puzzle_opts opts = {0};
	struct peg_puzzle pz;
	struct peg_session *s;
	struct peg_game *g;
	struct peg_err err;
	char seed_s[32], name[64];
	int lv, r;

	if (refuse_spec(rq, spec, "missing 'board'"))
		return NULL;
	if (puzzle_opts(api, rq, &opts, &lv))
		return NULL;
	r = peg_play_puzzle(api->play, spec, &opts, &s, &pz, &reason, &err);
	if (r) {
		if (r == PEG_PLAY_RESOURCES)
			web_fail_why(rq, 503, reason, err.msg);
		else
			fail(rq, 400, err.msg);
		return NULL;
	}
	g = peg_game_new(api->play, s, &err);
	if (!g) {
		peg_puzzle_release(&pz);
		fail(rq, 400, err.msg);
		return NULL;
	}
	*extra = cJSON_CreateObject();
	snprintf(seed_s, sizeof(seed_s), "%llu", (unsigned long long)pz.seed);
	cJSON_AddStringToObject(*extra, "seed", seed_s);
	cJSON_AddStringToObject(*extra, "level", peg_puzzle_level_name(lv));
	cJSON_AddStringToObject(*extra, "grade",
				peg_puzzle_level_name(pz.grade));
	cJSON_AddNumberToObject(*extra, "score", pz.score);
	cJSON_AddNumberToObject(*extra, "pegs", pz.pegs);
	cJSON_AddStringToObject(*extra, "finish",
				peg_board_hole_name(g->s->b, pz.finish, name,
						    sizeof(name)));
	peg_puzzle_release(&pz);
	return g;
}

/* The fewest moves from the game's start, for small boards. */
static cJSON *shortest_json(struct peg_game *g)
{
	cJSON *o = cJSON_CreateObject();
	struct peg_play_fewest f;

	cJSON_AddNumberToObject(o, "your_moves", peg_session_moves(g->s));
	peg_game_fewest(g, &f);
	if (f.moves == -2) {
		cJSON_AddNullToObject(o, "moves");
		cJSON_AddStringToObject(o, "note", f.note);
	} else if (f.moves < 0) {
		cJSON_AddNullToObject(o, "moves");
		cJSON_AddStringToObject(o, "note", "no solution from the start");
	} else {
		cJSON_AddNumberToObject(o, "moves", f.moves);
		cJSON_AddStringToObject(o, "solution",
					f.solution ? f.solution : "");
	}
	peg_play_fewest_release(&f);
	return o;
}

/* The editor's board, position and goal; 0, or -1 with the answer made. */
static int analyse_input(struct request *rq, struct peg_board **b,
			 unsigned char **pegs, struct peg_goal *g)
{
	const char *spec = param(rq, "board"), *pos = param(rq, "position");
	const char *goal = param(rq, "goal");
	struct peg_err err;

	if (refuse_spec(rq, spec, "missing 'board'"))
		return -1;
	*b = peg_board_parse_max(spec, MAX_SERVE_HOLES, &err);
	if (!*b) {
		fail(rq, 400, err.msg);
		return -1;
	}
	*pegs = malloc((size_t)(*b)->n_holes);
	if (!*pegs || peg_pos_parse(*b, pos ? pos : "full", *pegs, &err) ||
	    (goal && !strcmp(goal, "complement")
		     ? (peg_err_set(&err, "goal 'complement' needs a start; "
				    "name the hole"), 1)
		     : peg_goal_parse(*b, goal, NULL, g, &err))) {
		free(*pegs);
		peg_board_free(*b);
		fail(rq, 400, err.msg);
		return -1;
	}
	return 0;
}

/* /api/analyse?board=..&position=..&goal=..: the board editor.  The
 * position class at once, then the live search's verdict with the
 * request budget; "unknown" means ask again (proved results stay in the
 * oracle, so each call goes further). */
static void api_analyse(struct web_api *api, struct request *rq)
{
	struct peg_play_analysis an;
	struct peg_board *b;
	struct peg_err err;
	struct peg_goal g;
	unsigned char *pegs;
	char name[64];
	cJSON *o, *a;
	double t0 = web_now_ms();

	if (analyse_input(rq, &b, &pegs, &g))
		return;
	if (peg_play_analyse(api->play, b, pegs, &g, api->cfg->budget,
			     rq->deadline, 0, &an, &err)) {
		free(pegs);
		peg_board_free(b);
		web_fail_why(rq, 503, "memory", err.msg);
		return;
	}
	o = cJSON_CreateObject();
	cJSON_AddItemToObject(o, "board", board_json(b));
	a = cJSON_CreateArray();
	for (int h = 0; h < b->n_holes; h++)
		cJSON_AddItemToArray(a, cJSON_CreateNumber(pegs[h]));
	cJSON_AddItemToObject(o, "pegs", a);
	cJSON_AddNumberToObject(o, "pegs_left", peg_pos_count(pegs, b->n_holes));
	if (an.have_class) {
		cJSON_AddStringToObject(o, "class", an.class_name);
		a = cJSON_CreateArray();
		for (int h = 0; h < b->n_holes && an.n_finish > 0; h++)
			if (an.finish[h])
				cJSON_AddItemToArray(
					a, cJSON_CreateString(peg_board_hole_name(
						   b, h, name, sizeof(name))));
		cJSON_AddItemToObject(o, "finish_holes", a);
	} else {
		cJSON_AddNullToObject(o, "class");
	}
	cJSON_AddStringToObject(o, "class_verdict",
				an.class_lose ? "lose" : "maybe");
	if (an.verdict >= 0)
		cJSON_AddStringToObject(o, "verdict",
					peg_verdict_name(an.verdict));
	else
		cJSON_AddNullToObject(o, "verdict");
	if (an.verdict >= 0 && strcmp(an.note, "oracle busy"))
		cJSON_AddNumberToObject(o, "nodes", (double)an.nodes);
	if (an.note[0])
		cJSON_AddStringToObject(o, "note", an.note);
	cJSON_AddStringToObject(o, "goal",
				peg_goal_format(b, &g, name, sizeof(name)));
	cJSON_AddNumberToObject(o, "ms", web_now_ms() - t0);
	peg_play_analysis_release(&an);
	free(pegs);
	peg_board_free(b);
	answer(rq, 200, o);
}

static cJSON *boards_json(void)
{
	const struct peg_family_info *f = peg_board_families();
	cJSON *a = cJSON_CreateArray(), *o;

	for (; f->name; f++) {
		cJSON *e = cJSON_CreateObject();

		cJSON_AddStringToObject(e, "name", f->name);
		cJSON_AddStringToObject(e, "params", f->params);
		cJSON_AddStringToObject(e, "summary", f->summary);
		cJSON_AddStringToObject(e, "example", f->example);
		cJSON_AddItemToArray(a, e);
	}
	o = cJSON_CreateObject();
	cJSON_AddItemToObject(o, "families", a);
	a = cJSON_CreateArray();
	for (const struct peg_play_offer *b = peg_play_offers(); b->spec; b++) {
		cJSON *e = cJSON_CreateObject();

		cJSON_AddStringToObject(e, "spec", b->spec);
		cJSON_AddStringToObject(e, "vacate", b->vacate);
		cJSON_AddStringToObject(e, "goal", b->goal);
		cJSON_AddItemToArray(a, e);
	}
	cJSON_AddItemToObject(o, "offered", a);
	return o;
}

/* hint and solve: the extra object, or NULL with the answer made. */
static cJSON *hint_or_solve(struct request *rq, struct peg_game *g, int solve)
{
	struct peg_play_line l;
	struct peg_err err;
	const char *reason = NULL;
	cJSON *extra;

	if (solve ? peg_game_solve(g, &l, &reason, &err)
		  : peg_game_hint(g, &l, &err)) {
		web_fail_why(rq, 503, reason ? reason : "memory", err.msg);
		return NULL;
	}
	extra = cJSON_CreateObject();
	cJSON_AddStringToObject(extra, "verdict", peg_verdict_name(l.verdict));
	if (l.note[0])
		cJSON_AddStringToObject(extra, "note", l.note);
	if (solve)
		cJSON_AddStringToObject(extra, "line",
					peg_line_kind_name(l.kind));
	cJSON_AddNumberToObject(extra, "ms", l.ms);
	if (l.verdict == PEG_WIN && l.n > 0) {
		if (!solve) {
			cJSON_AddItemToObject(extra, "jump",
					      jump_json(g->s->b, &l.jumps[0]));
		} else {
			add_jumps_text(extra, "solution", g->s->b, l.jumps,
				       l.n);
			cJSON_AddNumberToObject(extra, "solution_jumps", l.n);
			cJSON_AddNumberToObject(extra, "solution_moves",
						l.moves);
		}
	}
	peg_play_line_release(&l);
	return extra;
}

/* A game id that does not load: the error, and when a move is what is
 * bad, its index and the legal prefix, so that the page need not search
 * for it ("bad_move", "legal_moves" and the "prefix" game id). */
static void bad_game(struct web_api *api, struct request *rq, const char *id,
		     const char *msg)
{
	struct peg_err err;
	struct peg_game *g;
	char text[512];
	int bad = -1;
	cJSON *o;

	g = peg_game_load_prefix(api->play, id, &bad, &err);
	if (!g || bad < 0) {
		peg_game_free(g);
		fail(rq, 400, msg);
		return;
	}
	o = cJSON_CreateObject();
	plain_words(msg, text, sizeof(text));
	cJSON_AddStringToObject(o, "error", text);
	cJSON_AddNumberToObject(o, "status", 400);
	cJSON_AddNumberToObject(o, "bad_move", bad);
	cJSON_AddNumberToObject(o, "legal_moves", bad);
	{
		char *prefix = peg_game_id(g);

		cJSON_AddStringToObject(o, "prefix", prefix ? prefix : "");
		free(prefix);
	}
	peg_game_free(g);
	answer(rq, 400, o);
}

/* The game of a request: new, puzzle, or loaded from 'game'.  NULL with
 * the answer made. */
static struct peg_game *request_game(struct web_api *api, struct request *rq,
				     cJSON **extra)
{
	const char *what = rq->call, *game = param(rq, "game");
	const char *spec = param(rq, "board");
	struct peg_game *g;
	struct peg_err err;

	err.msg[0] = 0;
	if (!strcmp(what, "puzzle"))
		return make_puzzle(api, rq, extra);
	if (!strcmp(what, "new")) {
		if (refuse_spec(rq, spec, "missing 'board'"))
			return NULL;
		g = peg_game_create(api->play, spec, param(rq, "position"),
				    param(rq, "vacate"), param(rq, "goal"),
				    &err);
	} else {
		if (refuse_spec(rq, game, "missing 'game'"))
			return NULL;
		g = peg_game_load(api->play, game, &err);
		if (!g) {
			bad_game(api, rq, game, err.msg);
			return NULL;
		}
	}
	if (!g)
		fail(rq, 400, err.msg);
	return g;
}

/* Apply the call to the game: 0, or -1 with the answer made. */
static int apply_call(struct request *rq, struct peg_game *g, cJSON **extra)
{
	const char *what = rq->call;
	struct peg_err err;

	if (!strcmp(what, "new") || !strcmp(what, "state") ||
	    !strcmp(what, "puzzle"))
		return 0;
	if (!strcmp(what, "play")) {
		const char *from = param(rq, "from"), *to = param(rq, "to");

		if (!from || !to) {
			fail(rq, 400, "missing 'from' or 'to'");
			return -1;
		}
		if (peg_game_play_names(g, from, to, &err)) {
			fail(rq, 400, err.msg);
			return -1;
		}
	} else if (!strcmp(what, "undo")) {
		peg_game_undo(g);
	} else if (!strcmp(what, "redo")) {
		peg_game_redo(g);
	} else if (!strcmp(what, "reset")) {
		peg_game_reset(g);
	} else if (!strcmp(what, "replay")) {
		const char *moves = param(rq, "moves");

		if (!moves || peg_game_replay(g, moves, &err)) {
			fail(rq, 400, moves ? err.msg : "missing 'moves'");
			return -1;
		}
	} else if (!strcmp(what, "hint") || !strcmp(what, "solve")) {
		*extra = hint_or_solve(rq, g, !strcmp(what, "solve"));
		if (!*extra)
			return -1;
	} else if (!strcmp(what, "shortest")) {
		*extra = shortest_json(g);
	} else {
		fail(rq, 404, "unknown API call");
		return -1;
	}
	return 0;
}

/* ---- three colours (seed 004, docs/play.md "Three colours in the
 * page"): /api/tri/new, state, play, undo, redo, reset and solve.  The
 * game id is SPEC;tri:COLOURS[:seed=N];PLAYED[;FUTURE] (COLOURS one digit
 * 0/1/2 a hole, tricolor.h; the jumps "a3-a1" separated by commas),
 * replayed by the library (trigame.h) on every request ---- */

#define TRI_MAX_ID 16384    /* characters of a game id */
#define TRI_MAX_JUMPS 2048  /* jumps in it, played and undone */

/* The retrograde tables of the boards played (at most 16 holes, 5.4 MB
 * each), built by the first request on a board and kept for the process:
 * each request replays its game but need not rebuild the table (T5: 0.2
 * s of CPU).  Slots are filled once, by compare-and-swap; a request that
 * finds them all taken builds its own. */
#define TRI_TABLES 4
struct tri_table_slot {
	char spec[128];
	struct peg_tri_table *t;
};
static _Atomic(struct tri_table_slot *) tri_tables[TRI_TABLES];

static const struct peg_tri_table *tri_table(const char *spec)
{
	struct tri_table_slot *e;
	struct peg_board *b;
	struct peg_err err;
	long long holes;

	for (int i = 0; i < TRI_TABLES; i++) {
		e = atomic_load(&tri_tables[i]);
		if (e && !strcmp(e->spec, spec))
			return e->t;
	}
	holes = peg_board_spec_holes(spec, &err);
	if (holes < 0 || holes > PEG_TRIGAME_TABLE_HOLES ||
	    strlen(spec) >= sizeof(e->spec) || !(e = calloc(1, sizeof(*e))))
		return NULL;
	b = peg_board_parse(spec, &err);
	e->t = b ? peg_tri_table_new(b, 0, 1, &err) : NULL;
	peg_board_free(b);
	snprintf(e->spec, sizeof(e->spec), "%s", spec);
	for (int i = 0; e->t && i < TRI_TABLES; i++) {
		struct tri_table_slot *none = NULL;

		if (atomic_compare_exchange_strong(&tri_tables[i], &none, e))
			return e->t;
		if (!strcmp(none->spec, spec)) {
			peg_tri_table_free(e->t);
			free(e);
			return none->t;
		}
	}
	peg_tri_table_free(e->t);
	free(e);
	return NULL;
}

/* A request's three-colour game and the seed of its start (when known). */
struct tri_req {
	struct peg_trigame *g;
	uint64_t seed;
	int has_seed;
};

/* Play the jumps of a PLAYED or FUTURE field (n characters of s) in g:
 * "a3-a1,c3-a3-a1" (each hole to the next a jump).  0, or -1 with err
 * and *bad the index of the first bad item counted from *item. */
static int tri_play_field(struct peg_trigame *g, const char *s, size_t n,
			  int *item, int *played, struct peg_err *err)
{
	const struct peg_board *b = peg_trigame_board(g);
	size_t i = 0;

	while (i < n) {
		size_t e = i;
		int prev = -1;

		while (e < n && s[e] != ',')
			e++;
		for (size_t k = i; k <= e; k++) {
			char name[64];
			size_t m = k;
			int h;

			while (m < e && s[m] != '-')
				m++;
			while (k < m && s[k] == ' ')
				k++;
			if (m - k >= sizeof(name) || m == k) {
				peg_err_set(err, "jump %d: a hole name is "
					    "missing or too long", *item + 1);
				return -1;
			}
			memcpy(name, s + k, m - k);
			name[m - k] = 0;
			h = peg_board_parse_hole(b, name, err);
			if (h < 0)
				return -1;
			if (prev >= 0) {
				struct peg_err e2;

				if (++*played > TRI_MAX_JUMPS) {
					peg_err_set(err, "a game of more than "
						    "%d jumps", TRI_MAX_JUMPS);
					return -1;
				}
				if (peg_trigame_play(g, prev, h, &e2)) {
					char a[64];

					peg_err_set(err, "jump %d, %s-%s, is not "
						    "legal there", *item + 1,
						    peg_board_hole_name(b, prev,
									a,
									sizeof(a)),
						    name);
					return -1;
				}
			}
			prev = h;
			k = m;
		}
		(*item)++;
		i = e + 1;
	}
	return 0;
}

/* The game of a three-colour id: 0, or -1 with err; *bad >= 0 when the
 * board and start are good and a jump is bad (then tr->g holds the game
 * up to it). */
static int tri_load(struct web_api *api, const char *id, struct tri_req *tr,
		    int *bad, struct peg_err *err)
{
	const char *p = strstr(id, ";tri:"), *pos, *f1, *f2 = NULL;
	char spec[256], *start = NULL, *colon;
	long long holes;
	int item = 0, played = 0, n_future, r = -1;

	*bad = -1;
	if (strlen(id) > TRI_MAX_ID) {
		peg_err_set(err, "game id longer than %d characters",
			    TRI_MAX_ID);
		return -1;
	}
	if (!p || (size_t)(p - id) >= sizeof(spec)) {
		peg_err_set(err, "not a three-colour game id "
			    "(BOARD;tri:COLOURS;JUMPS)");
		return -1;
	}
	memcpy(spec, id, (size_t)(p - id));
	spec[p - id] = 0;
	if (!spec_allowed(spec)) {
		peg_err_set(err, "board files are not served");
		return -1;
	}
	holes = peg_board_spec_holes(spec, err);
	if (holes < 0)
		return -1;
	if (holes > PEG_TRI_MAX_HOLES) {
		peg_err_set(err, "three-colour games take boards of up to %d "
			    "holes, '%s' has %lld", PEG_TRI_MAX_HOLES, spec,
			    holes);
		return -1;
	}
	pos = p + 5;
	f1 = strchr(pos, ';');
	if (!f1) {
		peg_err_set(err, "the game id has no jumps field (BOARD;tri:"
			    "COLOURS;JUMPS)");
		return -1;
	}
	f2 = strchr(f1 + 1, ';');
	start = strndup(pos, (size_t)(f1 - pos));
	if (!start) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	colon = strchr(start, ':');
	if (colon) {
		*colon = 0;
		if (strncmp(colon + 1, "seed=", 5) ||
		    cli_u64(colon + 6, 0, UINT64_MAX, &tr->seed)) {
			peg_err_set(err, "bad seed in the game id ('seed=N')");
			goto out;
		}
		tr->has_seed = 1;
	}
	if (!*start) {
		peg_err_set(err, "the game id has no colours");
		goto out;
	}
	tr->g = peg_trigame_new_with(spec, start, NULL, 0,
				     (uint64_t)api->cfg->budget,
				     tri_table(spec), err);
	if (!tr->g)
		goto out;
	if (tri_play_field(tr->g, f1 + 1, f2 ? (size_t)(f2 - f1 - 1)
					      : strlen(f1 + 1),
			   &item, &played, err)) {
		*bad = item;
		goto out;
	}
	n_future = peg_trigame_jumps(tr->g);
	if (f2 && tri_play_field(tr->g, f2 + 1, strlen(f2 + 1), &item,
				 &played, err))
		*bad = item;
	/* the future is the redo tail (or its legal prefix) */
	n_future = peg_trigame_jumps(tr->g) - n_future;
	while (n_future-- > 0)
		peg_trigame_undo(tr->g);
	r = *bad >= 0 ? -1 : 0;
out:
	free(start);
	return r;
}

/* The game id of g (malloc'd, NULL without memory). */
static char *tri_id(const struct tri_req *tr)
{
	const struct peg_trigame *g = tr->g;
	const struct peg_board *b = peg_trigame_board(g);
	char *digits = peg_tri_digits(b, peg_trigame_start(g));
	int n, cur = peg_trigame_jumps(g);
	const int *h = peg_trigame_history(g, &n);
	char name[2][64];
	/* a jump is two names of at most 63 characters, '-' and ',' */
	size_t cap = strlen(b->spec) + (size_t)b->n_holes + 64 +
		     (size_t)n * 2 * sizeof(name[0]), len;
	char *s = digits ? malloc(cap) : NULL;

	if (!s) {
		free(digits);
		return NULL;
	}
	len = (size_t)snprintf(s, cap, "%s;tri:%s", b->spec, digits);
	free(digits);
	if (tr->has_seed)
		len += (size_t)snprintf(s + len, cap - len, ":seed=%llu",
					(unsigned long long)tr->seed);
	s[len++] = ';';
	for (int i = 0; i < n && len + 8 < cap; i++) {
		const struct peg_jump *j = &b->jumps[h[i]];

		if (i == cur)
			s[len++] = ';';
		else if (i)
			s[len++] = ',';
		len += (size_t)snprintf(
			s + len, cap - len, "%s-%s",
			peg_board_hole_name(b, j->from, name[0], 64),
			peg_board_hole_name(b, j->to, name[1], 64));
	}
	s[len] = 0;
	return s;
}

/* Bell notation of history entries [a, b) (malloc'd). */
static char *tri_jumps_text(const struct peg_trigame *g, int a, int e)
{
	const struct peg_board *b = peg_trigame_board(g);
	int n;
	const int *h = peg_trigame_history(g, &n);
	struct peg_jump *j = malloc(sizeof(*j) * (size_t)(e - a + 1));
	char *t;

	if (!j)
		return NULL;
	for (int i = a; i < e; i++)
		j[i - a] = b->jumps[h[i]];
	t = peg_jumps_format(b, j, e - a);
	free(j);
	return t;
}

static const char *tri_verdict_name(enum peg_trigame_verdict v)
{
	return v == PEG_TRIGAME_WIN ? "win"
	       : v == PEG_TRIGAME_LOSE ? "lose"
				       : "unknown";
}

/* What the page draws of a three-colour game. */
static cJSON *tri_state_json(const struct tri_req *tr, int hints)
{
	struct peg_trigame *g = tr->g;
	const struct peg_board *b = peg_trigame_board(g);
	const unsigned char *col = peg_trigame_colors(g);
	int n, cur = peg_trigame_jumps(g), moves = 0;
	const int *h = peg_trigame_history(g, &n);
	cJSON *o = cJSON_CreateObject(), *a, *orc;
	char *t = tri_id(tr), seed[32];
	double t0 = web_now_ms();
	uint64_t nodes = 0;
	const char *status = peg_trigame_won(g)		? "won"
			     : peg_trigame_n_legal(g) ? "playing"
						      : "stuck";

	cJSON_AddStringToObject(o, "variant", "tri");
	cJSON_AddStringToObject(o, "game", t ? t : "");
	free(t);
	cJSON_AddItemToObject(o, "board", board_json(b));
	cJSON_AddStringToObject(o, "goal", "anywhere");
	cJSON_AddNullToObject(o, "goal_hole");
	t = peg_tri_digits(b, peg_trigame_start(g));
	cJSON_AddStringToObject(o, "start", t ? t : "");
	free(t);
	snprintf(seed, sizeof(seed), "%llu", (unsigned long long)tr->seed);
	if (tr->has_seed)
		cJSON_AddStringToObject(o, "seed", seed);
	else
		cJSON_AddNullToObject(o, "seed");
	a = cJSON_CreateArray();
	for (int i = 0; i < b->n_holes; i++)
		cJSON_AddItemToArray(a, cJSON_CreateNumber(col[i]));
	cJSON_AddItemToObject(o, "pegs", a);
	cJSON_AddNumberToObject(o, "pegs_left", peg_trigame_pegs(g));
	for (int i = 0; i < cur; i++)
		moves += !i || b->jumps[h[i]].from != b->jumps[h[i - 1]].to;
	cJSON_AddNumberToObject(o, "jumps", cur);
	cJSON_AddNumberToObject(o, "moves", moves);
	cJSON_AddBoolToObject(o, "can_undo", cur > 0);
	cJSON_AddBoolToObject(o, "can_redo", peg_trigame_can_redo(g));
	t = tri_jumps_text(g, 0, cur);
	cJSON_AddStringToObject(o, "history", t ? t : "");
	free(t);
	t = tri_jumps_text(g, cur, n);
	cJSON_AddStringToObject(o, "future", t ? t : "");
	free(t);
	if (cur > 0)
		cJSON_AddItemToObject(o, "last",
				      jump_json(b, &b->jumps[h[cur - 1]]));
	cJSON_AddStringToObject(o, "status", status);
	a = cJSON_CreateArray();
	for (int k = 0; k < b->n_jumps; k++) {
		const struct peg_jump *jp = &b->jumps[k];
		cJSON *j;

		if (!peg_tri_jump_legal(col, jp))
			continue;
		j = jump_json(b, jp);
		/* over a peg of the same colour: it changes colour and stays */
		cJSON_AddBoolToObject(j, "recolours",
				      col[jp->from] == col[jp->over]);
		if (hints)
			cJSON_AddStringToObject(
				j, "verdict",
				tri_verdict_name(
					peg_trigame_jump_verdict(g, k)));
		else
			cJSON_AddNullToObject(j, "verdict");
		cJSON_AddItemToArray(a, j);
	}
	cJSON_AddItemToObject(o, "legal", a);
	if (hints)
		cJSON_AddStringToObject(
			o, "verdict",
			tri_verdict_name(peg_trigame_verdict(g, &nodes)));
	else
		cJSON_AddNullToObject(o, "verdict");
	orc = cJSON_CreateObject();
	cJSON_AddNumberToObject(orc, "nodes", (double)nodes);
	cJSON_AddStringToObject(orc, "source",
				peg_trigame_has_table(g) ? "table" : "search");
	cJSON_AddNumberToObject(orc, "ms", web_now_ms() - t0);
	cJSON_AddItemToObject(o, "oracle", orc);
	cJSON_AddBoolToObject(o, "hints_available", 1);
	cJSON_AddBoolToObject(o, "hints_exact", peg_trigame_has_table(g));
	return o;
}

/* A three-colour id that does not load: 400, with the legal prefix's id
 * when a jump is what is bad (as bad_game). */
static void tri_bad(struct request *rq, struct tri_req *tr, int bad,
		    const char *msg)
{
	cJSON *o;
	char *prefix;
	char text[600];

	snprintf(text, sizeof(text), "bad game id: %s", msg);
	if (bad < 0 || !tr->g) {
		fail(rq, 400, text);
		return;
	}
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "error", text);
	cJSON_AddNumberToObject(o, "status", 400);
	cJSON_AddNumberToObject(o, "bad_move", bad);
	cJSON_AddNumberToObject(o, "legal_moves", bad);
	prefix = tri_id(tr);
	cJSON_AddStringToObject(o, "prefix", prefix ? prefix : "");
	free(prefix);
	answer(rq, 400, o);
}

/* /api/tri/new {board, position | vacate, seed}: 0, or -1 with the
 * answer made. */
static int tri_new(struct web_api *api, struct request *rq,
		   struct tri_req *tr)
{
	const char *spec = param(rq, "board"), *pos = param(rq, "position");
	const char *seed = param(rq, "seed");
	struct peg_err err;
	long long holes;

	if (refuse_spec(rq, spec, "missing 'board'"))
		return -1;
	holes = peg_board_spec_holes(spec, &err);
	if (holes < 0 || holes > PEG_TRI_MAX_HOLES) {
		if (holes >= 0)
			snprintf(err.msg, sizeof(err.msg),
				 "three-colour games take boards of up to %d "
				 "holes, this one has %lld",
				 PEG_TRI_MAX_HOLES, holes);
		fail(rq, 400, err.msg);
		return -1;
	}
	if (pos && *pos && strlen(pos) > 4 * PEG_TRI_MAX_HOLES) {
		fail(rq, 400, "'position' is too long");
		return -1;
	}
	if (!(pos && *pos)) {
		if (seed && *seed) {
			if (cli_u64(seed, 0, UINT64_MAX, &tr->seed)) {
				fail(rq, 400, "bad 'seed' (a whole number "
					      "from 0 to "
					      "18446744073709551615)");
				return -1;
			}
		} else {
			struct timespec t;

			clock_gettime(CLOCK_REALTIME, &t);
			tr->seed = ((uint64_t)t.tv_sec * 1000003u +
				    (uint64_t)t.tv_nsec) %
				   1000000000ull;
		}
		tr->has_seed = 1;
	}
	tr->g = peg_trigame_new_with(spec, pos, param(rq, "vacate"),
				     tr->seed, (uint64_t)api->cfg->budget,
				     tri_table(spec), &err);
	if (!tr->g) {
		fail(rq, 400, err.msg);
		return -1;
	}
	return 0;
}

/* /api/tri/solve: a verified solution from here as the redo tail. */
static cJSON *tri_solve(struct tri_req *tr)
{
	cJSON *o = cJSON_CreateObject();
	int *jumps = NULL, n = 0, moves = 0, cur = peg_trigame_jumps(tr->g);
	const struct peg_board *b = peg_trigame_board(tr->g);
	double t0 = web_now_ms();
	enum peg_trigame_verdict v = peg_trigame_solve(tr->g, &jumps, &n);

	cJSON_AddStringToObject(o, "verdict", tri_verdict_name(v));
	cJSON_AddStringToObject(o, "line", peg_trigame_has_table(tr->g)
						   ? "table"
						   : "search");
	if (v == PEG_TRIGAME_WIN && n > 0) {
		char *t = tri_jumps_text(tr->g, cur, cur + n);

		for (int i = 0; i < n; i++)
			moves += !i || b->jumps[jumps[i]].from !=
					       b->jumps[jumps[i - 1]].to;
		cJSON_AddStringToObject(o, "solution", t ? t : "");
		free(t);
		cJSON_AddNumberToObject(o, "solution_jumps", n);
		cJSON_AddNumberToObject(o, "solution_moves", moves);
	} else if (v == PEG_TRIGAME_UNKNOWN) {
		cJSON_AddStringToObject(o, "note",
					"the search met its budget first");
	}
	cJSON_AddNumberToObject(o, "ms", web_now_ms() - t0);
	free(jumps);
	return o;
}

/* Answer /api/tri/CALL. */
static void tri_run(struct web_api *api, struct request *rq)
{
	const char *what = rq->call + 4, *game = param(rq, "game");
	struct tri_req tr = {0};
	struct peg_err err;
	cJSON *extra = NULL, *o;
	int bad;

	if (!strcmp(what, "new")) {
		if (tri_new(api, rq, &tr))
			return;
	} else {
		if (refuse_spec(rq, game, "missing 'game'"))
			return;
		if (tri_load(api, game, &tr, &bad, &err)) {
			tri_bad(rq, &tr, bad, err.msg);
			peg_trigame_free(tr.g);
			return;
		}
	}
	if (!strcmp(what, "play")) {
		const char *from = param(rq, "from"), *to = param(rq, "to");
		const struct peg_board *b = peg_trigame_board(tr.g);
		int f = from ? peg_board_parse_hole(b, from, &err) : -1;
		int t = f >= 0 && to ? peg_board_parse_hole(b, to, &err) : -1;

		if (!from || !to)
			snprintf(err.msg, sizeof(err.msg),
				 "missing 'from' or 'to'");
		if (f < 0 || t < 0 || peg_trigame_play(tr.g, f, t, &err)) {
			peg_trigame_free(tr.g);
			fail(rq, 400, err.msg);
			return;
		}
	} else if (!strcmp(what, "undo")) {
		peg_trigame_undo(tr.g);
	} else if (!strcmp(what, "redo")) {
		peg_trigame_redo(tr.g);
	} else if (!strcmp(what, "reset")) {
		peg_trigame_reset(tr.g);
	} else if (!strcmp(what, "solve")) {
		extra = tri_solve(&tr);
	}
	o = tri_state_json(&tr, hints_level(param(rq, "hints")));
	if (extra)
		cJSON_AddItemToObject(o, "solve", extra);
	peg_trigame_free(tr.g);
	answer(rq, 200, o);
}

void web_api_run(struct web_api *api, struct request *rq)
{
	const char *what = rq->call;
	int hints = hints_level(param(rq, "hints"));
	int want_moves = param(rq, "moves") && hints_level(param(rq, "moves"));
	struct peg_game *g;
	cJSON *extra = NULL, *o;

	if (*api->stopping) {
		web_fail_why(rq, 503, "stopping", "the server is stopping");
		return;
	}
	if (web_now_ms() > rq->deadline) {
		web_fail_why(rq, 503, "time",
			     "the request waited past its time budget");
		return;
	}
	if (!strncmp(what, "tri/", 4)) {
		tri_run(api, rq);
		return;
	}
	if (!strcmp(what, "boards")) {
		answer(rq, 200, boards_json());
		return;
	}
	if (!strcmp(what, "construct")) {
		api_construct(rq);
		return;
	}
	if (!strcmp(what, "analyse")) {
		api_analyse(api, rq);
		return;
	}
	g = request_game(api, rq, &extra);
	if (!g)
		return;
	g->deadline = rq->deadline;
	g->effects = rq->post;
	if (apply_call(rq, g, &extra)) {
		cJSON_Delete(extra);
		peg_game_free(g);
		return;
	}
	o = state_json(g, hints, want_moves);
	if (extra)
		cJSON_AddItemToObject(o, what, extra);
	peg_game_free(g);
	answer(rq, 200, o);
}

/* Calls that search nothing, and boards of up to WEB_LIGHT_HOLES holes
 * (checked from the spec alone; a bad spec is an error answered at
 * once). */
int web_is_light(struct request *rq)
{
	const char *what = rq->call, *spec = param(rq, "board");
	const char *game = param(rq, "game");
	struct peg_err err;
	char buf[256];
	long long n;

	if (!strcmp(what, "boards") || !strcmp(what, "construct"))
		return 1;
	if (!strncmp(what, "tri/", 4))
		return 0; /* the retrograde table or a search: a worker */
	if (!hints_level(param(rq, "hints")) &&
	    (!strcmp(what, "new") || !strcmp(what, "state") ||
	     !strcmp(what, "play") || !strcmp(what, "undo") ||
	     !strcmp(what, "redo") || !strcmp(what, "reset") ||
	     !strcmp(what, "replay")))
		return 1;
	if (strcmp(what, "new") && strcmp(what, "puzzle") &&
	    strcmp(what, "analyse")) {
		const char *semi = game ? strchr(game, ';') : NULL;

		if (!semi)
			return 1; /* a bad id: an error at once */
		if ((size_t)(semi - game) >= sizeof(buf))
			return 0;
		memcpy(buf, game, (size_t)(semi - game));
		buf[semi - game] = 0;
		spec = buf;
	}
	if (!spec || !*spec || !spec_allowed(spec))
		return 1;
	n = peg_board_spec_holes(spec, &err);
	return n < 0 || n > MAX_SERVE_HOLES || n <= WEB_LIGHT_HOLES;
}
