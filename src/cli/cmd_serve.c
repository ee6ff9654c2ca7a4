/* cmd_serve.c - pegsol serve: the web game.  A libmicrohttpd server
 * serving the static page in web/ (embedded at build time) and a stateless
 * JSON API over the session layer and the oracle: every request carries the
 * game id, every answer carries the new one (docs/play.md).
 *
 * Nothing a client sends can stall or kill it (issue 16; the limits and
 * their options are in docs/play.md, "Limits"):
 *
 *   connections  a few polling threads (epoll) serve every connection, so
 *                a slow client holds a socket, not a thread; a global and
 *                a per-address connection limit; a request must arrive
 *                whole within --timeout seconds of the connection opening
 *                or of the previous answer (a reaper thread cuts the
 *                tricklers), and idle connections close as soon;
 *   work         requests on small boards (up to LIGHT_HOLES holes) and
 *                requests that search nothing are answered at once in the
 *                polling thread; the rest go to --workers threads through
 *                a queue of --queue places (503 when it is full) while
 *                their connection is suspended; every request has a
 *                deadline (--request-ms) and the oracle's node budget
 *                (--budget), passed down to the engines;
 *   memory       one ledger of --memory-mb for all the engines keep or
 *                reserve: cached oracles, winning sets (finished ones, and
 *                the one precomputation allowed at a time at its
 *                estimated peak), and each request's own engines; idle
 *                oracles and sets are evicted least recently used first,
 *                and an entry in use is held by a reference count;
 *   browsers     Host must name the address served, Origin (when sent) the
 *                page's own, a body must be application/json, and a GET
 *                has no effects: it starts no precomputation and writes no
 *                cache file (the page POSTs).
 */
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
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
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
	"                    [--root DIR] [--sets off|auto|all] [--cache DIR]\n"
	"                    [--memory-mb M] [--request-ms MS] [--workers N]\n"
	"                    [--queue N] [--max-connections N] [--per-ip N]\n"
	"                    [--timeout S]\n\n"
	"Serve the web game on http://ADDR:P/ (default 127.0.0.1:8080; port 0\n"
	"picks a free port).  The first line on stdout is the address.\n"
	"--budget caps the oracle's search per request (default 300000\n"
	"positions); past it jumps are marked 'unknown'.  --root serves the\n"
	"page from DIR instead of the copy built in.  --sets: precomputed\n"
	"winning sets answer the hints on small boards (auto: up to 25 holes\n"
	"and English; all: up to 36 holes), computed once when their\n"
	"estimated peak fits in the memory budget, one at a time, in the\n"
	"background past a small size, and cached in --cache DIR (default\n"
	"$PEGSOL_CACHE, $XDG_CACHE_HOME/pegsol or ~/.cache/pegsol).\n"
	"Limits (docs/play.md): --memory-mb for everything the engines keep\n"
	"(default 1024), --request-ms per request (default 10000), --workers\n"
	"threads for requests on boards past 21 holes (default 2) and --queue\n"
	"waiting places (default 16; 503 past them), --max-connections\n"
	"(default 512), --per-ip connections per client address (default 64;\n"
	"on a loopback --host all clients are one address: no extra limit),\n"
	"--timeout seconds for a request to arrive and for an idle connection\n"
	"(default 10).  Stop with Ctrl-C or SIGTERM.\n"
	"API: docs/play.md.\n";

#define MAX_BODY 65536
#define MAX_SERVE_HOLES 1000
#define LOCK_WAIT_MS 2000
#define MAX_DEMO_SIDE 60       /* the constructive demo: T_n, n <= 60 */
#define MAX_SHORTEST_HOLES 21  /* fewest-moves optimum computed live */
#define MAX_SHORTEST 256       /* optima kept (LRU) */
#define MAX_ORACLES 256        /* oracles kept at most (LRU) */
#define MAX_WINSETS 512        /* winning-set entries kept at most (LRU) */
#define LIGHT_HOLES 21         /* boards answered in the polling thread */
#define MHD_THREADS 4          /* polling threads */
#define SYNC_SETS_MB 48        /* sets estimated under this: in the request */
#define ORACLE_ENTRIES ((size_t)1 << 22) /* table: at most 64 MB */
#define PUZZLE_ENTRIES ((size_t)1 << 20) /* puzzle.c's oracle */
/* fewest moves (shortest.h) in /api/shortest and /api/solve: states
 * stored, depth-first table slots and expansions */
#define SHORTEST_STATES ((uint64_t)1 << 20)
#define SHORTEST_DFS_SLOTS ((uint64_t)1 << 20)
#define SHORTEST_DFS_BUDGET ((uint64_t)5000000)
#define SHORTEST_BYTES ((size_t)(SHORTEST_STATES * 34 + SHORTEST_DFS_SLOTS * 8))
#define LINE_BYTES ((size_t)(SHORTEST_STATES * 34 + 4 * SHORTEST_STATES * 8))

static const char *const api_calls[] = {
	"new",	  "state",  "play",	"undo",	    "redo",	 "reset",
	"replay", "hint",   "solve",	"boards",   "puzzle",	 "shortest",
	"construct", "analyse", NULL};

/* Precomputed winning sets of one problem (board, start, goal hole). */
struct ws_entry {
	char *spec;
	uint64_t start;
	int finish;
	struct peg_board *b;     /* owned: the sets point into it */
	unsigned char *startpos;
	struct peg_winsets *w;   /* when ready */
	int state;               /* WS_* */
	int refs;                /* requests using w (sv->lock) */
	size_t mem;              /* bytes in the ledger (sv->lock) */
	uint64_t tick;           /* last use (sv->lock) */
	int save;                /* write the cache file */
	char note[200];          /* why there are none (refused, failed) */
	struct server *sv;
};

enum { WS_COMPUTING, WS_READY, WS_REFUSED, WS_FAILED };

/* A known fewest-moves optimum. */
struct opt_entry {
	char *key;  /* spec;start;finish */
	int moves;  /* -1 unsolvable */
	char *solution;
	uint64_t tick;
};

/* One oracle per board and goal hole, evicted when idle and least
 * recently used. */
struct cached_oracle {
	char *spec;
	int goal_hole; /* -1 = anywhere */
	struct peg_board *b;
	struct peg_oracle *o;
	pthread_mutex_t lock; /* one search at a time */
	int refs;             /* requests holding it (sv->lock) */
	size_t mem;           /* bytes in the ledger (sv->lock) */
	uint64_t tick;        /* last use (sv->lock) */
};

/* A connection, for the reaper: the phase it is in and since when. */
enum { CONN_WAIT, CONN_BODY, CONN_BUSY };

struct conn {
	struct conn *prev, *next;
	int fd;
	int phase;
	double since;
	int cut;
};

struct request;

struct server {
	/* options */
	long budget;
	double request_ms;
	size_t memory;
	int workers, queue_max;
	unsigned timeout;
	const char *root;
	int sets_mode;
	const char *cache_dir;  /* NULL: sets in memory only */
	unsigned port;
	char host[64];          /* the --host address */
	int any_addr;           /* listening on 0.0.0.0 */
	size_t oracle_entries;
	volatile int stopping;  /* set once by stop_server (atomic access) */
	/* caches and the memory ledger */
	pthread_mutex_t lock;
	uint64_t tick;
	size_t mem_used;
	struct cached_oracle *orc[MAX_ORACLES];
	int n_orc;
	struct ws_entry *ws[MAX_WINSETS];
	int n_ws;
	struct ws_entry *computing; /* the one precomputation, or NULL */
	struct opt_entry opt[MAX_SHORTEST];
	int n_opt;
	/* the queue of expensive requests and its workers */
	pthread_mutex_t qlock;
	pthread_cond_t qcond, qidle;
	struct request *qhead, *qtail;
	int n_queued, n_jobs;
	pthread_t *wthreads;
	/* connections */
	pthread_mutex_t clock;
	struct conn *conns;
};

/* Per request: the body, the arguments, and the answer when it was
 * computed by a worker. */
enum { RQ_NEW, RQ_QUEUED, RQ_DONE };

