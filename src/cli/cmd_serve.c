/* cmd_serve.c - pegsol serve: the web game.  A libmicrohttpd server (one
 * thread per connection, so a slow search never blocks other players)
 * serving the static page in web/ (embedded at build time) and a stateless
 * JSON API over the session layer and the oracle: every request carries the
 * game id, every answer carries the new one (docs/play.md). */
#include "cli.h"
#include "playkit.h"

#include "pegsol/construct.h"
#include "pegsol/line.h"
#include "pegsol/oracle.h"
#include "pegsol/pos.h"
#include "pegsol/puzzle.h"
#include "pegsol/session.h"
#include "pegsol/shortest.h"
#include "pegsol/solution.h"
#include "pegsol/theory.h"
#include "pegsol/winsets.h"

#include <arpa/inet.h>
#include <errno.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* The page, embedded from web/ (the Makefile makes cmd_serve.o depend on
 * the files in web/).  Each file is NUL-terminated. */
#define EMBED(sym, path)                                                      \
	__asm__(".section .rodata\n.global " #sym "\n.balign 16\n" #sym       \
		":\n.incbin \"" path "\"\n.byte 0\n.previous\n");             \
	extern const char sym[]
EMBED(pegsol_web_index, "web/index.html");
EMBED(pegsol_web_app, "web/app.js");
EMBED(pegsol_web_style, "web/style.css");

static const char usage[] =
	"usage: pegsol serve [--port P] [--host ADDR] [--budget NODES]\n"
	"                    [--root DIR] [--sets off|auto|all] [--cache DIR]\n\n"
	"Serve the web game on http://ADDR:P/ (default 127.0.0.1:8080; port 0\n"
	"picks a free port).  The first line on stdout is the address.\n"
	"--budget caps the oracle's search per request (default 300000\n"
	"positions); past it jumps are marked 'unknown'.  --root serves the\n"
	"page from DIR instead of the copy built in.  --sets: precomputed\n"
	"winning sets answer the hints on small boards (auto: up to 25 holes\n"
	"and English; computed once, in the background past 21 holes, and\n"
	"cached in --cache DIR, default $PEGSOL_CACHE, $XDG_CACHE_HOME/pegsol\n"
	"or ~/.cache/pegsol).  Stop with Ctrl-C.\n"
	"API: docs/play.md.\n";

#define MAX_BODY 65536
#define MAX_ORACLES 32
#define MAX_SERVE_HOLES 1000
#define LOCK_WAIT_MS 2000
#define MAX_WINSETS 128
#define SYNC_SETS_HOLES 21     /* compute in the request up to this size */
#define MAX_DEMO_SIDE 60       /* the constructive demo: T_n, n <= 60 */
#define MAX_SHORTEST_HOLES 21  /* fewest-moves optimum computed live */
#define MAX_SHORTEST 64        /* optima kept */

/* Precomputed winning sets of one problem (board, start, goal hole). */
struct ws_entry {
	char *spec;
	uint64_t start;
	int finish;
	struct peg_board *b;     /* owned: the sets point into it */
	unsigned char *startpos;
	struct peg_winsets *w;   /* when ready */
	int state;               /* WS_* */
	double ms;
	int from_cache;
	struct server *sv;
};

enum { WS_COMPUTING, WS_READY, WS_FAILED };

/* A known fewest-moves optimum. */
struct opt_entry {
	char *key;  /* spec;start;finish */
	int moves;  /* -1 unsolvable */
	char *solution;
};

/* One oracle per board and goal hole, kept for the server's life. */
struct cached_oracle {
	char *spec;
	int goal_hole; /* -1 = anywhere */
	struct peg_board *b;
	struct peg_oracle *o;
	pthread_mutex_t lock;
};

struct server {
	long budget;
	const char *root;
	int sets_mode;
	const char *cache_dir;  /* NULL: sets in memory only */
	struct ws_entry *ws[MAX_WINSETS];
	int n_ws;
	struct opt_entry opt[MAX_SHORTEST];
	int n_opt;
	pthread_mutex_t lock; /* guards the cache list */
	struct cached_oracle *cache[MAX_ORACLES];
	int n_cache;
};

/* Per connection: the POST body. */
struct request {
	char *body;
	size_t len;
	int too_big;
};

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static enum MHD_Result send_text(struct MHD_Connection *c, unsigned status,
				 const char *type, const char *text,
				 size_t len)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(
		len, (void *)text, MHD_RESPMEM_MUST_COPY);
	enum MHD_Result ret;

	if (!r)
		return MHD_NO;
	MHD_add_response_header(r, "Content-Type", type);
	MHD_add_response_header(r, "Cache-Control", "no-store");
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	ret = MHD_queue_response(c, status, r);
	MHD_destroy_response(r);
	return ret;
}

static enum MHD_Result send_json(struct MHD_Connection *c, unsigned status,
				 cJSON *o)
{
	char *s = cJSON_PrintUnformatted(o);
	enum MHD_Result r;

	cJSON_Delete(o);
	if (!s)
		return send_text(c, 500, "application/json",
				 "{\"error\":\"out of memory\"}", 25);
	r = send_text(c, status, "application/json", s, strlen(s));
	free(s);
	return r;
}

static enum MHD_Result send_error(struct MHD_Connection *c, unsigned status,
				  const char *msg)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "error", msg);
	cJSON_AddNumberToObject(o, "status", status);
	return send_json(c, status, o);
}

/* ---- the oracle cache ---- */

