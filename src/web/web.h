/* web.h - the web game's HTTP face (pegsol-web): server.c runs
 * libmicrohttpd (polling threads, connection limits, the reaper, the
 * worker queue, Host/Origin checks, the embedded page), api.c answers the
 * JSON API over the game service (play.h; api.h, shared with the
 * WebAssembly module).  cmd_serve.c parses the options and calls
 * web_serve. */
#ifndef PEGSOL_WEB_H
#define PEGSOL_WEB_H

#include "api.h"

#include <microhttpd.h>
#include <pthread.h>
#include <stddef.h>

/* Serve until SIGINT or SIGTERM; the exit code (errors printed). */
int web_serve(const struct web_config *cfg);

/* ---- server.c's own ---- */

/* A connection, for the reaper: the phase it is in and since when. */
enum { CONN_WAIT, CONN_BODY, CONN_BUSY };

struct conn {
	struct conn *prev, *next;
	int fd;
	int phase;
	double since;
	int cut;
};

struct server {
	const struct web_config *cfg;
	struct peg_play_ctx *play; /* the game service's shared caches */
	struct web_api api;     /* cfg, play and &stopping for api.c */
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

int web_stopping(struct server *sv);

#endif