struct request {
	struct request *qnext;
	struct MHD_Connection *c;
	char *body;
	size_t len;
	int too_big;
	int post;
	int state;
	char call[16];
	cJSON *args;        /* every parameter as a string */
	double t0, deadline;
	unsigned status;
	char *out;          /* JSON answer (malloc'd) */
	char num[32];
};

/* The stop flag, read by every thread (the engines read it too). */
static int stopping(struct server *sv)
{
	return __atomic_load_n(&sv->stopping, __ATOMIC_RELAXED);
}

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* ---- answers ---- */

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
	MHD_add_response_header(r, "X-Frame-Options", "DENY");
	if (status == 503)
		MHD_add_response_header(r, "Retry-After", "5");
	ret = MHD_queue_response(c, status, r);
	MHD_destroy_response(r);
	return ret;
}

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

/* {"error": msg, "status": status[, "reason": reason]}; reason says which
 * limit a 503 met: "busy", "time", "memory", "nodes" or "stopping". */
static void fail_why(struct request *rq, unsigned status, const char *reason,
		     const char *msg)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "error", msg);
	cJSON_AddNumberToObject(o, "status", status);
	if (reason)
		cJSON_AddStringToObject(o, "reason", reason);
	answer(rq, status, o);
}

static void fail(struct request *rq, unsigned status, const char *msg)
{
	fail_why(rq, status, NULL, msg);
}

static enum MHD_Result send_answer(struct MHD_Connection *c,
				   struct request *rq)
{
	return send_text(c, rq->status, "application/json", rq->out,
			 strlen(rq->out));
}

/* An error sent at once, outside the request machinery. */
static enum MHD_Result send_error(struct MHD_Connection *c, unsigned status,
				  const char *msg)
{
	char buf[300];
	cJSON *o = cJSON_CreateObject();
	char *s;
	enum MHD_Result r;

	cJSON_AddStringToObject(o, "error", msg);
	cJSON_AddNumberToObject(o, "status", status);
	s = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	if (!s) {
		snprintf(buf, sizeof(buf), "{\"status\":%u}", status);
		return send_text(c, status, "application/json", buf,
				 strlen(buf));
	}
	r = send_text(c, status, "application/json", s, strlen(s));
	free(s);
	return r;
}

/* ---- parameters: query string and JSON body, all as strings ---- */

static const char *param(struct request *rq, const char *key)
{
	cJSON *j = cJSON_GetObjectItemCaseSensitive(rq->args, key);

	return cJSON_IsString(j) ? j->valuestring : NULL;
}

static enum MHD_Result add_query_arg(void *cls, enum MHD_ValueKind kind,
				     const char *key, const char *value)
{
	cJSON *args = cls;

	if (key && !cJSON_GetObjectItemCaseSensitive(args, key))
		cJSON_AddStringToObject(args, key, value ? value : "");
	return MHD_YES;
}

/* The arguments of a request: the query string first, then the body's
 * keys that the query does not give (strings; numbers and booleans as
 * text).  -1 when the body is not a JSON object. */
static int collect_args(struct request *rq)
{
	cJSON *body = NULL, *j;

	rq->args = cJSON_CreateObject();
	if (!rq->args)
		return -1;
	MHD_get_connection_values(rq->c, MHD_GET_ARGUMENT_KIND, add_query_arg,
				  rq->args);
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

		if (!j->string ||
		    cJSON_GetObjectItemCaseSensitive(rq->args, j->string))
			continue;
		if (cJSON_IsString(j)) {
			cJSON_AddStringToObject(rq->args, j->string,
						j->valuestring);
		} else if (cJSON_IsNumber(j)) {
			double v = j->valuedouble;

			if (v == (double)(long long)v && v > -9e15 && v < 9e15)
				snprintf(num, sizeof(num), "%lld",
					 (long long)v);
			else
				snprintf(num, sizeof(num), "%.17g", v);
			cJSON_AddStringToObject(rq->args, j->string, num);
		} else if (cJSON_IsBool(j)) {
			cJSON_AddStringToObject(rq->args, j->string,
						cJSON_IsTrue(j) ? "1" : "0");
		}
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

/* A board spec, refused from the spec alone past MAX_SERVE_HOLES. */
static struct peg_board *board_parse(const char *spec, struct peg_err *err)
{
	return peg_board_parse_max(spec, MAX_SERVE_HOLES, err);
}

/* ---- the memory ledger (everything under sv->lock) ---- */

static void oracle_free_entry(struct cached_oracle *e)
{
	peg_oracle_free(e->o);
	peg_board_free(e->b);
	pthread_mutex_destroy(&e->lock);
	free(e->spec);
	free(e);
}

static void ws_free_entry(struct ws_entry *e)
{
	peg_winsets_free(e->w);
	peg_board_free(e->b);
	free(e->startpos);
	free(e->spec);
	free(e);
}

/* What evict_one may evict. */
enum { EV_ORACLES = 1, EV_SETS = 2, EV_HOLDING = 4, EV_MEMORY = 7 };

/* Evict the least recently used idle entry of the kinds asked for (with
 * EV_HOLDING only entries that hold memory).  1 when one went. */
static int evict_one(struct server *sv, int kinds)
{
	uint64_t best = UINT64_MAX;
	int bo = -1, bw = -1;

	for (int i = 0; i < sv->n_orc && (kinds & EV_ORACLES); i++)
		if (!sv->orc[i]->refs && sv->orc[i]->tick < best) {
			best = sv->orc[i]->tick;
			bo = i;
		}
	for (int i = 0; i < sv->n_ws && (kinds & EV_SETS); i++) {
		struct ws_entry *e = sv->ws[i];

		if (e->refs || e->state == WS_COMPUTING ||
		    ((kinds & EV_HOLDING) && !e->mem) || e->tick >= best)
			continue;
		best = e->tick;
		bw = i;
		bo = -1;
	}
	if (bw >= 0) {
		struct ws_entry *e = sv->ws[bw];

		sv->mem_used -= e->mem;
		sv->ws[bw] = sv->ws[--sv->n_ws];
		ws_free_entry(e);
		return 1;
	}
	if (bo >= 0) {
		struct cached_oracle *e = sv->orc[bo];

		sv->mem_used -= e->mem;
		sv->orc[bo] = sv->orc[--sv->n_orc];
		oracle_free_entry(e);
		return 1;
	}
	return 0;
}

/* Make room for need more bytes, evicting idle entries.  1 when they
 * fit. */
static int ledger_fit(struct server *sv, size_t need)
{
	while (sv->mem_used + need > sv->memory)
		if (!evict_one(sv, EV_MEMORY))
			return 0;
	return 1;
}

/* Reserve bytes for a request's own engines: 0, or -1 (503 sent). */
static int reserve(struct server *sv, struct request *rq, size_t bytes)
{
	int ok;

	pthread_mutex_lock(&sv->lock);
	ok = ledger_fit(sv, bytes);
	if (ok)
		sv->mem_used += bytes;
	pthread_mutex_unlock(&sv->lock);
	if (ok)
		return 0;
	fail_why(rq, 503, "memory",
		 "the server's memory budget is in use; try again");
	return -1;
}

static void unreserve(struct server *sv, size_t bytes)
{
	pthread_mutex_lock(&sv->lock);
	sv->mem_used -= bytes;
	pthread_mutex_unlock(&sv->lock);
}

/* What a request's own fewest-moves search may hold (states stored at
 * about 34 bytes, cap at most; a board of n holes has at most 2^n
 * positions), and a puzzle's oracle. */
static size_t shortest_bytes(const struct peg_board *b, size_t cap)
{
	size_t all = b->n_holes < 40 ? ((size_t)1 << b->n_holes) * 42 : cap;

	return all < cap ? all : cap;
}

static size_t puzzle_bytes(const struct peg_board *b)
{
	size_t e = PUZZLE_ENTRIES;

	if (b->n_holes > 63)
		return 0;
	if (b->n_holes < 20 && ((size_t)1 << b->n_holes) < e)
		e = (size_t)1 << b->n_holes;
	return peg_oracle_max_memory(b, e);
}

/* ---- the oracle cache ---- */

/* The cached oracle of board b and goal, with a reference taken (give it
 * back with oracle_put); NULL with note filled when there is none. */
static struct cached_oracle *oracle_get(struct server *sv,
					const struct peg_board *b,
					const struct peg_goal *goal,
					const char **note)
{
	struct cached_oracle *e = NULL;
	struct peg_err err;
	int hole = goal->kind == PEG_GOAL_ANYWHERE ? -1 : goal->hole;

	if (b->n_holes > 63) {
		*note = "no oracle for boards past 63 holes";
		return NULL;
	}
	pthread_mutex_lock(&sv->lock);
	for (int i = 0; i < sv->n_orc; i++)
		if (sv->orc[i]->goal_hole == hole &&
		    !strcmp(sv->orc[i]->spec, b->spec)) {
			e = sv->orc[i];
			goto out;
		}
	if (sv->n_orc == MAX_ORACLES && !evict_one(sv, EV_ORACLES)) {
		*note = "every oracle is in use; try again";
		goto out;
	}
	if (!ledger_fit(sv, peg_oracle_max_memory(b, 4096))) {
		*note = "the server's memory budget is in use";
		goto out;
	}
	e = calloc(1, sizeof(*e));
	if (!e)
		goto oom;
	e->goal_hole = hole;
	e->spec = strdup(b->spec);
	e->b = e->spec ? peg_board_parse(e->spec, &err) : NULL;
	e->o = e->b ? peg_oracle_new(e->b, goal, sv->oracle_entries, &err)
		    : NULL;
	if (!e->o) {
		peg_board_free(e->b);
		free(e->spec);
		free(e);
		e = NULL;
		goto oom;
	}
	pthread_mutex_init(&e->lock, NULL);
	e->mem = peg_oracle_memory(e->o);
	sv->mem_used += e->mem;
	sv->orc[sv->n_orc++] = e;
out:
	if (e) {
		e->refs++;
		e->tick = ++sv->tick;
	}
	pthread_mutex_unlock(&sv->lock);
	return e;
oom:
	*note = "oracle unavailable (out of memory)";
	pthread_mutex_unlock(&sv->lock);
	return NULL;
}

/* Lock the oracle for a search under the request's deadline: 0, or -1
 * when another search holds it past LOCK_WAIT_MS. */
static int oracle_lock(struct server *sv, struct cached_oracle *e,
		       double deadline)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	t.tv_sec += LOCK_WAIT_MS / 1000;
	if (pthread_mutex_timedlock(&e->lock, &t))
		return -1;
	peg_oracle_set_limits(e->o, deadline, &sv->stopping);
	return 0;
}

