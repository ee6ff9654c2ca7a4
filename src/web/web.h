/* web.h - the web game's HTTP face (pegsol-web): server.c runs
 * libmicrohttpd (polling threads, connection limits, the reaper, the
 * worker queue, Host/Origin checks, the embedded page), api.c answers the
 * JSON API over the game service (play.h).  cmd_serve.c parses the
 * options and calls web_serve. */
#ifndef PEGSOL_WEB_H
#define PEGSOL_WEB_H

#include "pegsol/play.h"

#include <cjson/cJSON.h>
#include <microhttpd.h>
#include <pthread.h>
#include <stddef.h>

/* What cmd_serve.c reads from the command line. */
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

/* Serve until SIGINT or SIGTERM; the exit code (errors printed). */
int web_serve(const struct web_config *cfg);

/* ---- shared by server.c and api.c ---- */

#define WEB_LIGHT_HOLES 21 /* boards answered in the polling thread */

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
	const struct web_config *cfg;
	struct peg_play_ctx *play; /* the game service's shared caches */
	unsigned port;
	char host[64];          /* the --host address */
	int any_addr;           /* listening on 0.0.0.0 */
	volatile int stopping;  /* set once by stop_server (atomic access) */
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
};

double web_now_ms(void);
int web_stopping(struct server *sv);

/* The game service's options for the server (api.c). */
void web_play_opts(const struct web_config *cfg, struct peg_play_opts *o);

/* Is the path an API call api_run knows? */
int web_known_call(const char *what);

/* The arguments of a request: the query string, then the body's keys
 * (strings).  -1 when the body is not a JSON object. */
int web_collect_args(struct request *rq);

/* Can the request be answered at once in the polling thread? */
int web_is_light(struct request *rq);

/* Answer an API request: fills rq->status and rq->out. */
void web_api_run(struct server *sv, struct request *rq);

/* {"error": msg, "status": status[, "reason": reason]} as rq's answer. */
void web_fail_why(struct request *rq, unsigned status, const char *reason,
		  const char *msg);

#endif