static struct cached_oracle *oracle_for(struct server *sv,
					const struct peg_board *b,
					const struct peg_goal *goal)
{
	struct cached_oracle *e = NULL;
	struct peg_err err;
	int hole = goal->kind == PEG_GOAL_ANYWHERE ? -1 : goal->hole;

	if (b->n_holes > 63)
		return NULL;
	pthread_mutex_lock(&sv->lock);
	for (int i = 0; i < sv->n_cache; i++)
		if (sv->cache[i]->goal_hole == hole &&
		    !strcmp(sv->cache[i]->spec, b->spec)) {
			e = sv->cache[i];
			goto out;
		}
	if (sv->n_cache == MAX_ORACLES)
		goto out;
	e = calloc(1, sizeof(*e));
	if (!e)
		goto out;
	e->goal_hole = hole;
	e->spec = strdup(b->spec);
	e->b = e->spec ? peg_board_parse(e->spec, &err) : NULL;
	e->o = e->b ? peg_oracle_new(e->b, goal, (size_t)1 << 22, &err)
		    : NULL;
	if (!e->o) {
		peg_board_free(e->b);
		free(e->spec);
		free(e);
		e = NULL;
		goto out;
	}
	pthread_mutex_init(&e->lock, NULL);
	sv->cache[sv->n_cache++] = e;
out:
	pthread_mutex_unlock(&sv->lock);
	return e;
}

static struct cached_oracle *oracle_get(struct server *sv,
					const struct peg_session *s)
{
	return oracle_for(sv, s->b, &s->goal);
}

/* ---- the winning-sets cache ---- */

static void *ws_compute(void *arg)
{
	struct ws_entry *e = arg;
	struct peg_winsets *w = NULL;
	struct peg_winsets_info info;
	struct peg_err err;
	int ok = !peg_winsets_open(e->b, e->startpos, e->finish,
				   e->sv->cache_dir, 1, &w, &info, &err);

	pthread_mutex_lock(&e->sv->lock);
	e->w = w;
	e->ms = info.ms;
	e->from_cache = info.from_cache;
	e->state = ok ? WS_READY : WS_FAILED;
	pthread_mutex_unlock(&e->sv->lock);
	return NULL;
}

/* The winning sets of the session's problem when they are ready (NULL
 * otherwise, *note says why).  Small boards are computed in the request,
 * bigger ones in a background thread while the live search answers. */
static const struct peg_winsets *winsets_get(struct server *sv,
					     const struct peg_session *s,
					     const char **note)
{
	struct ws_entry *e = NULL;
	const struct peg_winsets *w = NULL;
	uint64_t start;
	int finish = playkit_finish(s), sync;
	struct peg_err err;

	if (!playkit_sets_wanted(s, sv->sets_mode))
		return NULL;
	start = peg_pos_to64(s->start, s->b->n_holes);
	pthread_mutex_lock(&sv->lock);
	for (int i = 0; i < sv->n_ws; i++)
		if (sv->ws[i]->start == start &&
		    sv->ws[i]->finish == finish &&
		    !strcmp(sv->ws[i]->spec, s->b->spec)) {
			e = sv->ws[i];
			break;
		}
	if (e) {
		if (e->state == WS_READY)
			w = e->w;
		else if (e->state == WS_COMPUTING)
			*note = "precomputing the winning sets";
		pthread_mutex_unlock(&sv->lock);
		return w;
	}
	if (sv->n_ws == MAX_WINSETS) {
		pthread_mutex_unlock(&sv->lock);
		return NULL;
	}
	e = calloc(1, sizeof(*e));
	if (e) {
		e->spec = strdup(s->b->spec);
		e->b = e->spec ? peg_board_parse(e->spec, &err) : NULL;
		e->startpos = malloc((size_t)s->b->n_holes);
	}
	if (!e || !e->b || !e->startpos) {
		if (e) {
			peg_board_free(e->b);
			free(e->spec);
			free(e->startpos);
			free(e);
		}
		pthread_mutex_unlock(&sv->lock);
		return NULL;
	}
	memcpy(e->startpos, s->start, (size_t)s->b->n_holes);
	e->start = start;
	e->finish = finish;
	e->sv = sv;
	e->state = WS_COMPUTING;
	sv->ws[sv->n_ws++] = e;
	pthread_mutex_unlock(&sv->lock);
	sync = s->b->n_holes <= SYNC_SETS_HOLES;
	if (!sync) {
		pthread_t t;
		char path[1100];

		/* a cached file loads fast enough to wait for */
		peg_winsets_path(s->b, s->start, finish, sv->cache_dir, path,
				 sizeof(path));
		sync = sv->cache_dir && !access(path, R_OK);
		if (!sync) {
			if (pthread_create(&t, NULL, ws_compute, e)) {
				pthread_mutex_lock(&sv->lock);
				e->state = WS_FAILED;
				pthread_mutex_unlock(&sv->lock);
			} else {
				pthread_detach(t);
			}
			*note = "precomputing the winning sets";
			return NULL;
		}
	}
	ws_compute(e);
	pthread_mutex_lock(&sv->lock);
	w = e->state == WS_READY ? e->w : NULL;
	pthread_mutex_unlock(&sv->lock);
	return w;
}

static int lock_wait(pthread_mutex_t *m)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	t.tv_sec += LOCK_WAIT_MS / 1000;
	return pthread_mutex_timedlock(m, &t);
}

/* Oracle verdicts for the session's position: out[n_jumps].  Returns the
 * position's verdict, or -1 when no oracle answers (note says why). */