/* Unlock after a search: the table may have grown, so the ledger is
 * brought up to date (and idle entries evicted when it is over). */
static void oracle_unlock(struct server *sv, struct cached_oracle *e)
{
	size_t m = peg_oracle_memory(e->o);

	pthread_mutex_unlock(&e->lock);
	pthread_mutex_lock(&sv->lock);
	sv->mem_used += m - e->mem;
	e->mem = m;
	e->refs++; /* not evicted by its own ledger_fit */
	ledger_fit(sv, 0);
	e->refs--;
	pthread_mutex_unlock(&sv->lock);
}

static void oracle_put(struct server *sv, struct cached_oracle *e)
{
	if (!e)
		return;
	pthread_mutex_lock(&sv->lock);
	e->refs--;
	pthread_mutex_unlock(&sv->lock);
}

/* ---- the winning-sets cache ---- */

/* Compute or load the sets of e; with bg, the background precomputation
 * (sv->computing). */
static void ws_run(struct ws_entry *e, int bg)
{
	struct server *sv = e->sv;
	struct peg_winsets *w = NULL;
	struct peg_winsets_info info;
	struct peg_err err;
	int ok = !peg_winsets_open(e->b, e->startpos, e->finish,
				   e->save ? sv->cache_dir : NULL, 1, &w,
				   &info, &err);

	pthread_mutex_lock(&sv->lock);
	sv->mem_used -= e->mem; /* the estimate reserved */
	e->w = w;
	e->mem = ok ? peg_winsets_memory(w) : 0;
	sv->mem_used += e->mem;
	e->state = ok ? WS_READY : WS_FAILED;
	if (!ok)
		snprintf(e->note, sizeof(e->note),
			 "winning sets failed: %.150s", err.msg);
	if (bg)
		sv->computing = NULL;
	ledger_fit(sv, 0);
	pthread_mutex_unlock(&sv->lock);
}

static void *ws_thread(void *arg)
{
	ws_run(arg, 1);
	return NULL;
}

/* The winning sets of the session's problem when they are ready, with a
 * reference taken on *held (give it back with ws_put); NULL otherwise,
 * *note says why.  Sets whose estimated peak is under SYNC_SETS_MB are
 * computed in the request; bigger ones only on a POST, when they fit in
 * the memory budget, in one background thread at a time (or loaded from
 * the cache file in the request), while the live search answers. */
static const struct peg_winsets *winsets_get(struct server *sv,
					     const struct peg_session *s,
					     int post, struct ws_entry **held,
					     const char **note, char *nbuf,
					     size_t nsize)
{
	struct ws_entry *e = NULL;
	struct peg_winsets_cost cost;
	uint64_t start;
	int finish = playkit_finish(s), sync = 0, have_file = 0;
	char path[1100];
	struct stat st;
	struct peg_err err;

	*held = NULL;
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
		e->tick = ++sv->tick;
		if (e->state == WS_READY) {
			e->refs++;
			*held = e;
		} else if (e->state == WS_COMPUTING) {
			*note = "precomputing the winning sets";
		} else {
			snprintf(nbuf, nsize, "%s", e->note);
			*note = nbuf;
		}
		pthread_mutex_unlock(&sv->lock);
		return *held ? e->w : NULL;
	}
	pthread_mutex_unlock(&sv->lock);
	if (!playkit_sets_fit(s, sv->memory, &cost, nbuf, nsize)) {
		/* remembered, so the estimate is not redone every move */
		e = calloc(1, sizeof(*e));
		if (e && !(e->spec = strdup(s->b->spec))) {
			free(e);
			e = NULL;
		}
		*note = nbuf;
		if (!e)
			return NULL;
		e->start = start;
		e->finish = finish;
		e->state = WS_REFUSED;
		snprintf(e->note, sizeof(e->note), "%s: live search", nbuf);
		snprintf(nbuf, nsize, "%s", e->note);
		goto insert;
	}
	sync = cost.bytes <= SYNC_SETS_MB * 1048576.0;
	if (!sync && sv->cache_dir) {
		peg_winsets_path(s->b, s->start, finish, sv->cache_dir, path,
				 sizeof(path));
		have_file = !stat(path, &st) && S_ISREG(st.st_mode);
	}
	if (!sync && !post) {
		*note = "winning sets are computed on POST requests (a GET "
			"has no effects): live search";
		return NULL;
	}
	e = calloc(1, sizeof(*e));
	if (e) {
		e->spec = strdup(s->b->spec);
		e->b = e->spec ? peg_board_parse(e->spec, &err) : NULL;
		e->startpos = malloc((size_t)s->b->n_holes);
	}
	if (!e || !e->b || !e->startpos) {
		if (e)
			ws_free_entry(e);
		*note = "winning sets unavailable (out of memory)";
		return NULL;
	}
	memcpy(e->startpos, s->start, (size_t)s->b->n_holes);
	e->start = start;
	e->finish = finish;
	e->sv = sv;
	e->save = post;
	e->state = WS_COMPUTING;
