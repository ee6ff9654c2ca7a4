/* api.h - the web game's JSON API (api.c) without the HTTP server: what
 * both faces share, the server (server.c, libmicrohttpd and threads) and
 * the WebAssembly module (src/wasm/pegsol_wasm.c, one call at a time).
 * Nothing here needs libmicrohttpd or pthreads. */
#ifndef PEGSOL_WEB_API_H
#define PEGSOL_WEB_API_H

#include "pegsol/play.h"

#include <cjson/cJSON.h>
#include <stddef.h>

/* What cmd_serve.c reads from the command line (the WebAssembly module
 * fills its own). */
struct web_config {
	long budget;         /* oracle nodes per request */
	size_t memory;       /* the ledger */
	int sets_mode;       /* enum peg_play_sets */
	const char *cache_dir;
	const char *root;    /* serve the page from here (NULL: built in) */
	double request_ms;
	int workers, queue_max, max_conn, per_ip;
	unsigned timeout;
	int port;
	const char *host;
};

/* What the API answers with: the options and the game service's shared
 * caches, and the stop flag the engines watch (set by the server's
 * shutdown; never set in the WebAssembly module). */
struct web_api {
	const struct web_config *cfg;
	struct peg_play_ctx *play;
	volatile int *stopping;
};

#define WEB_LIGHT_HOLES 21 /* boards answered in the polling thread */

/* Per request: the body, the arguments, and the answer when it was
 * computed by a worker.  c is the server's connection (NULL in the
 * WebAssembly module). */
enum { RQ_NEW, RQ_QUEUED, RQ_DONE };

struct MHD_Connection;

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
};

/* Milliseconds on the monotonic clock. */
double web_now_ms(void);

/* The game service's options for a face (api.c). */
void web_play_opts(const struct web_config *cfg, struct peg_play_opts *o);

/* Is the path an API call web_api_run knows? */
int web_known_call(const char *what);

/* The body's keys as arguments (strings; numbers and booleans written
 * out), after those already in rq->args (the query string's, which the
 * face adds first; rq->args is made when NULL).  -1 when the body is not
 * a JSON object. */
int web_args_body(struct request *rq);

/* Can the request be answered at once in the polling thread? */
int web_is_light(struct request *rq);

/* Answer an API request: fills rq->status and rq->out. */
void web_api_run(struct web_api *api, struct request *rq);

/* {"error": msg, "status": status[, "reason": reason]} as rq's answer. */
void web_fail_why(struct request *rq, unsigned status, const char *reason,
		  const char *msg);

#endif