static int classify(struct server *sv, const struct peg_session *s,
		    enum peg_verdict *out, long *nodes, const char **note,
		    const char **source, struct peg_move_list *moves)
{
	struct cached_oracle *e = oracle_get(sv, s);
	const struct peg_winsets *w = e ? winsets_get(sv, s, note) : NULL;
	int v;

	*nodes = 0;
	if (!e) {
		*note = s->b->n_holes > 63 ? "no oracle for boards past 63 holes"
					   : "oracle unavailable";
		return -1;
	}
	if (lock_wait(&e->lock)) {
		*note = "oracle busy, try again";
		return -1;
	}
	*source = w ? "sets" : "search";
	v = peg_oracle_classify_played(e->o, w, s->pegs, sv->budget, out);
	if (moves && peg_oracle_classify_moves(e->o, w, s->pegs, sv->budget,
					       512, moves) < 0)
		memset(moves, 0, sizeof(*moves));
	{
		struct peg_oracle_stats st;

		peg_oracle_stats(e->o, &st);
		*nodes = st.nodes;
	}
	pthread_mutex_unlock(&e->lock);
	return v;
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

/* The full state of a session: what the page draws. */
static cJSON *state_json(struct server *sv, const struct peg_session *s,
			 int hints, int want_moves)
{
	struct peg_move_list ml;
	const char *source = NULL;

	memset(&ml, 0, sizeof(ml));
	const struct peg_board *b = s->b;
	cJSON *o = cJSON_CreateObject(), *pegs, *legal, *orc;
	enum peg_verdict *out = NULL;
	char *id = peg_session_save(s, 1), goal[64];
	int v = -1, n_legal = peg_session_n_legal(s);
	long nodes = 0;
	const char *note = NULL;
	double t0 = now_ms();

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
		cJSON_AddItemToObject(o, "last", jump_json(b, &s->hist[s->cur - 1]));
	cJSON_AddStringToObject(o, "status",
				peg_session_won(s) ? "won"
				: n_legal == 0	   ? "stuck"
						   : "playing");
	if (hints && n_legal > 0) {
		out = malloc(sizeof(*out) * (size_t)(b->n_jumps ? b->n_jumps : 1));
		if (out)
			v = classify(sv, s, out, &nodes, &note, &source,
				     want_moves ? &ml : NULL);
	} else if (n_legal == 0) {
		v = peg_session_won(s) ? PEG_WIN : PEG_LOSE;
	}
	legal = cJSON_CreateArray();
	for (int k = 0; k < b->n_jumps; k++) {
		cJSON *j;

		if (!peg_jump_legal(s->pegs, &b->jumps[k]))
			continue;
		j = jump_json(b, &b->jumps[k]);
		if (v >= 0 && out)
			cJSON_AddStringToObject(j, "verdict",
						peg_verdict_name(out[k]));
		else
			cJSON_AddNullToObject(j, "verdict");
		cJSON_AddItemToArray(legal, j);
	}
	cJSON_AddItemToObject(o, "legal", legal);
	if (want_moves && v >= 0 && out) {
		cJSON *a = cJSON_CreateArray();

		for (int i = 0; i < ml.n; i++) {
			cJSON *m = cJSON_CreateObject();
			char *t = peg_jumps_format(b, ml.jump + ml.off[i],
						   ml.off[i + 1] - ml.off[i]);

			cJSON_AddStringToObject(m, "move", t ? t : "");
			free(t);
			cJSON_AddNumberToObject(m, "jumps",
						ml.off[i + 1] - ml.off[i]);
			cJSON_AddStringToObject(m, "verdict",
						peg_verdict_name(ml.verdict[i]));
			cJSON_AddItemToArray(a, m);
		}
		cJSON_AddItemToObject(o, "legal_moves", a);
		if (ml.truncated)
			cJSON_AddBoolToObject(o, "legal_moves_truncated", 1);
		peg_move_list_release(&ml);
	}
	if (v >= 0)
		cJSON_AddStringToObject(o, "verdict", peg_verdict_name(v));
	else
		cJSON_AddNullToObject(o, "verdict");
	orc = cJSON_CreateObject();
	cJSON_AddNumberToObject(orc, "nodes", (double)nodes);
	if (source)
		cJSON_AddStringToObject(orc, "source", source);
	cJSON_AddNumberToObject(orc, "ms", now_ms() - t0);
	if (note)
		cJSON_AddStringToObject(orc, "note", note);
	cJSON_AddItemToObject(o, "oracle", orc);
	free(out);
	return o;
}

/* ---- parameters: query string or JSON body ---- */

struct params {
	struct MHD_Connection *c;
	cJSON *body;
	char num[32];
};

static const char *param(struct params *p, const char *key)
{
	const char *v = MHD_lookup_connection_value(p->c, MHD_GET_ARGUMENT_KIND,
						    key);
	cJSON *j;

	if (v || !p->body)
		return v;
	j = cJSON_GetObjectItemCaseSensitive(p->body, key);
	if (cJSON_IsString(j))
		return j->valuestring;
	if (cJSON_IsNumber(j)) {
		snprintf(p->num, sizeof(p->num), "%d", j->valueint);
		return p->num;
	}
	if (cJSON_IsBool(j))
		return cJSON_IsTrue(j) ? "1" : "0";
	return NULL;
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

/* ---- the constructive demo, puzzles, fewest moves, the editor ---- */

/* GET /api/construct?n=20&vacate=a1: the constructive solution of T_n
 * (construct.h), replayed here once more before it is sent. */
static enum MHD_Result api_construct(struct MHD_Connection *c,
				     struct params *p)
{
	const char *ns = param(p, "n"), *vac = param(p, "vacate");
	char spec[32], *end = NULL, name[64];
	long n = ns ? strtol(ns, &end, 10) : 0;
	struct peg_board *b;
	struct peg_construct *plan = NULL;
	struct peg_construct_info info;
	struct peg_jump *jumps = NULL;
	long nj = 0;
	struct peg_err err;
	unsigned char *pegs;
	cJSON *o, *a;
	int h, last = -1;
	double t0 = now_ms();

	if (!ns || *end || n < 4 || n > MAX_DEMO_SIDE) {
		snprintf(err.msg, sizeof(err.msg),
			 "'n' must be a side from 4 to %d", MAX_DEMO_SIDE);
		return send_error(c, 400, err.msg);
	}
	snprintf(spec, sizeof(spec), "triangle:%ld", n);
	b = peg_board_parse(spec, &err);
	if (!b)
		return send_error(c, 400, err.msg);
	h = peg_board_parse_hole(b, vac && *vac ? vac : "a1", &err);
	if (h < 0) {
		peg_board_free(b);
		return send_error(c, 400, err.msg);
	}
	if (peg_construct_plan((int)n, b->hx[h], b->hy[h], &plan, &err) ||
	    peg_construct_jumps(plan, &jumps, &nj, &err)) {
		peg_construct_free(plan);
		peg_board_free(b);
		return send_error(c, 400, err.msg);
	}
	peg_construct_get_info(plan, &info);
	peg_construct_free(plan);
	pegs = malloc((size_t)b->n_holes);
	if (!pegs) {
		free(jumps);
		peg_board_free(b);
		return send_error(c, 500, "out of memory");
	}
	memset(pegs, 1, (size_t)b->n_holes);
	pegs[h] = 0;
	if (peg_jumps_replay(b, jumps, (int)nj, pegs, &err) ||
	    peg_pos_count(pegs, b->n_holes) != 1) {
		free(pegs);
		free(jumps);
		peg_board_free(b);
		return send_error(c, 500, "constructed solution does not replay");
	}
	for (int i = 0; i < b->n_holes; i++)
		if (pegs[i])
			last = i;
	o = cJSON_CreateObject();
	cJSON_AddItemToObject(o, "board", board_json(b));
	cJSON_AddStringToObject(o, "vacate",
				peg_board_hole_name(b, h, name, sizeof(name)));
	cJSON_AddNumberToObject(o, "vacate_index", h);
	cJSON_AddStringToObject(o, "finish",
				peg_board_hole_name(b, last, name, sizeof(name)));
	cJSON_AddNumberToObject(o, "n_jumps", (double)nj);
	cJSON_AddNumberToObject(o, "n_moves",
				peg_jumps_count_moves(jumps, (int)nj));
	cJSON_AddNumberToObject(o, "purges", (double)info.n_purges);
	cJSON_AddBoolToObject(o, "verified", 1);
	a = cJSON_CreateArray();
	for (long i = 0; i < nj; i++) {
		int t[3] = {jumps[i].from, jumps[i].over, jumps[i].to};

		cJSON_AddItemToArray(a, cJSON_CreateIntArray(t, 3));
	}
	cJSON_AddItemToObject(o, "jumps", a);
	cJSON_AddNumberToObject(o, "ms", now_ms() - t0);
	free(pegs);
	free(jumps);
	peg_board_free(b);
	return send_json(c, 200, o);
}

/* /api/puzzle?board=..&seed=..&level=..&pegs=..: a new game on a generated
 * puzzle (puzzle.h).  Returns the session, or NULL with the error sent. */
static struct peg_session *make_puzzle(struct MHD_Connection *c,
				       struct params *p, cJSON **extra,
				       enum MHD_Result *r)
{
	const char *spec = param(p, "board"), *seed = param(p, "seed");
	const char *level = param(p, "level"), *pegs = param(p, "pegs");
	struct peg_puzzle_opts opts = {0};
	struct peg_puzzle pz;
	struct peg_board *b;
	struct peg_session *s;
	struct peg_goal g;
	struct peg_err err;
	char *end, seed_s[32], name[64];
	int lv = level && *level ? peg_puzzle_level_parse(level) : 0;

	if (!spec || !*spec || !spec_allowed(spec)) {
		*r = send_error(c, 400, spec && *spec ? "board files are not served"
					       : "missing 'board'");
		return NULL;
	}
	if (lv < 0) {
		*r = send_error(c, 400, "bad 'level' (any, easy, medium, hard)");
		return NULL;
	}
	if (seed && *seed) {
		opts.seed = strtoull(seed, &end, 10);
		if (*end) {
			*r = send_error(c, 400, "bad 'seed' (a number)");
			return NULL;
		}
	} else {
		struct timespec t;

		clock_gettime(CLOCK_REALTIME, &t);
		opts.seed = (uint64_t)t.tv_sec * 1000003u + (uint64_t)t.tv_nsec;
		opts.seed %= 1000000000ull;
	}
	if (pegs && *pegs) {
		opts.pegs = (int)strtol(pegs, &end, 10);
		if (*end || opts.pegs < 2) {
			*r = send_error(c, 400, "bad 'pegs'");
			return NULL;
		}
	}
	opts.finish = -1;
	opts.level = (enum peg_puzzle_level)lv;
	opts.budget = 300000;
	b = peg_board_parse(spec, &err);
	if (b && peg_puzzle_generate(b, &opts, &pz, &err)) {
		peg_board_free(b);
		b = NULL;
	}
	if (!b) {
		*r = send_error(c, 400, err.msg);
		return NULL;
	}
	g.kind = PEG_GOAL_HOLE;
	g.hole = pz.finish;
	*extra = cJSON_CreateObject();
	snprintf(seed_s, sizeof(seed_s), "%llu", (unsigned long long)pz.seed);
	cJSON_AddStringToObject(*extra, "seed", seed_s);
	cJSON_AddStringToObject(*extra, "level", peg_puzzle_level_name(lv));
	cJSON_AddStringToObject(*extra, "grade", peg_puzzle_level_name(pz.grade));
	cJSON_AddNumberToObject(*extra, "score", pz.score);
	cJSON_AddNumberToObject(*extra, "pegs", pz.pegs);
	cJSON_AddStringToObject(*extra, "finish",
				peg_board_hole_name(b, pz.finish, name,
						    sizeof(name)));
	s = peg_session_new(b, pz.start, &g, &err);
	peg_puzzle_release(&pz);
	if (!s) {
		cJSON_Delete(*extra);
		*extra = NULL;
		*r = send_error(c, 400, err.msg);
	}
	return s;
}

/* The fewest moves from the game's start (shortest.h), for small boards;
 * remembered per problem. */
static cJSON *shortest_json(struct server *sv, const struct peg_session *s)
{
	cJSON *o = cJSON_CreateObject();
	int finish = playkit_finish(s), moves = -2;
	char *key, *sol = NULL;
	size_t klen;

	cJSON_AddNumberToObject(o, "your_moves", peg_session_moves(s));
	if (s->b->n_holes > MAX_SHORTEST_HOLES) {
		cJSON_AddNullToObject(o, "moves");
		cJSON_AddStringToObject(o, "note",
					"the optimum is computed for boards "
					"of up to 21 holes");
		return o;
	}
	klen = strlen(s->b->spec) + 64;
	key = malloc(klen);
	if (!key)
		return o;
	snprintf(key, klen, "%s;%llx;%d", s->b->spec,
		 (unsigned long long)peg_pos_to64(s->start, s->b->n_holes),
		 finish);
	pthread_mutex_lock(&sv->lock);
	for (int i = 0; i < sv->n_opt; i++)
		if (!strcmp(sv->opt[i].key, key)) {
			moves = sv->opt[i].moves;
			sol = sv->opt[i].solution ? strdup(sv->opt[i].solution)
						  : NULL;
		}
	pthread_mutex_unlock(&sv->lock);
	if (moves == -2) {
		struct peg_shortest_opts opts = {0};
		struct peg_shortest_result res;
		struct peg_err err;

		opts.threads = 1;
		opts.max_states = 4000000;
		memset(&res, 0, sizeof(res));
		if (peg_shortest(s->b, peg_pos_to64(s->start, s->b->n_holes),
				 finish, &opts, &res, &err)) {
			cJSON_AddNullToObject(o, "moves");
			cJSON_AddStringToObject(o, "note", err.msg);
			free(key);
			return o;
		}
		moves = res.solved ? res.moves : -1;
		sol = res.solved ? peg_jumps_format(s->b, res.jumps,
						    res.n_jumps)
				 : NULL;
		peg_shortest_result_release(&res);
		pthread_mutex_lock(&sv->lock);
		if (sv->n_opt < MAX_SHORTEST) {
			sv->opt[sv->n_opt].key = key;
			sv->opt[sv->n_opt].moves = moves;
			sv->opt[sv->n_opt].solution = sol ? strdup(sol) : NULL;
			sv->n_opt++;
			key = NULL;
		}
		pthread_mutex_unlock(&sv->lock);
	}
	free(key);
	if (moves < 0) {
		cJSON_AddNullToObject(o, "moves");
		cJSON_AddStringToObject(o, "note", "no solution from the start");
	} else {
		cJSON_AddNumberToObject(o, "moves", moves);
		cJSON_AddStringToObject(o, "solution", sol ? sol : "");
	}
	free(sol);
	return o;
}

/* /api/analyse?board=..&position=..&goal=..: the board editor.  The
 * position class (theory.h) at once, then the live search's verdict with
 * the request budget; "unknown" means ask again (proved results stay in
 * the oracle, so each call goes further). */
static enum MHD_Result api_analyse(struct server *sv, struct MHD_Connection *c,
				   struct params *p)
{
	const char *spec = param(p, "board"), *pos = param(p, "position");
	const char *goal = param(p, "goal");
	struct peg_board *b;
	struct peg_err err;
	struct peg_goal g;
	unsigned char *pegs = NULL, *fin = NULL;
	unsigned cls;
	char name[64];
	cJSON *o, *a;
	struct cached_oracle *e;
	double t0 = now_ms();

	if (!spec || !*spec || !spec_allowed(spec))
		return send_error(c, 400, spec && *spec
						  ? "board files are not served"
						  : "missing 'board'");
	b = peg_board_parse(spec, &err);
	if (!b)
		return send_error(c, 400, err.msg);
	if (b->n_holes > MAX_SERVE_HOLES) {
		peg_board_free(b);
		return send_error(c, 400, "board too large to serve");
	}
	pegs = malloc((size_t)b->n_holes);
	fin = malloc((size_t)b->n_holes);
	if (!pegs || !fin || peg_pos_parse(b, pos ? pos : "full", pegs, &err) ||
	    (goal && !strcmp(goal, "complement")
		     ? (peg_err_set(&err, "goal 'complement' needs a start; "
				    "name the hole"), 1)
		     : peg_goal_parse(b, goal, NULL, &g, &err))) {
		free(pegs);
		free(fin);
		peg_board_free(b);
		return send_error(c, 400, err.msg);
	}
	o = cJSON_CreateObject();
	cJSON_AddItemToObject(o, "board", board_json(b));
	a = cJSON_CreateArray();
	for (int h = 0; h < b->n_holes; h++)
		cJSON_AddItemToArray(a, cJSON_CreateNumber(pegs[h]));
	cJSON_AddItemToObject(o, "pegs", a);
	cJSON_AddNumberToObject(o, "pegs_left", peg_pos_count(pegs, b->n_holes));
	if (!peg_theory_class(b, pegs, &cls, &err)) {
		int nf = peg_theory_finish_holes(b, pegs, fin, &err);

		cJSON_AddStringToObject(o, "class",
					peg_theory_class_name(b, cls, name,
							      sizeof(name)));
		a = cJSON_CreateArray();
		for (int h = 0; h < b->n_holes && nf > 0; h++)
			if (fin[h])
				cJSON_AddItemToArray(
					a, cJSON_CreateString(peg_board_hole_name(
						   b, h, name, sizeof(name))));
		cJSON_AddItemToObject(o, "finish_holes", a);
		/* the class rules out a goal hole outside the finish set */
		if (g.kind == PEG_GOAL_HOLE && nf >= 0 && !fin[g.hole])
			cJSON_AddStringToObject(o, "class_verdict", "lose");
		else if (nf == 0)
			cJSON_AddStringToObject(o, "class_verdict", "lose");
		else
			cJSON_AddStringToObject(o, "class_verdict", "maybe");
	} else {
		cJSON_AddNullToObject(o, "class");
		cJSON_AddStringToObject(o, "class_verdict", "maybe");
	}
	e = oracle_for(sv, b, &g);
	if (!e) {
		cJSON_AddNullToObject(o, "verdict");
		cJSON_AddStringToObject(o, "note", "no search past 63 holes");
	} else if (lock_wait(&e->lock)) {
		cJSON_AddStringToObject(o, "verdict", "unknown");
		cJSON_AddStringToObject(o, "note", "oracle busy");
	} else {
		struct peg_oracle_stats st;
		enum peg_verdict v = peg_oracle_solvable(e->o, pegs, sv->budget);

		peg_oracle_stats(e->o, &st);
		pthread_mutex_unlock(&e->lock);
		cJSON_AddStringToObject(o, "verdict", peg_verdict_name(v));
		cJSON_AddNumberToObject(o, "nodes", (double)st.nodes);
	}
	cJSON_AddStringToObject(o, "goal",
				peg_goal_format(b, &g, name, sizeof(name)));
	cJSON_AddNumberToObject(o, "ms", now_ms() - t0);
	free(pegs);
	free(fin);
	peg_board_free(b);
	return send_json(c, 200, o);
}

static enum MHD_Result api(struct server *sv, struct MHD_Connection *c,
			   const char *what, struct params *p)
{
	struct peg_err err;
	struct peg_session *s = NULL;
	const char *game = param(p, "game");
	int hints = hints_level(param(p, "hints"));
	int want_moves = param(p, "moves") && hints_level(param(p, "moves"));
	cJSON *extra = NULL, *o;
	enum MHD_Result r;

	err.msg[0] = 0;
	if (!strcmp(what, "boards")) {
		const struct peg_family_info *f = peg_board_families();
		cJSON *a = cJSON_CreateArray();

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
		return send_json(c, 200, o);
	}
	if (!strcmp(what, "construct"))
		return api_construct(c, p);
	if (!strcmp(what, "analyse"))
		return api_analyse(sv, c, p);
	if (!strcmp(what, "puzzle")) {
		s = make_puzzle(c, p, &extra, &r);
		if (!s)
			return r;
	} else if (!strcmp(what, "new")) {
		const char *spec = param(p, "board");

		if (!spec || !*spec)
			return send_error(c, 400, "missing 'board'");
		if (!spec_allowed(spec))
			return send_error(c, 400,
					  "board files are not served");
		s = peg_session_create(spec, param(p, "position"),
				       param(p, "vacate"), param(p, "goal"),
				       &err);
	} else {
		if (!game || !*game)
			return send_error(c, 400, "missing 'game'");
		if (!spec_allowed(game))
			return send_error(c, 400,
					  "board files are not served");
		s = peg_session_load(game, &err);
	}
	if (!s)
		return send_error(c, 400, err.msg);
	if (s->b->n_holes > MAX_SERVE_HOLES) {
		peg_session_free(s);
		return send_error(c, 400, "board too large to serve");
	}
	if (!strcmp(what, "new") || !strcmp(what, "state") ||
	    !strcmp(what, "puzzle")) {
		/* nothing to do */
	} else if (!strcmp(what, "play")) {
		const char *from = param(p, "from"), *to = param(p, "to");
		int f, t;

		if (!from || !to) {
			peg_session_free(s);
			return send_error(c, 400, "missing 'from' or 'to'");
		}
		f = peg_board_parse_hole(s->b, from, &err);
		t = f < 0 ? -1 : peg_board_parse_hole(s->b, to, &err);
		if (f < 0 || t < 0 ||
		    peg_session_play_holes(s, f, t, &err)) {
			peg_session_free(s);
			return send_error(c, 400, err.msg);
		}
	} else if (!strcmp(what, "undo")) {
		peg_session_undo(s);
	} else if (!strcmp(what, "redo")) {
		peg_session_redo(s);
	} else if (!strcmp(what, "reset")) {
		peg_session_reset(s);
	} else if (!strcmp(what, "replay")) {
		const char *moves = param(p, "moves");

		if (!moves || peg_session_load_moves(s, moves, &err)) {
			peg_session_free(s);
			return send_error(c, 400,
					  moves ? err.msg : "missing 'moves'");
		}
	} else if (!strcmp(what, "hint") || !strcmp(what, "solve")) {
		struct cached_oracle *e = oracle_get(sv, s);
		const char *wnote = NULL;
		const struct peg_winsets *w =
			e ? winsets_get(sv, s, &wnote) : NULL;
		struct peg_jump *jumps = NULL;
		int n = 0, v = PEG_UNKNOWN;
		double t0 = now_ms();
		struct peg_line line;
		int have_line = 0;

		extra = cJSON_CreateObject();
		/* solve: fewest moves or the constructive line first (no
		 * oracle lock needed), else the oracle's line below */
		memset(&line, 0, sizeof(line));
		if (!strcmp(what, "solve") &&
		    !peg_line_find(s->b, s->pegs, &s->goal, NULL, NULL, NULL,
				   &line, &err) &&
		    line.verdict != PEG_UNKNOWN)
			have_line = 1;
		if (have_line) {
			v = line.verdict;
			jumps = line.jumps;
			n = line.n;
			line.jumps = NULL;
			cJSON_AddStringToObject(extra, "verdict",
						peg_verdict_name(v));
		} else if (!e) {
			cJSON_AddStringToObject(extra, "verdict", "unknown");
			cJSON_AddStringToObject(extra, "note",
						"no oracle for this board");
		} else if (lock_wait(&e->lock)) {
			cJSON_AddStringToObject(extra, "verdict", "unknown");
			cJSON_AddStringToObject(extra, "note", "oracle busy");
		} else {
			v = peg_oracle_solve_played(e->o, w, s->pegs,
						    sv->budget * 4, &jumps, &n);
			pthread_mutex_unlock(&e->lock);
			cJSON_AddStringToObject(extra, "verdict",
						peg_verdict_name(v));
			line.kind = PEG_LINE_ORACLE;
		}
		if (!strcmp(what, "solve"))
			cJSON_AddStringToObject(
				extra, "line",
				peg_line_kind_name(v == PEG_WIN
							   ? line.kind
							   : PEG_LINE_NONE));
		peg_line_release(&line);
		cJSON_AddNumberToObject(extra, "ms", now_ms() - t0);
		if (v == PEG_WIN && n > 0) {
			if (!strcmp(what, "hint")) {
				cJSON_AddItemToObject(extra, "jump",
						      jump_json(s->b, &jumps[0]));
			} else {
				add_jumps_text(extra, "solution", s->b, jumps,
					       n);
				cJSON_AddNumberToObject(extra, "solution_jumps",
							n);
				cJSON_AddNumberToObject(
					extra, "solution_moves",
					peg_jumps_count_moves(jumps, n));
				peg_session_set_future(s, jumps, n, &err);
			}
		}
		free(jumps);
	} else if (!strcmp(what, "shortest")) {
		extra = shortest_json(sv, s);
	} else {
		peg_session_free(s);
		return send_error(c, 404, "unknown API call");
	}
	o = state_json(sv, s, hints, want_moves);
	if (extra)
		cJSON_AddItemToObject(o, what, extra);
	peg_session_free(s);
	r = send_json(c, 200, o);
	return r;
}

/* ---- static files ---- */

static enum MHD_Result serve_file(struct server *sv, struct MHD_Connection *c,
				  const char *url)
{
	static const struct {
		const char *url, *file, *type;
		const char *data;
	} files[] = {
		{"/", "index.html", "text/html; charset=utf-8",
		 pegsol_web_index},
		{"/index.html", "index.html", "text/html; charset=utf-8",
		 pegsol_web_index},
		{"/app.js", "app.js", "text/javascript; charset=utf-8",
		 pegsol_web_app},
		{"/style.css", "style.css", "text/css; charset=utf-8",
		 pegsol_web_style},
	};

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		if (strcmp(url, files[i].url))
			continue;
		if (sv->root) {
			char path[4096], *buf;
			FILE *f;
			long len;
			enum MHD_Result r;

			snprintf(path, sizeof(path), "%s/%s", sv->root,
				 files[i].file);
			f = fopen(path, "rb");
			if (!f)
				return send_error(c, 404, "file not found");
			fseek(f, 0, SEEK_END);
			len = ftell(f);
			fseek(f, 0, SEEK_SET);
			buf = len >= 0 ? malloc((size_t)len + 1) : NULL;
			if (!buf || fread(buf, 1, (size_t)len, f) !=
					    (size_t)len) {
				free(buf);
				fclose(f);
				return send_error(c, 500, "read failed");
			}
			fclose(f);
			r = send_text(c, 200, files[i].type, buf, (size_t)len);
			free(buf);
			return r;
		}
		return send_text(c, 200, files[i].type, files[i].data,
				 strlen(files[i].data));
	}
	return send_error(c, 404, "not found");
}

static enum MHD_Result handler(void *cls, struct MHD_Connection *c,
			       const char *url, const char *method,
			       const char *version, const char *upload,
			       size_t *upload_size, void **con_cls)
{
	struct server *sv = cls;
	struct request *rq = *con_cls;
	struct params p;
	enum MHD_Result r;

	if (!rq) {
		rq = calloc(1, sizeof(*rq));
		if (!rq)
			return MHD_NO;
		*con_cls = rq;
		return MHD_YES;
	}
	if (*upload_size) {
		if (rq->len + *upload_size > MAX_BODY) {
			rq->too_big = 1;
		} else {
			char *nb = realloc(rq->body, rq->len + *upload_size + 1);

			if (!nb)
				return MHD_NO;
			rq->body = nb;
			memcpy(rq->body + rq->len, upload, *upload_size);
			rq->len += *upload_size;
			rq->body[rq->len] = 0;
		}
		*upload_size = 0;
		return MHD_YES;
	}
	if (strcmp(method, "GET") && strcmp(method, "POST") &&
	    strcmp(method, "HEAD"))
		return send_error(c, 405, "method not allowed");
	if (rq->too_big)
		return send_error(c, 413, "request body too large");
	if (strncmp(url, "/api/", 5))
		return serve_file(sv, c, url);
	p.c = c;
	p.body = NULL;
	if (rq->body && rq->len) {
		p.body = cJSON_ParseWithLength(rq->body, rq->len);
		if (!p.body || !cJSON_IsObject(p.body)) {
			cJSON_Delete(p.body);
			return send_error(c, 400,
					  "request body is not a JSON object");
		}
	}
	r = api(sv, c, url + 5, &p);
	cJSON_Delete(p.body);
	return r;
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls,
		      enum MHD_RequestTerminationCode toe)
{
	struct request *rq = *con_cls;

	if (rq) {
		free(rq->body);
		free(rq);
		*con_cls = NULL;
	}
}

int cmd_serve(int argc, char **argv)
{
	int port = 8080, np, r;
	const char *host = "127.0.0.1", *budget = NULL, *root = NULL;
	const char *sets = "auto", *cache = NULL;
	char cache_buf[1024];
	const char *pos[1];
	struct cli_opt opts[] = {{"--port", CLI_INT, &port},
				 {"--host", CLI_STRING, &host},
				 {"--budget", CLI_STRING, &budget},
				 {"--root", CLI_STRING, &root},
				 {"--sets", CLI_STRING, &sets},
				 {"--cache", CLI_STRING, &cache}};
	struct server sv;
	struct sockaddr_in addr;
	struct MHD_Daemon *d;
	const union MHD_DaemonInfo *info;
	sigset_t set;
	int sig;

	r = cli_parse(argc, argv, opts, 6, pos, 0, &np, usage);
	if (r)
		return r > 0 ? EXIT_YES : EXIT_USAGE;
	if (port < 0 || port > 65535) {
		cli_error("port %d is out of range", port);
		return EXIT_USAGE;
	}
	memset(&sv, 0, sizeof(sv));
	sv.budget = 300000;
	if (budget) {
		char *end;

		sv.budget = strtol(budget, &end, 10);
		if (*end || sv.budget < 1) {
			cli_error("bad budget '%s'", budget);
			return EXIT_USAGE;
		}
	}
	sv.root = root;
	sv.sets_mode = playkit_sets_parse(sets);
	if (sv.sets_mode < 0) {
		cli_error("bad --sets '%s' (off, auto or all)", sets);
		return EXIT_USAGE;
	}
	sv.cache_dir = playkit_cache_dir(cache, cache_buf, sizeof(cache_buf));
	pthread_mutex_init(&sv.lock, NULL);
	memset(&addr, 0, sizeof(addr));
	addr.sin_family = AF_INET;
	addr.sin_port = htons((uint16_t)port);
	if (!strcmp(host, "localhost"))
		host = "127.0.0.1";
	if (inet_pton(AF_INET, host, &addr.sin_addr) != 1) {
		cli_error("bad host address '%s' (an IPv4 address)", host);
		return EXIT_USAGE;
	}
	/* the daemon's threads inherit this mask; main waits for a signal */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	d = MHD_start_daemon(MHD_USE_THREAD_PER_CONNECTION |
				     MHD_USE_INTERNAL_POLLING_THREAD,
			     (uint16_t)port, NULL, NULL, handler, &sv,
			     MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
			     MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
			     MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)30,
			     MHD_OPTION_CONNECTION_LIMIT, (unsigned)200,
			     MHD_OPTION_END);
	if (!d) {
		cli_error("cannot listen on %s:%d: %s", host, port,
			  strerror(errno));
		return EXIT_RESOURCES;
	}
	info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
	printf("pegsol serve: listening on http://%s:%u/\n", host,
	       info ? (unsigned)info->port : (unsigned)port);
	fflush(stdout);
	sigwait(&set, &sig);
	MHD_stop_daemon(d);
	for (int i = 0; i < sv.n_cache; i++) {
		peg_oracle_free(sv.cache[i]->o);
		peg_board_free(sv.cache[i]->b);
		pthread_mutex_destroy(&sv.cache[i]->lock);
		free(sv.cache[i]->spec);
		free(sv.cache[i]);
	}
	pthread_mutex_lock(&sv.lock);
	for (int i = 0; i < sv.n_ws; i++) {
		struct ws_entry *e = sv.ws[i];

		if (e->state == WS_COMPUTING)
			continue; /* its thread still uses it */
		peg_winsets_free(e->w);
		peg_board_free(e->b);
		free(e->startpos);
		free(e->spec);
		free(e);
	}
	for (int i = 0; i < sv.n_opt; i++) {
		free(sv.opt[i].key);
		free(sv.opt[i].solution);
	}
	pthread_mutex_unlock(&sv.lock);
	return EXIT_YES;
}