insert:
	pthread_mutex_lock(&sv->lock);
	/* another request may have made the entry meanwhile */
	for (int i = 0; i < sv->n_ws; i++)
		if (sv->ws[i]->start == start && sv->ws[i]->finish == finish &&
		    !strcmp(sv->ws[i]->spec, s->b->spec)) {
			pthread_mutex_unlock(&sv->lock);
			if (e->state == WS_COMPUTING)
				*note = "precomputing the winning sets";
			ws_free_entry(e);
			return NULL;
		}
	if (sv->n_ws == MAX_WINSETS && !evict_one(sv, EV_SETS)) {
		pthread_mutex_unlock(&sv->lock);
		ws_free_entry(e);
		*note = "every winning-set entry is in use: live search";
		return NULL;
	}
	if (e->state == WS_REFUSED) {
		e->tick = ++sv->tick;
		sv->ws[sv->n_ws++] = e;
		pthread_mutex_unlock(&sv->lock);
		return NULL;
	}
	if (!sync && sv->computing) {
		pthread_mutex_unlock(&sv->lock);
		ws_free_entry(e);
		*note = "another precomputation is running: live search "
			"meanwhile";
		return NULL;
	}
	if (!ledger_fit(sv, (size_t)cost.bytes)) {
		pthread_mutex_unlock(&sv->lock);
		ws_free_entry(e);
		snprintf(nbuf, nsize,
			 "the winning sets need about %.0f MB and the memory "
			 "budget is in use: live search",
			 cost.bytes / 1048576);
		*note = nbuf;
		return NULL;
	}
	e->mem = (size_t)cost.bytes;
	sv->mem_used += e->mem;
	e->tick = ++sv->tick;
	e->refs = 1; /* held by this request while it computes */
	sv->ws[sv->n_ws++] = e;
	if (!sync)
		sv->computing = e;
	pthread_mutex_unlock(&sv->lock);
	if (sync || have_file) {
		/* small, or a cache file that loads fast enough to wait for */
		ws_run(e, !sync);
	} else {
		pthread_t t;
		pthread_attr_t a;
		int bad;

		pthread_attr_init(&a);
		pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
		bad = pthread_create(&t, &a, ws_thread, e);
		pthread_attr_destroy(&a);
		pthread_mutex_lock(&sv->lock);
		e->refs--;
		if (bad) {
			sv->mem_used -= e->mem;
			e->mem = 0;
			e->state = WS_FAILED;
			snprintf(e->note, sizeof(e->note),
				 "cannot start the precomputation");
			sv->computing = NULL;
		}
		pthread_mutex_unlock(&sv->lock);
		*note = "precomputing the winning sets";
		return NULL;
	}
	pthread_mutex_lock(&sv->lock);
	if (e->state == WS_READY) {
		*held = e; /* keeps the reference */
	} else {
		e->refs--;
		snprintf(nbuf, nsize, "%s", e->note);
		*note = nbuf;
	}
	pthread_mutex_unlock(&sv->lock);
	return *held ? e->w : NULL;
}

static void ws_put(struct server *sv, struct ws_entry *e)
{
	if (!e)
		return;
	pthread_mutex_lock(&sv->lock);
	e->refs--;
	pthread_mutex_unlock(&sv->lock);
}

/* Oracle verdicts for the session's position: out[n_jumps].  Returns the
 * position's verdict, or -1 when no oracle answers (note says why). */
static int classify(struct server *sv, struct request *rq,
		    const struct peg_session *s, enum peg_verdict *out,
		    long *nodes, const char **note, char *nbuf, size_t nsize,
		    const char **source, struct peg_move_list *moves)
{
	struct cached_oracle *e = oracle_get(sv, s->b, &s->goal, note);
	struct ws_entry *we = NULL;
	const struct peg_winsets *w =
		e ? winsets_get(sv, s, rq->post, &we, note, nbuf, nsize)
		  : NULL;
	struct peg_oracle_stats st;
	int v;

	*nodes = 0;
	if (!e)
		return -1;
	if (oracle_lock(sv, e, rq->deadline)) {
		*note = "oracle busy, try again";
		ws_put(sv, we);
		oracle_put(sv, e);
		return -1;
	}
	*source = w ? "sets" : "search";
	v = peg_oracle_classify_played(e->o, w, s->pegs, sv->budget, out);
	peg_oracle_stats(e->o, &st);
	*nodes = st.nodes;
	if (st.stopped)
		*note = "the request's time budget ran out";
	if (moves && peg_oracle_classify_moves(e->o, w, s->pegs, sv->budget,
					       512, moves) < 0)
		memset(moves, 0, sizeof(*moves));
	oracle_unlock(sv, e);
	ws_put(sv, we);
	oracle_put(sv, e);
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
static cJSON *state_json(struct server *sv, struct request *rq,
			 const struct peg_session *s, int hints,
			 int want_moves)
{
	struct peg_move_list ml;
	const char *source = NULL;
	const struct peg_board *b = s->b;
	cJSON *o = cJSON_CreateObject(), *pegs, *legal, *orc;
	enum peg_verdict *out = NULL;
	char *id = peg_session_save(s, 1), goal[64], nbuf[240];
	int v = -1, n_legal = peg_session_n_legal(s);
	long nodes = 0;
	const char *note = NULL;
	double t0 = now_ms();

	memset(&ml, 0, sizeof(ml));
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
			v = classify(sv, rq, s, out, &nodes, &note, nbuf,
				     sizeof(nbuf), &source,
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

/* ---- the constructive demo, puzzles, fewest moves, the editor ---- */

/* GET /api/construct?n=20&vacate=a1: the constructive solution of T_n
 * (construct.h), replayed here once more before it is sent. */
static void api_construct(struct request *rq)
{
	const char *ns = param(rq, "n"), *vac = param(rq, "vacate");
	char spec[32], name[64];
	uint64_t n = 0;
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

	if (!ns || cli_u64(ns, 4, MAX_DEMO_SIDE, &n)) {
		snprintf(err.msg, sizeof(err.msg),
			 "'n' must be a side from 4 to %d", MAX_DEMO_SIDE);
		fail(rq, 400, err.msg);
		return;
	}
	snprintf(spec, sizeof(spec), "triangle:%d", (int)n);
	b = peg_board_parse(spec, &err);
	if (!b) {
		fail(rq, 400, err.msg);
		return;
	}
	h = peg_board_parse_hole(b, vac && *vac ? vac : "a1", &err);
	if (h < 0) {
		peg_board_free(b);
		fail(rq, 400, err.msg);
		return;
	}
	if (peg_construct_plan((int)n, b->hx[h], b->hy[h], &plan, &err) ||
	    peg_construct_jumps(plan, &jumps, &nj, &err)) {
		peg_construct_free(plan);
		peg_board_free(b);
		fail(rq, 400, err.msg);
		return;
	}
	peg_construct_get_info(plan, &info);
	peg_construct_free(plan);
	pegs = malloc((size_t)b->n_holes);
	if (!pegs) {
		free(jumps);
		peg_board_free(b);
		fail_why(rq, 503, "memory", "out of memory");
		return;
	}
	memset(pegs, 1, (size_t)b->n_holes);
	pegs[h] = 0;
	if (peg_jumps_replay(b, jumps, (int)nj, pegs, &err) ||
	    peg_pos_count(pegs, b->n_holes) != 1) {
		free(pegs);
		free(jumps);
		peg_board_free(b);
		fail(rq, 500, "constructed solution does not replay");
		return;
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
	answer(rq, 200, o);
}

/* /api/puzzle?board=..&seed=..&level=..&pegs=..: a new game on a generated
 * puzzle (puzzle.h), under the request's deadline and a node budget of 20
 * times --budget.  Returns the session, or NULL with the answer made. */
static struct peg_session *make_puzzle(struct server *sv, struct request *rq,
				       cJSON **extra)
{
	const char *spec = param(rq, "board"), *seed = param(rq, "seed");
	const char *level = param(rq, "level"), *pegs = param(rq, "pegs");
	struct peg_puzzle_opts opts = {0};
	struct peg_puzzle pz;
	struct peg_board *b;
	struct peg_session *s;
	struct peg_goal g;
	struct peg_err err;
	char seed_s[32], name[64];
	int lv = level && *level ? peg_puzzle_level_parse(level) : 0, r;
	size_t mem;
	uint64_t u;

	if (!spec || !*spec || !spec_allowed(spec)) {
		fail(rq, 400, spec && *spec ? "board files are not served"
					    : "missing 'board'");
		return NULL;
	}
	if (lv < 0) {
		fail(rq, 400, "bad 'level' (any, easy, medium, hard)");
		return NULL;
	}
	if (seed && *seed) {
		if (cli_u64(seed, 0, UINT64_MAX, &opts.seed)) {
			fail(rq, 400, "bad 'seed' (a whole number from 0 to "
				      "18446744073709551615)");
			return NULL;
		}
	} else {
		struct timespec t;

		clock_gettime(CLOCK_REALTIME, &t);
		opts.seed = (uint64_t)t.tv_sec * 1000003u + (uint64_t)t.tv_nsec;
		opts.seed %= 1000000000ull;
	}
	if (pegs && *pegs) {
		if (cli_u64(pegs, 2, MAX_SERVE_HOLES, &u)) {
			fail(rq, 400, "bad 'pegs' (a whole number from 2 to "
				      "1000)");
			return NULL;
		}
		opts.pegs = (int)u;
	}
	opts.finish = -1;
	opts.level = (enum peg_puzzle_level)lv;
	opts.budget = sv->budget;
	opts.max_nodes = sv->budget * 20;
	opts.max_ms = rq->deadline - now_ms();
	if (opts.max_ms < 1)
		opts.max_ms = 1;
	opts.cancel = &sv->stopping;
	b = board_parse(spec, &err);
	if (!b) {
		fail(rq, 400, err.msg);
		return NULL;
	}
	mem = puzzle_bytes(b);
	if (reserve(sv, rq, mem)) {
		peg_board_free(b);
		return NULL;
	}
	r = peg_puzzle_generate(b, &opts, &pz, &err);
	unreserve(sv, mem);
	if (r) {
		peg_board_free(b);
		if (r == PEG_PUZZLE_RESOURCES)
			fail_why(rq, 503,
				 stopping(sv)			 ? "stopping"
				 : strstr(err.msg, "oracle nodes") ? "nodes"
								   : "time",
				 err.msg);
		else
			fail(rq, 400, err.msg);
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
		fail(rq, 400, err.msg);
	}
	return s;
}

/* The fewest moves from the game's start (shortest.h), for small boards;
 * remembered per problem (the MAX_SHORTEST most recent). */
static cJSON *shortest_json(struct server *sv, struct request *rq,
			    const struct peg_session *s)
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
			sv->opt[i].tick = ++sv->tick;
		}
	pthread_mutex_unlock(&sv->lock);
	if (moves == -2) {
		struct peg_shortest_opts opts = {0};
		struct peg_shortest_result res;
		struct peg_err err;
		size_t mem = shortest_bytes(s->b, SHORTEST_BYTES);
		int r;

		opts.threads = 1;
		opts.max_states = SHORTEST_STATES;
		opts.dfs_slots = SHORTEST_DFS_SLOTS;
		opts.dfs_budget = SHORTEST_DFS_BUDGET;
		memset(&res, 0, sizeof(res));
		if (reserve(sv, rq, mem)) {
			cJSON_AddNullToObject(o, "moves");
			cJSON_AddStringToObject(o, "note",
						"the server's memory budget "
						"is in use; try again");
			free(key);
			return o;
		}
		r = peg_shortest(s->b, peg_pos_to64(s->start, s->b->n_holes),
				 finish, &opts, &res, &err);
		unreserve(sv, mem);
		if (r) {
			peg_shortest_result_release(&res);
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
		{
			int i = sv->n_opt;

			if (i == MAX_SHORTEST) { /* replace the oldest */
				i = 0;
				for (int k = 1; k < sv->n_opt; k++)
					if (sv->opt[k].tick < sv->opt[i].tick)
						i = k;
				free(sv->opt[i].key);
				free(sv->opt[i].solution);
			} else {
				sv->n_opt++;
			}
			sv->opt[i].key = key;
			sv->opt[i].moves = moves;
			sv->opt[i].solution = sol ? strdup(sol) : NULL;
			sv->opt[i].tick = ++sv->tick;
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
static void api_analyse(struct server *sv, struct request *rq)
{
	const char *spec = param(rq, "board"), *pos = param(rq, "position");
	const char *goal = param(rq, "goal"), *note = NULL;
	struct peg_board *b;
	struct peg_err err;
	struct peg_goal g;
	unsigned char *pegs = NULL, *fin = NULL;
	unsigned cls;
	char name[64];
	cJSON *o, *a;
	struct cached_oracle *e;
	double t0 = now_ms();

	if (!spec || !*spec || !spec_allowed(spec)) {
		fail(rq, 400, spec && *spec ? "board files are not served"
					    : "missing 'board'");
		return;
	}
	b = board_parse(spec, &err);
	if (!b) {
		fail(rq, 400, err.msg);
		return;
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
		fail(rq, 400, err.msg);
		return;
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
	e = oracle_get(sv, b, &g, &note);
	if (!e) {
		cJSON_AddNullToObject(o, "verdict");
		cJSON_AddStringToObject(o, "note",
					b->n_holes > 63 ? "no search past 63 holes"
							: note);
	} else if (oracle_lock(sv, e, rq->deadline)) {
		cJSON_AddStringToObject(o, "verdict", "unknown");
		cJSON_AddStringToObject(o, "note", "oracle busy");
	} else {
		struct peg_oracle_stats st;
		enum peg_verdict v = peg_oracle_solvable(e->o, pegs, sv->budget);

		peg_oracle_stats(e->o, &st);
		oracle_unlock(sv, e);
		cJSON_AddStringToObject(o, "verdict", peg_verdict_name(v));
		cJSON_AddNumberToObject(o, "nodes", (double)st.nodes);
		if (st.stopped)
			cJSON_AddStringToObject(o, "note",
						"the request's time budget "
						"ran out");
	}
	oracle_put(sv, e);
	cJSON_AddStringToObject(o, "goal",
				peg_goal_format(b, &g, name, sizeof(name)));
	cJSON_AddNumberToObject(o, "ms", now_ms() - t0);
	free(pegs);
	free(fin);
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
	return o;
}

/* hint and solve: the extra object, or NULL with the answer made. */
static cJSON *hint_or_solve(struct server *sv, struct request *rq,
			    struct peg_session *s, int solve)
{
	const char *note = NULL;
	char nbuf[240];
	struct cached_oracle *e = oracle_get(sv, s->b, &s->goal, &note);
	struct ws_entry *we = NULL;
	const struct peg_winsets *w =
		e ? winsets_get(sv, s, rq->post, &we, &note, nbuf, sizeof(nbuf))
		  : NULL;
	struct peg_jump *jumps = NULL;
	int n = 0, v = PEG_UNKNOWN, have_line = 0;
	double t0 = now_ms();
	struct peg_line line;
	struct peg_err err;
	cJSON *extra = cJSON_CreateObject();

	/* solve: fewest moves or the constructive line first (no oracle
	 * lock needed), else the oracle's line below */
	memset(&line, 0, sizeof(line));
	if (solve) {
		struct peg_line_opts lo = {0};
		size_t mem = shortest_bytes(s->b, LINE_BYTES);

		lo.max_states = SHORTEST_STATES;
		lo.dfs_budget = SHORTEST_DFS_BUDGET;
		lo.budget = sv->budget * 4;
		if (reserve(sv, rq, mem)) {
			cJSON_Delete(extra);
			ws_put(sv, we);
			oracle_put(sv, e);
			return NULL;
		}
		if (!peg_line_find(s->b, s->pegs, &s->goal, NULL, NULL, &lo,
				   &line, &err) &&
		    line.verdict != PEG_UNKNOWN)
			have_line = 1;
		unreserve(sv, mem);
	}
	if (have_line) {
		v = line.verdict;
		jumps = line.jumps;
		n = line.n;
		line.jumps = NULL;
		cJSON_AddStringToObject(extra, "verdict", peg_verdict_name(v));
	} else if (!e) {
		cJSON_AddStringToObject(extra, "verdict", "unknown");
		cJSON_AddStringToObject(extra, "note",
					note ? note : "no oracle for this board");
	} else if (oracle_lock(sv, e, rq->deadline)) {
		cJSON_AddStringToObject(extra, "verdict", "unknown");
		cJSON_AddStringToObject(extra, "note", "oracle busy");
	} else {
		struct peg_oracle_stats st;

		v = peg_oracle_solve_played(e->o, w, s->pegs, sv->budget * 4,
					    &jumps, &n);
		peg_oracle_stats(e->o, &st);
		oracle_unlock(sv, e);
		cJSON_AddStringToObject(extra, "verdict", peg_verdict_name(v));
		if (st.stopped)
			cJSON_AddStringToObject(extra, "note",
						"the request's time budget "
						"ran out");
		line.kind = PEG_LINE_ORACLE;
	}
	ws_put(sv, we);
	oracle_put(sv, e);
	if (solve)
		cJSON_AddStringToObject(
			extra, "line",
			peg_line_kind_name(v == PEG_WIN ? line.kind
							: PEG_LINE_NONE));
	peg_line_release(&line);
	cJSON_AddNumberToObject(extra, "ms", now_ms() - t0);
	if (v == PEG_WIN && n > 0) {
		if (!solve) {
			cJSON_AddItemToObject(extra, "jump",
					      jump_json(s->b, &jumps[0]));
		} else {
			add_jumps_text(extra, "solution", s->b, jumps, n);
			cJSON_AddNumberToObject(extra, "solution_jumps", n);
			cJSON_AddNumberToObject(extra, "solution_moves",
						peg_jumps_count_moves(jumps, n));
			peg_session_set_future(s, jumps, n, &err);
		}
	}
	free(jumps);
	return extra;
}

/* Answer an API request (rq->call, rq->args): fills rq->status and
 * rq->out.  Runs in a polling thread (light requests) or a worker. */
static void api_run(struct server *sv, struct request *rq)
{
	struct peg_err err;
	struct peg_session *s = NULL;
	const char *what = rq->call, *game = param(rq, "game");
	int hints = hints_level(param(rq, "hints"));
	int want_moves = param(rq, "moves") && hints_level(param(rq, "moves"));
	cJSON *extra = NULL, *o;

	err.msg[0] = 0;
	if (stopping(sv)) {
		fail_why(rq, 503, "stopping", "the server is stopping");
		return;
	}
	if (now_ms() > rq->deadline) {
		fail_why(rq, 503, "time",
			 "the request waited past its time budget");
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
		api_analyse(sv, rq);
		return;
	}
	if (!strcmp(what, "puzzle")) {
		s = make_puzzle(sv, rq, &extra);
		if (!s)
			return;
	} else if (!strcmp(what, "new")) {
		const char *spec = param(rq, "board");

		if (!spec || !*spec) {
			fail(rq, 400, "missing 'board'");
			return;
		}
		if (!spec_allowed(spec)) {
			fail(rq, 400, "board files are not served");
			return;
		}
		s = peg_session_create_max(spec, param(rq, "position"),
					   param(rq, "vacate"),
					   param(rq, "goal"), MAX_SERVE_HOLES,
					   &err);
	} else {
		if (!game || !*game) {
			fail(rq, 400, "missing 'game'");
			return;
		}
		if (!spec_allowed(game)) {
			fail(rq, 400, "board files are not served");
			return;
		}
		s = peg_session_load_max(game, MAX_SERVE_HOLES, &err);
	}
	if (!s) {
		fail(rq, 400, err.msg);
		return;
	}
	if (!strcmp(what, "new") || !strcmp(what, "state") ||
	    !strcmp(what, "puzzle")) {
		/* nothing to do */
	} else if (!strcmp(what, "play")) {
		const char *from = param(rq, "from"), *to = param(rq, "to");
		int f, t;

		if (!from || !to) {
			peg_session_free(s);
			fail(rq, 400, "missing 'from' or 'to'");
			return;
		}
		f = peg_board_parse_hole(s->b, from, &err);
		t = f < 0 ? -1 : peg_board_parse_hole(s->b, to, &err);
		if (f < 0 || t < 0 ||
		    peg_session_play_holes(s, f, t, &err)) {
			peg_session_free(s);
			fail(rq, 400, err.msg);
			return;
		}
	} else if (!strcmp(what, "undo")) {
		peg_session_undo(s);
	} else if (!strcmp(what, "redo")) {
		peg_session_redo(s);
	} else if (!strcmp(what, "reset")) {
		peg_session_reset(s);
	} else if (!strcmp(what, "replay")) {
		const char *moves = param(rq, "moves");

		if (!moves || peg_session_load_moves(s, moves, &err)) {
			peg_session_free(s);
			fail(rq, 400, moves ? err.msg : "missing 'moves'");
			return;
		}
	} else if (!strcmp(what, "hint") || !strcmp(what, "solve")) {
		extra = hint_or_solve(sv, rq, s, !strcmp(what, "solve"));
		if (!extra) {
			peg_session_free(s);
			return;
		}
	} else if (!strcmp(what, "shortest")) {
		extra = shortest_json(sv, rq, s);
	} else {
		peg_session_free(s);
		fail(rq, 404, "unknown API call");
		return;
	}
	o = state_json(sv, rq, s, hints, want_moves);
	if (extra)
		cJSON_AddItemToObject(o, what, extra);
	peg_session_free(s);
	answer(rq, 200, o);
}

/* Can the request be answered at once in the polling thread?  Calls that
 * search nothing, and boards of up to LIGHT_HOLES holes (checked from the
 * spec alone; a bad spec is an error answered at once). */
static int is_light(struct request *rq)
{
	const char *what = rq->call, *spec = param(rq, "board");
	const char *game = param(rq, "game");
	struct peg_err err;
	char buf[256];
	long long n;

	if (!strcmp(what, "boards") || !strcmp(what, "construct"))
		return 1;
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
	return n < 0 || n > MAX_SERVE_HOLES || n <= LIGHT_HOLES;
}

/* ---- the workers ---- */

static void *worker(void *arg)
{
	struct server *sv = arg;

	for (;;) {
		struct request *rq;

		pthread_mutex_lock(&sv->qlock);
		while (!sv->qhead && !stopping(sv))
			pthread_cond_wait(&sv->qcond, &sv->qlock);
		rq = sv->qhead;
		if (!rq) {
			pthread_mutex_unlock(&sv->qlock);
			return NULL;
		}
		sv->qhead = rq->qnext;
		if (!sv->qhead)
			sv->qtail = NULL;
		sv->n_queued--;
		pthread_mutex_unlock(&sv->qlock);
		api_run(sv, rq); /* answers 503 when stopping */
		rq->state = RQ_DONE;
		pthread_mutex_lock(&sv->qlock);
		MHD_resume_connection(rq->c);
		sv->n_jobs--;
		pthread_cond_broadcast(&sv->qidle);
		pthread_mutex_unlock(&sv->qlock);
	}
}

/* Queue a request for the workers and suspend its connection: 0, or -1
 * (answer made: 503) when the queue is full or the server stops. */
static int enqueue(struct server *sv, struct request *rq)
{
	pthread_mutex_lock(&sv->qlock);
	if (stopping(sv)) {
		pthread_mutex_unlock(&sv->qlock);
		fail_why(rq, 503, "stopping", "the server is stopping");
		return -1;
	}
	if (sv->n_queued >= sv->queue_max) {
		pthread_mutex_unlock(&sv->qlock);
		fail_why(rq, 503, "busy",
			 "the server is busy (every worker and queue place "
			 "is taken); try again");
		return -1;
	}
	/* suspended before any worker can resume it */
	MHD_suspend_connection(rq->c);
	rq->state = RQ_QUEUED;
	rq->qnext = NULL;
	if (sv->qtail)
		sv->qtail->qnext = rq;
	else
		sv->qhead = rq;
	sv->qtail = rq;
	sv->n_queued++;
	sv->n_jobs++;
	pthread_cond_signal(&sv->qcond);
	pthread_mutex_unlock(&sv->qlock);
	return 0;
}

/* ---- connections: phases for the reaper ---- */

static struct conn *conn_of(struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *ci =
		MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);

	return ci ? ci->socket_context : NULL;
}

static void conn_phase(struct server *sv, struct MHD_Connection *c, int phase)
{
	struct conn *k = conn_of(c);

	if (!k)
		return;
	pthread_mutex_lock(&sv->clock);
	k->phase = phase;
	k->since = now_ms();
	pthread_mutex_unlock(&sv->clock);
}

static void notify_conn(void *cls, struct MHD_Connection *c,
			void **socket_context,
			enum MHD_ConnectionNotificationCode toe)
{
	struct server *sv = cls;
	struct conn *k = *socket_context;

	if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
		const union MHD_ConnectionInfo *ci = MHD_get_connection_info(
			c, MHD_CONNECTION_INFO_CONNECTION_FD);

		k = calloc(1, sizeof(*k));
		if (!k)
			return;
		k->fd = ci ? ci->connect_fd : -1;
		k->phase = CONN_WAIT;
		k->since = now_ms();
		pthread_mutex_lock(&sv->clock);
		k->next = sv->conns;
		if (sv->conns)
			sv->conns->prev = k;
		sv->conns = k;
		pthread_mutex_unlock(&sv->clock);
		*socket_context = k;
	} else if (k) {
		/* MHD closes the socket after this: no cut can reach a
		 * reused descriptor */
		pthread_mutex_lock(&sv->clock);
		if (k->prev)
			k->prev->next = k->next;
		else
			sv->conns = k->next;
		if (k->next)
			k->next->prev = k->prev;
		pthread_mutex_unlock(&sv->clock);
		free(k);
		*socket_context = NULL;
	}
}

/* Every 250 ms: cut the connections whose request has not arrived whole
 * within --timeout seconds (headers and body trickled byte by byte keep
 * MHD's idle timeout from firing). */
static void *reaper(void *arg)
{
	struct server *sv = arg;

	while (!stopping(sv)) {
		struct timespec ts = {0, 250 * 1000 * 1000};
		double now;

		nanosleep(&ts, NULL);
		now = now_ms();
		pthread_mutex_lock(&sv->clock);
		for (struct conn *k = sv->conns; k; k = k->next)
			if (k->phase != CONN_BUSY && !k->cut && k->fd >= 0 &&
			    now - k->since > sv->timeout * 1e3) {
				shutdown(k->fd, SHUT_RDWR);
				k->cut = 1;
			}
		pthread_mutex_unlock(&sv->clock);
	}
	return NULL;
}

/* ---- browsers: Host and Origin ---- */

/* Is host ("name", "name:port", "[v6]:port") the address served? */
static int host_ok(struct server *sv, struct MHD_Connection *c,
		   const char *host)
{
	char name[300];
	const char *colon;
	size_t len;
	unsigned long port = 80;

	if (!host || !*host)
		return 0;
	colon = strrchr(host, ':');
	if (colon && !strchr(colon, ']')) {
		char *end;

		port = strtoul(colon + 1, &end, 10);
		if (*end || colon[1] < '0' || colon[1] > '9')
			return 0;
		len = (size_t)(colon - host);
	} else {
		len = strlen(host);
	}
	if (port != sv->port || len == 0 || len >= sizeof(name))
		return 0;
	memcpy(name, host, len);
	name[len] = 0;
	if (!strcasecmp(name, "127.0.0.1") || !strcasecmp(name, "localhost") ||
	    !strcasecmp(name, sv->host))
		return 1;
	if (sv->any_addr) {
		/* listening everywhere: the address the client reached */
		const union MHD_ConnectionInfo *ci = MHD_get_connection_info(
			c, MHD_CONNECTION_INFO_CONNECTION_FD);
		struct sockaddr_in a;
		socklen_t al = sizeof(a);
		char ip[INET_ADDRSTRLEN];

		if (ci && !getsockname(ci->connect_fd, (struct sockaddr *)&a,
				       &al) &&
		    a.sin_family == AF_INET &&
		    inet_ntop(AF_INET, &a.sin_addr, ip, sizeof(ip)) &&
		    !strcmp(ip, name))
			return 1;
	}
	return 0;
}

/* 0 when Host, Origin and Sec-Fetch-Site allow the request, else the
 * message of a 403. */
static const char *check_browser(struct server *sv, struct MHD_Connection *c)
{
	const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						       "Host");
	const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
							 "Origin");
	const char *site = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						       "Sec-Fetch-Site");

	if (!host_ok(sv, c, host))
		return "Host does not name this server";
	if (origin && (strncasecmp(origin, "http://", 7) ||
		       strchr(origin + 7, '/') ||
		       !host_ok(sv, c, origin + 7)))
		return "requests from other origins are refused";
	if (site && !strcasecmp(site, "cross-site"))
		return "requests from other sites are refused";
	return NULL;
}

/* Is the request's Content-Type application/json (parameters allowed)? */
static int is_json(struct MHD_Connection *c)
{
	const char *t = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						    "Content-Type");
	size_t n = strlen("application/json");

	return t && !strncasecmp(t, "application/json", n) &&
	       (t[n] == 0 || t[n] == ';' || t[n] == ' ');
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
			buf = len >= 0 && len < (1L << 24)
				      ? malloc((size_t)len + 1)
				      : NULL;
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

static int known_call(const char *what)
{
	for (int i = 0; api_calls[i]; i++)
		if (!strcmp(what, api_calls[i]))
			return 1;
	return 0;
}

static enum MHD_Result handler(void *cls, struct MHD_Connection *c,
			       const char *url, const char *method,
			       const char *version, const char *upload,
			       size_t *upload_size, void **con_cls)
{
	struct server *sv = cls;
	struct request *rq = *con_cls;
	const char *why;

	if (!rq) {
		/* the headers are in: checks that need no body */
		rq = calloc(1, sizeof(*rq));
		if (!rq)
			return MHD_NO;
		*con_cls = rq;
		rq->c = c;
		rq->t0 = now_ms();
		rq->deadline = rq->t0 + sv->request_ms;
		rq->post = !strcmp(method, "POST");
		conn_phase(sv, c, CONN_BODY);
		if (strcmp(method, "GET") && strcmp(method, "POST") &&
		    strcmp(method, "HEAD"))
			return send_error(c, 405, "method not allowed");
		if ((why = check_browser(sv, c)))
			return send_error(c, 403, why);
		if (MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						"Content-Type") &&
		    !is_json(c))
			return send_error(c, 415,
					  "a request body must be "
					  "application/json");
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
	if (rq->state == RQ_DONE)
		return send_answer(c, rq);
	if (rq->state == RQ_QUEUED)
		return MHD_YES; /* not expected: still with a worker */
	conn_phase(sv, c, CONN_BUSY);
	if (rq->too_big)
		return send_error(c, 413, "request body too large");
	if (rq->len && !is_json(c))
		return send_error(c, 415, "a request body must be "
					  "application/json");
	if (strncmp(url, "/api/", 5)) {
		if (rq->post)
			return send_error(c, 405, "method not allowed");
		return serve_file(sv, c, url);
	}
	if (!known_call(url + 5))
		return send_error(c, 404, "unknown API call");
	snprintf(rq->call, sizeof(rq->call), "%s", url + 5);
	if (collect_args(rq))
		return send_error(c, 400, "request body is not a JSON object");
	if (is_light(rq)) {
		api_run(sv, rq);
		return send_answer(c, rq);
	}
	if (enqueue(sv, rq))
		return send_answer(c, rq);
	return MHD_YES;
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls,
		      enum MHD_RequestTerminationCode toe)
{
	struct server *sv = cls;
	struct request *rq = *con_cls;

	conn_phase(sv, c, CONN_WAIT);
	if (rq) {
		free(rq->body);
		free(rq->out);
		cJSON_Delete(rq->args);
		free(rq);
		*con_cls = NULL;
	}
}

/* ---- main ---- */

static void *watchdog(void *arg)
{
	struct timespec ts = {1, 800 * 1000 * 1000};

	(void)arg;
	nanosleep(&ts, NULL);
	_exit(EXIT_YES); /* a search that ignores the stop flag */
}

/* Stop: refuse new work, let the workers answer what is queued (503) and
 * finish what runs (the engines see sv->stopping), then stop the daemon;
 * all within 2 s, or the watchdog ends the process. */
static void stop_server(struct server *sv, struct MHD_Daemon *d)
{
	pthread_t wd;
	struct timespec t;

	pthread_create(&wd, NULL, watchdog, NULL);
	pthread_mutex_lock(&sv->qlock);
	__atomic_store_n(&sv->stopping, 1, __ATOMIC_SEQ_CST);
	pthread_cond_broadcast(&sv->qcond);
	clock_gettime(CLOCK_REALTIME, &t);
	t.tv_sec += 1;
	while (sv->n_jobs > 0)
		if (pthread_cond_timedwait(&sv->qidle, &sv->qlock, &t))
			break;
	if (sv->n_jobs > 0) {
		pthread_mutex_unlock(&sv->qlock);
		_exit(EXIT_YES); /* suspended connections: no clean stop */
	}
	pthread_mutex_unlock(&sv->qlock);
	MHD_stop_daemon(d);
	for (int i = 0; i < sv->workers; i++)
		pthread_join(sv->wthreads[i], NULL);
}

static void free_server(struct server *sv)
{
	pthread_mutex_lock(&sv->lock);
	for (int i = 0; i < sv->n_orc; i++)
		oracle_free_entry(sv->orc[i]);
	for (int i = 0; i < sv->n_ws; i++)
		if (sv->ws[i]->state != WS_COMPUTING) /* its thread uses it */
			ws_free_entry(sv->ws[i]);
	for (int i = 0; i < sv->n_opt; i++) {
		free(sv->opt[i].key);
		free(sv->opt[i].solution);
	}
	pthread_mutex_unlock(&sv->lock);
	free(sv->wthreads);
}

int cmd_serve(int argc, char **argv)
{
	int port = 8080, np, r, workers = 2, queue = 16, max_conn = 512;
	int per_ip = -1, timeout = 10, request_ms = 10000;
	const char *host = "127.0.0.1", *budget = NULL, *root = NULL;
	const char *sets = "auto", *cache = NULL, *memory = NULL;
	char cache_buf[1024];
	const char *pos[1];
	struct cli_opt opts[] = {{"--port", CLI_INT, &port},
				 {"--host", CLI_STRING, &host},
				 {"--budget", CLI_STRING, &budget},
				 {"--root", CLI_STRING, &root},
				 {"--sets", CLI_STRING, &sets},
				 {"--cache", CLI_STRING, &cache},
				 {"--memory-mb", CLI_STRING, &memory},
				 {"--request-ms", CLI_INT, &request_ms},
				 {"--workers", CLI_INT, &workers},
				 {"--queue", CLI_INT, &queue},
				 {"--max-connections", CLI_INT, &max_conn},
				 {"--per-ip", CLI_INT, &per_ip},
				 {"--timeout", CLI_INT, &timeout}};
	static struct server sv;
	struct sockaddr_in addr;
	struct MHD_Daemon *d;
	const union MHD_DaemonInfo *info;
	struct rlimit rl;
	pthread_t reap;
	sigset_t set;
	int sig;
	uint64_t u;

	r = cli_parse(argc, argv, opts, (int)(sizeof(opts) / sizeof(opts[0])),
		      pos, 0, &np, usage);
	if (r)
		return r > 0 ? EXIT_YES : EXIT_USAGE;
	if (cli_int_range("--port", port, 0, 65535) ||
	    cli_int_range("--request-ms", request_ms, 100, 3600000) ||
	    cli_int_range("--workers", workers, 1, 64) ||
	    cli_int_range("--queue", queue, 0, 100000) ||
	    cli_int_range("--max-connections", max_conn, 4, 100000) ||
	    (per_ip >= 0 && cli_int_range("--per-ip", per_ip, 1, 100000)) ||
	    cli_int_range("--timeout", timeout, 1, 3600))
		return EXIT_USAGE;
	memset(&sv, 0, sizeof(sv));
	sv.budget = 300000;
	if (budget) {
		if (cli_parse_u64("--budget", budget, 1, 1000000000000ull, &u))
			return EXIT_USAGE;
		sv.budget = (long)u;
	}
	sv.memory = (size_t)PLAYKIT_MEMORY_MB << 20;
	if (memory && cli_parse_mb("--memory-mb", memory, 1 << 24, &sv.memory))
		return EXIT_USAGE;
	sv.root = root;
	sv.sets_mode = playkit_sets_parse(sets);
	if (sv.sets_mode < 0) {
		cli_error("bad --sets '%s' (off, auto or all)", cli_q(sets));
		return EXIT_USAGE;
	}
	sv.cache_dir = playkit_cache_dir(cache, cache_buf, sizeof(cache_buf));
	sv.request_ms = request_ms;
	sv.workers = workers;
	sv.queue_max = queue;
	sv.timeout = (unsigned)timeout;
	/* an oracle's table may take an eighth of the budget */
	sv.oracle_entries = ORACLE_ENTRIES;
	while (sv.oracle_entries > 4096 &&
	       sv.oracle_entries * 16 > sv.memory / 8)
		sv.oracle_entries /= 2;
	/* connections need descriptors */
	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur != RLIM_INFINITY &&
	    (rlim_t)max_conn + 64 > rl.rlim_cur) {
		max_conn = rl.rlim_cur > 96 ? (int)rl.rlim_cur - 64 : 32;
		cli_note("--max-connections lowered to %d (open file limit "
			 "%llu)",
			 max_conn, (unsigned long long)rl.rlim_cur);
	}
	memset(&addr, 0, sizeof(addr));
	addr.sin_family = AF_INET;
	addr.sin_port = htons((uint16_t)port);
	if (!strcmp(host, "localhost"))
		host = "127.0.0.1";
	if (strlen(host) >= sizeof(sv.host) ||
	    inet_pton(AF_INET, host, &addr.sin_addr) != 1) {
		cli_error("bad host address '%s' (an IPv4 address)",
			  cli_q(host));
		return EXIT_USAGE;
	}
	snprintf(sv.host, sizeof(sv.host), "%s", host);
	sv.any_addr = addr.sin_addr.s_addr == htonl(INADDR_ANY);
	/* on loopback every client is one address: a per-address limit
	 * would only make locking the others out easier */
	if (per_ip < 0)
		per_ip = (ntohl(addr.sin_addr.s_addr) >> 24) == 127 ? max_conn
								     : 64;
	pthread_mutex_init(&sv.lock, NULL);
	pthread_mutex_init(&sv.qlock, NULL);
	pthread_mutex_init(&sv.clock, NULL);
	pthread_cond_init(&sv.qcond, NULL);
	pthread_cond_init(&sv.qidle, NULL);
	/* every thread inherits this mask; main waits for a signal */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	sv.wthreads = calloc((size_t)workers, sizeof(*sv.wthreads));
	if (!sv.wthreads) {
		cli_error("out of memory");
		return EXIT_RESOURCES;
	}
	for (int i = 0; i < workers; i++)
		if (pthread_create(&sv.wthreads[i], NULL, worker, &sv)) {
			cli_error("cannot start the worker threads");
			return EXIT_RESOURCES;
		}
	d = MHD_start_daemon(
		MHD_USE_AUTO_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME,
		(uint16_t)port, NULL, NULL, handler, &sv,
		MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
		MHD_OPTION_THREAD_POOL_SIZE, (unsigned)MHD_THREADS,
		MHD_OPTION_NOTIFY_COMPLETED, completed, &sv,
		MHD_OPTION_NOTIFY_CONNECTION, notify_conn, &sv,
		MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)timeout,
		MHD_OPTION_CONNECTION_LIMIT, (unsigned)max_conn,
		MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)per_ip,
		MHD_OPTION_END);
	if (!d) {
		cli_error("cannot listen on %s:%d: %s", host, port,
			  strerror(errno));
		return EXIT_RESOURCES;
	}
	info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
	sv.port = info ? info->port : (unsigned)port;
	if (pthread_create(&reap, NULL, reaper, &sv)) {
		cli_error("cannot start the reaper thread");
		return EXIT_RESOURCES;
	}
	printf("pegsol serve: listening on http://%s:%u/\n", host, sv.port);
	fflush(stdout);
	sigwait(&set, &sig);
	stop_server(&sv, d);
	pthread_join(reap, NULL);
	free_server(&sv);
	return EXIT_YES;
}
